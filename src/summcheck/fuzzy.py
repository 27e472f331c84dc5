"""Fuzzy quote matching for OCR sources: the best-matching span, with its true boundaries.

Everything here works on *folded* text (`normalize.fold(source).text`: typography folded, white
space collapsed, line-end hyphens made optional); callers map offsets back with
`FoldedText.to_original` (`hit_in_original`). Quotes are folded the same way (`fold_quote`).

**Score.** `score = 100 * (1 - d / len(quote))`, floored at 0, where `d` is the Levenshtein
distance (insertions, deletions, substitutions of single characters; case-sensitive) between
the folded quote and the matched span, and the span is one that minimises `d` among the spans
of the searched text (an infix, or semi-global, alignment). A score of 90 means at most one
character in ten of the quote had to change to read the OCR text.

**Seeds.** A `FuzzyIndex` holds, per source, an index of its words of four or more letters
(seed-folded: lower case, accents stripped, the OCR look-alikes `1 l i` and `0 o` merged), and
on the first whole-text search that needs it an index of every third 5-gram of its letters and
digits (so merged or split words and stray signs keep their seeds). At a locator (a page or a
few) the quote's first and last twelve characters are looked for verbatim first: standing
once each, as far apart as the quote is long, they are its boundaries (most quotes, in a few
C-level calls). Otherwise the quote's longest words vote for where it starts; when no window
they give passes, its 5-grams vote; when nothing stands at all, rapidfuzz's
`partial_ratio_alignment` gives a window. A search of the whole text votes with the quote's
rarest words within a budget, and keeps every window near the best vote (boilerplate repeated
many times is all reported, up to 64 windows a quote). However repetitive the text, a quote
reads at most `_HARD_BUDGET` gram postings and keeps at most `_MAX_CANDIDATES` rough windows,
so its cost does not grow with the text; a search cut short that way is counted in
`FuzzyIndex.searches_cut` (the report says so).

**Boundaries.** From the rough window (where the seeds put the quote's start and end, or a
Levenshtein alignment — `rapidfuzz.distance.Levenshtein.opcodes` — of the quote with it, from
its first and last runs of three equal characters) both boundaries move to where the edit
distance is smallest: coordinate descent on exact distances (rapidfuzz, ~1 µs each), the
quote's own first and last words tried where they stand near the boundaries (a boundary at
them may cost one edit more: `should not be` is read on for the quote's `should be`), ties
going to word edges, then to edges of the same kind (letter or sign) as the quote's, then to
the span length closest to the quote's. A span that starts or ends inside a word grows to the
whole word when the rest is at most three characters (`eorniponent`, not `rniponent`).

Measured (benchmarks/bench_fuzzy.py, real tesseract output, 209 true quotes of ~110
characters on ~2,700-character pages): exact boundaries 99.5%, about 100x faster than a
difflib aligner at a locator; whole-text search 100% recall at ~0.2 ms a quote.
"""
from __future__ import annotations

import bisect
import re
from collections import Counter
from functools import lru_cache
from operator import itemgetter
from typing import Literal, NamedTuple

from rapidfuzz import fuzz
from rapidfuzz.distance import Levenshtein

from .fuzzy_critical import lookalike_table
from .normalize import FoldedQuote, FoldedText

__all__ = [
    "DEFAULT_THRESHOLD", "FuzzyHit", "FuzzyIndex", "align", "critical_differences",
    "find_critical", "fold_quote", "hit_in_original", "letters_differ", "score_of", "search",
]

DEFAULT_THRESHOLD = 90.0
FuzzyLevel = Literal["normalized", "fuzzy"]


class FuzzyHit(NamedTuple):
    """A fuzzy match of a folded quote in a folded text."""

    start: int  # offset of the span's first character in the searched (folded) text
    end: int  # offset just after its last character
    score: float  # 100 * (1 - distance / len(quote)), 0..100
    distance: int  # Levenshtein distance between `quote` and `matched`
    quote: str  # the folded quote that was aligned
    matched: str  # text[start:end]

    @property
    def level(self) -> FuzzyLevel:
        """`normalized` when only white space or punctuation differ, else `fuzzy` (SUM203)."""
        return "fuzzy" if letters_differ(self.quote, self.matched) else "normalized"


def fold_quote(quote: str | FoldedQuote) -> str:
    """The quote as it is compared: folded like the source, white space collapsed, stripped.

    Accepts a raw quote or a `FoldedQuote` (what the exact matcher already made of it).
    """
    if isinstance(quote, FoldedQuote):
        return " ".join(quote.text.split())
    return _fold_quote(quote)


