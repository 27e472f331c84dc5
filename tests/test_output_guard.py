"""`--output` never overwrites an input, however the input is named (issue 9, data loss).

Every way a run can name a file — the summary itself, front matter, `--source`/`--claims`/
`--structure`, the configuration's `summaries` mapping, a claims file's own `source:`, a
structure sidecar, the configuration file — is tried against every writer: `check -o`,
`table -o` and the GitHub Action's SARIF file. A refusal is exit 2 with one line that names the
output and which input it is, and leaves every file of the project byte for byte as it was.
"""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from summcheck import action as action_module
from summcheck.cli import app

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
RFC = EXAMPLES / "rfc3986"
MAPPING = ('[summaries."notes/*.md"]\nsource = "docs/rfc3986.txt"\n'
           'claims = "notes/rfc.claims.jsonl"\n')


def _body() -> str:
    """The RFC 3986 example summary without its front matter."""
    return RFC.joinpath("summary.md").read_text(encoding="utf-8").split("---\n", 2)[2]


def mapped_project(root: Path, config: str = MAPPING, config_name: str = "summcheck.toml") -> Path:
    """notes/rfc.md has no front matter: the configuration maps it to its source and claims."""
    (root / "docs").mkdir(parents=True)
    (root / "notes").mkdir()
    shutil.copy(RFC / "rfc3986.txt", root / "docs" / "rfc3986.txt")
    shutil.copy(RFC / "claims.jsonl", root / "notes" / "rfc.claims.jsonl")
    (root / "notes" / "rfc.md").write_text(_body(), encoding="utf-8")
    if config_name == "pyproject.toml":
        config = "[project]\nname = 'x'\n\n" + config.replace("[summaries.", "[tool.summcheck.summaries.")
    (root / config_name).write_text(config, encoding="utf-8")
    return root


def front_matter_project(root: Path, front: str = "source: rfc3986.txt\nclaims: claims.jsonl\n") -> Path:
    shutil.copytree(RFC, root)
    (root / "summary.md").write_text(f"---\n{front}---\n{_body()}", encoding="utf-8")
    return root


def claims_source_project(root: Path) -> Path:
    """The summary names only its claims file; the claims file names the source."""
    shutil.copytree(RFC, root)
    records = [json.loads(line) for line in (root / "claims.jsonl").read_text().splitlines() if line]
    (root / "claims.jsonl").unlink()
    (root / "refs").mkdir()
    shutil.move(root / "rfc3986.txt", root / "refs" / "rfc3986.txt")
    (root / "claims.json").write_text(json.dumps({"source": "refs/rfc3986.txt", "claims": records}),
                                      encoding="utf-8")
    (root / "summary.md").write_text(f"---\nclaims: claims.json\n---\n{_body()}", encoding="utf-8")
    return root


def snapshot(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes()
            for p in sorted(root.rglob("*")) if p.is_file()}


def invoke(root: Path, monkeypatch, *args: str):
    monkeypatch.chdir(root)
    return CliRunner().invoke(app, list(args))


def assert_refused(result, root: Path, before: dict[str, bytes], line: str) -> None:
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output, result.stderr
    assert lines[0].startswith(f"summcheck: error: {line}"), lines[0]
    assert "--output names an input file" in lines[0]
    assert result.stdout == ""
    assert snapshot(root) == before  # nothing written, nothing removed, no temporary file


def test_the_mapping_makes_a_summary_that_passes(tmp_path, monkeypatch):
    root = mapped_project(tmp_path / "p")
    result = invoke(root, monkeypatch, "check", "notes/rfc.md", "-o", "report.json", "-f", "json")
    assert result.exit_code == 0, result.output
    assert json.loads((root / "report.json").read_text())["summaries"][0]["path"] == "notes/rfc.md"


# ---------------------------------------------------------------- summcheck check -o

