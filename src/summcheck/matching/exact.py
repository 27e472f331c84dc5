"""Find a quote in a source, exact or normalized: at its locator, and anywhere (misplaced).

The `Matcher` holds one source's folded text and word list, built once and lazily (the fuzzy
search of an OCR source, `ocr.FuzzySearch`, reads the same folded text). Where the compiled
core is built, its `TextSearch` scans the folded text for all quotes in a call or two; the
scans in Python here are its oracle and fallback, and what a hit means (the hyphens around
it, its place in the source) is decided here either way.
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

_UNSET = object()


@dataclass(frozen=True)
class QuoteHit:
    span: Span  # in the original source text
    level: MatchLevel
    score: float | None = None  # fuzzy matches only: 100 · (1 − edit distance / quote length)
    # An elided quotation (matching/elisions.py): where each of its fragments stands.
    fragments: tuple[Span, ...] = ()


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
        self._search: object = _UNSET

    @property
    def search(self):
        """The compiled core's scans of the folded text, or None (not built, or a text it
        cannot hold: a lone surrogate)."""
        if self._search is _UNSET:
            from ..core import native

            self._search = None
            if native is not None:
                try:
                    self._search = native.TextSearch(self.folded.text)
                except (TypeError, ValueError):  # UnicodeEncodeError is a ValueError
                    pass
        return self._search

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
        return self.find_in_many([(quote, spans, raw_quote)], limit, compiled=False)[0]

    def find_in_many(self, requests: list[tuple[FoldedQuote, tuple[Span, ...] | list[Span], str]],
                     limit: int = MAX_KEPT_HITS, *, compiled: bool = True
                     ) -> list[list[QuoteHit]]:
        """`find_in` of each (quote, spans, raw quote), the spans of all of them scanned in
        one call of the compiled core when `compiled` and it is built."""
        results: list[list[QuoteHit] | None] = [None] * len(requests)
        waiting: dict[tuple[str, tuple[Span, ...], int], list[int]] = {}
        for i, (quote, spans, raw_quote) in enumerate(requests):
            key = (raw_quote, tuple(spans), limit)
            known = self._found.get(key)
            if known is not None:
                results[i] = list(known)
            elif key in waiting:  # records often repeat a quote at one locator
                waiting[key].append(i)
            else:
                waiting[key] = [i]
        scanned = self._scan_spans([(requests[ids[0]][0], key[1]) for key, ids in waiting.items()],
                                   limit) if compiled and waiting else None
        for n, (key, ids) in enumerate(waiting.items()):
            quote = requests[ids[0]][0]
            known = self._found[key] = self._find_in(
                quote, key[1], key[0], limit, None if scanned is None else scanned[n])
            for i in ids:
                results[i] = list(known)
        return results  # type: ignore[return-value]

    def _bounds(self, span: Span) -> tuple[int, int]:
        """The span's start and end in the folded text."""
        bounds = self._folded_spans.get(span)
        if bounds is None:
            folded = self.folded
            bounds = self._folded_spans[span] = (folded.to_folded(span.start),
                                                 folded.to_folded(span.end))
        return bounds

    def _scan_spans(self, wanted: list[tuple[FoldedQuote, tuple[Span, ...]]], limit: int
                    ) -> list[list[list[int]]] | None:
        """By quote, by span, the first `limit` offsets of the quote's folded text in the span
        (hyphens not yet judged), found by the compiled core; None where it is not built."""
        search = self.search
        if search is None:
            return None
        needles, los, his = [], [], []
        for quote, spans in wanted:
            for span in spans:
                lo, hi = self._bounds(span)
                needles.append(quote.text)
                los.append(lo)
                his.append(hi)
        found = iter(search.find_in(needles, los, his, limit))
        scanned = [[next(found) for _ in spans] for _, spans in wanted]
        if any(positions is None for spans in scanned for positions in spans):
            return None  # a quote it cannot read (a lone surrogate): Python scans them all
        return scanned

    def _find_in(self, quote: FoldedQuote, spans: tuple[Span, ...] | list[Span],
                 raw_quote: str, limit: int, scanned: list[list[int]] | None = None
                 ) -> list[QuoteHit]:
        folded = self.folded
        found: dict[int, None] = {}
        needle = quote.text
        if not needle:
            return []
        find = folded.text.find  # run once or twice per record: looked up once
        for k, span in enumerate(spans):
            lo, hi = self._bounds(span)
            kept = 0
            if scanned is None:
                pos = find(needle, lo, hi)
            else:  # the core's first `limit` offsets; past them, if hyphens ruled some out
                positions = scanned[k]
                for pos in positions:
                    if kept < limit and hyphens_agree(folded, pos, quote):
                        found[pos] = None
                        kept += 1
                pos = (find(needle, positions[-1] + 1, hi)
                       if positions and len(positions) >= limit and kept < limit else -1)
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
            if raw not in folded_of:
                folded_of[raw] = quote
        if folded_of and self._find_all_compiled(folded_of, by_raw, limit):
            return [list(by_raw[raw]) for _, raw in quotes]
        for quote, raw in quotes:
            if raw in by_raw:
                continue
            by_raw[raw] = []
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

    def _find_all_compiled(self, folded_of: dict[str, FoldedQuote],
                           by_raw: dict[str, list[QuoteHit]], limit: int) -> bool:
        """`find_anywhere`'s hits of each distinct quote put in `by_raw`, every quote looked
        for in one pass of the compiled core; False (nothing put) where it cannot."""
        search = self.search
        if search is None:
            return False
        raws = list(folded_of)
        found = search.find_anywhere([folded_of[raw].text for raw in raws], limit)
        if found is None:
            return False
        folded = self.folded
        for raw, positions in zip(raws, found):
            quote = folded_of[raw]
            hits = [self._hit(pos, quote, raw) for pos in positions
                    if hyphens_agree(folded, pos, quote)]
            if len(positions) >= limit > len(hits):  # hyphens ruled some out: look further
                hits = self._scan(quote, raw, limit)
            by_raw[raw] = hits
        return True

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
