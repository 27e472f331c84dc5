"""Command line: check, audit, explain, locate, outline (and the optional extract stage)."""
from __future__ import annotations

import gc
import os
import sys
from enum import Enum
from pathlib import Path
from typing import List, Optional

import typer
from typer.core import TyperGroup

try:  # typer vendors click from 0.2x on; its exceptions are not the click package's
    from typer import _click as click  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - older typer
    import click  # type: ignore[no-redef]

from . import __version__
from .display import printable
from .inputs.modes import PAGE_NUMBER_MODES, SECTION_MODES
from .interrupt import Interrupted, interruptions_raised
from .model import InputError


class OneLineErrors(TyperGroup):
    """A bad option, a missing argument, an unknown command: one line on stderr and exit 2
    (click prints usage, a hint and the error on three)."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True,
             **extra):  # type: ignore[override]
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.exceptions.ClickException as exc:
            if type(exc).__name__ == "NoArgsIsHelpError":  # `summcheck` alone: the help
                exc.show()
                sys.exit(exc.exit_code)
            print(f"summcheck: error: {printable(usage_message(exc))}", file=sys.stderr)
            sys.exit(2)
        except typer.Abort:  # EOF at a prompt (vendored click has no exceptions.Abort)
            print("summcheck: interrupted", file=sys.stderr)
            sys.exit(2)
        sys.exit(code if isinstance(code, int) else 0)


def usage_message(exc: "click.exceptions.ClickException") -> str:
    """click's message on one line, with where to read more."""
    message = " ".join(exc.format_message().split()).replace("Value error, ", "")
    ctx = getattr(exc, "ctx", None)
    if isinstance(exc, click.exceptions.UsageError) and ctx is not None:
        message += f" (see {ctx.command_path} --help)"
    return message


app = typer.Typer(cls=OneLineErrors, add_completion=False, no_args_is_help=True,
                  rich_markup_mode=None, pretty_exceptions_enable=False,
                  help="Prove that every sentence of a summary traces to a verified quote "
                       "in its source.")


class Format(str, Enum):
    text = "text"
    json = "json"
    github = "github"
    sarif = "sarif"
    markdown = "markdown"
    junit = "junit"


class FailOn(str, Enum):
    error = "error"
    warning = "warning"
    info = "info"
    never = "never"


#: How PDF pages are cited, and how a source's sections are found (inputs.modes).
PageNumbers = Enum("PageNumbers", [(mode, mode) for mode in PAGE_NUMBER_MODES], type=str)
Sections = Enum("Sections", [(mode, mode) for mode in SECTION_MODES], type=str)


class OutlineFormat(str, Enum):
    text = "text"
    json = "json"


SECTIONS_HELP = ("How sections are found: auto (by the source's kind), outline (PDF bookmarks), "
                 "text (numbered headings), markdown (Markdown headings).")
STRUCTURE_HELP = "A YAML or JSON file that states the source's sections (overrides detection)."
CACHE_HELP = ("Reuse (and keep) the text and sections of unchanged sources in .summcheck_cache/ "
              "beside the configuration file, or SUMMCHECK_CACHE_DIR (default: on, unless the "
              "configuration sets cache = false).")
ALLOW_OUTSIDE_HELP = ("Let summaries and the configuration name files outside the repository "
                      "(special files such as /proc and FIFOs are never read).")


def fail(message: str) -> "typer.Exit":
    """Print a one-line cause on stderr; the caller raises the returned Exit(2)."""
    print(f"summcheck: error: {printable(message)}", file=sys.stderr)
    return typer.Exit(2)


def _version(value: bool) -> None:
    if value:
        print(f"summcheck {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(version: bool = typer.Option(False, "--version", callback=_version,
                                              is_eager=True, help="Print the version.")) -> None:
    """summcheck: the deterministic gate for document summaries."""


@app.command()
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
    from .output import guard_output, run_inputs
    from .progress import wants_progress
    from .report import reporter_for
    from .settings import CheckRequest
    from .settings import fail_on as fail_level

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
            from .report.text import TextReporter

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


def use_color(color: Optional[bool], output: Optional[Path]) -> bool:
    """--color/--no-color when given; a report written to a file has none; else rich decides
    for standard output, as the terminal, FORCE_COLOR, a non-empty NO_COLOR and TERM say."""
    if color is not None:
        return color
    if output is not None:
        return False
    from rich.console import Console

    probe = Console(file=sys.stdout)
    return probe.is_terminal and not probe.no_color and probe.color_system is not None


def cwd_relative(path: Path) -> Path:
    from .config import cwd_relative as relative

    return relative(path)


def write_atomically(path: Path, text: str, what: str = "report") -> None:
    """Write the whole report or nothing (output.write_atomically); a failure is exit 2."""
    from .output import write_atomically as write

    try:
        write(path, text, what)
    except InputError as exc:
        raise fail(str(exc))