CHECK_CASES = [
    # (project, extra arguments, output, the start of the one line)
    ("mapped", [], "docs/rfc3986.txt",
     "docs/rfc3986.txt: refusing to write the report over the source of notes/rfc.md"),
    ("mapped", [], "notes/rfc.claims.jsonl",
     "notes/rfc.claims.jsonl: refusing to write the report over the claims file of notes/rfc.md"),
    ("mapped", [], "summcheck.toml",
     "summcheck.toml: refusing to write the report over the configuration file summcheck.toml"),
    ("mapped", [], "notes/rfc.md",
     "notes/rfc.md: refusing to write the report over the summary notes/rfc.md"),
    ("pyproject", [], "pyproject.toml",
     "pyproject.toml: refusing to write the report over the configuration file pyproject.toml"),
    ("pyproject", [], "docs/rfc3986.txt",
     "docs/rfc3986.txt: refusing to write the report over the source of notes/rfc.md"),
    ("mapped-config", ["--config", "other.toml"], "other.toml",
     "other.toml: refusing to write the report over the configuration file other.toml"),
    ("front", [], "rfc3986.txt",
     "rfc3986.txt: refusing to write the report over the source of summary.md"),
    ("front", [], "claims.jsonl",
     "claims.jsonl: refusing to write the report over the claims file of summary.md"),
    ("front", [], "./sub/../claims.jsonl",
     "sub/../claims.jsonl: refusing to write the report over the claims file of summary.md"),
    ("front", ["--source", "copy.txt"], "copy.txt",
     "copy.txt: refusing to write the report over the source of summary.md"),
    ("front", ["--claims", "copy.jsonl"], "copy.jsonl",
     "copy.jsonl: refusing to write the report over the claims file of summary.md"),
    ("claims-source", [], "refs/rfc3986.txt",
     "refs/rfc3986.txt: refusing to write the report over the source of summary.md"),
    ("sidecar-front", [], "rfc.sections.yaml",
     "rfc.sections.yaml: refusing to write the report over the structure file of summary.md"),
    ("sidecar-mapped", [], "docs/rfc.sections.yaml",
     "docs/rfc.sections.yaml: refusing to write the report over the structure file of notes/rfc.md"),
    ("front", ["--structure", "cli.sections.yaml"], "cli.sections.yaml",
     "cli.sections.yaml: refusing to write the report over the structure file of summary.md"),
]

SIDECAR = "sections:\n  - {id: '3.4', line: 1274}\n"


def make(kind: str, root: Path) -> Path:
    if kind == "mapped":
        return mapped_project(root)
    if kind == "pyproject":
        return mapped_project(root, config_name="pyproject.toml")
    if kind == "mapped-config":
        root = mapped_project(root)
        (root / "other.toml").write_text(MAPPING, encoding="utf-8")
        return root
    if kind == "claims-source":
        return claims_source_project(root)
    if kind == "sidecar-front":
        root = front_matter_project(root, "source: rfc3986.txt\nclaims: claims.jsonl\n"
                                          "structure: rfc.sections.yaml\n")
        (root / "rfc.sections.yaml").write_text(SIDECAR, encoding="utf-8")
        return root
    if kind == "sidecar-mapped":
        root = mapped_project(root, MAPPING + 'structure = "docs/rfc.sections.yaml"\n')
        (root / "docs" / "rfc.sections.yaml").write_text(SIDECAR, encoding="utf-8")
        return root
    root = front_matter_project(root)
    shutil.copy(root / "rfc3986.txt", root / "copy.txt")
    shutil.copy(root / "claims.jsonl", root / "copy.jsonl")
    (root / "cli.sections.yaml").write_text(SIDECAR, encoding="utf-8")
    (root / "sub").mkdir()
    return root


@pytest.mark.parametrize("kind, extra, output, line", CHECK_CASES,
                         ids=[f"{c[0]}:{c[2]}" for c in CHECK_CASES])
def test_check_output_never_overwrites_an_input(tmp_path, monkeypatch, kind, extra, output, line):
    root = make(kind, tmp_path / "p")
    summary = "notes/rfc.md" if (root / "notes" / "rfc.md").exists() else "summary.md"
    before = snapshot(root)
    for fmt in ("json", "sarif"):
        result = invoke(root, monkeypatch, "check", summary, *extra, "--format", fmt, "-o", output)
        assert_refused(result, root, before, line)


