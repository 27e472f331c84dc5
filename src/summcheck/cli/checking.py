"""`summcheck check`, and parse_check_args: its options parsed as its command line parses them
(for the GitHub Action's `args` input, action.py)."""
from __future__ import annotations

import contextlib
import sys
from pathlib import Path
from typing import List, Optional

import typer

from ..terminal.display import printable
from ..model import InputError
from .common import (ALLOW_OUTSIDE_HELP, CACHE_HELP, PAGE_NUMBERS_HELP, SECTIONS_HELP,
                     STRUCTURE_HELP, FailOn,
                     Format, PageNumbers, Sections, app, cwd_relative, fail, use_color,
                     write_atomically)


def check(
    paths: Optional[List[Path]] = typer.Argument(None, help="Summary files, or folders to search; - reads one summary from standard input (with --stdin-filename)."),
    source: Optional[Path] = typer.Option(None, "--source", help="Source document (overrides front matter).", rich_help_panel="Inputs"),
    claims: Optional[Path] = typer.Option(None, "--claims", help="Claim records (overrides front matter).", rich_help_panel="Inputs"),
    ocr: Optional[bool] = typer.Option(None, "--ocr/--no-ocr", help="Treat the source as OCR text.", rich_help_panel="Inputs"),
    page_numbers: Optional[PageNumbers] = typer.Option(None, "--page-numbers", help=PAGE_NUMBERS_HELP, rich_help_panel="Inputs"),
    sections: Optional[Sections] = typer.Option(None, "--sections", help=SECTIONS_HELP, rich_help_panel="Inputs"),
    structure: Optional[Path] = typer.Option(None, "--structure", help=STRUCTURE_HELP, rich_help_panel="Inputs"),
    output_format: Format = typer.Option(Format.text, "--format", "-f", help="Output format: text (each finding with its line and fix), concise, grouped, json, github, gitlab, sarif, rdjson, rdjsonl, markdown, junit.", rich_help_panel="Output"),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Write the report to FILE (never over an input).", rich_help_panel="Output"),
    select: Optional[List[str]] = typer.Option(None, "--select", help="Rules to run (codes, names, prefixes).", rich_help_panel="Selection", metavar="<rule>"),
    ignore: Optional[List[str]] = typer.Option(None, "--ignore", help="Rules to skip.", rich_help_panel="Selection", metavar="<rule>"),
    fail_on: Optional[FailOn] = typer.Option(None, "--fail-on", help="Lowest severity that fails the run (default: error).", rich_help_panel="Selection"),
    config: Optional[Path] = typer.Option(None, "--config", help="Configuration file (default: the closest summcheck.toml or pyproject.toml).", rich_help_panel="Inputs"),
    color: Optional[bool] = typer.Option(None, "--color/--no-color", help="Colour the text report (default: as the terminal, NO_COLOR and FORCE_COLOR say).", rich_help_panel="Output"),
    exclude: Optional[List[str]] = typer.Option(None, "--exclude", help="Leave out what this .gitignore-style pattern matches (relative to the current folder; repeatable).", rich_help_panel="Inputs", metavar="<pattern>"),
    changed: bool = typer.Option(False, "--changed", help="The PATHs are files a commit or pull request changed (what pre-commit passes): check the summaries they touch and ignore files that no summary uses.", rich_help_panel="CI"),
    allow_outside: bool = typer.Option(False, "--allow-outside", help=ALLOW_OUTSIDE_HELP, rich_help_panel="Inputs"),
    jobs: int = typer.Option(1, "--jobs", "-j", min=0, help="Check summaries in N processes, each source's summaries in one (0: one a core).", rich_help_panel="Speed", metavar="<n>"),
    progress: Optional[bool] = typer.Option(None, "--progress/--no-progress", help="Show a progress bar on stderr (default: in a terminal, not in CI).", rich_help_panel="Speed"),
    cache: Optional[bool] = typer.Option(None, "--cache/--no-cache", help=CACHE_HELP, rich_help_panel="Speed"),
    statistics: bool = typer.Option(False, "--statistics", help="Print how many findings each rule has (code, count, fixable, name) instead of the findings.", rich_help_panel="Output"),
    quiet: int = typer.Option(0, "--quiet", "-q", count=True, help="Print only the findings (-qq: nothing; the exit code alone tells).", rich_help_panel="Output"),
    baseline: Optional[Path] = typer.Option(None, "--baseline", help="Fail only on findings this baseline file does not record (and list its entries that no longer occur).", rich_help_panel="CI"),
    write_baseline: Optional[Path] = typer.Option(None, "--write-baseline", help="Record every finding of this run in FILE, a baseline for --baseline, and exit 0.", rich_help_panel="CI"),
    fix: bool = typer.Option(False, "--fix", help="Fix what is mechanically certain in the claims files (SUM202 locator, SUM302 strength, SUM301 exact duplicate), then report what remains.", rich_help_panel="Output"),
    diff: bool = typer.Option(False, "--diff", help="Print the changes --fix would make as a unified diff, and write nothing (exit 1 when there are any).", rich_help_panel="Output"),
    stdin_filename: Optional[Path] = typer.Option(None, "--stdin-filename", help="The path of the summary read from standard input (-): its front matter's paths are relative to it.", rich_help_panel="Inputs"),
) -> None:
    """Check summaries against their claim records and sources."""
    from ..files.reading import standing_in
    from ..files.output import guard_output, run_inputs
    from ..terminal.progress import wants_progress
    from ..config.settings import CheckRequest

    paths = list(paths or [])
    stdin_data: bytes | None = None
    if any(str(p) == "-" for p in paths):
        if len(paths) != 1:
            raise fail("- (a summary read from standard input) cannot be checked together "
                       "with other paths")
        if stdin_filename is None:
            raise fail("- reads a summary from standard input: name it with --stdin-filename "
                       "PATH (its front matter's paths are relative to that path)")
        paths = [stdin_filename]
        stdin_data = sys.stdin.buffer.read()
    elif stdin_filename is not None:
        raise fail("--stdin-filename names the summary read from standard input: pass - as "
                   "the path to check")
    if baseline is not None and write_baseline is not None:
        raise fail("--baseline and --write-baseline: give one (write the baseline, then check "
                   "against it)")
    request = CheckRequest(
        paths=[cwd_relative(p) for p in paths], source=source, claims=claims, ocr=ocr,
        page_numbers=page_numbers.value if page_numbers else None,
        sections=sections.value if sections else None, structure=structure, select=select,
        ignore=ignore, exclude=list(exclude or ()), config=config,
        fail_on=fail_on.value if fail_on else None, allow_outside=allow_outside,
        changed=changed, jobs=1 if stdin_data is not None else jobs, cache=cache,
        quotes=output_format is Format.json and not statistics)
    say = _Messages(quiet)
    standing = (standing_in(request.paths[0], stdin_data) if stdin_data is not None
                else contextlib.nullcontext())
    try:
        with standing:
            settings = request.settings()
            for warning in settings.warnings:
                say.warning(f"warning: {warning}")
            if stdin_data is not None:
                summaries, errors = list(request.paths), []
            else:
                summaries, errors = request.summaries(settings)
            options = request.options(settings)
            inputs = run_inputs(summaries, options, named=request.named_files())
            for written, what in ((output, "report"), (write_baseline, "baseline")):
                if written is not None:
                    guard_output(written, inputs, what=what)
            report = request.check(summaries, options, errors, progress=wants_progress(progress))
            if fix or diff:
                code = _fix(request, summaries, options, errors, report, diff, say, progress)
                if code is not None:
                    raise typer.Exit(code)
                report = request.check(summaries, options, errors,
                                       progress=wants_progress(progress))
            if write_baseline is not None:
                raise typer.Exit(_write_baseline(report, write_baseline, say))
            if baseline is not None:
                _apply_baseline(report, baseline, say)
            rendered = _render(report, output_format, output, color, quiet, statistics, settings,
                               request)
    except InputError as exc:
        raise fail(str(exc))
    several = len(summaries) + len(errors) > 1
    if quiet < 2:
        for error in report.errors:
            print(f"summcheck: error: {printable(error.line(several))}", file=sys.stderr)
    if (report.summaries or not report.errors) and quiet < 2:  # nothing checked: no report
        if output is None:
            sys.stdout.write(rendered)
        else:
            write_atomically(output, rendered)
    elif output is not None and (report.summaries or not report.errors):
        write_atomically(output, rendered)  # -qq prints nothing, but a file asked for is written
    raise typer.Exit(report.exit_code(report.fail_on))


