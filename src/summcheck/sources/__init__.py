"""Source loaders: PDF, plain text and Markdown become a SourceDocument (text, pages, sections)."""
from __future__ import annotations

from pathlib import Path

from ..files import read_input
from ..model import InputError, SourceDocument

__all__ = ["load_source", "MAX_BYTES", "PAGE_NUMBER_MODES"]

MAX_BYTES = 200 * 1024 * 1024
PAGE_NUMBER_MODES = ("auto", "label", "physical")
_MARKDOWN = {".md", ".markdown"}


def load_source(path: Path, *, page_numbers: str = "auto", ocr: bool = False,
                max_bytes: int = MAX_BYTES) -> SourceDocument:
    """Load a source by extension: .pdf, .md/.markdown, anything else as plain text."""
    path = Path(path)
    if page_numbers not in PAGE_NUMBER_MODES:
        raise InputError(f"{path}: page-numbers must be auto, label or physical, not {page_numbers!r}")
    data = read_input(path, max_bytes, "source document")
    suffix = path.suffix.lower()
    try:
        if suffix == ".pdf":
            from .pdf import load_pdf  # keeps PyMuPDF out of `import summcheck.sources`

            return load_pdf(path, data, page_numbers=page_numbers, ocr=ocr)
        from .text import load_text

        return load_text(path, data, "markdown" if suffix in _MARKDOWN else "text", ocr=ocr)
    except InputError:
        raise
    except (MemoryError, RecursionError) as exc:
        raise InputError(f"{path}: cannot load ({type(exc).__name__})") from None
