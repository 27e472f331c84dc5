"""The error a malformed locator raises, and how its messages quote the input."""
from __future__ import annotations

from ..model import Locator


class LocatorSyntaxError(ValueError):
    """A locator that cannot be parsed (SUM104 in summaries, SUM200/SUM104 in records).

    `partial` holds the parts of a list that did parse (`(section three; p. 4)` still names
    p. 4), or None when no part did; `problems` lists each malformed part as (text, why).
    """

    def __init__(self, message: str, partial: Locator | None = None,
                 problems: tuple[tuple[str, str], ...] = ()) -> None:
        super().__init__(message)
        self.partial = partial
        self.problems = problems


# How much of the input a message quotes: a locator of 10,000 digits, or one that spans a line
# break followed by a CI workflow command, is cut and shown on one line.
MAX_QUOTED_CHARS = 40
# How many malformed parts of a list the lenient message names before "… more".
MAX_PROBLEMS_NAMED = 3


def quoted(text: str, limit: int = MAX_QUOTED_CHARS) -> str:
    """Input text as a message shows it: white space runs as one space, cut with an ellipsis."""
    shown = " ".join(text.split())
    return shown if len(shown) <= limit else shown[:limit - 1] + "…"


def int_text(value: int) -> str:
    """Decimal digits of any int (str() refuses those over Python's 4,300-digit limit)."""
    try:
        return str(value)
    except ValueError:
        sign, value = ("-", -value) if value < 0 else ("", value)
        return sign + _big_digits(value, 1)


def shown_key(key: object) -> str:
    """A key or value as a message names it (any int, however long; cut to a readable length)."""
    return quoted(int_text(key) if isinstance(key, int) else str(key))


def _big_digits(value: int, width: int) -> str:
    """Digits of a non-negative int, zero-padded to `width`: split in halves, each under the limit."""
    if value.bit_length() < 10_000:
        return str(value).rjust(width, "0")
    half = len(format(value, "x")) * 4 * 3 // 20  # about half the decimal digits (log10(2) ≈ 0.3)
    high, low = divmod(value, 10 ** half)
    return _big_digits(high, max(0, width - half)) + _big_digits(low, half)
