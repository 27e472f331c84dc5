"""Source loaders: PDF, plain text and Markdown become a SourceDocument (text, pages, sections).

Which loader reads a file is decided by its content (kinds.py), never by its name alone; a
file that is none of these is refused (exit 2) before anything is loaded."""
from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from ..files.confine import refuse_special
from ..files.reading import read_input
from ..inputs.modes import PAGE_NUMBER_MODES
from ..model import InputError, LazySections, SourceDocument
from ..structure import SECTION_MODES, find_structure
from .kinds import read_as_pdf, source_kind

if TYPE_CHECKING:
    from .cache import SourceCache

__all__ = ["load_source", "MAX_BYTES"]

MAX_BYTES = 200 * 1024 * 1024


def load_source(path: Path, *, page_numbers: str = "auto", ocr: bool = False,
                max_bytes: int = MAX_BYTES, sections: str = "auto",
                structure: Path | None = None, cache: "SourceCache | None" = None,
                meanwhile: Callable[[], None] | None = None) -> SourceDocument:
    """Load a source: a PDF by its header, whatever its name; a text as Markdown when named
    .md/.markdown, else as plain text; anything else (binary content) is an InputError.

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
    kind = source_kind(path, data)
    find = partial(find_structure, mode=sections, sidecar=structure)
    if cache is not None:
        return cache.load(path, data, kind, page_numbers=page_numbers, ocr=ocr,
                          sections=sections, sidecar=structure,
                          extract=lambda: _load(path, data, kind, page_numbers, ocr, meanwhile),
                          find=find)
    doc = _load(path, data, kind, page_numbers, ocr, meanwhile)
    doc.structure_finder = find
    doc.sections = LazySections(lambda: doc.structure.sections)
    return doc


def _load(path: Path, data: bytes, kind: str, page_numbers: str, ocr: bool,
          meanwhile: Callable[[], None] | None = None) -> SourceDocument:
    try:
        if kind == "pdf":
            from .pdf import load_pdf  # keeps PyMuPDF out of `import summcheck.sources`

            try:
                return load_pdf(path, data, page_numbers=page_numbers, ocr=ocr,
                                meanwhile=meanwhile)
            except InputError as exc:  # say why a `notes.txt` was read as a PDF at all
                raise InputError(f"{exc}{read_as_pdf(path)}") from None
        from .text import load_text

        return load_text(path, data, "markdown" if kind == "markdown" else "text", ocr=ocr)
    except InputError:
        raise
    except (MemoryError, RecursionError) as exc:
        raise InputError(f"{path}: cannot load ({type(exc).__name__})") from None
