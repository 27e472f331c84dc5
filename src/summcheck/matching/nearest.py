"""The passage of a cited region closest to a quote that stands nowhere (SUM201).

`nearest_at_locator` is the one search: the analysis runs it for each quote not found, and the
rule reads its outcome (`ClosestPassage`).
"""
from __future__ import annotations

import bisect

from dataclasses import dataclass

from ..model import Span
from .normalize import BIDI_CONTROLS, collapse_whitespace

# The closest-passage search (SUM201) aligns the quote with every window of the cited region,
# at a cost of about quote length × region length: a quote longer than this is no retyped
# passage and is not searched, and the region is read up to a budget of aligned characters
# (200,000 for a quote of 100 characters, 20,000 for one of 1,000).
CLOSEST_MAX_QUOTE = 1_000
CLOSEST_MAX_REGION = 200_000
CLOSEST_BUDGET = 20_000_000


def closest_search_limit(quote: str) -> int:
    """How many characters of the cited region the closest-passage search reads (0: none)."""
    length = len(collapse_whitespace(quote))
    if length > CLOSEST_MAX_QUOTE:
        return 0
    return min(CLOSEST_MAX_REGION, CLOSEST_BUDGET // max(1, length))


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
    if word.isprintable():  # no format (Cf, bidi controls among them) or control character
        return word
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


@dataclass(frozen=True)
class ClosestPassage:
    """What the closest-passage search at a record's locator found."""

    limit: int  # characters of the cited region read (0: the quote is too long to search)
    region_length: int  # of the cited region as joined (beyond `limit`: the search was cut)
    difference: Difference | None  # the closest passage, or None when nothing aligned

    @property
    def cut(self) -> bool:
        """Whether the cited region is longer than the search read."""
        return bool(self.limit) and self.region_length > self.limit


def nearest_at_locator(text: str, spans: tuple[Span, ...], quote: str,
                       furniture: tuple[Span, ...] = (), starts: list[int] | None = None
                       ) -> ClosestPassage:
    """The closest passage to `quote` in the first three cited `spans` of `text`, read
    without the page `furniture` in them (sources/furniture.py; `starts`, their starts if
    the caller has them): a passage never advises copying a running header or a folio into
    a quote."""
    limit = closest_search_limit(quote)
    if furniture:
        spans = _without(spans[:3], furniture,
                         [f.start for f in furniture] if starts is None else starts)
    region = _region(text, spans[:3], limit)
    closest = closest_difference(region, quote, limit) if limit else None
    return ClosestPassage(limit, len(region), closest)


def _without(spans, furniture: tuple[Span, ...], starts: list[int]) -> tuple[Span, ...]:
    """The spans with the furniture lines (starting at `starts`) inside them cut out, in
    order."""
    out: list[Span] = []
    for span in spans:
        pos = span.start
        for cut in furniture[bisect.bisect_left(starts, span.start):
                             bisect.bisect_left(starts, span.end)]:
            if cut.end > span.end:
                break
            if cut.start > pos:
                out.append(Span(pos, cut.start))
            pos = max(pos, cut.end)
        if span.end > pos:
            out.append(Span(pos, span.end))
    return tuple(out)


def _region(text: str, spans, limit: int) -> str:
    """The cited spans joined by line breaks, read no further than one character past
    `limit` (enough to tell that the search was cut short)."""
    pieces: list[str] = []
    size = 0
    for span in spans:
        if size > limit:
            break
        piece = text[span.start:min(span.end, span.start + limit + 1 - size)]
        pieces.append(piece)
        size += len(piece) + 1
    return "\n".join(pieces)
