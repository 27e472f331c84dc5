"""A quote that crosses a page break, read without the page furniture between its halves.

A PDF's text, and an RFC's or a manual's text output, holds at every page break the page's
footer, folio and the next page's running header; an author copying a sentence that runs over
the break copies the sentence, not them. When a quote is not found at its locator, it is
looked for once more in the locator's text with the furniture (sources/furniture.py) taken
out; a hit is mapped back to the source, from the quote's first word on one page to its last
on the next, at the `normalized` level.
"""
from __future__ import annotations

import bisect

from ..model import SourceDocument, Span
from ..sources.furniture import furniture_starts, page_furniture
from .normalize import FoldedQuote, fold


def across_page_breaks(source: SourceDocument, spans: tuple[Span, ...],
                       quote: FoldedQuote) -> Span | None:
    """Where `quote` stands inside `spans` once the page furniture in them is taken out (the
    first such place), or None."""
    if not quote.text:
        return None
    furniture = page_furniture(source)
    if not furniture:
        return None
    starts = furniture_starts(source)
    text = source.text
    for span in spans:
        if source.page_of(span.start) is source.page_of(max(span.start, span.end - 1)):
            continue  # within one page a quote crosses no page break
        first = bisect.bisect_left(starts, span.start)
        cuts = [f for f in furniture[first:bisect.bisect_left(starts, span.end)]
                if f.end <= span.end]
        if not cuts:
            continue
        pieces: list[str] = []
        origins: list[tuple[int, int]] = []  # (offset in the stitched text, offset in source)
        length, pos = 0, span.start
        for cut in [*cuts, Span(span.end, span.end)]:
            if cut.start > pos:
                origins.append((length, pos))
                pieces.append(text[pos:cut.start])
                length += cut.start - pos
            pos = max(pos, cut.end)
        stitched = fold("".join(pieces))
        at = stitched.text.find(quote.text)
        if at == -1:
            continue
        begin = stitched.to_original(at)
        end = stitched.to_original(at + len(quote.text), end=True)
        return Span(_source_offset(origins, begin), _source_offset(origins, end - 1) + 1)
    return None


def _source_offset(origins: list[tuple[int, int]], offset: int) -> int:
    k = bisect.bisect_right([o[0] for o in origins], offset) - 1
    stitched, original = origins[max(k, 0)]
    return original + offset - stitched


__all__ = ["across_page_breaks"]