class _Messages:
    """What `check` says on stderr besides the report: informational lines are left out
    with -q, everything with -qq."""

    def __init__(self, quiet: int) -> None:
        self.quiet = quiet

    def info(self, text: str) -> None:
        if self.quiet == 0:
            print(f"summcheck: {printable(text)}", file=sys.stderr)

    def warning(self, text: str) -> None:
        if self.quiet < 2:
            print(f"summcheck: {printable(text)}", file=sys.stderr)


def _render(report, output_format: Format, output: Optional[Path], color: Optional[bool],
            quiet: int, statistics: bool, settings, request) -> str:
    """The report in the format asked for (or its statistics), judged by --fail-on."""
    import shutil

    from ..report import HUMAN_FORMATS, reporter_for
    from ..config.settings import fail_on as fail_level

    report.fail_on = fail_level(settings, request.fail_on)  # what JUnit and the exit code count
    if statistics:
        from ..report.statistics import render_statistics

        return render_statistics(report, as_json=output_format is Format.json)
    if output_format.value not in HUMAN_FORMATS:
        return reporter_for(output_format.value).render(report)
    colored = use_color(color, output)
    width = 100
    if output is None and sys.stdout.isatty():
        width = shutil.get_terminal_size((100, 24)).columns
    return reporter_for(output_format.value, color=colored, width=width,
                        quiet=quiet > 0).render(report)


