"""Regions of a PDF's text that never hold headings: contents pages, folios, running headers."""
from __future__ import annotations

import re
from typing import Callable, Iterable

from ..language import alternation, merged
from ..model import SourceDocument
from ..sources.furniture import header_shape
from .pdf_rows import FONT_STEP, Lines

_DOTTED_ROW = re.compile(r"(?:\.[ \t]?){4,}[^\n]*$", re.M)
_PAGE_REF_ROW = re.compile(r"\S[ \t]+\d{1,4}[ \t]*$", re.M)
# A contents page's heading, and substrings that find one: `headings.contents` and
# `headings.contents_stems` in the language files.
_CONTENTS_HEADING = re.compile(
    rf"[ \t\f]*(?i:{alternation(merged().words('headings', 'contents'))})[ \t]*\Z")
_CONTENTS_STEMS = merged().words("headings", "contents_stems")
_EDGE_NUMBER = re.compile(r"[ \t\f]*(\d{1,4})(?!\.\d)")


def toc_pages(doc: SourceDocument) -> set[int]:
    """0-based pages of a table of contents: rows with dot leaders (beside the entry or on the
    next line), or a contents heading over rows that end in page numbers."""
    pages: set[int] = set()
    lowered = doc.text.lower()
    if len(lowered) != len(doc.text):  # "İ" lower-cases to two characters: offsets would drift
        lowered = "".join(ch if len(ch.lower()) != 1 else ch.lower() for ch in doc.text)
    # Only pages that hold a leader or a contents word are looked at closely.
    look = (_pages_holding(doc, ("....", ". . ."), doc.text)
            | _pages_holding(doc, _CONTENTS_STEMS, lowered))
    for index in sorted(look):
        page = doc.pages[index]
        text = doc.text[page.span.start:page.span.end]
        dotted = len(_DOTTED_ROW.findall(text)) if ("...." in text or ". . ." in text) else 0
        if dotted >= 3:
            if dotted >= 5 or dotted >= 0.25 * (text.count("\n") + 1):
                pages.add(index)
        elif (_has_contents_heading(text, lowered[page.span.start:page.span.end])
              and len(_PAGE_REF_ROW.findall(text)) >= 3):
            pages.add(index)
    return pages


def _has_contents_heading(text: str, lowered: str) -> bool:
    """A line of the page reads "Contents", "Inhaltsverzeichnis", "Índice" … (`lowered`: the
    text lower-cased, of the same length)."""
    for stem in _CONTENTS_STEMS:
        pos = lowered.find(stem)
        while pos != -1:
            start = lowered.rfind("\n", 0, pos) + 1
            end = lowered.find("\n", pos)
            end = len(lowered) if end == -1 else end
            if end - start <= 40 and _CONTENTS_HEADING.match(text, start, end):
                return True
            pos = lowered.find(stem, end)
    return False


def _pages_holding(doc: SourceDocument, needles: Iterable[str], text: str) -> set[int]:
    """0-based pages whose text holds one of the needles (`text` is the document's text, or a
    lower-cased copy of the same length)."""
    found: set[int] = set()
    for needle in needles:
        pos = text.find(needle)
        while pos != -1:
            page = doc.page_of(pos)
            if page is None:
                pos = text.find(needle, pos + 1)
                continue
            found.add(page.number - 1)
            pos = text.find(needle, page.span.end)  # one hit a page is enough
    return found


def edge_lines(lines: Lines, page: int) -> list[int]:
    """The first two and the last two non-blank lines of a 0-based page."""
    first, last = lines.page_range(page)
    head: list[int] = []
    line = first
    while line <= last and len(head) < 2:
        if lines.stripped(line):
            head.append(line)
        line += 1
    tail: list[int] = []
    line = last
    while line >= first and len(tail) < 2:
        if lines.stripped(line):
            tail.append(line)
        line -= 1
    return sorted(set(head + tail))


def folio_lines(lines: Lines, doc: SourceDocument) -> set[int]:
    """Lines at a page's edge that open with its printed page number (a header or footer).

    The printed folio is the page label, or the physical page shifted by the offset that most
    pages keep: chapters that open their pages also step with the page, but on few of them.
    """
    edge: list[tuple[int, int, int]] = []  # (line, number, 0-based page)
    for page in range(len(doc.pages)):
        for line in edge_lines(lines, page):
            m = _EDGE_NUMBER.match(lines.lines[line - 1])
            font = lines.fonts.get(line)
            # A folio is set in the body size or smaller; a chapter number opening a page is not.
            if m and not (font and doc.body_font and font.size >= doc.body_font + FONT_STEP):
                edge.append((line, int(m.group(1)), page))
    offsets: dict[int, int] = {}
    for _, number, page in edge:
        offsets[number - page] = offsets.get(number - page, 0) + 1
    most = max(offsets.values(), default=0)
    usual = {off for off, n in offsets.items() if n >= 3 and n >= most / 4}
    return {line for line, number, page in edge
            if number - page in usual or doc.pages[page].label == str(number)}


def running_headers(lines: Lines, items: Iterable, row_of: Callable) -> set[int]:
    """ids of the items whose row stands at a page's edge and recurs there, its page number
    aside, on three pages or more. A row set larger than the body is no running header: the
    `Chapter 1`, `Chapter 2` … that open a report's chapter pages recur, their numbers aside,
    as a header would."""
    items = list(items)
    edges = {line for page in {row_of(i).page for i in items} for line in edge_lines(lines, page)}
    body = lines.doc.body_font
    counts: dict[str, set[int]] = {}
    shapes = {}
    for item in items:
        row = row_of(item)
        font = row.font or lines.fonts.get(row.first_line)
        if font is not None and body is not None and font.size >= body + FONT_STEP:
            continue
        if row.first_line in edges:
            shapes[id(item)] = shape = header_shape(row.text)
            counts.setdefault(shape, set()).add(row.page)
    return {key for key, shape in shapes.items() if len(counts[shape]) >= 3}


def header_shapes(lines: Lines, doc: SourceDocument) -> set[str]:
    """Folded texts (page numbers aside) that stand at the edge of three pages or more."""
    pages_of: dict[str, set[int]] = {}
    for page in range(len(doc.pages)):
        for line in edge_lines(lines, page):
            shape = header_shape(lines.stripped(line))
            if shape:
                pages_of.setdefault(shape, set()).add(page)
    return {shape for shape, pages in pages_of.items() if len(pages) >= 3}
