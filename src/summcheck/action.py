"""The GitHub Action's logic: `python -m summcheck.action`, run by `action.yml`.

Everything comes from the environment, the way a composite action hands its inputs over
(`env:` only, never `${{ }}` inside a script):

| variable | meaning |
|---|---|
| `INPUT_PATHS` | summaries, folders, or sources/claims files to check, separated by spaces or new lines (quote a path that holds a space, shell-style); empty: the summaries the pull request touches, and on any other event every summary in the workspace |
| `INPUT_CONFIG` | configuration file (default: the closest `summcheck.toml` / `pyproject.toml`) |
| `INPUT_FAIL_ON` | `error`, `warning`, `info` or `never` (default: the configuration's `fail-on`, else `error`) |
| `INPUT_ANNOTATIONS` | `true`: annotate the pull request (`--format github`) |
| `INPUT_SARIF_FILE` | where to write the SARIF report (empty: none) |
| `INPUT_JOB_SUMMARY` | `true`: append the Markdown report to `$GITHUB_STEP_SUMMARY` |
| `INPUT_EXTRA_ARGS` | more `summcheck check` options, shell-style (`--select SUM1 --ocr`; `--baseline FILE` leaves out the findings a baseline records) |
| `INPUT_REPORT` | `true`: write each checked summary's evidence report (HTML) and an index |
| `INPUT_REPORT_DIR` | the folder for them (default `summcheck-report`), uploaded by action.yml |

and GitHub's own `GITHUB_WORKSPACE`, `GITHUB_EVENT_NAME`, `GITHUB_EVENT_PATH`,
`GITHUB_BASE_REF`, `GITHUB_STEP_SUMMARY` and `GITHUB_OUTPUT`.

The check runs once; its report is rendered as annotations, job summary and SARIF. Then each
summary that could be checked gets its evidence report, built in this process with the same
options; one that cannot be built is a `::warning::` line, never a failure. Outputs:
`exit-code`, `sarif-file`, `errors`, `warnings`, `infos`, `report-dir` (empty when no report
was written). The exit code is what `--fail-on` implies (0 or 1), or 2 with one `::error::`
line when the check could not run.
"""
from __future__ import annotations

import json
import os
import secrets
import shlex
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Mapping

from .files.git import run_git
from .terminal.interrupt import Interrupted, interruptions_raised
from .model import InputError
from .report.github import command

if TYPE_CHECKING:
    from .engine.options import Options
    from .files.output import RunInput

PR_EVENTS = ("pull_request", "pull_request_target")
FAIL_ON = ("error", "warning", "info", "never")
#: `summcheck check` options that make no sense inside the action (it renders every format).
RESERVED = {"output_format": "--format", "output": "--output", "color": "--color",
            "changed": "--changed", "progress": "--progress", "statistics": "--statistics",
            "quiet": "--quiet", "write_baseline": "--write-baseline", "fix": "--fix",
            "diff": "--diff", "stdin_filename": "--stdin-filename"}


class ActionError(Exception):
    """An input the action cannot work with: exit 2."""


