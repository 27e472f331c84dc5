"""Per-page text of a PDF, with the font evidence of the lines that may be headings.

Fonts come from MuPDF's HTML rendering of the same text page: one `<p>` per text line, in the
order of the plain text, built in C. It is rendered only on pages that hold a heading
candidate, and parsed only for those lines (and the two after each, where a number printed
on its own row is followed by its title), so the cost stays a small part of the extraction.
"""
from __future__ import annotations

import html
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field

from ..model import LineFont

# A short line that may open a numbered heading: a number followed by the end of the line,
# by a title (glued or not: "2.1Erste", "9.1 abstract"; after a bare integer, one that does
# not start in lower case); a capital letter alone (an appendix's number over its title); a
# section sign; a division word with its number. Deliberately loose: the structure stage
# decides; this only bounds the work.
_CANDIDATE = re.compile(
    r"^[ \t]{0,12}(?:"
    r"\d{1,3}(?:\.\d{1,3})+[.):]?(?:[ \t]*$|[ \t]+\S|[^\W\d_])"
    r"|\d{1,3}[.):]?(?:[ \t]*$|[ \t]+[^\W\d_a-z]|[ \t]+[^\w\s]|[^\W\d_a-z])"
    r"|[A-Z](?:\.\d{1,3})+[.)]?[ \t]+\S|[A-Z][.)]?[ \t]+[^\W\d_a-z]|[A-Z][ \t]*$"
    r"|§"
    r"|(?i:chapter|kapitel|cap[ií]tulo|anhang|anlage|anexo|ap[eéê]ndice|appendix|annex|"
    r"section|secci[oó]n|se[cç][aã]o|part|teil|parte|art[ií]culo|artikel|artigo|article|art\.)"
    r"[ \t]+[\dIVXLCA-Z])"
    r"[^\n]{0,150}$", re.M)
_P_START = "\n<p "
_TOP_LEFT = re.compile(r'style="top:([\d.]+)pt;left:([\d.]+)pt;')
_SPAN = re.compile(r'(<b>)?(?:<[a-z]+>)*<span style="[^"]*?font-size:([\d.]+)pt[^"]*">([^<]*)</span>')
_NEIGHBOURS = 2  # lines after a candidate whose font is fetched too ("1.1.2" / its title)


@dataclass
class PageLines:
    """What one page gives the structure stage."""

    text: str
    fonts: dict[int, LineFont] = field(default_factory=dict)  # 0-based line on the page
    sizes: Counter = field(default_factory=Counter)  # font size → characters (sampled pages)


def _line_font(chunk: str) -> LineFont | None:
    """The font of one `<p …>…</p>` line: its first span with visible text."""
    where = _TOP_LEFT.search(chunk)
    if where is None:
        return None
    for bold, size, text in _SPAN.findall(chunk):
        if html.unescape(text).strip():
            return LineFont(float(size), bool(bold), float(where.group(2)), float(where.group(1)))
    return None


# TeX's old (OT1) fonts set an accent as a character of its own before its letter, an i's over
# a dotless i: MuPDF reads "secci´on", "Art´ıculo", "L¨oschung", "Espa˜na". The accent and
# its letter are read as the one letter a reader sees, where Unicode has it as one character
# (so "´o" → "ó", but "`k" in a code sample stays). The grave accent is the ASCII backtick as
# well, and is left alone.
_SPACING_ACCENT = re.compile("[\u00b4\u00a8\u02c6\u02dc\u02c7\u02d8\u02d9\u02da\u02dd\u00b8]"
                             "[A-Za-z\u0131]")
_COMBINING = {"\u00b4": "\u0301", "\u00a8": "\u0308", "\u02c6": "\u0302", "\u02dc": "\u0303",
              "\u02c7": "\u030c", "\u02d8": "\u0306", "\u02d9": "\u0307", "\u02da": "\u030a",
              "\u02dd": "\u030b", "\u00b8": "\u0327"}


def _accented(m: re.Match) -> str:
    accent, letter = m.group(0)
    letter = "i" if letter == "\u0131" else letter
    joined = unicodedata.normalize("NFC", letter + _COMBINING[accent])
    return joined if len(joined) == 1 else m.group(0)


def with_tex_accents(text: str) -> str:
    """`text` with each spacing accent before its letter joined to it (see _SPACING_ACCENT)."""
    return _SPACING_ACCENT.sub(_accented, text) if _SPACING_ACCENT.search(text) else text


def page_lines(textpage, *, fonts: bool = True, sample_sizes: bool = False) -> PageLines:
    """The page's text and, where it may hold a heading, the fonts of those lines."""
    text = with_tex_accents(textpage.extractText())
    wanted: set[int] = set()
    line, pos = 0, 0
    for m in _CANDIDATE.finditer(text) if fonts else ():
        line += text.count("\n", pos, m.start())
        pos = m.start()
        wanted.update(range(line, line + 1 + _NEIGHBOURS))
    result = PageLines(text)
    if not wanted and not sample_sizes:
        return result
    markup = textpage.extractHTML()
    chunks = markup.split(_P_START)[1:]  # one per text line, in the order of the text
    for index in sorted(wanted):
        if index < len(chunks):
            font = _line_font(chunks[index])
            if font is not None:
                result.fonts[index] = font
    if sample_sizes:
        for _bold, size, chunk in _SPAN.findall(markup):
            result.sizes[float(size)] += len(chunk.strip())
    return result
