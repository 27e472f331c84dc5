"""Source loaders: PDF, plain text and Markdown become a SourceDocument (text, pages, sections)."""
from __future__ import annotations

import os
import stat
from pathlib import Path

from ..model import InputError, SourceDocument

__all__ = ["load_source", "MAX_BYTES", "PAGE_NUMBER_MODES"]

MAX_BYTES = 200 * 1024 * 1024
PAGE_NUMBER_MODES = ("auto", "label", "physical")
_MARKDOWN = {".md", ".markdown"}


def _read(path: Path, max_bytes: int) -> bytes:
    """Read a regular file, refusing what is missing, special, unreadable or too large."""
    name = str(path)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise InputError(f"{name}: no such file") from None
    except PermissionError:
        raise InputError(f"{name}: permission denied") from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the path
        raise InputError(f"{name}: cannot read ({_oserror(exc)})") from None
    if stat.S_ISDIR(info.st_mode):
        raise InputError(f"{name}: is a directory, not a file")
    if not stat.S_ISREG(info.st_mode):
        # Checked before opening: opening a FIFO would block until a writer appears.
        raise InputError(f"{name}: not a regular file")
    if info.st_size > max_bytes:
        raise InputError(f"{name}: too large ({info.st_size} bytes; the limit is {max_bytes})")
    try:
        with open(path, "rb") as handle:
            data = handle.read(max_bytes + 1)  # the file may have grown since stat
    except PermissionError:
        raise InputError(f"{name}: permission denied") from None
    except OSError as exc:
        raise InputError(f"{name}: cannot read ({_oserror(exc)})") from None
    if len(data) > max_bytes:
        raise InputError(f"{name}: too large (more than {max_bytes} bytes)")
    return data


def _oserror(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or str(exc) or type(exc).__name__


def load_source(path: Path, *, page_numbers: str = "auto", ocr: bool = False,
                max_bytes: int = MAX_BYTES) -> SourceDocument:
    """Load a source by extension: .pdf, .md/.markdown, anything else as plain text."""
    path = Path(path)
    if page_numbers not in PAGE_NUMBER_MODES:
        raise InputError(f"{path}: page-numbers must be auto, label or physical, not {page_numbers!r}")
    data = _read(path, max_bytes)
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
