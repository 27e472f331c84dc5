"""A sidecar file that states a source's sections, for documents detection gets wrong.

YAML or JSON, chosen by extension:

    sections:
      - {id: "4.2", page: 17, title: Key rotation}   # page: printed label, else physical number
      - {id: "4.3", line: 120}                       # line: 1-based line of the loaded text

A section placed by page starts at the line on that page that carries its title (when a title
is given and stands there), else at the page's start; one placed by line starts at that line.
Each section runs to the next one of the same or a higher level (`level`, by default the
number of dot-separated parts of its id). Every problem is an InputError naming the file and
the entry: a wrong sidecar must stop the check, never quietly give other sections.
"""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

from ..files.reading import decode, read_input
from ..model import InputError, Page, SourceDocument, Structure
from .text import Head, Parsed, build_sections

MAX_BYTES = 16 * 1024 * 1024  # a list of headings; anything larger is not a sidecar
ENTRY_KEYS = ("id", "page", "line", "title", "level")
_YAML_SUFFIXES = (".yaml", ".yml")
_MAX_TITLE = 150


def read_sidecar(doc: SourceDocument, path: Path) -> Structure:
    """The sections `path` states for `doc`, placed on its text (method "sidecar")."""
    path = Path(path)
    entries = _entries(_load(path), path)
    heads: list[tuple[int, int, Head]] = []
    for index, entry in enumerate(entries):
        where = f"{path}: sections[{index}]"
        head = _place(doc, _fields(entry, where), where)
        heads.append((head.start, index, head))
    heads.sort(key=lambda item: item[:2])  # document order; entries at one place keep theirs
    sections = build_sections([h for _, _, h in heads], len(doc.text))
    return Structure([dataclasses.replace(s, evidence="sidecar") for s in sections], [], "sidecar")


# ---------------------------------------------------------------- reading


def _load(path: Path) -> Any:
    """The file's data with every scalar as written: `4.10` stays "4.10", never the float 4.1."""
    suffix = path.suffix.lower()
    if suffix not in _YAML_SUFFIXES and suffix != ".json":
        raise InputError(f"{path}: a structure file is YAML (.yaml, .yml) or JSON (.json)")
    text = decode(read_input(path, MAX_BYTES, "structure file"), str(path))
    if not text.strip():
        raise InputError(f"{path}: is empty; expected sections: with a list of sections")
    if suffix == ".json":
        try:
            return json.loads(text, parse_int=str, parse_float=str, parse_constant=str)
        except json.JSONDecodeError as exc:
            raise InputError(f"{path}: invalid JSON at line {exc.lineno}, column {exc.colno}: "
                             f"{exc.msg}") from None
        except RecursionError:
            raise InputError(f"{path}: invalid JSON: nested too deeply") from None
        except ValueError as exc:
            raise InputError(f"{path}: invalid JSON: {_one_line(str(exc))}") from None
    import yaml

    # The base loader resolves no types (every scalar is a string) and constructs no objects.
    loader = getattr(yaml, "CBaseLoader", yaml.BaseLoader)
    try:
        return yaml.load(text, Loader=loader)  # noqa: S506 - BaseLoader builds plain data only
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        at = f" at line {mark.line + 1}" if mark is not None else ""
        raise InputError(f"{path}: invalid YAML{at}: {_one_line(exc.problem or str(exc))}") from None
    except yaml.YAMLError as exc:
        raise InputError(f"{path}: invalid YAML: {_one_line(str(exc))}") from None
    except RecursionError:
        raise InputError(f"{path}: invalid YAML: nested too deeply") from None


def _entries(data: Any, path: Path) -> list:
    if not isinstance(data, dict) or "sections" not in data:
        raise InputError(f"{path}: expected a mapping with sections: (a list of entries with "
                         f"id and page or line)")
    for key in data:
        if key != "sections":
            raise InputError(f"{path}: unknown key {_show(key)}; a structure file holds sections:")
    if not isinstance(data["sections"], list):
        raise InputError(f"{path}: sections: must be a list of entries with id and page or line")
    return data["sections"]


def _fields(entry: Any, where: str) -> dict[str, Any]:
    """One entry checked and normalised: id, level, title (strings/ints), page, line."""
    if not isinstance(entry, dict):
        raise InputError(f"{where}: must be a mapping with id and page or line")
    for key in entry:
        if key not in ENTRY_KEYS:
            raise InputError(f"{where}: unknown key {_show(key)}; use {', '.join(ENTRY_KEYS)}")
    if entry.get("id") is None:
        raise InputError(f"{where}: missing id")
    ident = _scalar(entry["id"], where, "id").rstrip(".")
    if not ident:
        raise InputError(f"{where}: missing id")
    if entry.get("page") is None and entry.get("line") is None:
        raise InputError(f"{where}: needs page or line to place section {ident}")
    fields: dict[str, Any] = {"id": ident, "page": None, "line": None, "title": None}
    if entry.get("page") is not None:
        fields["page"] = _scalar(entry["page"], where, "page")
    if entry.get("line") is not None:
        fields["line"] = _whole(entry["line"], where, "line")
    if entry.get("title") is not None:
        fields["title"] = " ".join(_scalar(entry["title"], where, "title", empty=True).split())
    if entry.get("level") is not None:
        fields["level"] = _whole(entry["level"], where, "level")
    else:
        fields["level"] = len([part for part in ident.split(".") if part]) or 1
    return fields