@lru_cache(maxsize=4096)
def _fold_quote(quote: str) -> str:
    return " ".join(FoldedQuote.of(quote).text.split())


def score_of(distance: int, length: int) -> float:
    return max(0.0, 100.0 * (1.0 - distance / length)) if length else 0.0


_ALNUM_ONLY = re.compile(r"[\W_]+")


def letters_differ(quote: str, matched: str) -> bool:
    """Whether letters or digits differ (case-sensitively), ignoring white space and punctuation."""
    return _ALNUM_ONLY.sub("", quote) != _ALNUM_ONLY.sub("", matched)


def hit_in_original(hit: FuzzyHit, folded: FoldedText) -> tuple[int, int]:
    """The hit's (start, end) in the original source text."""
    return folded.to_original(hit.start), folded.to_original(hit.end, end=True)


# --------------------------------------------------------------------------- public entry points

def align(quote: str | FoldedQuote, text: str, lo: int = 0, hi: int | None = None,
          threshold: float = DEFAULT_THRESHOLD) -> FuzzyHit | None:
    """The best-matching span of `text[lo:hi]` for `quote`, or None below `threshold`.

    `text` is folded source text (`fold(source).text`); the quote is folded here (or pass the
    `FoldedQuote` the exact matcher made); the hit's offsets index `text`. The word index of
    `text` is built on first use and cached for the last few texts (hold a `FuzzyIndex` to
    control that).
    """
    return _index_for(text).align(quote, lo, hi, threshold)


def search(quotes: list[str] | list[FoldedQuote], folded_text: str,
           threshold: float = DEFAULT_THRESHOLD) -> list[list[FuzzyHit]]:
    """For each quote, every span of `folded_text` matching at or above `threshold`, best first.

    The seed index of `folded_text` is built once (and cached for the last few texts).
    """
    index = _index_for(folded_text)
    return [index.search(quote, threshold) for quote in quotes]


