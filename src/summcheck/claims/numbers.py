"""Whole numbers with more digits than Python converts from text (`sys.get_int_max_str_digits`).

`int("1" + "0" * 5000)` raises ValueError, so a claims file holding page 10^5000 would be
unreadable as a whole. Such a number is kept as a `HugeInt` instead: an int (the schema still
sees a whole number) that remembers its digits, so that the record it stands in is checked
like any other and its locator is reported as naming no place.
"""
from __future__ import annotations

# Larger than any page, line or offset a source can have; every HugeInt compares as this.
_BEYOND_ANY_DOCUMENT = 10 ** 4300


class HugeInt(int):
    """A whole number too long to convert: its value is ±10^4300, its text the digits given."""

    digits: str

    def __new__(cls, digits: str) -> "HugeInt":
        sign = -1 if digits.startswith("-") else 1
        number = super().__new__(cls, sign * _BEYOND_ANY_DOCUMENT)
        number.digits = digits.lstrip("+")
        return number

    # int's own conversions to text refuse a number this long: show the digits as written.
    def __str__(self) -> str:
        return self.digits

    __repr__ = __str__

    def __format__(self, spec: str) -> str:
        return format(self.digits, spec)


def whole_number(digits: str) -> int:
    """The int that `digits` (an optional sign and decimal digits) writes, however long."""
    try:
        return int(digits)
    except ValueError:
        return HugeInt(digits)