@dataclass
class Inputs:
    paths: list[Path] = field(default_factory=list)
    config: Path | None = None
    fail_on: str | None = None
    annotations: bool = True
    sarif_file: str = "summcheck.sarif"
    job_summary: bool = True
    report: bool = True
    report_dir: str = "summcheck-report"
    check: dict = field(default_factory=dict)  # parsed extra-args: source, claims, ocr, …
    baseline: Path | None = None  # extra-args' --baseline: findings it records are left out

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> "Inputs":
        def get(name: str, default: str = "") -> str:
            value = env.get(f"INPUT_{name}")
            return default if value is None else value.strip()

        inputs = cls()
        inputs.paths = [Path(p) for p in _split("paths", get("PATHS"))]
        inputs.config = Path(get("CONFIG")) if get("CONFIG") else None
        fail_on = get("FAIL_ON").lower()
        if fail_on and fail_on not in FAIL_ON:
            raise ActionError(f"fail-on: {get('FAIL_ON')!r} is not one of {', '.join(FAIL_ON)}")
        inputs.fail_on = fail_on or None
        inputs.annotations = _boolean("annotations", get("ANNOTATIONS", "true"))
        inputs.job_summary = _boolean("job-summary", get("JOB_SUMMARY", "true"))
        inputs.sarif_file = get("SARIF_FILE", "summcheck.sarif")
        inputs.report = _boolean("report", get("REPORT", "true"))
        inputs.report_dir = get("REPORT_DIR", "summcheck-report")
        if inputs.report and not inputs.report_dir:
            raise ActionError("report-dir: empty; set report: false to write no evidence reports")
        inputs.check = _parse_extra_args(_split("extra-args", get("EXTRA_ARGS")))
        inputs.baseline = inputs.check.pop("baseline", None)
        if inputs.check.pop("paths", None):
            raise ActionError("extra-args: name the files to check in the paths input, "
                              "not in extra-args")
        for key, name in (("config", "config"), ("fail_on", "fail-on")):
            extra = inputs.check.pop(key, None)
            if extra is not None:
                if getattr(inputs, key) is not None:
                    raise ActionError(f"extra-args: --{name} is given twice (the {name} input "
                                      f"and extra-args); keep one")
                setattr(inputs, key, extra)
        return inputs


def _split(name: str, value: str) -> list[str]:
    try:
        return shlex.split(value)
    except ValueError as exc:
        raise ActionError(f"{name}: {exc} (quote paths shell-style)") from None


def _boolean(name: str, value: str) -> bool:
    if value.lower() in ("true", "yes", "on", "1"):
        return True
    if value.lower() in ("false", "no", "off", "0", ""):
        return False
    raise ActionError(f"{name}: {value!r} is not true or false")


def _parse_extra_args(args: list[str]) -> dict:
    """Parse `summcheck check` options exactly as the command line does (cli.parse_check_args):
    {CheckRequest field: value} for each option that `args` name."""
    if not args:
        return {}
    from .cli import parse_check_args

    try:
        given = parse_check_args(args)
    except InputError as exc:
        raise ActionError(f"extra-args: {exc}") from None
    values: dict = {}
    for key, value in given.items():
        if key in RESERVED:
            raise ActionError(f"extra-args: {RESERVED[key]} is not an option here; the "
                              f"action renders annotations, job summary and SARIF itself")
        if value is None or value == []:
            continue  # only what extra-args names: a default is the action's own to choose
        if key in ("source", "claims", "config", "structure"):
            value = Path(value)
        values[key] = value
    return values


# ---------------------------------------------------------------- the pull request's files


def changed_files(env: Mapping[str, str], workspace: Path) -> list[Path] | None:
    """Files the pull request changes (base...head), or None when git cannot tell."""
    base = head = None
    event_path = env.get("GITHUB_EVENT_PATH", "")
    if event_path:
        try:
            event = json.loads(Path(event_path).read_text(encoding="utf-8"))
            pull = event.get("pull_request") or {}
            base = (pull.get("base") or {}).get("sha")
            head = (pull.get("head") or {}).get("sha")
        except (OSError, ValueError, AttributeError):
            base = head = None
    if not (isinstance(base, str) and isinstance(head, str) and _is_sha(base) and _is_sha(head)):
        base_ref = env.get("GITHUB_BASE_REF", "").strip()
        if not base_ref or base_ref.startswith("-"):
            return None
        base, head = f"origin/{base_ref}", "HEAD"
    top = _git(workspace, "rev-parse", "--show-toplevel")
    listing = _git(workspace, "diff", "--name-only", "-z", "--no-renames", "--no-ext-diff",
                   "--no-textconv", f"{base}...{head}", "--")
    if top is None or listing is None:
        return None
    root = Path(top.strip())
    return [root / name for name in listing.split("\0") if name]


def _is_sha(value: str) -> bool:
    return 7 <= len(value) <= 64 and all(c in "0123456789abcdefABCDEF" for c in value)


def _git(cwd: Path, *args: str) -> str | None:
    """What a read-only git command printed (gitrun.py: configured programs off), or None."""
    printed = run_git(cwd, *args, timeout=120)
    return None if printed is None else printed.decode("utf-8", "surrogateescape")


