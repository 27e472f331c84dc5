"""Printed rows of a PDF's text: lines, their pages and fonts, the number a row opens with, and
the rows taken for headings."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from ..language import alternation, merged
from ..model import HeadingDecision, LineFont, SourceDocument
from ..sources.furniture import shape
from .numbering import LETTERED, NUMBER, ROMAN

ROW_TOLERANCE = 2.0  # points: lines whose tops differ less stand on one row
FONT_STEP = 0.8  # points larger than the body that make a heading font
# The words a printed row opens with, from the language files (`headings.printed`).
_WORDS = merged()
_APPENDIX_WORDS = frozenset(w.casefold() for w in _WORDS.words("headings", "printed", "appendix"))
_NUMBER = re.compile(
    rf"(?P<kw>(?i:{alternation(_WORDS.words('headings', 'printed', 'division'))})[ \t]+)?"
    rf"(?P<num>{NUMBER}|{LETTERED}|{ROMAN})"
    r"(?P<mark>[.):]?)(?P<rest>(?:[ \t]+|(?=[^\W\d_])|\Z).*)\Z", re.S)
# TeX sets accents as separate spacing characters ("Ap´endice", "F´ormulas"), an accented i
# over a dotless one ("Art´ıculo").
_SPACING_ACCENTS = dict.fromkeys(map(ord, "\u00b4\u02dc\u00b8\u0060\u00a8\u02c6\u02c7\u02d8"
                                           "\u02d9\u02da\u02dd")) | {ord("\u0131"): "i"}
_NUMBER_START = re.compile(
    rf"\d|[A-Z][.\d]|[A-Z]\Z|(?i:{alternation(_WORDS.words('headings', 'printed', 'starts'))})")
_FOLIO = re.compile(r"\A\d{1,4}(?!\.\d)\s*")
# Sphinx's English chapter pages spell the number: "CHAPTER" / "TWO".
_NUMBER_WORDS = {word.casefold(): str(n) for words in _WORDS.each("headings", "number_words")
                 for n, word in enumerate(words, 1)}
_SPELLED = re.compile(rf"(?i:{alternation(_WORDS.words('headings', 'printed', 'spelled'))})"
                      r"[ \t]+(?P<word>[A-Za-z]+)[ \t]*\Z")


@dataclass(frozen=True)
class PageRow:
    """A row as titles are compared with it."""

    row: "Row"
    whole: str  # the folded text
    body: str  # the folded title after its number ("" when it opens with none)


@dataclass
class Row:
    """One printed row: the lines of a page that share a top (number and title runs)."""

    first_line: int  # 1-based line of its first text line
    last_line: int
    start: int  # offset of that line in the text
    page: int  # 0-based page
    text: str
    font: LineFont | None


@dataclass
class Heading:
    """A row taken for a heading, with the number it gives and the evidence for it."""

    row: Row
    ident: str
    title: str
    evidence: str
    reset: bool = False

    @property
    def level(self) -> int:
        return self.ident.count(".") + 1


def decision(heading: Heading, kept: bool, reason: str) -> HeadingDecision:
    """The report's record of a heading kept or refused, and why."""
    # A number printed on its own row above the title: show both.
    row, title = heading.row, heading.title
    text = row.text if not title or title in row.text else f"{row.text} {title}"
    return HeadingDecision(row.first_line, row.page + 1, text[:100], heading.ident, kept, reason)


#: Letters and digits only, without accents: how titles are compared across outline and page
#: (and running headers across pages: one definition, sources/furniture.py).
fold = shape


def parse_number(text: str) -> tuple[str, str, bool] | None:
    """(ident, title, appendix) of a row that opens with a section number, else None."""
    text = text.strip()
    if not (text[:1].isdigit() or text[:1].isupper() or text[:1].isalpha()):
        return None
    text = text.translate(_SPACING_ACCENTS)
    spelled = _SPELLED.match(text)
    if spelled and spelled["word"].casefold() in _NUMBER_WORDS:
        return _NUMBER_WORDS[spelled["word"].casefold()], "", False
    m = _NUMBER.match(text)
    if m is None:
        return None
    num, rest, kw = m["num"], m["rest"].strip(), (m["kw"] or "").strip().casefold()
    if not kw and num.isalpha() and not (m["mark"] == "." and rest[:1].isupper()
                                         and rest[1:2].isalpha() and m["rest"][:1].isspace()):
        # Without a division word a letter is a number only as "A. Title" or "A.3 Title"; a
        # drop or small capital ("G" + "NU/Linux") and a roman word ("IV") are text.
        return None
    if m["rest"] and not m["rest"][:1].isspace() and (
            not num[-1:].isdigit() or (m["rest"][:1].islower() and "." not in num)):
        return None  # glued runs ("2.1Erste", "4.4.5salsa") only after a digit; "404main" is text
    if m["mark"] == ":" and not kw:
        return None
    return num, rest, kw in _APPENDIX_WORDS or (num[:1].isalpha() and not kw)


def lone_letter(text: str) -> bool:
    """A row that prints only a capital letter: an appendix's number above its title (LaTeX's
    `\\appendix` sets `A` over `Obligations` as it sets `1` over `Scope`)."""
    return len(text) == 1 and "A" <= text <= "Z"


_LETTERED_ROW = re.compile(r"(?P<letter>[A-Z])[ \t]+(?P<title>[^\W\d_][^\W\d_A-Z]\S*.*)\Z")


