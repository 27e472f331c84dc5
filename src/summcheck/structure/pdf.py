"""PDF structure: outline entries placed on their pages, merged with the printed numbering.

Evidence, strongest first:
  1. The outline (bookmarks) with destinations: each entry is looked for on its target
     page near the target point; its number is read from the heading row itself
     ("2.1 Erste Schritte", "2.1Erste" glued), from a row just above ("1.1.2" alone,
     "KAPITEL 1", "Capítulo 3"), or from the outline title. An entry with no number
     anywhere is an unnumbered heading, not a section.
  2. Numbered rows set in a heading font (larger than the body or bold, as the document's
     anchors are set) that the outline lacks — subsections below a chapter-only outline, or
     every heading of a PDF without an outline — where they continue the numbering.
  3. Without font differences (all text in one size), the numbering of the text alone.
Rows on table-of-contents pages and running headers never become headings.
"""
from __future__ import annotations

import dataclasses
import re
import unicodedata
from dataclasses import dataclass

from ..model import HeadingDecision, LineFont, OutlineEntry, SourceDocument, Structure
from .numbering import ident_key, is_start, successors
from .text import Head, Parsed, build_sections, detect_sections

_ROW_TOLERANCE = 2.0  # points: lines whose tops differ less stand on one row
_ABOVE_LINES = 3  # rows above an outline target's title that may carry its number
_MAX_HEADING_CHARS = 160
_FONT_STEP = 0.8  # points larger than the body that make a heading font
_DIVISION_WORDS = ("kapitel", "chapter", "capítulo", "capitulo", "apéndice", "apendice",
                   "appendix", "anhang", "anexo", "annex", "apêndice", "parte", "part", "teil")
_APPENDIX_WORDS = frozenset(("apéndice", "apendice", "appendix", "anhang", "anexo", "annex",
                             "apêndice"))
_NUMBER = re.compile(
    r"(?P<kw>(?i:" + "|".join(_DIVISION_WORDS) + r")[ \t]+)?"
    r"(?P<num>\d{1,3}(?:\.\d{1,3})*|[A-Z](?:\.\d{1,3})*|[IVX]{1,6})"
    r"(?P<mark>[.):]?)(?P<rest>(?:[ \t]+|(?=[^\W\d_])|\Z).*)\Z", re.S)
# TeX sets accents as separate spacing characters ("Ap´endice", "F´ormulas").
_SPACING_ACCENTS = dict.fromkeys(map(ord, "\u00b4\u02dc\u00b8\u0060\u00a8\u02c6\u02c7\u02d8\u02d9\u02da\u02dd"))
_LEADER = re.compile(r"(?:\.[ \t]?){3,}[ \t]*\S{0,8}[ \t]*\Z|[ \t]\d{1,4}\Z")
_NOT_TITLE_START = frozenset("©®™•·,;:=+*|)]}.")
_DOTTED_ROW = re.compile(r"(?:\.[ \t]?){4,}[^\n]*$", re.M)
_PAGE_REF_ROW = re.compile(r"\S[ \t]+\d{1,4}[ \t]*$", re.M)
_CONTENTS_HEADING = re.compile(
    r"^[ \t]*(?i:contents|table of contents|inhaltsverzeichnis|inhalt|índice|indice|"
    r"índice general|sumário|sumario|tabla de contenidos?|contenidos?|conteúdo)[ \t]*$", re.M)


@dataclass
class _Row:
    """One printed row: the lines of a page that share a top (number and title runs)."""

    first_line: int  # 1-based line of its first text line
    start: int  # offset of that line in the text
    page: int  # 0-based page
    text: str
    font: LineFont | None


@dataclass
class _Heading:
    row: _Row
    ident: str
    title: str
    level: int
    evidence: str
    reset: bool = False


def _fold(s: str) -> str:
    """Letters and digits only, without accents: how titles are compared across outline and page."""
    decomposed = unicodedata.normalize("NFKD", s.casefold())
    return "".join(ch for ch in decomposed if ch.isalnum())


def _parse_number(text: str) -> tuple[str, str, bool, str] | None:
    """(ident, title, appendix, mark) of a row that opens with a number, else None."""
    m = _NUMBER.match(text.strip().translate(_SPACING_ACCENTS))
    if m is None:
        return None
    num, rest, kw = m["num"], m["rest"].strip(), (m["kw"] or "").strip().casefold()
    if not kw and num[:1].isalpha():
        # Without a division word a letter is a number only as "A. Title" or "A.3 Title"; a
        # drop or small capital ("G" + "NU/Linux") and a roman word ("IV") are text.
        if num.isalpha() and not (m["mark"] == "." and rest[:1].isupper()
                                  and rest[1:2].isalpha() and m["rest"][:1].isspace()):
            return None
    if m["rest"] and not m["rest"][:1].isspace() and (
            not num[-1:].isdigit() or (m["rest"][:1].islower() and "." not in num)):
        return None  # glued runs ("2.1Erste", "4.4.5salsa") only after a digit; "404main" is text
    if m["mark"] == ":" and not kw:
        return None
    return num, rest, kw in _APPENDIX_WORDS or (num[:1].isalpha() and not kw), m["mark"]


