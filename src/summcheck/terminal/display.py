"""Text from an input, made fit to be printed: on one line, with nothing a terminal or a CI
runner would act on, and no longer than a message needs.

Anything summcheck prints that came from a file someone else wrote (a locator, a quote, a key,
a file name) goes through `printable` before it reaches a stream, so that a line break in the
input can never start a line of its own (a GitHub runner executes a line that starts with `::`)
and an escape sequence never reaches a terminal; `shorten` bounds what a message quotes.
"""
from __future__ import annotations

import re
import unicodedata

# Characters that end a line for some reader (Python's str.splitlines, YAML, editors, browsers)
# or steer a terminal or the direction of text: shown as escapes, never printed raw.
_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                           "\u2066\u2067\u2068\u2069")
_NAMED_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
ELLIPSIS = "\u2026"
# The runner's first command syntax (`##[set-output name=x;]…`) is still parsed, anywhere in
# a line, unlike `::` which counts only at the start: a backslash breaks it up.
_LEGACY_COMMAND = "##["
_LEGACY_COMMAND_SHOWN = "##\\["
# A workflow command: `::` at the start of a line, after any white space (the runner trims it).
_COMMAND_START = "::"
_LONG_NUMBER = re.compile(r"\d{21,}")
_LONG_WORD = re.compile(r"\S{121,}")


def _escape(char: str) -> str:
    code = ord(char)
    if char in _NAMED_ESCAPES:
        return _NAMED_ESCAPES[char]
    if 0xDC80 <= code <= 0xDCFF:  # a byte of a file name that is not UTF-8 (surrogateescape)
        return f"\\x{code - 0xDC00:02x}"
    if code <= 0xFF:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}"


def needs_escape(char: str) -> bool:
    """Whether `char` may not be printed as it is."""
    if char in _BIDI_CONTROLS:
        return True
    return unicodedata.category(char) in ("Cc", "Cs", "Zl", "Zp")


def printable(text: str) -> str:
    """`text` on one line: line breaks and control characters as escapes (`\\n`, `\\x1b`,
    `\\u2028`), a non-UTF-8 byte of a file name as `\\xff`, a lone surrogate as `\\ud800`, the
    runner's legacy `##[` as `##\\[`; everything else unchanged. Idempotent."""
    if not (text.isprintable() and _BIDI_CONTROLS.isdisjoint(text)):
        text = "".join(_escape(c) if needs_escape(c) else c for c in text)
    if _LEGACY_COMMAND in text:
        text = text.replace(_LEGACY_COMMAND, _LEGACY_COMMAND_SHOWN)
    return text


def line_start(text: str) -> str:
    """`text` made printable to begin a printed line: one that would begin (after white space)
    with `::`, a workflow command, gets a backslash before it."""
    text = printable(text)
    return "\\" + text if text.lstrip().startswith(_COMMAND_START) else text


def shorten(text: str, limit: int = 80) -> str:
    """At most about `limit` characters of `text`: a longer one keeps its start and says how
    long it was (`123456…(10,000 characters)`)."""
    if len(text) <= limit:
        return text
    keep = max(limit - 20, 8)
    return f"{text[:keep]}{ELLIPSIS}({len(text):,} characters)"


def clip_numbers(text: str) -> str:
    """Any number over 20 digits as `1000000000…0000 (10,000 digits)`: no document has it."""
    return _LONG_NUMBER.sub(lambda m: f"{m.group()[:10]}{ELLIPSIS}{m.group()[-4:]} "
                                      f"({len(m.group()):,} digits)", text)


def quoted(text: str, limit: int = 80) -> str:
    """Input text as a message quotes it: huge numbers clipped, shortened, made printable."""
    return printable(shorten(clip_numbers(text), limit))


def in_quotes(text: str, limit: int = 80) -> str:
    """Input text quoted in a message, between single quotes: `'p. 1234…(10,003 characters)'`."""
    return f"'{quoted(text, limit)}'"


def bounded(message: str) -> str:
    """A whole message made printable, with any number over 20 digits and any word over 120
    characters cut down: the last guard for input that reached a message unquoted."""
    message = _LONG_WORD.sub(lambda m: shorten(m.group(), 80), clip_numbers(message))
    return printable(message)
