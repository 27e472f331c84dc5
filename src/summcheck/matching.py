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


def closest_difference(text: str, quote: str, limit: int = 200_000) -> Difference | None:
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
