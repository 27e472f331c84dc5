"""Small PDFs made with PyMuPDF for the tests: one line of text per row, 11 pt, 14 pt apart.

Each distinct PDF is built once per test session: later calls with the same pages, labels and
outline write the bytes already made (the tests that build the same document in many
parametrized cases, or in a fixture per test, pay for it once)."""
from __future__ import annotations

from pathlib import Path

_BUILT: dict[str, bytes] = {}


def _build(pages: list[str], labels, toc) -> bytes:
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
    data = doc.tobytes()
    doc.close()
    return data


def make_pdf(path: Path, pages: list[str], *, labels=None, toc=None) -> Path:
    """Write a PDF whose pages hold the given texts (lines split on newlines)."""
    key = repr((list(pages), labels, toc))
    data = _BUILT.get(key)
    if data is None:
        data = _BUILT[key] = _build(list(pages), labels, toc)
    Path(path).write_bytes(data)
    return path
