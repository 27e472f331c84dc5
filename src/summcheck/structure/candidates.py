"""Heading candidates of a plain text: numbered lines by their shape, one pass over the lines.

Each candidate records what the later steps weigh: its indentation and the mark after its
number (the document's heading profile), blank lines around it, whether the next line hangs
at its title's column (a list item, or a licence's hanging terms), whether an underline makes
it a heading by form, and whether text stands between it and the next candidate (a table of
contents has none). Nothing is decided here but the line's own form.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..model import Page
from .headings import (MAX_LINE, MAX_TITLE, Parsed, is_division, is_noise, parse_heading,
                       parse_letter, parse_weak, run_in_title, toc_title)
from .numbering import Key, ident_key
from .regions import underlined

MAX_INDENT = 12  # further right is centred text or a deep list, not a section heading
LOOSE_MAX_LINE = 80  # without blank lines, a long numbered line is a footnote or prose
_ATX = re.compile(r"#{1,6}[ \t]+(?P<body>.*?)(?:[ \t]+#+)?[ \t]*\Z")
_PAGE_REF = re.compile(r"[\s.·…]*(?:\d+|[ivxlcdm]+)\Z")  # the leader and page of a TOC entry
_RUN_ON = re.compile(r"[ \t]{4,}(?=\S)")
_WRAP_AT = 50  # a heading line this long (from the margin) may wrap its title onto the next line
_WRAP_LINES = 3


def key_of(parsed: Parsed) -> Key:
    return ident_key(parsed.ident) if parsed.numbered else ((3, 0),)


@dataclass
class Cand:
    start: int  # offset of the heading's first character
    line: int  # 1-based
    parsed: Parsed
    text: str  # the stripped line (or the lead that numbers it)
    indent: int = 0
    title_col: int = 0
    mark: str = ""  # what follows the number: "." ".  " " " …, "" for keyword forms
    page: int = 0
    rank: int = 0  # position among the non-blank lines of its page (nearer edge, after the scan)
    blank_before: bool = True
    blank_after: bool = False
    text_after: bool = False  # body text stands between this and the next candidate
    run_break: bool = True  # a blank or a text line stands between this and the candidate before
    awaiting_title: bool = False
    hanging: bool = False  # the next line is indented to the title's column
    sure: str = ""  # a heading by its form: "markdown", "underline", "bold"
    md_level: int = 0  # '#' count of a Markdown heading, 7 for a bold lead, 0 otherwise
    weak: str = ""  # refused for its title's shape only: why
    letter: bool = False  # numbered by a bare letter ("A.  Obligations"): only in the profile
    restart: bool = False  # under a chapter/part word: its numbering may start again at 1
    drop: str = ""  # why it is no heading, decided before the fit
    toc_listed: bool = False  # the document's table of contents lists it
    key: Key = field(default=())
    end_line: int = 0  # last line of the heading (its underline, a wrapped title)
    run_on: bool = False  # the body runs on after the title on the heading's line
    first_title: str = ""  # the title on the heading's own line, where it wrapped

    def __post_init__(self) -> None:
        if not self.key:
            self.key = key_of(self.parsed)
        self.end_line = self.end_line or self.line

    @property
    def name(self) -> tuple[str, str]:
        return self.parsed.ident, " ".join(self.parsed.title.casefold().split())

    @property
    def keyword(self) -> bool:
        """Numbered by a word ("Section 4", "Artikel 5", "§ 3", "Appendix A"), not a bare number."""
        return not self.text[:1].isdigit()


def _mark(s: str, parsed: Parsed) -> str:
    """The mark after a bare number: "." ("4.2. Title") or "" ("4.2 Title"); "kw" for words."""
    if not s.startswith(parsed.ident):
        return "kw"
    return "." if s[len(parsed.ident):][:1] == "." else ""


def scan_text(lines: list[str], pages: list[Page], style: str, loose: bool,
              skip: frozenset[int] = frozenset()) -> list[Cand]:
    """Heading candidates of `lines` in order (`skip`: 0-based lines that hold no heading,
    such as a Markdown code block)."""
    cands: list[Cand] = []
    page_starts = [p.span.start for p in pages]
    page_counts = [0] * max(1, len(pages))
    page = 0
    offset = 0
    prev_blank = True
    since_break = True
    division = False  # a "Part II" / "Capítulo IV" line stands since the last candidate
    last: Cand | None = None
    wrap_width = 0  # length of the last line of `last`, to the right margin
    heads_by_form = underlined(lines) if style == "text" else set()
    underline_rows = {i + 1 for i in heads_by_form}
    for number, raw in enumerate(lines, 1):
        line_offset = offset
        offset += len(raw) + 1
        s = raw.strip()
        if number - 1 in underline_rows:
            if last is not None and last.line == number - 1:
                last.end_line = number
            continue  # the underline belongs to its heading
        if not s:
            prev_blank = since_break = True
            if last is not None and last.end_line == number - 1:
                last.blank_after = True
                if last.first_title and last.parsed.title.endswith((".", ",", ";")):
                    _unwrap(last)  # a numbered paragraph ends there, not a wrapped title
            continue
        lead_len = len(raw) - len(raw.lstrip())
        ff = raw.rfind("\f", 0, lead_len) + 1  # content starts after a leading form feed
        start = line_offset + ff
        while page + 1 < len(page_starts) and start >= page_starts[page + 1]:
            page += 1
        page_counts[page] += 1
        indent = lead_len - ff
        page_top = ff > 0
        cand: Cand | None = None
        if number - 1 not in skip and (len(s) <= MAX_LINE or s[:1].isupper()) \
                and indent <= MAX_INDENT and (
                s[0].isalnum() or s[0] == "§" or (s[0] == "#" and style == "text")):
            cand = _candidate(s, raw, number, start, indent, lead_len, loose, style,
                              sure=number - 1 in heads_by_form)
        follows = last is not None and last.end_line == number - 1
        if cand is not None:
            # A heading right under another ("3.15. /run" then "3.15.1. Purpose") counts as
            # preceded by a blank line; runs of three or more are TOCs (regions.mark_toc_runs).
            cand.blank_before = (prev_blank or page_top or number == 1
                                 or (follows and not last.drop))
            if cand.weak and not cand.blank_before:
                cand = None
        if follows and cand is None and not last.sure:
            if (not loose and indent == last.indent and not last.awaiting_title
                    and not last.run_on
                    and (wrap_width >= _WRAP_AT or last.parsed.title.endswith((",", ";", "-")))
                    and last.end_line - last.line < _WRAP_LINES
                    and len(last.parsed.title) + len(s) < 2 * MAX_TITLE):
                last.first_title = last.first_title or last.parsed.title
                last.parsed = last.parsed._replace(title=f"{last.parsed.title} {s}")
                last.end_line = number  # a long title wrapped at the same indent
                wrap_width = len(raw.rstrip())
                prev_blank = False
                continue
            if last.first_title:
                _unwrap(last)  # the text runs on: a numbered paragraph, its first line the title
            if indent > last.indent and lead_len >= last.title_col:
                last.hanging = True  # continued at the title's column: a list item's shape
        if cand is None and style != "markdown" and (loose or prev_blank or page_top or number == 1):
            division = division or is_division(s)
        if cand is None:
            if last is not None:
                if last.awaiting_title and number - last.line <= 3:
                    last.parsed = last.parsed._replace(title=s[:MAX_TITLE])
                last.awaiting_title = False
                if not is_noise(s):
                    last.text_after = True
            if not is_noise(s):
                since_break = True
        else:
            cand.page, cand.rank = page, page_counts[page]
            cand.run_break = since_break
            since_break = False
            cand.restart = cand.parsed.chapter or division
            division = False
            # "Artikel 17" / "Anhang" carry their title on the next line; a bare number does not.
            cand.awaiting_title = not cand.parsed.title and (
                cand.parsed.family == "art" or cand.parsed.reset)
            if last is not None:
                last.awaiting_title = False
            cands.append(cand)
            last = cand
            wrap_width = len(raw.rstrip())
        prev_blank = False
    for c in cands:
        c.rank = min(c.rank, page_counts[c.page] - c.rank + 1)  # distance from the nearer page edge
        if not c.sure and c.hanging and c.parsed.title and not c.keyword:
            c.parsed = c.parsed._replace(title=run_in_title(c.parsed.title))
    return cands


def _unwrap(c: Cand) -> None:
    c.parsed = c.parsed._replace(title=c.first_title)
    c.first_title = ""


def _candidate(s: str, raw: str, number: int, start: int, indent: int, lead_len: int,
               loose: bool, style: str, sure: bool) -> Cand | None:
    weak = ""
    if s[0] == "#":  # "## 4.2 Title" in plain text: a candidate like any other
        m = _ATX.match(s)
        if m is None:
            return None
        s = m["body"]
    parsed = parse_heading(s, sure=sure)
    letter = False
    if parsed is None and not loose and style == "text" and not sure:
        found = parse_weak(s)
        if found is not None:
            parsed, weak = found
        else:
            parsed = parse_letter(s)
            letter = parsed is not None
    if parsed is None:
        return None
    if loose and (len(s) > LOOSE_MAX_LINE or not parsed.numbered):
        return None  # a footnote or prose line; a wrapped title word such as "Annex"
    toc = not sure and toc_title(parsed.title, loose)
    if toc:  # kept as a dropped candidate: the TOC says which headings to expect
        parsed = parsed._replace(title=_PAGE_REF.sub("", parsed.title))
    gap = _RUN_ON.search(parsed.title) if not loose else None
    if gap is not None:  # "6.4.1. The contents of …          Inverse queries …": the body runs on
        parsed = parsed._replace(title=parsed.title[:gap.start()])
    title_col = lead_len + s.find(parsed.title) if parsed.title else lead_len
    return Cand(start, number, parsed, s, indent=indent, title_col=title_col,
                mark=_mark(s, parsed), sure="underline" if sure else "", weak=weak, letter=letter,
                run_on=gap is not None, drop="table of contents" if toc else "")
