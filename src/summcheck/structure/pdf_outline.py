"""PDF headings from the outline (bookmarks): each entry placed on the row of its page that prints
its title, with the number printed beside or above it."""
from __future__ import annotations

import re

from ..model import HeadingDecision, OutlineEntry, SourceDocument
from .pdf_regions import header_shape
from .pdf_rows import Heading, Lines, Row, fold, heading_font, lettered, parse_number

_ABOVE_LINES = 3  # rows above a title that may carry its number
_TARGET_BAND = (-5.0, 60.0)  # points around an outline target where its heading stands


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
            parsed = parse_number(words) or lettered(words)
            if parsed is not None and not parsed[1]:
                return above, parsed
        line = above.first_line - 1
    return None


_LETTERED = re.compile(r"(?P<letter>[A-Z])[ \t]+(?P<title>[A-Z0-9]\S*(?:[ \t]+\S+)*)\Z")


def _lettered(outline) -> dict[int, tuple[str, str, bool]]:
    """Outline entries numbered by a bare letter, appendices (`A The Vector Product`, `B Online
    Resources`), by index: the entries whose letters run A, B, … (two or more; of two with one
    letter, the later: an earlier `A Guide to …` is a title), or one followed by its child
    entry (`A.1`)."""
    titles = [entry.title.strip() for entry in outline]
    run: list[tuple[int, re.Match]] = []
    for i, title in enumerate(titles):
        m = _LETTERED.match(title)
        if m is None:
            continue
        if run and m["letter"] == run[-1][1]["letter"]:
            run[-1] = (i, m)
        elif m["letter"] == chr(ord("A") + len(run)):
            run.append((i, m))
    keep = run if len(run) >= 2 else [
        (i, m) for i, m in run
        if i + 1 < len(titles) and titles[i + 1].startswith(f"{m['letter']}.")]
    return {i: (m["letter"], m["title"], True) for i, m in keep}


_DESIGNATED = re.compile(r"(?P<ident>(?P<prefix>[A-Z]{1,2})(?P<number>\d{1,3}))[:.)][ \t]+(?P<title>\S.*)\Z")


def _designated(outline) -> dict[int, tuple[str, str, bool]]:
    """Outline entries labelled by a designator in place of a number, goals or requirements
    (`G1: Know your responsibilities`, `G2: …`), by index: entries whose numbers run 1, 2, …
    under one prefix, two or more of them."""
    runs: dict[str, list[tuple[int, re.Match]]] = {}
    for i, entry in enumerate(outline):
        m = _DESIGNATED.match(entry.title.strip())
        if m is None:
            continue
        run = runs.setdefault(m["prefix"], [])
        if int(m["number"]) == len(run) + 1:
            run.append((i, m))
    return {i: (m["ident"], m["title"], False)
            for run in runs.values() if len(run) >= 2 for i, m in run}


def outline_headings(lines: Lines, doc: SourceDocument,
                     decisions: list[HeadingDecision]) -> list[Heading]:
    heads: list[Heading] = []
    placed: set[int] = set()  # first lines of the rows taken
    designated = _designated(doc.outline)
    labelled = _lettered(doc.outline) | designated
    for index, entry in enumerate(doc.outline):
        if not entry.page:
            continue
        own = parse_number(entry.title) or labelled.get(index)
        # A designated heading prints its designator as the outline does ("G2: Assign …");
        # its bare title may open a sentence elsewhere on the page.
        words = own[1] if own and own[1] and index not in designated else entry.title
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
            if printed is None:
                # `A` beside the title: set apart on its row, or the outline names the rest.
                letter = lettered(title or "")
                if letter is not None and (row.last_line > row.first_line
                                           or fold(letter[1]) == fold(entry.title)):
                    printed = letter
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
            heads.append(Heading(Row(first, first, start, entry.page - 1, entry.title, None),
                                 ident, title or "", evidence, reset))
            continue
        if start_row.first_line in placed:
            decisions.append(HeadingDecision(start_row.first_line, entry.page, entry.title[:100],
                                             ident, False, "same row as another outline entry"))
            continue
        placed.add(start_row.first_line)
        heads.append(Heading(start_row, ident, title or "", evidence, reset))
    return heads
