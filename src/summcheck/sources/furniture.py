"""Page furniture: the running headers, footers and folios at the edges of a source's pages.

One definition for the structure code (a running header is no heading, structure/
pdf_regions.py) and for matching (a quote that crosses a page break is read without the
furniture between its halves, matching/furniture.py): a line among the first two or the last
two non-blank lines of a page whose text, page numbers aside, stands at the edge of three
pages or more; or a line there that is only a folio (`17`, `- 17 -`, `xii`, `Page 17`,
`[Page 17]`, `17 of 40`).
"""
from __future__ import annotations

import re
import unicodedata

from ..model import SourceDocument, Span

#: A page number at either end of a header or footer line (`12 Chapter 3`, `… Standards Track
#: [Page 9]`; `RFC 3986  URI  January 2005` keeps its words), removed before the line's shape
#: is compared.
_FOLIO = r"[-–—\[(]?[ \t]*(?i:page|seite|página|pagina)?[ \t]*\d{1,4}[ \t]*[-–—\])]?"
_FOLIO_FIRST = re.compile(rf"{_FOLIO}\s+")
_FOLIO_LAST = re.compile(rf"\s+{_FOLIO}\Z")
_FOLIO_ENDS = frozenset("0123456789])-–—")
_FOLIO_ONLY = re.compile(
    r"[\s\f]*[-–—\[(]?[ \t]*(?i:page|seite|página|pagina|p\.|s\.)?[ \t]*"
    r"(?:\d{1,4}|[ivxlc]{1,7})(?:[ \t]*(?i:of|von|de)[ \t]*\d{1,4})?[ \t]*[-–—\])]?[\s\f]*")
_NOT_ALNUM = re.compile(r"[\W_]+")
#: The pages a header's shape must stand on to be a running header.
MIN_PAGES = 3


def shape(text: str) -> str:
    """Letters and digits only, lower case, without accents: how titles and headers compare."""
    text = text.casefold()
    if not text.isascii():  # accents become combining marks, which are no letters: dropped
        text = unicodedata.normalize("NFKD", text)
    return _NOT_ALNUM.sub("", text)


def header_shape(text: str) -> str:
    """A header or footer line's shape, page numbers at its ends aside."""
    text = text.strip()
    first = _FOLIO_FIRST.match(text)
    if first:
        text = text[first.end():]
    # Only the line's end is searched for the last folio: a long line costs no more.
    last = _FOLIO_LAST.search(text, max(0, len(text) - 24)) if text[-1:] in _FOLIO_ENDS else None
    if last:
        text = text[:last.start()]
    return shape(text)


def is_folio(text: str) -> bool:
    stripped = text.strip()
    return 0 < len(stripped) <= 24 and _FOLIO_ONLY.fullmatch(text) is not None


def page_furniture(doc: SourceDocument) -> tuple[Span, ...]:
    """The spans (each a whole line, its line end included) of the furniture of every page of
    a source with three pages or more, in order; kept with the source."""
    found = doc.derived.get("furniture")
    if isinstance(found, tuple):
        return found
    spans: list[Span] = []
    if len(doc.pages) >= MIN_PAGES:
        edges = [(page, [(start, end, header_shape(doc.text[start:end]))
                         for start, end in _edge_lines(doc, page)]) for page in doc.pages]
        pages_of: dict[str, set[int]] = {}
        for page, lines in edges:
            for _, _, key in lines:
                if key:
                    pages_of.setdefault(key, set()).add(page.number)
        for page, lines in edges:
            for start, end, key in lines:
                if len(pages_of.get(key, ())) >= MIN_PAGES or is_folio(doc.text[start:end]):
                    spans.append(Span(start, min(end + 1, page.span.end)))
    doc.derived["furniture"] = found = tuple(sorted(spans, key=lambda s: s.start))
    return found


def furniture_starts(doc: SourceDocument) -> list[int]:
    """The starts of `page_furniture(doc)`, in order, to bisect; kept with the source (every
    quote not found where cited looks there)."""
    found = doc.derived.get("furniture starts")
    if not isinstance(found, list):
        found = doc.derived["furniture starts"] = [f.start for f in page_furniture(doc)]
    return found


def _edge_lines(doc: SourceDocument, page) -> list[tuple[int, int]]:
    """(start, end) of the first two and the last two non-blank lines of a page, found from
    its two ends (a page's middle is never read)."""
    text, start, end = doc.text, page.span.start, page.span.end
    head: list[tuple[int, int]] = []
    pos = start
    while pos < end and len(head) < 2:
        stop = text.find("\n", pos, end)
        stop = end if stop == -1 else stop
        if text[pos:stop].strip(" \t\f\r"):
            head.append((pos, stop))
        pos = stop + 1
    tail: list[tuple[int, int]] = []
    stop = end
    while stop > pos and len(tail) < 2:
        begin = text.rfind("\n", pos, stop) + 1 or pos
        begin = max(begin, pos)
        if text[begin:stop].strip(" \t\f\r"):
            tail.append((begin, stop))
        stop = begin - 1
    return sorted(set(head + tail))


__all__ = ["page_furniture", "furniture_starts", "header_shape", "shape", "is_folio"]
