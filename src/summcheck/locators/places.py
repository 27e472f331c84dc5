"""The places of the source that hold a span, named in one kind of locator: the one answer to
"which page, section, lines, paragraph holds this text?" that SUM202's and SUM109's fixes
(fixing/relocate.py) and the optional stage's citations (pipeline/citations.py) both ask.

A place is named as its first and last ident (`("3", "4")` for pages 3–4, `("4.2", None)` for
a section); the caller writes it in a locator's words and confirms that it resolves, alone, to
a region holding the span (an ident may be ambiguous: a section number used twice).
"""
from __future__ import annotations

from typing import Iterator

from ..model import Section, SourceDocument, Span
from ..sources.paragraphs import numbered_paragraphs

Named = tuple[str, "str | None"]  # (first, last or None for one)


def places_of(kind: str, span: Span, source: SourceDocument, by_label: bool
              ) -> Iterator[Named]:
    """The places of `kind` holding `span`, the tightest first: one for pages, lines, a
    paragraph and characters; for sections, every section holding it, innermost first."""
    if span.end <= span.start:
        return
    start, last = span.start, span.end - 1
    if kind == "page":
        first_page, last_page = source.page_of(start), source.page_of(last)
        if first_page is None or last_page is None:
            return
        # By label where the PDF labels its pages; an unlabelled page by its number (the
        # caller's resolving decides whether that names it).
        names = [p.label if by_label and p.label is not None else str(p.number)
                 for p in (first_page, last_page)]
        yield (names[0], None) if first_page == last_page else (names[0], names[1])
    elif kind == "line":
        first_line, last_line = source.line_of(start), source.line_of(last)
        yield str(first_line), None if first_line == last_line else str(last_line)
    elif kind == "section":
        for section in enclosing_sections(source, start):
            if span.end <= section.span.end:
                yield section.ident, None
    elif kind == "paragraph":
        numbered = numbered_paragraphs(source)
        first_number = numbered.number_at(start) if numbered else None
        if first_number is not None:
            last_number = numbered.number_at(last)
            yield (str(first_number),
                   None if last_number in (None, first_number) else str(last_number))
    elif kind == "chars":
        yield str(span.start), str(span.end)


def enclosing_sections(source: SourceDocument, offset: int) -> list[Section]:
    """The sections whose span holds `offset`, innermost first (a section and its only child
    of the same extent: the deeper one first)."""
    found = [s for s in source.sections if s.span.start <= offset < s.span.end]
    return sorted(found, key=lambda s: (s.span.end - s.span.start, -s.level, -s.span.start))
