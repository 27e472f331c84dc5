"""Find a quote in a source: at its locator first, then anywhere (misplaced), exact or normalized."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .model import Span, SourceDocument
from .normalize import BIDI_CONTROLS, HYPHENS, FoldedQuote, FoldedText, collapse_whitespace, fold, hyphens_agree

MatchLevel = Literal["exact", "normalized"]
INDEX_KEY = 6  # characters of a word start used as the misplaced-search key


@dataclass(frozen=True)
class QuoteHit:
    span: Span  # in the original source text
    level: MatchLevel


class Matcher:
    """Quote search over one source; the folded text and the word index are built once, lazily."""

    def __init__(self, source: SourceDocument) -> None:
        self.source = source
        self._folded: FoldedText | None = None
        self._index: dict[str, list[int]] | None = None

    @property
    def folded(self) -> FoldedText:
        if self._folded is None:
            self._folded = fold(self.source.text)
        return self._folded

    def find_in(self, quote: FoldedQuote, spans: tuple[Span, ...] | list[Span],
                raw_quote: str) -> list[QuoteHit]:
        """Every occurrence of the quote inside the given original spans."""
        folded = self.folded
        hits: list[QuoteHit] = []
        seen: set[int] = set()
        needle = quote.text
        if not needle:
            return hits
        for span in spans:
            lo, hi = folded.to_folded(span.start), folded.to_folded(span.end)
            pos = folded.text.find(needle, lo, hi)
            while pos != -1:
                if pos not in seen and hyphens_agree(folded, pos, quote):
                    seen.add(pos)
                    hits.append(self._hit(pos, quote, raw_quote))
                pos = folded.text.find(needle, pos + 1, hi)
        hits.sort(key=lambda h: h.span.start)
        return hits

    def find_anywhere(self, quote: FoldedQuote, raw_quote: str, limit: int = 20) -> list[QuoteHit]:
        """Occurrences anywhere in the source (for misplaced quotes), via a word-start index."""
        needle = quote.text
        folded = self.folded
        first_space = needle.find(" ")
        key_at = first_space + 1
        hits: list[QuoteHit] = []
        if first_space == -1 or len(needle) - key_at < INDEX_KEY:
            # One long word, or too little after the first space: a plain scan is cheap enough.
            pos = folded.text.find(needle)
            while pos != -1 and len(hits) < limit:
                if hyphens_agree(folded, pos, quote):
                    hits.append(self._hit(pos, quote, raw_quote))
                pos = folded.text.find(needle, pos + 1)
            return hits
        key = needle[key_at:key_at + INDEX_KEY]
        text = folded.text
        for word_start in self.index.get(key, ()):
            pos = word_start - key_at
            if pos >= 0 and text.startswith(needle, pos) and hyphens_agree(folded, pos, quote):
                hits.append(self._hit(pos, quote, raw_quote))
                if len(hits) >= limit:
                    break
        return hits

    @property
    def index(self) -> dict[str, list[int]]:
        """Folded offsets of every word start, keyed on the word's first characters."""
        if self._index is None:
            text = self.folded.text
            index: dict[str, list[int]] = {}
            setdefault = index.setdefault
            pos = text.find(" ")
            while pos != -1:
                start = pos + 1
                setdefault(text[start:start + INDEX_KEY], []).append(start)
                pos = text.find(" ", start)
            self._index = index
        return self._index

    def _hit(self, pos: int, quote: FoldedQuote, raw_quote: str) -> QuoteHit:
        folded = self.folded
        length = len(quote.text)
        start = folded.to_original(pos)
        end = folded.to_original(pos + length, end=True)
        if quote.hyphens and quote.hyphens[-1][0] == length and self.source.text[end:end + 1] in HYPHENS:
            end += 1  # the quote ends on the hyphen the source breaks its line at
        original = self.source.text[start:end]
        level: MatchLevel = "exact" if collapse_whitespace(original) == collapse_whitespace(raw_quote) \
            else "normalized"
        return QuoteHit(Span(start, end), level)


def bidi_characters(quote: str) -> list[str]:
    """Names of bidi control characters in a quote (they never fold away)."""
    import unicodedata

    return sorted({f"U+{ord(c):04X} {unicodedata.name(c, '')}".strip() for c in quote
                   if c in BIDI_CONTROLS})


def closest_passage(text: str, quote: str, limit: int = 200_000) -> tuple[str, float] | None:
    """The passage of `text` most like `quote`, with its similarity (0–100)."""
    from rapidfuzz import fuzz

    if not text.strip() or not quote.strip():
        return None
    haystack = collapse_whitespace(text[:limit])
    needle = collapse_whitespace(quote)
    alignment = fuzz.partial_ratio_alignment(needle, haystack)
    if alignment is None:
        return None
    start, end = alignment.dest_start, alignment.dest_end
    if start > 0 and haystack[start - 1] != " ":  # snap to whole words for the reader
        space = haystack.find(" ", start, end)
        start = space + 1 if space != -1 else start
    space = haystack.find(" ", end)
    end = len(haystack) if space == -1 else space
    return haystack[start:end], alignment.score
