"""PDF structure: outline entries placed on their pages, merged with the printed numbering.

Evidence, strongest first:
  1. The outline (bookmarks) with destinations: each entry's title is looked for on its
     target page (or the next); its number is read from the title's row ("2.1 Erste
     Schritte", "2.1Erste" glued), from a row just above ("1.1.2" alone, "KAPITEL 1",
     "Capítulo 3"), or from the outline title. An entry with no number anywhere is an
     unnumbered heading, not a section. Where the title is worded otherwise, the numbered
     row in a heading font at the target point is taken.
  2. Numbered rows that the outline leaves out — subsections below a chapter-only outline —
     kept where they are set in a heading font (larger than the body, or bold) and continue
     the numbering below a kept heading. Without an outline, every numbered row in a heading
     font is a candidate, and the numbering decides among them.
  3. Headings set like the body (one font throughout): the printed numbering alone.
Tables of contents, folios and running headers never become headings.

Fonts are read only for the pages that need them (see `SourceDocument.fonts_of_pages`).
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from ..model import HeadingDecision, OutlineEntry, SourceDocument, Structure
from .numbering import ident_key, is_start, successors
from .pdf_regions import folio_lines, header_shape, header_shapes, running_headers, toc_pages
from .pdf_rows import Lines, Row, fold, heading_font, parse_number
from .text import Head, Parsed, build_sections, detect_sections

_ABOVE_LINES = 3  # rows above a title that may carry its number
_MAX_HEADING_CHARS = 160
_MAX_GAP = 3  # numbers a printed heading may skip over the one before it
_TARGET_BAND = (-5.0, 60.0)  # points around an outline target where its heading stands
_LEADER = re.compile(r"(?:\.[ \t]?){3,}[ \t]*\S{0,8}[ \t]*\Z|[ \t]\d{1,4}\Z")
_NOT_TITLE_START = frozenset("©®™•·,;:=+*|)]}.")
_CANDIDATE_LINE = re.compile(
    r"^[ \t\f]{0,12}(?P<num>\d{1,3}(?:\.\d{1,3})+|[A-Z](?:\.\d{1,3})+)[.)]?(?:[ \t]|[^\W\d_]|$)"
    r"[^\n]{0,150}$",
    re.M)


@dataclass
class _Heading:
    row: Row
    ident: str
    title: str
    evidence: str
    reset: bool = False

    @property
    def level(self) -> int:
        return self.ident.count(".") + 1


# ---------------------------------------------------------------- outline anchors


def _title_at(rows: list, index: int, title: str) -> str | None:
    """The text of rows[index], joined with the rows a wrapped title runs onto, when it prints
    `title` (its first 24 characters, or all of a shorter one)."""
    whole = body = ""
    end = min(index + 3, len(rows))
    for k in range(index, end):
        whole += rows[k].whole
        body += rows[k].body if k == index else rows[k].whole
        for folded in (whole, body if rows[index].body else ""):
            if folded and folded[:24] == title[:24] and (len(folded) >= 24 or folded == title):
                # The rest of a wrapped title, as long as the rows still spell it.
                while k + 1 < end and title.startswith(folded + rows[k + 1].whole):
                    k += 1
                    folded += rows[k].whole
                return _join_wrapped([r.row.text for r in rows[index:k + 1]])
        if not title.startswith(body if rows[index].body else whole):
            return None
    return None


def _join_wrapped(parts: list[str]) -> str:
    """A title's rows as one line; a word hyphenated at a row's end is joined again."""
    text = parts[0]
    for part in parts[1:]:
        if text.endswith("-") and text[-2:-1].isalpha() and part[:1].islower():
            text = text[:-1] + part
        else:
            text = f"{text} {part}"
    return text


def _title_rows(lines: Lines, page: int, title: str, word: str = "") -> list[tuple[Row, str]]:
    """The rows of a page that print `title` (folded); `word`, a word of the title as the
    text spells it, narrows the search to the lines holding it where there are any."""
    hits = lines.lines_holding(page, word) if word else None
    if hits:
        found = []
        for line in hits:
            rows = lines.rows_from(lines.row_at(line).first_line, 3)
            text = _title_at(rows, 0, title) if rows else None
            if text is not None and all(f[0].first_line != rows[0].row.first_line for f in found):
                found.append((rows[0].row, text))
        if found:
            return found
    rows = lines.page_rows(page)
    found = []
    for index, page_row in enumerate(rows):
        if title[:1] in (page_row.whole[:1], page_row.body[:1]):
            text = _title_at(rows, index, title)
            if text is not None:
                found.append((page_row.row, text))
    return found


def _search_word(title: str) -> str:
    """A word from the start of an outline title — so on the first row of a heading that
    wraps — in plain ASCII letters without the ligature-prone "f", to find its lines by
    substring; "" when its first words have none."""
    for word in title.split()[:3]:
        if len(word) >= 3 and word.isascii() and word.isalpha() and "f" not in word.lower():
            return word.lower()
    return ""


def _title_row(lines: Lines, entry: OutlineEntry, title: str,
               word: str = "") -> tuple[Row, str] | None:
    """The row on the entry's page (or the next) that prints its title, nearest its target."""
    if len(title) < 2:
        return None
    for page in (entry.page - 1, entry.page):
        if page >= len(lines.doc.pages):
            break
        found = _title_rows(lines, page, title, word)
        if len(found) > 1:  # a running header repeats it at the page's edge
            found = [f for f in found if header_shape(f[0].text) not in lines.headers] or found
        if len(found) > 1:
            # Still several places: a heading font, then the target point decide.
            fonts = lines.doc.fonts_of_pages([page])
            found = _title_rows(lines, page, title) or found
            body = lines.doc.body_font

            def rank(found_row: tuple[Row, str]) -> tuple[bool, float]:
                font = found_row[0].font or fonts.get(found_row[0].first_line)
                far = abs(font.y - entry.y) if font and entry.y is not None else 1e9
                return not heading_font(font, body), far

            return min(found, key=rank)
        if found:
            return found[0]
    return None


