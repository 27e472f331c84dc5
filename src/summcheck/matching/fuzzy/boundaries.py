"""Where a fuzzy match starts and ends: from a rough window to the span of least edit distance."""
from __future__ import annotations

import re

from rapidfuzz.distance import Levenshtein

from .hits import FuzzyHit, score_of
from .windows import END_FIXED, END_NEAR, SEEDED, START_FIXED

# The needle's first and last word, with up to two signs before or after it.
_HEAD = re.compile(r"([\W_]{0,2}?)([^\W_]+)")
_TAIL = re.compile(r"([^\W_]+)([\W_]{0,2})$")


def _pad(length: int) -> int:
    return length // 10 + 8


def refine(needle: str, text: str, a: int, b: int, lo: int, hi: int,
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
    if kind & SEEDED:
        s0, e0 = a, max(b, a + 1)
        rs = 0 if kind & START_FIXED else 2
        re_ = 0 if kind & END_FIXED else 1 if kind & END_NEAR else 2
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
    span = _Boundaries(needle, text, ws, we)
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


class _Boundaries:
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
        ws, we = self.ws, self.we
        d = Levenshtein.distance(self.needle, self.text[s:e])
        for _round in range(8):
            first, last = max(ws, s - rs), min(e - 1, s + rs)
            new, best = self._step(s, e, d, first, last, start=True)
            at_edge = new != s and (new == first and first > ws or new == last and last < e - 1)
            s, d = new, best
            first, last = max(s + 1, e - re_), min(we, e + re_)
            new, best = self._step(s, e, d, first, last, start=False)
            at_edge = at_edge or new != e and (new == first and first > s + 1 or new == last and last < we)
            moved_end = new != e
            e, d = new, best
            if not at_edge and not (moved_end and _round == 0 and rs > 2):
                break
            rs = re_ = 3
        return s, e

    def _step(self, s: int, e: int, d: int, first: int, last: int, *, start: bool) -> tuple[int, int]:
        """The best start (or end) among first..last with the other boundary fixed, by the
        keys, and its distance; `d` is the distance of text[s:e]."""
        needle, text, dist = self.needle, self.text, Levenshtein.distance
        key_of = self.start_key if start else self.end_key
        current = s if start else e
        best, new = key_of(s, e, d), current
        for c in range(first, last + 1):
            if c != current:
                a, b = (c, e) if start else (s, c)
                dc = dist(needle, text[a:b], score_cutoff=best[0])
                if dc <= best[0]:
                    key = key_of(a, b, dc)
                    if key < best:
                        best, new = key, c
        return new, best[0]

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
