"""Words of a sentence or quote as the faithfulness checks read them: folded, with offsets."""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

# A date written with digits is one token (`2018-05-25`, `25.05.2018`), so is a number with
# separators (`3.700`, `1,5`); a word keeps its inner apostrophes and hyphens (`don't`,
# `e-mail`); `%`, currency signs and `§` stand alone; so does each punctuation mark.
_TOKEN = re.compile(r"\d{4}-\d{1,2}-\d{1,2}(?!\d)|\d{1,2}\.\d{1,2}\.\d{4}(?!\d)"
                    r"|(?<!\d)\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?![\d.,])"
                    r"|\d+(?:[.,]\d+)*|\w+(?:['’]\w+)*|[%€$§]|[,;:.!?()\[\]/–—-]")
PUNCTUATION = frozenset(",;:.!?()[]/–—-")
SENTENCE_BREAKS = frozenset(";:.!?")


@dataclass(frozen=True)
class Token:
    word: str  # folded
    start: int
    end: int


@lru_cache(maxsize=4096)
def fold(word: str) -> str:
    """Lower case, compatibility forms unified (`ﬁ`, full-width digits), apostrophes straight."""
    return unicodedata.normalize("NFKC", word).casefold().replace("’", "'")


@lru_cache(maxsize=4096)
def stem(word: str) -> str:
    """What two forms of one word share, in any of the four languages: the folded word without
    accents and a plural `s`, cut to five letters ("rotated" and "rotation", "URIs" and "URI",
    "Speicherung" and "speichern")."""
    plain = "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))
    if len(plain) >= 4 and plain.endswith("s"):
        plain = plain[:-1]
    return plain[:5]


def tokens(text: str) -> list[Token]:
    return [Token(fold(m.group()), m.start(), m.end()) for m in _TOKEN.finditer(text)]


def words(text: str) -> list[str]:
    return [fold(m.group()) for m in _TOKEN.finditer(text)]


def is_word(word: str) -> bool:
    return word[:1].isalpha()


def is_number(word: str) -> bool:
    return word[:1].isdigit()


__all__ = ["Token", "tokens", "words", "fold", "stem", "is_word", "is_number", "PUNCTUATION",
           "SENTENCE_BREAKS"]
