"""Document structure: where the numbered sections of a source start, and why.

Loaders give text, pages and (for PDFs) the outline and line fonts; this package alone
decides sections. `find_structure` picks the evidence by the source's kind or by the
`sections` mode a user pins, or reads a sidecar file that states the structure.
"""
from __future__ import annotations

from pathlib import Path

from ..model import InputError, SourceDocument, Structure

SECTION_MODES = ("auto", "outline", "text", "markdown")


def find_structure(doc: SourceDocument, mode: str = "auto", sidecar: Path | None = None) -> Structure:
    """The sections of `doc` found by `mode` (auto: the best evidence its kind offers)."""
    if sidecar is not None:
        from .sidecar import read_sidecar

        return read_sidecar(doc, sidecar)
    if mode not in SECTION_MODES:
        raise InputError(f"{doc.path}: sections must be one of {', '.join(SECTION_MODES)}, not {mode!r}")
    if mode == "auto":
        mode = {"pdf": "outline", "markdown": "markdown"}.get(doc.kind, "text")
    if doc.kind == "pdf" and mode in ("outline", "text"):
        from .pdf import pdf_structure

        # "outline": the bookmarks and what the page prints beside them; "text": the printed
        # numbering and fonts alone, for a PDF whose outline is wrong.
        return pdf_structure(doc, use_outline=mode == "outline")
    if mode == "markdown" or doc.kind == "markdown":  # a Markdown source is read as Markdown
        from .markdown import markdown_structure

        return markdown_structure(doc)
    from .text import text_structure

    return text_structure(doc)
