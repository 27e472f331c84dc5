"""What kind of source a file is, from its content: a PDF, a text (plain, Markdown, a
transcript), or something summcheck does not read.

The name alone never decides. A `%PDF-` header within the first 1,024 bytes makes a PDF,
whatever the name (PDF readers look that far: PDF 32000-1, annex H); a file named `.pdf`
without one is no PDF. Anything else is text unless its first block says otherwise: a known
binary signature (a ZIP archive such as a .docx, an image, compressed data), a NUL byte, or
more control characters than text holds — a document summcheck cannot read, refused with one
line that names the file and what summcheck reads, rather than searched for quotes as if it
were text. A text is Markdown when its name says so (`.md`, `.markdown`), plain text else.
"""
from __future__ import annotations

import codecs
from pathlib import Path

from ..model import InputError

PDF_HEADER = b"%PDF-"
HEADER_WINDOW = 1024  # where a PDF reader looks for the header
FIRST_BLOCK = 8000  # what is judged for binary content (as much as git judges)
MARKDOWN_SUFFIXES = {".md", ".markdown"}
READS = "it reads PDF, plain text, Markdown and transcripts"

# Signatures at the start of a file, and what they say it is.
_SIGNATURES: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", "PNG image"),
    (b"\xff\xd8\xff", "JPEG image"),
    (b"GIF87a", "GIF image"),
    (b"GIF89a", "GIF image"),
    (b"II*\x00", "TIFF image"),
    (b"MM\x00*", "TIFF image"),
    (b"PK\x03\x04", "ZIP archive"),
    (b"PK\x05\x06", "ZIP archive"),
    (b"PK\x07\x08", "ZIP archive"),
    (b"\x1f\x8b", "gzip-compressed data"),
    (b"\xfd7zXZ\x00", "xz-compressed data"),
    (b"\x28\xb5\x2f\xfd", "Zstandard-compressed data"),
    (b"7z\xbc\xaf\x27\x1c", "7-Zip archive"),
    (b"Rar!\x1a\x07", "RAR archive"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "Microsoft Office document: DOC, XLS or PPT"),
    (b"\x7fELF", "ELF executable"),
    (b"SQLite format 3\x00", "SQLite database"),
)
# What the first entries of a ZIP archive say it holds (the names are stored uncompressed).
_ZIP_CONTENTS: tuple[tuple[bytes, str], ...] = (
    (b"word/", "DOCX Word document"),
    (b"xl/", "XLSX Excel workbook"),
    (b"ppt/", "PPTX PowerPoint presentation"),
    (b"mimetypeapplication/epub+zip", "EPUB book"),
    (b"mimetypeapplication/vnd.oasis.opendocument", "OpenDocument file"),
)
_BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),  # before UTF-16 LE: it starts with the same bytes
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
# Control characters that no text holds (tab, line ends, form feed, escape and backspace do:
# a terminal's colours, a man page's overstrike); more than one in a hundred is binary.
_NOT_TEXT = {code: None for code in (*range(0x01, 0x08), *range(0x0E, 0x1B),
                                      *range(0x1C, 0x20), 0x7F)}


def source_kind(path: Path, data: bytes) -> str:
    """The kind of the source at `path` whose bytes are `data`: `pdf`, `markdown` or `text`;
    an InputError naming the file for one summcheck does not read."""
    if data.find(PDF_HEADER, 0, HEADER_WINDOW) != -1:
        return "pdf"
    binary = _binary(data)
    is_pdf_name = path.suffix.lower() == ".pdf"
    if binary is not None:
        named = (", not a PDF (no %PDF- header in its first 1,024 bytes)" if is_pdf_name
                 else "")
        raise InputError(f"{path}: not a source summcheck reads: binary content "
                         f"({binary}){named}; {READS}")
    if is_pdf_name:
        if not data:
            raise InputError(f"{path}: not a PDF: the file is empty")
        raise InputError(f"{path}: not a PDF: no %PDF- header in its first 1,024 bytes "
                         f"({_what_text(data)}); a text source needs a name other than .pdf")
    return "markdown" if path.suffix.lower() in MARKDOWN_SUFFIXES else "text"


def read_as_pdf(path: Path) -> str:
    """What an error loading `path` as a PDF adds when its name does not say PDF."""
    if path.suffix.lower() == ".pdf":
        return ""
    return " (read as a PDF: a %PDF- header stands in its first 1,024 bytes)"


def _binary(data: bytes) -> str | None:
    """What binary content the first block shows (`PNG image`, `NUL bytes`), or None."""
    block = data[:FIRST_BLOCK]
    for signature, what in _SIGNATURES:
        if block.startswith(signature):
            if what == "ZIP archive":
                return next((f"{inner}, a ZIP archive" for name, inner in _ZIP_CONTENTS
                             if name in block), what)
            return what
    if block[4:8] == b"ftyp":
        return "MP4 or QuickTime media"
    if block.startswith(b"RIFF") and block[8:12] in (b"WEBP", b"WAVE", b"AVI "):
        return {b"WEBP": "WebP image", b"WAVE": "WAV audio", b"AVI ": "AVI video"}[block[8:12]]
    encoding, start = "utf-8", 0
    for bom, name in _BOMS:
        if block.startswith(bom):
            encoding, start = name, len(bom)
            break
    # Decoded as the loader decodes it (a UTF-16 text's zero bytes are no NUL characters);
    # invalid bytes (Latin-1 text) become U+FFFD, which is text.
    text = block[start:].decode(encoding, errors="replace")
    if "\0" in text:
        if start == 0 and _alternating_zeros(block):
            return "NUL bytes: UTF-16 text needs a byte-order mark"
        return "NUL bytes"
    if text and (len(text) - len(text.translate(_NOT_TEXT))) * 100 > len(text):
        return "control characters"
    return None


def _alternating_zeros(block: bytes) -> bool:
    """Whether every other byte is zero, as in UTF-16 text of Latin script."""
    even, odd = block[0::2], block[1::2]
    return bool(odd) and (even.count(0) == len(even) or odd.count(0) == len(odd))


def _what_text(data: bytes) -> str:
    """What a text without a PDF header holds, for the message: an HTML page, or text."""
    head = data[:HEADER_WINDOW].lstrip().lower()
    if head.startswith(b"<!doctype html") or b"<html" in head:
        return "it holds an HTML page"
    return "it holds text"


__all__ = ["source_kind", "read_as_pdf", "READS", "PDF_HEADER", "HEADER_WINDOW", "FIRST_BLOCK"]
