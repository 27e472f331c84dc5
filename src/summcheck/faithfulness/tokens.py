"""Words of a sentence or quote as the faithfulness checks read them: folded, with offsets."""
from __future__ import annotations

import itertools
import re
import unicodedata
from functools import lru_cache
from typing import NamedTuple

# A date written with digits is one token (`2018-05-25`, `25.05.2018`), so is a number with
# separators (`3.700`, `1,5`); a word keeps its inner apostrophes and hyphens (`don't`,
# `e-mail`); `%`, currency signs and `§` stand alone; so does each punctuation mark.
_TOKEN = re.compile(r"\d{4}-\d{1,2}-\d{1,2}(?!\d)|\d{1,2}\.\d{1,2}\.\d{4}(?!\d)"
                    r"|(?<!\d)\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?![\d.,])"
                    r"|\d+(?:[.,]\d+)*|\w+(?:['’]\w+)*|[%€$§]|[,;:.!?()\[\]/–—-]")
SENTENCE_BREAKS = frozenset(";:.!?")


class Token(NamedTuple):
    """A word or mark of a text: folded, with its offsets (a tuple: made by the thousand)."""

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
    plain = word if word.isascii() else word.translate(_unaccented())
    if len(plain) >= 4 and plain.endswith("s"):
        plain = plain[:-1]
    return plain[:5]


_WORD = re.compile(r"\d+|[^\W\d_]+")


def plain(text: str) -> str:
    """The whole text folded as `fold` and `stem` fold a word: at once, not word by word."""
    text = unicodedata.normalize("NFKC", text).casefold()
    if not text.isascii():
        text = text.translate(_unaccented())
    return text


@lru_cache(maxsize=1)
def _unaccented() -> dict[int, str | None]:
    """A table from each accented Latin letter to its letter (`é` → `e`), combining marks to
    nothing: what NFD and dropping the marks give, for str.translate."""
    table: dict[int, str | None] = {}
    for code in range(0xC0, 0x250):
        base = "".join(c for c in unicodedata.normalize("NFD", chr(code))
                       if not unicodedata.combining(c))
        if base != chr(code):
            table[code] = base
    for code in range(0x300, 0x370):
        table[code] = None
    return table


def plain_stems(text: str) -> list[str]:
    """The stems of a text's words (and its numbers, whole), folded once: what `stem` gives
    word by word, for a text read only to be compared."""
    out = []
    for word in _WORD.findall(plain(text)):
        if len(word) >= 4 and word[-1] == "s" and not word[0].isdigit():
            word = word[:-1]
        out.append(word if word[0].isdigit() else word[:5])
    return out


# Punctuation, symbols and the spaces Unicode has besides " ", each turned into a space.
SPACES = str.maketrans({c: " " for c in
                        "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~\t\n\r\f\v"
                        "\u00a0\u2007\u202f\u2009\u200a\u2002\u2003“”„‟«»‹›‘’‚‛–—―…·•§¶°¿¡"})


_ASCII_PUNCTUATION = "".join(c for c in map(chr, range(128)) if ord(c) in SPACES)
_ASCII_SPACES = bytes.maketrans(_ASCII_PUNCTUATION.encode("ascii"),
                                b" " * len(_ASCII_PUNCTUATION))


def searchable(text: str) -> str:
    """The text folded as `plain` folds it, its punctuation turned into spaces, with a space
    before and after: `" " + stem in searchable(text)` finds a word that starts with `stem`
    in one search, for texts read only to see what they share. The compiled core folds the
    texts whose characters `searchable_table` lists; `python_searchable` the others."""
    folder = _folder()
    if folder is not None:
        found = folder.searchable(text)
        if found is not None:
            return found
    return python_searchable(text)


def python_searchable(text: str) -> str:
    """`searchable` in Python: the compiled core's oracle."""
    folded = plain(text)
    if folded.isascii():  # through a byte table: three times as fast
        return f" {folded.encode('ascii').translate(_ASCII_SPACES).decode('ascii')} "
    return f" {folded.translate(SPACES)} "


#: Where `searchable_table` looks for characters besides ASCII: Latin letters, general
#: punctuation, currency signs.
_TABLE_RANGES = ((0x80, 0x250), (0x2010, 0x2070), (0x20A0, 0x20D0))


def searchable_table() -> dict[str, str]:
    """What `python_searchable` turns each character into, for the characters it folds alone as
    inside any text (no compatibility form, no combining mark, so nothing composes across two
    of them): every ASCII character and those of `_TABLE_RANGES`. The compiled core folds a
    text with this table."""
    table = {}
    for code in itertools.chain(range(0x80), *(range(*r) for r in _TABLE_RANGES)):
        c = chr(code)
        if unicodedata.normalize("NFKC", c) == c and not unicodedata.combining(c):
            table[c] = python_searchable(c)[1:-1]
    return table


@lru_cache(maxsize=1)
def _folder():
    """The compiled core's Folder over `searchable_table`, or None without the core."""
    from ..core import native

    return None if native is None else native.Folder(searchable_table())


def shares(stems: "frozenset[str] | set[str]", text: str, at_least: int = 1) -> bool:
    """Whether `at_least` of `stems` start a word of `text` (a `searchable` text)."""
    found = 0
    for stem in stems:
        if f" {stem}" in text:
            found += 1
            if found >= at_least:
                return True
    return False


def tokens(text: str) -> list[Token]:
    out = []
    for m in _TOKEN.finditer(text):
        word = m.group()
        out.append(Token(word.lower() if word.isascii() else fold(word), m.start(), m.end()))
    return out


def words(text: str) -> list[str]:
    return [w.lower() if w.isascii() else fold(w) for w in _TOKEN.findall(text)]


def is_word(word: str) -> bool:
    return word[:1].isalpha()


def is_number(word: str) -> bool:
    return word[:1].isdigit()


__all__ = ["Token", "tokens", "words", "fold", "stem", "plain", "plain_stems", "searchable",
           "shares", "is_word", "is_number", "SENTENCE_BREAKS", "SPACES"]
