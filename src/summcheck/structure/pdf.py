"""PDF structure: the outline's entries placed on their pages, merged with printed numbering."""
from __future__ import annotations

from ..model import SourceDocument, Structure
from .text import detect_sections


def pdf_structure(doc: SourceDocument, *, use_outline: bool = True) -> Structure:
    """Sections of a PDF."""
    return Structure(detect_sections(doc.text, doc.pages, style="pdf"), [], "text")
