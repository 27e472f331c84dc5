"""Confinement (issue 15): what a summary or the configuration names must lie inside the
repository root after symlinks, unless the user opts in; special files are never read."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

import summcheck
from summcheck.inputs.resolution import inputs_of
from summcheck.cli import app
from summcheck.config.file import load_config
from summcheck.model import InputError
from tiny_project import RECORD, SENTENCE, SOURCE, write

SECRET = "hunter2-token-that-must-not-leak"


def summary(path: Path, source: str, claims: str = "claims.jsonl") -> Path:
    front = f"---\nsource: {json.dumps(source)}\nclaims: {json.dumps(claims)}\n---\n\n"
    return write(path, front + SENTENCE)


@pytest.fixture
def repo(tmp_path, monkeypatch) -> Path:
    """A repository (its configuration marks the root) with a passing summary, and a source
    outside it at ../outside/source.txt."""
    root = tmp_path / "repo"
    write(root / "summcheck.toml", "")
    write(root / "source.txt", SOURCE)
    write(root / "claims.jsonl", json.dumps(RECORD) + "\n")
    summary(root / "summary.md", "source.txt")
    write(tmp_path / "outside" / "source.txt", SOURCE)
    write(tmp_path / "outside" / "claims.jsonl", json.dumps(RECORD) + "\n")
    monkeypatch.chdir(root)
    monkeypatch.setenv("SUMMCHECK_TEST_SECRET", SECRET)
    return root


def run(*args: str):
    return CliRunner().invoke(app, list(args))


def assert_refused(result, *parts: str) -> None:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and "internal error" not in result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    for part in parts:
        assert part in lines[0], lines[0]
    assert SECRET not in result.output


def test_the_fixture_passes(repo):
    result = run("check", "summary.md")
    assert result.exit_code == 0, result.output


def test_front_matter_source_outside_the_root_is_refused(repo):
    summary(repo / "bad.md", "../outside/source.txt")
    result = run("check", "bad.md")
    assert_refused(result, "bad.md", "source ../outside/source.txt", "outside the repository root",
                   "--allow-outside on the command line")


def test_dot_dot_up_to_etc_passwd_is_refused(repo):
    summary(repo / "bad.md", "../" * 12 + "etc/passwd")
    result = run("check", "bad.md", "--format", "json")
    assert_refused(result, "bad.md", "outside the repository root")
    assert "root:" not in result.output


def test_a_symlink_that_points_out_is_refused(repo):
    (repo / "link.txt").symlink_to(repo.parent / "outside" / "source.txt")
    summary(repo / "bad.md", "link.txt")
    assert_refused(run("check", "bad.md"), "bad.md", "source link.txt", "outside")


def test_a_symlinked_folder_that_points_out_is_refused(repo):
    (repo / "docs").symlink_to(repo.parent / "outside")
    summary(repo / "bad.md", "docs/source.txt")
    assert_refused(run("check", "bad.md"), "bad.md", "outside")


def test_claims_named_by_the_front_matter_are_confined_too(repo):
    summary(repo / "bad.md", "source.txt", "../outside/claims.jsonl")
    assert_refused(run("check", "bad.md"), "bad.md", "claims file ../outside/claims.jsonl",
                   "outside")


def test_the_claims_files_own_source_is_confined(repo):
    write(repo / "mapped.json", json.dumps({"source": "../outside/source.txt",
                                            "claims": [RECORD]}))
    write(repo / "bad.md", "---\nclaims: mapped.json\n---\n\n" + SENTENCE)
    assert_refused(run("check", "bad.md"), "bad.md", "source", "outside")


def test_the_configurations_mapping_is_confined(repo):
    write(repo / "summcheck.toml", '[summaries."mapped/*.md"]\nsource = "../outside/source.txt"\n'
                                   'claims = "claims.jsonl"\n')
    write(repo / "mapped" / "notes.md", SENTENCE)
    assert_refused(run("check", "mapped/notes.md"), "mapped/notes.md", "outside")


def test_the_other_summaries_are_still_checked(repo):
    summary(repo / "bad.md", "../outside/source.txt")
    result = run("check", "bad.md", "summary.md", "--format", "json")
    assert result.exit_code == 2
    assert [s["path"] for s in json.loads(result.stdout)["summaries"]] == ["summary.md"]
    assert "bad.md: source ../outside/source.txt lies outside" in result.stderr


def test_the_user_can_opt_in_on_the_command_line(repo):
    summary(repo / "bad.md", "../outside/source.txt")
    result = run("check", "--allow-outside", "bad.md")
    assert result.exit_code == 0, result.output


def test_a_configuration_file_cannot_opt_in(repo):
    """The configuration file may be the pull request's own: its allow-outside is not obeyed,
    and the run says so on one line and stays confined."""
    summary(repo / "bad.md", "../outside/source.txt")
    write(repo / "summcheck.toml", "allow-outside = true\n")
    result = run("check", "bad.md")
    assert result.exit_code == 2, result.output
    warning, refused = result.stderr.splitlines()
    assert "bad.md: source ../outside/source.txt lies outside the repository root" in refused
    assert ("summcheck: warning: summcheck.toml: allow-outside = true is ignored: a configuration file in the "
            "checked tree may be a pull request's own") in warning
    assert run("check", "--allow-outside", "bad.md").exit_code == 0


def test_table_has_the_opt_in_too(repo):
    summary(repo / "bad.md", "../outside/source.txt")
    assert run("table", "bad.md").exit_code == 2
    assert run("table", "--allow-outside", "bad.md").exit_code == 0


def test_a_bad_allow_outside_value_is_a_config_error(repo):
    write(repo / "summcheck.toml", 'allow-outside = "yes"\n')
    result = run("check", "summary.md")
    assert result.exit_code == 2 and "allow-outside: must be true or false" in result.stderr


def test_paths_on_the_command_line_are_the_users_choice(repo):
    result = run("check", "summary.md", "--source", "../outside/source.txt",
                 "--claims", "../outside/claims.jsonl")
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("allow", [False, True])
def test_proc_is_never_read(repo, allow):
    summary(repo / "bad.md", "/proc/self/environ")
    result = run("check", *(["--allow-outside"] if allow else []), "bad.md", "--format", "json")
    assert_refused(result, "bad.md", "/proc/self/environ", "special file")


def test_proc_named_on_the_command_line_is_not_read_either(repo):
    assert_refused(run("check", "summary.md", "--source", "/proc/self/environ"),
                   "/proc/self/environ", "special file")
    assert_refused(run("outline", "/proc/self/environ"), "/proc/self/environ", "special file")


def test_a_symlink_into_proc_is_not_read(repo):
    (repo / "env.txt").symlink_to("/proc/self/environ")
    summary(repo / "bad.md", "env.txt")
    assert_refused(run("check", "--allow-outside", "bad.md"), "bad.md",
                   "special file under /proc")


def test_a_fifo_source_is_refused_without_blocking(repo):
    os.mkfifo(repo / "pipe.txt")
    summary(repo / "bad.md", "pipe.txt")
    assert_refused(run("check", "bad.md"), "bad.md", "source pipe.txt", "FIFO")
    assert_refused(run("locate", "pipe.txt", "line 1"), "pipe.txt", "FIFO")


@pytest.mark.parametrize("extra", [[], ["--output", "report.json", "--format", "json"]])
def test_a_nul_in_a_front_matter_path_names_the_summary(repo, extra):
    write(repo / "bad.md", '---\nsource: "source\\0.txt"\nclaims: claims.jsonl\n---\n\n'
          + SENTENCE)
    result = run("check", "bad.md", *extra)
    assert_refused(result, "bad.md", "NUL")
    assert "\0" not in result.output
    assert not (repo / "report.json").exists()


def test_the_api_is_confined(repo):
    summary(repo / "bad.md", "../outside/source.txt")
    with pytest.raises(InputError, match="outside the repository root"):
        summcheck.check(repo / "bad.md")


def test_the_pre_commit_mapping_reads_no_claims_file_outside(repo):
    summary(repo / "bad.md", "", "../outside/claims.yaml")
    write(repo.parent / "outside" / "claims.yaml", "source: source.txt\nclaims: []\n")
    found = inputs_of(Path("bad.md"), load_config(repo / "summcheck.toml"))
    assert Path(os.path.realpath(repo.parent / "outside" / "source.txt")) not in found


# ---------------------------------------------------------------- the root, one decision


def test_the_root_is_the_configurations_folder(repo):
    from summcheck.files.confine import repository_roots

    assert repository_roots(Path("summary.md"), repo / "summcheck.toml") == (
        Path(os.path.realpath(repo)),)


def test_the_root_is_also_the_git_top_level(tmp_path, monkeypatch):
    """A configuration deeper in the work tree does not cut off what the repository shares."""
    from summcheck.files.confine import Confinement, repository_roots

    top = Path(os.path.realpath(tmp_path / "top"))
    (top / ".git").mkdir(parents=True)
    write(top / "docs" / "summcheck.toml", "")
    write(top / "docs" / "s.md", "")
    monkeypatch.chdir(top / "docs")
    assert repository_roots(Path("s.md")) == (top,)
    assert repository_roots(Path("s.md"), Path("summcheck.toml")) == (top / "docs", top)
    confinement = Confinement.of(Path("s.md"))
    confinement.check(Path("../source.txt"), "source")  # inside the repository: allowed
    with pytest.raises(InputError, match="outside the repository root"):
        confinement.check(Path("../../source.txt"), "source")


@pytest.mark.parametrize("allow", [False, True])
def test_the_git_folder_is_never_part_of_the_repository(tmp_path, monkeypatch, allow):
    """actions/checkout keeps the job's token in .git/config: never read, whatever the
    options."""
    (tmp_path / ".git").mkdir()
    write(tmp_path / ".git" / "config", "[http]\n\textraheader = AUTHORIZATION: basic " + SECRET)
    write(tmp_path / "claims.jsonl", json.dumps(RECORD) + "\n")
    summary(tmp_path / "bad.md", ".git/config")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SUMMCHECK_TEST_SECRET", SECRET)
    assert_refused(run("check", *(["--allow-outside"] if allow else []), "bad.md"), "bad.md",
                   "source .git/config not read: it is inside a .git folder")


def test_the_root_is_else_the_current_folder(tmp_path, monkeypatch):
    from summcheck.files.confine import repository_roots

    write(tmp_path / "here" / "s.md", "")
    monkeypatch.chdir(tmp_path / "here")
    if any((d / ".git").exists() for d in Path(os.path.realpath(tmp_path)).parents):
        pytest.skip("the temporary folder lies in a git work tree")
    assert repository_roots(Path("s.md")) == (Path(os.path.realpath(tmp_path / "here")),)


def test_special_files():
    from summcheck.files.confine import special_reason

    assert special_reason(Path("/proc/self/environ")) == "a special file under /proc"
    assert special_reason(Path("/dev/null")) == "a special file under /dev"
    assert special_reason(Path("/sys/kernel")) == "a special file under /sys"
    assert special_reason(Path("no/such/file")) is None
    assert special_reason(Path("a\0b")) == "a path with a NUL character"


def test_api_opts_in_to_files_outside(tmp_path):
    """`summcheck.check(..., allow_outside=True)` is the API's `--allow-outside`."""
    import summcheck

    outside, repo = tmp_path / "elsewhere", tmp_path / "repo"
    outside.mkdir()
    repo.mkdir()
    (outside / "source.txt").write_text("Packages must install their files below /usr.\n",
                                        encoding="utf-8")
    (repo / "claims.jsonl").write_text(
        '{"claim": "Below /usr.", "locator": "line 1", "quote": "Packages must install their '
        'files below /usr.", "strength": "requires"}\n', encoding="utf-8")
    (repo / "summary.md").write_text(
        "---\nsource: ../elsewhere/source.txt\nclaims: claims.jsonl\n---\n\n"
        "Packages must install their files below /usr (line 1).\n", encoding="utf-8")
    (repo / "summcheck.toml").write_text("", encoding="utf-8")
    with pytest.raises(InputError, match="outside the repository root"):
        summcheck.check(repo / "summary.md")
    assert summcheck.check(repo / "summary.md", allow_outside=True).exit_code() == 0


def test_a_special_file_named_on_the_command_line_is_not_read(tmp_path):
    import summcheck

    (tmp_path / "summary.md").write_text("---\nsource: s.txt\n---\n\nText (line 1).\n",
                                         encoding="utf-8")
    with pytest.raises(InputError, match="special file under /proc"):
        summcheck.check(tmp_path / "summary.md", claims="/proc/self/environ", config=False)
