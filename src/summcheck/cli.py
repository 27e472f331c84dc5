"""Command line: check, explain, locate, outline (and the optional extract stage)."""
from __future__ import annotations

import gc
import os
import sys
import tempfile
from enum import Enum
from pathlib import Path
from typing import List, Optional

import typer

from . import __version__
from .model import InputError

app = typer.Typer(add_completion=False, no_args_is_help=True, rich_markup_mode=None,
                  pretty_exceptions_enable=False,
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


class PageNumbers(str, Enum):
    auto = "auto"
    label = "label"
    physical = "physical"


class Sections(str, Enum):
    """How a source's sections are found (structure.SECTION_MODES)."""

    auto = "auto"
    outline = "outline"
    text = "text"
    markdown = "markdown"


class OutlineFormat(str, Enum):
    text = "text"
    json = "json"


SECTIONS_HELP = ("How sections are found: auto (by the source's kind), outline (PDF bookmarks), "
                 "text (numbered headings), markdown (Markdown headings).")
STRUCTURE_HELP = "A YAML or JSON file that states the source's sections (overrides detection)."


def fail(message: str) -> "typer.Exit":
    """Print a one-line cause on stderr; the caller raises the returned Exit(2)."""
    print(f"summcheck: error: {message}", file=sys.stderr)
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
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Write the report to FILE."),
    select: Optional[List[str]] = typer.Option(None, "--select", help="Rules to run (codes, names, prefixes)."),
    ignore: Optional[List[str]] = typer.Option(None, "--ignore", help="Rules to skip."),
    fail_on: Optional[FailOn] = typer.Option(None, "--fail-on", help="Lowest severity that fails the run (default: error)."),
    config: Optional[Path] = typer.Option(None, "--config", help="Configuration file (default: the closest summcheck.toml or pyproject.toml)."),
    color: Optional[bool] = typer.Option(None, "--color/--no-color", help="Colour the text report."),
) -> None:
    """Check summaries against their claim records and sources."""
    from .linter import check_paths
    from .report import reporter_for
    from .settings import build_options, discover
    from .settings import fail_on as fail_level

    try:
        settings = discover(config, paths or [])
        summaries = find_summaries(paths or [Path(".")], settings,
                                   explicit_inputs=source is not None or claims is not None)
        options = build_options(settings, source=source, claims=claims, ocr=ocr,
                                page_numbers=page_numbers.value if page_numbers else None,
                                sections=sections.value if sections else None,
                                structure=structure, select=select, ignore=ignore)
        if output is not None:
            guard_output(output, summaries, options)
        report = check_paths(summaries, options)
        if output_format is Format.text:
            from .report.text import TextReporter

            use_color = color if color is not None else (output is None and sys.stdout.isatty()
                                                         and "NO_COLOR" not in os.environ)
            rendered = TextReporter(color=use_color).render(report)
        else:
            rendered = reporter_for(output_format.value).render(report)
    except InputError as exc:
        raise fail(str(exc))
    if output is None:
        sys.stdout.write(rendered)
    else:
        write_atomically(output, rendered)
    raise typer.Exit(report.exit_code(fail_level(settings, fail_on.value if fail_on else None)))


def find_summaries(paths: list[Path], settings=None, explicit_inputs: bool = False) -> list[Path]:
    """Summary files named, or found in named folders: Markdown files whose front matter names
    their inputs, or that the configuration's `summaries` globs map to a source.

    A named file that is no summary (a source, a claims file, a README: what pre-commit passes)
    stands for the summaries under the current folder that use it, and for nothing when none
    does. With --source or --claims (`explicit_inputs`) every named file is a summary."""
    from .changed import is_summary, summaries_for

    found: list[Path] = []
    others: list[Path] = []
    for path in paths:
        if path.is_dir():
            candidates = sorted(p for p in path.rglob("*.md") if _has_front_matter(p) or (
                settings is not None and settings.mapping_for(p) is not None))
            if not candidates:
                raise InputError(f"{path}: no summary found (a Markdown file whose front matter "
                                 f"names source: and claims:)")
            found.extend(candidates)
        elif not path.exists():
            raise InputError(f"{path}: no such file")
        elif explicit_inputs or not path.is_file() or is_summary(path, settings):
            found.append(path)
        else:
            others.append(path)
    if others:
        seen = {p.resolve() for p in found}
        found.extend(p for p in summaries_for(others, Path("."), settings)
                     if p.resolve() not in seen)
    return found


