"""Find a quote in a source: at its locator first, then anywhere (misplaced), exact or normalized."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import accumulate
from typing import Literal

from .model import Span, SourceDocument
from .normalize import BIDI_CONTROLS, HYPHENS, FoldedQuote, FoldedText, collapse_whitespace, fold, hyphens_agree

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
        self._fuzzy = None  # FuzzyIndex, for OCR sources only

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
        for span in spans:
            lo, hi = folded.to_folded(span.start), folded.to_folded(span.end)
            kept = 0
            pos = folded.text.find(needle, lo, hi)
            while pos != -1 and kept < limit:
                if hyphens_agree(folded, pos, quote):
                    found[pos] = None
                    kept += 1
                pos = folded.text.find(needle, pos + 1, hi)
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
            for i in [i for i, word in enumerate(words) if word in wanted]:
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

    def fuzzy_anywhere(self, quote: FoldedQuote, threshold: float,
                       limit: int = MAX_KEPT_HITS) -> tuple[list[QuoteHit], bool]:
        """Fuzzy matches anywhere in the source, best first (misplaced OCR quotes), and whether
        the search was cut short (its seeds stand too often to read them all)."""
        cut_before = self.fuzzy.searches_cut
        hits = [self._fuzzy_hit(hit) for hit in self.fuzzy.search(quote, threshold)[:limit]]
        return hits, self.fuzzy.searches_cut > cut_before

    def _fuzzy_hit(self, hit) -> QuoteHit:
        start = self.folded.to_original(hit.start)
        end = self.folded.to_original(hit.end, end=True)
        return QuoteHit(Span(start, end), hit.level, round(hit.score, 1))

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
            lengths = list(accumulate(map(len, words), initial=0))
            # Word i starts after i spaces and the letters of the words before it.
            self._words = (words, [length + i for i, length in enumerate(lengths)])
        return self._words

    def _hit(self, pos: int, quote: FoldedQuote, raw_quote: str) -> QuoteHit:
        folded = self.folded
        length = len(quote.text)
        start = folded.to_original(pos)
        end = folded.to_original(pos + length, end=True)
        next_char = self.source.text[end:end + 1]  # "" at the end of the text, which is no hyphen
        if quote.hyphens and quote.hyphens[-1][0] == length and next_char and next_char in HYPHENS:
            end += 1  # the quote ends on the hyphen the source breaks its line at
        original = self.source.text[start:end]
        level: MatchLevel = "exact" if original == raw_quote or \
            collapse_whitespace(original) == collapse_whitespace(raw_quote) else "normalized"
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


def bidi_characters(quote: str) -> list[str]:
    """Names of bidi control characters in a quote (they never fold away)."""
    import unicodedata

    return sorted({f"U+{ord(c):04X} {unicodedata.name(c, '')}".strip() for c in quote
                   if c in BIDI_CONTROLS})


# The closest-passage search (SUM201) aligns the quote with every window of the cited region,
# at a cost of about quote length × region length: a quote longer than this is no retyped
# passage and is not searched, and the region is read up to a budget of aligned characters
# (200,000 for a quote of 100 characters, 20,000 for one of 1,000; about 0.1-0.4 s at most).
CLOSEST_MAX_QUOTE = 1_000
CLOSEST_MAX_REGION = 200_000
CLOSEST_BUDGET = 20_000_000


def closest_search_limit(quote: str) -> int:
    """How many characters of the cited region the closest-passage search reads (0: none)."""
    length = len(collapse_whitespace(quote))
    if length > CLOSEST_MAX_QUOTE:
        return 0
    return min(CLOSEST_MAX_REGION, CLOSEST_BUDGET // max(1, length))


def closest_passage(text: str, quote: str,
                    limit: int = CLOSEST_MAX_REGION) -> tuple[str, float] | None:
    """The passage of `text` most like `quote`, with its similarity (0–100)."""
    aligned = _align(text, quote, limit)
    if aligned is None:
        return None
    haystack, start, end, score = aligned
    return haystack[start:end], score


def _align(text: str, quote: str, limit: int) -> tuple[str, int, int, float] | None:
    """(white space collapsed text, start, end, score) of the window most like `quote`."""
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
    return haystack, start, end, alignment.score


@dataclass(frozen=True)
class Difference:
    """The source's wording closest to a quote, and the words in which the two differ."""

    passage: str  # the source's words that stand for the quote's
    score: float  # similarity of the closest window, 0–100 (rapidfuzz partial ratio)
    diff: str  # `… jederzeit [-und formlos-] zu …`: [-quote only-]{+source only+}; "" if none
    lookalikes: tuple[str, ...] = ()  # characters that look alike and differ


DIFF_CONTEXT = 3  # equal words kept either side of a difference