@app.command()
def explain(
    rule: Optional[str] = typer.Argument(None, help="Rule code or name, e.g. SUM201 or quote-not-found."),
    list_rules: bool = typer.Option(False, "--list", help="List every rule."),
) -> None:
    """Print a rule's documentation."""
    from .rules import all_rules, rule_by_key

    if list_rules or rule is None:
        for r in all_rules():
            print(f"{r.code}  {r.name:<28} {r.severity:<8} {r.summary}")
        return
    found = rule_by_key(rule)
    if found is None:
        raise fail(f"unknown rule {rule!r}; `summcheck explain --list` lists them")
    print(f"# {found.code} {found.name}\n\nDefault severity: {found.severity}\n\n"
          f"{found.summary}\n\n{found.doc}")


@app.command()
def locate(
    source: Path = typer.Argument(..., help="Source document."),
    locator: str = typer.Argument(..., help="A locator such as 'p. 17' or 'section 4.2', or a "
                                            "record's locator object as JSON: "
                                            "'{\"page\": 17}', '{\"lines\": [120, 134]}', "
                                            "'{\"start_char\": 1234, \"end_char\": 1300}'."),
    page_numbers: PageNumbers = typer.Option(PageNumbers.auto, "--page-numbers"),
    sections: Sections = typer.Option(Sections.auto, "--sections", help=SECTIONS_HELP),
    structure: Optional[Path] = typer.Option(None, "--structure", help=STRUCTURE_HELP),
) -> None:
    """Print the source text at a locator."""
    from .resolve import Resolver
    from .sources import load_source

    try:
        doc = load_source(source, page_numbers=page_numbers.value, sections=sections.value,
                          structure=structure)
        if structure is not None:
            doc.structure  # noqa: B018 - a broken sidecar is an error even for 'p. 4'
        parsed = parse_cli_locator(locator)
        resolver = Resolver(doc, page_numbers.value)  # type: ignore[arg-type]
        for part in parsed.parts:
            resolution = resolver.resolve(part)
            if not resolution.ok:
                raise InputError(f"{source}: {part.describe()}: {resolution.message}")
            if resolution.problem == "ambiguous":
                print(f"summcheck: warning: {printable(resolution.message)}", file=sys.stderr)
            for span in resolution.spans:
                print(f"== {part.describe()} (characters {span.start}–{span.end}, "
                      f"lines {doc.line_of(span.start)}–{doc.line_of(max(span.start, span.end - 1))})")
                print(doc.text[span.start:span.end].rstrip("\n\f"))
    except InputError as exc:
        raise fail(str(exc))


def parse_cli_locator(text: str):
    """A locator as text (`p. 17`, `section 4.2`) or, starting with `{`, a record's locator
    object as JSON (`{"page": 17}`, `{"section": "4.2"}`, `{"lines": [120, 134]}`,
    `{"start_char": 1234, "end_char": 1300}`), parsed as a claim record's locator is."""
    import json

    from .locators import LocatorSyntaxError, parse_locator, parse_record_locator

    try:
        if text.lstrip().startswith("{"):
            try:
                value = json.loads(text)
            except ValueError as exc:
                raise InputError(f"malformed locator {text!r}: not a JSON object ({exc})")
            return parse_record_locator(value)
        return parse_locator(text)
    except LocatorSyntaxError as exc:
        raise InputError(f"malformed locator {text!r}: {exc}")


@app.command()
def outline(
    source: Path = typer.Argument(..., help="Source document."),
    page_numbers: PageNumbers = typer.Option(PageNumbers.auto, "--page-numbers"),
    sections: Sections = typer.Option(Sections.auto, "--sections", help=SECTIONS_HELP),
    structure: Optional[Path] = typer.Option(None, "--structure", help=STRUCTURE_HELP),
    output_format: OutlineFormat = typer.Option(OutlineFormat.text, "--format", "-f",
                                                help="text or json (schemas/outline.schema.json)."),
    explain: bool = typer.Option(False, "--explain", help="List every heading candidate and why "
                                                          "it was kept or dropped."),
) -> None:
    """List the pages, page labels and sections a source offers."""
    from .report.outline import render_json, render_text
    from .sources import load_source

    render = render_json if output_format is OutlineFormat.json else render_text
    try:
        doc = load_source(source, page_numbers=page_numbers.value, sections=sections.value,
                          structure=structure)
        rendered = render(doc, source, explain=explain, page_numbers=page_numbers.value)
    except InputError as exc:
        raise fail(str(exc))
    sys.stdout.write(rendered)


