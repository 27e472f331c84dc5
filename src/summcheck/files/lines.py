"""What a line is, in the files whose lines summcheck names: summaries and claims files.

One definition, Markdown's (CommonMark, markdown-it): a line ends at `\\n`, at `\\r\\n` and at a
lone `\\r`. The line and column of a finding, the line a record starts on, the line a parse
error names and the line the text report shows for it all count lines so, so that they agree
with each other and with what an editor shows. Nothing else ends a line: not U+2028, U+2029
or U+0085 (which YAML and `str.splitlines` also break at, and no Markdown reader does), not a
form feed. The lines of a source are its own (`SourceDocument.line_starts`, `\\n`-separated as
loaded): offsets and `lines 120–134` locators count in the text as loaded.
"""
from __future__ import annotations

import re

#: A line end: `\r\n`, a lone `\r` or `\n`.
LINE_END = re.compile(r"\r\n?|\n")


def split_lines(text: str) -> list[str]:
    """The lines of `text`, without their ends (a text that ends with a line end has an empty
    last item, as `str.split("\\n")` gives)."""
    if "\r" not in text:
        return text.split("\n")
    return LINE_END.split(text)


def normalized(text: str) -> str:
    """`text` with every line end as `\\n` (so `\\n` alone may be counted afterwards)."""
    if "\r" not in text:
        return text
    return text.replace("\r\n", "\n").replace("\r", "\n")


def line_ends(text: str, start: int = 0, end: int | None = None) -> int:
    """How many lines end within `text[start:end]` (a `\\r\\n` is one end; `start` and `end`
    must not fall between its two characters)."""
    end = len(text) if end is None else end
    newlines = text.count("\n", start, end)
    returns = text.count("\r", start, end)  # counted in the slice alone: callers count piecewise
    if not returns:
        return newlines
    return newlines + returns - text.count("\r\n", start, end)


def line_of(text: str, offset: int) -> int:
    """The 1-based line of `text` that `offset` stands on."""
    return line_ends(text, 0, offset) + 1


def line_starts(text: str) -> list[int]:
    """The offset where each line of `text` starts."""
    if "\r" not in text:
        starts = [0]
        find = text.find
        pos = find("\n")
        while pos != -1:
            starts.append(pos + 1)
            pos = find("\n", pos + 1)
        return starts
    return [0] + [m.end() for m in LINE_END.finditer(text)]


def line_end(text: str, start: int) -> int:
    """Where the line that `start` stands on ends: the offset of its line end, or the end of
    the text."""
    newline = text.find("\n", start)
    newline = len(text) if newline == -1 else newline
    carriage = text.find("\r", start, newline)
    return newline if carriage == -1 else carriage


__all__ = ["LINE_END", "split_lines", "normalized", "line_ends", "line_of", "line_starts",
           "line_end"]
