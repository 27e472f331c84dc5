"""The optional stage: chunks, extract, merge, draft, and `import anthropic|langextract`.

`chunks`, `merge` and `import` need no model; `extract` and `draft` ask a provider (the
Anthropic API through `summcheck[extract]`, or a local program). Each command imports what it
runs when it runs.
"""
from __future__ import annotations

import os
import sys
from enum import Enum
from pathlib import Path
from typing import List, Optional

import typer

from ..terminal.display import printable
from ..model import InputError
from .common import (ALLOW_OUTSIDE_HELP, PageNumbers, PageNumbersOption, SectionedCommand, Sections, SectionsOption,
                     StructureOption, fail, write_atomically)


class ChunkFormat(str, Enum):
    text = "text"
    json = "json"


class ProviderName(str, Enum):
    anthropic = "anthropic"
    command = "command"


class LocatorChoice(str, Enum):
    tightest = "tightest"
    section = "section"
    page = "page"
    lines = "lines"


class OffsetUnit(str, Enum):
    codepoint = "codepoint"
    utf8 = "utf8"
    utf16 = "utf16"


CLAIMS_SUFFIXES = (".jsonl", ".ndjson", ".json", ".yaml", ".yml")
MAX_CHARS_HELP = "Largest chunk, in characters, where the structure allows (default: 8000)."
LOCATORS_HELP = ("How a citation's locator is chosen: tightest (the smallest region that holds "
                 "the quote: lines in text, a section or page in a PDF), or section, page, "
                 "lines first where one holds it.")
PROVIDER_HELP = ("anthropic (the Messages API with citations; pip install 'summcheck[extract]' "
                 "and ANTHROPIC_API_KEY) or command (a local program: --command).")
COMMAND_HELP = ("With --provider command: the program to run, reading a JSON request on stdin "
                "and writing JSON on stdout (README: 'The optional stage').")


def _say(message: str) -> None:
    print(f"summcheck: {printable(message)}", file=sys.stderr)


def _guard(output: Path, inputs: list[tuple[Path, str]], what: str) -> None:
    from ..files.output import RunInput, guard_output

    try:
        guard_output(output, [RunInput(Path(p), role) for p, role in inputs], what=what)
    except InputError as exc:
        raise fail(str(exc))


def _provider(provider: ProviderName, command: Optional[str], model: Optional[str],
              max_retries: int):
    from ..providers.base import ProviderError

    try:
        if provider is ProviderName.command:
            if not command:
                raise fail("--provider command needs --command PROGRAM")
            from ..providers.command import CommandProvider

            return CommandProvider(command, model=model)
        if command:
            raise fail("--command goes with --provider command")
        from ..providers.anthropic import DEFAULT_MODEL, AnthropicProvider, make_client

        return AnthropicProvider(model or DEFAULT_MODEL, client=make_client(max_retries))
    except ProviderError as exc:
        raise fail(str(exc))


def chunks(
    source: Path = typer.Argument(..., help="Source document."),
    max_chars: int = typer.Option(8000, "--max-chars", min=200, help=MAX_CHARS_HELP),
    output_format: ChunkFormat = typer.Option(ChunkFormat.text, "--format", "-f", help="text or json."),
    page_numbers: PageNumbersOption = PageNumbers.auto,
    sections: SectionsOption = Sections.auto,
    structure: StructureOption = None,
) -> None:
    """Print the chunk plan: chunks along sections, pages or paragraphs, with their ranges."""
    from ..pipeline.chunks import plan_chunks, render_json, render_text
    from ..sources import load_source

    try:
        doc = load_source(source, page_numbers=page_numbers.value, sections=sections.value,
                          structure=structure)
        planned = plan_chunks(doc, max_chars, page_numbers=page_numbers.value)
    except InputError as exc:
        raise fail(str(exc))
    render = render_json if output_format is ChunkFormat.json else render_text
    sys.stdout.write(render(doc, source, planned, max_chars))