def lettered(text: str) -> tuple[str, str, bool] | None:
    """An appendix numbered by a bare letter in a heading font, as LaTeX's `\\appendix` sets
    it: `A Obligations` on one row, or `A` over its title; a drop capital (`G` + `NU/Linux`,
    `T` + `he`) is none."""
    if lone_letter(text):
        return text, "", True
    m = _LETTERED_ROW.match(text)
    return (m["letter"], m["title"], True) if m else None


def heading_font(font: LineFont | None, body: float | None) -> bool:
    """Larger than the body text, or bold at about its size."""
    if font is None or body is None:
        return False
    return font.size >= body + FONT_STEP or (font.bold and font.size >= body - 0.6)


class Lines:
    """The text's lines with their pages, and rows built from whatever fonts are known."""

    def __init__(self, doc: SourceDocument) -> None:
        self.doc = doc
        self.lines = doc.text.split("\n")
        self.starts = doc.line_starts
        self.folios: set[int] = set()  # lines that open with the printed page number
        # Folded running headers, found on first use by this callable (see pdf_regions).
        self.header_finder: Callable[[], set[str]] = set
        self._headers: set[str] | None = None
        self._ranges = [(doc.line_of(p.span.start), doc.line_of(max(p.span.start, p.span.end - 1)))
                        for p in doc.pages]
        self._page_rows: dict[int, tuple[int, list[PageRow]]] = {}

    def lines_holding(self, page: int, word: str) -> list[int]:
        """Lines of a 0-based page whose lower-cased text holds `word`."""
        first, last = self.page_range(page)
        span = self.doc.pages[page].span
        lowered = self.doc.text[span.start:span.end].lower()
        out = []
        pos = lowered.find(word)
        while pos != -1:
            out.append(self.doc.line_of(span.start + pos))
            pos = lowered.find(word, pos + len(word))
        return [line for line in out if first <= line <= last]

    def rows_from(self, line: int, count: int) -> list[PageRow]:
        """Up to `count` rows of one page from the row that starts at `line`."""
        row: Row | None = self.row_at(line)
        rows = []
        while row is not None and len(rows) < count:
            if row.text:
                rows.append(self.page_row(row))
            row = self.next_row(row)
        return rows

    def page_row(self, row: Row) -> PageRow:
        parsed = parse_number(row.text) if _NUMBER_START.match(row.text) else None
        if parsed is None:  # `A Obligations`: an outline title may be the words after the letter
            parsed = lettered(row.text)
        return PageRow(row, fold(row.text), fold(parsed[1]) if parsed else "")

    def page_rows(self, page: int) -> list[PageRow]:
        """The rows of a 0-based page, folded for comparison (kept until more fonts arrive)."""
        known = len(self.fonts)
        cached = self._page_rows.get(page)
        if cached is not None and cached[0] == known:
            return cached[1]
        first, last = self.page_range(page)
        rows = []
        line = first
        fonts = self.fonts
        while line <= last:
            if line in fonts or line in self.folios:
                row = self.row_at(line)
            else:  # no font known: the line is its own row
                text = self.stripped(line)
                row = Row(line, line, self.starts[line - 1] + self._lead(line), page, text, None)
            if row.text and row.first_line == line:
                rows.append(self.page_row(row))
            line = max(line, row.last_line) + 1
        self._page_rows[page] = (known, rows)
        return rows

    @property
    def headers(self) -> set[str]:
        if self._headers is None:
            self._headers = self.header_finder()
        return self._headers

    @property
    def fonts(self) -> dict[int, LineFont]:
        return self.doc.fonts

    def page_range(self, page: int) -> tuple[int, int]:
        """First and last line of a 0-based page."""
        return self._ranges[page]

    def page_of_line(self, line: int) -> int:
        page = self.doc.page_of(self.starts[line - 1] + self._lead(line))
        return page.number - 1 if page else 0

    def stripped(self, line: int) -> str:
        return self.lines[line - 1].strip("\f").strip()

    def _lead(self, line: int) -> int:
        raw = self.lines[line - 1]
        return len(raw) - len(raw.lstrip("\f"))

    def row_at(self, line: int) -> Row:
        """The row that holds `line`: the lines on its height when fonts are known, else the line."""
        font = self.fonts.get(line)
        first = last = line
        if font is not None:
            while first > 1 and self._same_row(first - 1, font):
                first -= 1
            while last < len(self.lines) and self._same_row(last + 1, font):
                last += 1
        text = " ".join(p for p in (self.stripped(i) for i in range(first, last + 1)) if p)
        if first in self.folios:  # "4 Kapitel 1. Geltungsbereich": the folio is no number
            text = _FOLIO.sub("", text)
        start = self.starts[first - 1] + self._lead(first)
        return Row(first, last, start, self.page_of_line(first), text, self.fonts.get(first, font))

    def next_row(self, row: Row) -> Row | None:
        """The row below on the same page, if any."""
        line = row.last_line + 1
        if line > len(self.lines) or self.page_of_line(line) != row.page:
            return None
        return self.row_at(line)

    def _same_row(self, other: int, font: LineFont) -> bool:
        f = self.fonts.get(other)
        if f is None or self.lines[other - 1][:1] == "\f":
            return False
        return abs(f.y - font.y) < ROW_TOLERANCE
