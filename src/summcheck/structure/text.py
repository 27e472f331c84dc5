"""Numbered-heading detection shared by text, Markdown and PDF sources.

Candidates are numbered lines of the right shape; `_select` keeps those whose numbering fits
the document's sequence (the next number, or forward with a heading's line shape).

Numbering restarts. A document may number again from 1 (a preface "1."–"5." and then
"Capítulo 1.", "1.1.", "1.1.1."; appendices; parts). The sequence may return to 1 (a
top-level "1" or "0") only with evidence of a new division:
  - a chapter word heads the line itself: "Chapter 1", "Capítulo 1.", "Kapitel 1";
  - a division line stands since the last candidate: "Part II", "Teil 2", "Parte I",
    "Book 3", "CAPÍTULO IV" (a word, a number or roman numeral, a capitalised title or none);
  - an appendix heading comes right before it ("Appendix A", "Anexo", "Apêndice" …);
  - or the new sequence starts cleanly: "1" is followed by its first subsection "1.1", and
    the candidate after that continues "1.1" (say "1.1.1" or "1.2").
A bare list restarting at "1." after section 5 has none of these and stays a list. A restart
that repeats the number and title of a heading already kept (a running header, a TOC echo)
is refused, and so is any heading that merely repeats the number and title of the one just
kept. Both places of a restarted number are sections: the identifier is ambiguous (SUM105).

Lower-case titles. A numbered line whose title starts in lower case ("3.4. popcon") is
usually a sentence or a list item; it is kept only as a weak candidate in plain text with
blank lines, and only where the rest of the evidence vouches for it: a blank line on either
side, a short title (a name, not a sentence: at most 5 words and 40 characters, no closing
punctuation), the exact next number right after the heading kept before it (no refused
numbered line between), set like that heading (same indent and mark after the number), and
the next heading follows on from it. Weak candidates never count as look-ahead for others.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Literal, NamedTuple, Sequence

from ..model import Page, Section, SourceDocument, Span, Structure
from .numbering import Key, ident_key, is_start, successors

Style = Literal["text", "markdown", "pdf"]

_MAX_LINE = 200  # a heading line is short; longer lines are never looked at
_MAX_TITLE = 150
_MAX_INDENT = 12  # further right is centred text or a deep list, not a section heading
_LOOSE_MAX_LINE = 80  # without blank lines, a long numbered line is a footnote or prose
_WEAK_TITLE, _WEAK_WORDS = 40, 5  # a lower-case title ("3.4. popcon") is a name, not a sentence
_NUM = r"\d{1,3}(?:\.\d{1,3})*"
_LETTER_NUM = r"[A-Z](?:\.\d{1,3})+"  # "A.3": a bare letter ("A.") is an algorithm step, not a heading
_SEP = r"(?:[ \t]*[:–—-][ \t]*|[ \t]+)"  # between "Article 5" and its title
_NUMBERED = re.compile(rf"(?P<num>{_NUM}|{_LETTER_NUM})(?P<dot>\.?)(?:[ \t]+(?P<title>\S.*))?\Z")
_SECTION = re.compile(
    r"(?P<kw>(?i:section|sec\.|clause|chapter|secci[oó]n|se[cç]?[cç][aã]o|cap[ií]tulo|cl[aá]usula|"
    rf"abschnitt|kapitel))[ \t]+(?P<num>{_NUM}|{_LETTER_NUM})\.?(?:{_SEP}(?P<title>\S.*))?\Z")
# Words of a division above the numbered sections: the numbering may start again under them.
_CHAPTER_WORD = re.compile(r"(?i:chapter|cap[ií]tulo|kapitel)\Z")
_DIVISION = re.compile(
    r"(?i:part|teil|parte|book|buch|libro|livro|chapter|cap[ií]tulo|kapitel)[ \t]+"
    rf"(?:\d{{1,3}}|[IVXLC]{{1,7}}|[A-Z])\.?(?:{_SEP}(?P<title>\S.*))?\Z")
_ARTICLE = re.compile(
    r"(?i:article|artikel|art[ií]culo|artigo|art\.)[ \t]*(?P<num>\d{1,3}[a-z]?)"
    rf"(?:\.?[º°ᵒ]|\.)?(?:{_SEP}(?P<title>\S.*))?\Z")
_PARAGRAPH = re.compile(r"§[ \t]*(?P<num>\d{1,3}[a-z]?(?:\.\d{1,3})*)\.?(?:[ \t]+(?P<title>\S.*))?\Z")
_APPENDIX = re.compile(
    r"(?P<kw>(?i:appendix|annex|anhang|anlage|anexo|ap[eé]ndice))"
    rf"(?:[ \t]+(?P<num>[A-Z](?:\.\d{{1,3}})*|\d{{1,3}}|[IVX]{{1,5}}))?\.?(?:{_SEP}(?P<title>\S.*))?\Z")
# Words that continue a cross-reference ("Artikel 16 Absatz 2 …"), not a title.
_REFERENCE_WORDS = frozenset(
    "absatz abs. abs satz buchstabe unterabsatz nummer nr. paragraph para. apartado número "
    "numero inciso alínea alinea letra".split())
_BAD_TITLE_START = set("+-*=<>%)]}|,.;:_")


class Parsed(NamedTuple):
    """A heading line as parsed: ident, level, title and how it numbers."""

    ident: str
    level: int
    title: str
    family: str  # "num": 4.2, Section 4.2, Appendix A; "art": Article 17, § 4
    reset: bool  # appendix: numbering may restart after it
    numbered: bool = True  # False: a bare "Anhang"/"Appendix" line (its ident is the word)
    chapter: bool = False  # a chapter word heads it ("Capítulo 1."): numbering may start again


def _key(parsed: Parsed) -> Key:
    return ident_key(parsed.ident) if parsed.numbered else ((3, 0),)


def _title_ok(title: str, bare: bool, lenient: bool = False) -> bool:
    if lenient:
        return True  # an outline entry is a heading by construction
    if not title:
        return not bare  # "Article 17" may carry its title on the next line; "7." alone is no heading
    first = title[0]
    if first.islower() or first in _BAD_TITLE_START or title.endswith((",", ";")):
        return False  # a sentence or a formula that merely begins with a number
    if bare and (first.isdigit() or title.endswith(":")):
        return False  # table rows, "2.  While the input is not empty, loop as follows:"
    return True


def parse_heading(line: str, *, lenient: bool = False) -> Parsed | None:
    """Parse one stripped line as a numbered heading, or return None (lenient: skip title checks)."""
    if not line or len(line) > _MAX_LINE:
        return None
    first = line[0]
    if first == "§":
        m = _PARAGRAPH.match(line)
        if m and _title_ok(m["title"] or "", False, lenient):
            return Parsed(m["num"], m["num"].count(".") + 1, (m["title"] or "").strip(), "art", False)
        return None
    if first.isdigit() or (first.isupper() and line[1:2] == "."):
        m = _NUMBERED.match(line)
        if m:
            title = (m["title"] or "").strip()
            if len(title) <= _MAX_TITLE and _title_ok(title, True, lenient):
                return Parsed(m["num"], m["num"].count(".") + 1, title, "num", False)
        return None
    if not first.isalpha():
        return None
    for pattern, family in ((_ARTICLE, "art"), (_SECTION, "num"), (_APPENDIX, "num")):
        m = pattern.match(line)
        if not m:
            continue
        title = (m["title"] or "").strip()
        if not _title_ok(title, False, lenient) or len(title) > _MAX_TITLE:
            return None
        if family == "art":
            if not lenient and title.split(" ", 1)[0].lower() in _REFERENCE_WORDS:
                return None
            return Parsed(m["num"], 1, title, "art", False)
        if pattern is _APPENDIX:
            if not m["num"]:  # "Anhang" alone is still a heading, named by its word
                return Parsed(m["kw"], 1, title, "num", True, numbered=False)
            return Parsed(m["num"], m["num"].count(".") + 1, title, "num", True)
        return Parsed(m["num"], m["num"].count(".") + 1, title, "num", False,
                      chapter=bool(_CHAPTER_WORD.match(m["kw"])))
    return None


def _parse_lowercase(line: str) -> Parsed | None:
    """A numbered line refused only for its lower-case title ("3.4. popcon"): a weak candidate."""
    m = _NUMBERED.match(line) if line[:1].isdigit() else None
    title = (m["title"] or "").strip() if m else ""
    if (not title or not title[0].islower() or len(title) > _WEAK_TITLE
            or len(title.split()) > _WEAK_WORDS or title[-1] in ".,;:!?"):
        return None
    if parse_heading(f"{m['num']}{m['dot']} {title[0].upper()}{title[1:]}") is None:
        return None
    return Parsed(m["num"], m["num"].count(".") + 1, title, "num", False)


@dataclass
class _Cand:
    start: int
    line: int
    parsed: Parsed
    key: Key
    text: str  # the stripped line, to spot running headers
    indent: int
    title_col: int
    blank_before: bool
    md_level: int = 0  # number of '#' of a Markdown ATX heading (0: none)
    page: int = 0
    rank: int = 0  # position among the non-blank lines of its page
    blank_after: bool = False
    text_after: bool = False  # body text stands between this and the next candidate
    awaiting_title: bool = False
    drop: bool = False
    strong: bool = False
    restart: bool = False  # under a chapter/part word: its numbering may start again at 1
    weak: bool = False  # a lower-case title: kept only where the numbering vouches for it

    @property
    def explicit(self) -> bool:
        return self.md_level > 0


def _is_noise(s: str) -> bool:
    """A page number or a leader line: it does not separate TOC entries."""
    return len(s) <= 6 and (s.isdigit() or s.strip(".") == "" or all(ch in "ivxlcdm" for ch in s))


def _toc_title(title: str, loose: bool = False) -> bool:
    """A title ending in a page number after a leader or a wide gap is a table-of-contents entry."""
    t = title.rstrip()
    j = len(t)
    while j and t[j - 1].isdigit():
        j -= 1
    if j == len(t):
        while j and t[j - 1] in "ivxlcdm":
            j -= 1
        if j == len(t) or j == 0 or not (t[j - 1].isspace() or t[j - 1] == "."):
            return t.endswith(("..", ". .", "…"))
    if j == 0:
        return False
    pre = t[:j]
    core = pre.rstrip()
    if core.endswith(("..", ". .", "…", "·")):
        return True
    # PDF text collapses gaps to one space: there a trailing number is taken for a page number.
    return len(pre) - len(core) >= 2 or "\t" in pre[len(core):] or (loose and pre != core)


def _atx(s: str) -> tuple[int, str] | None:
    """Markdown ATX heading: (level, inner text) or None."""
    level = len(s) - len(s.lstrip("#"))
    if not 1 <= level <= 6 or (len(s) > level and s[level] not in " \t"):
        return None
    inner = s[level:].strip()
    stripped = inner.rstrip("#")
    if stripped != inner and (not stripped or stripped[-1] in " \t"):
        inner = stripped.strip()  # closing sequence "## 4.2 Title ##"
    return level, inner


def _scan(lines: list[str], pages: list[Page], style: Style,
          loose: bool) -> tuple[list[_Cand], list[_Cand], list[tuple[int, int]]]:
    """One pass over the lines: heading candidates, weak (lower-case) candidates standing
    between blank lines, and unnumbered Markdown boundaries."""
    cands: list[_Cand] = []
    weaks: list[_Cand] = []
    boundaries: list[tuple[int, int]] = []  # (offset, ATX level) of unnumbered Markdown headings
    page_starts = [p.span.start for p in pages]
    page_counts = [0] * max(1, len(pages))
    page = 0
    offset = 0
    prev_blank = True
    run_min = 4 if loose else 3  # headings stand closer together in PDF text
    in_fence = False
    last: _Cand | None = None  # latest candidate, for look-ahead features
    run: list[_Cand] = []  # adjacent candidates (only noise lines between): a TOC when 3 or more
    division = False  # a "Part II" / "Capítulo IV" line stands since the last candidate
    weak: _Cand | None = None  # latest lower-case candidate, until its next line is seen
    for number, raw in enumerate(lines, 1):
        line_offset = offset
        offset += len(raw) + 1
        s = raw.strip()
        if weak is not None:  # weak candidates live outside `cands`: they change nothing here
            if not s:
                weak.blank_after = True
                weaks.append(weak)
            weak = None
        if not s:
            prev_blank = True
            if last is not None and last.line == number - 1:
                last.blank_after = True
            if len(run) >= run_min:
                for c in run:
                    c.drop = True
            run = []
            continue
        lead_len = len(raw) - len(raw.lstrip())
        ff = raw.rfind("\f", 0, lead_len) + 1  # content starts after a leading form feed
        start = line_offset + ff
        while page + 1 < len(page_starts) and start >= page_starts[page + 1]:
            page += 1
        page_counts[page] += 1
        rank = page_counts[page]
        indent = lead_len - ff
        page_top = ff > 0
        cand: _Cand | None = None
        if style == "markdown" and s.startswith(("```", "~~~")):
            in_fence = not in_fence
        elif (not in_fence and len(s) <= _MAX_LINE and indent <= _MAX_INDENT
              and (s[0].isalnum() or s[0] in "#§")):
            head = _atx(s) if s[0] == "#" and indent <= 3 and style != "pdf" else None
            if head is not None and style == "markdown":
                parsed = parse_heading(head[1])
                if parsed is None:
                    boundaries.append((start, head[0]))
                else:
                    cand = _Cand(start, number, parsed, _key(parsed), s, indent, indent,
                                 True, md_level=head[0])
            elif s[0] != "#" or head is not None:
                # In plain text "## 4.2 Title" is a candidate like any other; in Markdown an
                # indented line is code.
                body = s if head is None else head[1]
                parsed = None if style == "markdown" and indent >= 4 else parse_heading(body)
                if loose and parsed is not None and (len(s) > _LOOSE_MAX_LINE or not parsed.numbered):
                    parsed = None  # a footnote or prose line; a wrapped title word such as "Annex"
                if parsed is not None and not _toc_title(parsed.title, loose):
                    title_col = lead_len + s.find(parsed.title) if parsed.title else lead_len
                    # A heading right under another ("3.15. /run" then "3.15.1. Purpose") counts
                    # as preceded by a blank line; runs of three or more are TOCs (see `run`).
                    after_head = last is not None and last.line == number - 1 and not last.drop
                    cand = _Cand(start, number, parsed, _key(parsed), s, indent,
                                 title_col, prev_blank or page_top or number == 1 or after_head)
        if last is not None and last.line == number - 1 and cand is None:
            # A next line indented to the title's column continues a list item, not a heading.
            if not last.explicit and indent > last.indent and lead_len >= last.title_col:
                last.drop = True
        if cand is None and style != "markdown" and (loose or prev_blank or page_top or number == 1):
            division = division or _is_division(s)
            low = None if loose or indent > _MAX_INDENT else _parse_lowercase(s)
            if low is not None and not _toc_title(low.title):
                weak = _Cand(start, number, low, _key(low), s, indent, indent, True,
                             page=page, rank=rank, weak=True)
        if cand is None:
            if last is not None:
                if last.awaiting_title and number - last.line <= 3:
                    last.parsed = last.parsed._replace(title=s[:_MAX_TITLE])
                last.awaiting_title = False
                if not _is_noise(s):
                    last.text_after = True
            if not _is_noise(s):
                if len(run) >= run_min:
                    for c in run:
                        c.drop = True
                run = []
        else:
            cand.page, cand.rank = page, rank
            cand.restart = cand.parsed.chapter or division
            division = False
            # "Artikel 17" / "Anhang" carry their title on the next line; a bare number does not.
            cand.awaiting_title = not cand.parsed.title and (
                cand.parsed.family == "art" or cand.parsed.reset)
            cands.append(cand)
            if last is not None:
                last.awaiting_title = False
            if not cand.explicit:
                run.append(cand)
            last = cand
        prev_blank = False
    if len(run) >= run_min:
        for c in run:
            c.drop = True
    for c in cands:
        c.rank = min(c.rank, page_counts[c.page] - c.rank + 1)  # distance from the nearer page edge
    return cands, weaks, boundaries


def _is_division(s: str) -> bool:
    """A "Part II" / "Teil 2 Grundlagen" / "CAPÍTULO IV" line: a division above the sections."""
    m = _DIVISION.match(s) if len(s) <= _LOOSE_MAX_LINE else None
    title = (m["title"] or "").strip() if m else ""
    return m is not None and _title_ok(title, False) and not _toc_title(title)


def _mark_toc_duplicates(cands: list[_Cand]) -> None:
    """An entry with no text after it whose ident and title recur later is a TOC line."""
    seen: set[tuple[str, str]] = set()
    for c in reversed(cands):
        key = (c.parsed.ident, " ".join(c.parsed.title.casefold().split()))
        if not c.text_after and not c.explicit and key in seen:
            c.drop = True
        seen.add(key)


def _mark_running_headers(cands: list[_Cand], n_pages: int) -> None:
    """A heading-like line that recurs three times or more is a running header at a page edge."""
    if n_pages < 3:
        return
    counts = Counter(c.text for c in cands if not c.explicit)
    for c in cands:
        if not c.explicit and counts[c.text] >= 3 and c.rank <= 2:
            c.drop = True


class _Sequence:
    """The numbering seen so far in one family: decides whether a candidate continues it."""

    def __init__(self) -> None:
        self.last: _Cand | None = None
        self.appendix: _Cand | None = None

    def natural(self, c: _Cand, after: _Cand | None = None) -> bool:
        """c is the next number after `after` (default: the last accepted heading)."""
        prev = self.last if after is None else after
        if c.parsed.reset:  # Appendix A first, then B after A
            return self.appendix is None and is_start(c.key) or (
                self.appendix is not None and c.key in successors(self.appendix.key))
        if prev is None:
            return is_start(c.key)
        if c.key in successors(prev.key):
            return True
        return prev.parsed.reset and is_start(c.key)  # numbering restarts inside an appendix

    def forward(self, c: _Cand) -> bool:
        return self.last is None or c.key >= self.last.key or c.parsed.reset

    def accept(self, c: _Cand) -> None:
        self.last = c
        if c.parsed.reset:
            self.appendix = c


def _restart_key(key: Key) -> bool:
    return len(key) == 1 and key[0] in ((0, 0, ""), (0, 1, ""))


def _shape(c: _Cand) -> tuple[int, str]:
    """Indent and the mark after the number ("3.4." → "."): how a document sets its headings."""
    rest = c.text[len(c.parsed.ident):] if c.text.startswith(c.parsed.ident) else "?"
    return c.indent, rest[:1]


def _name(c: _Cand) -> tuple[str, str]:
    return c.parsed.ident, " ".join(c.parsed.title.casefold().split())


def _select(cands: list[_Cand]) -> list[_Cand]:
    """Keep the candidates whose numbering fits the document's sequence."""
    seq = _Sequence()
    kept: list[_Cand] = []
    seen: set[tuple[str, str]] = set()  # (ident, title) of kept headings
    # Weak candidates never serve as look-ahead: without them the choice is what it was.
    after: list[int] = [len(cands)] * (len(cands) + 1)  # index of the next firm candidate
    for i in range(len(cands) - 1, -1, -1):
        after[i] = i + 1 if i + 1 < len(cands) and not cands[i + 1].weak else after[i + 1]
    for i, c in enumerate(cands):
        j = after[i]
        nxt = cands[j] if j < len(cands) else None
        nxt2 = cands[after[j]] if nxt is not None and after[j] < len(cands) else None
        title = _name(c)
        if c.weak:
            # "3.3." … "3.4. popcon" … "3.5.": the exact next number, right after the heading
            # before it (no refused numbered line between) and set like it, and the next
            # heading follows on from it.
            if (seq.last is not None and i and cands[i - 1] is seq.last and seq.natural(c)
                    and _shape(c) == _shape(seq.last)
                    and nxt is not None and nxt.key != c.key and seq.natural(nxt, after=c)):
                kept.append(c)
                seq.accept(c)
                seen.add(title)
            continue
        if c.explicit:
            kept.append(c)
            seq.accept(c)
            seen.add(title)
            continue
        if seq.last is not None and c.key == seq.last.key and title == _name(seq.last):
            continue  # the heading just accepted, again: a running header, not a new section
        if (not c.strong and nxt is not None and nxt.key != c.key and not nxt.explicit
                and seq.natural(nxt) and not seq.natural(nxt, after=c)):
            continue  # an interloper: the next candidate continues the numbering without it
        if (seq.natural(c)
                or (c.strong and seq.forward(c))
                or (nxt is not None and seq.forward(c) and c.key != getattr(seq.last, "key", None)
                    and seq.natural(nxt, after=c))
                or _restarts(c, nxt, nxt2, seq, seen)):
            kept.append(c)
            seq.accept(c)
            seen.add(title)
    return kept


