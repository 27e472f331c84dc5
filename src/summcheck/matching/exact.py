"""Find a quote in a source, exact or normalized: at its locator, and anywhere (misplaced).

The `Matcher` holds one source's folded text and word list, built once and lazily (the fuzzy
search of an OCR source, `ocr.FuzzySearch`, reads the same folded text).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import accumulate, compress, repeat
from operator import add
from typing import Literal

from ..model import Span, SourceDocument
from .normalize import HYPHENS, FoldedQuote, FoldedText, fold, hyphens_agree

MatchLevel = Literal["exact", "normalized", "fuzzy"]

# Occurrences of one quote kept per search: enough to tell "several" and name a few places;
# a quote repeated thousands of times (hostile input) must not cost memory per repeat.
MAX_KEPT_HITS = 20


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
        self._word_counts: Counter[str] | None = None
        # records often repeat a quote at one locator: (raw quote, spans, limit) → hits
        self._found: dict[tuple[str, tuple[Span, ...], int], list[QuoteHit]] = {}
        # many records cite the same page: span → its start and end in the folded text
        self._folded_spans: dict[Span, tuple[int, int]] = {}

    @classmethod
    def shared(cls, source: SourceDocument) -> "Matcher":
        """The matcher of `source`, made once and kept with it: every summary that cites the
        source in one run searches the same folded text (what it finds depends on the text
        alone)."""
        matcher = source.derived.get("matching")
        if not isinstance(matcher, cls):
            matcher = source.derived["matching"] = cls(source)
        return matcher

    @property
    def folded(self) -> FoldedText:
        if self._folded is None:
            self._folded = fold(self.source.text)
        return self._folded

    def find_in(self, quote: FoldedQuote, spans: tuple[Span, ...] | list[Span],
                raw_quote: str, limit: int = MAX_KEPT_HITS) -> list[QuoteHit]:
        """The first `limit` occurrences (in document order) of the quote inside the spans.

        A quote repeated all over a region is kept as a few places, not every occurrence: the
        search of each span stops at `limit` hits, so its cost does not grow with the repeats.
        """
        key = (raw_quote, tuple(spans), limit)
        known = self._found.get(key)
        if known is None:
            known = self._found[key] = self._find_in(quote, spans, raw_quote, limit)
        return list(known)

    def _find_in(self, quote: FoldedQuote, spans: tuple[Span, ...] | list[Span],
                 raw_quote: str, limit: int) -> list[QuoteHit]:
        folded = self.folded
        found: dict[int, None] = {}
        needle = quote.text
        if not needle:
            return []
        find = folded.text.find  # run once or twice per record: looked up once
        folded_spans = self._folded_spans
        for span in spans:
            bounds = folded_spans.get(span)
            if bounds is None:
                bounds = folded_spans[span] = (folded.to_folded(span.start),
                                               folded.to_folded(span.end))
            lo, hi = bounds
            kept = 0
            pos = find(needle, lo, hi)
            while pos != -1 and kept < limit:
                if hyphens_agree(folded, pos, quote):
                    found[pos] = None
                    kept += 1
                pos = find(needle, pos + 1, hi)
        if len(found) == 1:  # the common case: the quote stands once at its locator
            return [self._hit(next(iter(found)), quote, raw_quote)]
        return [self._hit(pos, quote, raw_quote) for pos in sorted(found)[:limit]]

    def find_anywhere(self, quotes: list[tuple[FoldedQuote, str]],
                      limit: int = MAX_KEPT_HITS) -> list[list[QuoteHit]]:
        """Occurrences anywhere in the source of each (quote, raw quote), for misplaced quotes.

        The quotes are looked up together: each is keyed on its rarest inner whole word, and
        one pass over the words of the source collects the candidate positions of every key —
        no per-quote scan of the whole text, and no index of every word kept in memory. Equal
        quotes are looked up once, and a quote stops being looked for at `limit` hits.
        """
        text = self.folded.text
        by_raw: dict[str, list[QuoteHit]] = {}  # records often repeat a quote
        wanted: dict[str, list[tuple[str, int]]] = {}  # key word → [(raw quote, its offset)]
        folded_of: dict[str, FoldedQuote] = {}
        for quote, raw in quotes:
            if raw in by_raw:
                continue
            by_raw[raw] = []
            folded_of[raw] = quote
            key = _key_word(quote.text, self.word_counts)
            if key is None:  # one or two words: a plain scan of the text is cheap enough
                by_raw[raw] = self._scan(quote, raw, limit)
            else:
                wanted.setdefault(key[0], []).append((raw, key[1]))
        if wanted:
            words, starts = self.words
            # The positions of the key words, found in C: the source has many words, and
            # every summary that cites it makes this pass.
            for i in compress(range(len(words)), map(wanted.__contains__, words)):
                waiting = wanted.get(words[i])
                if not waiting:
                    continue
                for entry in list(waiting):
                    raw, offset = entry
                    quote, hits = folded_of[raw], by_raw[raw]
                    pos = starts[i] - offset
                    if pos >= 0 and text.startswith(quote.text, pos) \
                            and hyphens_agree(self.folded, pos, quote):
                        hits.append(self._hit(pos, quote, raw))
                        if len(hits) >= limit:
                            waiting.remove(entry)
        return [list(by_raw[raw]) for _, raw in quotes]

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
    def word_counts(self) -> Counter[str]:
        """How often each space-separated word stands in the folded text."""
        if self._word_counts is None:
            self._word_counts = Counter(self.words[0])
        return self._word_counts

    @property
    def words(self) -> tuple[list[str], list[int]]:
        """The folded text's space-separated words and their start offsets."""
        if self._words is None:
            words = self.folded.text.split(" ")
            # Word i starts after the words before it, each with the space that follows it.
            self._words = (words, list(accumulate(map(add, map(len, words), repeat(1)),
                                                  initial=0)))
        return self._words

    def _hit(self, pos: int, quote: FoldedQuote, raw_quote: str) -> QuoteHit:
        folded = self.folded
        text = self.source.text
        length = len(quote.text)
        start = folded.to_original(pos)
        end = folded.to_original(pos + length, end=True)
        if quote.hyphens and quote.hyphens[-1][0] == length:
            next_char = text[end:end + 1]  # "" at the end of the text, which is no hyphen
            if next_char and next_char in HYPHENS:
                end += 1  # the quote ends on the hyphen the source breaks its line at
        original = text[start:end]
        # The same words: equal once their white space runs are collapsed (the exact level).
        level: MatchLevel = "exact" if original == raw_quote or \
            original.split() == raw_quote.split() else "normalized"
        return QuoteHit(Span(start, end), level)


def _key_word(needle: str, counts: Counter[str]) -> tuple[str, int] | None:
    """The quote's rarest whole inner word in the source (the longest of equally rare ones)
    and its offset; words at either end may be cut, so they are never the key."""
    words = needle.split(" ")
    if len(words) < 3:
        return None
    best: tuple[int, int] | None = None  # (count, -length) of the key so far
    key, key_at, offset = "", 0, len(words[0]) + 1
    for word in words[1:-1]:
        if word:
            rank = (counts.get(word, 0), -len(word))
            if best is None or rank < best:
                best, key, key_at = rank, word, offset
        offset += len(word) + 1
    return (key, key_at) if key else None
