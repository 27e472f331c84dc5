"""Per-page text of a PDF, with the font evidence of the lines that may be headings.

Fonts come from MuPDF's HTML rendering of the same text page: one `<p>` per text line, in the
order of the plain text, built in C. It is parsed only on pages that hold a heading
candidate or an outline target, and only for those lines, so the cost stays a small part of
the extraction itself.
"""
from __future__ import annotations

import html
import re
from collections import Counter
from dataclasses import dataclass, field

from ..model import LineFont

# A line that may open a numbered heading: a number, a section sign, "A.1", or a division
# word. Deliberately loose: the structure stage decides; this only bounds the work.
_CANDIDATE = re.compile(
    r"^[ \t]*(?:\d|§|[A-Z](?:[.)]|\s*$)|(?i:chapter|kapitel|cap[ií]tulo|anhang|anlage|anexo|"
    r"ap[eé]ndice|appendix|annex|art|section|secci[oó]n|se[cç][aã]o|teil|part))", re.M)
_P = re.compile(r'<p style="top:([\d.]+)pt;left:([\d.]+)pt;[^"]*">(.*?)</p>\n', re.S)
_SPAN = re.compile(r'(<b>)?(?:<[a-z]+>)*<span style="[^"]*?font-size:([\d.]+)pt[^"]*">([^<]*)</span>')
_NEIGHBOURS = 2  # lines after a candidate whose font is fetched too ("1.1.2" / its title)
_TARGET_BAND = (-30.0, 90.0)  # points around an outline target that may hold the heading


@dataclass
class PageLines:
    """What one page gives the structure stage."""

    text: str
    fonts: dict[int, LineFont] = field(default_factory=dict)  # 0-based line on the page
    sizes: Counter = field(default_factory=Counter)  # font size → characters (sampled pages)


def _line_font(p_match: re.Match) -> LineFont | None:
    top, left, inner = p_match.groups()
    for bold, size, text in _SPAN.findall(inner):
        if html.unescape(text).strip():
            return LineFont(float(size), bool(bold), float(left), float(top))
    return None


def page_lines(textpage, targets: list[float | None], sample_sizes: bool) -> PageLines:
    """The page's text and, where it may hold a heading, the fonts of those lines."""
    text = textpage.extractText()
    wanted: set[int] = set()
    line, pos = 0, 0
    for m in _CANDIDATE.finditer(text):
        line += text.count("\n", pos, m.start())
        pos = m.start()
        wanted.update(range(line, line + 1 + _NEIGHBOURS))
    if not wanted and not targets and not sample_sizes:
        return PageLines(text)
    markup = textpage.extractHTML()
    result = PageLines(text)
    bands = [(0.0, 1e9) if y is None else (y + _TARGET_BAND[0], y + _TARGET_BAND[1])
             for y in targets]
    for index, p in enumerate(_P.finditer(markup)):
        if index in wanted or (bands and any(lo <= float(p.group(1)) <= hi for lo, hi in bands)):
            font = _line_font(p)
            if font is not None:
                result.fonts[index] = font
    if sample_sizes:
        for _bold, size, chunk in _SPAN.findall(markup):
            result.sizes[float(size)] += len(chunk.strip())
    return result
