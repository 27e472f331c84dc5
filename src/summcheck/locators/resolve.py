"""Resolve locator parts to character spans of a loaded source."""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from typing import Literal

from ..terminal.display import quoted
from .documents import normalized
from ..model import LocatorPart, Page, Section, SourceDocument, Span
from ..sources.names import document_names
from ..sources.paragraphs import numbered_paragraphs

PageNumbers = Literal["auto", "label", "physical"]
_SUBDIVISION = re.compile(r"^([^()]+?)((?:\([^()]*\))+)$")


@dataclass(frozen=True)
class Resolution:
    """Where one locator part lands: spans, or why it does not."""

    part: LocatorPart
    spans: tuple[Span, ...] = ()
    problem: Literal["unresolved", "ambiguous", "malformed"] | None = None
    message: str = ""

    @property
    def ok(self) -> bool:
        """Resolved to at least one place (an ambiguous part resolves to all its candidates)."""
        return bool(self.spans)


class Resolver:
    """Resolves parts against one source, with the page-numbering mode of the summary."""

    def __init__(self, source: SourceDocument, page_numbers: PageNumbers = "auto",
                 cite_as: tuple[str, ...] = ()) -> None:
        self.source = source
        self.cite_as = cite_as  # names the summary gives its source (front matter `cite-as`)
        self.by_label = page_numbers != "physical" and source.has_labels
        self._labels: dict[str, list[Page]] | None = None
        self._sections: dict[str, list[Section]] | None = None
        # Records often share a locator, and so do the summaries that cite one source: what a
        # part resolves to depends on the source and the page numbering alone, so it is kept
        # with the source.
        key = "resolve by label" if self.by_label else "resolve"
        resolved = source.derived.get(key)
        if not isinstance(resolved, dict):
            resolved = source.derived[key] = {}
        # Keyed by the part's fields: hashing and comparing a tuple of strings is done in C,
        # a frozen dataclass's __hash__ and __eq__ in Python (once per record).
        self._resolved: dict[tuple[str, str, str | None, str], Resolution] = resolved

    # -- indexes, built on first use
    @property
    def labels(self) -> dict[str, list[Page]]:
        if self._labels is None:
            self._labels = {}
            for page in self.source.pages:
                if page.label is not None:
                    self._labels.setdefault(page.label, []).append(page)
        return self._labels

    @property
    def sections(self) -> dict[str, list[Section]]:
        if self._sections is None:
            self._sections = {}
            for section in self.source.sections:
                self._sections.setdefault(section.ident, []).append(section)
        return self._sections

    # -- resolution
    def resolve(self, part: LocatorPart) -> Resolution:
        if part.document is not None and not self.names_source(part.document):
            return Resolution(part, problem="unresolved", message=self._other_document(part))
        key = (part.kind, part.start, part.end, part.text)  # what LocatorPart compares
        resolution = self._resolved.get(key)
        if resolution is None:
            handler = {"page": self._pages, "section": self._sections_of, "line": self._lines,
                       "paragraph": self._paragraphs, "chars": self._chars}[part.kind]
            resolution = self._resolved[key] = handler(part)
        return resolution

    @property
    def names(self) -> frozenset[str]:
        """The source's names: those it gives itself and the front matter's `cite-as`."""
        own = self.source.derived.get("names")
        if not isinstance(own, frozenset):
            own = self.source.derived["names"] = document_names(self.source.text)
        return own | {normalized(name) for name in self.cite_as}

    def names_source(self, document: str) -> bool:
        """Whether a locator's document (`GG`, `RFC 3986`) is the source."""
        return normalized(document) in self.names

    def _other_document(self, part: LocatorPart) -> str:
        shown = sorted(self.cite_as) or sorted(name.upper() for name in self.names)
        if not shown:
            return (f"it names the document '{part.document}', and the source gives no name "
                    f"to compare: add 'cite-as: {part.document}' to the summary's front matter "
                    f"if that is this source")
        return (f"it names the document '{part.document}', not this source "
                f"({', '.join(shown[:3])}); cite this source's place, or add the name to "
                f"'cite-as' in the front matter if it is one")

    def _find_pages(self, ident: str) -> list[Page]:
        if self.by_label:
            pages = self.labels.get(ident)
            if pages is None and ident.lower() != ident:
                pages = self.labels.get(ident.lower())
            return pages or []
        if not ident.isdigit() or len(ident) > 9:
            return []
        number = int(ident)
        return [self.source.pages[number - 1]] if 1 <= number <= len(self.source.pages) else []

    def _page_word(self, ident: str) -> str:
        total = len(self.source.pages)
        if self.by_label:
            return f"no page is labelled {ident!r} (the PDF's printed labels are used; " \
                   f"set page-numbers: physical to cite viewer page numbers)"
        return f"page {ident} does not exist (the source has {total} page{'s' * (total != 1)})"

    def _pages(self, part: LocatorPart) -> Resolution:
        first = self._find_pages(part.start)
        if not first:
            return Resolution(part, problem="unresolved", message=self._page_word(part.start))
        if part.end is None:
            return self._maybe_ambiguous(part, [p.span for p in first],
                                         [f"physical page {p.number}" for p in first], "page label")
        last = self._find_pages(part.end)
        if not last:
            return Resolution(part, problem="unresolved", message=self._page_word(part.end))
        spans, count = range_spans([(p.number, p.span) for p in first],
                                   [(p.number, p.span) for p in last])
        if not spans:
            return Resolution(part, problem="malformed",
                              message=f"range {part.describe()} runs backwards in the document")
        if len(first) > 1 or len(last) > 1:
            return Resolution(part, spans, "ambiguous",
                              f"{part.describe()} matches {count} page ranges")
        return Resolution(part, spans)

    def _maybe_ambiguous(self, part: LocatorPart, spans: list[Span], places: list[str],
                         what: str) -> Resolution:
        if len(spans) == 1:
            return Resolution(part, tuple(spans))
        return Resolution(part, tuple(spans), "ambiguous",
                          f"{what} {part.start!r} names {len(spans)} places ({', '.join(places)})")

    def _find_sections(self, ident: str) -> tuple[list[Section], str]:
        """Sections headed `ident`; `17(1)(a)` falls back to the deepest numbered level found."""
        found = self.sections.get(ident)
        if found:
            return found, ident
        m = _SUBDIVISION.match(ident)
        while m:  # drop one "(…)" at a time: 17(1)(a) → 17(1) → 17
            ident = ident[: ident.rindex("(")]
            found = self.sections.get(ident)
            if found:
                return found, ident
            m = _SUBDIVISION.match(ident)
        return [], ident

    def _sections_of(self, part: LocatorPart) -> Resolution:
        first, _ = self._find_sections(part.start)
        if not first:
            return Resolution(part, problem="unresolved",
                              message=f"the source has no section {part.start}")
        if part.end is None:
            return self._maybe_ambiguous(part, [s.span for s in first],
                                         [f"line {s.line}" for s in first], "section")
        last, _ = self._find_sections(part.end)
        if not last:
            return Resolution(part, problem="unresolved",
                              message=f"the source has no section {part.end}")
        spans, count = range_spans([(s.span.end, s.span) for s in first],
                                   [(s.span.end, s.span) for s in last])
        if not spans:
            return Resolution(part, problem="malformed",
                              message=f"range {part.describe()} runs backwards in the document")
        if count > 1:
            return Resolution(part, spans, "ambiguous",
                              f"{part.describe()} matches {count} places")
        return Resolution(part, spans)

    def _lines(self, part: LocatorPart) -> Resolution:
        total = self.source.line_count
        first, last = part.start, part.end or part.start
        bad = next((n for n in (first, last) if not n.isdigit() or len(n) > 12 or int(n) > total
                    or int(n) < 1), None)
        if bad is not None:
            return Resolution(part, problem="unresolved",
                              message=f"line {bad} does not exist (the source has {total} lines)")
        if int(last) < int(first):
            return Resolution(part, problem="malformed", message=f"range {part.describe()} is reversed")
        return Resolution(part, (self.source.line_span(int(first), int(last)),))

    def _paragraphs(self, part: LocatorPart) -> Resolution:
        numbered = numbered_paragraphs(self.source)
        if numbered is None:
            return Resolution(part, problem="unresolved", message=(
                "the source does not number its paragraphs (no run of (1), (2), … or 1., 2., … "
                "at the start of its lines); cite the page or section"))
        first, last = part.start, part.end or part.start
        for number in (first, last):
            if not number.isdigit() or len(number) > 6 or int(number) not in numbered.spans:
                return Resolution(part, problem="unresolved", message=(
                    f"the source has no paragraph {number} (its numbered paragraphs run "
                    f"{numbered.first}–{numbered.last})"))
        start, end = numbered.spans[int(first)], numbered.spans[int(last)]
        if end.end <= start.start:
            return Resolution(part, problem="malformed", message=f"range {part.describe()} is reversed")
        return Resolution(part, (Span(start.start, end.end),))

    def _chars(self, part: LocatorPart) -> Resolution:
        size = len(self.source.text)
        start_digits, end_digits = (str(part.start).strip(), str(part.end or "").strip())
        if not (start_digits.isdigit() and end_digits.isdigit()):
            return Resolution(part, problem="malformed", message="start_char and end_char must be whole numbers, 0 or more")
        # Compared as digit strings: an offset of thousands of digits is beyond any source, not
        # a number Python refuses to convert.
        start_key, end_key = (_digits_key(start_digits), _digits_key(end_digits))
        if not start_key < end_key:
            return Resolution(part, problem="malformed",
                              message=f"start_char {quoted(start_digits)} must be below end_char "
                                      f"{quoted(end_digits)}")
        if end_key > _digits_key(str(size)):
            return Resolution(part, problem="unresolved",
                              message=f"end_char {quoted(end_digits)} lies beyond the source "
                                      f"({size:,} characters)")
        return Resolution(part, (Span(int(start_digits), int(end_digits)),))


