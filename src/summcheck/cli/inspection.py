"""The commands that show rather than judge: explain (a rule's documentation), locate (the
source text at a locator), outline (a source's pages and sections) and table (a summary's
claim records as an index into its source)."""
from __future__ import annotations

import sys
from enum import Enum
from pathlib import Path
from typing import Optional

import typer

from ..terminal.display import printable
from ..model import InputError
from .common import (ALLOW_OUTSIDE_HELP, CACHE_HELP, PageNumbers, PageNumbersOption, Sections,
                     SectionsOption, StructureOption, announce, cwd_relative, fail,
                     write_atomically)


class OutlineFormat(str, Enum):
    text = "text"
    json = "json"


def explain(
    rule: Optional[str] = typer.Argument(None, help="Rule code or name, e.g. SUM201 or quote-not-found."),
    list_rules: bool = typer.Option(False, "--list", help="List every rule."),
) -> None:
    """Print a rule's documentation."""
    from ..rules import all_rules, rule_by_key

    if list_rules or rule is None:
        for r in all_rules():
            print(f"{r.code}  {r.name:<28} {r.severity:<8} {r.summary}")
        return
    found = rule_by_key(rule)
    if found is None:
        raise fail(f"unknown rule {rule!r}; `summcheck explain --list` lists them")
    from ..rules.docs import explanation

    sys.stdout.write(explanation(found))  # also the rule's page, docs/rules/<CODE>.md


def locate(
    source: Path = typer.Argument(..., help="Source document."),
    locator: str = typer.Argument(..., help="A locator such as 'p. 17' or 'section 4.2', or a "
                                            "record's locator object as JSON: "
                                            "'{\"page\": 17}', '{\"lines\": [120, 134]}', "
                                            "'{\"start_char\": 1234, \"end_char\": 1300}'."),
    page_numbers: PageNumbersOption = PageNumbers.auto,
    sections: SectionsOption = Sections.auto,
    structure: StructureOption = None,
) -> None:
    """Print the source text at a locator."""
    from ..locators.resolve import Resolver
    from ..sources import load_source

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

    from ..locators import LocatorSyntaxError, parse_locator, parse_record_locator

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


def outline(
    source: Optional[Path] = typer.Argument(None, help="Source document."),
    summary: Optional[Path] = typer.Option(None, "--summary", help="Outline the source a summary names instead, each of a summary of several sources (front matter sources:) under its key."),
    page_numbers: PageNumbersOption = PageNumbers.auto,
    sections: SectionsOption = Sections.auto,
    structure: StructureOption = None,
    output_format: OutlineFormat = typer.Option(OutlineFormat.text, "--format", "-f",
                                                help="text or json (schemas/outline.schema.json)."),
    explain: bool = typer.Option(False, "--explain", help="List every heading candidate and why "
                                                          "it was kept or dropped."),
) -> None:
    """List the pages, page labels and sections a source offers."""
    from ..report.outline import outline_data, render_text
    from ..report.base import dump_json
    from ..sources import load_source

    try:
        if (source is None) == (summary is None):
            raise InputError("outline: name a source, or a summary with --summary (not both)")
        if summary is not None:
            named = _summary_sources(summary, page_numbers, sections, structure)
        else:
            named = [(None, source, page_numbers.value, sections.value, structure)]
        outlines = []
        for key, path, numbers, found_by, sidecar in named:
            doc = load_source(path, page_numbers=numbers, sections=found_by, structure=sidecar)
            if output_format is OutlineFormat.json:
                data = outline_data(doc, path, explain=explain, page_numbers=numbers)
                outlines.append(data if key is None else {"key": key, **data})
            else:
                text = render_text(doc, path, explain=explain, page_numbers=numbers)
                outlines.append(text if key is None else f"source {key}:\n{text}")
    except InputError as exc:
        raise fail(str(exc))
    if output_format is OutlineFormat.json:
        sys.stdout.write(dump_json(outlines[0] if len(outlines) == 1 else outlines))
    else:
        sys.stdout.write("\n".join(outlines))


def _summary_sources(summary: Path, page_numbers, sections, structure
                     ) -> list[tuple[str | None, Path, str, str, Path | None]]:
    """The sources a summary names, each with its key (None: its only source) and the page
    numbers, sections and sidecar it is read with, as `check` resolves them: the options
    given here (when not their defaults) before a source's own and the front matter's."""
    from ..inputs.resolution import resolve_inputs
    from ..inputs.summaries import read_front_matter
    from ..config.settings import CheckRequest

    summary = cwd_relative(summary)
    request = CheckRequest([summary], page_numbers=page_numbers.value
                           if page_numbers is not PageNumbers.auto else None,
                           sections=sections.value if sections is not Sections.auto else None,
                           structure=structure)
    options = request.options(request.settings())
    inputs = resolve_inputs(summary, read_front_matter(summary), options.config, options)
    inputs.check_modes()
    inputs.check_readable("structure")
    modes = (inputs.page_numbers.value, inputs.sections.value, inputs.path("structure"))
    if inputs.documents:  # each source's own settings, unless the command line gives one
        return [(d.key, d.path, options.page_numbers or d.page_numbers or modes[0],
                 options.sections or d.sections or modes[1],
                 options.structure or d.structure or modes[2]) for d in inputs.documents]
    inputs.check_readable("source")
    if inputs.path("source") is None:
        raise InputError(f"{summary}: names no source (front matter source: or sources:)")
    return [(None, inputs.path("source"), *modes)]


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

    from ..claims.index import claim_index, render_markdown
    from ..engine.run import analyses
    from ..files.output import guard_output, run_inputs
    from ..config.settings import CheckRequest

    try:
        if output_format not in ("markdown", "json"):
            raise InputError(f"--format: {output_format!r} is not markdown or json")
        summary = cwd_relative(summary)
        request = CheckRequest([summary], source=source, claims=claims, config=config,
                               allow_outside=allow_outside, cache=cache)
        settings = request.settings()
        announce(settings)
        options = request.options(settings)
        if output is not None:
            guard_output(output, run_inputs([summary], options), what="table")
        rows = [_keyed(row, key) for key, analysis in analyses(summary, options)
                for row in claim_index(analysis)]
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


def _keyed(row, key: str | None):
    """A row of a summary of several sources, its locator naming its source when it does not."""
    import dataclasses

    from ..locators.documents import normalized

    if key is None or normalized(key) in normalized(row.locator):
        return row
    return dataclasses.replace(row, locator=f"{key}: {row.locator}")