class _Lines:
    """The text's lines with their offsets and pages, and rows built from PDF fonts."""

    def __init__(self, doc: SourceDocument) -> None:
        self.doc = doc
        self.lines = doc.text.split("\n")
        self.starts = doc.line_starts
        self.fonts = doc.fonts
        self.folios: set[int] = set()

    def page_of_line(self, line: int) -> int:
        page = self.doc.page_of(self.starts[line - 1] + self._lead(line))
        return page.number - 1 if page else 0

    def _lead(self, line: int) -> int:
        raw = self.lines[line - 1]
        return len(raw) - len(raw.lstrip("\f"))

    def row_at(self, line: int) -> _Row:
        """The row that holds `line`, from its first line on that row to its last."""
        font = self.fonts.get(line)
        first = last = line
        if font is not None:
            while first > 1 and self._same_row(first - 1, font):
                first -= 1
            while last < len(self.lines) and self._same_row(last + 1, font):
                last += 1
        parts = [self.lines[i - 1].strip("\f").strip() for i in range(first, last + 1)]
        text = " ".join(p for p in parts if p)
        if first in self.folios:  # "4 Kapitel 1. Geltungsbereich": the folio is no number
            text = re.sub(r"\A\d{1,4}(?!\.\d)\s*", "", text)
        start = self.starts[first - 1] + self._lead(first)
        return _Row(first, start, self.page_of_line(first), text,
                    self.fonts.get(first, font))

    def _same_row(self, other: int, font: LineFont) -> bool:
        f = self.fonts.get(other)
        if f is None or "\f" in self.lines[other - 1][:1]:
            return False
        return abs(f.y - font.y) < _ROW_TOLERANCE


def _heading_font(font: LineFont | None, body: float | None) -> bool:
    if font is None or body is None:
        return False
    return font.size >= body + _FONT_STEP or (font.bold and font.size >= body - 0.6)


def _toc_pages(doc: SourceDocument) -> set[int]:
    """Pages of a table of contents: rows with dot leaders, or a contents heading over rows
    that end in page numbers."""
    pages: set[int] = set()
    for page in doc.pages:
        text = doc.text[page.span.start:page.span.end]
        dotted = len(_DOTTED_ROW.findall(text))
        if dotted >= 3:
            rows = text.count("\n") + 1
            if dotted >= 5 or dotted >= 0.25 * rows:
                pages.add(page.number - 1)
        elif _CONTENTS_HEADING.search(text) and len(_PAGE_REF_ROW.findall(text)) >= 3:
            pages.add(page.number - 1)
    return pages


def _title_row(lines: _Lines, entry: OutlineEntry, folded: str) -> _Row | None:
    """The row on the entry's page (or the next) that prints its title, nearest the target."""
    best: tuple[float, _Row] | None = None
    for page_index in (entry.page - 1, entry.page):
        if page_index >= len(lines.doc.pages):
            break
        for line, font in _fonts_on_page(lines, page_index):
            row = lines.row_at(line)
            if row.first_line != line:
                continue
            text = _with_wrapped(lines, row)
            parsed = _parse_number(text)
            body = _fold(parsed[1]) if parsed else _fold(text)
            whole = _fold(text)
            if not folded or not (_matches(body, folded) or _matches(whole, folded)):
                continue
            distance = abs(font.y - entry.y) if entry.y is not None else font.y / 1000
            distance += 10000 * (page_index - entry.page + 1)
            if best is None or distance < best[0]:
                best = (distance, row)
        if best is not None:
            return best[1]
        plain = _plain_title_line(lines, page_index, folded)
        if plain is not None:  # a title printed without a number: no font was fetched for it
            return lines.row_at(plain)
    return None


def _plain_title_line(lines: _Lines, page_index: int, folded: str) -> int | None:
    """The first line of a page whose text is the title."""
    if len(folded) < 3:
        return None
    first, last = _page_line_range(lines, page_index)
    for line in range(first, last + 1):
        if _matches(_fold(lines.lines[line - 1]), folded):
            return line
    return None


