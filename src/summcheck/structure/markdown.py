"""Markdown structure: headings as the Markdown parser reads them."""
from __future__ import annotations

from ..model import SourceDocument, Structure
from .text import detect_sections


def markdown_structure(doc: SourceDocument) -> Structure:
    """Sections of a Markdown source."""
    return Structure(detect_sections(doc.text, doc.pages, style="markdown"), [], "markdown")