def _has_front_matter(path: Path) -> bool:
    if any(part.startswith(".") for part in path.parts[:-1]) or not path.is_file():
        return False
    try:
        with path.open("rb") as handle:
            head = handle.read(4096).decode("utf-8", "replace").lstrip("\ufeff")
    except OSError:
        return False
    if not head.startswith("---"):
        return False
    block = head.split("\n---", 1)[0]
    return "\nsource:" in block or "\nclaims:" in block


def guard_output(output: Path, summaries: list[Path], options) -> None:
    """--output must not overwrite an input."""
    inputs = {p.resolve() for p in summaries}
    for extra in (options.source, options.claims, options.structure):
        if extra is not None:
            inputs.add(extra.resolve())
    for summary in summaries:
        inputs.update(_front_matter_inputs(summary))
    if output.resolve() in inputs:
        raise InputError(f"{output}: --output names an input file; choose another file")


def _front_matter_inputs(summary: Path) -> set[Path]:
    try:
        from .summary import load_summary

        front = load_summary(summary).front_matter
    except InputError:
        return set()
    return {(summary.parent / str(front[k])).resolve()
            for k in ("source", "claims", "structure") if k in front}


def write_atomically(path: Path, text: str) -> None:
    """Write the whole report or nothing."""
    try:
        directory = path.parent if str(path.parent) else Path(".")
        fd, tmp = tempfile.mkstemp(dir=directory, prefix=f".{path.name}.", suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(tmp, path)
    except OSError as exc:
        raise fail(f"{path}: cannot write the report: {exc.strerror or exc}")


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
    locator: str = typer.Argument(..., help="A locator such as 'p. 17' or 'section 4.2'."),
    page_numbers: PageNumbers = typer.Option(PageNumbers.auto, "--page-numbers"),
    sections: Sections = typer.Option(Sections.auto, "--sections", help=SECTIONS_HELP),
    structure: Optional[Path] = typer.Option(None, "--structure", help=STRUCTURE_HELP),
) -> None:
    """Print the source text at a locator."""
    from .locators import LocatorSyntaxError, parse_locator
    from .resolve import Resolver
    from .sources import load_source

    try:
        doc = load_source(source, page_numbers=page_numbers.value, sections=sections.value,
                          structure=structure)
        if structure is not None:
            doc.structure  # noqa: B018 - a broken sidecar is an error even for 'p. 4'
        try:
            parsed = parse_locator(locator)
        except LocatorSyntaxError as exc:
            raise InputError(f"malformed locator {locator!r}: {exc}")
        resolver = Resolver(doc, page_numbers.value)  # type: ignore[arg-type]
        for part in parsed.parts:
            resolution = resolver.resolve(part)
            if not resolution.ok:
                raise InputError(f"{source}: {part.describe()}: {resolution.message}")
            if resolution.problem == "ambiguous":
                print(f"summcheck: warning: {resolution.message}", file=sys.stderr)
            for span in resolution.spans:
                print(f"== {part.describe()} (characters {span.start}–{span.end}, "
                      f"lines {doc.line_of(span.start)}–{doc.line_of(max(span.start, span.end - 1))})")
                print(doc.text[span.start:span.end].rstrip("\n\f"))
    except InputError as exc:
        raise fail(str(exc))


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
) -> None:
    """Print the claim records as an index into the source, grouped by topic."""
    import dataclasses
    import json

    from .claim_index import claim_index, render_markdown
    from .linter import load_and_analyse
    from .settings import build_options, discover

    try:
        if output_format not in ("markdown", "json"):
            raise InputError(f"--format: {output_format!r} is not markdown or json")
        options = build_options(discover(config, [summary]), source=source, claims=claims)
        if output is not None:
            guard_output(output, [summary], options)
        rows = claim_index(load_and_analyse(summary, options))
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
        write_atomically(output, rendered)


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
        app()
    except SystemExit:
        raise
    except KeyboardInterrupt:
        print("summcheck: interrupted", file=sys.stderr)
        sys.exit(2)
    except Exception as exc:  # an internal error must still end with one line and exit 2
        if os.environ.get("SUMMCHECK_DEBUG"):
            raise
        print(f"summcheck: internal error: {type(exc).__name__}: {exc} "
              f"(set SUMMCHECK_DEBUG=1 for a traceback)", file=sys.stderr)
        sys.exit(2)
