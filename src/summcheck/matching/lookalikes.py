"""How OCR could have read a word: letters that look alike merged, accents and case dropped.

The fuzzy index seeds its search with `lookalike_table`; the critical-difference check tells a
misreading (`fi1e` for `file`) from a real change with `skeleton`.
"""
from __future__ import annotations

import unicodedata
from functools import lru_cache


@lru_cache(maxsize=1)
def lookalike_table() -> dict[int, str]:
    """Lower case, accents stripped, OCR look-alikes merged (1/i/l, 0/o): one character each."""
    table: dict[int, str] = {}
    for code in range(0x20, 0x250):
        c = chr(code)
        if not c.isalnum():
            continue
        base = unicodedata.normalize("NFD", c)[0].lower()
        if len(base) != 1:
            continue
        base = {"1": "l", "i": "l", "0": "o", "ı": "l"}.get(base, base)
        if base != c:
            table[code] = base
    return table


@lru_cache(maxsize=1)
def _skeleton_table() -> dict[int, str]:
    return {**lookalike_table(), ord("|"): "l"}


def skeleton(word: str) -> str:
    """How OCR could have read `word`, roughly: for telling misreadings from real changes.

    A number keeps its digits (`0` and `o` are the same skeleton inside a word, not alone)."""
    if is_numeric(word):
        return digits(word)
    return loose_skeleton(word)


def loose_skeleton(word: str) -> str:
    """`skeleton`, with the digits of numbers read as letters too (`12o` and `12.o` agree)."""
    s = word.translate(_skeleton_table())
    s = s.replace("rn", "m").replace("vv", "w").replace("'", "").replace("’", "")
    return s


def is_numeric(raw: str) -> bool:
    return raw[:1].isdigit() and all(c.isdigit() or c in ".," for c in raw)


def digits(raw: str) -> str:
    return "".join(c for c in raw if c.isdigit())
