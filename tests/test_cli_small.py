"""Small command-line promises (issue 9): colour as FORCE_COLOR and NO_COLOR say, one line for
a bad option, a useful message for `[tool.summcheck]` in summcheck.toml, paths relative to
the current folder from a subfolder, and `locate` with the object locator forms."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from summcheck.cli import app

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
RFC = EXAMPLES / "rfc3986"
ANSI = "\x1b["


def break_one_record(claims: Path) -> None:
    """Make one record of the rfc3986 example misquote its source (a SUM201 finding)."""
    claims.write_text(claims.read_text(encoding="utf-8").replace(
        "may represent data within the query", "must represent data within the query", 1),
        encoding="utf-8")


@pytest.fixture
def rfc(tmp_path, monkeypatch) -> Path:
    """The rfc3986 example with one record broken, so that the text report has a finding."""
    root = tmp_path / "rfc"
    shutil.copytree(RFC, root)
    claims = root / "claims.jsonl"
    break_one_record(claims)
    monkeypatch.chdir(root)
    for name in ("FORCE_COLOR", "NO_COLOR", "TTY_COMPATIBLE", "TERM"):
        monkeypatch.delenv(name, raising=False)
    return root


def run(*args: str):
    return CliRunner().invoke(app, list(args))


# ---------------------------------------------------------------- colour


@pytest.mark.parametrize("env, flags, coloured", [
    ({}, [], False),                                    # not a terminal
    ({"FORCE_COLOR": "1"}, [], True),                   # FORCE_COLOR is honoured
    ({"FORCE_COLOR": "1", "NO_COLOR": ""}, [], True),   # an empty NO_COLOR is no request
    ({"FORCE_COLOR": "1", "NO_COLOR": "1"}, [], False),  # a non-empty one is
    ({"FORCE_COLOR": "1"}, ["--no-color"], False),      # the flags win over both
    ({"NO_COLOR": "1"}, ["--color"], True),
    ({}, ["--color"], True),
])
def test_colour_follows_force_color_no_color_and_the_flags(rfc, monkeypatch, env, flags, coloured):
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    result = run("check", "summary.md", *flags)
    assert result.exit_code == 1, result.output
    assert (ANSI in result.stdout) is coloured, result.stdout
    assert "SUM201" in result.stdout


def test_a_report_file_is_not_coloured_by_force_color(rfc, monkeypatch):
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert run("check", "summary.md", "-o", "report.txt").exit_code == 1
    assert ANSI not in (rfc / "report.txt").read_text(encoding="utf-8")


# ---------------------------------------------------------------- a bad option: one line


@pytest.mark.parametrize("args, needle", [
    (["check", "summary.md", "--format", "xml"],
     "Invalid value for '--format' / '-f': 'xml' is not one of"),
    (["check", "summary.md", "--fail-on", "bogus"], "Invalid value for '--fail-on'"),
    (["check", "summary.md", "--page-numbers", "printed"], "Invalid value for '--page-numbers'"),
    (["check", "summary.md", "--no-such-option"], "No such option: --no-such-option"),
    (["check", "summary.md", "--fail-on"], "Option '--fail-on' requires an argument"),
    (["locate", "rfc3986.txt"], "Missing argument"),
    (["no-such-command"], "No such command 'no-such-command'"),
])
def test_a_bad_option_is_one_line_and_exit_2(rfc, args, needle):
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("summcheck: error: ") and needle in lines[0], lines[0]
    assert "Usage:" not in result.stderr and "Traceback" not in result.stderr


def test_help_and_version_still_work(rfc):
    result = run("check", "--help")
    assert result.exit_code == 0 and "--fail-on" in result.stdout
    assert run("--version").exit_code == 0


# ---------------------------------------------------------------- [tool.summcheck] in summcheck.toml


def test_a_tool_table_in_summcheck_toml_says_what_to_change(rfc):
    (rfc / "summcheck.toml").write_text('[tool.summcheck]\nfail-on = "warning"\n', encoding="utf-8")
    result = run("check", "summary.md")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"summcheck: error: {rfc / 'summcheck.toml'}: the [tool.summcheck] table belongs in "
        f"pyproject.toml; in summcheck.toml write the keys at the top level (drop the "
        f"[tool.summcheck] header, and write [tool.summcheck.X] as [X])"]
    assert "unknown key" not in result.stderr
    (rfc / "summcheck.toml").write_text('fail-on = "warning"\n', encoding="utf-8")
    assert run("check", "summary.md").exit_code == 1


def test_a_tool_table_in_a_config_named_by_config_says_the_same(rfc):
    (rfc / "ci.toml").write_text('[tool.summcheck.severity]\nSUM201 = "warning"\n', encoding="utf-8")
    result = run("check", "summary.md", "--config", "ci.toml")
    assert result.exit_code == 2
    assert "ci.toml: the [tool.summcheck] table belongs in pyproject.toml; in ci.toml write " \
           "the keys at the top level" in result.stderr


# ---------------------------------------------------------------- paths from a subfolder


@pytest.fixture
def mapped(tmp_path, monkeypatch) -> Path:
    """A project whose configuration, at its top, maps notes/*.md to docs/ and notes/ files."""
    root = tmp_path / "project"
    (root / "docs").mkdir(parents=True)
    (root / "notes").mkdir()
    shutil.copy(RFC / "rfc3986.txt", root / "docs" / "rfc3986.txt")
    shutil.copy(RFC / "claims.jsonl", root / "notes" / "rfc.claims.jsonl")
    body = (RFC / "summary.md").read_text(encoding="utf-8").split("---\n", 2)[2]
    (root / "notes" / "rfc.md").write_text(body, encoding="utf-8")
    (root / "summcheck.toml").write_text(
        '[summaries."notes/*.md"]\nsource = "docs/rfc3986.txt"\nclaims = "notes/rfc.claims.jsonl"\n',
        encoding="utf-8")
    return root


def test_from_a_subfolder_paths_are_relative(mapped, monkeypatch):
    notes = mapped / "notes"
    claims = notes / "rfc.claims.jsonl"
    break_one_record(claims)
    monkeypatch.chdir(notes)
    for fmt in ("json", "text", "github", "markdown"):
        result = run("check", "rfc.md", "--format", fmt)
        assert result.exit_code == 1, result.output
        assert str(notes) not in result.stdout, (fmt, result.stdout)
    report = json.loads(run("check", "rfc.md", "--format", "json").stdout)
    assert {f["path"] for f in report["findings"]} == {"rfc.claims.jsonl", "rfc.md"}
    assert report["summaries"][0]["claims"] == "rfc.claims.jsonl"
    # A file beside the folder is named from it, as ruff names it.
    assert report["summaries"][0]["source"] == "../docs/rfc3986.txt"


def test_from_a_subfolder_an_error_names_the_file_relative(mapped, monkeypatch):
    (mapped / "notes" / "rfc.claims.jsonl").unlink()
    monkeypatch.chdir(mapped / "notes")
    result = run("check", "rfc.md")
    assert result.exit_code == 2
    assert result.stderr == "summcheck: error: rfc.claims.jsonl: no such file\n"


def test_a_path_through_a_symlinked_folder_is_reported_relative(mapped, tmp_path, monkeypatch):
    link = tmp_path / "link"
    link.symlink_to(mapped, target_is_directory=True)
    monkeypatch.chdir(mapped / "notes")  # the real folder, as the operating system reports it
    result = run("check", str(link / "notes" / "rfc.md"), "--format", "json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["summaries"][0]["path"] == "rfc.md"
    assert report["summaries"][0]["claims"] == "rfc.claims.jsonl"


# ---------------------------------------------------------------- locate with a locator object


@pytest.mark.parametrize("obj, text", [
    ({"page": 2}, "== p. 2 ("),
    ({"section": "3.4"}, "3.4.  Query"),
    ({"lines": [120, 122]}, "7.  Security Considerations"),
    ({"line": 1274}, "3.4.  Query"),
])
def test_locate_takes_the_object_locator_forms(rfc, obj, text):
    result = run("locate", "rfc3986.txt", json.dumps(obj))
    assert result.exit_code == 0, result.output
    assert text in result.stdout


def test_locate_takes_character_offsets_and_prints_them_back(rfc):
    shown = run("locate", "rfc3986.txt", "section 3.4")
    start, end = shown.stdout.split("(characters ", 1)[1].split(",", 1)[0].split("–")
    result = run("locate", "rfc3986.txt", json.dumps({"start_char": int(start), "end_char": int(end)}))
    assert result.exit_code == 0, result.output
    assert result.stdout.split("\n", 1)[1] == shown.stdout.split("\n", 1)[1]


@pytest.mark.parametrize("obj, needle", [
    ('{"page": 17', "not a JSON object"),
    ('{"chapter": 2}', "unknown locator key 'chapter'"),
    ('{"start_char": 9}', "needs both 'start_char' and 'end_char'"),
    ('{"page": 9999}', "p. 9999"),
])
def test_locate_rejects_a_bad_object_in_one_line(rfc, obj, needle):
    result = run("locate", "rfc3986.txt", obj)
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and needle in lines[0], result.stderr


# ---------------------------------------------------------------- --exclude reaches the walk


def test_exclude_on_the_command_line_reaches_the_walk(tmp_path, monkeypatch):
    for name in ("a", "drafts"):
        shutil.copytree(RFC, tmp_path / name)
    monkeypatch.chdir(tmp_path)
    result = run("check", ".", "--format", "json", "--exclude", "drafts/")
    assert result.exit_code == 0, result.output
    assert [s["path"] for s in json.loads(result.stdout)["summaries"]] == ["a/summary.md"]