def test_check_output_through_a_symlink_or_a_hard_link(tmp_path, monkeypatch):
    root = mapped_project(tmp_path / "p")
    (root / "out").mkdir()
    (root / "out" / "link.txt").symlink_to(root / "docs" / "rfc3986.txt")
    os.link(root / "notes" / "rfc.claims.jsonl", root / "out" / "hard.jsonl")
    before = snapshot(root)
    result = invoke(root, monkeypatch, "check", "notes/rfc.md", "-o", "out/link.txt")
    assert_refused(result, root, before,
                   "out/link.txt: refusing to write the report over the source of notes/rfc.md")
    result = invoke(root, monkeypatch, "check", "notes/rfc.md", "-o", "out/hard.jsonl")
    assert_refused(result, root, before, "out/hard.jsonl: refusing to write the report over "
                                         "the claims file of notes/rfc.md")
    # a folder of summaries: every summary's inputs are guarded
    result = invoke(root, monkeypatch, "check", "notes", "-o", "docs/rfc3986.txt")
    assert_refused(result, root, before, "docs/rfc3986.txt: refusing to write the report over "
                                         "the source of notes/rfc.md")


def test_check_output_over_a_source_named_on_the_command_line(tmp_path, monkeypatch):
    """A source named as PATH stands for the summaries that use it: it is an input too."""
    root = mapped_project(tmp_path / "p")
    before = snapshot(root)
    result = invoke(root, monkeypatch, "check", "docs/rfc3986.txt", "-o", "docs/rfc3986.txt")
    assert_refused(result, root, before, "docs/rfc3986.txt: refusing to write the report over "
                                         "the source of notes/rfc.md")


# ---------------------------------------------------------------- summcheck table -o

TABLE_CASES = [
    ("mapped", "docs/rfc3986.txt",
     "docs/rfc3986.txt: refusing to write the table over the source of notes/rfc.md"),
    ("mapped", "notes/rfc.claims.jsonl",
     "notes/rfc.claims.jsonl: refusing to write the table over the claims file of notes/rfc.md"),
    ("mapped", "summcheck.toml",
     "summcheck.toml: refusing to write the table over the configuration file summcheck.toml"),
    ("pyproject", "pyproject.toml",
     "pyproject.toml: refusing to write the table over the configuration file pyproject.toml"),
    ("claims-source", "refs/rfc3986.txt",
     "refs/rfc3986.txt: refusing to write the table over the source of summary.md"),
    ("sidecar-mapped", "docs/rfc.sections.yaml",
     "docs/rfc.sections.yaml: refusing to write the table over the structure file of notes/rfc.md"),
    ("front", "summary.md", "summary.md: refusing to write the table over the summary summary.md"),
]


@pytest.mark.parametrize("kind, output, line", TABLE_CASES, ids=[f"{c[0]}:{c[1]}" for c in TABLE_CASES])
def test_table_output_never_overwrites_an_input(tmp_path, monkeypatch, kind, output, line):
    root = make(kind, tmp_path / "p")
    summary = "notes/rfc.md" if (root / "notes" / "rfc.md").exists() else "summary.md"
    before = snapshot(root)
    result = invoke(root, monkeypatch, "table", summary, "-o", output)
    assert_refused(result, root, before, line)
    result = invoke(root, monkeypatch, "table", summary, "-o", "index.md")
    assert result.exit_code == 0, result.output
    assert (root / "index.md").read_text(encoding="utf-8").startswith("#")


# ---------------------------------------------------------------- the action's sarif-file


