"""The GitHub Action: `python -m summcheck.action` in a simulated `GITHUB_*` environment, and
the composite action's run step executed as the runner would execute it.

Each scenario is a temporary git repository with the bundled examples and a pull request (an
event payload naming base and head commits); the step summary and output files live in
tmp_path, as `$GITHUB_STEP_SUMMARY` and `$GITHUB_OUTPUT` do on a runner.
"""
from __future__ import annotations

import html
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import unquote

import jsonschema
import pytest
from conftest import run_in_process, run_summcheck
from planted_git import plant_programs
import yaml

from summcheck import action as action_module

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples"
SARIF_SCHEMA = Path(__file__).parent / "fixtures" / "sarif-schema-2.1.0.json"
GIT_ENV = {"GIT_AUTHOR_NAME": "summcheck tests", "GIT_AUTHOR_EMAIL": "tests@example.invalid",
           "GIT_COMMITTER_NAME": "summcheck tests", "GIT_COMMITTER_EMAIL": "tests@example.invalid",
           "GIT_CONFIG_NOSYSTEM": "1"}
QUERY_QUOTE = "may represent data within the query component"  # in examples/rfc3986/claims.jsonl
SOURCE_PHRASE = 'question mark ("?") may represent data'  # in examples/rfc3986/rfc3986.txt
ANNOTATION = re.compile(r"^::(error|warning|notice) file=([^,]+),line=(\d+)(?:,col=\d+)?,"
                        r"title=(SUM\d{3}) [a-z-]+::.+$", re.MULTILINE)

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


# ---------------------------------------------------------------- a pull request in a repository


def git(cwd: Path, *args: str) -> str:
    env = {**os.environ, **GIT_ENV, "HOME": str(cwd)}
    return subprocess.run(["git", "-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false",
                           *args], cwd=cwd, env=env, capture_output=True, text=True,
                          check=True).stdout


def commit_all(repo: Path, message: str) -> str:
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "--allow-empty", "-m", message)
    return git(repo, "rev-parse", "HEAD").strip()


def replace_in(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new), encoding="utf-8")


class PullRequest:
    """A workspace whose base commit adds the examples; `head()` commits the change under test
    and writes the event payload."""

    def __init__(self, tmp_path: Path, like: "PullRequest | None" = None) -> None:
        """A new repository with the base commit; with `like`, a copy of that one's repository
        (its working tree and .git as the base commit left them: the same commit, made once)."""
        self.tmp = tmp_path
        self.workspace = tmp_path / "workspace"
        if like is not None:
            shutil.copytree(like.workspace, self.workspace, symlinks=True)
            self.base = like.base
        else:
            for name in ("rfc3986", "fhs", "defects"):
                shutil.copytree(EXAMPLES / name, self.workspace / "examples" / name)
            (self.workspace / "README.md").write_text("# Project\n", encoding="utf-8")
            git(self.workspace, "init", "-q")
            self.base = commit_all(self.workspace, "base: the examples")
        self.head_sha = self.base
        self.event = tmp_path / "event.json"
        self.write_event()

    def head(self, message: str = "head") -> str:
        self.head_sha = commit_all(self.workspace, message)
        self.write_event()
        return self.head_sha

    def write_event(self, base: str | None = None, head: str | None = None) -> None:
        payload = {"action": "synchronize", "number": 7, "pull_request": {
            "number": 7, "base": {"ref": "main", "sha": base or self.base},
            "head": {"ref": "topic", "sha": head or self.head_sha}}}
        self.event.write_text(json.dumps(payload), encoding="utf-8")

    def env(self, **inputs: str) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("INPUT_", "GITHUB_", "RUNNER_"))}
        env.update(GIT_ENV)
        env.update({
            "GITHUB_ACTIONS": "true",
            "GITHUB_WORKSPACE": str(self.workspace),
            "GITHUB_EVENT_NAME": "pull_request",
            "GITHUB_EVENT_PATH": str(self.event),
            "GITHUB_BASE_REF": "main",
            "GITHUB_STEP_SUMMARY": str(self.tmp / "step_summary.md"),
            "GITHUB_OUTPUT": str(self.tmp / "github_output.txt"),
            "HOME": str(self.tmp),
        })
        defaults = {"PATHS": "", "CONFIG": "", "FAIL_ON": "", "ANNOTATIONS": "true",
                    "SARIF_FILE": "summcheck.sarif", "JOB_SUMMARY": "true", "EXTRA_ARGS": "",
                    "REPORT": "true", "REPORT_DIR": "summcheck-report"}
        for key, value in {**defaults, **inputs}.items():
            env[f"INPUT_{key}"] = value
        return env

    def run(self, env: dict[str, str] | None = None, **inputs: str) -> "Run":
        env = env if env is not None else self.env(**inputs)
        # `python -m summcheck.action` in this process: the environment is the step's, whole.
        done = run_in_process(lambda: action_module.main(env), cwd=self.workspace, env=env,
                              replace_env=True, argv=["summcheck.action"])
        return Run(done, self)

    @property
    def outputs(self) -> dict[str, str]:
        return parse_outputs(self.tmp / "github_output.txt")

    @property
    def step_summary(self) -> str:
        path = self.tmp / "step_summary.md"
        return path.read_text(encoding="utf-8") if path.exists() else ""


class Run:
    def __init__(self, done: subprocess.CompletedProcess, pr: PullRequest) -> None:
        self.code, self.stdout, self.stderr, self.pr = (done.returncode, done.stdout,
                                                        done.stderr, pr)

    @property
    def annotations(self) -> list[tuple[str, str, int, str]]:
        return [(m[1], m[2], int(m[3]), m[4]) for m in ANNOTATION.finditer(self.stdout)]

    def __repr__(self) -> str:
        return f"exit {self.code}\n--- stdout\n{self.stdout}\n--- stderr\n{self.stderr}"


