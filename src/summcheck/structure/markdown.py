"""Markdown structure: headings as a CommonMark parser (markdown-it-py) reads them.

- ATX and setext headings whose text (inline HTML such as `<a name="…"></a>` removed) is
  numbered are sections; unnumbered headings close the sections at their depth or below.
- A document that writes its headings `#####Artículo 1` (no space after the hashes, not a
  heading in CommonMark) throughout — three such lines or more, each opening a paragraph —
  has them read as headings.
- A paragraph that opens with a bold article mark (`**Art. 5º** A lei …`, `**§ 3**`) is an
  article heading: laws converted to Markdown set their articles so.
- Lists, code, block quotes and HTML blocks hold no headings. Where no heading or bold lead is
  numbered, the numbered lines of the text are judged as in plain text (text.py).
- YAML front matter is no text.
Then the rules of laws.py and the fit of fit.py apply as for any text.
"""
from __future__ import annotations

import re
from bisect import bisect_right

from markdown_it import MarkdownIt
from markdown_it.token import Token

from ..model import HeadingDecision, Page, SourceDocument, Structure
from .candidates import Cand, scan_text
from .headings import grouping_word, parse_heading
from .numbering import NUMBER
from .text import detect_structure, is_loose

_LENIENT = re.compile(r"(#{1,6})(?=[\w§])")
_MIN_LENIENT = 3  # lines of the `#####Title` form that make it the document's heading form
_BOLD_LEVEL = 7  # a bold lead sits below every heading: any heading closes its span
_CONTAINERS = {f"{kind}_{side}" for kind in ("bullet_list", "ordered_list", "blockquote")
               for side in ("open", "close")}


def _front_matter(lines: list[str]) -> int:
    """Number of lines of a YAML front matter block at the start (0: none)."""
    if not lines or lines[0].strip() != "---":
        return 0
    for j in range(1, min(len(lines), 400)):
        if lines[j].strip() in ("---", "..."):
            return j + 1
    return 0


_BLOCKS = MarkdownIt("commonmark").disable("inline")  # inline text is parsed only where read
_INLINE = MarkdownIt("commonmark")


def _parse(lines: list[str]) -> list[Token]:
    return _BLOCKS.parse("\n".join(lines))


def _children(tok: Token) -> list[Token]:
    found = _INLINE.parseInline(tok.content)
    return (found[0].children or []) if found else []


def _lenient_lines(tokens: list[Token], lines: list[str]) -> list[int]:
    """0-based lines that open a paragraph with `#…#Title` (no space after the hashes)."""
    out = []
    nested = 0
    for tok in tokens:
        if tok.type in _CONTAINERS:
            nested += tok.nesting
        if tok.type == "paragraph_open" and tok.map and not nested:
            line = lines[tok.map[0]]
            if line.startswith("#") and _LENIENT.match(line):
                out.append(tok.map[0])
    return out


_NUMBERED_TITLE = re.compile(rf"(?P<num>{NUMBER})(?P<dot>[.)])[ \t]+\S")
_UNDERLINE = re.compile(r" {0,3}(?:-{3,}|={3,})[ \t]*\Z")


def _escape_numbered_setext(lines: list[str]) -> None:
    """`1. Introduction` over `---`: a setext heading whose text starts with a number and a
    dot, which CommonMark reads as a list item and a rule. The mark after the number is escaped
    (`1\\. Introduction`) where the line stands alone (after a blank line or at the start) and
    the underline follows at once, so the parser sees the heading its writer set."""
    for j in range(len(lines) - 1):
        m = _NUMBERED_TITLE.match(lines[j])
        if m and _UNDERLINE.match(lines[j + 1]) and (j == 0 or not lines[j - 1].strip()):
            lines[j] = f"{m['num']}\\{lines[j][m.end('num'):]}"


def _inline_text(tok: Token) -> str:
    """The text of an inline token: inline HTML dropped, code kept, breaks as spaces."""
    parts = []
    for child in _children(tok):
        if child.type in ("text", "code_inline"):
            parts.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            parts.append(" ")
        elif child.type == "image":
            parts.append(child.content)
    return " ".join("".join(parts).split())