def _scalar(value: Any, where: str, key: str, empty: bool = False) -> str:
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise InputError(f"{where}: {key} must be a string or a number")
    text = str(value).strip()
    if not text and not empty:
        raise InputError(f"{where}: {key} is empty")
    return text


def _whole(value: Any, where: str, key: str) -> int:
    text = value.strip() if isinstance(value, str) else None
    if isinstance(value, int) and not isinstance(value, bool):
        text = str(value)
    if text is None or not text.isdigit() or int(text) < 1:
        shown = _show(value) if isinstance(value, (str, int, float)) else "a list or mapping"
        raise InputError(f"{where}: {key} must be a whole number from 1, not {shown}")
    return int(text)


# ---------------------------------------------------------------- placing


def _place(doc: SourceDocument, fields: dict[str, Any], where: str) -> Head:
    """Where the entry's section starts: its line, or the page (at its title's line)."""
    ident, title, line = fields["id"], fields["title"], fields["line"]
    page = _page(doc, fields["page"], where) if fields["page"] is not None else None
    if line is not None:
        if line > doc.line_count:
            raise InputError(f"{where}: line {line} is past the end (the source has "
                             f"{doc.line_count} lines)")
        start = _content_start(doc, line)
        if page is not None and not page.span.start <= start <= page.span.end:
            on = doc.page_of(start)
            raise InputError(f"{where}: line {line} is not on page {fields['page']!r}"
                             + (f" but on page {_name(doc, on)!r}" if on is not None else ""))
    else:
        assert page is not None
        line = _title_line(doc, page, title) if title else None
        start = _content_start(doc, line) if line is not None else page.span.start
        line = doc.line_of(start)
    if title is None:
        title = _title_of_line(doc, line, ident) if fields["line"] is not None else ""
    parsed = Parsed(ident, fields["level"], title, "num", False)
    return Head(start, line, parsed)


def _page(doc: SourceDocument, value: str, where: str) -> Page:
    """The page a sidecar names: by printed label when the PDF has labels, else by number."""
    if doc.has_labels:
        found = [p for p in doc.pages if p.label == value]
        if len(found) > 1:
            numbers = ", ".join(str(p.number) for p in found)
            raise InputError(f"{where}: page {value!r} is printed on several pages (physical "
                             f"{numbers}); place the section by line instead")
        if found:
            return found[0]
        raise InputError(f"{where}: page {value!r} does not exist (pages are named by their "
                         f"printed labels here)")
    if value.isdigit() and 1 <= int(value) <= len(doc.pages):
        return doc.pages[int(value) - 1]
    raise InputError(f"{where}: page {value!r} does not exist (the source has "
                     f"{len(doc.pages)} page{'s' * (len(doc.pages) != 1)})")


def _name(doc: SourceDocument, page: Page) -> str:
    return page.label if doc.has_labels and page.label else str(page.number)


def _content_start(doc: SourceDocument, line: int) -> int:
    """Start of a 1-based line, past a form feed that opens it (that belongs to no page)."""
    start = doc.line_starts[line - 1]
    while start < len(doc.text) and doc.text[start] == "\f":
        start += 1
    return start


def _title_line(doc: SourceDocument, page: Page, title: str) -> int | None:
    """The line of `page` that is the title (after its number), else the first that holds it."""
    wanted = title.casefold()
    first, last = doc.line_of(page.span.start), doc.line_of(max(page.span.start, page.span.end - 1))
    holding = None
    for number in range(first, last + 1):
        text = " ".join(_line_text(doc, number).split()).casefold()
        if wanted not in text:
            continue
        if text == wanted or (text.endswith(" " + wanted)
                              and len(text.split()) <= len(wanted.split()) + 2):
            return number  # "4.2 Key rotation", "Section 4.2 Key rotation"
        holding = holding or number
    return holding


def _line_text(doc: SourceDocument, line: int) -> str:
    starts = doc.line_starts
    end = starts[line] - 1 if line < len(starts) else len(doc.text)
    return doc.text[starts[line - 1]:end]


def _title_of_line(doc: SourceDocument, line: int, ident: str) -> str:
    """The heading line's text without its number: the title a sidecar entry left out."""
    text = " ".join(_line_text(doc, line).replace("\f", " ").split()).lstrip("#").strip()
    if text.startswith(ident) and text[len(ident):len(ident) + 1] in ("", " ", ".", ":", ")"):
        text = text[len(ident):].lstrip(".:) ")
    return text[:_MAX_TITLE]


def _show(value: Any) -> str:
    return repr(value) if isinstance(value, str) else repr(str(value))


def _one_line(text: str) -> str:
    return " ".join(text.split())
