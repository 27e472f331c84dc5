"""The place of a quote in its source: pages, lines and W3C Web Annotation selectors.

Offsets are code points into `SourceDocument.text`, the text as loaded (a PDF's pages joined
by form feeds, a text file decoded), so a selector applies to that text and to no rendering
of it.

Pages. A PDF always has pages: `physical_page` counts them from 1, and `page` is the page as
a locator cites it — the printed label when page locators name labels (by default: the PDF
defines any) and that page has one, else the physical number as text. A text or Markdown
source has pages only where the loader splits it (form feeds, else `[Page N]` footer lines;
sources/text.py); `p. N` then names the N-th such page, so `page` is that number as text and
equals `physical_page`. A text split nowhere is one page that no locator needs: it has no
page, and all three page fields are None (as `resolve.describe_offset` names none).

A span may start or end on the form feed between two PDF pages (which belongs to neither):
its start then counts on the page after, its last character on the page before.
"""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass

from ..model import SourceDocument, Span

CONTEXT_CHARS = 32  # prefix/suffix length of the TextQuoteSelector


@dataclass(frozen=True)
class QuotePlace:
    """Where one occurrence of a quote stands in the source text as loaded."""

    start: int  # code-point offset in the source text as loaded
    end: int  # exclusive
    # The page as a locator cites it: printed label if the PDF has labels, else the physical
    # number as text; None for a text source without pages (form feeds).
    page: str | None
    physical_page: int | None  # 1-based page where the span starts (None: no pages)
    end_physical_page: int | None  # 1-based page holding the span's last character
    line: int  # 1-based line (of the text as loaded) where it starts
    end_line: int  # line of its last character
    exact: str  # source.text[start:end]
    prefix: str  # up to CONTEXT_CHARS code points before start
    suffix: str  # up to CONTEXT_CHARS after end

    def to_json(self) -> dict:
        """The place as the JSON report writes it (schemas/report.schema.json, `place`)."""
        return {
            "page": self.page, "physical_page": self.physical_page,
            "end_physical_page": self.end_physical_page,
            "line": self.line, "end_line": self.end_line,
            "start": self.start, "end": self.end, "unit": "codepoint",
            "selectors": [
                {"type": "TextQuoteSelector", "exact": self.exact, "prefix": self.prefix,
                 "suffix": self.suffix},
                {"type": "TextPositionSelector", "start": self.start, "end": self.end},
            ],
        }


def place_of(source: SourceDocument, span: Span, *, by_label: bool | None = None
             ) -> QuotePlace:
    """The place of `span` in `source`. `by_label`: whether page locators name the PDF's
    printed labels (a summary's `page-numbers: physical` says no); None: when it has any."""
    # Called for every verified quote of a run (tens of thousands): bisects on the offset
    # tables the source keeps, and a quote's end, a line or a page on, is looked for from
    # where it starts (most quotes end on the line they start on).
    start, end = span.start, span.end
    last = end - 1 if end > start else start  # the span's last character
    pages = source.pages
    if len(pages) > 1 or (source.kind == "pdf" and pages):
        starts = source.page_starts
        i = bisect_right(starts, start) - 1
        on = pages[i]
        if start >= on.span.end and i + 1 < len(pages):  # on the form feed that ends page i
            i += 1
            on = pages[i]
        first = i + 1
        final = first if first == len(starts) or starts[first] > last \
            else bisect_right(starts, last, first)
        labelled = source.has_labels if by_label is None else by_label
        page: str | None = on.label if labelled and on.label is not None else str(first)
    else:
        page = first = final = None
    lines = source.line_starts
    line = bisect_right(lines, start)
    end_line = line if line == len(lines) or lines[line] > last \
        else bisect_right(lines, last, line)
    text = source.text
    # The fields set straight into a new instance: a frozen dataclass's __init__ sets each
    # of the ten through object.__setattr__, a fifth of this function's time. The same object
    # (QuotePlace has no __post_init__ and no slots; tests/test_places.py compares the two).
    place = _new(QuotePlace)
    place.__dict__.update(
        start=start, end=end, page=page, physical_page=first, end_physical_page=final,
        line=line, end_line=end_line, exact=text[start:end],
        prefix=text[max(start - CONTEXT_CHARS, 0):start], suffix=text[end:end + CONTEXT_CHARS])
    return place


_new = object.__new__


__all__ = ["CONTEXT_CHARS", "QuotePlace", "place_of"]