def extract(
    source: Path = typer.Argument(..., help="Source document."),
    purpose: str = typer.Option(..., "--purpose", help="What the summary is for: claims that serve it are extracted."),
    output: Path = typer.Option(..., "--output", "-o", help="The claims file to write (.yaml, .json or .jsonl)."),
    provider: ProviderName = typer.Option(ProviderName.anthropic, "--provider", help=PROVIDER_HELP),
    command: Optional[str] = typer.Option(None, "--command", help=COMMAND_HELP),
    model: Optional[str] = typer.Option(None, "--model", help="Model name (anthropic default: claude-sonnet-4-5)."),
    max_chars: int = typer.Option(8000, "--max-chars", min=200, help=MAX_CHARS_HELP),
    concurrency: int = typer.Option(4, "--concurrency", min=1, max=64, help="Chunks asked at once."),
    max_retries: int = typer.Option(4, "--max-retries", min=0, max=20, help="Retries of a request on 429, 529 and 5xx (with backoff that honours retry-after)."),
    locators: LocatorChoice = typer.Option(LocatorChoice.tightest, "--locators", help=LOCATORS_HELP),
    page_numbers: PageNumbers = typer.Option(PageNumbers.auto, "--page-numbers"),
    fresh: bool = typer.Option(False, "--fresh", help="Ignore the state file of an earlier run and ask for every chunk again."),
    price_input: Optional[float] = typer.Option(None, "--price-input", min=0, help="Dollars per million input tokens (overrides the packaged table)."),
    price_output: Optional[float] = typer.Option(None, "--price-output", min=0, help="Dollars per million output tokens."),
) -> None:
    """Extract claim records with a provider, each quote verified against the source."""
    from ..pipeline.extract import ExtractSettings, run_extract
    from ..pipeline.resume import state_path
    from ..providers.base import ProviderError

    if not purpose.strip():
        raise fail("--purpose must say what the summary is for")
    _guard(output, [(source, "source")], "claims file")
    _guard(state_path(output), [(source, "source")], "state file")
    chosen = _provider(provider, command, model, max_retries)
    settings = ExtractSettings(source, output, purpose.strip(), chosen, max_chars=max_chars,
                               concurrency=concurrency, page_numbers=page_numbers.value,
                               prefer=locators.value, fresh=fresh, progress=_say)
    try:
        result = run_extract(settings)
    except (InputError, ProviderError) as exc:
        raise fail(str(exc))
    for note in result.notes:
        _say(f"note: {note}")
    for item in result.dropped:
        _say(f"dropped (chunk {item['chunk']}): {item['claim'][:80]!r}: {item['problem']}")
    _say(f"wrote {output}: {len(result.records)} verified claim{'s' * (len(result.records) != 1)} "
         f"from {result.chunks} chunk{'s' * (result.chunks != 1)}"
         + (f" ({result.resumed} from the state file)" if result.resumed else "")
         + (f"; {len(result.dropped)} dropped (listed under x-extract.dropped)" if result.dropped else ""))
    _say(usage_line(result.usage, chosen.model, price_input, price_output))


def usage_line(usage, model: str, price_input: Optional[float], price_output: Optional[float]) -> str:
    """`tokens: 12,345 in, 1,234 out in 7 requests; cost ≈ $0.06 (…)`."""
    from ..pipeline.prompting import price_of, price_table

    tokens_in = usage.input_tokens + usage.cache_creation_input_tokens + usage.cache_read_input_tokens
    line = (f"tokens: {tokens_in:,} in, {usage.output_tokens:,} out in {usage.requests} "
            f"request{'s' * (usage.requests != 1)}")
    listed = price_of(model)
    rates = (price_input if price_input is not None else listed[0] if listed else None,
             price_output if price_output is not None else listed[1] if listed else None)
    if rates[0] is None or rates[1] is None:
        return line + f"; cost unknown for model {model!r} (give --price-input and --price-output)"
    cost = (tokens_in * rates[0] + usage.output_tokens * rates[1]) / 1_000_000
    source = "as given" if price_input is not None or price_output is not None \
        else f"prices as of {price_table()[0]}"
    return line + f"; cost ≈ ${cost:,.4f} (${rates[0]:g}/${rates[1]:g} per million tokens, {source})"


