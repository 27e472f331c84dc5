"""Source loaders: PDF, plain text and Markdown become a SourceDocument (text, pages, sections)."""
from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from ..confine import refuse_special
from ..files import read_input
from ..inputs.modes import PAGE_NUMBER_MODES
from ..model import InputError, LazySections, SourceDocument
from ..structure import SECTION_MODES, find_structure

if TYPE_CHECKING:
    from .cache import SourceCache

__all__ = ["load_source", "MAX_BYTES"]

MAX_BYTES = 200 * 1024 * 1024
_MARKDOWN = {".md", ".markdown"}


def load_source(path: Path, *, page_numbers: str = "auto", ocr: bool = False,
                max_bytes: int = MAX_BYTES, sections: str = "auto",
                structure: Path | None = None, cache: "SourceCache | None" = None,
                meanwhile: Callable[[], None] | None = None) -> SourceDocument:
    """Load a source by extension: .pdf, .md/.markdown, anything else as plain text.

    Its sections are found on first use, by `sections` (auto, outline, text, markdown) or
    read from the `structure` sidecar file. With a `cache` (sources.cache), what an earlier
    load of the same bytes with the same options gave is reused. `meanwhile` may be run
    during the load, while a large PDF's pages are extracted on other cores; whether it ran is
    the caller's to track (it runs it afterwards if not).
    """
    path = Path(path)
    if page_numbers not in PAGE_NUMBER_MODES:
        raise InputError(f"{path}: page-numbers must be auto, label or physical, not {page_numbers!r}")
    if sections not in SECTION_MODES:
        raise InputError(f"{path}: sections must be one of {', '.join(SECTION_MODES)}, "
                         f"not {sections!r}")
    refuse_special(path, "source")
    if structure is not None:
        refuse_special(Path(structure), "structure file")
    data = read_input(path, max_bytes, "source document")
    find = partial(find_structure, mode=sections, sidecar=structure)
    if cache is not None:
        return cache.load(path, data, _kind(path), page_numbers=page_numbers, ocr=ocr,
                          sections=sections, sidecar=structure,
                          extract=lambda: _load(path, data, page_numbers, ocr, meanwhile), find=find)
    doc = _load(path, data, page_numbers, ocr, meanwhile)
    doc.structure_finder = find
    doc.sections = LazySections(lambda: doc.structure.sections)
    return doc


def _kind(path: Path) -> str:
    suffix = path.suffix.lower()
    return "pdf" if suffix == ".pdf" else "markdown" if suffix in _MARKDOWN else "text"


def _load(path: Path, data: bytes, page_numbers: str, ocr: bool,
          meanwhile: Callable[[], None] | None = None) -> SourceDocument:
    suffix = path.suffix.lower()
    try:
        if suffix == ".pdf":
            from .pdf import load_pdf  # keeps PyMuPDF out of `import summcheck.sources`

            return load_pdf(path, data, page_numbers=page_numbers, ocr=ocr, meanwhile=meanwhile)
        from .text import load_text

        return load_text(path, data, "markdown" if suffix in _MARKDOWN else "text", ocr=ocr)
    except InputError:
        raise
    except (MemoryError, RecursionError) as exc:
        raise InputError(f"{path}: cannot load ({type(exc).__name__})") from None