@app.command()
def table(
    summary: Path = typer.Argument(..., help="Summary file (its front matter names source and claims)."),
    source: Optional[Path] = typer.Option(None, "--source", help="Source document (overrides front matter)."),
    claims: Optional[Path] = typer.Option(None, "--claims", help="Claim records (overrides front matter)."),
    output_format: str = typer.Option("markdown", "--format", "-f", help="markdown or json."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Write the table to FILE."),
    config: Optional[Path] = typer.Option(None, "--config", help="Configuration file (default: the closest one)."),
    allow_outside: bool = typer.Option(False, "--allow-outside", help=ALLOW_OUTSIDE_HELP),
    cache: Optional[bool] = typer.Option(None, "--cache/--no-cache", help=CACHE_HELP),
) -> None:
    """Print the claim records as an index into the source, grouped by topic."""
    import dataclasses
    import json

    from .claim_index import claim_index, render_markdown
    from .engine import analyse_summary
    from .output import guard_output, run_inputs
    from .settings import CheckRequest

    try:
        if output_format not in ("markdown", "json"):
            raise InputError(f"--format: {output_format!r} is not markdown or json")
        summary = cwd_relative(summary)
        request = CheckRequest([summary], source=source, claims=claims, config=config,
                               allow_outside=allow_outside, cache=cache)
        options = request.options(request.settings())
        if output is not None:
            guard_output(output, run_inputs([summary], options), what="table")
        rows = claim_index(analyse_summary(summary, options))
    except InputError as exc:
        raise fail(str(exc))
    if output_format == "json":
        rendered = json.dumps({"claims": [dataclasses.asdict(r) for r in rows]},
                              ensure_ascii=False, indent=2) + "\n"
    else:
        rendered = render_markdown(rows, summary.name)
    if output is None:
        sys.stdout.write(rendered)
    else:
        write_atomically(output, rendered, "table")


AuditEngine = Enum("AuditEngine", [(name, name) for name in ("local", "dask")], type=str)


@app.command()
def audit(
    manifest: Path = typer.Argument(..., help="JSONL or CSV: one (summary, claims, source) triple a line; paths relative to the manifest's folder."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="The results, one JSON line a summary (default: MANIFEST's name with .results.jsonl); a re-run resumes it."),
    jobs: Optional[int] = typer.Option(None, "--jobs", "-j", min=1, help="Worker processes (default: one a CPU; 1: in this process)."),
    engine: AuditEngine = typer.Option("local", "--engine", help="local: a process pool; dask: dask.distributed (pip install 'summcheck[distributed]')."),
    address: Optional[str] = typer.Option(None, "--address", help="HOST:PORT of a running dask scheduler (with --engine dask; default: start a local cluster)."),
    fresh: bool = typer.Option(False, "--fresh", help="Start over: ignore the results already in --output."),
    select: Optional[List[str]] = typer.Option(None, "--select", help="Rules to run (codes, names, prefixes)."),
    ignore: Optional[List[str]] = typer.Option(None, "--ignore", help="Rules to skip."),
    fail_on: Optional[FailOn] = typer.Option(None, "--fail-on", help="Lowest severity that fails the run (default: error)."),
    config: Optional[Path] = typer.Option(None, "--config", help="Configuration file (default: the closest one above the manifest)."),
    allow_outside: bool = typer.Option(False, "--allow-outside", help=ALLOW_OUTSIDE_HELP),
    cache: Optional[bool] = typer.Option(None, "--cache/--no-cache", help=CACHE_HELP),
) -> None:
    """Check a corpus of summaries listed in a manifest, sharded by source."""
    from .audit import AuditRequest, run_audit

    request = AuditRequest(cwd_relative(manifest), output=output, jobs=jobs,
                           engine=engine.value, address=address, fresh=fresh, select=select,
                           ignore=ignore, config=config,
                           fail_on=fail_on.value if fail_on else None,
                           allow_outside=allow_outside, cache=cache)
    try:
        code = run_audit(request)
    except InputError as exc:
        raise fail(str(exc))
    raise typer.Exit(code)


@app.command()
def extract(source: Path = typer.Argument(..., help="Source document.")) -> None:
    """Extract claim records with a language model (optional extra)."""
    raise fail("summcheck extract is an optional stage that is not installed: "
               "pip install 'summcheck[extract]'")


def main() -> None:
    """Entry point: no traceback for any failure, exit 2 when the check could not run."""
    # PyMuPDF 2 imports its optional layout-analysis and Markdown helpers (numpy, onnxruntime) on
    # import when installed: half a second spent on nothing `get_text()` needs. The command line
    # owns its process, so it blocks them; the Python API leaves a caller's imports alone.
    for optional in ("pymupdf.layout", "pymupdf4llm"):
        sys.modules.setdefault(optional, None)  # type: ignore[arg-type]
    # A run allocates hundreds of thousands of small objects (the words of a long source) and no
    # reference cycles worth collecting before the process ends: the cyclic collector only costs.
    gc.disable()
    try:
        with interruptions_raised():
            app()
    except SystemExit:
        raise
    except KeyboardInterrupt:
        print(f"summcheck: {Interrupted('SIGINT').cause()}", file=sys.stderr)
        sys.exit(2)
    except Interrupted as exc:
        print(f"summcheck: {exc.cause()}", file=sys.stderr)
        sys.exit(2)
    except Exception as exc:  # an internal error must still end with one line and exit 2
        if os.environ.get("SUMMCHECK_DEBUG"):
            raise
        print(f"summcheck: internal error: {type(exc).__name__}: {printable(str(exc))} "
              f"(set SUMMCHECK_DEBUG=1 for a traceback)", file=sys.stderr)
        sys.exit(2)