# ---------------------------------------------------------------- writing results


def write_outputs(env: Mapping[str, str], values: dict[str, object]) -> None:
    """Append step outputs to `$GITHUB_OUTPUT` (`name=value`, or the heredoc form for values
    that span lines, with a random delimiter as the Actions toolkit uses)."""
    target = env.get("GITHUB_OUTPUT", "")
    if not target:
        return
    lines = []
    for name, value in values.items():
        text = str(value)
        if "\n" in text or "\r" in text:
            delimiter = f"ghadelimiter_{secrets.token_hex(16)}"
            lines.append(f"{name}<<{delimiter}\n{text}\n{delimiter}")
        else:
            lines.append(f"{name}={text}")
    with open(target, "a", encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")


def append_step_summary(env: Mapping[str, str], markdown: str) -> None:
    target = env.get("GITHUB_STEP_SUMMARY", "")
    if target:
        with open(target, "a", encoding="utf-8") as handle:
            handle.write(markdown if markdown.endswith("\n") else markdown + "\n")


def write_file(path: Path, text: str) -> None:
    """Write the whole file or nothing (output.write_atomically; a missing folder is created)."""
    from .files.output import write_atomically

    try:
        write_atomically(path, text, "SARIF report", make_parents=True)
    except InputError as exc:
        raise ActionError(f"sarif-file: {exc}") from None


def _print_log(text: str) -> None:
    """Print user-controlled text to the log without letting it issue workflow commands."""
    token = secrets.token_hex(16)
    print("::group::summcheck report")
    print(f"::stop-commands::{token}")
    sys.stdout.write(text if text.endswith("\n") else text + "\n")
    print(f"::{token}::")
    print("::endgroup::")


def _notice(message: str) -> None:
    print(command("notice", {}, message))


def _warning(message: str) -> None:
    print(command("warning", {}, message))


# ---------------------------------------------------------------- the run


def _apply_baseline(report, path: Path) -> None:
    """Leave out the findings the baseline records (baseline.py); a notice says how many,
    and which of its entries no longer occur."""
    from .ci.baseline import apply_baseline, read_baseline

    try:
        entries = read_baseline(path)
    except InputError as exc:
        raise ActionError(f"extra-args: --baseline: {exc}") from None
    before = len(report.findings)
    stale = apply_baseline(report, entries)
    known = before - len(report.findings)
    if known or stale:
        gone = f"; {len(stale)} of its entries no longer occur" if stale else ""
        _notice(f"summcheck: {known} finding{'s' * (known != 1)} left out: recorded in the "
                f"baseline {path}{gone}")


def _baseline_cautions(baseline: Path | None, changed: list[Path] | None) -> list[str]:
    """A warning when the pull request edits the baseline it is judged with: an entry added
    there hides that pull request's own finding."""
    if baseline is None or not changed:
        return []
    target = os.path.realpath(baseline)
    if not any(os.path.realpath(path) == target for path in changed):
        return []
    return [f"the baseline {baseline} is changed by this pull request: the findings it records "
            f"are left out of this run, so a new entry can hide one of the pull request's own "
            f"findings; review the change to the baseline"]


def run(env: Mapping[str, str]) -> int:
    from .inputs.discovery import summaries_for
    from .inputs.summaries import changed_keys
    from .report.markdown import escape_cell
    from .files.output import guard_output, run_inputs
    from .report.github import GithubReporter
    from .report.markdown import MarkdownReporter
    from .report.sarif import SarifReporter
    from .report.grouped import GroupedReporter
    from .config.settings import CheckRequest
    from .config.settings import fail_on as fail_level

    inputs = Inputs.from_env(env)
    workspace = Path(env.get("GITHUB_WORKSPACE") or ".")
    if not workspace.is_dir():
        raise ActionError(f"GITHUB_WORKSPACE: {workspace} is not a folder")
    os.chdir(workspace)
    workspace = Path(".")
    # None of the formats the action writes lists the verified quotes (the JSON report does).
    request = CheckRequest(paths=inputs.paths, config=inputs.config, fail_on=inputs.fail_on,
                           quotes=False, **inputs.check)
    settings = request.settings()
    level = fail_level(settings, request.fail_on)
    in_pull_request = env.get("GITHUB_EVENT_NAME", "") in PR_EVENTS
    changed = changed_files(env, workspace) if in_pull_request else None
    cautions = [*settings.warnings, *_baseline_cautions(inputs.baseline, changed)]
    for caution in cautions:
        _warning(f"summcheck: {caution}")
    if cautions and inputs.job_summary:
        append_step_summary(env, "".join(f"> **Warning:** {escape_cell(caution)}\n>\n"
                                         for caution in cautions) + "\n")
    errors: list = []  # paths that stand for no summary, and summaries that cannot run
    if inputs.paths:
        summaries, errors = request.summaries(settings)
    elif in_pull_request:
        if changed is None:
            _notice("summcheck: cannot list the files this pull request changes (check out "
                    "with fetch-depth: 0 so that git has both commits); checking every summary")
            summaries, errors = request.summaries(settings, [workspace])
        else:
            summaries = summaries_for(changed, workspace, settings, request.exclude)
    else:
        summaries, errors = request.summaries(settings, [workspace])
    options = request.options(settings)
    if changed is not None:  # a source this pull request edits is told (SUM110)
        options.changed_files = changed_keys(changed)
    sarif_file = inputs.sarif_file
    if not summaries and not errors:
        what = ("the paths input names no summary, nor a file that a summary uses"
                if inputs.paths else
                "this pull request touches no summary, source or claims file")
        _notice(f"summcheck: {what}; nothing to check")
        if inputs.job_summary:
            append_step_summary(env, f"### summcheck\n\nNothing to check: {what}.\n")
        write_outputs(env, {"exit-code": 0, "sarif-file": "", "errors": 0, "warnings": 0,
                            "infos": 0, "report-dir": ""})
        return 0
    if sarif_file:
        guard_output(Path(sarif_file), run_inputs(summaries, options, request.named_files()),
                     what="SARIF report", fix="set the sarif-file input to another file")
    report = request.check(summaries, options, errors)
    if inputs.baseline is not None:
        _apply_baseline(report, inputs.baseline)
    report.fail_on = level  # what the renderers that judge each finding count as failing
    code = report.exit_code(level)
    for error in report.errors:  # each summary that could not be checked, by name
        print(command("error", {}, f"summcheck: {error.line()}"))
    if report.errors and not report.summaries:  # nothing could be checked: no report
        if inputs.job_summary:
            append_step_summary(env, _errors_markdown(report.errors))
        write_outputs(env, {"exit-code": 2, "sarif-file": "", "errors": "", "warnings": "",
                            "infos": "", "report-dir": ""})
        return 2

    _print_log(GroupedReporter(color=False).render(report))
    if inputs.annotations:
        sys.stdout.write(GithubReporter(unchecked=False).render(report))  # named above
    if inputs.job_summary:
        append_step_summary(env, MarkdownReporter().render(report))  # lists the unchecked too
    if sarif_file:
        write_file(Path(sarif_file), SarifReporter().render(report))
    report_dir = ""
    if inputs.report:
        checked = [s.path for s in report.summaries]  # the unchecked have no evidence to show
        guarded = run_inputs(checked, options, request.named_files())
        if write_reports(Path(inputs.report_dir), checked, options, workspace, guarded):
            report_dir = inputs.report_dir  # as given: upload-artifact resolves it the same way
    counts = report.counts
    write_outputs(env, {"exit-code": code, "sarif-file": sarif_file, "errors": counts["error"],
                        "warnings": counts["warning"], "infos": counts["info"],
                        "report-dir": report_dir})
    return code


def write_reports(folder: Path, summaries: list[Path], options: Options, workspace: Path,
                  inputs: list[RunInput]) -> int:
    """Write the evidence reports of `summaries` and their index into `folder`; the number
    written. Whatever goes wrong is a `::warning::` line: the reports never change the
    step's result, which the check alone decides."""
    from .terminal.display import printable
    from .evidence.folder import Skipped, unsafe_folder, write_report_folder

    if not summaries:
        return 0
    why = unsafe_folder(folder, workspace)
    if why:
        _warning(f"summcheck: report-dir {folder} {why}; no evidence report written")
        return 0

    def skipped(skip: Skipped) -> None:
        _warning(f"summcheck: no evidence report for {skip.summary}: {skip.cause}")

    try:
        entries, _ = write_report_folder(summaries, options, folder, workspace, inputs,
                                         on_skip=skipped)
    except (InputError, OSError) as exc:  # the index could not be written
        _warning(f"summcheck: cannot write the evidence reports' index: {exc}")
        return 0
    if entries:
        print(f"summcheck: wrote {len(entries)} evidence report{'s' if len(entries) != 1 else ''} "
              f"and index.html to {printable(str(folder))}")
    return len(entries)


def _errors_markdown(errors) -> str:
    """The job summary's list of the summaries that could not be checked."""
    from .report.base import display_path
    from .report.markdown import code_span, escape_cell

    lines = [f"\n### summcheck could not check {len(errors)} "
             f"summar{'y' if len(errors) == 1 else 'ies'}\n"]
    for error in errors:
        lines.append(f"- {code_span(display_path(error.path))}: {escape_cell(error.cause)}")
    return "\n".join(lines) + "\n"


def sources_key(env: Mapping[str, str]) -> int:
    """Write `key`, the sha256 of every source the repository's summaries name (their
    paths and bytes), to the step's outputs: the key of the `.summcheck_cache/` the action
    keeps between runs, so that an unchanged set of sources finds its entries again. A source
    that cannot be read counts by its path alone; the check says what is wrong with it."""
    import hashlib

    from . import __version__
    from .inputs.resolution import inputs_for
    from .config.settings import CheckRequest

    inputs = Inputs.from_env(env)
    os.chdir(Path(env.get("GITHUB_WORKSPACE") or "."))
    request = CheckRequest(paths=[], config=inputs.config, **inputs.check)
    settings = request.settings()
    summaries, _ = request.summaries(settings, [Path(".")])
    sources = sorted({path.as_posix() for summary in summaries
                      for role, path in inputs_for(summary, settings, request).files()
                      if role == "source"})
    digest = hashlib.sha256(f"summcheck {__version__}\n".encode())
    for source in sources:
        digest.update(f"{source}\n".encode("utf-8", "surrogateescape"))
        try:
            with open(source, "rb") as handle:
                digest.update(hashlib.file_digest(handle, "sha256").digest()
                              if hasattr(hashlib, "file_digest")
                              else hashlib.sha256(handle.read()).digest())
        except (OSError, ValueError):  # missing, a folder, a NUL in its name
            digest.update(b"unreadable")
    write_outputs(env, {"key": digest.hexdigest()[:32], "sources": len(sources)})
    return 0


def main(env: Mapping[str, str] | None = None, argv: list[str] | None = None) -> int:
    env = os.environ if env is None else env
    argv = sys.argv[1:] if argv is None else argv
    try:
        with interruptions_raised():  # a cancelled job: SIGINT, then SIGTERM
            return sources_key(env) if argv == ["sources-key"] else run(env)
    except KeyboardInterrupt:
        message = Interrupted("SIGINT").cause()
    except Interrupted as exc:
        message = exc.cause()
    except (ActionError, InputError) as exc:
        message = str(exc) or type(exc).__name__  # printed through command(): one line
    except OSError as exc:
        message = f"{getattr(exc, 'filename', None) or ''}: {exc.strerror or exc}".lstrip(": ")
    except Exception as exc:  # an internal error still ends with one line and exit 2
        if env.get("SUMMCHECK_DEBUG"):
            raise
        message = f"internal error: {type(exc).__name__}: {exc}"
    print(command("error", {}, f"summcheck: {message}"))
    try:
        write_outputs(env, {"exit-code": 2, "sarif-file": "", "errors": "", "warnings": "",
                            "infos": "", "report-dir": ""})
    except OSError:
        pass
    return 2


if __name__ == "__main__":
    sys.exit(main())
