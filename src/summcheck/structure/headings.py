"""The line grammar of numbered headings: what one line says, before any context is weighed.

`parse_heading` reads a stripped line as a numbered heading ("4.2 Title", "Section 4.2",
"Artikel 17", "§ 4", "Appendix A") or refuses it. Refusals by the title's shape alone
(a lower-case name "8.1.3. aptitude", a title wrapped after a comma "3. You may copy … it,")
are read again by `parse_weak`: such lines are headings only where the document's numbering
vouches for them (see fit.py). `grouping_word` names the divisions of a law (Título,
Capítulo, Teil, Kapitel …), which are no sections where the law is structured by articles.
"""
from __future__ import annotations

import re
from typing import NamedTuple

from ..language import alternation, merged
from .numbering import LETTER_NUMBER, LETTERED, NUMBER, ROMAN

MAX_LINE = 200  # a heading line is short; longer lines are never looked at
MAX_TITLE = 150
WEAK_TITLE, WEAK_WORDS = 40, 5  # a lower-case title ("3.4. popcon") is a name, not a sentence
COLON_TITLE_WORDS = 6  # a title ending in a colon, with no comma and at most this many words

_NUM = NUMBER
_LETTER_NUM = LETTER_NUMBER
_SEP = r"(?:[ \t]*[:–—-][ \t]*|[ \t]+)"  # between "Article 5" and its title
NUMBERED = re.compile(rf"(?P<num>{_NUM}|{_LETTER_NUM})(?P<dot>\.?)(?:[ \t]+(?P<title>\S.*))?\Z")
# A heading the document's form already vouches for (underlined, a Markdown heading) may be
# numbered by a bare letter: "A. References"; and its number closed by a comma, as makeinfo
# writes Portuguese headings ("1.1, Obrigações" over "=====").
_SURE_NUMBERED = re.compile(rf"(?P<num>{_NUM}|{_LETTER_NUM}|[A-Z])(?P<dot>[.,]?)(?:[ \t]+(?P<title>\S.*))?\Z")
# The words come from the language files (`headings` in language/*.yaml).
_WORDS = merged()


def _word(key: str) -> str:
    """A case-insensitive alternation of the heading words at `headings.<key>`."""
    return f"(?i:{alternation(_WORDS.words('headings', key))})"


_SECTION = re.compile(
    rf"(?P<kw>{_word('section')})[ \t]+(?P<num>{_NUM}|{_LETTER_NUM})\.?(?:{_SEP}(?P<title>\S.*))?\Z")
# Words of a division above the numbered sections: the numbering may start again under them.
_CHAPTER_WORD = re.compile(rf"{_word('chapter')}\Z")
_DIVISION = re.compile(
    rf"{_word('division')}[ \t]+"
    rf"(?:\d{{1,3}}|[IVXLC]{{1,7}}|[A-Z])\.?(?:{_SEP}(?P<title>\S.*))?\Z")
# "Art. 29-A." (Brazil), "Artikel 12a", "Artículo 14", "Art. 5º".
# "Artículo 14 bis", "Art. 5 ter": a Latin suffix numbers an article inserted after another.
_LATIN = r"(?:[ \t]+(?:bis|ter|quater|quinquies|sexies|septies|octies)\b)?"
_ARTICLE = re.compile(
    rf"{_word('article')}[ \t]*(?P<num>\d{{1,3}}(?:-[A-Z]\b|[a-z]\b)?{_LATIN})"
    rf"(?:\.?[º°ᵒ]|\.)?(?:{_SEP}(?P<title>\S.*))?\Z")
_PARAGRAPH = re.compile(r"§[ \t]*(?P<num>\d{1,3}[a-z]?(?:\.\d{1,3})*)\.?[º°]?(?:[ \t]+(?P<title>\S.*))?\Z")
_APPENDIX = re.compile(
    rf"(?P<kw>{_word('appendix')})"
    rf"(?:[ \t]+(?P<num>{LETTERED}|\d{{1,3}}|{ROMAN}))?[.,]?(?:{_SEP}(?P<title>\S.*))?\Z")
