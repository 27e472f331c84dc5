"""Find a quote in a source: at its locator first, then anywhere (misplaced), exact or normalized."""
from __future__ import annotations

from dataclasses import dataclass
from itertools import accumulate
from typing import Literal

from .model import Span, SourceDocument
from .normalize import BIDI_CONTROLS, HYPHENS, FoldedQuote, FoldedText, collapse_whitespace, fold, hyphens_agree

MatchLevel = Literal["exact", "normalized", "fuzzy"]


@dataclass(frozen=True)
class QuoteHit:
    span: Span  # in the original source text
    level: MatchLevel
    score: float | None = None  # fuzzy matches only: 100 · (1 − edit distance / quote length)


class Matcher:
    """Quote search over one source; the folded text and its word list are built once, lazily."""

    def __init__(self, source: SourceDocument) -> None:
        self.source = source
        self._folded: FoldedText | None = None
        self._words: tuple[list[str], list[int]] | None = None
        self._fuzzy = None  # FuzzyIndex, for OCR sources only

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

    def find_anywhere(self, quotes: list[tuple[FoldedQuote, str]],
                      limit: int = 20) -> list[list[QuoteHit]]:
        """Occurrences anywhere in the source of each (quote, raw quote), for misplaced quotes.

        The quotes are looked up together: each is keyed on its longest inner whole word, and
        one pass over the words of the source collects the candidate positions of every key —
        no per-quote scan of the whole text, and no index of every word kept in memory.
        """
        text = self.folded.text
        results: list[list[QuoteHit]] = [[] for _ in quotes]
        wanted: dict[str, list[tuple[int, int]]] = {}  # key word → [(quote number, its offset)]
        for number, (quote, raw) in enumerate(quotes):
            key = _key_word(quote.text)
            if key is None:  # one or two words: a plain scan of the text is cheap enough
                results[number] = self._scan(quote, raw, limit)
            else:
                wanted.setdefault(key[0], []).append((number, key[1]))
        if not wanted:
            return results
        words, starts = self.words
        for i in [i for i, word in enumerate(words) if word in wanted]:
            for number, offset in wanted[words[i]]:
                quote, raw = quotes[number]
                pos = starts[i] - offset
                if len(results[number]) < limit and pos >= 0 and text.startswith(quote.text, pos) \
                        and hyphens_agree(self.folded, pos, quote):
                    results[number].append(self._hit(pos, quote, raw))
        return results

    def _scan(self, quote: FoldedQuote, raw_quote: str, limit: int) -> list[QuoteHit]:
        hits: list[QuoteHit] = []
        text = self.folded.text
        pos = text.find(quote.text) if quote.text else -1
        while pos != -1 and len(hits) < limit:
            if hyphens_agree(self.folded, pos, quote):
                hits.append(self._hit(pos, quote, raw_quote))
            pos = text.find(quote.text, pos + 1)
        return hits

    @property
    def fuzzy(self):
        """The fuzzy aligner over the folded text (OCR sources), built on first use."""
        if self._fuzzy is None:
            from .fuzzy import FuzzyIndex

            self._fuzzy = FuzzyIndex(self.folded.text)
        return self._fuzzy

    def fuzzy_in(self, quote: FoldedQuote, spans: tuple[Span, ...], threshold: float) -> list[QuoteHit]:
        """The best fuzzy match inside each of the spans (OCR sources)."""
        hits = []
        for span in spans:
            lo, hi = self.folded.to_folded(span.start), self.folded.to_folded(span.end)
            hit = self.fuzzy.align(quote, lo, hi, threshold)
            if hit is not None:
                hits.append(self._fuzzy_hit(hit))
        return sorted(set(hits), key=lambda h: h.span.start)

    def fuzzy_anywhere(self, quote: FoldedQuote, threshold: float, limit: int = 20) -> list[QuoteHit]:
        """Fuzzy matches anywhere in the source, best first (misplaced OCR quotes)."""
        return [self._fuzzy_hit(hit) for hit in self.fuzzy.search(quote, threshold)[:limit]]

    def _fuzzy_hit(self, hit) -> QuoteHit:
        start = self.folded.to_original(hit.start)
        end = self.folded.to_original(hit.end, end=True)
        return QuoteHit(Span(start, end), hit.level, round(hit.score, 1))

    @property
    def words(self) -> tuple[list[str], list[int]]:
        """The folded text's space-separated words and their start offsets."""
        if self._words is None:
            words = self.folded.text.split(" ")
            lengths = list(accumulate(map(len, words), initial=0))
            # Word i starts after i spaces and the letters of the words before it.
            self._words = (words, [length + i for i, length in enumerate(lengths)])
        return self._words

    def _hit(self, pos: int, quote: FoldedQuote, raw_quote: str) -> QuoteHit:
        folded = self.folded
        length = len(quote.text)
        start = folded.to_original(pos)
        end = folded.to_original(pos + length, end=True)
        if quote.hyphens and quote.hyphens[-1][0] == length and self.source.text[end:end + 1] in HYPHENS:
            end += 1  # the quote ends on the hyphen the source breaks its line at
        original = self.source.text[start:end]
        level: MatchLevel = "exact" if original == raw_quote or \
            collapse_whitespace(original) == collapse_whitespace(raw_quote) else "normalized"
        return QuoteHit(Span(start, end), level)


def _key_word(needle: str) -> tuple[str, int] | None:
    """The quote's longest whole inner word and its offset (words at either end may be cut)."""
    words = needle.split(" ")
    if len(words) < 3:
        return None
    best, best_at, offset = "", 0, len(words[0]) + 1
    for word in words[1:-1]:
        if len(word) > len(best):
            best, best_at = word, offset
        offset += len(word) + 1
    return (best, best_at) if best else None


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