def merge(
    claims: List[Path] = typer.Argument(..., help="Claims files of one source."),
    output: Path = typer.Option(..., "--output", "-o", help="The merged claims file to write."),
    source: Optional[Path] = typer.Option(None, "--source", help="Source document (default: the claims files' `source:`)."),
    purpose: Optional[str] = typer.Option(None, "--purpose", help="Purpose to record (default: the inputs' own, when they agree)."),
    page_numbers: PageNumbers = typer.Option(PageNumbers.auto, "--page-numbers"),
    keep_unverified: bool = typer.Option(False, "--keep-unverified", help="Keep records whose quote does not verify (after the verified ones)."),
) -> None:
    """Merge claims files: no duplicates, grouped by topic, in the document's emphasis."""
    from ..pipeline.merge import merge_files

    _guard(output, [(c, "claims") for c in claims] + ([(source, "source")] if source else []),
           "merged claims file")
    try:
        result = merge_files(list(claims), output, source=source, purpose=purpose,
                             page_numbers=page_numbers.value, keep_unverified=keep_unverified)
        if source is None:  # the source the files name: never written over either
            from ..claims import load_claims

            named = load_claims(claims[0])
            if named.source:
                _guard(output, [(claims[0].parent / named.source, "source")], "merged claims file")
    except InputError as exc:
        raise fail(str(exc))
    write_atomically(output, result.text, "merged claims file")
    for line in result.invalid:
        _say(f"left out: {line}")
    for line in result.unverified:
        _say(("kept unverified: " if keep_unverified else "left out (unverified): ") + line)
    _say(f"wrote {output}: {len(result.records)} record{'s' * (len(result.records) != 1)} from "
         f"{len(claims)} file{'s' * (len(claims) != 1)}, {result.duplicates} duplicate"
         f"{'s' * (result.duplicates != 1)} merged")


def draft(
    merged: Path = typer.Argument(..., help="Merged claims file (its `source:` names the source)."),
    purpose: str = typer.Option(..., "--purpose", help="What the summary is for."),
    output: Path = typer.Option(..., "--output", "-o", help="The summary to write (Markdown)."),
    provider: ProviderName = typer.Option(ProviderName.anthropic, "--provider", help=PROVIDER_HELP),
    command: Optional[str] = typer.Option(None, "--command", help=COMMAND_HELP),
    model: Optional[str] = typer.Option(None, "--model", help="Model name (anthropic default: claude-sonnet-4-5)."),
    max_retries: int = typer.Option(4, "--max-retries", min=0, max=20, help="Retries of a request on 429, 529 and 5xx."),
    page_numbers: PageNumbers = typer.Option(PageNumbers.auto, "--page-numbers"),
    allow_outside: bool = typer.Option(False, "--allow-outside", help=ALLOW_OUTSIDE_HELP),
    price_input: Optional[float] = typer.Option(None, "--price-input", min=0, help="Dollars per million input tokens."),
    price_output: Optional[float] = typer.Option(None, "--price-output", min=0, help="Dollars per million output tokens."),
) -> None:
    """Write a summary from merged records; it is checked before it is written (exit 1: refused)."""
    from ..claims import load_claims
    from ..pipeline.draft import DraftRefused, DraftSettings, run_draft
    from ..providers.base import ProviderError

    if not purpose.strip():
        raise fail("--purpose must say what the summary is for")
    try:
        named = load_claims(merged)
    except InputError as exc:
        raise fail(str(exc))
    inputs = [(merged, "claims")] + ([(merged.parent / named.source, "source")] if named.source else [])
    _guard(output, inputs, "summary")
    chosen = _provider(provider, command, model, max_retries)
    settings = DraftSettings(merged, output, purpose.strip(), chosen, page_numbers=page_numbers.value,
                             allow_outside=allow_outside)
    try:
        result = run_draft(settings)
    except DraftRefused as refused:
        result = refused.result
        for finding in result.findings:
            if finding.severity == "error":
                _say(f"{output}:{finding.line}: {finding.rule} {finding.message}")
        for missing in result.problems:
            _say(f"{output}: cites no record {missing!r}")
        _say(f"refused: the draft failed the check after a repair; {output} not written")
        _say(usage_line(result.usage, chosen.model, price_input, price_output))
        raise typer.Exit(1)
    except (InputError, ProviderError) as exc:
        raise fail(str(exc))
    rest = len(result.findings)
    _say(f"wrote {output}: passed the check"
         + (" after one repair" if result.attempts > 1 else "")
         + (f" ({rest} finding{'s' * (rest != 1)} below error: summcheck check {output} lists them)"
            if rest else ""))
    _say(usage_line(result.usage, chosen.model, price_input, price_output))


