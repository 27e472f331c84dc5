"""Section numbering shared by heading detection and the locator grammar: how a heading writes
its number, and how numbers order.

An identifier ("4.2", "A.3", "12a", "IV") becomes a key of components that order like the
document does: numbers (with an optional letter suffix), letters, Roman numerals.
"""
from __future__ import annotations

import re

# One dotted part of an identifier, as a tuple that orders the way documents number:
#   (0, number, suffix)  "4" -> (0, 4, ""), "12a" -> (0, 12, "a")
#   (1, letter code)     "A" -> (1, 65)
#   (2, Roman value)     "IV" -> (2, 4)
# The first item sorts numbers before letters and letters before Roman numerals
# (`candidates.key_of` gives an unnumbered heading ((3, 0),), after them all).
Component = tuple[int, int, str] | tuple[int, int]
# The key of a whole identifier: "4.2a" -> ((0, 4, ""), (0, 2, "a")).
Key = tuple[Component, ...]

# How a heading writes its number (regular expressions), for every reader of headings: text
# lines (headings.py), a PDF's printed rows (pdf_rows.py), Markdown (markdown.py).
NUMBER = r"\d{1,3}(?:\.\d{1,3})*"  # 4, 4.2, 4.2.1
LETTER_NUMBER = r"[A-Z](?:\.\d{1,3})+"  # A.3: a bare "A." alone is an algorithm step
LETTERED = r"[A-Z](?:\.\d{1,3})*"  # A, A.3: where a word ("Appendix") or a font vouches for it
ROMAN = r"[IVX]{1,6}"  # IV: an appendix or a printed part

_ROMAN_VALUES = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100}
_ROMAN_STEPS = ((1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"),
                (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"))


def roman_value(word: str) -> int | None:
    """Value of a canonical Roman numeral below 400 (`iv`, `XII`), else None."""
    w = word.lower()
    if not w or len(w) > 11 or any(c not in _ROMAN_VALUES for c in w):
        return None
    total = 0
    for idx, c in enumerate(w):
        v = _ROMAN_VALUES[c]
        total += -v if idx + 1 < len(w) and _ROMAN_VALUES[w[idx + 1]] > v else v
    if not 0 < total < 400:
        return None
    return total if to_roman(total) == w else None


def to_roman(n: int) -> str:
    """Lower-case Roman numeral of n > 0 (thousands as `m`s)."""
    out = []
    for value, numeral in _ROMAN_STEPS:
        count, n = divmod(n, value)
        out.append(numeral * count)
    return "".join(out)


#: The Latin suffixes of an article inserted after another (`14 bis`, `5 ter`), as the
#: letters they stand for in the order of numbers (`14 bis` follows 14, as `14a` would).
_LATIN_SUFFIXES = {"bis": "a", "ter": "b", "quater": "c", "quinquies": "d", "sexies": "e",
                   "septies": "f", "octies": "g"}


def _component(part: str) -> Component:
    if part.isdigit():
        return (0, int(part), "")
    number, _, suffix = part.partition(" ")
    if number.isdigit() and suffix.strip().lower() in _LATIN_SUFFIXES:  # "14 bis"
        return (0, int(number), _LATIN_SUFFIXES[suffix.strip().lower()])
    if part[:-1].isdigit() and part[-1].isalpha():  # "5a"
        return (0, int(part[:-1]), part[-1].lower())
    if len(part) > 1:
        value = roman_value(part)
        if value is not None:
            return (2, value)
    return (1, ord(part[0].upper()))


def ident_key(ident: str) -> Key:
    """Sort key of an identifier: numbers before letters, component by component."""
    return tuple(_component(p) for p in ident.replace("-", ".").split(".") if p)


_DESIGNATOR = re.compile(r"[A-Z]{1,2}(?P<number>\d{1,3})")


def designator_number(ident: str) -> str | None:
    """The number of a designator that labels a group in place of a section number (`G1`,
    `R12`), whose subsections are numbered from it (`G1` holds 1.1, 1.2): "1"; else None."""
    m = _DESIGNATOR.fullmatch(ident)
    return m["number"] if m else None


def successors(key: Key) -> set[Key]:
    """Keys that may follow `key` directly: its first child, the next sibling at any depth."""
    out = {key + ((0, 1, ""),)}
    for depth, component in enumerate(key):
        if component[0] == 0:
            out.add(key[:depth] + ((0, component[1] + 1, ""),))
            suffix = chr(ord(component[2]) + 1) if component[2] else "a"  # "5" → "5a" → "5b"
            out.add(key[:depth] + ((0, component[1], suffix),))
        else:
            out.add(key[:depth] + ((component[0], component[1] + 1),))
    return out


def skips_few(a: Key, b: Key, gap: int, *, into_child: bool) -> bool:
    """b follows a with at most `gap` numbers missing at one depth ("3.1" → "3.6", "2.4" →
    "4"; what comes below b's changed number starts at 0 or 1), or b opens a's children: at
    their first number, or with `into_child` at any ("3" → "3.4" where text lines number
    loosely). The one rule of a jump both fits allow: the text fit (fit.py) with a wide gap
    and into children, the PDF's printed numbering (pdf_numbering.py) with a narrow one."""
    for depth in range(min(len(a), len(b))):
        if a[depth] != b[depth]:
            x, y = a[depth], b[depth]
            return x[0] == y[0] and 0 < y[1] - x[1] <= gap and all(
                c[1] <= 1 for c in b[depth + 1:])
    if len(b) <= len(a):
        return False
    return all(c[1] <= 1 for c in b[len(a) + (1 if into_child else 0):])


def is_start(key: Key) -> bool:
    """The first identifier of a numbering: 1, 0, A, I, or 1.1, 1.0.1 …"""
    first = key[0]
    return (first in ((0, 0, ""), (0, 1, ""), (1, ord("A")), (2, 1))
            and all(c in ((0, 0, ""), (0, 1, "")) for c in key[1:]))