def _row_at_target(lines: Lines, doc: SourceDocument, entry: OutlineEntry) -> Row | None:
    """The first numbered row in a heading font at, or just below, the entry's target point."""
    if entry.y is None:
        return None
    fonts = doc.fonts_of_pages([entry.page - 1])
    first, last = lines.page_range(entry.page - 1)
    for line in range(first, last + 1):
        font = fonts.get(line)
        if font is None or not _TARGET_BAND[0] <= font.y - entry.y <= _TARGET_BAND[1]:
            continue
        row = lines.row_at(line)
        parsed = parse_number(row.text)
        if row.first_line == line and parsed and parsed[1] and heading_font(font, doc.body_font):
            return row
    return None


def _number_above(lines: Lines, row: Row) -> tuple[Row, tuple[str, str, bool]] | None:
    """Short rows just above the title that print only its number ("1.1.2", "KAPITEL 1",
    "CHAPTER" / "TWO")."""
    line, words = row.first_line - 1, ""
    for _ in range(_ABOVE_LINES):
        if line < 1:
            return None
        above = lines.row_at(line)
        if above.page != row.page:
            return None
        if above.text:
            if len(above.text) > 12:
                return None
            words = f"{above.text} {words}".strip()
            parsed = parse_number(words)
            if parsed is not None and not parsed[1]:
                return above, parsed
        line = above.first_line - 1
    return None


def _outline_headings(lines: Lines, doc: SourceDocument,
                      decisions: list[HeadingDecision]) -> list[_Heading]:
    heads: list[_Heading] = []
    placed: set[int] = set()  # first lines of the rows taken
    for entry in doc.outline:
        if not entry.page:
            continue
        own = parse_number(entry.title)
        words = own[1] if own and own[1] else entry.title
        found = _title_row(lines, entry, fold(words), _search_word(words))
        if found is None and own and own[1]:
            found = _title_row(lines, entry, fold(entry.title))
        ident = title = None
        reset = False
        if found is not None:
            row, title = found
            evidence = "outline"
        else:  # the outline words the title otherwise: the numbered row at the target
            row, evidence = _row_at_target(lines, doc, entry), "outline target"
            title = row.text if row else None
        start_row = row
        if row is not None:
            printed = parse_number(title or "")
            if printed is not None and printed[1]:
                ident, title, reset = printed
                evidence += " + printed number"
            else:
                above = _number_above(lines, row)
                if above is not None:
                    start_row, (ident, _, reset) = above
                    evidence += " + printed number"
        if ident is None and own is not None and own[1]:
            ident, title, reset = own
            evidence = "outline title"
        if ident is None:
            where = start_row.first_line if start_row else lines.page_range(entry.page - 1)[0]
            decisions.append(HeadingDecision(where, entry.page, entry.title[:100], "", False,
                                             "outline entry without a number"))
            continue
        if start_row is None:  # the page does not print it: the section starts with the page
            first = lines.page_range(entry.page - 1)[0]
            start = doc.pages[entry.page - 1].span.start
            heads.append(_Heading(Row(first, first, start, entry.page - 1, entry.title, None),
                                  ident, title or "", evidence, reset))
            continue
        if start_row.first_line in placed:
            decisions.append(HeadingDecision(start_row.first_line, entry.page, entry.title[:100],
                                             ident, False, "same row as another outline entry"))
            continue
        placed.add(start_row.first_line)
        heads.append(_Heading(start_row, ident, title or "", evidence, reset))
    return heads


