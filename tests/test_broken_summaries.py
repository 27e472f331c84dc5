"""One summary that cannot be checked does not hide the others (issue 9).

Every summary is checked; each one that cannot run (a missing claims file, broken front
matter, an unreadable source…) is one line on stderr naming the summary and the cause, and an
entry of the JSON report's `errors`; the other summaries' findings are reported in every
format; the exit code is 2.
"""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

import summcheck
from summcheck import action as action_module
from summcheck.cli import app

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


@pytest.fixture
def project(tmp_path, monkeypatch) -> Path:
    """The clean rfc3986 example, the defects example and two summaries that cannot run."""
    root = tmp_path / "p"
    shutil.copytree(EXAMPLES / "rfc3986", root / "rfc")
    shutil.copytree(EXAMPLES / "defects", root / "defects")
    shutil.copytree(EXAMPLES / "fhs", root / "fhs")  # the defects summary cites its PDF
    (root / "notes").mkdir()
    (root / "notes" / "a.md").write_text(
        "---\nsource: ../rfc/rfc3986.txt\nclaims: missing.jsonl\n---\n# A\n\nText (p. 1).\n",
        encoding="utf-8")
    (root / "notes" / "b.md").write_text(
        "---\nsource: [unclosed\n---\n# B\n\nText (p. 1).\n", encoding="utf-8")
    monkeypatch.chdir(root)
    return root


SUMMARIES = ["defects/summary.md", "notes/a.md", "notes/b.md", "rfc/summary.md"]


def check(*args: str):
    return CliRunner().invoke(app, ["check", *args])


def alone(path: str, fmt: str = "json") -> dict:
    result = check(path, "--format", fmt)
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def test_every_other_summary_is_checked_and_the_broken_ones_are_named(project):
    result = check(*SUMMARIES, "--format", "json")
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert lines[0] == "summcheck: error: notes/a.md: claims file notes/missing.jsonl not found"
    assert lines[1].startswith("summcheck: error: notes/b.md: invalid YAML front matter"), lines
    assert len(lines) == 2
    report = json.loads(result.stdout)
    assert [s["path"] for s in report["summaries"]] == ["defects/summary.md", "rfc/summary.md"]
    assert report["errors"][0] == {"path": "notes/a.md",
                                   "cause": "claims file notes/missing.jsonl not found"}
    assert report["errors"][1]["path"] == "notes/b.md"
    assert report["errors"][1]["cause"].startswith("invalid YAML front matter")
    # the findings are exactly those of the defects summary checked alone
    assert report["findings"] == alone("defects/summary.md")["findings"]
    assert report["findings"] and report["counts"] == alone("defects/summary.md")["counts"]


@pytest.mark.parametrize("fmt, needle", [
    ("text", "defects/summary.md"), ("github", "::error file=defects/summary.md"),
    ("sarif", '"uri": "defects/summary.md"'), ("markdown", "defects/summary.md"),
    ("junit", 'classname="defects/summary.md"')])
def test_every_format_still_reports_the_other_findings(project, fmt, needle):
    result = check(*SUMMARIES, "--format", fmt)
    assert result.exit_code == 2, result.output
    assert needle in result.stdout
    assert "SUM101" in result.stdout and "SUM202" in result.stdout
    assert result.stderr.splitlines()[0] == (
        "summcheck: error: notes/a.md: claims file notes/missing.jsonl not found")


def test_a_folder_walk_checks_the_rest(project):
    result = check(".", "--format", "json")
    assert result.exit_code == 2, result.output
    report = json.loads(result.stdout)
    assert sorted(s["path"] for s in report["summaries"]) == [
        "defects/summary.md", "fhs/summary.md", "rfc/summary.md"]
    assert [e["path"] for e in report["errors"]] == ["notes/a.md", "notes/b.md"]


def test_the_report_file_holds_the_errors(project):
    result = check(*SUMMARIES, "--format", "json", "-o", "report.json")
    assert result.exit_code == 2 and result.stdout == ""
    report = json.loads((project / "report.json").read_text(encoding="utf-8"))
    assert len(report["errors"]) == 2 and len(report["summaries"]) == 2


