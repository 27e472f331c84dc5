"""Plain-text and Markdown sources: decoding and pages (form feeds or RFC footers)."""
from __future__ import annotations

import codecs
import re
from pathlib import Path
from typing import Literal

from ..model import Page, SourceDocument, Span

# A footer line ends with "[Page N]"; matched only on the tail of a line found by str.find,
# so no regex ever runs over a whole (possibly huge) line.
_FOOTER_TAIL = re.compile(r"\[Page (\d{1,6})\][ \t\r]*\Z")
_FOOTER_MAX_LINE = 200  # longer lines are prose that happens to end with "[Page N]"

_BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),  # checked before UTF-16 LE: it starts with the same bytes
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


def decode_text(data: bytes) -> tuple[str, list[str]]:
    """Decode a text source: BOM-aware, UTF-8 otherwise, leniently when it is not valid."""
    encoding = "utf-8"
    for bom, name in _BOMS:
        if data.startswith(bom):
            data, encoding = data[len(bom):], name
            break
    try:
        return data.decode(encoding), []
    except UnicodeDecodeError:
        # Users cite offsets into this text, so replacement keeps every other character in place.
        label = "UTF-8" if encoding == "utf-8" else encoding.upper()
        return data.decode(encoding, errors="replace"), [f"decoded leniently: invalid {label}"]


def text_pages(text: str) -> list[Page]:
    """Split a text into pages: by form feeds when present, else by `[Page N]` footer lines."""
    if "\f" in text:
        return _form_feed_pages(text)
    return _footer_pages(text)


def _form_feed_pages(text: str) -> list[Page]:
    pages: list[Page] = []
    start = 0
    find = text.find
    pos = find("\f")
    while pos != -1:
        # The form feed itself belongs to no page: it ends the one before it.
        pages.append(Page(len(pages) + 1, None, Span(start, pos)))
        start = pos + 1
        pos = find("\f", start)
    if not pages or text[start:].strip():  # a trailing form feed makes no empty page
        pages.append(Page(len(pages) + 1, None, Span(start, len(text))))
    return pages


def _footer_pages(text: str) -> list[Page]:
    pages: list[Page] = []
    start = 0
    find = text.find
    pos = find("[Page ")
    while pos != -1:
        line_start = text.rfind("\n", 0, pos) + 1
        line_end = find("\n", pos)
        line_end = len(text) if line_end == -1 else line_end
        if line_end - line_start <= _FOOTER_MAX_LINE and _FOOTER_TAIL.match(text, pos, line_end):
            # The footer line (and its newline) closes the page; the next page starts after it.
            end = min(line_end + 1, len(text))
            pages.append(Page(len(pages) + 1, None, Span(start, end)))
            start = end
        pos = find("[Page ", line_end)
    if not pages or text[start:].strip():  # the rest after the last footer only if it holds text
        pages.append(Page(len(pages) + 1, None, Span(start, len(text))))
    return pages


def load_text(path: Path, data: bytes, kind: Literal["text", "markdown"] = "text", *,
              ocr: bool = False) -> SourceDocument:
    """Build a SourceDocument from the bytes of a plain-text or Markdown file."""
    text, notes = decode_text(data)
    if "\b" in text:
        text, struck = without_overstrikes(text)
        if struck:
            notes = [*notes, f"{struck} overstruck characters read as their letters (bold and "
                             f"underline of groff/nroff text output)"]
    return SourceDocument(path=path, kind=kind, text=text, pages=text_pages(text), sections=[],
                          has_labels=False, ocr=ocr, notes=notes)


# groff/nroff write bold as `X\bX` and underline as `_\bX` (what `col -b` undoes): a character
# followed by a backspace is struck over by the next one.
_OVERSTRIKE = re.compile("[^\n\b]\b")


def without_overstrikes(text: str) -> tuple[str, int]:
    """The text as a reader sees it printed: each overstruck pair one letter (`X\bX` → `X`,
    `_\bX` → `X`), before anything reads it (headings, quotes); and how many there were."""
    return _OVERSTRIKE.subn("", text)