# ---------------------------------------------------------------- printed numbering


def _title_start(title: str) -> bool:
    """A heading's title opens like a name ("Purpose", "/bin", "¿Qué", "\\centering"), not
    like a sentence's continuation, a copyright line or a formula."""
    return not title[0].islower() and title[0] not in _NOT_TITLE_START


def _font_candidate(lines: Lines, doc: SourceDocument, line: int) -> _Heading | str | None:
    """A numbered row set in a heading font that opens at `line`; why not, for a numbered row
    that is no heading; None for any other line."""
    row = lines.row_at(line)
    if row.first_line != line or len(row.text) > _MAX_HEADING_CHARS:
        return None
    parsed = parse_number(row.text)
    if parsed is None:
        return None
    ident, title, reset = parsed
    if title and _LEADER.search(title):
        return "a contents entry (a page number after leaders)"
    if title and not _title_start(title):
        return "not a title (a sentence's continuation or a formula)"
    if not heading_font(row.font, doc.body_font):
        return "set in the body font (a list item or a paragraph)"
    if not title:  # "2.1" on its row, the title on the next ("Artefactos de cumplimiento:")
        nxt = lines.next_row(row)
        if nxt is None or not heading_font(nxt.font, doc.body_font):
            return "a number without a title"
        title = nxt.text
    if len(fold(title)) < 2:
        return "a figure's label"  # "6 2", "5 V"
    return _Heading(row, ident, title, "font", reset)


def _deeper_lines(lines: Lines, doc: SourceDocument, anchors: list[_Heading]) -> list[int]:
    """Lines whose number is a subsection of an outline heading that the outline lacks."""
    known = {a.ident for a in anchors}
    out = []
    for m in _CANDIDATE_LINE.finditer(doc.text):
        ident = m.group("num")
        if ident in known or not _ancestors(ident) & known:
            continue
        parsed = parse_number(m.group(0).lstrip("\f"))
        if parsed and parsed[0] == ident:
            out.append(doc.line_of(m.start("num")))
    return out


def _textual_heading(lines: Lines, line: int) -> _Heading:
    """A numbered line as a heading by its numbering alone."""
    ident, title, reset = parse_number(lines.stripped(line)) or ("", "", False)
    return _Heading(lines.row_at(line), ident, title, "numbering", reset)


def _ancestors(ident: str) -> set[str]:
    """"2.1.1" → {"2", "2.1"}."""
    parts = ident.split(".")
    return {".".join(parts[:n]) for n in range(1, len(parts))}


def _is_subsection(ident: str, last: _Heading | None) -> bool:
    """ident is a subsection of the last heading or of one of its parents."""
    parent = ident.rpartition(".")[0]
    return bool(parent) and last is not None and (
        last.ident == parent or last.ident.startswith(parent + "."))


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
    return len(key) > len(prev) and key[:len(prev)] == prev and all(
        c[1] <= 1 for c in key[len(prev):])


def _fit(cands: list[_Heading], anchors: list[_Heading],
         decisions: list[HeadingDecision]) -> list[_Heading]:
    """Candidates that continue the numbering around the anchors (gap repair: a few missing
    numbers between two kept ones are allowed, a jump or a step backwards is not)."""
    taken = {(a.ident, a.row.page) for a in anchors}
    named = {(a.ident, fold(a.title)) for a in anchors}
    events = sorted([(a.row.start, 0, a) for a in anchors] + [(c.row.start, 1, c) for c in cands],
                    key=lambda e: (e[0], e[1]))
    kept: list[_Heading] = []
    last: _Heading | None = None
    for _, kind, h in events:
        if kind == 0:
            last = h
            continue
        reason = None
        key = ident_key(h.ident)
        if (h.ident, h.row.page) in taken or (h.ident, fold(h.title)) in named:
            reason = "repeats a heading"  # a running header or an echo of a kept heading
        elif anchors and not _is_subsection(h.ident, last):
            reason = "not below a kept heading"  # the outline covers this level
        elif last is None:
            reason = None if is_start(key) or h.reset else "out of sequence"
        elif not (_near(ident_key(last.ident), key) or h.reset):
            reason = "out of sequence"
        if reason is not None:
            decisions.append(_decision(h, False, reason))
            continue
        kept.append(h)
        named.add((h.ident, fold(h.title)))
        last = h
    return kept


