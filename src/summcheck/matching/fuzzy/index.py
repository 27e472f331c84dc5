"""The seed index of a folded text, and the fuzzy search over it: at a locator (`align`) and
anywhere (`search`). The package's docstring describes the method."""
from __future__ import annotations

import bisect
from functools import lru_cache
from operator import itemgetter

from rapidfuzz.distance import Levenshtein

from ..normalize import FoldedQuote
from .boundaries import refine
from .hits import ALNUM_ONLY, DEFAULT_THRESHOLD, FuzzyHit, fold_quote, score_of
from .windows import (ANCHOR, ANCHOR_REGION, ANCHOR_TRUST, BUCKET, BUDGET, END_FIXED, END_NEAR,
                      HARD_BUDGET, MAX_GRAMS, MAX_WINDOWS, MIN_GRAMS, PARTIAL_RATIO_BUDGET, SEED_Q,
                      SEED_STEP, SEED_TABLE, SEED_WORD, SEEDED, START_FIXED, WORD_BUDGET, Window,
                      best_diagonals, best_hit, compact_text, distinct_hits,
                      rough_by_partial_ratio, seed_groups)

_FIRST = itemgetter(0)
_SECOND = itemgetter(1)


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
    built at once. The 5-gram index, which keeps the search robust when a quote's words are
    garbled and costs several times as much, is built by `prepare_search` or the first search
    that needs it.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        words: dict[str, list[int]] = {}
        get = words.get
        for m in SEED_WORD.finditer(text.translate(SEED_TABLE)):
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
        compact, self._cstarts, self._fstarts = compact_text(self.text)
        self._clen = len(compact)
        grams: dict[str, list[int]] = {}
        get = grams.get
        for i in range(0, len(compact) - SEED_Q + 1, SEED_STEP):
            g = compact[i:i + SEED_Q]
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
        return best_hit(self._hits(fold_quote(quote), max(0, lo), hi, threshold, False))

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
        if not all_near_best and hi - lo <= ANCHOR_REGION:
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
                    (hi - lo) * len(needle) <= PARTIAL_RATIO_BUDGET:
                windows = rough_by_partial_ratio(needle, self.text, lo, hi, threshold)
                hits = self._align_windows(needle, windows, lo, hi, threshold, all_near_best)
        return distinct_hits(hits)

    def _anchored(self, needle: str, lo: int, hi: int, threshold: float) -> FuzzyHit | None:
        """The common case at a locator, in a few C-level calls: the needle's first or last
        twelve characters stand verbatim, once, in the region. Both found, as far apart as the
        needle is long (give or take an eighth): those are its boundaries. One found: it fixes
        that boundary, the other is searched for near where the needle's length puts it, and
        the result stands when it scores 95 or more. Otherwise None: the seeded search runs."""
        m = len(needle)
        if m < 3 * ANCHOR:
            return None
        text = self.text
        head, tail = needle[:ANCHOR], needle[-ANCHOR:]
        a = text.find(head, lo, hi)
        if a != -1 and text.find(head, a + 1, hi) != -1:
            a = -1  # stands twice: no anchor
        if a != -1:
            lo_e, hi_e = a + m - m // 8 - ANCHOR, min(hi, a + m + m // 8 + 4)
            c = text.find(tail, max(a + ANCHOR, lo_e), hi_e)
            if c != -1 and text.find(tail, c + 1, hi_e) == -1:
                matched = text[a:c + ANCHOR]
                d = Levenshtein.distance(needle, matched)
                score = round(score_of(d, m), 2)
                return FuzzyHit(a, c + ANCHOR, score, d, needle, matched) if score >= threshold else None
            hit = refine(needle, text, a, min(hi, a + m), lo, hi, SEEDED | START_FIXED)
        else:
            c = text.find(tail, lo, hi)
            if c == -1 or text.find(tail, c + 1, hi) != -1:
                return None
            e = c + ANCHOR
            hit = refine(needle, text, max(lo, e - m), e, lo, hi, SEEDED | END_FIXED)
        # one fixed end: trusted only when the match is close (else the other end may have
        # been searched too narrowly; the seeded search below decides)
        return hit if hit is not None and hit.score >= max(threshold, ANCHOR_TRUST) else None

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
        for a, b, votes, kind in windows[:MAX_WINDOWS]:
            if not all_near_best and hits and votes < 0.7 * top:
                break
            if len(windows) > 1:
                # a cheap bound first: the rough window is at most a few shifted characters (a
                # seeded one) or a bucket (a 5-gram one) away from the span
                slack = 8 + m // 20 if kind else 2 * (1 << BUCKET) + m // 20
                if Levenshtein.distance(needle, text[a:b], score_cutoff=allowed + slack) > allowed + slack:
                    continue
            hit = refine(needle, text, a, b, lo, hi, kind)
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
        seed = needle.translate(SEED_TABLE)
        found = SEED_WORD.findall(seed)
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
                if used >= 8 and total + count > WORD_BUDGET or count > WORD_BUDGET:
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
        for group in seed_groups(seeds, all_near_best):
            # the seeds nearest the needle's ends place its start and end best; a seed that is
            # the needle's first word (at offset 0) fixes the start, one that is its last long
            # word fixes the end up to the signs after it
            first = min(group, key=_SECOND)
            last = max(group, key=_SECOND)
            start, end = first[0], last[0] + m
            kind = SEEDED
            if first[1] == 0:
                kind |= START_FIXED
            if last[1] + last[2] == last_end and tail <= 2:
                kind |= END_NEAR
            start, end = max(lo, start), min(hi, max(end, start + 1))
            if end > start:
                out.append((start, end, len(group), kind))
        return out

    def gram_windows(self, needle: str, lo: int = 0, hi: int | None = None,
                     all_near_best: bool = True) -> list[Window]:
        """Rough windows (start, end, votes) from the 5-gram index (built on first use)."""
        grams = self._grams if self._grams is not None else self._build_grams()
        compact_q = ALNUM_ONLY.sub("", needle).translate(SEED_TABLE)
        length = len(compact_q)
        if length < SEED_Q:
            return []
        hi = len(self.text) if hi is None else min(hi, len(self.text))
        whole = lo <= 0 and hi >= len(self.text)
        get = grams.get
        found = [(len(p), j, p) for j, p in
                 ((j, get(compact_q[j:j + SEED_Q])) for j in range(length - SEED_Q + 1))
                 if p is not None]
        if not found:
            return []
        found.sort(key=_FIRST)
        clo, chi = (0, self._clen) if whole else (self._to_compact(lo) - length, self._to_compact(hi))
        diags: list[int] = []
        total = used = 0
        for count, j, postings in found:
            if used >= MIN_GRAMS and (total + count > BUDGET or used >= MAX_GRAMS):
                break
            if not whole:
                if count > 16:
                    postings = postings[bisect.bisect_left(postings, clo):bisect.bisect_left(postings, chi)]
                else:
                    postings = [i for i in postings if clo <= i < chi]
                if not postings:
                    continue
                count = len(postings)
            if total + count > HARD_BUDGET:  # even the rarest grams stand everywhere
                self.searches_cut += 1
                if total:
                    break
                postings = postings[:HARD_BUDGET]  # the first places only, said in the report
            used += 1
            total += count
            diags += [i - j for i in postings]
        if not diags:
            return []
        out = []
        for diag, votes, _lo, _hi in best_diagonals(diags, all_near_best, minimum=2):
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