def test_fail_on_never_does_not_hide_a_broken_summary(project):
    assert check("rfc/summary.md", "notes/a.md", "--fail-on", "never").exit_code == 2


def test_when_nothing_can_be_checked_there_is_no_report(project):
    result = check("notes/a.md", "notes/b.md", "--format", "json", "-o", "report.json")
    assert result.exit_code == 2 and result.stdout == ""
    assert len(result.stderr.splitlines()) == 2
    assert not (project / "report.json").exists()
    # a single summary keeps the error as raised: the file at fault first
    result = check("notes/a.md")
    assert result.exit_code == 2
    assert result.stderr == "summcheck: error: notes/missing.jsonl: no such file\n"


def test_the_api_reports_the_others_and_raises(project):
    from summcheck.api import CheckError, InputError

    with pytest.raises(CheckError) as caught:
        summcheck.check(SUMMARIES)
    error = caught.value
    assert isinstance(error, InputError)
    assert str(error) == ("notes/a.md: claims file notes/missing.jsonl not found "
                          "(and 1 more summary could not be checked)")
    assert [e.path.as_posix() for e in error.errors] == ["notes/a.md", "notes/b.md"]
    assert [s.path.as_posix() for s in error.report.summaries] == ["defects/summary.md",
                                                                   "rfc/summary.md"]
    assert error.report.exit_code() == 2 and error.report.findings


def test_the_action_reports_the_others_and_exits_2(project, tmp_path, capsys):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("INPUT_", "GITHUB_"))}
    env.update({"GITHUB_WORKSPACE": str(project), "GITHUB_EVENT_NAME": "push",
                "GITHUB_OUTPUT": str(tmp_path / "out.txt"),
                "GITHUB_STEP_SUMMARY": str(tmp_path / "summary.md"),
                "INPUT_PATHS": " ".join(SUMMARIES), "INPUT_SARIF_FILE": "summcheck.sarif",
                "INPUT_ANNOTATIONS": "true", "INPUT_JOB_SUMMARY": "true"})
    assert action_module.main(env) == 2
    out = capsys.readouterr().out
    errors = [ln for ln in out.splitlines() if ln.startswith("::error::")]
    assert errors[0] == "::error::summcheck: notes/a.md: claims file notes/missing.jsonl not found"
    assert len(errors) == 2 and errors[1].startswith("::error::summcheck: notes/b.md: invalid YAML front matter")
    assert "::error file=defects/summary.md" in out  # the others' annotations
    sarif = json.loads((project / "summcheck.sarif").read_text(encoding="utf-8"))
    assert {r["ruleId"] for r in sarif["runs"][0]["results"]} >= {"SUM101", "SUM202"}
    outputs = (tmp_path / "out.txt").read_text()
    assert "exit-code=2" in outputs and "sarif-file=summcheck.sarif" in outputs
    summary = (tmp_path / "summary.md").read_text(encoding="utf-8")
    assert "could not check 2 summaries" in summary and "notes/missing.jsonl not found" in summary


def test_no_format_says_all_checks_passed_when_a_summary_was_not_checked():
    from summcheck.inputs.discovery import SummaryError
    from summcheck.engine import RunReport
    from summcheck.report.github import GithubReporter
    from summcheck.report.markdown import MarkdownReporter
    from summcheck.report.text import TextReporter

    report = RunReport(errors=[SummaryError(Path("notes/a.md"),
                                            "claims file notes/missing.jsonl not found")])
    text = TextReporter(color=False).render(report)
    assert "All checks passed" not in text
    assert "notes/a.md: not checked: claims file notes/missing.jsonl not found" in text
    markdown = MarkdownReporter().render(report)
    assert "all checks passed" not in markdown and "could not check 1 summary" in markdown
    assert "`notes/a.md`: claims file notes/missing.jsonl not found" in markdown
    github = GithubReporter().render(report)
    assert "all checks passed" not in github
    assert "::error file=notes/a.md,title=summcheck%3A not checked::claims file" in github