import_app = typer.Typer(help="Turn summaries and extractions other tools wrote into files summcheck checks.",
                         no_args_is_help=True, add_completion=False, rich_markup_mode=None)


@import_app.command("anthropic", cls=SectionedCommand)
def import_anthropic(
    response: Path = typer.Argument(..., help="A saved Messages API response (JSON) whose text blocks carry citations."),
    source: List[Path] = typer.Option(..., "--source", help="A document the request sent: document 0, then 1, … in the order given (repeatable)."),
    output: Path = typer.Option(..., "--output", "-o", help="SUMMARY.md to write; its records go to SUMMARY.claims.jsonl beside it (a further source's to SUMMARY.doc1.md, …)."),
    document_index: int = typer.Option(0, "--document-index", min=0, help="Which document of the request the one --source is."),
    locators: LocatorChoice = typer.Option(LocatorChoice.tightest, "--locators", help=LOCATORS_HELP),
    page_numbers: PageNumbers = typer.Option(PageNumbers.auto, "--page-numbers"),
    allow_outside: bool = typer.Option(False, "--allow-outside", help="Let the written files lie outside the repository root (after following symlinks)."),
) -> None:
    """A Messages API response with citations → a summary and its claim records: every
    sentence of the answer, uncited ones without a locator (summcheck check judges them)."""
    from ..importers.anthropic import import_anthropic as run, output_paths

    if len(source) > 1 and document_index:
        raise fail("--document-index names the document of a single --source; with several, "
                   "they are documents 0, 1, … in the order given")
    documents = [document_index] if len(source) == 1 else list(range(len(source)))
    written = output_paths(output, documents)
    if output.suffix.lower() in CLAIMS_SUFFIXES:
        raise fail(f"{output}: refusing to write a summary (Markdown) to a claims file's name; "
                   f"name SUMMARY.md (its records go beside it)")
    _guard_writes(written, [(response, "named")] + [(s, "source") for s in source], allow_outside)
    try:
        outcome = run(response, list(source), output, document_index=document_index,
                      page_numbers=page_numbers.value, prefer=locators.value)
    except InputError as exc:
        raise fail(str(exc))
    _finish(response, outcome)


def _guard_writes(paths: list[Path], inputs: list[tuple[Path, str]], allow_outside: bool) -> None:
    """Exit 2 before anything is written when a file to write is an input, or lies outside the
    repository root once symlinks are followed (unless `allow_outside`)."""
    from ..files.confine import OPT_IN, repository_roots, special_reason
    from ..config.file import find_config

    roots = repository_roots(Path("."), find_config(Path(".")))
    for path in paths:
        what = "claims file" if path.suffix.lower() in CLAIMS_SUFFIXES else "summary"
        _guard(path, inputs, what)
        reason = special_reason(path)
        if reason is not None:
            raise fail(f"{path}: refusing to write the {what}: it is {reason}")
        real = Path(os.path.realpath(path))
        if not allow_outside and not any(real == r or r in real.parents for r in roots):
            raise fail(f"{path}: refusing to write the {what} outside the repository root "
                       f"{' and '.join(map(str, roots))} (after following symlinks); "
                       f"{OPT_IN.replace('allow it', 'allow that')}")


