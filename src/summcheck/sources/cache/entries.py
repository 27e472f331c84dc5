"""The cache's entries as JSON values: built from a loaded source (`source_entry`) or from
the structure found on it (`structure_entry`), and read back only once checked field by
field (`check_source`, `check_structure`): anything unexpected raises `Corrupt`.
"""
from __future__ import annotations

from pathlib import Path

from ...model import (HeadingDecision, LineFont, OutlineEntry, Page, Section, SourceDocument,
                      Span, Structure)
from .keys import FORMAT


class Corrupt(Exception):
    """An entry that is not what this version writes: ignored and rebuilt."""


# ---------------------------------------------------------------- entries: write


def source_entry(doc: SourceDocument, key: str, origin: dict) -> dict:
    return {
        "format": FORMAT, "type": "source", "key": key, "source": dict(origin),
        "kind": doc.kind, "text": doc.text,
        "pages": [[p.label, p.span.start, p.span.end] for p in doc.pages],
        "has_labels": doc.has_labels, "ocr": doc.ocr, "notes": list(doc.notes),
        "outline": [[e.level, e.title, e.page, e.y] for e in doc.outline],
        "fonts": [[line, f.size, f.bold, f.x, f.y] for line, f in sorted(doc.fonts.items())],
        "body_font": doc.body_font,
        "lazy_fonts": doc.font_reader is not None,
    }


def structure_entry(structure: Structure, key: str) -> dict:
    return {
        "format": FORMAT, "type": "structure", "key": key, "method": structure.method,
        "sections": [[s.ident, s.title, s.span.start, s.span.end, s.line, s.level, s.evidence]
                     for s in structure.sections],
        "decisions": [[d.line, d.page, d.text, d.ident, d.kept, d.reason]
                      for d in structure.decisions],
    }



# ---------------------------------------------------------------- entries: read and check


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def need(condition: bool) -> None:
    if not condition:
        raise Corrupt


def typed_fields(value: object, types: tuple) -> list:
    """A list of `len(types)` items, each passing its check."""
    need(isinstance(value, list) and len(value) == len(types))
    for item, check in zip(value, types):  # type: ignore[arg-type]
        need(check(item))
    return value  # type: ignore[return-value]


def is_str(value: object) -> bool:
    return isinstance(value, str)


def is_bool(value: object) -> bool:
    return isinstance(value, bool)


def _header(value: object, kind: str, key: str, fields: set[str]) -> dict:
    need(isinstance(value, dict) and set(value) == fields)
    need(value["format"] == FORMAT and value["type"] == kind and value["key"] == key)  # type: ignore[index]
    return value  # type: ignore[return-value]


SOURCE_FIELDS = {"format", "type", "key", "source", "kind", "text", "pages", "has_labels", "ocr",
                 "notes", "outline", "fonts", "body_font", "lazy_fonts"}
STRUCTURE_FIELDS = {"format", "type", "key", "method", "sections", "decisions"}


def check_source(value: object, key: str, origin: dict) -> dict:
    """`value` when it is a source entry of `key` made from the bytes `origin` describes
    (sha256, size), else Corrupt."""
    entry = _header(value, "source", key, SOURCE_FIELDS)
    need(entry["source"] == origin)
    need(entry["kind"] == "pdf" and is_str(entry["text"]))
    text, pages = entry["text"], entry["pages"]
    need(isinstance(pages, list) and len(pages) >= 1)
    end = -1
    for page in pages:
        typed_fields(page, ((lambda v: v is None or is_str(v)), is_int, is_int))
        # A PDF's pages follow one another, a form feed between two of them.
        need(page[1] == end + 1 and page[1] <= page[2]
             and (end < 0 or (end < len(text) and text[end] == "\f")))
        end = page[2]
    need(pages[0][1] == 0 and end == len(text))
    for flag in ("has_labels", "ocr", "lazy_fonts"):
        need(is_bool(entry[flag]))
    need(entry["has_labels"] == any(p[0] is not None for p in pages))
    need(isinstance(entry["notes"], list) and all(map(is_str, entry["notes"])))
    need(isinstance(entry["outline"], list))
    for item in entry["outline"]:
        typed_fields(item, (is_int, is_str, is_int, (lambda v: v is None or is_number(v))))
        need(0 <= item[2] <= len(pages))
    need(isinstance(entry["fonts"], list))
    lines = text.count("\n") + 1
    for item in entry["fonts"]:
        typed_fields(item, (is_int, is_number, is_bool, is_number, is_number))
        need(1 <= item[0] <= lines)
    need(entry["body_font"] is None or is_number(entry["body_font"]))
    return entry


def source_document(entry: dict, path: Path, data: bytes) -> SourceDocument:
    """The document a checked source entry states for the file at `path` (`data`, its bytes,
    are read again for the fonts when the entry's were read lazily)."""
    text = entry["text"]
    pages = [Page(i + 1, label, Span(start, end))
             for i, (label, start, end) in enumerate(entry["pages"])]
    reader = None
    if entry["lazy_fonts"]:
        from ..pdf import _font_reader

        first_lines, line, pos = [], 1, 0
        for page in pages:
            line += text.count("\n", pos, page.span.start)
            pos = page.span.start
            first_lines.append(line)
        reader = _font_reader(data, first_lines)
    body = entry["body_font"]
    return SourceDocument(
        path=path, kind="pdf", text=text, pages=pages, sections=[],
        has_labels=entry["has_labels"], ocr=entry["ocr"], notes=list(entry["notes"]),
        outline=[OutlineEntry(level, title, page, None if y is None else float(y))
                 for level, title, page, y in entry["outline"]],
        fonts={line: LineFont(float(size), bold, float(x), float(y))
               for line, size, bold, x, y in entry["fonts"]},
        body_font=None if body is None else float(body), font_reader=reader)


def check_structure(value: object, key: str, doc: SourceDocument) -> Structure:
    """The structure a `value` of `key` states for `doc`, else Corrupt."""
    entry = _header(value, "structure", key, STRUCTURE_FIELDS)
    need(is_str(entry["method"]))
    size, lines, pages = len(doc.text), len(doc.line_starts), max(1, len(doc.pages))
    sections, decisions = entry["sections"], entry["decisions"]
    need(isinstance(sections, list) and isinstance(decisions, list))
    out = []
    for item in sections:
        ident, title, start, end, line, level, evidence = typed_fields(
            item, (is_str, is_str, is_int, is_int, is_int, is_int, is_str))
        need(0 <= start <= end <= size and 1 <= line <= lines and level >= 0)
        out.append(Section(ident, title, Span(start, end), line, level, evidence))
    kept = []
    for item in decisions:
        line, page, text, ident, keep, reason = typed_fields(
            item, (is_int, is_int, is_str, is_str, is_bool, is_str))
        need(1 <= line <= lines and 1 <= page <= pages)
        kept.append(HeadingDecision(line, page, text, ident, keep, reason))
    return Structure(out, kept, entry["method"])
