"""Small PDFs made with PyMuPDF for the tests: one line of text per row, 11 pt, 14 pt apart."""
from __future__ import annotations

from pathlib import Path


def make_pdf(path: Path, pages: list[str], *, labels=None, toc=None) -> Path:
    """Write a PDF whose pages hold the given texts (lines split on newlines)."""
    import pymupdf

    doc = pymupdf.open()
    for body in pages:
        page = doc.new_page()
        y = 72
        for line in body.split("\n"):
            page.insert_text((72, y), line, fontsize=11)
            y += 14
    if labels is not None:
        doc.set_page_labels(labels)
    if toc is not None:
        doc.set_toc(toc)
    doc.save(path)
    doc.close()
    return path
