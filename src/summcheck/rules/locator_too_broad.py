"""SUM109: a locator spans far more of the source than the quotes it stands for."""
from __future__ import annotations

from typing import Iterator

from ..terminal.display import in_quotes
from ..model import Fix, Span
from ..fixing.relocate import as_json, narrowed, place_name
from .base import Problem, on_record, part_column, record_name
from .options import WholeNumber

CODE = "SUM109"
NAME = "locator-too-broad"
SEVERITY = "warning"
POINTS_AT = "locator"  # on a record: the value a report underlines
SUMMARY = "A locator spans many pages or lines while its quotes stand in a much smaller place."
DOC = """
## What it does
Reports a page or line locator of a sentence or a record that spans more than
`max-locator-pages` pages (more than a tenth of a text source's lines, and more than 20, for
lines) while every quote it stands for lies in a place at most half as large; the message
names that place. For a sentence, those are the quotes of the records it rests on inside the
part; for a record, its own quote's occurrences.

## Why
"Somewhere in pp. 1–61" cannot be checked in seconds: a reader has to search the whole
document, and so would a reviewer of the next change. A locator is worth its place when it
names the page the statement stands on.

## Example
    A URI is a compact sequence of characters (pp. 1–61).   # the quote stands on p. 1

## Fix
Cite the place the message names. On a record, `summcheck check --fix` narrows the locator to
the tightest place of the same kind that holds every occurrence of its quote, in the record's
own style (`pp. 1–61` → `p. 17`); a summary is never rewritten, so a sentence's locator is
yours to change.

## Options
`max-locator-pages` (a whole number, default 5): the pages a locator may span before it is
reported. Not reported: a section locator (a section is a unit of the document's own
structure, however long), a locator of several parts (each part is judged alone), and a
locator whose quotes themselves spread over half of it.
"""

CONF = {"max-locator-pages": WholeNumber(1)}
DEFAULT = {"max-locator-pages": 5}
#: The fewest lines a line locator spans before it may be reported, however short the source.
MIN_BROAD_LINES = 20


def check(analysis, max_locator_pages: int) -> Iterator[Problem]:
    source, by_label = analysis.source, analysis.pages_by_label
    claims_path = analysis.claims.path
    extents: dict = {}  # records and sentences share their locators: each measured once
    for result in analysis.file_records:  # an inline quotation's locator is its sentence's
        record = result.record
        if not result.verified or record.locator is None or len(record.locator.parts) != 1:
            continue
        broad = _broad(analysis, record.locator.parts[0].kind, result.locator_spans,
                       [hit.span for hit in result.hits], max_locator_pages, extents)
        if broad is None:
            continue
        extent, place, hull = broad
        fix = help_ = None
        new = narrowed(result, hull, source, by_label)
        if new is not None:
            fix = Fix("set", record.index, "locator", as_json(new))
            shown = new if isinstance(new, str) else as_json(new)
            help_ = f"use {in_quotes(shown)} as the locator: the quote stands there"
        yield on_record(result, f"{record_name(result)}: locator "
                        f"{in_quotes(record.locator.text)} spans {extent}, but its quote "
                        f"stands at {place}: narrow the locator to that place",
                        claims_path, help=help_, fix=fix)
    path = analysis.summary.path
    for result in analysis.sentences:
        for part in result.parts:
            resolution = part.resolution
            if not resolution.ok or resolution.problem is not None:
                continue
            inside = [hit.span for record in part.backers for hit in record.hits
                      if any(s.start <= hit.span.start and hit.span.end <= s.end
                             for s in resolution.spans)]
            if not inside:
                continue
            broad = _broad(analysis, resolution.part.kind, resolution.spans, inside,
                           max_locator_pages, extents)
            if broad is None:
                continue
            extent, place, _ = broad
            yield Problem(path, result.sentence.line,
                          f"locator {in_quotes(resolution.part.describe())} spans {extent}, "
                          f"but the quotes the sentence rests on stand at {place}: cite that "
                          f"place", column=part_column(result, resolution.part))


def _hull(spans: list[Span]) -> Span:
    return Span(min(s.start for s in spans), max(s.end for s in spans))


def _broad(analysis, kind: str, spans, quotes: list[Span], max_pages: int, extents: dict
           ) -> tuple[str, str, Span] | None:
    """(how much the locator spans, the place its quotes stand at, their hull) when a `kind`
    locator over `spans` is too broad for `quotes`, else None. `extents` keeps each locator's
    extent (most are one page or a few lines, and stop there)."""
    if not quotes or not spans or kind not in ("page", "line"):
        return None
    source = analysis.source
    if kind == "page" and len(source.pages) <= 1:
        return None
    key = (kind, tuple(spans))
    extent = extents.get(key)
    if extent is None:
        extent = extents[key] = (_pages if kind == "page" else _lines)(source, spans)
    limit = (max_pages if kind == "page"
             else max(len(source.line_starts) // 10, MIN_BROAD_LINES))
    if extent <= limit:
        return None
    hull = _hull(quotes)
    tight = (_pages if kind == "page" else _lines)(source, [hull])
    if 2 * tight > extent:
        return None
    place = place_name(kind, hull, source, analysis.pages_by_label)
    if place is None:
        return None
    return f"{extent} {'pages' if kind == 'page' else 'lines'}", place, hull


def _pages(source, spans) -> int:
    """How many pages the spans cover (counted by intervals: a locator of a thousand pages
    costs what one of two does)."""
    intervals = []
    for span in spans:
        first, last = source.page_of(span.start), source.page_of(max(span.start, span.end - 1))
        if first is not None and last is not None:
            intervals.append((first.number, last.number))
    return _covered(intervals)


def _lines(source, spans) -> int:
    """How many lines the spans cover."""
    return _covered([(source.line_of(span.start), source.line_of(max(span.start, span.end - 1)))
                     for span in spans])


def _covered(intervals: list[tuple[int, int]]) -> int:
    """How many whole numbers the inclusive intervals cover together."""
    total, reach = 0, None
    for first, last in sorted(intervals):
        if reach is not None and first <= reach:
            first = reach + 1
        if last >= first:
            total += last - first + 1
            reach = last
    return total
