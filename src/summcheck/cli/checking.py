"""`summcheck check`, and parse_check_args: its options parsed as its command line parses them
(for the GitHub Action's `args` input, action.py)."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import List, Optional

import typer

from ..display import printable
from ..model import InputError
from .common import (ALLOW_OUTSIDE_HELP, CACHE_HELP, SECTIONS_HELP, STRUCTURE_HELP, FailOn,
                     Format, PageNumbers, Sections, app, cwd_relative, fail, use_color,
                     write_atomically)


def check(
    paths: Optional[List[Path]] = typer.Argument(None, help="Summary files, or folders to search."),
    source: Optional[Path] = typer.Option(None, "--source", help="Source document (overrides front matter)."),
    claims: Optional[Path] = typer.Option(None, "--claims", help="Claim records (overrides front matter)."),
    ocr: Optional[bool] = typer.Option(None, "--ocr/--no-ocr", help="Treat the source as OCR text."),
    page_numbers: Optional[PageNumbers] = typer.Option(None, "--page-numbers", help="How PDF pages are cited."),
    sections: Optional[Sections] = typer.Option(None, "--sections", help=SECTIONS_HELP),
    structure: Optional[Path] = typer.Option(None, "--structure", help=STRUCTURE_HELP),
    output_format: Format = typer.Option(Format.text, "--format", "-f", help="Output format."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Write the report to FILE (never over an input)."),
    select: Optional[List[str]] = typer.Option(None, "--select", help="Rules to run (codes, names, prefixes)."),
    ignore: Optional[List[str]] = typer.Option(None, "--ignore", help="Rules to skip."),
    fail_on: Optional[FailOn] = typer.Option(None, "--fail-on", help="Lowest severity that fails the run (default: error)."),
    config: Optional[Path] = typer.Option(None, "--config", help="Configuration file (default: the closest summcheck.toml or pyproject.toml)."),
    color: Optional[bool] = typer.Option(None, "--color/--no-color", help="Colour the text report (default: as the terminal, NO_COLOR and FORCE_COLOR say)."),
    exclude: Optional[List[str]] = typer.Option(None, "--exclude", help="Leave out what this .gitignore-style pattern matches (relative to the current folder; repeatable)."),
    changed: bool = typer.Option(False, "--changed", help="The PATHs are files a commit or pull request changed (what pre-commit passes): check the summaries they touch and ignore files that no summary uses."),
    allow_outside: bool = typer.Option(False, "--allow-outside", help=ALLOW_OUTSIDE_HELP),
    jobs: int = typer.Option(1, "--jobs", "-j", min=0, help="Check summaries in N processes, each source's summaries in one (0: one a core)."),
    progress: Optional[bool] = typer.Option(None, "--progress/--no-progress", help="Show a progress bar on stderr (default: in a terminal, not in CI)."),
    cache: Optional[bool] = typer.Option(None, "--cache/--no-cache", help=CACHE_HELP),
) -> None:
    """Check summaries against their claim records and sources."""
    from ..output import guard_output, run_inputs
    from ..progress import wants_progress
    from ..report import reporter_for
    from ..settings import CheckRequest
    from ..settings import fail_on as fail_level

    request = CheckRequest(
        paths=[cwd_relative(p) for p in paths or []], source=source, claims=claims, ocr=ocr,
        page_numbers=page_numbers.value if page_numbers else None,
        sections=sections.value if sections else None, structure=structure, select=select,
        ignore=ignore, exclude=list(exclude or ()), config=config,
        fail_on=fail_on.value if fail_on else None, allow_outside=allow_outside,
        changed=changed, jobs=jobs, cache=cache)
    try:
        settings = request.settings()
        summaries, errors = request.summaries(settings)
        options = request.options(settings)
        if output is not None:
            guard_output(output, run_inputs(summaries, options, named=request.named_files()))
        report = request.check(summaries, options, errors, progress=wants_progress(progress))
        level = fail_level(settings, request.fail_on)
        report.fail_on = level  # what the renderers that judge each finding (JUnit) count
        if output_format is Format.text:
            from ..report.text import TextReporter

            rendered = TextReporter(color=use_color(color, output)).render(report)
        else:
            rendered = reporter_for(output_format.value).render(report)
    except InputError as exc:
        raise fail(str(exc))
    several = len(summaries) + len(errors) > 1
    for error in report.errors:
        print(f"summcheck: error: {printable(error.line(several))}", file=sys.stderr)
    if report.summaries or not report.errors:  # nothing checked at all: no report either
        if output is None:
            sys.stdout.write(rendered)
        else:
            write_atomically(output, rendered)
    raise typer.Exit(report.exit_code(level))


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
