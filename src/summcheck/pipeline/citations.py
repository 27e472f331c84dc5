"""From where a provider says a passage stands to a locator that `summcheck check` resolves.

The one mapping that `extract` and both importers use:

- `locator_for_span`: a span of the source text as loaded (code points, end exclusive) → the
  tightest locator of the grammar whose region holds it (lines, the innermost section, pages),
  confirmed by resolving it back with the checker's own `Resolver`;
- `pages_span`: a PDF `page_location` (1-based physical pages, end exclusive) → the span of those
  pages;
- `OffsetUnits`: offsets counted in UTF-8 bytes or UTF-16 code units → code points;
- `sent_to_loaded`: offsets into the text a tool was sent (the file decoded as UTF-8, a byte
  order mark included) → offsets into the text as summcheck loads it.
"""
from __future__ import annotations

import bisect
from dataclasses import dataclass
from itertools import accumulate
from typing import Literal

from ..locators import LocatorSyntaxError, parse_locator
from ..model import InputError, SourceDocument, Span
from ..locators.places import places_of
from ..locators.resolve import Resolver

#: How a locator is chosen among those whose region holds a span: the smallest region
#: (`tightest`), or a kind first when one holds it (`section`, `page`, `lines`).
LOCATOR_PREFERENCES = ("tightest", "section", "page", "lines")
OffsetUnit = Literal["codepoint", "utf8", "utf16"]
OFFSET_UNITS: tuple[str, ...] = ("codepoint", "utf8", "utf16")


@dataclass(frozen=True)
class Place:
    """A locator as a record writes it, and the region the checker resolves it to."""

    locator: str  # "lines 120–134", "section 4.2", "p. 17", "pp. iv–v"
    kind: str  # line | section | page
    region: Span


def locator_for_span(doc: SourceDocument, span: Span, *, page_numbers: str = "auto",
                     prefer: str = "tightest") -> Place | None:
    """The locator of the smallest region (by `prefer`) that holds `span`, or None when no
    locator of the grammar resolves, unambiguously, to a region holding it."""
    if not 0 <= span.start < span.end <= len(doc.text):
        return None
    resolver = Resolver(doc, page_numbers)  # type: ignore[arg-type]
    places = [place for place in (_lines_place(doc, span, resolver),
                                  _section_place(doc, span, resolver),
                                  _page_place(doc, span, resolver)) if place is not None]
    if not places:
        return None
    wanted = {"section": "section", "page": "page", "lines": "line"}.get(prefer)
    preferred = [p for p in places if p.kind == wanted]
    # Ties go to the reader's unit: a section before a page before a line range.
    order = {"section": 0, "page": 1, "line": 2}
    return min(preferred or places, key=lambda p: (p.region.end - p.region.start, order[p.kind]))


def _confirmed(text: str, kind: str, span: Span, resolver: Resolver) -> Place | None:
    """`text` as a Place when it parses as one part that resolves to one region holding span."""
    try:
        parts = parse_locator(text).parts
    except LocatorSyntaxError:
        return None
    if len(parts) != 1:
        return None
    resolution = resolver.resolve(parts[0])
    if not resolution.ok or resolution.problem is not None or len(resolution.spans) != 1:
        return None
    region = resolution.spans[0]
    if region.start <= span.start and span.end <= region.end:
        return Place(text, kind, region)
    return None


def _lines_place(doc: SourceDocument, span: Span, resolver: Resolver) -> Place | None:
    if doc.kind == "pdf":  # the lines of a PDF's extracted text are nothing a reader can find
        return None
    for first, last in places_of("line", span, doc, resolver.by_label):
        text = f"line {first}" if last is None else f"lines {first}–{last}"
        return _confirmed(text, "line", span, resolver)
    return None


def _section_place(doc: SourceDocument, span: Span, resolver: Resolver) -> Place | None:
    """The innermost section holding the whole span whose identifier names it alone."""
    for ident, _ in places_of("section", span, doc, resolver.by_label):  # innermost first
        place = _confirmed(f"section {ident}", "section", span, resolver)
        if place is not None:
            return place
    return None


def _page_place(doc: SourceDocument, span: Span, resolver: Resolver) -> Place | None:
    if len(doc.pages) < 2 and doc.kind != "pdf":  # a text without pages has one, itself
        return None
    for first, last in places_of("page", span, doc, resolver.by_label):
        text = f"p. {first}" if last is None else f"pp. {first}–{last}"
        return _confirmed(text, "page", span, resolver)
    return None


def pages_span(doc: SourceDocument, start_page: int, end_page: int) -> Span | None:
    """The text of physical pages [start_page, end_page) (1-based, end exclusive, as a
    `page_location` citation counts them), or None when the document lacks them."""
    if not 1 <= start_page < end_page <= len(doc.pages) + 1:
        return None
    return Span(doc.pages[start_page - 1].span.start, doc.pages[end_page - 2].span.end)


class OffsetUnits:
    """Converts offsets counted in another unit into code points of `text`."""

    def __init__(self, text: str, unit: str) -> None:
        if unit not in OFFSET_UNITS:
            raise ValueError(f"offset unit must be one of {', '.join(OFFSET_UNITS)}, not {unit!r}")
        self.text, self.unit = text, unit
        self._starts: list[int] | None = None

    def _unit_starts(self) -> list[int]:
        """Where each code point starts, in the unit, and the total at the end."""
        if self._starts is None:
            if self.unit == "utf8":
                sizes = (len(ch.encode("utf-8", "surrogatepass")) for ch in self.text)
            else:
                sizes = (2 if ord(ch) > 0xFFFF else 1 for ch in self.text)
            self._starts = list(accumulate(sizes, initial=0))
        return self._starts

    def to_codepoints(self, offset: int) -> int:
        """ValueError when the offset lies inside a character or beyond the text."""
        if self.unit == "codepoint" or self.text.isascii():
            if not 0 <= offset <= len(self.text):
                raise ValueError(f"offset {offset} lies beyond the text ({len(self.text)} characters)")
            return offset
        starts = self._unit_starts()
        index = bisect.bisect_left(starts, offset)
        if index >= len(starts) or starts[index] != offset:
            if offset > starts[-1] or offset < 0:
                raise ValueError(f"offset {offset} lies beyond the text "
                                 f"({starts[-1]} {_UNIT_NAMES[self.unit]})")
            raise ValueError(f"offset {offset} falls inside a character "
                             f"(the offsets are not {_UNIT_NAMES[self.unit]})")
        return index


_UNIT_NAMES = {"utf8": "UTF-8 bytes", "utf16": "UTF-16 code units", "codepoint": "code points"}


def sent_to_loaded(sent: str, loaded: str, where: str) -> int:
    """The shift from offsets into the text a tool was sent to the text as loaded: 0, or -1
    when the tool was sent a byte order mark that loading drops. InputError otherwise."""
    if sent == loaded:
        return 0
    if sent.startswith("\ufeff") and sent[1:] == loaded:
        return -1
    differs = next((i for i, (a, b) in enumerate(zip(sent, loaded)) if a != b),
                   min(len(sent), len(loaded)))
    raise InputError(f"{where}: the text the offsets count in differs from the source as "
                     f"summcheck loads it (first at character {differs:,}); the offsets "
                     f"cannot be mapped")
