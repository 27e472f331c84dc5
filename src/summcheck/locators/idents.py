"""Which identifiers a locator may name: page numbers and labels, section, line and paragraph
numbers."""
from __future__ import annotations

from ..model import LocatorKind
from ..structure.numbering import roman_value
from .messages import LocatorSyntaxError, quoted
from .words import DIGITS, ORDINAL_MARKS


def seg_char(c: str) -> bool:
    # `º`/`ª` count as letters for Python, but in `17.º` they are ordinal marks.
    return c in DIGITS or (c.isalpha() and c not in ORDINAL_MARKS)


def _split_alpha_digits(seg: str) -> tuple[str, str, str]:
    """('A', '3', '') for 'A3'; ('', '17', 'a') for '17a'; anything else leaves a remainder."""
    i = 0
    while i < len(seg) and seg[i].isalpha():
        i += 1
    j = i
    while j < len(seg) and seg[j] in DIGITS:
        j += 1
    return seg[:i], seg[i:j], seg[j:]


def _valid_number_seg(seg: str) -> bool:
    """`17`, `17a`, a single letter (`A`), or a Roman numeral (`iv`)."""
    letters, digits, rest = _split_alpha_digits(seg)
    if not letters and digits:
        return rest.isalpha() and len(rest) <= 2 or not rest
    if letters and not digits and not rest:
        return len(letters) == 1 or roman_value(letters) is not None
    return False


def _valid_page(ident: str) -> bool:
    """`17`, `17a`, `i`, `iv`, `A3`, `A-3` (a lone letter other than a Roman numeral is not a page)."""
    if roman_value(ident) is not None:
        return True
    if _valid_number_seg(ident) and not ident.isalpha():
        return True
    head, _, tail = ident.partition("-")
    letters, digits, rest = _split_alpha_digits(head if tail else ident)
    if tail:
        return head.isalpha() and len(head) <= 3 and tail.isdigit() and tail.isascii()
    return 1 <= len(letters) <= 3 and bool(digits) and not rest


def _num_key(digits: str) -> tuple[int, str]:
    """Order key for digit strings of any length (int() refuses huge ones)."""
    stripped = digits.lstrip("0") or "0"
    return (len(stripped), stripped)


def is_digits(s: str) -> bool:
    return bool(s) and all(c in DIGITS for c in s)


def reversed_range(kind: LocatorKind, start: str, end: str) -> bool:
    if kind in ("page", "line", "paragraph"):
        if is_digits(start) and is_digits(end):
            return _num_key(start) > _num_key(end)
        first, last = roman_value(start), roman_value(end)
        return first is not None and last is not None and first > last
    # Sections: compare the dotted numbers before any `(1)(a)`, when they are all digits.
    first_parts, last_parts = start.partition("(")[0].split("."), end.partition("(")[0].split(".")
    if all(is_digits(x) for x in first_parts + last_parts):
        return [_num_key(x) for x in first_parts] > [_num_key(x) for x in last_parts]
    return False


def check_ident(kind: LocatorKind, ident: str, raw: str) -> None:
    if kind == "line":
        if not is_digits(ident):
            raise LocatorSyntaxError(f"line numbers are whole numbers, not '{quoted(raw)}'")
    elif kind == "paragraph":
        if not is_digits(ident):
            raise LocatorSyntaxError(f"paragraph numbers are whole numbers, not '{quoted(raw)}'")
    elif kind == "page":
        if not _valid_page(ident):
            raise LocatorSyntaxError(f"'{quoted(raw)}' is not a page number or label")
    else:
        base, _, _ = ident.partition("(")
        if not all(_valid_number_seg(seg) for seg in base.split(".")):
            raise LocatorSyntaxError(f"'{quoted(raw)}' is not a section number")