def closest_difference(text: str, quote: str,
                       limit: int = CLOSEST_MAX_REGION) -> Difference | None:
    """The passage of `text` closest to `quote`, aligned word by word, with the differing words.

    The window rapidfuzz finds is widened by half the quote on either side, so that words the
    quote left out are still inside it; the words of the window are then aligned with the
    quote's (difflib, deterministic) and the window's words beyond the quote's first and last
    are dropped. The diff marks what only the quote has as [-…-] and what only the source has
    as {+…+}, with DIFF_CONTEXT equal words of context around each change.
    """
    aligned = _align(text, quote, limit)
    if aligned is None:
        return None
    haystack, start, end, score = aligned
    widen = len(collapse_whitespace(quote)) // 2
    lo = haystack.rfind(" ", 0, max(0, start - widen)) + 1 if start - widen > 0 else 0
    hi = haystack.find(" ", min(len(haystack), end + widen))
    hi = len(haystack) if hi == -1 else hi
    ours, theirs = collapse_whitespace(quote).split(" "), haystack[lo:hi].split(" ")
    ops = _trimmed_opcodes(ours, theirs)
    if not ops:
        return Difference(haystack[start:end], score, "")
    first, last = ops[0][3], ops[-1][4]
    passage = " ".join(theirs[first:last])
    hunks: list[str] = []
    lookalikes: list[str] = []
    for n, (tag, i1, i2, j1, j2) in enumerate(ops):
        if tag == "equal":
            words = [_visible(w) for w in theirs[j1:j2]]
            if n == 0:
                hunks.append(("… " if len(words) > DIFF_CONTEXT else "")
                             + " ".join(words[-DIFF_CONTEXT:]))
            elif n == len(ops) - 1:
                hunks.append(" ".join(words[:DIFF_CONTEXT])
                             + (" …" if len(words) > DIFF_CONTEXT else ""))
            elif len(words) > 2 * DIFF_CONTEXT:
                hunks.append(" ".join(words[:DIFF_CONTEXT]) + " … "
                             + " ".join(words[-DIFF_CONTEXT:]))
            else:
                hunks.append(" ".join(words))
            continue
        marked = ""
        if i2 > i1:
            marked += "[-" + " ".join(_visible(w) for w in ours[i1:i2]) + "-]"
        if j2 > j1:
            marked += "{+" + " ".join(_visible(w) for w in theirs[j1:j2]) + "+}"
        hunks.append(marked)
        if tag == "replace" and i2 - i1 == j2 - j1:
            for a, b in zip(ours[i1:i2], theirs[j1:j2]):
                lookalikes += _lookalike(a, b)
    return Difference(passage, score, " ".join(hunks), tuple(dict.fromkeys(lookalikes))[:3])


def _trimmed_opcodes(ours: list[str], theirs: list[str]) -> list[tuple[str, int, int, int, int]]:
    """difflib's opcodes of quote words against window words, cut to the quote's extent.

    Window words before the quote's first word and after its last are not part of the passage:
    a leading or trailing insertion is dropped, and a leading or trailing replacement keeps no
    more window words than it replaces. No opcodes: the words are the same.
    """
    from difflib import SequenceMatcher

    ops = [list(op) for op in SequenceMatcher(None, ours, theirs, autojunk=False).get_opcodes()]
    if ops and ops[0][0] == "insert":
        ops.pop(0)
    if ops and ops[-1][0] == "insert":
        ops.pop()
    if not ops:
        return []
    head, tail = ops[0], ops[-1]
    if head[0] == "replace" and head[4] - head[3] > head[2] - head[1]:
        head[3] = head[4] - (head[2] - head[1])
    if tail[0] == "replace" and tail[4] - tail[3] > tail[2] - tail[1]:
        tail[4] = tail[3] + (tail[2] - tail[1])
    if all(op[0] == "equal" for op in ops):
        return []
    return [tuple(op) for op in ops]  # type: ignore[misc]


def _visible(word: str) -> str:
    """A word with invisible and control characters (bidi controls too) shown as <U+XXXX>."""
    import unicodedata

    return "".join(f"<U+{ord(c):04X}>" if c in BIDI_CONTROLS or unicodedata.category(c) in ("Cf", "Cc")
                   else c for c in word)


def _lookalike(ours: str, theirs: str) -> list[str]:
    """`U+0430 CYRILLIC SMALL LETTER A where the source has 'a'` for characters that differ
    between two words of the same length, when one of them is not ASCII."""
    import unicodedata

    if len(ours) != len(theirs):
        return []
    return [f"U+{ord(a):04X} {unicodedata.name(a, '?')} where the source has {b!r}"
            for a, b in zip(ours, theirs) if a != b and not (a.isascii() and b.isascii())]
