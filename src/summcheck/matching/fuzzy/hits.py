"""A fuzzy match of a folded quote, its score, and the quote as it is compared."""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Literal, NamedTuple

from ..normalize import FoldedQuote, FoldedText

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


ALNUM_ONLY = re.compile(r"[\W_]+")


def letters_differ(quote: str, matched: str) -> bool:
    """Whether letters or digits differ (case-sensitively), ignoring white space and punctuation."""
    return ALNUM_ONLY.sub("", quote) != ALNUM_ONLY.sub("", matched)


def hit_in_original(hit: FuzzyHit, folded: FoldedText) -> tuple[int, int]:
    """The hit's (start, end) in the original source text."""
    return folded.to_original(hit.start), folded.to_original(hit.end, end=True)