def _fix(request, summaries, options, errors, report, diff: bool, say: "_Messages",
         progress) -> int | None:
    """Apply (or, with --diff, print) the certain fixes; the exit code when the command ends
    here (--diff), else None: the check runs again on the fixed files."""
    from ..fixing.apply import apply_fixes, plan_fixes, unified_diff

    plan = plan_fixes(report.findings, summaries, options)
    for note in plan.notes:
        say.warning(note)
    if diff:
        if say.quiet < 2:
            sys.stdout.write(unified_diff(plan))
        files = len(plan.files)
        say.info(f"{plan.fixed} fixable finding{'s' * (plan.fixed != 1)} in {files} "
                 f"file{'s' * (files != 1)} (--diff: nothing written)")
        return 2 if report.errors else (1 if plan.files else 0)
    apply_fixes(plan)
    if plan.files:
        files = len(plan.files)
        say.info(f"fixed {plan.fixed} finding{'s' * (plan.fixed != 1)} in {files} "
                 f"file{'s' * (files != 1)}: "
                 + ", ".join(printable(str(f.path)) for f in plan.files))
    return None


def _write_baseline(report, path: Path, say: "_Messages") -> int:
    from ..ci.baseline import baseline_text

    write_atomically(path, baseline_text(report), what="baseline")
    count = len(report.findings)
    say.info(f"wrote {count} finding{'s' * (count != 1)} to the baseline {path}")
    return 2 if report.errors else 0


def _apply_baseline(report, path: Path, say: "_Messages") -> None:
    from ..ci.baseline import apply_baseline, read_baseline

    before = len(report.findings)
    stale = apply_baseline(report, read_baseline(path))
    known = before - len(report.findings)
    if known:
        say.info(f"{known} finding{'s' * (known != 1)} left out: recorded in the baseline {path}")
    if stale:
        one = len(stale) == 1
        say.info(f"{len(stale)} baseline entr{'y' if one else 'ies'} no longer occur"
                 f"{'s' if one else ''} (fixed; --write-baseline drops {'it' if one else 'them'}):")
        for entry in stale[:STALE_SHOWN]:
            say.info(f"  {entry.describe()}")
        if len(stale) > STALE_SHOWN:
            say.info(f"  and {len(stale) - STALE_SHOWN} more")


#: Baseline entries that no longer occur, listed one a line; beyond, counted.
STALE_SHOWN = 20


def parse_check_args(args: list[str]) -> dict:
    """The options that `args` give `summcheck check`, parsed exactly as the command line
    parses them: {parameter: value} for each one the arguments name (enums as their strings,
    paths as Paths, repeated options as lists), in the command's order. InputError with
    click's message for arguments the command line would refuse (exit 2)."""
    import contextlib
    import io

    import typer.main

    command = typer.main.get_command(app).commands["check"]  # type: ignore[attr-defined]
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            ctx = command.make_context("summcheck check", list(args))
    except Exception as exc:  # click's UsageError/BadParameter (vendored or not), --help's Exit
        message = getattr(exc, "format_message", None)
        if callable(message):
            text = message()
        elif type(exc).__name__ == "Exit":
            text = "--help is not an option here (the inputs are documented in action.yml)"
        else:
            text = str(exc) or type(exc).__name__
        raise InputError(text) from None
    values: dict = {}
    for key, value in ctx.params.items():
        source = getattr(ctx, "get_parameter_source", lambda _k: None)(key)
        if source is not None and getattr(source, "name", "") != "COMMANDLINE":
            continue  # a default: not what the arguments say
        value = getattr(value, "value", value)  # enums to their strings
        if isinstance(value, (list, tuple)):
            value = [Path(p) for p in value] if key == "paths" else list(value)
        values[key] = value
    return values


def pin(
    summaries: list[Path] = typer.Argument(..., help="Summaries whose front matter names their source."),
    config: Optional[Path] = typer.Option(None, "--config", help="Configuration file (default: the closest one)."),
    allow_outside: bool = typer.Option(False, "--allow-outside", help=ALLOW_OUTSIDE_HELP),
) -> None:
    """Pin each summary's source to the sha256 of its bytes (front matter `source: {path: FILE,
    sha256: HEX}`): a check then stops, exit 2, when the source's bytes change."""
    from ..ci.pinning import pin_summary
    from ..config.settings import CheckRequest

    try:
        request = CheckRequest(list(summaries), config=config, allow_outside=allow_outside)
        settings = request.settings()
        planned = [pin_summary(cwd_relative(summary), settings) for summary in summaries]
        for pinned in planned:  # none is written before every one could be pinned
            pinned.write()
    except InputError as exc:
        raise fail(str(exc))
    for pinned in planned:
        state = "pinned" if pinned.text is not None else "already pinned"
        for name, source, digest in pinned.pins:
            print(f"{pinned.summary}: {state}: {name} {source} sha256 {digest}")
