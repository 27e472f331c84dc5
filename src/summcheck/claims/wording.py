"""Wording shared by the messages: JSON paths, short descriptions of values, suggestions."""
from __future__ import annotations

import datetime
import difflib
import re
from collections.abc import Iterable
from typing import Any

from ..terminal.display import shorten

# Both parsers say this about a file that holds nothing but white space.
EMPTY = "is empty; expected a list of claim records or a mapping with claims:"

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_KEY_SHOWN = 40  # characters of a key that a JSON path in a message shows


def json_path(base: str, parts: Iterable[Any]) -> str:
    """`base` followed by `parts` as a JSON path: `.key`, `[3]` or `['odd key']`."""
    out = [base]
    for part in parts:
        if isinstance(part, int) and not isinstance(part, bool):
            out.append(f"[{part}]")
        elif isinstance(part, str) and _IDENT.match(part) and len(part) <= _KEY_SHOWN:
            out.append(f".{part}")
        else:
            # A path names where a problem is; a 5,000-character key needs no more than its start.
            text = shorten(str(part), _KEY_SHOWN).replace("\\", "\\\\").replace("'", "\\'")
            out.append(f"['{text}']")
    return "".join(out)


def closest(word: object, choices: tuple[str, ...], cutoff: float = 0.6) -> str | None:
    if not isinstance(word, str):
        return None
    match = difflib.get_close_matches(word.lower(), choices, n=1, cutoff=cutoff)
    return match[0] if match else None


def suggest(word: object, choices: tuple[str, ...]) -> str:
    """A "did you mean" hint for a near miss among `choices`; empty if there is none."""
    match = closest(word, choices)
    return f" (did you mean {match!r}?)" if match else ""


def short(value: Any, limit: int = 60) -> str:
    """`value` quoted for a message, cut to `limit` characters."""
    text = value if isinstance(value, str) else str(value)
    return repr(text if len(text) <= limit else text[:limit] + "…")


def describe(value: Any) -> str:
    """What `value` is, for "…, found X": never long, never a huge repr."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"the number {value!r}"
    if isinstance(value, int):  # repr of a huge int is huge (and may raise past 4300 digits)
        return f"the number {value}" if abs(value) < 10**15 else "a very large number"
    if isinstance(value, str):
        return f"text {short(value, 30)}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, (datetime.date, datetime.datetime)):
        return f"a date ({value.isoformat()}; put it in quotes to keep it as text)"
    if isinstance(value, (bytes, bytearray)):
        return "binary data"
    return f"a {type(value).__name__}"


def one_line(text: str) -> str:
    return " ".join(text.split())