def _page_line_range(lines: _Lines, page_index: int) -> tuple[int, int]:
    page = lines.doc.pages[page_index]
    return (lines.doc.line_of(page.span.start),
            lines.doc.line_of(max(page.span.start, page.span.end - 1)))


def _with_wrapped(lines: _Lines, row: _Row) -> str:
    """The row's text with the rows a long title wraps onto (same size, next lines down)."""
    text, font, line = row.text, row.font, row.first_line
    for _ in range(2):
        if font is None or line >= len(lines.lines):
            break
        nxt = lines.row_at(_last_line(lines, line) + 1)
        if (nxt.font is None or nxt.page != row.page or abs(nxt.font.size - font.size) > 0.3
                or not 0 < nxt.font.y - font.y < 2.5 * font.size):
            break
        text, font, line = f"{text} {nxt.text}", nxt.font, nxt.first_line
    return text


def _last_line(lines: _Lines, line: int) -> int:
    font = lines.fonts.get(line)
    while font is not None and line < len(lines.lines) and lines._same_row(line + 1, font):
        line += 1
    return line


def _matches(line: str, title: str) -> bool:
    if not line:
        return False
    n = min(len(title), 24)
    return line[:n] == title[:n] or (len(line) >= 6 and title.startswith(line))


def _fonts_on_page(lines: _Lines, page_index: int):
    first, last = _page_line_range(lines, page_index)
    for line in range(first, last + 1):
        font = lines.fonts.get(line)
        if font is not None:
            yield line, font


def _number_above(lines: _Lines, row: _Row) -> tuple[_Row, tuple[str, str, bool, str]] | None:
    """A row just above the title that prints only its number ("1.1.2", "KAPITEL 1")."""
    line = row.first_line - 1
    for _ in range(_ABOVE_LINES):
        if line < 1:
            return None
        above = lines.row_at(line)
        if above.page != row.page:
            return None
        if above.text:
            parsed = _parse_number(above.text)
            if parsed is not None and not parsed[1]:
                return above, parsed
            if len(above.text) > 12:
                return None
        line = above.first_line - 1
    return None


def _outline_headings(lines: _Lines, doc: SourceDocument,
                      decisions: list[HeadingDecision]) -> list[_Heading]:
    heads: list[_Heading] = []
    placed: set[int] = set()  # first lines of the rows taken
    for entry in doc.outline:
        if not entry.page:
            continue
        own = _parse_number(entry.title)
        title_text = own[1] if own and own[1] else entry.title
        row = _title_row(lines, entry, _fold(title_text)) or _title_row(
            lines, entry, _fold(entry.title))
        ident = title = None
        evidence = "outline"
        reset = False
        if row is None:  # the outline words the title otherwise: the numbered row at the target
            row = _row_at_target(lines, doc, entry)
            evidence = "outline target"
        start_row = row
        if row is not None:
            printed = _parse_number(row.text)
            if printed is not None and printed[1]:
                ident, title, reset = printed[0], printed[1], printed[2]
                evidence = f"{evidence} + printed number"
            else:
                above = _number_above(lines, row)
                if above is not None:
                    start_row, (ident, _, reset, _) = above
                    title = _with_wrapped(lines, row)
                    evidence = f"{evidence} + number above"
        if ident is None and own is not None and own[1]:
            ident, title, reset = own[0], own[1], own[2]
            evidence = "outline title"
        if ident is None:
            where = start_row.first_line if start_row else doc.line_of(doc.pages[entry.page - 1].span.start)
            decisions.append(HeadingDecision(where, entry.page, entry.title[:100], "", False,
                                             "outline entry without a number"))
            continue
        if start_row is None:
            start = doc.pages[entry.page - 1].span.start
            start_row = _Row(doc.line_of(start), start, entry.page - 1, entry.title, None)
        if start_row.first_line in placed:
            decisions.append(HeadingDecision(start_row.first_line, entry.page, entry.title[:100],
                                             ident, False, "same row as another outline entry"))
            continue
        placed.add(start_row.first_line)
        heads.append(_Heading(start_row, ident, title or "", ident.count(".") + 1, evidence, reset))
    return heads


def _row_at_target(lines: _Lines, doc: SourceDocument, entry: OutlineEntry) -> _Row | None:
    """The first numbered row in a heading font at or just below the entry's target point."""
    if entry.y is None:
        return None
    for line, font in _fonts_on_page(lines, entry.page - 1):
        if font.y < entry.y - 5 or font.y > entry.y + 60:
            continue
        row = lines.row_at(line)
        parsed = _parse_number(row.text)
        if row.first_line == line and parsed and parsed[1] and _heading_font(font, doc.body_font):
            return row
    return None