# ---------------------------------------------------------------- the decision


def _decision(h: _Heading, kept: bool, reason: str) -> HeadingDecision:
    # A number printed on its own row above the title: show both.
    text = h.row.text if not h.title or h.title in h.row.text else f"{h.row.text} {h.title}"
    return HeadingDecision(h.row.first_line, h.row.page + 1, text[:100], h.ident, kept, reason)


def _candidates(lines: Lines, doc: SourceDocument, anchors: list[_Heading], masked: set[int],
                decisions: list[HeadingDecision]) -> list[_Heading]:
    """Numbered rows beside the anchors: by font, or by numbering where fonts say nothing."""
    anchored = {a.row.first_line for a in anchors}
    if anchors:
        deeper = _deeper_lines(lines, doc, anchors)
        # Only rows whose numbering could continue a kept heading are worth their fonts.
        textual = [_textual_heading(lines, line) for line in deeper]
        deeper = [h.row.first_line for h in _fit(textual, anchors, [])]
        fonts = doc.fonts_of_pages({lines.page_of_line(line) for line in deeper})
        flat = not any(heading_font(a.row.font or fonts.get(a.row.first_line), doc.body_font)
                       for a in anchors if a.row.first_line in fonts)
        if flat and any(a.row.first_line in fonts for a in anchors):
            # Headings set like the body: the numbering alone proposes.
            cands = []
            for line in deeper:
                row = lines.row_at(line)
                parsed = parse_number(row.text)
                if parsed and parsed[1] and _title_start(parsed[1]):
                    cands.append(_Heading(row, parsed[0], parsed[1], "numbering", parsed[2]))
            return cands
        considered = deeper
    else:
        considered = sorted(doc.fonts)
    cands = []
    for line in considered:
        if line in anchored:
            continue
        found = _font_candidate(lines, doc, line)
        if found is not None and lines.page_of_line(line) in masked:
            decisions.append(_decision(_textual_heading(lines, line), False, "table of contents"))
        elif isinstance(found, _Heading):
            cands.append(found)
        elif found is not None:
            decisions.append(_decision(_textual_heading(lines, line), False, found))
    unique = {c.row.first_line: c for c in cands}
    cands = sorted(unique.values(), key=lambda c: c.row.start)
    headers = running_headers(lines, cands, lambda c: c.row)
    for c in cands:
        if id(c) in headers:
            decisions.append(_decision(c, False, "running header"))
    return [c for c in cands if id(c) not in headers]


def _decide(doc: SourceDocument, use_outline: bool) -> Structure | None:
    lines = Lines(doc)
    decisions: list[HeadingDecision] = []
    masked = toc_pages(doc)
    lines.folios = folio_lines(lines, doc)
    lines.header_finder = lambda: header_shapes(lines, doc)
    anchors = _outline_headings(lines, doc, decisions) if use_outline and doc.outline else []
    if not anchors and not use_outline and doc.outline:
        doc.fonts_of_pages(range(len(doc.pages)))  # the outline is set aside: read every page
    cands = _candidates(lines, doc, anchors, masked, decisions)
    if not anchors and not cands:
        return None
    heads = sorted(anchors + _fit(cands, anchors, decisions), key=lambda h: h.row.start)
    decisions += [_decision(h, True, h.evidence) for h in heads]
    decisions.sort(key=lambda d: (d.line, not d.kept, d.reason))
    built = build_sections([Head(h.row.start, h.row.first_line,
                                 Parsed(h.ident, h.level, h.title, "num", h.reset))
                            for h in heads], len(doc.text))
    sections = [dataclasses.replace(s, evidence=h.evidence) for s, h in zip(built, heads)]
    return Structure(sections, decisions, "outline" if anchors else "font")


def pdf_structure(doc: SourceDocument, *, use_outline: bool = True) -> Structure:
    """Sections of a PDF from its outline, fonts and printed numbering."""
    found = _decide(doc, use_outline)
    if found is not None and found.sections:
        return found
    # One font throughout (or no text layer worth the name): the numbering alone decides.
    return Structure(detect_sections(doc.text, doc.pages, style="pdf"), [], "text")