# Divisions of a law: above its articles, restarting their own numbers.
_GROUPING = re.compile(rf"{_word('grouping')}(?=[ \t.:]+\S)")
# Words that continue a cross-reference ("Artikel 16 Absatz 2 …"), not a title.
_REFERENCE_WORDS = _WORDS.lowered("headings", "reference")
_BAD_TITLE_START = set("+-*=<>%)]}|,.;:_")
_LEADER_LINE = re.compile(r"(?:[.·…][ \t]*){4,}(?:\d{1,4}|[ivxlcdm]{1,6})?")
_TAG = re.compile(r"<[A-Za-z][\w:.-]*>")  # "<result> Root Element": an XML element's name
# An equation cited in running text ("Using formula (4), the value of v′"): prose, not a title.
_FORMULA = re.compile(r"\(\d{1,3}[a-z]?\),|[′″]")


class Parsed(NamedTuple):
    """A heading line as parsed: ident, level, title and how it numbers."""

    ident: str
    level: int
    title: str
    family: str  # "num": 4.2, Section 4.2, Appendix A; "art": Article 17, § 4
    reset: bool  # appendix: numbering may restart after it
    numbered: bool = True  # False: a bare "Anhang"/"Appendix" line (its ident is the word)
    chapter: bool = False  # a chapter word heads it ("Capítulo 1."): numbering may start again


def title_ok(title: str, bare: bool, lenient: bool = False) -> bool:
    """Whether `title` reads like a heading's title (bare: after a bare number)."""
    if lenient:
        return True  # an outline entry is a heading by construction
    if not title:
        return not bare  # "Article 17" may carry its title on the next line; "7." alone is no heading
    first = title[0]
    if first == "<" and _TAG.match(title):
        pass  # "<result> Root Element"
    elif first.islower() or first in _BAD_TITLE_START or title.endswith((",", ";")):
        return False  # a sentence or a formula that merely begins with a number
    if bare and (first.isdigit() or _FORMULA.search(title) or (
            title.endswith(":") and ("," in title or len(title.split()) > COLON_TITLE_WORDS))):
        # Table rows; "2.  While the input is not empty, loop as follows:" introduces a list,
        # "3.1. Basiselemente für das Seitenlayout:" is a heading.
        return False
    return True


def parse_heading(line: str, *, lenient: bool = False, sure: bool = False) -> Parsed | None:
    """Parse one stripped line as a numbered heading, or return None.

    lenient: skip the title checks (an outline entry). sure: the line's form already makes it a
    heading (underlined, a Markdown heading): title checks are skipped and a bare letter ("A.")
    numbers it."""
    if not line:
        return None
    if len(line) > MAX_LINE:
        return run_in_article(line)
    lenient = lenient or sure
    first = line[0]
    if first == "§":
        m = _PARAGRAPH.match(line)
        if m and title_ok(m["title"] or "", False, lenient):
            return Parsed(m["num"], m["num"].count(".") + 1, (m["title"] or "").strip(), "art", False)
        return None
    if first.isdigit() or (first.isupper() and line[1:2] == "."):
        m = (_SURE_NUMBERED if sure else NUMBERED).match(line)
        if m and (m["num"][0].isdigit() or "." in m["num"] or m["title"]):
            title = (m["title"] or "").strip()
            if len(title) <= MAX_TITLE and title_ok(title, True, lenient):
                return Parsed(m["num"], m["num"].count(".") + 1, title, "num", False)
        if not sure or not first.isalpha():
            return None
    if not first.isalpha():
        return None
    for pattern, family in ((_ARTICLE, "art"), (_SECTION, "num"), (_APPENDIX, "num")):
        m = pattern.match(line)
        if not m:
            continue
        title = (m["title"] or "").strip()
        if not title_ok(title, False, lenient) or len(title) > MAX_TITLE:
            # An article whose text runs on after its number on one line is read as run in.
            return run_in_article(line) if family == "art" else None
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