def parse_outputs(path: Path) -> dict[str, str]:
    """Read `$GITHUB_OUTPUT` as the runner does: `name=value` and `name<<DELIM … DELIM`."""
    outputs: dict[str, str] = {}
    if not path.exists():
        return outputs
    lines = path.read_text(encoding="utf-8").split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line:
            i += 1
            continue
        if "<<" in line and ("=" not in line or line.index("<<") < line.index("=")):
            name, delimiter = line.split("<<", 1)
            end = lines.index(delimiter, i + 1)
            outputs[name] = "\n".join(lines[i + 1:end])
            i = end + 1
        else:
            name, value = line.split("=", 1)
            outputs[name] = value
            i += 1
    return outputs


def validate_sarif(path: Path) -> dict:
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    validator = jsonschema.Draft4Validator(schema,
                                           format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER)
    log = json.loads(path.read_text(encoding="utf-8"))
    errors = [f"{list(e.path)}: {e.message}" for e in validator.iter_errors(log)]
    assert not errors, errors
    return log


@pytest.fixture(scope="session")
def base_pull_request(tmp_path_factory) -> PullRequest:
    """The base commit, made once per test process; never changed (each `pr` copies it)."""
    return PullRequest(tmp_path_factory.mktemp("base-pull-request"))


@pytest.fixture
def pr(tmp_path, base_pull_request) -> PullRequest:
    return PullRequest(tmp_path, like=base_pull_request)


# ---------------------------------------------------------------- pull request scenarios


def test_a_broken_claims_file_fails_the_summary_that_uses_it(pr):
    replace_in(pr.workspace / "examples/rfc3986/claims.jsonl", QUERY_QUOTE,
               QUERY_QUOTE.replace("may", "must"))
    pr.head("claims: a quote that is not in the source")
    run = pr.run()
    assert run.code == 1, run
    # annotations, on the claims file, for the one summary the change touches
    assert ("error", "examples/rfc3986/claims.jsonl", 1, "SUM201") in run.annotations, run
    assert {a[1] for a in run.annotations} <= {"examples/rfc3986/claims.jsonl",
                                                "examples/rfc3986/summary.md"}, run
    assert "examples/defects" not in run.stdout and "examples/fhs" not in run.stdout
    # the readable report sits in a group, with workflow commands stopped inside it
    assert "::group::summcheck report" in run.stdout and "::endgroup::" in run.stdout
    token = re.search(r"^::stop-commands::([0-9a-f]{32})$", run.stdout, re.MULTILINE)
    assert token and f"::{token[1]}::" in run.stdout
    # job summary
    summary = pr.step_summary
    assert summary.splitlines()[0] == "## summcheck: 2 errors in 2 files"
    assert "examples/rfc3986/claims.jsonl" in summary and "SUM201" in summary
    assert "SUM103" in summary  # the sentence that quote backed is now unbacked
    # SARIF, valid against the official schema, with repository-relative URIs
    log = validate_sarif(pr.workspace / "summcheck.sarif")
    results = log["runs"][0]["results"]
    uris = {r["ruleId"]: r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            for r in results}
    assert uris == {"SUM201": "examples/rfc3986/claims.jsonl",
                    "SUM103": "examples/rfc3986/summary.md"}
    # outputs
    assert pr.outputs == {"exit-code": "1", "sarif-file": "summcheck.sarif", "errors": "2",
                          "warnings": "0", "infos": "0", "report-dir": "summcheck-report"}


def test_a_clean_change_passes_and_checks_only_what_it_touches(pr):
    with (pr.workspace / "examples/rfc3986/claims.jsonl").open("a", encoding="utf-8") as handle:
        handle.write('{"claim": "A URI can be resolved against a base.", "locator": '
                     '"section 5.1", "quote": "A base URI must be established by the parser '
                     'prior to parsing URI references that might be relative.", '
                     '"strength": "requires", "x-note": "repeated on purpose"}\n')
    replace_in(pr.workspace / "README.md", "# Project", "# The project")
    pr.head("claims: a duplicate record, README")
    run = pr.run(FAIL_ON="error")
    assert run.code == 0, run  # SUM301 is a warning: below fail-on
    assert ("warning", "examples/rfc3986/claims.jsonl", 22, "SUM301") in run.annotations, run
    assert "1 summary checked" in run.stdout
    outputs = pr.outputs
    assert outputs["exit-code"] == "0" and outputs["errors"] == "0"
    assert outputs["warnings"] == "1"
    validate_sarif(pr.workspace / "summcheck.sarif")
    # the same change with fail-on: warning fails
    run = pr.run(FAIL_ON="warning")
    assert run.code == 1, run


def test_a_changed_source_rechecks_the_summaries_that_cite_it(pr):
    replace_in(pr.workspace / "examples/rfc3986/rfc3986.txt", SOURCE_PHRASE,
               SOURCE_PHRASE.replace("may", "can"))
    pr.head("source edited")
    run = pr.run(SARIF_FILE="reports/summcheck.sarif")
    assert run.code == 1, run
    assert ("error", "examples/rfc3986/claims.jsonl", 1, "SUM201") in run.annotations, run
    # The reviewer is told, at the summary's `source:` line, that the source itself changed.
    assert ("warning", "examples/rfc3986/summary.md", 2, "SUM110") in run.annotations, run
    assert pr.outputs["sarif-file"] == "reports/summcheck.sarif"
    validate_sarif(pr.workspace / "reports/summcheck.sarif")


def test_a_pdf_shared_by_two_summaries_checks_both(pr):
    pdf = pr.workspace / "examples/fhs/fhs-3.0.pdf"
    pdf.write_bytes(pdf.read_bytes() + b"\n% appended by a test\n")
    pr.head("pdf touched")
    run = pr.run()
    assert run.code == 1, run  # the defects example names the same PDF
    assert "2 summaries checked" in run.stdout
    files = {a[1] for a in run.annotations}
    assert "examples/defects/summary.md" in files