def _digits_key(digits: str) -> tuple[int, str]:
    """A key that orders non-negative decimal numbers given as digit strings of any length."""
    significant = digits.lstrip("0") or "0"
    return len(significant), significant


# An ambiguous range (a page label or section number that heads several places at either end)
# names every pair of a first and a last place in order; beyond this many pairs it resolves to
# their union, which covers the same text, instead of a number of spans quadratic in places.
MAX_RANGE_PAIRS = 64


def range_spans(first: list[tuple[int, Span]],
                last: list[tuple[int, Span]]) -> tuple[tuple[Span, ...], int]:
    """Spans of a range from any of the `first` places to any of the `last` ones, as (order
    key, span), a pair counting when the last place's key is at least the first's; and the
    number of such pairs."""
    order = sorted(range(len(last)), key=lambda i: last[i][0])
    keys = [last[i][0] for i in order]
    count = sum(len(keys) - bisect.bisect_left(keys, key) for key, _ in first)
    if count <= MAX_RANGE_PAIRS:  # every pair, in the order of the places
        return tuple(Span(a.start, last[i][1].end) for ka, a in first
                     for i in sorted(order[bisect.bisect_left(keys, ka):])), count
    if not count:
        return (), 0
    widest_end = max(last, key=lambda place: place[0])
    start = min(a.start for ka, a in first if ka <= widest_end[0])
    return (Span(start, widest_end[1].end),), count


def describe_offset(source: SourceDocument, offset: int, by_label: bool,
                    kinds: frozenset[str] = frozenset({"page", "section", "line"})) -> str:
    """A human place for an offset, in the terms of the locator `kinds` the author used:
    'p. 14 (physical page 21), section 3.15, line 812'. The page is always named."""
    parts = []
    page = source.page_of(offset)
    if page is not None and len(source.pages) > 1:
        if by_label and page.label is not None:
            physical = f" (physical page {page.number})" if page.label != str(page.number) else ""
            parts.append(f"p. {page.label}{physical}")
        else:
            parts.append(f"p. {page.number}")
    # Naming a section costs heading detection on a PDF; a page-cited record gets its page.
    section = source.innermost_section(offset) if "section" in kinds else None
    if section is not None:
        parts.append(f"section {section.ident}")
    if source.kind != "pdf" and ("line" in kinds or "chars" in kinds or not parts):
        parts.append(f"line {source.line_of(offset)}")
    return ", ".join(parts)