def _finish(origin: Path, outcome) -> None:
    """Write what an import made (each file whole or not at all) and say what it left out: a
    further source's summary only when a sentence rests on it."""
    for line in outcome.messages():
        _say(f"{origin}: {line}")
    kept = [w for i, w in enumerate(outcome.written) if i == 0 or w.sentences]
    for written in kept:
        write_atomically(written.claims_path, written.claims_text, "claims file")
        if written.summary_path is not None:
            write_atomically(written.summary_path, written.summary_text, "summary")
    _say(outcome.totals(kept))


@import_app.command("openai", cls=SectionedCommand)
def import_openai(
    response: Path = typer.Argument(..., help="A saved OpenAI response (JSON): Responses API with file_citation annotations, or Chat Completions with url_citation."),
    source: List[Path] = typer.Option(..., "--source", help="A file the response cites, matched by its name (repeatable)."),
    output: Path = typer.Option(..., "--output", "-o", help="SUMMARY.md to write; its records go to SUMMARY.claims.jsonl beside it (a further source's to SUMMARY.doc1.md, …)."),
    locators: LocatorChoice = typer.Option(LocatorChoice.tightest, "--locators", help=LOCATORS_HELP),
    page_numbers: PageNumbers = typer.Option(PageNumbers.auto, "--page-numbers"),
    allow_outside: bool = typer.Option(False, "--allow-outside", help="Let the written files lie outside the repository root (after following symlinks)."),
) -> None:
    """An OpenAI response with citations → a summary and its claim records: every sentence,
    each file citation's retrieved chunk as its record."""
    from ..importers.openai import import_openai as run

    _run_answer_import(run, response, list(source), output, allow_outside, many=True,
                       page_numbers=page_numbers.value, prefer=locators.value)


@import_app.command("gemini", cls=SectionedCommand)
def import_gemini(
    response: Path = typer.Argument(..., help="A saved Gemini generateContent response (JSON) with groundingMetadata."),
    source: Path = typer.Option(..., "--source", help="The document the chunks were retrieved from."),
    output: Path = typer.Option(..., "--output", "-o", help="SUMMARY.md to write; its records go to SUMMARY.claims.jsonl beside it."),
    offset_unit: OffsetUnit = typer.Option(OffsetUnit.utf8, "--offset-unit", help="What the segments' startIndex and endIndex count: utf8 (bytes, as the API documents), codepoint or utf16."),
    locators: LocatorChoice = typer.Option(LocatorChoice.tightest, "--locators", help=LOCATORS_HELP),
    page_numbers: PageNumbers = typer.Option(PageNumbers.auto, "--page-numbers"),
    allow_outside: bool = typer.Option(False, "--allow-outside", help="Let the written files lie outside the repository root (after following symlinks)."),
) -> None:
    """A Gemini response with grounding → a summary and its claim records: every sentence,
    each grounded segment's retrieved chunks as its records."""
    from ..importers.gemini import import_gemini as run

    _run_answer_import(run, response, [source], output, allow_outside,
                       offset_unit=offset_unit.value, page_numbers=page_numbers.value,
                       prefer=locators.value)


@import_app.command("cohere", cls=SectionedCommand)
def import_cohere(
    response: Path = typer.Argument(..., help="A saved Cohere Chat response (JSON, API v2 or v1) with citations."),
    source: Path = typer.Option(..., "--source", help="The document the cited documents were taken from."),
    output: Path = typer.Option(..., "--output", "-o", help="SUMMARY.md to write; its records go to SUMMARY.claims.jsonl beside it."),
    offset_unit: OffsetUnit = typer.Option(OffsetUnit.codepoint, "--offset-unit", help="What the citations' start and end count: codepoint (Python SDK), utf16 (JavaScript) or utf8."),
    locators: LocatorChoice = typer.Option(LocatorChoice.tightest, "--locators", help=LOCATORS_HELP),
    page_numbers: PageNumbers = typer.Option(PageNumbers.auto, "--page-numbers"),
    allow_outside: bool = typer.Option(False, "--allow-outside", help="Let the written files lie outside the repository root (after following symlinks)."),
) -> None:
    """A Cohere Chat response with citations → a summary and its claim records: every
    sentence, each citation's documents as its records."""
    from ..importers.cohere import import_cohere as run

    _run_answer_import(run, response, [source], output, allow_outside,
                       offset_unit=offset_unit.value, page_numbers=page_numbers.value,
                       prefer=locators.value)


