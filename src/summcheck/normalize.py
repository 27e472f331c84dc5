"""Text folding for the `normalized` match level, with a map back to original offsets.

The contract's normalized level folds NFKC (ligatures), soft hyphens, zero-width characters,
quotation marks, dashes, white space runs, and makes a hyphen at a line end optional. Folding
is done once per source; quotes are folded the same way and searched with `str.find`.
"""
from __future__ import annotations

import bisect
import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache

QUOTE_FOLDS = {
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u00ab": '"', "\u00bb": '"',
    "\u2033": '"', "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2039": "'",
    "\u203a": "'", "\u2032": "'",
}
DASH_FOLDS = {c: "-" for c in "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d"}
ZERO_WIDTH = {c: "" for c in "\u200b\u200c\u200d\u2060\ufeff"}
# Bidi controls can make a quote read differently from what it holds: never fold them away.
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")

_HYPHENS = "-\u2010\u2011"
_SPECIAL = re.compile(
    rf"(?P<lh>(?<=\w)[{_HYPHENS}][ \t]*\r?\n\s*(?=\w))"  # hyphen at a line end: optional
    rf"|(?P<ih>(?<=\w)[{_HYPHENS}](?=\w))"  # hyphen inside a word: must be in both texts
    r"|(?P<sh>\u00ad(?:[ \t]*\r?\n[ \t]*)?)"  # soft hyphen, with the line break it marks
    r"|(?P<ws>\s{2,}|[^\S ])"  # white space other than a lone space
    r"|(?P<ch>[^\x00-\x7f][\u0300-\u036f]*)"  # non-ASCII, with combining marks
)
_WHITESPACE = re.compile(r"\s+")


@lru_cache(maxsize=4096)
def fold_char(chars: str) -> str:
    """Fold one character (with its combining marks) for the normalized level."""
    if chars in BIDI_CONTROLS:
        return chars
    folded = unicodedata.normalize("NFKC", chars)
    out = []
    for c in folded:
        c = QUOTE_FOLDS.get(c, c)
        c = DASH_FOLDS.get(c, c)
        c = ZERO_WIDTH.get(c, c)
        out.append(" " if c.isspace() else c)
    return "".join(out)


def collapse_whitespace(text: str) -> str:
    """The exact level: every run of Unicode white space is one space."""
    return _WHITESPACE.sub(" ", text).strip()


@dataclass
class FoldedText:
    """`text` folded, with segments mapping folded offsets back to the original."""

    text: str
    # Parallel lists: segment i starts at folded offset fstart[i] and original offset ostart[i];
    # copied segments map linearly, replaced ones map their ends to the original's ends.
    fstart: list[int] = field(default_factory=list)
    ostart: list[int] = field(default_factory=list)
    copied: list[bool] = field(default_factory=list)
    original_length: int = 0
    optional_hyphens: list[int] = field(default_factory=list)  # folded offsets of line-end hyphens
    word_hyphens: list[int] = field(default_factory=list)  # folded offsets of in-word hyphens

    def to_original(self, pos: int, *, end: bool = False) -> int:
        """Original offset of folded offset `pos` (a start, or with end=True an exclusive end)."""
        i = bisect.bisect_right(self.fstart, pos) - 1
        if i < 0:
            return 0
        if end and pos == self.fstart[i] and i > 0:
            i -= 1  # an end on a boundary belongs to the segment before it
        if self.copied[i]:
            return self.ostart[i] + (pos - self.fstart[i])
        next_o = self.ostart[i + 1] if i + 1 < len(self.ostart) else self.original_length
        return next_o if end or pos > self.fstart[i] else self.ostart[i]

    def to_folded(self, pos: int) -> int:
        """Folded offset of original offset `pos` (rounded to a segment start inside replacements)."""
        i = bisect.bisect_right(self.ostart, pos) - 1
        if i < 0:
            return 0
        if self.copied[i]:
            return self.fstart[i] + (pos - self.ostart[i])
        return self.fstart[i] if pos == self.ostart[i] else (
            self.fstart[i + 1] if i + 1 < len(self.fstart) else len(self.text))


def fold(text: str) -> FoldedText:
    """Fold `text` for the normalized level, keeping the offset map."""
    pieces: list[str] = []
    result = FoldedText("", original_length=len(text))
    flen = 0  # length of the folded text so far
    copy_from = 0  # original offset where the pending copied run began

    def flush_copy(until: int) -> None:
        nonlocal flen, copy_from
        if until > copy_from:
            result.fstart.append(flen)
            result.ostart.append(copy_from)
            result.copied.append(True)
            pieces.append(text[copy_from:until])
            flen += until - copy_from
        copy_from = until

    for match in _SPECIAL.finditer(text):
        kind = match.lastgroup
        start, end = match.span()
        if kind == "ch":
            replacement = fold_char(match.group())
            if replacement == match.group():
                continue  # unchanged: stays in the copied run
        elif kind == "ws":
            replacement = " "
        else:
            replacement = ""
        flush_copy(start)
        if kind == "lh":
            result.optional_hyphens.append(flen)
        elif kind == "ih":
            result.word_hyphens.append(flen)
        result.fstart.append(flen)
        result.ostart.append(start)
        result.copied.append(False)
        pieces.append(replacement)
        flen += len(replacement)
        copy_from = end
    flush_copy(len(text))
    result.text = "".join(pieces)
    return result


@dataclass(frozen=True)
class FoldedQuote:
    text: str
    hyphens: tuple[int, ...]  # offsets in `text` where the quote had a hyphen inside a word

    @classmethod
    def of(cls, quote: str) -> "FoldedQuote":
        folded = fold(quote)
        text = folded.text
        lead = len(text) - len(text.lstrip(" "))
        hyphens = folded.word_hyphens + folded.optional_hyphens
        return cls(text.strip(" "), tuple(sorted(h - lead for h in hyphens)))


def hyphens_agree(source: FoldedText, pos: int, quote: FoldedQuote) -> bool:
    """Whether a folded match at `pos` keeps the source's in-word hyphens and adds none."""
    end = pos + len(quote.text)
    lo = bisect.bisect_right(source.word_hyphens, pos)
    hi = bisect.bisect_left(source.word_hyphens, end)
    required = source.word_hyphens[lo:hi]
    wanted = [pos + h for h in quote.hyphens]
    if not required and not wanted:
        return True
    wanted_set = set(wanted)
    if any(h not in wanted_set for h in required):
        return False
    optional = source.optional_hyphens
    for h in wanted:
        if h in required:
            continue
        i = bisect.bisect_left(optional, h)
        if i >= len(optional) or optional[i] != h:
            return False
    return True