def run_action(root: Path, tmp_path: Path, monkeypatch, capsys, **inputs: str):
    monkeypatch.chdir(root)  # restored after the test: the action changes folder
    env = {k: v for k, v in os.environ.items() if not k.startswith(("INPUT_", "GITHUB_"))}
    env.update({"GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": str(root),
                "GITHUB_EVENT_NAME": "push", "GITHUB_OUTPUT": str(tmp_path / "out.txt"),
                "GITHUB_STEP_SUMMARY": str(tmp_path / "summary.md")})
    defaults = {"PATHS": "", "CONFIG": "", "FAIL_ON": "", "ANNOTATIONS": "true",
                "SARIF_FILE": "summcheck.sarif", "JOB_SUMMARY": "true", "EXTRA_ARGS": ""}
    env.update({f"INPUT_{k}": v for k, v in {**defaults, **inputs}.items()})
    code = action_module.main(env)
    out = capsys.readouterr().out
    outputs = dict(line.split("=", 1) for line in (tmp_path / "out.txt").read_text().splitlines()
                   if "=" in line)
    return code, out, outputs


ACTION_CASES = [
    ("mapped", {}, "docs/rfc3986.txt", "the source of notes/rfc.md"),
    ("mapped", {}, "notes/rfc.claims.jsonl", "the claims file of notes/rfc.md"),
    ("mapped", {}, "summcheck.toml", "the configuration file summcheck.toml"),
    ("pyproject", {}, "pyproject.toml", "the configuration file pyproject.toml"),
    ("mapped-config", {"CONFIG": "other.toml"}, "other.toml", "the configuration file other.toml"),
    ("claims-source", {"PATHS": "summary.md"}, "refs/rfc3986.txt", "the source of summary.md"),
    ("sidecar-mapped", {}, "docs/rfc.sections.yaml", "the structure file of notes/rfc.md"),
    ("front", {"EXTRA_ARGS": "--source copy.txt"}, "copy.txt", "the source of summary.md"),
]


@pytest.mark.parametrize("kind, inputs, sarif, what", ACTION_CASES,
                         ids=[f"{c[0]}:{c[2]}" for c in ACTION_CASES])
def test_action_sarif_file_never_overwrites_an_input(tmp_path, monkeypatch, capsys, kind, inputs,
                                                     sarif, what):
    root = make(kind, tmp_path / "p")
    if "PATHS" not in inputs and kind == "front":
        inputs = {**inputs, "PATHS": "summary.md"}
    before = snapshot(root)
    code, out, outputs = run_action(root, tmp_path, monkeypatch, capsys, SARIF_FILE=sarif, **inputs)
    assert code == 2, out
    errors = [line for line in out.splitlines() if line.startswith("::error")]
    assert errors == [f"::error::summcheck: {sarif}: refusing to write the SARIF report over "
                      f"{what} (--output names an input file; set the sarif-file input to "
                      f"another file)"], out
    assert outputs["exit-code"] == "2" and outputs["sarif-file"] == ""
    assert snapshot(root) == before


def test_action_writes_sarif_elsewhere(tmp_path, monkeypatch, capsys):
    root = mapped_project(tmp_path / "p")
    code, out, outputs = run_action(root, tmp_path, monkeypatch, capsys,
                                    SARIF_FILE="reports/summcheck.sarif")
    assert code == 0, out
    assert json.loads((root / "reports" / "summcheck.sarif").read_text())["version"] == "2.1.0"
    assert outputs["sarif-file"] == "reports/summcheck.sarif"


# ---------------------------------------------------------------- the collection itself


def test_run_inputs_lists_every_input_once_resolved(tmp_path, monkeypatch):
    from summcheck.files.output import run_inputs, same_file
    from summcheck.config.settings import build_options, discover

    root = make("sidecar-mapped", tmp_path / "p")
    monkeypatch.chdir(root)
    options = build_options(discover(None, [Path("notes/rfc.md")]))
    found = {(i.role, i.path.as_posix()) for i in run_inputs([Path("notes/rfc.md")], options)}
    assert found == {("configuration", (root / "summcheck.toml").as_posix()),
                     ("summary", "notes/rfc.md"), ("source", "docs/rfc3986.txt"),
                     ("claims", "notes/rfc.claims.jsonl"), ("structure", "docs/rfc.sections.yaml")}
    assert same_file(Path("docs/../docs/rfc3986.txt"), root / "docs" / "rfc3986.txt")
    assert not same_file(Path("docs/other.txt"), Path("docs/rfc3986.txt"))