def _run_answer_import(run, response: Path, sources: list[Path], output: Path,
                       allow_outside: bool, many: bool = False, **options) -> None:
    """An importer that writes a summary and its claims file (one a source that backs a
    sentence, with `many`), run as `import anthropic` runs: outputs checked first, then
    written whole, then what it left out said."""
    from ..importers.anthropic import output_paths

    if output.suffix.lower() in CLAIMS_SUFFIXES:
        raise fail(f"{output}: refusing to write a summary (Markdown) to a claims file's name; "
                   f"name SUMMARY.md (its records go beside it)")
    _guard_writes(output_paths(output, list(range(len(sources)))),
                  [(response, "named")] + [(s, "source") for s in sources], allow_outside)
    try:
        outcome = run(response, sources if many else sources[0], output, **options)
    except InputError as exc:
        raise fail(str(exc))
    _finish(response, outcome)


@import_app.command("w3c", cls=SectionedCommand)
def import_w3c(
    annotations: Path = typer.Argument(..., help="W3C Web Annotations (JSON-LD: a list, an AnnotationPage, or Hypothesis rows)."),
    source: Path = typer.Option(..., "--source", help="The document the annotations target."),
    output: Path = typer.Option(..., "--output", "-o", help="SUMMARY.md to write; its records go to SUMMARY.claims.jsonl beside it."),
    locators: LocatorChoice = typer.Option(LocatorChoice.tightest, "--locators", help=LOCATORS_HELP),
    page_numbers: PageNumbers = typer.Option(PageNumbers.auto, "--page-numbers"),
    allow_outside: bool = typer.Option(False, "--allow-outside", help="Let the written files lie outside the repository root (after following symlinks)."),
) -> None:
    """Web Annotations → a summary and its claim records: each annotation's body a claim, its
    TextQuoteSelector the quote."""
    from ..importers.w3c import import_w3c as run

    _run_answer_import(run, annotations, [source], output, allow_outside,
                       page_numbers=page_numbers.value, prefer=locators.value)


@import_app.command("langextract", cls=SectionedCommand)
def import_langextract(
    extractions: Path = typer.Argument(..., help="LangExtract's annotated documents (JSONL)."),
    source: Path = typer.Option(..., "--source", help="The document LangExtract read."),
    output: Path = typer.Option(..., "--output", "-o", help="The claims file to write (.jsonl, .yaml or .json)."),
    offset_unit: OffsetUnit = typer.Option(OffsetUnit.codepoint, "--offset-unit", help="What char_interval counts: codepoint (LangExtract, Python), utf8 (bytes), utf16 (code units)."),
    document_id: Optional[str] = typer.Option(None, "--document-id", help="Which document of the file (default: the only one, or the one with the source's text)."),
    locators: LocatorChoice = typer.Option(LocatorChoice.tightest, "--locators", help=LOCATORS_HELP),
    page_numbers: PageNumbers = typer.Option(PageNumbers.auto, "--page-numbers"),
    allow_outside: bool = typer.Option(False, "--allow-outside", help="Let the written file lie outside the repository root (after following symlinks)."),
) -> None:
    """LangExtract extractions → claim records; an ungrounded one is a record without a
    locator, which summcheck check reports."""
    from ..importers.langextract import import_langextract as run

    if output.suffix.lower() not in CLAIMS_SUFFIXES:
        raise fail(f"{output}: a claims file is .jsonl, .json or .yaml; name one of those")
    _guard_writes([output], [(extractions, "named"), (source, "source")], allow_outside)
    try:
        outcome = run(extractions, source, output, offset_unit=offset_unit.value,
                      document_id=document_id, page_numbers=page_numbers.value, prefer=locators.value)
    except InputError as exc:
        raise fail(str(exc))
    _finish(extractions, outcome)