def test_the_defects_summary_fails_with_capped_annotations(pr):
    with (pr.workspace / "examples/defects/summary.md").open("a", encoding="utf-8") as handle:
        handle.write("\nOne more sentence without a locator.\nAnd another one.\n")
    pr.head("defects: two more errors")
    run = pr.run()
    assert run.code == 1, run
    kinds = [a[0] for a in run.annotations]
    assert 0 < kinds.count("error") <= 10 and kinds.count("warning") <= 10
    assert "::notice::" in run.stdout and "showing the first 10 errors" in run.stdout
    outputs = pr.outputs
    assert outputs["exit-code"] == "1" and outputs["errors"] == "12"


def test_no_summary_touched_is_a_notice_and_success(pr):
    replace_in(pr.workspace / "README.md", "# Project", "# Project, renamed")
    pr.head("docs only")
    run = pr.run()
    assert run.code == 0, run
    assert "::notice::" in run.stdout and "nothing to check" in run.stdout
    assert not (pr.workspace / "summcheck.sarif").exists()
    assert "Nothing to check" in pr.step_summary
    assert pr.outputs == {"exit-code": "0", "sarif-file": "", "errors": "0", "warnings": "0",
                          "infos": "0", "report-dir": ""}
    assert not (pr.workspace / "summcheck-report").exists()


def test_when_git_cannot_diff_every_summary_is_checked(pr):
    pr.head("nothing")
    pr.write_event(base="0" * 40, head="1" * 40)  # commits this clone does not have
    env = pr.env()
    env["GITHUB_BASE_REF"] = ""
    run = pr.run(env)
    assert "fetch-depth: 0" in run.stdout and "checking every summary" in run.stdout
    assert run.code == 1, run  # the defects example is among them
    assert "3 summaries checked" in run.stdout


def test_paths_input_overrides_the_pull_request(pr):
    run = pr.run(PATHS="examples/rfc3986/summary.md", SARIF_FILE="", JOB_SUMMARY="false",
                 ANNOTATIONS="false")
    assert run.code == 0, run
    assert run.annotations == []
    assert "summcheck: all checks passed" not in run.stdout  # annotations off
    assert "All checks passed." in run.stdout  # the readable report
    assert pr.step_summary == ""
    assert not (pr.workspace / "summcheck.sarif").exists()
    assert pr.outputs["exit-code"] == "0" and pr.outputs["sarif-file"] == ""
    # a source named in paths stands for the summaries citing it
    run = pr.run(PATHS="examples/fhs/fhs-3.0.pdf")
    assert run.code == 1 and "2 summaries checked" in run.stdout, run


def test_push_event_checks_every_summary(pr):
    env = pr.env(PATHS="", FAIL_ON="never")
    env["GITHUB_EVENT_NAME"] = "push"
    run = pr.run(env)
    assert run.code == 0, run  # findings reported, fail-on never
    assert "3 summaries checked" in run.stdout
    assert int(pr.outputs["errors"]) > 0 and pr.outputs["exit-code"] == "0"
    # every summary checked has its evidence report, the PDF-backed ones included
    reports = pr.workspace / "summcheck-report"
    for name in ("rfc3986", "fhs", "defects"):
        assert_report_shows(reports / f"examples/{name}/summary.md.html",
                            pr.workspace / f"examples/{name}/summary.md")
    assert set(index_links(reports)) == {f"examples/{n}/summary.md.html"
                                         for n in ("rfc3986", "fhs", "defects")}


def test_extra_args_are_parsed_as_the_command_line_does(pr):
    run = pr.run(PATHS="examples/defects/summary.md", EXTRA_ARGS="--select SUM1 --ignore SUM104")
    assert run.code == 1, run
    codes = {a[3] for a in run.annotations}
    assert codes and all(c.startswith("SUM1") for c in codes) and "SUM104" not in codes
    run = pr.run(PATHS="examples/defects/summary.md", EXTRA_ARGS="--select SUM105",
                 FAIL_ON="warning")
    assert run.code == 1 and pr.outputs["warnings"] == "1" and pr.outputs["errors"] == "0"
    run = pr.run(PATHS="examples/defects/summary.md", EXTRA_ARGS="--select SUM105 --fail-on error")
    assert run.code == 0, run


def test_config_input(pr):
    (pr.workspace / "ci.toml").write_text('ignore = ["SUM1", "SUM2", "SUM3"]\n', encoding="utf-8")
    run = pr.run(PATHS="examples/defects/summary.md", CONFIG="ci.toml")
    assert run.code == 0, run
    assert pr.outputs["errors"] == "0"



def test_a_git_config_that_names_programs_runs_none(pr):
    """The workspace's `.git/config` names a program for fsmonitor, the pager, external diff,
    textconv and filter drivers, and hooks: listing the pull request's files runs none."""
    replace_in(pr.workspace / "examples/rfc3986/claims.jsonl", QUERY_QUOTE,
               QUERY_QUOTE.replace("may", "must"))
    pr.head("claims: a quote that is not in the source")
    marker = pr.tmp / "ran.txt"
    plant_programs(pr.workspace, marker)
    run = pr.run()
    assert run.code == 1, run
    assert ("error", "examples/rfc3986/claims.jsonl", 1, "SUM201") in run.annotations, run
    assert "examples/fhs" not in run.stdout  # the changed files were still listed
    assert not marker.exists(), marker.read_text()