def _restarts(c: _Cand, nxt: _Cand | None, nxt2: _Cand | None, seq: _Sequence,
              seen: set[tuple[str, str]]) -> bool:
    """c starts the numbering again at 1 (see the module notes): under a chapter or part word,
    or as a clean new sequence "1." → "1.1." → the next number after "1.1."."""
    if seq.last is None or not _restart_key(c.key) or c.parsed.reset or not c.parsed.title:
        return False
    if _name(c) in seen:
        return False  # the same number and title again: a running header or a TOC echo
    if c.restart:
        return True
    return (nxt is not None and nxt2 is not None and nxt.key == c.key + ((0, 1, ""),)
            and seq.natural(nxt2, after=nxt))


class Head(NamedTuple):
    """An accepted heading: where it starts, its 1-based line and what it numbers."""

    start: int
    line: int
    parsed: Parsed
    md_level: int = 0  # '#' count of a Markdown ATX heading, 0 otherwise


def build_sections(heads: list[Head], text_len: int,
                   boundaries: Sequence[tuple[int, int]] = ()) -> list[Section]:
    """Spans: each heading runs to the next heading of the same or a higher level."""
    ends: dict[int, int] = {}
    stack: list[int] = []
    events = sorted([(h.start, 1, i) for i, h in enumerate(heads)]
                    + [(pos, 0, -level) for pos, level in boundaries])
    for pos, kind, value in events:
        if kind == 0:  # an unnumbered Markdown heading closes the ATX headings at its depth or below
            keep = []
            for i in stack:
                if heads[i].md_level >= -value:
                    ends[i] = pos
                else:
                    keep.append(i)
            stack = keep
            continue
        level = heads[value].parsed.level
        while stack and heads[stack[-1]].parsed.level >= level:
            ends[stack.pop()] = pos
        stack.append(value)
    return [Section(h.parsed.ident, h.parsed.title, Span(h.start, ends.get(i, text_len)), h.line,
                    h.parsed.level) for i, h in enumerate(heads)]


