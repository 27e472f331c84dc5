"""The command line as a user and a CI job meet it: exit codes, one-line errors, formats."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pymupdf
import pytest
from conftest import run_summcheck
from tiny_project import RECORD, SENTENCE, SOURCE, write

from summcheck import __version__

# Real text: GPL-3 sections 4 and 5 as the FSF's plain-text licence lays them out.
GPL_EXCERPT = """\
  4. Conveying Verbatim Copies.

  You may convey verbatim copies of the Program's source code as you
receive it, in any medium, provided that you conspicuously and
appropriately publish on each copy an appropriate copyright notice;
keep intact all notices stating that this License and any
non-permissive terms added in accord with section 7 apply to the code;
keep intact all notices of the absence of any warranty; and give all
recipients a copy of this License along with the Program.

  5. Conveying Modified Source Versions.

  You may convey a work based on the Program, or the modifications to
produce it from the Program, in the form of source code under the
terms of section 4, provided that you also meet all of these conditions:

    a) The work must carry prominent notices stating that you modified
    it, and giving a relevant date.
"""

CLEAN_CLAIMS = [
    {"claim": "Verbatim copies need a copyright notice.", "locator": "section 4",
     "quote": "provided that you conspicuously and appropriately publish on each copy an "
              "appropriate copyright notice", "strength": "states"},
    {"claim": "Modified versions carry dated notices.", "locator": "section 5",
     "quote": "The work must carry prominent notices stating that you modified it, and giving a "
              "relevant date.", "strength": "requires"},
]


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return run_summcheck(*args, cwd=cwd)


def write_case(tmp: Path, claims: list[dict] | None = None, summary_body: str | None = None,
               source_name: str = "GPL-3.txt", claims_name: str = "claims.jsonl") -> Path:
    if not (tmp / source_name).exists():
        (tmp / source_name).write_text(GPL_EXCERPT, encoding="utf-8")
    if claims is not None:
        (tmp / claims_name).write_text(
            "".join(json.dumps(c) + "\n" for c in claims), encoding="utf-8")
    body = summary_body or (
        "Each verbatim copy carries an appropriate copyright notice (section 4).\n"
        "A modified version must carry prominent, dated notices (section 5).\n")
    summary = tmp / "summary.md"
    summary.write_text(f"---\nsource: {source_name}\nclaims: {claims_name}\n---\n\n# Notes\n\n{body}",
                       encoding="utf-8")
    return summary


def assert_exit_2(result: subprocess.CompletedProcess, *needles: str) -> None:
    assert result.returncode == 2, result
    assert "Traceback" not in result.stderr + result.stdout
    lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, result.stderr
    for needle in needles:
        assert needle in lines[0]


def test_clean_summary_exits_0(tmp_path):
    write_case(tmp_path, CLEAN_CLAIMS)
    result = run("check", "summary.md", "--format", "json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["findings"] == []
    assert report["counts"] == {"error": 0, "warning": 0, "info": 0}
    assert report["summaries"][0]["verified"] == 2


def test_findings_exit_1_and_fail_on_never_exits_0(tmp_path):
    claims = CLEAN_CLAIMS + [{"claim": "x", "locator": "section 5",
                              "quote": "you must pay a fee for every copy you convey",
                              "strength": "requires"}]
    write_case(tmp_path, claims)
    result = run("check", "summary.md", "--format", "json", cwd=tmp_path)
    assert result.returncode == 1
    findings = json.loads(result.stdout)["findings"]
    assert [(f["rule"], f["name"], f["path"], f["line"]) for f in findings] == [
        ("SUM201", "quote-not-found", "claims.jsonl", 3)]
    assert run("check", "summary.md", "--fail-on", "never", cwd=tmp_path).returncode == 0


def test_fail_on_warning_counts_warnings(tmp_path):
    claims = CLEAN_CLAIMS + [{"claim": "x", "locator": "section 4", "quote": "the Program",
                              "strength": "states"}]
    write_case(tmp_path, claims)
    assert run("check", "summary.md", cwd=tmp_path).returncode == 0
    assert run("check", "summary.md", "--fail-on", "warning", cwd=tmp_path).returncode == 1


def test_select_and_ignore_by_code_name_and_prefix(tmp_path):
    write_case(tmp_path, CLEAN_CLAIMS, summary_body="A sentence without a locator.\n")
    assert run("check", "summary.md", cwd=tmp_path).returncode == 1
    for flag in (["--ignore", "SUM101"], ["--ignore", "missing-locator"], ["--ignore", "SUM1"],
                 ["--select", "SUM2,SUM105"]):
        assert run("check", "summary.md", *flag, cwd=tmp_path).returncode == 0, flag
    assert_exit_2(run("check", "summary.md", "--select", "SUM999", cwd=tmp_path), "SUM999")


def test_grouped_format_groups_by_file_without_colour(tmp_path):
    write_case(tmp_path, CLEAN_CLAIMS, summary_body="A sentence without a locator.\n")
    result = run("check", "summary.md", "--format", "grouped", "--select", "SUM1", cwd=tmp_path)
    assert result.returncode == 1
    assert "\x1b[" not in result.stdout
    lines = result.stdout.splitlines()
    assert lines[0] == "summary.md"
    assert "SUM101" in lines[1] and "error" in lines[1] and "[missing-locator]" in lines[1]
    assert "1 finding: 1 error" in result.stdout


def test_output_is_byte_for_byte_deterministic(tmp_path):
    claims = CLEAN_CLAIMS + [{"claim": "x", "locator": "section 4", "quote": "the Program",
                              "strength": "states"}]
    write_case(tmp_path, claims, summary_body="No locator here.\nAnother one (section 9).\n")
    first = run("check", "summary.md", "--format", "json", cwd=tmp_path).stdout
    second = run("check", "summary.md", "--format", "json", cwd=tmp_path).stdout
    assert first == second and json.loads(first)["findings"]


def test_output_file_is_written_whole_and_never_over_an_input(tmp_path):
    write_case(tmp_path, CLEAN_CLAIMS)
    result = run("check", "summary.md", "--format", "json", "--output", "report.json", cwd=tmp_path)
    assert result.returncode == 0 and result.stdout == ""
    assert json.loads((tmp_path / "report.json").read_text())["findings"] == []
    before = (tmp_path / "claims.jsonl").read_bytes()
    assert_exit_2(run("check", "summary.md", "--output", "claims.jsonl", cwd=tmp_path), "input")
    assert (tmp_path / "claims.jsonl").read_bytes() == before


# ------------------------------------------------------------------ exit 2: the check cannot run


def test_missing_summary(tmp_path):
    assert_exit_2(run("check", "nope.md", cwd=tmp_path), "nope.md")


def test_missing_source_and_claims(tmp_path):
    summary = write_case(tmp_path, CLEAN_CLAIMS)
    (tmp_path / "GPL-3.txt").unlink()
    assert_exit_2(run("check", summary.name, cwd=tmp_path), "GPL-3.txt")
    write_case(tmp_path, None, claims_name="missing.jsonl")
    assert_exit_2(run("check", summary.name, cwd=tmp_path), "missing.jsonl")


def test_source_that_is_a_directory(tmp_path):
    (tmp_path / "GPL-3.txt").mkdir()
    write_case(tmp_path, CLEAN_CLAIMS)
    assert_exit_2(run("check", "summary.md", cwd=tmp_path), "GPL-3.txt")


def test_unparseable_yaml_and_json_claims(tmp_path):
    (tmp_path / "claims.yaml").write_text('claims:\n  - claim: "never closed\n    locator: p. 1\n')
    write_case(tmp_path, None, claims_name="claims.yaml")
    assert_exit_2(run("check", "summary.md", cwd=tmp_path), "claims.yaml")
    (tmp_path / "claims.json").write_text('[{"claim": "x",')
    write_case(tmp_path, None, claims_name="claims.json")
    assert_exit_2(run("check", "summary.md", cwd=tmp_path), "claims.json")


def test_invalid_front_matter(tmp_path):
    write_case(tmp_path, CLEAN_CLAIMS)
    (tmp_path / "summary.md").write_text("---\nsource: [unclosed\n---\nText (section 4).\n")
    assert_exit_2(run("check", "summary.md", cwd=tmp_path), "summary.md")
    (tmp_path / "summary.md").write_text(
        "---\nsource: GPL-3.txt\nclaims: claims.jsonl\npage-numbers: printed\n---\nText (section 4).\n")
    assert_exit_2(run("check", "summary.md", cwd=tmp_path), "page-numbers")


def make_pdf(path: Path, pages: list[str], **save_options) -> None:
    doc = pymupdf.open()
    for text in pages:
        page = doc.new_page()
        page.insert_text((72, 72), text, fontsize=11)
    doc.save(path, **save_options)
    doc.close()


def test_encrypted_pdf(tmp_path):
    make_pdf(tmp_path / "doc.pdf", ["The contents of the root filesystem must be adequate."],
             encryption=pymupdf.PDF_ENCRYPT_AES_256, user_pw="secret", owner_pw="owner")
    write_case(tmp_path, CLEAN_CLAIMS, source_name="doc.pdf")
    assert_exit_2(run("check", "summary.md", cwd=tmp_path), "doc.pdf", "encrypted")


def test_corrupt_pdf(tmp_path):
    make_pdf(tmp_path / "good.pdf", ["The contents of the root filesystem must be adequate."])
    (tmp_path / "doc.pdf").write_bytes(b"%PDF-1.7\n" + b"\x00garbage" * 50)
    write_case(tmp_path, CLEAN_CLAIMS, source_name="doc.pdf")
    assert_exit_2(run("check", "summary.md", cwd=tmp_path), "doc.pdf")


def test_bad_option_is_exit_2(tmp_path):
    write_case(tmp_path, CLEAN_CLAIMS)
    result = run("check", "summary.md", "--format", "xml", cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr


# ------------------------------------------------------------------ the other commands


def test_version_and_explain(tmp_path):
    from summcheck.core import name

    assert run("--version", cwd=tmp_path).stdout.strip() == f"summcheck {__version__}, {name()}"
    result = run("explain", "quote-misplaced", cwd=tmp_path)
    assert result.returncode == 0
    assert result.stdout.startswith("# SUM202 quote-misplaced")
    for heading in ("## What it does", "## Why", "## Example", "## Fix", "## Options"):
        assert heading in result.stdout
    assert_exit_2(run("explain", "SUM999", cwd=tmp_path), "SUM999")


def test_every_rule_has_complete_documentation():
    from summcheck.rules import all_rules

    for rule in all_rules():
        for heading in ("## What it does", "## Why", "## Example", "## Fix", "## Options"):
            assert heading in rule.doc, (rule.code, heading)


def test_locate_prints_the_section_text(tmp_path):
    (tmp_path / "GPL-3.txt").write_text(GPL_EXCERPT, encoding="utf-8")
    result = run("locate", "GPL-3.txt", "section 5", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "5. Conveying Modified Source Versions." in result.stdout
    assert "4. Conveying Verbatim Copies." not in result.stdout
    assert_exit_2(run("locate", "GPL-3.txt", "section 9", cwd=tmp_path), "section 9")


def test_outline_lists_labels_and_sections(tmp_path):
    doc = pymupdf.open()
    for i in range(4):
        doc.new_page().insert_text((72, 72), f"Page text {i}")
    doc.set_page_labels([{"startpage": 0, "prefix": "", "style": "r", "firstpagenum": 1},
                         {"startpage": 2, "prefix": "", "style": "D", "firstpagenum": 1}])
    doc.save(tmp_path / "doc.pdf")
    result = run("outline", "doc.pdf", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "4 pages" in result.stdout
    assert "1→i, 2→ii, 3→1, 4→2" in result.stdout


@pytest.mark.integration
def test_cli_import_does_not_load_pymupdf():
    code = "import sys, summcheck.cli; print('pymupdf' in sys.modules or 'fitz' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.stdout.strip() == "False"


def test_api_returns_the_same_report_as_the_cli(tmp_path):
    import summcheck

    summary = write_case(tmp_path, CLEAN_CLAIMS, summary_body="No locator here.\n")
    report = summcheck.check(summary)
    # The requirement in claims.jsonl line 2 is cited by no sentence: SUM304, as information.
    assert [(f.rule, f.line) for f in report.findings] == [("SUM304", 2), ("SUM101", 8)]
    assert report.exit_code() == 1
    with pytest.raises(summcheck.api.InputError):
        summcheck.check(tmp_path / "nope.md")


def test_json_report_validates_against_the_packaged_report_schema(tmp_path):
    from importlib.resources import files

    from jsonschema import Draft202012Validator

    schema = json.loads((files("summcheck") / "schemas" / "report.schema.json").read_text())
    claims = CLEAN_CLAIMS + [{"claim": "x", "locator": "section 9", "quote": "nowhere at all here",
                              "strength": "states"}]
    write_case(tmp_path, claims, summary_body="No locator here.\nBad one (section ).\n")
    report = json.loads(run("check", "summary.md", "--format", "json", cwd=tmp_path).stdout)
    assert {f["rule"] for f in report["findings"]} >= {"SUM101", "SUM104", "SUM206"}
    Draft202012Validator(schema).validate(report)


# ------------------------------------------------------------------ --fix through a symlink


def _fix_project(root: Path, claims_name: str) -> dict:
    """A repository (its configuration at `root`) whose summary names `claims_name`, and the
    record SUM302 fixes (`states` for a quote that says `must`)."""
    write(root / "summcheck.toml", "")
    write(root / "source.txt", SOURCE)
    write(root / "summary.md", f"---\nsource: source.txt\nclaims: {claims_name}\n---\n\n{SENTENCE}")
    return {**RECORD, "strength": "states"}


def _tree(root: Path) -> dict[str, str]:
    """Every entry under `root`: a link's target, a file's text."""
    return {p.relative_to(root).as_posix(): ("-> " + str(p.readlink())) if p.is_symlink()
            else p.read_text(encoding="utf-8") for p in sorted(root.rglob("*")) if not p.is_dir()}


def test_fix_writes_through_a_symlinked_claims_file_to_its_target(tmp_path):
    repo = tmp_path / "repo"
    record = _fix_project(repo, "claims.jsonl")
    (repo / "data").mkdir()
    (repo / "data" / "claims.jsonl").write_text(json.dumps(record) + "\n", encoding="utf-8")
    (repo / "claims.jsonl").symlink_to(Path("data") / "claims.jsonl")
    result = run("check", "summary.md", "--fix", cwd=repo)
    assert result.returncode == 0, result.stderr
    assert "fixed 1 finding in 1 file: claims.jsonl" in result.stderr
    assert (repo / "claims.jsonl").is_symlink()  # still the link, now to the fixed file
    assert json.loads((repo / "data" / "claims.jsonl").read_text())["strength"] == "requires"
    assert sorted(_tree(repo)) == ["claims.jsonl", "data/claims.jsonl", "source.txt",
                                   "summary.md", "summcheck.toml"]  # no temporary file left


def test_fix_refuses_a_symlink_that_leaves_the_repository(tmp_path):
    repo, outside = tmp_path / "repo", tmp_path / "outside"
    record = _fix_project(repo, "missing.jsonl")
    outside.mkdir()
    (outside / "claims.jsonl").write_text(json.dumps(record) + "\n", encoding="utf-8")
    (repo / "claims.jsonl").symlink_to(outside / "claims.jsonl")
    before = _tree(tmp_path)
    for option in ("--fix", "--diff"):
        result = run("check", "summary.md", "--claims", "claims.jsonl", option, cwd=repo)
        assert_exit_2(result, "claims.jsonl: --fix refuses to write it: through a symlink it "
                              f"resolves to {outside.resolve() / 'claims.jsonl'}, which lies "
                              f"outside the repository root {repo.resolve()}")
        assert _tree(tmp_path) == before  # the link, its target, nothing else: as they were