class FuzzyIndex:
    """Seed indexes of a folded text, for fuzzy alignment at a locator and anywhere (build
    once per source).

    The word index (every word of four or more letters, seed-folded, with its offsets) is
    built at once: about 0.1-0.2 s and 4 MB per million characters. The 5-gram index, which
    keeps the search robust when a quote's words are garbled, is built by `prepare_search` or
    the first search that needs it: about 0.2-0.4 s and 25 MB per million characters.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        words: dict[str, list[int]] = {}
        get = words.get
        for m in _SEED_WORD.finditer(text.translate(_SEED_TABLE)):
            postings = get(m.group())
            if postings is None:
                words[m.group()] = [m.start()]
            else:
                postings.append(m.start())
        self._words = words
        self._grams: dict[str, list[int]] | None = None
        # how many seed lookups a hard budget cut short (repetitive text), for the report
        self.searches_cut = 0
        self._cstarts: list[int] = []
        self._fstarts: list[int] = []
        self._clen = 0

    def prepare_search(self) -> "FuzzyIndex":
        """Build the 5-gram index now (else the first search that needs it builds it)."""
        if self._grams is None:
            self._build_grams()
        return self

    def _build_grams(self) -> dict[str, list[int]]:
        compact, self._cstarts, self._fstarts = _compact(self.text)
        self._clen = len(compact)
        grams: dict[str, list[int]] = {}
        get = grams.get
        for i in range(0, len(compact) - _SEED_Q + 1, _SEED_STEP):
            g = compact[i:i + _SEED_Q]
            postings = get(g)
            if postings is None:
                grams[g] = [i]
            else:
                postings.append(i)
        self._grams = grams
        return grams

    def align(self, quote: str | FoldedQuote, lo: int = 0, hi: int | None = None,
              threshold: float = DEFAULT_THRESHOLD) -> FuzzyHit | None:
        """The best span of text[lo:hi] for `quote` at or above `threshold`, or None."""
        hi = len(self.text) if hi is None else min(hi, len(self.text))
        return _best(self._hits(fold_quote(quote), max(0, lo), hi, threshold, False))

    def search(self, quote: str | FoldedQuote, threshold: float = DEFAULT_THRESHOLD, lo: int = 0,
               hi: int | None = None) -> list[FuzzyHit]:
        """Every span of text[lo:hi] matching `quote` at or above `threshold`, best first
        (overlapping spans reported once; repeated passages all reported)."""
        hi = len(self.text) if hi is None else min(hi, len(self.text))
        return self._hits(fold_quote(quote), max(0, lo), hi, threshold, True)

    def _hits(self, needle: str, lo: int, hi: int, threshold: float,
              all_near_best: bool) -> list[FuzzyHit]:
        """Hits of the needle in text[lo:hi] at or above `threshold`, best first.

        Seeds: the needle's longest words; when no window they give passes (its words are
        garbled, or it stands nowhere), its 5-grams; when no seed stands at all in a region of
        a page or a few, rapidfuzz's best window of the needle's length.
        """
        if not needle or hi <= lo:
            return []
        if not all_near_best and hi - lo <= _ANCHOR_REGION:
            hit = self._anchored(needle, lo, hi, threshold)
            if hit is not None:
                return [hit]
        windows = self.word_windows(needle, lo, hi, all_near_best)
        hits = self._align_windows(needle, windows, lo, hi, threshold, all_near_best)
        if not hits:
            tried = windows
            windows = [w for w in self.gram_windows(needle, lo, hi, all_near_best)
                       if all(w[1] <= t[0] or w[0] >= t[1] for t in tried)]
            hits = self._align_windows(needle, windows, lo, hi, threshold, all_near_best)
            if not hits and not tried and not windows and \
                    (hi - lo) * len(needle) <= _PARTIAL_RATIO_BUDGET:
                windows = _rough_by_partial_ratio(needle, self.text, lo, hi, threshold)
                hits = self._align_windows(needle, windows, lo, hi, threshold, all_near_best)
        return _distinct(hits)

    def _anchored(self, needle: str, lo: int, hi: int, threshold: float) -> FuzzyHit | None:
        """The common case at a locator, in a few C-level calls: the needle's first or last
        twelve characters stand verbatim, once, in the region. Both found, as far apart as the
        needle is long (give or take an eighth): those are its boundaries. One found: it fixes
        that boundary, the other is searched for near where the needle's length puts it, and
        the result stands when it scores 95 or more. Otherwise None: the seeded search runs."""
        m = len(needle)
        if m < 3 * _ANCHOR:
            return None
        text = self.text
        head, tail = needle[:_ANCHOR], needle[-_ANCHOR:]
        a = text.find(head, lo, hi)
        if a != -1 and text.find(head, a + 1, hi) != -1:
            a = -1  # stands twice: no anchor
        if a != -1:
            lo_e, hi_e = a + m - m // 8 - _ANCHOR, min(hi, a + m + m // 8 + 4)
            c = text.find(tail, max(a + _ANCHOR, lo_e), hi_e)
            if c != -1 and text.find(tail, c + 1, hi_e) == -1:
                matched = text[a:c + _ANCHOR]
                d = Levenshtein.distance(needle, matched)
                score = round(score_of(d, m), 2)
                return FuzzyHit(a, c + _ANCHOR, score, d, needle, matched) if score >= threshold else None
            hit = _refine(needle, text, a, min(hi, a + m), lo, hi, _SEEDED | _START_FIXED)
        else:
            c = text.find(tail, lo, hi)
            if c == -1 or text.find(tail, c + 1, hi) != -1:
                return None
            e = c + _ANCHOR
            hit = _refine(needle, text, max(lo, e - m), e, lo, hi, _SEEDED | _END_FIXED)
        # one fixed end: trusted only when the match is close (else the other end may have
        # been searched too narrowly; the seeded search below decides)
        return hit if hit is not None and hit.score >= max(threshold, _ANCHOR_TRUST) else None

    def _align_windows(self, needle: str, windows: list[Window], lo: int, hi: int,
                       threshold: float, all_near_best: bool) -> list[FuzzyHit]:
        """Align the needle in each window, best vote first; to align (not `all_near_best`),
        stop at windows voted much less than the best once a hit passes."""
        hits: list[FuzzyHit] = []
        if not windows:
            return hits
        top = windows[0][2]
        m = len(needle)
        allowed = int(m * (100.0 - threshold) / 100.0)  # edits a passing span may have
        text = self.text
        for a, b, votes, kind in windows[:_MAX_WINDOWS]:
            if not all_near_best and hits and votes < 0.7 * top:
                break
            if len(windows) > 1:
                # a cheap bound first: the rough window is at most a few shifted characters (a
                # seeded one) or a bucket (a 5-gram one) away from the span
                slack = 8 + m // 20 if kind else 2 * (1 << _BUCKET) + m // 20
                if Levenshtein.distance(needle, text[a:b], score_cutoff=allowed + slack) > allowed + slack:
                    continue
            hit = _refine(needle, text, a, b, lo, hi, kind)
            if hit is not None and hit.score >= threshold:
                hits.append(hit)
        return hits

    def word_windows(self, needle: str, lo: int, hi: int,
                     all_near_best: bool) -> list[Window]:
        """Rough windows (start, end, votes, kind): words of four or more letters of the
        needle, looked up in the word index (OCR leaves most long words intact), vote for where
        the needle starts. To align at a locator, its eight longest words (one standing more
        than eight times in the region says little, and is used only when nothing else is
        found); to search, its rarest words within a budget of postings."""
        seed = needle.translate(_SEED_TABLE)
        found = _SEED_WORD.findall(seed)
        if not found:
            return []
        words = []
        pos = 0
        find = seed.find
        for word in found:  # in order, each the first occurrence after the one before
            pos = find(word, pos)
            words.append((len(word), pos, word))
            pos += len(word)
        m = len(needle)
        last_end = pos  # where the needle's last long word ends
        tail = m - last_end  # signs after it ("." of a sentence)
        whole = lo <= 0 and hi >= len(self.text)
        get = self._words.get
        # (start offset implied, offset of the word in the needle, its length)
        seeds: list[tuple[int, int, int]] = []
        if all_near_best:
            # Searching everywhere: the rarest words first, within a budget, so that a passage
            # repeated many times (boilerplate) still gets a vote from each of its words.
            ranked = []
            for size, offset, word in words:
                postings = get(word)
                if postings is not None:
                    if not whole:
                        postings = postings[bisect.bisect_left(postings, lo):bisect.bisect_left(postings, hi)]
                    if postings:
                        ranked.append((len(postings), -size, offset, postings))
            ranked.sort(key=_FIRST)
            total = 0
            for used, (count, negsize, offset, postings) in enumerate(ranked):
                if used >= 8 and total + count > _WORD_BUDGET or count > _WORD_BUDGET:
                    break
                total += count
                seeds += [(p - offset, offset, -negsize) for p in postings]
        else:
            words.sort(reverse=True)
            common: list[tuple[int, int, list[int]]] = []
            for size, offset, word in words[:8]:
                postings = get(word)
                if postings is None:
                    continue
                if not whole:
                    if len(postings) > 4:
                        postings = postings[bisect.bisect_left(postings, lo):bisect.bisect_left(postings, hi)]
                    else:
                        postings = [p for p in postings if lo <= p < hi]
                if len(postings) > 8:
                    common.append((offset, size, postings))
                elif postings:
                    seeds += [(p - offset, offset, size) for p in postings]
            if not seeds:
                for offset, size, postings in common[:2]:
                    seeds += [(p - offset, offset, size) for p in postings[:64]]
        if not seeds:
            return []
        out = []
        for group in _seed_groups(seeds, all_near_best):
            # the seeds nearest the needle's ends place its start and end best; a seed that is
            # the needle's first word (at offset 0) fixes the start, one that is its last long
            # word fixes the end up to the signs after it
            first = min(group, key=_SECOND)
            last = max(group, key=_SECOND)
            start, end = first[0], last[0] + m
            kind = _SEEDED
            if first[1] == 0:
                kind |= _START_FIXED
            if last[1] + last[2] == last_end and tail <= 2:
                kind |= _END_NEAR
            start, end = max(lo, start), min(hi, max(end, start + 1))
            if end > start:
                out.append((start, end, len(group), kind))
        return out

    def gram_windows(self, needle: str, lo: int = 0, hi: int | None = None,
                     all_near_best: bool = True) -> list[Window]:
        """Rough windows (start, end, votes) from the 5-gram index (built on first use)."""
        grams = self._grams if self._grams is not None else self._build_grams()
        compact_q = _ALNUM_ONLY.sub("", needle).translate(_SEED_TABLE)
        length = len(compact_q)
        if length < _SEED_Q:
            return []
        hi = len(self.text) if hi is None else min(hi, len(self.text))
        whole = lo <= 0 and hi >= len(self.text)
        get = grams.get
        found = [(len(p), j, p) for j, p in
                 ((j, get(compact_q[j:j + _SEED_Q])) for j in range(length - _SEED_Q + 1))
                 if p is not None]
        if not found:
            return []
        found.sort(key=_FIRST)
        clo, chi = (0, self._clen) if whole else (self._to_compact(lo) - length, self._to_compact(hi))
        diags: list[int] = []
        total = used = 0
        for count, j, postings in found:
            if used >= _MIN_GRAMS and (total + count > _BUDGET or used >= _MAX_GRAMS):
                break
            if not whole:
                if count > 16:
                    postings = postings[bisect.bisect_left(postings, clo):bisect.bisect_left(postings, chi)]
                else:
                    postings = [i for i in postings if clo <= i < chi]
                if not postings:
                    continue
                count = len(postings)
            if total + count > _HARD_BUDGET:  # even the rarest grams stand everywhere
                self.searches_cut += 1
                if total:
                    break
                postings = postings[:_HARD_BUDGET]  # the first places only, said in the report
            used += 1
            total += count
            diags += [i - j for i in postings]
        if not diags:
            return []
        out = []
        for diag, votes, _lo, _hi in _best_diagonals(diags, all_near_best, minimum=2):
            start = self._to_folded(max(0, diag))
            end = self._to_folded(min(self._clen, diag + length - 1)) + 1
            start, end = max(lo, start), min(hi, max(end, start + 1))
            if end > start:
                out.append((start, end, votes, 0))
        return out

    def _to_folded(self, c: int) -> int:
        """Folded offset of compact offset `c`."""
        if c <= 0 or not self._cstarts:
            return 0
        if c >= self._clen:
            return len(self.text)
        k = bisect.bisect_right(self._cstarts, c) - 1
        return self._fstarts[k] + (c - self._cstarts[k])

    def _to_compact(self, pos: int) -> int:
        """Compact offset of folded offset `pos` (of the next letter or digit at or after it)."""
        k = bisect.bisect_right(self._fstarts, pos) - 1
        if k >= 0:
            inside = pos - self._fstarts[k]
            run = (self._cstarts[k + 1] if k + 1 < len(self._cstarts) else self._clen) - self._cstarts[k]
            if inside < run:
                return self._cstarts[k] + inside
        return self._cstarts[k + 1] if k + 1 < len(self._cstarts) else self._clen


@lru_cache(maxsize=4)
def _index_for(text: str) -> FuzzyIndex:
    return FuzzyIndex(text)


# --------------------------------------------------------------------------- candidates

_SEED_Q = 5  # gram length
_SEED_STEP = 3  # every third gram of the text is indexed
_BUCKET = 4  # start offsets vote in buckets of 16 characters
_BUDGET = 1500  # postings looked at per quote, rarest grams first
_MIN_GRAMS = 12
_MAX_GRAMS = 40
# Postings read per quote even when the rarest grams are common (a text repeating a few words):
# beyond it the search is cut short and says so. Normal text stays within _BUDGET.
_HARD_BUDGET = 6_000
_MAX_CANDIDATES = 256  # rough windows kept per seed lookup (only _MAX_WINDOWS are aligned)
_FIRST = itemgetter(0)
_SECOND = itemgetter(1)
_ANCHOR = 12  # characters of the needle's ends looked for verbatim at a locator
_ANCHOR_REGION = 60_000  # ... in a region of at most so many characters
_ANCHOR_TRUST = 95.0  # score from which a match found from one anchor is taken as it is
_WORD_BUDGET = 600  # word postings looked at per quote in a search, rarest words first
# The fallback window search costs about quote length × region length: a region of 200,000
# characters for a quote of 100, of 5,000 for a quote of 4,000 (at most ~0.2 s).
_PARTIAL_RATIO_BUDGET = 20_000_000
_MAX_WINDOWS = 64  # windows aligned per quote at most (a passage repeated more often: the best)
_SEED_WORD = re.compile(r"[^\W_]{4,}")
_HEAD = re.compile(r"([\W_]{0,2}?)([^\W_]+)")
_TAIL = re.compile(r"([^\W_]+)([\W_]{0,2})$")


_SEED_TABLE = lookalike_table()
_ALNUM_RUN = re.compile(r"[^\W_]+")


def _compact(text: str) -> tuple[str, list[int], list[int]]:
    """Letters and digits of `text` (seed-folded), with the runs' starts in both coordinates."""
    fstarts: list[int] = []
    cstarts: list[int] = []
    pieces: list[str] = []
    total = 0
    for m in _ALNUM_RUN.finditer(text):
        fstarts.append(m.start())
        cstarts.append(total)
        word = m.group()
        pieces.append(word)
        total += len(word)
    return "".join(pieces).translate(_SEED_TABLE), cstarts, fstarts