def detect_sections(text: str, pages: list[Page], *, style: Style = "text") -> list[Section]:
    """Find numbered headings in `text` and return them as Sections in document order."""
    lines = text.split("\n")
    # Without blank lines (PDF text, some converters) headings are judged by numbering alone.
    body = text.rstrip().count("\n") + 1 if text.strip() else 0  # trailing blank lines aside
    loose = style == "pdf" or sum(1 for line in lines[:body] if not line.strip()) < 0.02 * body
    cands, weaks, boundaries = _scan(lines, pages, style, loose)
    _mark_toc_duplicates(cands)
    _mark_running_headers(cands, len(pages))
    cands = [c for c in cands if c.explicit or (not c.drop and (loose or c.blank_before))]
    if style == "markdown" and any(c.explicit for c in cands):
        # Where Markdown numbers its headings, other numbered lines are list items.
        cands = [c for c in cands if c.explicit]
    if not loose:
        for family in ("num", "art"):
            indents = Counter(c.indent for c in cands if c.parsed.family == family and not c.explicit)
            if not indents:
                continue
            top = max(indents.values())
            usual = min(i for i, n in indents.items() if n == top)
            for c in cands:
                if c.parsed.family == family:
                    c.strong = c.indent <= usual + 1 and (c.blank_after or len(c.text) <= 50)
    articles = _select([c for c in cands if c.parsed.family == "art"])
    numbered = [c for c in cands if c.parsed.family == "num"]
    if weaks:  # plain text only (see _scan)
        numbered = sorted(numbered + weaks, key=lambda c: c.start)
    if len(articles) >= 2:
        # A text structured by articles numbers its paragraphs and definitions "1.", "2." and
        # its sections "Abschnitt 1": those are no sections of their own.
        numbered = [c for c in numbered if c.explicit or c.parsed.reset or c.parsed.level >= 2]
    kept = sorted(articles + _select(numbered), key=lambda c: c.start)
    heads = [Head(c.start, c.line, c.parsed, c.md_level) for c in kept]
    return build_sections(heads, len(text), boundaries)


def text_structure(doc: SourceDocument) -> Structure:
    """Sections from the numbered lines of a text (or Markdown) source."""
    style: Style = "markdown" if doc.kind == "markdown" else "text"
    return Structure(detect_sections(doc.text, doc.pages, style=style), [], "text")
