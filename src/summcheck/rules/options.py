"""The kinds of option a rule declares in its `CONF` (yamllint's style), and their checks.

A rule module states its options once:

    CONF = {"min-quote-words": WholeNumber()}
    DEFAULT = {"min-quote-words": 4}

The configuration loader validates each key with its kind; the engine passes the values, the
defaults filled in, to the rule's `check()` as keyword arguments (`min_quote_words=4`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class WholeNumber:
    minimum: int = 0

    def parse(self, value: Any) -> int:
        """`value` when it is a whole number of at least `minimum`, else ValueError."""
        if isinstance(value, bool) or not isinstance(value, int) or value < self.minimum:
            raise ValueError(f"must be a whole number of at least {self.minimum}, not {value!r}")
        return value


@dataclass(frozen=True)
class Number:
    minimum: float
    maximum: float

    def parse(self, value: Any) -> float:
        """`value` as a float when it is a number within the bounds, else ValueError."""
        if isinstance(value, bool) or not isinstance(value, (int, float)) \
                or not self.minimum <= value <= self.maximum:
            raise ValueError(f"must be a number from {self.minimum:g} to {self.maximum:g}, "
                             f"not {value!r}")
        return float(value)


OptionKind = WholeNumber | Number


def keyword(key: str) -> str:
    """The keyword argument of `check()` for a configuration key (`min-quote-words`)."""
    return key.replace("-", "_")