def _seed_groups(seeds: list[tuple[int, int, int]],
                 all_near_best: bool) -> list[list[tuple[int, int, int]]]:
    """Seeds grouped by the start offset they imply (a gap of more than 12 characters starts a
    new group: indels shift the words of one passage a little), biggest groups first: the best
    three, and with `all_near_best` every group with at least 45% of the best one's seeds."""
    seeds.sort()
    groups: list[list[tuple[int, int, int]]] = []
    first = 0
    for i in range(1, len(seeds) + 1):
        if i == len(seeds) or seeds[i][0] - seeds[i - 1][0] > 12:
            groups.append(seeds[first:i])
            first = i
    groups.sort(key=len, reverse=True)
    best = len(groups[0])
    chosen = groups[:3]
    if all_near_best:
        chosen += [g for g in groups[3:] if len(g) >= max(2, best * 0.45)]
    return chosen[:_MAX_CANDIDATES]


def _best_diagonals(diags: list[int], all_near_best: bool,
                    minimum: int) -> list[tuple[int, int, int, int]]:
    """Start offsets most voted for, best first, as (median, votes, range start, range end):
    the best three, and with `all_near_best` every one with at least 45% of the best vote
    (repeated boilerplate). Votes go to buckets of 16; a bucket counts with its better
    neighbour, so a start near a bucket edge keeps all its votes."""
    if len(diags) == 1:
        return [(diags[0], 1, diags[0], diags[0] + 1)]
    votes = Counter([d >> _BUCKET for d in diags])
    if len(votes) == 1:
        ordered = sorted(diags)
        return [(ordered[len(ordered) // 2], len(ordered), ordered[0], ordered[-1] + 1)]
    get = votes.get
    keep = max(votes.values()) // 3
    paired = []
    for b, v in votes.items():
        if v >= keep:
            left, right = get(b - 1, 0), get(b + 1, 0)
            if left > right:
                paired.append((v + left, b, b - 1))
            else:
                paired.append((v + right, b, b + 1))
    paired.sort(reverse=True)
    chosen = [p for p in paired[:3] if p[0] >= minimum] or paired[:1]
    if all_near_best:
        floor = max(minimum, paired[0][0] * 0.45)
        chosen += [p for p in paired[3:] if p[0] >= floor]
    del chosen[_MAX_CANDIDATES:]
    # each chosen pair of buckets reads only its own starts (not every start once per pair)
    wanted = {b for _, b, _ in chosen} | {n for _, _, n in chosen}
    in_bucket: dict[int, list[int]] = {b: [] for b in wanted}
    for d in diags:
        members = in_bucket.get(d >> _BUCKET)
        if members is not None:
            members.append(d)
    out: list[tuple[int, int, int, int]] = []
    taken: set[int] = set()
    for v, b, n in chosen:
        if b in taken:
            continue
        taken.add(b)
        taken.add(n)
        lo_d, hi_d = min(b, n) << _BUCKET, (max(b, n) + 1) << _BUCKET
        near = sorted(in_bucket[b] + in_bucket[n])
        out.append((near[len(near) // 2], v, lo_d, hi_d))
    return out


def _rough_by_partial_ratio(needle: str, text: str, lo: int, hi: int,
                            threshold: float) -> list[Window]:
    """The fallback when no seed stands: rapidfuzz's best window of the needle's length (its
    Indel-based ratio is >= our score on the same window, so the cutoff drops no passing span)."""
    rough = fuzz.partial_ratio_alignment(needle, text[lo:hi], score_cutoff=max(0.0, threshold - 12))
    return [] if rough is None else [(lo + rough.dest_start, lo + rough.dest_end, 1, 0)]


Window = tuple[int, int, int, int]  # start, end, votes, kind (bits below)
_SEEDED = 1  # start and end placed by words of the needle found verbatim
_START_FIXED = 2  # ... the first of which is the needle's first word
_END_NEAR = 4  # ... the last of which is the needle's last long word
_END_FIXED = 8  # the end is the needle's last characters found verbatim


def _best(hits: list[FuzzyHit]) -> FuzzyHit | None:
    return hits[0] if hits else None


def _distinct(hits: list[FuzzyHit]) -> list[FuzzyHit]:
    """Best first; a hit overlapping a better one is dropped."""
    if len(hits) < 2:
        return list(hits)
    kept: list[FuzzyHit] = []
    for hit in sorted(hits, key=lambda h: (-h.score, h.start)):
        if all(hit.end <= k.start or hit.start >= k.end for k in kept):
            kept.append(hit)
    return kept


# --------------------------------------------------------------------------- alignment

def _pad(length: int) -> int:
    return length // 10 + 8


def _refine(needle: str, text: str, a: int, b: int, lo: int, hi: int,
            kind: int = 0) -> FuzzyHit | None:
    """Infix alignment of `needle` around the rough window text[a:b], inside text[lo:hi].

    A seeded window (its start and end placed by words of the needle found verbatim) is
    searched around directly, and not at all at a start that the needle's own first word
    fixes; otherwise a Levenshtein alignment of the needle with the window first projects
    where the needle starts and ends.
    """
    m = len(needle)
    pad = _pad(m)
    ws, we = max(lo, a - pad), min(hi, b + pad)
    if kind & _SEEDED:
        s0, e0 = a, max(b, a + 1)
        rs = 0 if kind & _START_FIXED else 2
        re_ = 0 if kind & _END_FIXED else 1 if kind & _END_NEAR else 2
    else:
        equal = [(op.src_start, op.src_end, op.dest_start, op.dest_end)
                 for op in Levenshtein.opcodes(needle, text[a:b]) if op.tag == "equal"]
        if not equal:
            return None
        anchors = [e for e in equal if e[1] - e[0] >= 3] or equal
        first, last = anchors[0], anchors[-1]
        s0 = min(max(a + first[2] - first[0], ws), we)  # the start if no indel precedes the anchor
        e0 = min(max(a + last[3] + (m - last[1]), s0 + 1), we)
        rs, re_ = 2 + first[0] // 4, 2 + (m - last[1]) // 4
    span = _Span(needle, text, ws, we)
    s, e = span.descend(s0, e0, rs, re_)
    s, e = span.trim(s, e)
    if e <= s:
        return None
    s, e = span.edge_words(s, e)
    s, e = span.snap_to_words(s, e)
    if e <= s:
        return None
    matched = text[s:e]
    d = Levenshtein.distance(needle, matched)
    return FuzzyHit(s, e, round(score_of(d, m), 2), d, needle, matched)


class _Span:
    """Boundary search for one needle inside text[ws:we]."""

    def __init__(self, needle: str, text: str, ws: int, we: int) -> None:
        self.needle, self.text, self.ws, self.we = needle, text, ws, we
        self.m = len(needle)
        self.first_alnum = needle[0].isalnum()
        self.last_alnum = needle[-1].isalnum()
        # the quote's first and last words, and up to two signs before / after them
        # ('"word', 'end.')
        head = _HEAD.match(needle)
        self.lead, self.head = head.groups() if head else ("", "")
        tail = _TAIL.search(needle, max(0, len(needle) - 48))
        self.tail, self.trail = tail.groups() if tail else ("", "")

    def start_key(self, s: int, e: int, d: int) -> tuple:
        text = self.text
        at_word = s == 0 or not text[s - 1].isalnum() or not text[s].isalnum()
        at_token = s == 0 or text[s - 1] == " "
        same_kind = text[s].isalnum() == self.first_alnum
        return (d, not at_word, not at_token, not same_kind, abs((e - s) - self.m))

    def end_key(self, s: int, e: int, d: int) -> tuple:
        text = self.text
        at_word = e >= len(text) or not text[e].isalnum() or not text[e - 1].isalnum()
        at_token = e >= len(text) or text[e] == " "
        same_kind = text[e - 1].isalnum() == self.last_alnum
        return (d, not at_word, not at_token, not same_kind, abs((e - s) - self.m))

    def descend(self, s: int, e: int, rs: int, re_: int) -> tuple[int, int]:
        """Coordinate descent on (start, end) minimising the edit distance, ties by the keys;
        another round only while a boundary stops at the edge of the range it searched."""
        needle, text, ws, we = self.needle, self.text, self.ws, self.we
        dist = Levenshtein.distance
        d = dist(needle, text[s:e])
        for _round in range(8):
            best, new = self.start_key(s, e, d), s
            first, last = max(ws, s - rs), min(e - 1, s + rs)
            for c in range(first, last + 1):
                if c != s:
                    dc = dist(needle, text[c:e], score_cutoff=best[0])
                    if dc <= best[0]:
                        key = self.start_key(c, e, dc)
                        if key < best:
                            best, new = key, c
            at_edge = new != s and (new == first and first > ws or new == last and last < e - 1)
            s, d = new, best[0]
            best, new = self.end_key(s, e, d), e
            first, last = max(s + 1, e - re_), min(we, e + re_)
            for c in range(first, last + 1):
                if c != e:
                    dc = dist(needle, text[s:c], score_cutoff=best[0])
                    if dc <= best[0]:
                        key = self.end_key(s, c, dc)
                        if key < best:
                            best, new = key, c
            at_edge = at_edge or new != e and (new == first and first > s + 1 or new == last and last < we)
            moved_end = new != e
            e, d = new, best[0]
            if not at_edge and not (moved_end and _round == 0 and rs > 2):
                break
            rs = re_ = 3
        return s, e

    def _starts_right(self, s: int) -> bool:
        """The span starts with the quote's first word (and the signs before it) verbatim."""
        text, word = self.text, self.head
        at = s + len(self.lead)
        end = at + len(word)
        return text.startswith(self.lead, s) and text.startswith(word, at) and \
            (end >= len(text) or not text[end].isalnum())

    def _ends_right(self, e: int) -> bool:
        """The span ends with the quote's last word (and the signs after it) verbatim."""
        text, word = self.text, self.tail
        at = e - len(self.trail)
        start = at - len(word)
        return text.endswith(self.trail, 0, e) and text.endswith(word, 0, at) and \
            (start <= 0 or not text[start - 1].isalnum())

    def edge_words(self, s: int, e: int) -> tuple[int, int]:
        """Try the quote's first and last words where they stand near the boundaries.

        Garbage before a heading can trap the descent one word late (`26:` for `Artículo 26:`),
        and a word the OCR text adds before the quote's last word (`should not be` for the
        quote's `should be`) makes ending early one edit cheaper than reading on. A boundary at
        the quote's own first or last word, found verbatim, is taken when it costs at most one
        edit more than a boundary that is not at that word (a reader marks the whole passage).
        """
        needle, text, ws, we = self.needle, self.text, self.ws, self.we
        head_ok = not self.head or self._starts_right(s)
        tail_ok = not self.tail or self._ends_right(e)
        if head_ok and tail_ok:
            return s, e
        dist = Levenshtein.distance
        d = dist(needle, text[s:e])
        if not head_ok:
            word, lead = self.head, len(self.lead)
            reach = self.m // 5 + len(word)
            hi_s = min(e, s + reach)
            starts: list[int] = []
            c = text.find(word, max(ws, s - reach), hi_s)
            while c != -1:
                if c == 0 or not text[c - 1].isalnum():
                    starts += range(max(ws, c - lead - 1), c + 1)  # with the signs before it
                c = text.find(word, c + 1, hi_s)
            s, d = self._pick(starts, s, d, lambda x: text[x:e])
        if not tail_ok:
            word, trail = self.tail, len(self.trail)
            reach = self.m // 5 + len(word)
            hi_e = min(we, e + reach)
            ends: list[int] = []
            c = text.find(word, max(s + 1, e - reach), hi_e)
            while c != -1:
                stop = c + len(word)
                if stop >= len(text) or not text[stop].isalnum():
                    ends += range(stop, min(we, stop + trail + 1) + 1)  # with the signs after it
                c = text.find(word, c + 1, hi_e)
            e, d = self._pick(ends, e, d, lambda x: text[s:x])
        return self.trim(s, e)

    def _pick(self, candidates: list[int], current: int, d: int, span) -> tuple[int, int]:
        """The candidate boundary of least distance; it replaces the current one when it is
        better, or at most one edit worse while the current one is at no candidate (ties: the
        candidate nearest the current boundary)."""
        if not candidates:
            return current, d
        slack = 0 if current in candidates else 1
        dist = Levenshtein.distance
        best, best_d = current, d + slack + 1
        for c in candidates:
            if c != current:
                dc = dist(self.needle, span(c), score_cutoff=d + slack)
                if dc < best_d or (dc == best_d and abs(c - current) < abs(best - current)):
                    best, best_d = c, dc
        if best != current and (best_d < d or slack and best_d <= d + 1):
            return best, best_d
        return current, d

    def trim(self, s: int, e: int) -> tuple[int, int]:
        """Without white space at either end (the quote has none)."""
        text = self.text
        while s < e and text[s] == " ":
            s += 1
        while e > s and text[e - 1] == " ":
            e -= 1
        return s, e

    def snap_to_words(self, s: int, e: int) -> tuple[int, int]:
        """Whole words, as a reader would mark them: a span that starts or ends inside a word
        (`rniponent` of `eorniponent`) grows to the word's edge when the quote starts or ends
        with a letter or digit and the rest of the word is short (at most three characters)."""
        text, ws, we = self.text, self.ws, self.we
        s, e = self.trim(s, e)
        if e <= s:
            return s, e
        if self.first_alnum and s > ws and text[s - 1].isalnum() and text[s].isalnum():
            k = s
            while k > ws and s - k < 4 and text[k - 1].isalnum():
                k -= 1
            if k == ws or not text[k - 1].isalnum():
                s = k
        if self.last_alnum and e < we and text[e].isalnum() and text[e - 1].isalnum():
            k = e
            while k < we and k - e < 4 and text[k].isalnum():
                k += 1
            if k == we or not text[k].isalnum():
                e = k
        return s, e


from .fuzzy_critical import critical_differences, find_critical  # noqa: E402  (re-export)