def test_a_pull_requests_configuration_cannot_switch_confinement_off(pr):
    """A committed summcheck.toml with allow-outside = true names .git/config as a source with
    a near-miss of the checkout token: the run warns, stays confined and shows no token."""
    token = "AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46Z2hzX1NFQ1JFVA=="
    git(pr.workspace, "config", "http.https://github.com/.extraheader", token)
    (pr.workspace / "summcheck.toml").write_text("allow-outside = true\n", encoding="utf-8")
    leak = pr.workspace / "leak"
    leak.mkdir()
    (leak / "claims.jsonl").write_text(json.dumps(
        {"claim": "x", "locator": "line 1", "quote": token[:-3] + "XYZ==",
         "strength": "states"}) + "\n", encoding="utf-8")
    (leak / "summary.md").write_text("---\nsource: ../.git/config\nclaims: claims.jsonl\n---\n"
                                     "The header is set (line 1).\n", encoding="utf-8")
    pr.head("a summary of the checkout's git config")
    run = pr.run()
    assert run.code == 2, run
    assert "allow-outside = true is ignored" in run.stdout
    assert "::warning" in run.stdout and "inside a .git folder" in run.stdout, run
    assert "allow-outside = true is ignored" in pr.step_summary
    everything = run.stdout + run.stderr + pr.step_summary + "".join(
        p.read_text(encoding="utf-8", errors="replace")
        for p in (pr.workspace / "summcheck-report").rglob("*") if p.is_file())
    assert "eC1hY2Nlc3MtdG9rZW46" not in everything


def test_a_baseline_the_pull_request_edits_is_warned_about(pr):
    """A pull request that adds its own finding to the baseline passes, but not silently."""
    replace_in(pr.workspace / "examples/rfc3986/claims.jsonl", QUERY_QUOTE,
               QUERY_QUOTE.replace("may", "must"))
    written = run_summcheck("check", "examples/rfc3986/summary.md", "--no-cache",
                            "--write-baseline", "baseline.json", cwd=pr.workspace)
    assert written.returncode == 0, written.stderr
    pr.head("claims: a broken quote, hidden in the baseline")
    run = pr.run(EXTRA_ARGS="--baseline baseline.json")
    assert run.code == 0, run
    warnings = [line for line in run.stdout.splitlines() if line.startswith("::warning")]
    assert any("the baseline baseline.json is changed by this pull request" in line
               for line in warnings), run
    assert "baseline.json is changed by this pull request" in pr.step_summary
    # A baseline the pull request leaves alone is not warned about.
    replace_in(pr.workspace / "README.md", "# Project", "# The project")
    pr.base = pr.head_sha
    pr.head("README")
    run = pr.run(EXTRA_ARGS="--baseline baseline.json")
    assert run.code == 0 and "is changed by this pull request" not in run.stdout, run


# ---------------------------------------------------------------- bad input: exit 2, one line


@pytest.mark.parametrize("inputs, message", [
    ({"FAIL_ON": "sometimes"}, "fail-on: 'sometimes' is not one of error, warning, info, never"),
    ({"ANNOTATIONS": "maybe"}, "annotations: 'maybe' is not true or false"),
    ({"PATHS": "examples/nope.md"}, "examples/nope.md: no such file"),
    ({"PATHS": "'unbalanced"}, "paths: No closing quotation"),
    ({"EXTRA_ARGS": "--format json"}, "extra-args: --format is not an option here"),
    ({"EXTRA_ARGS": "--no-such-option"}, "extra-args: No such option: --no-such-option"),
    ({"EXTRA_ARGS": "--help"}, "extra-args: --help is not an option here"),
    ({"EXTRA_ARGS": "--page-numbers printed"}, "Invalid value for '--page-numbers'"),
    ({"EXTRA_ARGS": "--select SUM999"}, "unknown rule 'SUM999'"),
    ({"EXTRA_ARGS": "examples/rfc3986/summary.md"}, "name the files to check in the paths input"),
    ({"EXTRA_ARGS": "--fail-on info", "FAIL_ON": "error"}, "--fail-on is given twice"),
    ({"CONFIG": "missing.toml"}, "missing.toml: no such configuration file"),
    ({"REPORT": "maybe"}, "report: 'maybe' is not true or false"),
    ({"REPORT_DIR": " "}, "report-dir: empty; set report: false"),
    ({"PATHS": "examples/rfc3986/summary.md", "SARIF_FILE": "examples/rfc3986/claims.jsonl"},
     "--output names an input file"),
])
def test_bad_input_is_exit_2_with_one_error_line(pr, inputs, message):
    run = pr.run(**inputs)
    assert run.code == 2, run
    errors = [line for line in run.stdout.splitlines() if line.startswith("::error")]
    assert len(errors) == 1 and errors[0].startswith("::error::summcheck: "), run
    assert message in errors[0], run
    assert "Traceback" not in run.stdout + run.stderr
    assert pr.outputs["exit-code"] == "2" and pr.outputs["report-dir"] == ""
    assert not (pr.workspace / "summcheck-report").exists()
    # inputs are never modified
    assert (pr.workspace / "examples/rfc3986/claims.jsonl").read_bytes() == (
        EXAMPLES / "rfc3986/claims.jsonl").read_bytes()


def test_a_missing_claims_file_is_exit_2(pr):
    (pr.workspace / "examples/rfc3986/claims.jsonl").unlink()
    pr.head("claims deleted")
    run = pr.run()
    assert run.code == 2, run
    assert "claims.jsonl" in run.stdout and "::error::summcheck:" in run.stdout


# ---------------------------------------------------------------- safe passing of inputs


NASTY = "my summary $(touch PWNED) `touch PWNED2`; touch PWNED3 \"q\" 'x'.md"


def nasty_summary(pr: PullRequest) -> Path:
    path = pr.workspace / "examples/rfc3986" / NASTY
    shutil.copy(pr.workspace / "examples/rfc3986/summary.md", path)
    return path


def assert_nothing_ran(pr: PullRequest) -> None:
    for root in (pr.workspace, pr.tmp, Path.cwd()):
        assert not list(root.glob("PWNED*")), f"a shell ran an input in {root}"


