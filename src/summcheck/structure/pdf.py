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

from ..model import HeadingDecision, SourceDocument, Structure
from .pdf_numbering import fit_numbering, numbered_candidates
from .pdf_outline import outline_headings
from .pdf_regions import folio_lines, header_shapes, toc_pages
from .pdf_rows import Lines, decision
from .text import Head, Parsed, build_sections, detect_sections


def _decide(doc: SourceDocument, use_outline: bool) -> Structure | None:
    lines = Lines(doc)
    decisions: list[HeadingDecision] = []
    masked = toc_pages(doc)
    lines.folios = folio_lines(lines, doc)
    lines.header_finder = lambda: header_shapes(lines, doc)
    anchors = outline_headings(lines, doc, decisions) if use_outline and doc.outline else []
    if not anchors and doc.outline:
        # The outline is set aside, or places no numbered heading (a lone "Contents" entry):
        # every page is read for its fonts, as for a PDF without one.
        doc.fonts_of_pages(range(len(doc.pages)))
    candidates = numbered_candidates(lines, doc, anchors, masked, decisions)
    if not anchors and not candidates:
        return None
    heads = sorted(anchors + fit_numbering(candidates, anchors, decisions), key=lambda h: h.row.start)
    decisions += [decision(h, True, h.evidence) for h in heads]
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