def _font_candidates(lines: _Lines, doc: SourceDocument, masked: set[int]) -> list[_Heading]:
    """Numbered rows set in a heading font, outside tables of contents."""
    out: list[_Heading] = []
    seen: set[int] = set()
    for line in sorted(lines.fonts):
        row = lines.row_at(line)
        if row.first_line in seen:
            continue
        seen.add(row.first_line)
        if row.page in masked or len(row.text) > _MAX_HEADING_CHARS:
            continue
        if not _heading_font(row.font, doc.body_font):
            continue
        parsed = _parse_number(row.text)
        if parsed is None:
            continue
        ident, title, reset, _mark = parsed
        if title and not _title_start(title) or _LEADER.search(title):
            continue
        if not title:
            nxt = lines.row_at(row.first_line + 1) if row.first_line < len(lines.lines) else None
            if nxt is None or nxt.page != row.page or not _heading_font(nxt.font, doc.body_font):
                continue
            title = nxt.text
        if len(_fold(title)) < 2:
            continue  # a figure's label ("6 2", "5 V"), not a heading
        out.append(_Heading(row, ident, title, ident.count(".") + 1, "font", reset))
    return out


def _title_start(title: str) -> bool:
    """A heading's title opens like a name ("Purpose", "/bin", "¿Qué", "\\centering"), not
    like a sentence's continuation, a copyright line or a formula."""
    first = title[0]
    return not first.islower() and first not in _NOT_TITLE_START


def _numbered_lines(lines: _Lines, doc: SourceDocument, anchored: set[int]) -> list[_Heading]:
    """Headings the text's numbering alone finds, as candidates beside the outline."""
    out = []
    for section in detect_sections(doc.text, doc.pages, style="pdf"):
        if section.line in anchored:
            continue
        row = lines.row_at(section.line)
        out.append(_Heading(row, section.ident, section.title, section.level, "numbering"))
    return out


def _running_headers(lines: _Lines, doc: SourceDocument, heads: list[_Heading]) -> set[int]:
    """Rows at a page's edge whose text, its page number aside, recurs on three pages or more."""
    edges = {line for page in doc.pages for line in _edge_lines(lines, page)}

    def shape(h: _Heading) -> str:
        return _fold(re.sub(r"\A\d{1,4}\s+|\s+\d{1,4}\Z", "", h.row.text))

    counts: dict[str, set[int]] = {}
    for h in heads:
        if h.row.first_line in edges:
            counts.setdefault(shape(h), set()).add(h.row.page)
    return {id(h) for h in heads
            if h.row.first_line in edges and len(counts[shape(h)]) >= 3}


def _folio_rows(lines: _Lines, doc: SourceDocument) -> set[int]:
    """First lines of rows that open with the printed page number (a header or footer).

    The printed folio is the page label, or the physical page shifted by an offset that the
    document keeps on three pages or more.
    """
    edge: list[tuple[int, int, int]] = []  # (line, number, physical page)
    for page in doc.pages:
        for line in _edge_lines(lines, page):
            m = re.match(r"[ \t\f]*(\d{1,4})(?!\.\d)", lines.lines[line - 1])
            font = lines.fonts.get(line)
            # A folio is set in the body size or smaller; a chapter number opening a page is not.
            if m and not (font and doc.body_font and font.size >= doc.body_font + _FONT_STEP):
                edge.append((line, int(m.group(1)), page.number))
    offsets: dict[int, int] = {}
    for _, number, physical in edge:
        offsets[number - physical] = offsets.get(number - physical, 0) + 1
    most = max(offsets.values(), default=0)
    # Chapters that open their pages also step with the page: only the document's own folio
    # offset stands on most pages.
    usual = {off for off, n in offsets.items() if n >= 3 and n >= most / 4}
    out = set()
    for line, number, physical in edge:
        label = doc.pages[physical - 1].label
        if number - physical in usual or (label is not None and label == str(number)):
            out.add(line)
    return out


def _edge_lines(lines: _Lines, page) -> list[int]:
    """The first two and the last two non-blank lines of a page."""
    first = lines.doc.line_of(page.span.start)
    last = lines.doc.line_of(max(page.span.start, page.span.end - 1))
    filled = [n for n in range(first, last + 1) if lines.lines[n - 1].strip("\f").strip()]
    return sorted(set(filled[:2] + filled[-2:]))