def test_paths_with_spaces_and_shell_syntax_are_data(pr):
    nasty_summary(pr)
    quoted = "examples/rfc3986/" + NASTY
    run = pr.run(PATHS=shlex.quote(quoted), EXTRA_ARGS="--ignore 'SUM304' --select \"SUM\"")
    assert run.code == 0, run
    assert "1 summary checked" in run.stdout
    assert_nothing_ran(pr)
    # and through a pull request's changed files
    pr.head("a summary with a nasty name")
    run = pr.run()
    assert run.code == 0, run
    assert "1 summary checked" in run.stdout
    assert_nothing_ran(pr)


def load_action() -> dict:
    return yaml.safe_load((REPO / "action.yml").read_text(encoding="utf-8"))


def evaluate(expression_text: str, inputs: dict[str, str], steps: dict[str, dict]) -> str:
    """The few `${{ }}` expressions action.yml uses, evaluated as the runner would: to a
    string, before the shell ever sees it."""
    def one(match: re.Match) -> str:
        expr = match[1].strip()
        if expr.startswith("inputs."):
            return inputs[expr[len("inputs."):]]
        if expr == "runner.temp":
            return os.environ.get("RUNNER_TEMP", tempfile.gettempdir())
        m = re.fullmatch(r"steps\.([\w-]+)\.outputs\.([\w-]+)", expr)
        if m:
            return steps[m[1]][m[2]]
        raise AssertionError(f"unexpected expression {expr!r} in action.yml")

    return re.sub(r"\$\{\{(.*?)\}\}", one, expression_text)


@pytest.mark.integration
@pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed")
def test_the_action_run_step_passes_hostile_inputs_as_data(pr):
    """Execute action.yml's `run` step with bash, its `env:` evaluated from hostile inputs."""
    action = load_action()
    inputs = {name: str(spec.get("default", "")) for name, spec in action["inputs"].items()}
    nasty_summary(pr)
    inputs.update({
        "paths": shlex.quote(f"examples/rfc3986/{NASTY}") + "\n$(touch PWNED4)",
        "extra-args": "--ignore SUM304",
        "sarif-file": "out dir/$(touch PWNED7).sarif",
    })
    step = next(s for s in action["runs"]["steps"] if s.get("id") == "run")
    assert "${{" not in step["run"]
    env = pr.env()

    def run_step() -> subprocess.CompletedProcess:
        env.update({k: evaluate(str(v), inputs, {"install": {"python": sys.executable}})
                    for k, v in step["env"].items()})
        return subprocess.run([step["shell"], "--noprofile", "--norc", "-eo", "pipefail", "-c",
                               step["run"]], env=env, cwd=pr.workspace, capture_output=True,
                              text=True, timeout=300)

    done = run_step()
    out = done.stdout + done.stderr
    assert_nothing_ran(pr)
    # unquoted, "$(touch PWNED4)" is two words of the paths input: files that do not exist
    assert done.returncode == 2, out
    assert "::error::summcheck: $(touch: no such file" in out
    inputs["paths"] = shlex.quote(f"examples/rfc3986/{NASTY}")
    for extra, message in (("--ignore \"$(touch PWNED5)\"", "unknown rule '$(touch PWNED5)'"),
                           ("--ignore SUM1; touch PWNED6", "name the files to check in the paths")):
        inputs["extra-args"] = extra
        done = run_step()
        out = done.stdout + done.stderr
        assert_nothing_ran(pr)
        assert done.returncode == 2 and message in out, out
    inputs["extra-args"] = "--ignore SUM304"
    done = run_step()
    assert done.returncode == 0, done.stdout + done.stderr
    assert_nothing_ran(pr)
    validate_sarif(pr.workspace / "out dir" / "$(touch PWNED7).sarif")
    assert pr.outputs["sarif-file"] == "out dir/$(touch PWNED7).sarif"


# ---------------------------------------------------------------- action.yml itself


def test_action_yml_is_a_composite_action_wired_to_the_script():
    action = load_action()
    assert action["runs"]["using"] == "composite"
    assert set(action["inputs"]) >= {"paths", "config", "fail-on", "annotations", "sarif-file",
                                     "job-summary", "extra-args"}
    assert action["inputs"]["sarif-file"]["default"] == "summcheck.sarif"
    assert action["inputs"]["annotations"]["default"] == "true"
    assert action["inputs"]["job-summary"]["default"] == "true"
    assert action["inputs"]["report"]["default"] == "true"
    assert action["inputs"]["report-dir"]["default"] == "summcheck-report"
    outputs = action["outputs"]
    assert set(outputs) == {"exit-code", "sarif-file", "errors", "warnings", "infos",
                            "report-dir"}
    for name, spec in outputs.items():
        assert spec["value"] == f"${{{{ steps.run.outputs.{name} }}}}"
    steps = action["runs"]["steps"]
    run_steps = [s for s in steps if "run" in s]
    assert run_steps and all(s.get("shell") == "bash" for s in run_steps)
    for step in run_steps:
        assert "${{" not in step["run"], step["run"]
    run = next(s for s in steps if s.get("id") == "run")
    assert "-m summcheck.action" in run["run"]
    # every input reaches the script, through env: only
    names = {f"INPUT_{n.upper().replace('-', '_')}" for n in action["inputs"]} - {
        "INPUT_PYTHON_VERSION", "INPUT_CACHE"}  # read by the action's own steps
    assert names <= set(run["env"]), names - set(run["env"])
    install = next(s for s in steps if s.get("id") == "install")
    assert '"$GITHUB_ACTION_PATH"' in install["run"] and "$RUNNER_TEMP" in install["run"]
    for step in steps:
        if "uses" in step:
            assert re.fullmatch(r"[\w.-]+/[\w.-]+(/[\w.-]+)*@[0-9a-f]{40}", step["uses"]), \
                step["uses"]


