"""Numbered-heading detection shared by text, Markdown and PDF sources.

The steps, each in its own module:

1. candidates.py — heading candidates by the shape of their line (headings.py: the line
   grammar), in one pass; regions.py blanks the borders of character boxes first and finds
   underlined headings;
2. regions.py — regions that hold no headings: tables of contents (runs of numbered lines;
   entries that recur later with the same number and title), running headers;
3. laws.py — in a text structured by articles, groupings and numbered paragraphs are no
   sections, and of two article marks the inner one is a paragraph of the other;
4. fit.py — per family (numbered sections; articles) the chain of candidates that makes the
   document's numbering, weighed by the heading profile a first fit learns (indentation, the
   mark after the number, hanging bodies, underlines), with gap repair for titles refused by
   their shape alone;
5. `build_sections` — spans: each heading runs to the next of the same or a higher level.

Every candidate leaves a `HeadingDecision` saying why it was kept or dropped.

Numbering restarts. A document may number again from 1 (a preface "1."–"5." and then
"Capítulo 1.", "1.1.", "1.1.1."; appendices; parts) only with evidence of a new division
(fit.py); both places of a restarted number are sections: the identifier is ambiguous (SUM105).
"""
from __future__ import annotations

from typing import Literal, NamedTuple, Sequence

from ..model import HeadingDecision, Page, Section, SourceDocument, Span, Structure
from .candidates import Cand, scan_text
from .fit import Profile, fit
from .headings import Parsed, parse_heading
from .laws import mark_parts_of_articles, mark_subordinate_articles
from .regions import (mark_running_headers, mark_toc_duplicates, mark_toc_runs, toc_entries,
                      toc_lists, unbox)

__all__ = ["Head", "Parsed", "build_sections", "detect_sections", "detect_structure",
           "parse_heading", "text_structure"]

Style = Literal["text", "markdown", "pdf"]


class Head(NamedTuple):
    """An accepted heading: where it starts, its 1-based line and what it numbers."""

    start: int
    line: int
    parsed: Parsed
    md_level: int = 0  # '#' count of a Markdown ATX heading (7: a bold paragraph lead), 0 otherwise
    evidence: str = ""  # what placed it: "markdown", "underline", "numbering" …


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
                    h.parsed.level, h.evidence) for i, h in enumerate(heads)]


def is_loose(text: str, lines: list[str], style: Style) -> bool:
    """Without blank lines (PDF text, some converters) headings are judged by numbering alone."""
    if style == "pdf":
        return True
    body = text.rstrip().count("\n") + 1 if text.strip() else 0  # trailing blank lines aside
    return sum(1 for line in lines[:body] if not line.strip()) < 0.02 * body


_KEPT = {"markdown": "kept: markdown heading", "underline": "kept: underlined heading",
         "bold": "kept: bold paragraph lead"}
_EVIDENCE = {"markdown": "markdown", "underline": "underline", "bold": "bold lead"}


def _why_not(c: Cand, profile: Profile | None) -> str:
    if c.weak:
        return f"out of sequence ({c.weak})"
    if profile is not None and not c.keyword and (
            c.indent > profile.indent_of(c.parsed.level) + 1 or (c.hanging and not profile.hanging)
            or (profile.underline and not c.sure)):
        return "list item inside a section"
    return "out of sequence"


def detect_structure(cands: list[Cand], text: str, pages: list[Page], *, loose: bool,
                     boundaries: Sequence[tuple[int, int]] = ()) -> Structure:
    """Sections and decisions from the heading candidates of a text (any style)."""
    mark_toc_runs(cands, 4 if loose else 3)
    mark_toc_duplicates(cands)
    mark_running_headers(cands, len(pages))
    toc = toc_entries(cands)
    for c in cands:
        if c.drop:
            continue
        if not loose and not c.sure and not c.blank_before:
            c.drop = "inside a paragraph"
        c.toc_listed = toc_lists(toc, c)
    live = [c for c in cands if not c.drop]
    articles = [c for c in live if c.parsed.family == "art"]
    mark_subordinate_articles(articles)
    kept_articles, _ = fit([c for c in articles if not c.drop], loose)
    numbered = [c for c in live if c.parsed.family == "num"]
    if len(kept_articles) >= 2:
        mark_parts_of_articles(numbered)
    kept_numbered, profile = fit([c for c in numbered if not c.drop], loose)
    kept = {id(c) for c in kept_articles + kept_numbered}
    decisions: list[HeadingDecision] = []
    heads: list[Head] = []
    for c in cands:
        if id(c) in kept:
            evidence = _EVIDENCE.get(c.sure) or ("numbering (gap repair)" if c.weak else "numbering")
            reason = _KEPT.get(c.sure) or f"kept: {evidence}"
            heads.append(Head(c.start, c.line, c.parsed, c.md_level, evidence))
        else:
            reason = c.drop or _why_not(c, profile if c.parsed.family == "num" else None)
        decisions.append(HeadingDecision(c.line, c.page + 1, c.text[:100], c.parsed.ident,
                                         id(c) in kept, reason))
    return Structure(build_sections(heads, len(text), boundaries), decisions, "text")


def detect_sections(text: str, pages: list[Page], *, style: Style = "text") -> list[Section]:
    """Find numbered headings in plain `text` (or a PDF's, `style="pdf"`) and return them as
    Sections in document order; Markdown is structure.markdown's."""
    return _text_structure(text, pages, style).sections


def _text_structure(text: str, pages: list[Page], style: Style) -> Structure:
    lines = text.split("\n")
    loose = is_loose(text, lines, style)
    if style == "text":
        lines, _ = unbox(lines)
    return detect_structure(scan_text(lines, pages, style, loose), text, pages, loose=loose)


def text_structure(doc: SourceDocument) -> Structure:
    """Sections of a plain-text source, and why."""
    return _text_structure(doc.text, doc.pages, "text")