def _fit(cands: list[_Heading], anchors: list[_Heading]) -> list[_Heading]:
    """Font candidates that continue the numbering around the anchors (gap repair: a missing
    number between two kept ones is allowed, a step backwards is not)."""
    taken = {(a.ident, a.row.page) for a in anchors}
    named = {(a.ident, _fold(a.title)) for a in anchors}
    events = sorted([(a.row.start, 0, a) for a in anchors] + [(c.row.start, 1, c) for c in cands],
                    key=lambda e: (e[0], e[1]))
    kept: list[_Heading] = []
    last: _Heading | None = None
    for _, kind, h in events:
        if kind == 0:
            last = h
            continue
        if (h.ident, h.row.page) in taken or (h.ident, _fold(h.title)) in named:
            continue  # the outline's heading itself, or a running header repeating it
        key = ident_key(h.ident)
        if last is None:
            ok = is_start(key) or h.reset
        else:
            prev = ident_key(last.ident)
            ok = key in successors(prev) or key > prev or h.reset or (
                is_start(key) and len(key) >= len(prev))
        if (h.ident, _fold(h.title)) in named:
            continue  # a running header or echo of a heading already kept
        if anchors and not _below(h.ident, last):
            continue  # the outline covers this level: only the deeper levels it leaves out
        if ok and (last is None or _near(ident_key(last.ident), key) or h.reset):
            kept.append(h)
            named.add((h.ident, _fold(h.title)))
            last = h
    return kept


def _below(ident: str, last: _Heading | None) -> bool:
    """ident is a subsection of the last heading or of one of its parents."""
    parent = ident.rpartition(".")[0]
    return bool(parent) and last is not None and (
        last.ident == parent or last.ident.startswith(parent + "."))


_MAX_GAP = 3  # numbers a printed heading may skip over the one before it


def _near(prev: tuple, key: tuple) -> bool:
    """key follows prev closely: its next number at some depth (a few may be missing), a new
    first child, or a numbering that starts again (1.0 after 3)."""
    if key in successors(prev) or (is_start(key) and len(key) >= len(prev)):
        return True
    for depth in range(min(len(prev), len(key))):
        if key[:depth] != prev[:depth]:
            return False
        a, b = prev[depth], key[depth]
        if a[0] == b[0] and 0 < b[1] - a[1] <= _MAX_GAP:
            return all(c[1] <= 1 for c in key[depth + 1:])
    return len(key) > len(prev) and key[:len(prev)] == prev and all(c[1] <= 1 for c in key[len(prev):])


def _decide(lines: _Lines, doc: SourceDocument, use_outline: bool) -> Structure | None:
    decisions: list[HeadingDecision] = []
    masked = _toc_pages(doc)
    lines.folios = _folio_rows(lines, doc)
    anchors = _outline_headings(lines, doc, decisions) if use_outline and doc.outline else []
    anchored = {a.row.first_line for a in anchors}
    cands = [c for c in _font_candidates(lines, doc, masked) if c.row.first_line not in anchored]
    headers = _running_headers(lines, doc, cands)
    for c in cands:
        if id(c) in headers:
            decisions.append(_decision(c, False, "running header"))
    cands = [c for c in cands if id(c) not in headers]
    if anchors and not any(_heading_font(a.row.font, doc.body_font) for a in anchors):
        # Headings set like the body: fonts say nothing, so the text's numbering proposes.
        cands = _numbered_lines(lines, doc, anchored)
    if not anchors and not cands:
        return None
    extra = _fit(cands, anchors)
    kept_ids = {id(h) for h in extra}
    for c in cands:
        if id(c) not in kept_ids:
            decisions.append(_decision(c, False, "out of sequence"))
    heads = sorted(anchors + extra, key=lambda h: h.row.start)
    for h in heads:
        decisions.append(_decision(h, True, h.evidence))
    decisions.sort(key=lambda d: (d.line, not d.kept))
    built = build_sections([Head(h.row.start, h.row.first_line,
                                 Parsed(h.ident, h.level, h.title, "num", h.reset))
                            for h in heads], len(doc.text))
    sections = [dataclasses.replace(s, evidence=h.evidence)
                for s, h in zip(built, heads)]
    return Structure(sections, decisions, "outline" if anchors else "font")


def _decision(h: _Heading, kept: bool, reason: str) -> HeadingDecision:
    return HeadingDecision(h.row.first_line, h.row.page + 1, h.row.text[:100], h.ident, kept, reason)


def pdf_structure(doc: SourceDocument, *, use_outline: bool = True) -> Structure:
    """Sections of a PDF from its outline, fonts and printed numbering."""
    found = _decide(_Lines(doc), doc, use_outline)
    if found is not None and found.sections:
        return found
    # One font throughout (or no text layer worth the name): the numbering alone decides.
    return Structure(detect_sections(doc.text, doc.pages, style="pdf"), [], "text")