def _bold_lead(tok: Token) -> str | None:
    """The bold text that opens an inline token ("**Art. 5º** A lei …" → "Art. 5º")."""
    if not tok.content.lstrip().startswith(("**", "__")):
        return None
    children = [c for c in _children(tok) if c.type != "text" or c.content.strip()]
    if not children or children[0].type != "strong_open":
        return None
    parts = []
    for child in children[1:]:
        if child.type == "strong_close":
            return " ".join("".join(parts).split())
        if child.type not in ("text", "code_inline", "softbreak"):
            return None
        parts.append(" " if child.type == "softbreak" else child.content)
    return None


class _Lines:
    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.starts = [0] * (len(lines) + 1)
        for i, line in enumerate(lines):
            self.starts[i + 1] = self.starts[i] + len(line) + 1

    def start(self, index: int) -> int:
        raw = self.lines[index]
        return self.starts[index] + len(raw) - len(raw.lstrip())

    def indent(self, index: int) -> int:
        raw = self.lines[index]
        return len(raw) - len(raw.lstrip())


def _page_of(page_starts: list[int], offset: int) -> int:
    """0-based index of the page holding `offset`."""
    return max(0, bisect_right(page_starts, offset) - 1)


def markdown_sections(text: str, pages: list[Page]) -> Structure:
    """Sections and decisions of a Markdown text."""
    lines = text.split("\n")
    where = _Lines(lines)
    page_starts = [p.span.start for p in pages]
    parsed_lines = list(lines)
    for j in range(_front_matter(lines)):
        parsed_lines[j] = ""
    _escape_numbered_setext(parsed_lines)
    tokens = _parse(parsed_lines)
    lenient = _lenient_lines(tokens, parsed_lines)
    if len(lenient) >= _MIN_LENIENT:
        for j in lenient:
            parsed_lines[j] = _LENIENT.sub(r"\1 ", parsed_lines[j], count=1)
        tokens = _parse(parsed_lines)
    cands: list[Cand] = []
    boundaries: list[tuple[int, int]] = []
    groupings: list[HeadingDecision] = []
    no_heading: set[int] = set()  # lines of code, HTML, quotes and headings: no text headings
    nested = 0  # inside lists and block quotes
    for i, tok in enumerate(tokens):
        if tok.type in _CONTAINERS:
            nested += tok.nesting
            if tok.type == "blockquote_open" and tok.map:
                no_heading.update(range(tok.map[0], tok.map[1]))
        if tok.map and tok.type in ("fence", "code_block", "html_block", "heading_open"):
            no_heading.update(range(tok.map[0], tok.map[1]))
        if nested or not tok.map:
            continue
        first = tok.map[0]
        if tok.type == "heading_open":
            title = _inline_text(tokens[i + 1])
            level = int(tok.tag[1])
            parsed = parse_heading(title, sure=True)
            start = where.start(first)
            if parsed is None:
                boundaries.append((start, level))
                if grouping_word(title):
                    groupings.append(HeadingDecision(first + 1, _page_of(page_starts, start) + 1,
                                                     lines[first].strip()[:100], "", False,
                                                     "grouping heading"))
                continue
            cands.append(Cand(start, first + 1, parsed, title, indent=where.indent(first),
                              sure="markdown", md_level=level, mark="kw",
                              end_line=tok.map[1], page=_page_of(page_starts, start)))
        elif tok.type == "paragraph_open":
            lead = _bold_lead(tokens[i + 1])
            parsed = parse_heading(lead) if lead else None
            if parsed is not None and parsed.family == "art":
                start = where.start(first)
                cands.append(Cand(start, first + 1, parsed, lead, indent=where.indent(first),
                                  sure="bold", md_level=_BOLD_LEVEL, mark="kw",
                                  page=_page_of(page_starts, start)))
    if not cands:
        # No numbered heading: the numbered lines of the text are judged as in plain text.
        skip = frozenset(no_heading | set(range(_front_matter(lines))))
        loose = is_loose(text, lines, "markdown")
        cands = scan_text(lines, pages, "markdown", loose, skip=skip)
        found = detect_structure(cands, text, pages, loose=loose, boundaries=boundaries)
    else:
        found = detect_structure(cands, text, pages, loose=False, boundaries=boundaries)
    decisions = sorted(found.decisions + groupings, key=lambda d: d.line)
    return Structure(found.sections, decisions, "markdown")


def markdown_structure(doc: SourceDocument) -> Structure:
    """Sections of a Markdown source."""
    return markdown_sections(doc.text, doc.pages)
