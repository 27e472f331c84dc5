"""A file the user names is checked, or the run fails: never "All checks passed" for nothing.

`summcheck check README.md` (no front matter naming a source, no configuration mapping) is
exit 2 `README.md: not a summary: …`; so is a summary whose mapping was lost because `--config`
named another file. A folder walk still skips the Markdown files that are no summaries, a
source or claims file still stands for the summaries that use it, and `--changed` (what the
pre-commit hook passes) still ignores files that no summary uses.
"""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

import summcheck
from summcheck.api import InputError
from summcheck import action as action_module
from summcheck.cli import app

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
RFC = EXAMPLES / "rfc3986"
NOT_A_SUMMARY = "not a summary: no source named in front matter or configuration"


@pytest.fixture
def project(tmp_path, monkeypatch) -> Path:
    """examples/rfc3986 under rfc/, a README, and notes/rfc.md mapped by pyproject.toml."""
    root = tmp_path / "p"
    shutil.copytree(RFC, root / "rfc")
    (root / "README.md").write_text("# A project\n\nNo front matter: not a summary.\n",
                                    encoding="utf-8")
    (root / "notes").mkdir()
    body = (RFC / "summary.md").read_text(encoding="utf-8").split("---\n", 2)[2]
    (root / "notes" / "rfc.md").write_text(body, encoding="utf-8")
    (root / "pyproject.toml").write_text(
        '[project]\nname = "p"\n\n[tool.summcheck.summaries."notes/*.md"]\n'
        'source = "rfc/rfc3986.txt"\nclaims = "rfc/claims.jsonl"\n', encoding="utf-8")
    (root / "other.toml").write_text('fail-on = "error"\n', encoding="utf-8")
    monkeypatch.chdir(root)
    return root


def check(*args: str):
    return CliRunner().invoke(app, ["check", *args])


def assert_exit_2_line(result, line: str) -> None:
    assert result.exit_code == 2, result.output
    assert result.stderr == f"summcheck: error: {line}\n"
    assert result.stdout == ""


def test_a_readme_named_explicitly_is_exit_2(project):
    assert_exit_2_line(check("README.md"), f"README.md: {NOT_A_SUMMARY}")
    assert_exit_2_line(check("README.md", "--format", "json"), f"README.md: {NOT_A_SUMMARY}")


def test_front_matter_that_names_no_source_is_no_summary(project):
    (project / "page.md").write_text("---\ntitle: A page\n---\n# Page\n\nText (p. 1).\n",
                                     encoding="utf-8")
    assert_exit_2_line(check("page.md"), f"page.md: {NOT_A_SUMMARY}")


def test_a_summary_whose_mapping_config_names_another_file_is_exit_2(project):
    result = check("notes/rfc.md", "--format", "json")
    assert result.exit_code == 0, result.output  # mapped by pyproject.toml
    assert_exit_2_line(check("notes/rfc.md", "--config", "other.toml"),
                       f"notes/rfc.md: {NOT_A_SUMMARY}")


def test_a_file_that_nothing_uses_is_exit_2(project):
    (project / "notes.txt").write_text("unrelated\n", encoding="utf-8")
    assert_exit_2_line(check("notes.txt"),
                       "notes.txt: not a summary, nor the source or claims file of one")


def test_a_readme_beside_a_summary_fails_the_run_but_the_summary_is_checked(project):
    result = check("README.md", "rfc/summary.md", "--format", "json")
    assert result.exit_code == 2, result.output
    report = json.loads(result.stdout)
    assert [s["path"] for s in report["summaries"]] == ["rfc/summary.md"]
    assert report["errors"] == [{"path": "README.md", "cause": NOT_A_SUMMARY}]
    assert result.stderr == f"summcheck: error: README.md: {NOT_A_SUMMARY}\n"


def test_folder_walks_skip_non_summaries_silently(project):
    result = check(".", "--format", "json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert sorted(s["path"] for s in report["summaries"]) == ["notes/rfc.md", "rfc/summary.md"]
    assert report["errors"] == []


def test_a_source_or_claims_file_still_stands_for_its_summaries(project):
    result = check("rfc/claims.jsonl", "--format", "json")
    assert result.exit_code == 0, result.output
    assert sorted(s["path"] for s in json.loads(result.stdout)["summaries"]) == [
        "notes/rfc.md", "rfc/summary.md"]
    result = check("rfc/summary.md", "rfc/rfc3986.txt", "--format", "json")
    assert result.exit_code == 0, result.output


def test_changed_files_that_no_summary_uses_are_ignored(project):
    """`--changed`: the files a commit touched, as the pre-commit hook passes them."""
    result = check("--changed", "README.md", "--format", "json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["summaries"] == []
    result = check("--changed", "README.md", "rfc/claims.jsonl", "--format", "json")
    assert result.exit_code == 0, result.output
    assert sorted(s["path"] for s in json.loads(result.stdout)["summaries"]) == [
        "notes/rfc.md", "rfc/summary.md"]


def test_table_of_a_file_that_is_no_summary_is_exit_2(project):
    result = CliRunner().invoke(app, ["table", "README.md"])
    assert_exit_2_line(result, f"README.md: {NOT_A_SUMMARY}")


def test_the_api_raises_for_a_file_that_is_no_summary(project):
    with pytest.raises(InputError, match=r"README\.md: not a summary: no source"):
        summcheck.check("README.md")
    with pytest.raises(InputError, match=r"notes/rfc\.md: not a summary"):
        summcheck.check("notes/rfc.md", config="other.toml")
    assert summcheck.check("notes/rfc.md").exit_code() == 0


def test_the_action_paths_input_naming_a_readme_is_exit_2(project, tmp_path, capsys):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("INPUT_", "GITHUB_"))}
    env.update({"GITHUB_WORKSPACE": str(project), "GITHUB_EVENT_NAME": "push",
                "GITHUB_OUTPUT": str(tmp_path / "out.txt"), "INPUT_PATHS": "README.md",
                "INPUT_SARIF_FILE": "summcheck.sarif", "INPUT_JOB_SUMMARY": "false"})
    assert action_module.main(env) == 2
    out = capsys.readouterr().out
    assert [ln for ln in out.splitlines() if ln.startswith("::error")] == [
        f"::error::summcheck: README.md: {NOT_A_SUMMARY}"]
    assert "exit-code=2" in (tmp_path / "out.txt").read_text()
    assert not (project / "summcheck.sarif").exists()
