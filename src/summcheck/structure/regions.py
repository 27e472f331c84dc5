"""Regions of a text that hold no headings of their own, and forms that mark headings.

- `unbox`: an asterisk box ("****" lines, rows between "*  …  *") holds ordinary text; its
  borders are blanked, columns kept, so the headings inside are read like any other.
- `underlined`: a line underlined by a row of one punctuation character (reStructuredText,
  setext, licence texts) is a heading by its form.
- `mark_toc_runs` / `mark_toc_duplicates`: table-of-contents lines (a run of three or more
  numbered lines with nothing else between them; an entry with no text after it whose number
  and title recur later).
- `mark_running_headers`: a heading-like line repeated at page edges.
"""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Iterable

if TYPE_CHECKING:
    from .candidates import Cand

_BOX_CHARS = "*#"
_MIN_BOX = 20  # a border is a long row of one character
_UNDERLINE_CHARS = set("=-~^\"'`*+#:._")


def _border(s: str) -> str | None:
    t = s.strip()
    return t[0] if len(t) >= _MIN_BOX and t[0] in _BOX_CHARS and t == t[0] * len(t) else None


def unbox(lines: list[str]) -> tuple[list[str], int]:
    """Lines with the borders of character boxes blanked (same length and columns), and how
    many boxes there were. A box: a border row, rows that start and end with the border
    character, a border row."""
    out = list(lines)
    boxes = 0
    i, n = 0, len(lines)
    while i < n:
        ch = _border(lines[i])
        if ch is None:
            i += 1
            continue
        j = i + 1
        while j < n and len(lines[j].strip()) > 2 and lines[j].strip()[0] == ch \
                and lines[j].rstrip()[-1] == ch and _border(lines[j]) is None:
            j += 1
        if j == i + 1 or j >= n or _border(lines[j]) != ch:
            i += 1
            continue
        for k in (i, j):
            out[k] = " " * len(lines[k])
        for k in range(i + 1, j):
            raw = lines[k]
            left = raw.index(ch)
            right = raw.rindex(ch)
            out[k] = raw[:left] + " " + raw[left + 1:right] + " " + raw[right + 1:]
        boxes += 1
        i = j + 1
    return out, boxes


def is_underline(s: str, title: str) -> bool:
    """`s` underlines `title`: one punctuation character repeated, about as long as the title."""
    t = s.strip()
    return (len(t) >= 3 and t[0] in _UNDERLINE_CHARS and t == t[0] * len(t)
            and len(t) >= 0.8 * len(title.strip()) and len(t) <= len(title.strip()) + 4)


def underlined(lines: list[str]) -> set[int]:
    """0-based indices of lines underlined as headings (the underline follows directly)."""
    out: set[int] = set()
    for i in range(len(lines) - 1):
        title = lines[i].strip()
        if title and title[0].isalnum() and is_underline(lines[i + 1], title):
            indent = len(lines[i]) - len(lines[i].lstrip())
            if abs((len(lines[i + 1]) - len(lines[i + 1].lstrip())) - indent) <= 1:
                out.add(i)
    return out


def mark_toc_runs(cands: list["Cand"], run_min: int) -> None:
    """Three or more numbered lines in a row (page numbers or leaders between at most) are a
    table of contents, whatever language its heading is in."""
    def flush(run: list["Cand"]) -> None:
        if len(run) >= run_min:
            for r in run:
                r.drop = r.drop or "table of contents"

    run: list["Cand"] = []
    for c in cands:
        if c.sure:
            continue  # a heading by its form neither joins nor breaks a run
        if run and c.run_break:
            flush(run)
            run = []
        run.append(c)
    flush(run)


def mark_toc_duplicates(cands: list["Cand"]) -> None:
    """An entry with no text after it whose ident and title recur later is a TOC line."""
    seen: set[tuple[str, str]] = set()
    for c in reversed(cands):
        if not c.text_after and not c.sure and c.name in seen:
            c.drop = c.drop or "table of contents"
        seen.add(c.name)


def mark_running_headers(cands: list["Cand"], n_pages: int) -> None:
    """A heading-like line that recurs three times or more is a running header at a page edge."""
    if n_pages < 3:
        return
    counts = Counter(c.text for c in cands if not c.sure)
    for c in cands:
        if not c.sure and counts[c.text] >= 3 and c.rank <= 2:
            c.drop = c.drop or "running header"


_TOC_PREFIX = 24  # a title wraps or is cut differently in a TOC: its start must agree


def toc_entries(cands: Iterable["Cand"]) -> set[tuple[str, str]]:
    """(ident, start of the title) of the table-of-contents lines: the headings the document
    announces. `toc_lists` matches a heading against them."""
    return {(c.name[0], c.name[1][:_TOC_PREFIX]) for c in cands if c.drop == "table of contents"}


def toc_lists(entries: set[tuple[str, str]], c: "Cand") -> bool:
    return (c.name[0], c.name[1][:_TOC_PREFIX]) in entries