# A run-in article: its number closed by a mark (`Artículo 4.- El Gobierno …`, `Art. 5º:
# …`), its text on the same line. Whitespace alone is not enough: `Art. 5 GG schützt …` is a
# sentence citing one.
_RUN_IN_ARTICLE = re.compile(
    rf"{_word('article')}[ \t]*(?P<num>\d{{1,3}}(?:-[A-Z]\b|[a-z]\b)?{_LATIN})"
    rf"(?:\.?[º°ᵒ]\.?|\.)(?:[ \t]*[:–—-])?[ \t]+(?P<title>[A-ZÁÉÍÓÚÑÄÖÜÀÂÊÔÃÕÇ\"“«(].*)\Z")


def run_in_article(line: str) -> Parsed | None:
    """A line longer than a heading that opens with a run-in article (laws set as one paragraph
    an article), its title the article's first sentence; else None."""
    m = _RUN_IN_ARTICLE.match(line[:MAX_LINE])
    if not m:
        return None
    title = run_in_title(m["title"])
    cut = title.find(". ")
    title = title[:cut + 1] if 0 < cut < MAX_TITLE else title[:MAX_TITLE]
    return Parsed(m["num"], 1, title.strip(), "art", False)


def parse_weak(line: str) -> tuple[Parsed, str] | None:
    """A bare numbered line refused only for its title's shape, and why: a lower-case name
    ("3.4. popcon") or a title that runs on past a comma ("3. You may copy … based on it,")."""
    m = NUMBERED.match(line) if line[:1].isdigit() else None
    title = (m["title"] or "").strip() if m else ""
    if not title or parse_heading(line) is not None:
        return None
    if title[0].islower():
        if len(title) > WEAK_TITLE or len(title.split()) > WEAK_WORDS or title[-1] in ".,;:!?":
            return None
        why, fixed = "lower-case title", title[0].upper() + title[1:]
    elif title.endswith((",", ";")):
        why, fixed = "title runs on", title.rstrip(",;").rstrip()
    else:
        return None
    if parse_heading(f"{m['num']}{m['dot']} {fixed}") is None:
        return None
    return Parsed(m["num"], m["num"].count(".") + 1, title, "num", False), why


_BARE_LETTER = re.compile(r"(?P<num>[A-Z])\.[ \t]+(?P<title>[A-Z][^\W\d_]*(?:[ \t]+\S+){0,7})\Z")


def parse_letter(line: str) -> Parsed | None:
    """A line numbered by a bare letter, `A.  Obligations` (groff's -ms and -me appendices):
    a heading only where it is set exactly as the document's numbered headings are (see
    fit.py); an algorithm's step reads the same."""
    m = _BARE_LETTER.match(line) if len(line) <= MAX_LINE else None
    if m is None or m["title"].endswith((".", ",", ";", ":")):
        return None
    return Parsed(m["num"], 1, m["title"], "num", True)


def is_division(s: str) -> bool:
    """A "Part II" / "Teil 2 Grundlagen" / "CAPÍTULO IV" line: a division above the sections."""
    m = _DIVISION.match(s) if len(s) <= 80 else None
    title = (m["title"] or "").strip() if m else ""
    return m is not None and title_ok(title, False) and not toc_title(title)


def grouping_word(s: str) -> str | None:
    """The division word that heads `s` ("Título", "Kapitel", "Sección" …), if any."""
    m = _GROUPING.match(s)
    return m.group(0) if m else None


def is_noise(s: str) -> bool:
    """A page number or a leader line (". . . . 12" under its entry): it does not separate
    TOC entries."""
    return (len(s) <= 6 and (s.isdigit() or s.strip(".") == "" or all(ch in "ivxlcdm" for ch in s))
            or _LEADER_LINE.fullmatch(s) is not None)


def toc_title(title: str, loose: bool = False) -> bool:
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


def run_in_title(title: str) -> str:
    """The run-in heading of a paragraph that opens with it: "Redistribution. You may …" →
    "Redistribution."; other titles stay as they are."""
    cut = title.find(". ")
    while cut != -1:
        if cut >= 7 and title[cut - 1].islower() and title[cut + 2:cut + 3].isupper():
            return title[:cut + 1]
        cut = title.find(". ", cut + 1)
    return title
