"""What the README tells a user to put in CI is true: it names no release that does not exist
(no `@v1`, no `rev: v0.1.0` while the repository has no such tag), and its workflow uploads
SARIF only when the action wrote a file (the action's `sarif-file` output is empty when no
summary changed). The README's workflow also passes the GitHub workflow schema.
"""
from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[1]
README = (REPO / "README.md").read_text(encoding="utf-8")
SHA = re.compile(r"[0-9a-f]{40}")
PLACEHOLDER = "<commit sha>"
GUARD = "steps.summcheck.outputs.sarif-file != ''"


def yaml_blocks() -> list[str]:
    return re.findall(r"```yaml\n(.*?)```", README, re.S)


def block_starting(comment: str) -> str:
    found = [b for b in yaml_blocks() if b.startswith(comment)]
    assert len(found) == 1, f"the README has no single yaml block starting {comment!r}"
    return found[0]


def tags() -> set[str]:
    try:
        done = subprocess.run(["git", "tag", "--list"], cwd=REPO, capture_output=True,
                              text=True, timeout=60, check=False)
    except OSError:
        return set()
    return set(done.stdout.split()) if done.returncode == 0 else set()


def assert_is_a_real_ref(ref: str, where: str) -> None:
    """A full commit SHA, the README's placeholder for one, or a tag the repository has."""
    assert ref == PLACEHOLDER or SHA.fullmatch(ref) or ref in tags(), (
        f"{where}: {ref!r} is neither a commit SHA nor a tag of this repository")


def test_the_workflow_pins_summcheck_to_something_that_exists():
    workflow = block_starting("# .github/workflows/summaries.yml")
    uses = re.findall(r"uses:\s*OWNER/summcheck@(\S+(?: sha>)?)", workflow)
    assert uses, "the README workflow does not use the summcheck action"
    for ref in uses:
        assert_is_a_real_ref(ref, "README workflow")
    assert "@v1" not in README


def test_the_pre_commit_example_pins_a_rev_that_exists():
    config = block_starting("# .pre-commit-config.yaml")
    (rev,) = re.findall(r"rev:\s*(<commit sha>|\S+)", config)
    assert_is_a_real_ref(rev, "README pre-commit example")
    hooks_file = (REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    for rev in re.findall(r"rev:\s*(<commit sha>|\S+)", hooks_file):
        assert_is_a_real_ref(rev, ".pre-commit-hooks.yaml")
    assert "v0.1.0" not in README or "v0.1.0" in tags()


def test_the_readme_says_how_to_install_without_pypi():
    assert "not published on PyPI" in README
    assert f'pip install "git+https://github.com/OWNER/summcheck@{PLACEHOLDER}"' in README


def readme_workflow_text() -> str:
    """The README's workflow, its placeholders filled in as a user would."""
    return block_starting("# .github/workflows/summaries.yml").replace(
        f"OWNER/summcheck@{PLACEHOLDER}", "owner/summcheck@" + "0" * 40)


def readme_workflow() -> dict:
    return yaml.safe_load(readme_workflow_text())


def test_the_sarif_upload_is_skipped_when_no_file_was_written():
    steps = readme_workflow()["jobs"]["summcheck"]["steps"]
    (action,) = [s for s in steps if str(s.get("uses", "")).startswith("owner/summcheck@")]
    assert action["id"] == "summcheck"
    (upload,) = [s for s in steps if "upload-sarif" in str(s.get("uses", ""))]
    condition = upload.get("if", "")
    assert GUARD in condition, condition
    assert "always()" in condition  # findings fail the summcheck step; upload them anyway
    assert upload["with"]["sarif_file"] == "${{ steps.summcheck.outputs.sarif-file }}"
    # and the action has the output, documented as empty when nothing was written
    outputs = yaml.safe_load((REPO / "action.yml").read_text(encoding="utf-8"))["outputs"]
    assert "empty when none was" in outputs["sarif-file"]["description"]


def test_this_repositorys_workflow_uses_the_same_guard():
    workflow = yaml.safe_load((REPO / ".github/workflows/action.yml").read_text(encoding="utf-8"))
    steps = workflow["jobs"]["pull-request"]["steps"]
    action = next(s for s in steps if s.get("uses") == "./")
    assert "sarif-file" not in action.get("with", {})  # the default: a file when summaries changed
    guarded = [s for s in steps if GUARD in str(s.get("if", ""))]
    assert guarded and all('test -s "$SARIF_FILE"' in s["run"] for s in guarded)


@pytest.mark.integration
def test_the_readme_workflow_passes_the_github_workflow_schema(tmp_path):
    if importlib.util.find_spec("check_jsonschema") is None:
        pytest.skip("check-jsonschema is not installed (it is in the test extra)")
    path = tmp_path / "summaries.yml"
    path.write_text(readme_workflow_text(), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "check_jsonschema", "--builtin-schema",
                           "vendor.github-workflows", str(path)], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