@pytest.mark.integration
def test_action_installs_from_its_own_checkout(tmp_path):
    """The install step, run as the runner would, builds summcheck from $GITHUB_ACTION_PATH
    (a non-editable install: the package data must come along)."""
    if os.environ.get("SUMMCHECK_SKIP_INSTALL_TEST"):
        pytest.skip("SUMMCHECK_SKIP_INSTALL_TEST is set")
    action = load_action()
    install = next(s for s in action["runs"]["steps"] if s.get("id") == "install")
    checkout = tmp_path / "action"
    shutil.copytree(REPO, checkout, symlinks=True, ignore=shutil.ignore_patterns(
        ".git", ".venv", "__pycache__", ".pytest_cache", "*.egg-info", "build", "dist",
        "node_modules", "_data", "tests", "benchmarks"))
    runner_temp = tmp_path / "runner temp"
    runner_temp.mkdir()
    output = tmp_path / "install_output.txt"
    env = {**os.environ, "GITHUB_ACTION_PATH": str(checkout), "RUNNER_TEMP": str(runner_temp),
           "GITHUB_OUTPUT": str(output), "PIP_NO_INPUT": "1"}
    bindir = str(Path(sys.executable).parent)
    env["PATH"] = bindir + os.pathsep + env.get("PATH", "")  # a python3 of our version first
    done = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c",
                           install["run"]], env=env, capture_output=True, text=True, timeout=600)
    if done.returncode != 0 and ("Could not find a version" in done.stderr
                                 or "Failed to establish" in done.stderr):
        pytest.skip("no package index reachable to install summcheck's build dependencies")
    assert done.returncode == 0, done.stdout + done.stderr
    python = parse_outputs(output)["python"]
    assert Path(python).is_file() and str(runner_temp) in python
    pr = PullRequest(tmp_path / "pr")
    env = pr.env(PATHS="examples/defects/summary.md")
    run = subprocess.run([python, "-m", "summcheck.action"], env=env, cwd=pr.workspace,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "SUM200" in run.stdout  # the claims schema, shipped as package data, was found
    validate_sarif(pr.workspace / "summcheck.sarif")


# ---------------------------------------------------------------- pieces


def test_write_outputs_uses_a_heredoc_for_multi_line_values(tmp_path):
    target = tmp_path / "out"
    action_module.write_outputs({"GITHUB_OUTPUT": str(target)},
                                {"one": "a=b", "two": "line 1\nline 2", "three": 3})
    text = target.read_text(encoding="utf-8")
    assert re.search(r"^two<<ghadelimiter_[0-9a-f]{32}$", text, re.MULTILINE)
    assert parse_outputs(target) == {"one": "a=b", "two": "line 1\nline 2", "three": "3"}
    action_module.write_outputs({}, {"ignored": 1})  # no $GITHUB_OUTPUT: nothing to do


def test_inputs_from_env_defaults_and_splitting():
    inputs = action_module.Inputs.from_env({})
    assert inputs.paths == [] and inputs.config is None and inputs.fail_on is None
    assert inputs.annotations and inputs.job_summary and inputs.sarif_file == "summcheck.sarif"
    inputs = action_module.Inputs.from_env({
        "INPUT_PATHS": "a.md\n  'b c.md'  d.pdf\n", "INPUT_FAIL_ON": "Warning",
        "INPUT_ANNOTATIONS": "False", "INPUT_JOB_SUMMARY": "TRUE",
        "INPUT_EXTRA_ARGS": "--ocr --source 's t.txt' --page-numbers physical --select SUM1,SUM2"})
    assert inputs.paths == [Path("a.md"), Path("b c.md"), Path("d.pdf")]
    assert inputs.fail_on == "warning" and not inputs.annotations and inputs.job_summary
    assert inputs.check == {"ocr": True, "source": Path("s t.txt"), "page_numbers": "physical",
                            "select": ["SUM1,SUM2"]}


def test_main_in_process_reports_internal_errors_in_one_line(tmp_path, monkeypatch, capsys):
    def boom(env):
        raise RuntimeError("kaputt\nsecond line")

    monkeypatch.setattr(action_module, "run", boom)
    output = tmp_path / "out"
    assert action_module.main({"GITHUB_OUTPUT": str(output)}) == 2
    printed = capsys.readouterr().out
    assert printed == "::error::summcheck: internal error: RuntimeError: kaputt\\nsecond line\n"
    assert parse_outputs(output)["exit-code"] == "2"


# ---------------------------------------------------------------- evidence reports


def plain_sentences(summary: Path) -> list[str]:
    """The summary's body lines that hold no Markdown markup, list markers dropped: text that
    the report page shows as it is (one sentence per line in the examples)."""
    body = summary.read_text(encoding="utf-8").split("---", 2)[2]
    lines = [re.sub(r"^(\d+\.|[-+])\s+", "", line.strip()) for line in body.splitlines()]
    return [line for line in lines if line and not line.startswith(("#", "<!--"))
            and not re.search(r"[`*_\[\]<>&|\"']", line)]


def assert_report_shows(page_path: Path, summary: Path) -> None:
    assert page_path.is_file(), f"no evidence report at {page_path}"
    page = page_path.read_text(encoding="utf-8")
    assert page.lower().startswith("<!doctype html>") and "Content-Security-Policy" in page
    sentences = plain_sentences(summary)
    assert sentences, summary
    for sentence in sentences:
        assert html.escape(sentence, quote=False) in page, sentence


def index_links(folder: Path) -> list[str]:
    """The report files the index links to, as paths in the folder (hrefs decoded)."""
    page = (folder / "index.html").read_text(encoding="utf-8")
    assert "<script" not in page and "http" not in page.replace("http-equiv", "")
    return [unquote(html.unescape(href)) for href in re.findall(r'<a href="([^"]+)"', page)]


def test_reports_for_a_clean_and_a_failing_summary(pr):
    run = pr.run(PATHS="examples/rfc3986/summary.md examples/defects/summary.md",
                 REPORT_DIR="out/reports")
    assert run.code == 1, run  # the defects summary's findings decide, as without reports
    reports = pr.workspace / "out/reports"
    for name in ("rfc3986", "defects"):
        assert_report_shows(reports / f"examples/{name}/summary.md.html",
                            pr.workspace / f"examples/{name}/summary.md")
    assert sorted(index_links(reports)) == ["examples/defects/summary.md.html",
                                            "examples/rfc3986/summary.md.html"]
    index = (reports / "index.html").read_text(encoding="utf-8")
    assert "<code>examples/defects/summary.md</code>" in index and "2 summaries" in index
    assert "::warning::" not in run.stdout
    assert "summcheck: wrote 2 evidence reports and index.html to out/reports" in run.stdout
    assert pr.outputs["report-dir"] == "out/reports" and pr.outputs["exit-code"] == "1"
    assert not (pr.workspace / "summcheck-report").exists()
    # the same run again overwrites its own reports (an existing folder of plain files is fine)
    run = pr.run(PATHS="examples/rfc3986/summary.md", REPORT_DIR="out/reports")
    assert run.code == 0 and pr.outputs["report-dir"] == "out/reports", run


def test_report_false_writes_nothing(pr):
    run = pr.run(PATHS="examples/rfc3986/summary.md", REPORT="false")
    assert run.code == 0, run
    assert not (pr.workspace / "summcheck-report").exists()
    assert pr.outputs["report-dir"] == "" and "evidence report" not in run.stdout


def test_a_summary_that_cannot_be_checked_gets_no_report(pr):
    broken = pr.workspace / "examples/rfc3986/broken.md"
    broken.write_text((pr.workspace / "examples/rfc3986/summary.md").read_text(encoding="utf-8")
                      .replace("claims: claims.jsonl", "claims: missing.jsonl"), encoding="utf-8")
    run = pr.run(PATHS="examples/rfc3986/summary.md examples/rfc3986/broken.md")
    assert run.code == 2, run  # the check decides: a summary could not be checked
    assert "Traceback" not in run.stdout + run.stderr
    reports = pr.workspace / "summcheck-report"
    assert index_links(reports) == ["examples/rfc3986/summary.md.html"]
    assert not (reports / "examples/rfc3986/broken.md.html").exists()
    assert pr.outputs["report-dir"] == "summcheck-report"
    # nothing checkable at all: no folder, no output
    shutil.rmtree(reports)
    run = pr.run(PATHS="examples/rfc3986/broken.md")
    assert run.code == 2 and not reports.exists(), run
    assert pr.outputs["report-dir"] == ""


def test_a_report_that_cannot_be_built_is_a_warning_and_skipped(pr, monkeypatch):
    import summcheck.evidence.report as evidence_module

    real = evidence_module.evidence_report

    def flaky(summary, options):
        if "defects" in str(summary):
            raise RuntimeError("renderer broke\nsecond line")
        return real(summary, options)

    monkeypatch.setattr(evidence_module, "evidence_report", flaky)
    run = pr.run(PATHS="examples/rfc3986/summary.md examples/defects/summary.md")
    assert run.code == 1, run  # the check's verdict, untouched
    warnings = [line for line in run.stdout.splitlines() if line.startswith("::warning::")]
    assert warnings == ["::warning::summcheck: no evidence report for examples/defects/summary.md:"
                        " internal error: RuntimeError: renderer broke\\nsecond line"], run
    reports = pr.workspace / "summcheck-report"
    assert index_links(reports) == ["examples/rfc3986/summary.md.html"]
    index = (reports / "index.html").read_text(encoding="utf-8")
    assert "No report (1)" in index and "renderer broke" in index
    assert pr.outputs["report-dir"] == "summcheck-report"
    # no report at all: no index, an empty output, still the check's exit code
    monkeypatch.setattr(evidence_module, "evidence_report",
                        lambda summary, options: (_ for _ in ()).throw(OSError(28, "No space")))
    shutil.rmtree(reports)
    run = pr.run(PATHS="examples/defects/summary.md")
    assert run.code == 1 and run.stdout.count("::warning::summcheck: no evidence report") == 1, run
    assert not (reports / "index.html").exists() and pr.outputs["report-dir"] == ""


def test_report_file_names_survive_an_artifact(pr):
    """A summary's name with quotes, `$( )` and spaces, and one in a hidden folder: report
    names that upload-artifact accepts (no `" : < > | * ? CR LF`, no hidden component)."""
    nasty_summary(pr)
    hidden = pr.workspace / ".docs/summary.md"
    hidden.parent.mkdir()
    hidden.write_text((pr.workspace / "examples/rfc3986/summary.md").read_text(encoding="utf-8")
                      .replace("source: rfc3986.txt", "source: ../examples/rfc3986/rfc3986.txt")
                      .replace("claims: claims.jsonl", "claims: ../examples/rfc3986/claims.jsonl"),
                      encoding="utf-8")
    run = pr.run(PATHS=shlex.quote("examples/rfc3986/" + NASTY) + " .docs/summary.md")
    assert run.code == 0, run
    assert_nothing_ran(pr)
    reports = pr.workspace / "summcheck-report"
    files = sorted(p.relative_to(reports).as_posix() for p in reports.rglob("*") if p.is_file())
    assert len(files) == 3, files  # two reports and the index
    for name in files:
        assert not set(name) & set('":<>|*?\r\n\\'), name
        assert not any(part.startswith(".") for part in name.split("/")), name
    links = index_links(reports)
    assert "%2Edocs/summary.md.html" in links
    assert sorted(links + ["index.html"]) == files
    for link in links:
        assert_report_shows(reports / link, pr.workspace / "examples/rfc3986/summary.md")


@pytest.mark.parametrize("report_dir, why", [
    (".", "is the workspace or a folder above it"),
    ("..", "is the workspace or a folder above it"),
    ("linked", "holds escape, which is not a plain file or folder"),
    ("examples/rfc3986/summary.md", "exists and is not a folder"),
])
def test_a_report_dir_that_would_upload_too_much_is_refused(pr, report_dir, why):
    (pr.workspace / "linked").mkdir()
    (pr.workspace / "linked/escape").symlink_to(pr.tmp)
    run = pr.run(PATHS="examples/rfc3986/summary.md", REPORT_DIR=report_dir)
    assert run.code == 0, run  # a warning, never a failure
    warnings = [line for line in run.stdout.splitlines() if line.startswith("::warning::")]
    assert len(warnings) == 1 and why in warnings[0], run
    assert "no evidence report written" in warnings[0]
    assert pr.outputs["report-dir"] == ""
    assert not list(pr.workspace.rglob("*.md.html")) and not list(pr.tmp.glob("index.html"))


def test_action_yml_uploads_the_reports_and_links_them():
    steps = load_action()["runs"]["steps"]
    ids = [s.get("id") for s in steps]
    upload = next(s for s in steps if s.get("id") == "upload-report")
    assert ids.index("upload-report") == ids.index("run") + 1
    assert upload["uses"].startswith("actions/upload-artifact@")
    assert upload["if"] == "always() && steps.run.outputs.report-dir != ''"
    assert upload["continue-on-error"] is True  # an upload never fails the check's step
    assert upload["with"] == {"name": "summcheck-report",
                              "path": "${{ steps.run.outputs.report-dir }}"}
    text = (REPO / "action.yml").read_text(encoding="utf-8")
    assert re.search(r"uses: actions/upload-artifact@[0-9a-f]{40}  # v4\.\d+\.\d+$", text,
                     re.MULTILINE)
    link = steps[ids.index("upload-report") + 1]
    assert link["if"] == "always() && steps.upload-report.outputs.artifact-url != ''"
    assert link["env"]["ARTIFACT_URL"] == "${{ steps.upload-report.outputs.artifact-url }}"
    assert "${{" not in link["run"]


@pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed")
@pytest.mark.parametrize("job_summary, expected", [("true", True), ("True", True),
                                                   ("false", False)])
def test_the_link_step_appends_one_line_to_the_job_summary(tmp_path, job_summary, expected):
    """action.yml's link step run as the runner would, the artifact URL as upload-artifact
    gives it (an attacker cannot choose it, but it is passed as data all the same)."""
    steps = load_action()["runs"]["steps"]
    link = steps[[s.get("id") for s in steps].index("upload-report") + 1]
    url = "https://github.com/o/r/actions/runs/1/artifacts/2"
    outputs = {"upload-report": {"artifact-url": url}}
    env = {k: evaluate(str(v), {"job-summary": job_summary}, outputs)
           for k, v in link["env"].items()}
    summary = tmp_path / "summary.md"
    summary.write_text("## summcheck: all checks passed\n", encoding="utf-8")
    done = subprocess.run([link["shell"], "--noprofile", "--norc", "-eo", "pipefail", "-c",
                           link["run"]], env={"PATH": os.environ["PATH"], **env,
                                              "GITHUB_STEP_SUMMARY": str(summary)},
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    added = summary.read_text(encoding="utf-8").split("\n", 1)[1].strip("\n").splitlines()
    if expected:
        assert added == [f"**Evidence reports:** [summcheck-report]({url}) (artifact: one "
                         f"HTML page per summary, and index.html)"]
    else:
        assert added == []


def test_action_yml_keeps_pip_and_the_sources_cache_written_only_outside_pull_requests():
    steps = load_action()["runs"]["steps"]
    by_name = {step["name"]: step for step in steps}
    run = next(s for s in steps if s.get("id") == "run")
    key = by_name["Key the sources' cache"]
    assert key["run"].endswith("-m summcheck.action sources-key")
    restore = by_name["Restore the sources' cache"]
    assert restore["uses"].startswith("actions/cache/restore@")
    assert "steps.sources.outputs.key" in restore["with"]["key"]
    assert "summcheck-cache" in run["env"]["SUMMCHECK_CACHE_DIR"]
    assert restore["with"]["path"] == "${{ runner.temp }}/summcheck-cache"
    install = by_name["Install summcheck"]
    assert install["env"]["PIP_CACHE_DIR"] == "${{ runner.temp }}/summcheck-pip"
    saves = [step for step in steps if step.get("uses", "").startswith("actions/cache/save@")]
    assert len(saves) == 2
    for save in saves:  # a pull request never writes what later runs read
        assert "!startsWith(github.event_name, 'pull_request')" in save["if"]
        assert steps.index(save) > steps.index(run)


def test_the_sources_key_follows_the_bytes_of_every_source(tmp_path, monkeypatch):
    from summcheck.action import main

    shutil.copytree(EXAMPLES / "rfc3986", tmp_path / "docs")
    (tmp_path / "summcheck.toml").write_text("", encoding="utf-8")

    def key() -> str:
        output = tmp_path / "out.txt"
        output.write_text("", encoding="utf-8")
        env = {"GITHUB_WORKSPACE": str(tmp_path), "GITHUB_OUTPUT": str(output)}
        assert main(env, ["sources-key"]) == 0
        values = dict(line.split("=", 1) for line in output.read_text().splitlines())
        assert values["sources"] == "1"
        return values["key"]

    monkeypatch.chdir(tmp_path)
    first = key()
    assert key() == first
    (tmp_path / "docs" / "summary.md").write_text(
        (tmp_path / "docs" / "summary.md").read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert key() == first  # a summary is no source
    source = tmp_path / "docs" / "rfc3986.txt"
    source.write_bytes(source.read_bytes() + b"\n")
    assert key() != first
