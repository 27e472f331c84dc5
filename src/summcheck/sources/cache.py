"""A cache of loaded sources: a re-run on an unchanged source skips PDF extraction and
structure detection.

Two kinds of entries, each a file of the cache folder (`.summcheck_cache/` beside the
configuration file, else in the current folder; `SUMMCHECK_CACHE_DIR` names another):

- `<key>.source`: what loading a PDF gives (text, pages and labels, outline, the fonts read
  at load, body font, notes, the OCR flag), keyed by the sha256 of the PDF's bytes, the
  PyMuPDF build, summcheck's version and code, the cache format and the options that change
  loading (page-numbers, ocr). A text or Markdown source is decoded again on every run (that
  is cheap, and its text is the file itself): it has no such entry.
- `<key>.structure`: the sections with their decisions and method, keyed by the source's key
  (the raw bytes' hash for a text source), the `sections` mode, the sidecar's content hash
  and, for Markdown, the Markdown parser's build. Written once a run has found them.

Format: a magic line, then zlib-compressed JSON (ASCII; never pickle or marshal: loading an
entry executes nothing). Everything read is validated (types, spans within the text, pages in
order); anything unexpected is a corrupt entry, ignored and rebuilt. Writes are atomic (a
temporary file in the folder, then os.replace), so two runs writing one key leave one valid
entry. The cache never makes a run fail: a folder that cannot be written (read-only, full
disk) is a run without it.

Trust: a pull request could commit a forged entry under the right key (fake text that makes
fabricated quotes verify). Entries are therefore read only from a folder that git tracks
nothing in (`git ls-files`; when git cannot tell, the folder is not read), that is no symlink
and, on POSIX, is owned, as each entry file is, by the user running summcheck; an entry also
records the size and sha256 of the source it was made from, checked against the file read.

In one run, the summaries of one source share one loaded document (an in-process memo keyed
the same way, in front of the folder), also with the folder disabled (`--no-cache`).
"""
from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import json
import os
import re
import stat
import subprocess
import sys
import tempfile
import time
import unicodedata
import zlib
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Callable

from ..model import (HeadingDecision, InputError, LazySections, LineFont, OutlineEntry, Page,
                     Section, SourceDocument, Span, Structure)

FORMAT = 1  # bump when what an entry holds, or how it is read, changes
FOLDER_NAME = ".summcheck_cache"
ENV_FOLDER = "SUMMCHECK_CACHE_DIR"
MAGIC = b"summcheck source cache\n"
MAX_ENTRY_BYTES = 1 << 30  # decompressed; a larger entry is not written, and not read
MAX_ENTRIES = 256  # files kept in the folder; the least recently used go first
MEMO_SIZE = 8  # loaded sources one run keeps in memory
STALE_TEMPORARY = 3600  # seconds after which a temporary file left by a killed run is removed
GIT_TIMEOUT = 10

__all__ = ["SourceCache", "FOLDER_NAME", "ENV_FOLDER", "FORMAT"]


class _Corrupt(Exception):
    """An entry that is not what this version writes: ignored and rebuilt."""


# ---------------------------------------------------------------- versions (cheap: no imports)


def summcheck_version() -> str:
    """summcheck's version and a stamp of its installed files (a development checkout changes
    its code without changing its version)."""
    from .. import __version__

    return f"{__version__}+{_code_stamp()}"


@lru_cache(maxsize=1)
def _code_stamp() -> str:
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith((".py", ".yaml", ".json")):
                path = os.path.join(folder, name)
                try:
                    info = os.stat(path)
                except OSError:
                    continue
                digest.update(f"{os.path.relpath(path, root)}\0{info.st_size}\0"
                              f"{info.st_mtime_ns}\n".encode("utf-8", "surrogateescape"))
    return digest.hexdigest()[:16]


@lru_cache(maxsize=8)
def _package_stamp(package: str, filename: str) -> str:
    """The version of an installed package without importing it: the hash of one of its
    files (PyMuPDF's `_build.py` names its version, MuPDF's and the commit built)."""
    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        spec = None
    locations = list(spec.submodule_search_locations or []) if spec is not None else []
    for location in locations:
        try:
            with open(os.path.join(location, filename), "rb") as handle:
                data = handle.read(1 << 20)
        except OSError:
            continue
        version = re.search(rb"""(?m)^(?:pymupdf_version|__version__)\s*=\s*['"]([^'"]*)""", data)
        shown = version.group(1).decode("ascii", "replace") if version else "?"
        return f"{shown} ({hashlib.sha256(data).hexdigest()[:16]})"
    try:  # no such file: the version its metadata states
        from importlib.metadata import version

        return version(package)
    except Exception:
        return "unknown"


def library_version(kind: str) -> str:
    """The library that turns a source of this kind into text (PyMuPDF for a PDF)."""
    if kind == "pdf":
        return "PyMuPDF " + _package_stamp("pymupdf", "_build.py")
    return ""


def markdown_version() -> str:
    return (f"markdown-it-py {_package_stamp('markdown_it', '__init__.py')}, "
            f"mdit-py-plugins {_package_stamp('mdit_py_plugins', '__init__.py')}")


def _digest(parts: dict) -> str:
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode("utf-8")).hexdigest()


# ---------------------------------------------------------------- the cache of one run


@dataclass(frozen=True)
class _Keys:
    source: str  # what loading gives
    structure: str  # what structure detection gives on that
    sha256: str  # of the source's bytes


class SourceCache:
    """The loaded sources of one run: a memo in memory, in front of the cache folder (None:
    the memo alone). Pickled (for a worker process) as its folder alone."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = Path(folder) if folder is not None else None
        self._entries: OrderedDict[str, dict] = OrderedDict()  # source key → entry
        self._docs: OrderedDict[tuple, SourceDocument] = OrderedDict()
        self._structures: OrderedDict[str, Structure] = OrderedDict()
        self._trusted: bool | None = None
        self._writable = True

    def __getstate__(self) -> dict:
        return {"folder": self.folder}

    def __setstate__(self, state: dict) -> None:
        self.__init__(state["folder"])  # type: ignore[misc]

    def __repr__(self) -> str:
        return f"SourceCache({self.folder!r})"

    @classmethod
    def for_run(cls, config_root: Path, enabled: bool = True,
                env: dict | None = None) -> "SourceCache":
        """The cache of a run whose configuration lies in `config_root` (the current folder
        without one): `SUMMCHECK_CACHE_DIR`, else `.summcheck_cache/` there; `enabled`
        False keeps only the memo."""
        if not enabled:
            return cls(None)
        named = (os.environ if env is None else env).get(ENV_FOLDER, "")
        return cls(Path(named) if named else Path(config_root) / FOLDER_NAME)

    # ------------------------------------------------------------ loading

    def load(self, path: Path, data: bytes, kind: str, *, page_numbers: str, ocr: bool,
             sections: str, sidecar: Path | None,
             extract: Callable[[], SourceDocument],
             find: Callable[[SourceDocument], Structure]) -> SourceDocument:
        """The source at `path` (whose bytes are `data`, loaded by `extract` as a `kind`),
        from the memo, the folder, or `extract`; its structure found by `find` on first use,
        from the memo, the folder, or `find`."""
        keys = self._keys(data, kind, page_numbers, ocr, sections, sidecar)
        if keys is None:  # a sidecar that cannot be read: the structure stage says why
            return _finish(extract(), find)
        memo = (keys.source, keys.structure, os.fspath(path))
        doc = self._docs.get(memo)
        if doc is not None:
            self._docs.move_to_end(memo)
            return doc
        doc = self._source(path, data, kind, keys, extract)
        _finish(doc, self._structure_finder(keys.structure, find))
        _remember(self._docs, memo, doc)
        return doc

    def _keys(self, data: bytes, kind: str, page_numbers: str, ocr: bool, sections: str,
              sidecar: Path | None) -> _Keys | None:
        sha = hashlib.sha256(data).hexdigest()
        if kind == "pdf":
            source = _digest({"format": FORMAT, "summcheck": summcheck_version(),
                              "python": list(sys.version_info[:2]),
                              "unicode": unicodedata.unidata_version, "kind": kind,
                              "library": library_version(kind), "page_numbers": page_numbers,
                              "ocr": bool(ocr), "sha256": sha, "size": len(data)})
        else:  # decoded on every run; the key of its structure is that of its bytes
            source = _digest({"kind": kind, "ocr": bool(ocr), "sha256": sha, "size": len(data)})
        sidecar_sha = None
        if sidecar is not None:
            from ..files import read_input
            from ..structure.sidecar import MAX_BYTES as SIDECAR_BYTES

            try:
                sidecar_sha = hashlib.sha256(read_input(Path(sidecar), SIDECAR_BYTES,
                                                        "structure file")).hexdigest()
            except InputError:
                return None
        markdown = markdown_version() if kind == "markdown" or sections == "markdown" else ""
        structure = _digest({"format": FORMAT, "summcheck": summcheck_version(),
                             "python": list(sys.version_info[:2]),
                             "unicode": unicodedata.unidata_version, "source": source,
                             "sections": sections, "sidecar": sidecar_sha,
                             "markdown": markdown if sidecar is None else ""})
        return _Keys(source, structure, sha)

    def _source(self, path: Path, data: bytes, kind: str, keys: _Keys,
                extract: Callable[[], SourceDocument]) -> SourceDocument:
        if kind != "pdf":
            return extract()
        key, origin = keys.source, {"sha256": keys.sha256, "size": len(data)}
        entry = self._entries.get(key)
        if entry is not None:
            self._entries.move_to_end(key)
        else:
            value = self._read(f"{key}.source")
            if value is not None:
                try:
                    entry = _check_source(value, key, origin)
                except _Corrupt:
                    entry = None
            if entry is None:
                doc = extract()
                entry = _source_entry(doc, key, origin)
                self._write(f"{key}.source", entry)
                _remember(self._entries, key, entry)
                return doc
            _remember(self._entries, key, entry)
        return _source_document(entry, path, data)

    def _structure_finder(self, key: str, find: Callable[[SourceDocument], Structure]
                          ) -> Callable[[SourceDocument], Structure]:
        def found(doc: SourceDocument) -> Structure:
            known = self._structures.get(key)
            if known is not None:
                return known
            value = self._read(f"{key}.structure")
            structure = None
            if value is not None:
                try:
                    structure = _check_structure(value, key, doc)
                except _Corrupt:
                    structure = None
            if structure is None:
                structure = find(doc)  # an InputError (a broken sidecar) is never cached
                self._write(f"{key}.structure", _structure_entry(structure, key))
            _remember(self._structures, key, structure)
            return structure

        return found

    # ------------------------------------------------------------ the folder

    def _trust(self) -> bool:
        """Whether entries may be read from (and written to) the folder: see the module's doc."""
        if self._trusted is None:
            self._trusted = self.folder is not None and folder_trusted(self.folder)
        return self._trusted

    def _read(self, name: str) -> object | None:
        """The JSON of an entry, or None: absent, unreadable, untrusted or corrupt."""
        if self.folder is None or not self._trust():
            return None
        path = self.folder / name
        flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        try:
            fd = os.open(path, flags)
        except (OSError, ValueError):
            return None
        try:
            with os.fdopen(fd, "rb") as handle:
                info = os.fstat(handle.fileno())
                if not stat.S_ISREG(info.st_mode) or not _owned(info):
                    return None
                blob = handle.read(MAX_ENTRY_BYTES + 1)
            if not blob.startswith(MAGIC):
                return None
            inflater = zlib.decompressobj()
            raw = inflater.decompress(memoryview(blob)[len(MAGIC):], MAX_ENTRY_BYTES)
            if not inflater.eof or inflater.unconsumed_tail:
                return None
            value = json.loads(raw)
        except (OSError, ValueError, zlib.error, RecursionError, MemoryError):
            return None
        if self._writable:  # the least recently used entries go first
            with contextlib.suppress(OSError):
                os.utime(path)
        return value

    def _write(self, name: str, value: dict) -> None:
        """Write an entry atomically; any failure leaves the run without the folder."""
        if self.folder is None or not self._writable or not self._trust():
            return
        tmp = None
        try:
            raw = json.dumps(value, ensure_ascii=True, separators=(",", ":")).encode("ascii")
            if len(raw) > MAX_ENTRY_BYTES:
                return
            blob = MAGIC + zlib.compress(raw, 1)
            self._prepare_folder()
            fd, tmp = tempfile.mkstemp(dir=self.folder, prefix=".tmp-", suffix=".part")
            with os.fdopen(fd, "wb") as handle:
                handle.write(blob)
            os.replace(tmp, self.folder / name)
            tmp = None
            self._prune()
        except (OSError, ValueError, OverflowError, RecursionError, MemoryError):
            self._writable = False  # read-only, full disk, a file where the folder should be
        finally:
            if tmp is not None:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)

    def _prepare_folder(self) -> None:
        assert self.folder is not None
        self.folder.mkdir(parents=True, exist_ok=True)
        ignore = self.folder / ".gitignore"
        if not ignore.exists():  # so that `git add -A` never commits it
            with contextlib.suppress(FileExistsError):
                with open(ignore, "x", encoding="ascii") as handle:
                    handle.write("# written by summcheck: its cache of loaded sources\n*\n")

    def _prune(self) -> None:
        """Keep the folder to MAX_ENTRIES entries, and remove stale temporary files."""
        assert self.folder is not None
        entries, now = [], time.time()
        with os.scandir(self.folder) as found:
            for item in found:
                try:
                    info = item.stat(follow_symlinks=False)
                except OSError:
                    continue
                if item.name.startswith(".tmp-"):
                    if now - info.st_mtime > STALE_TEMPORARY:
                        with contextlib.suppress(OSError):
                            os.unlink(item.path)
                elif item.name.endswith((".source", ".structure")):
                    entries.append((info.st_mtime, item.path))
        if len(entries) > MAX_ENTRIES:
            for _, old in sorted(entries)[:len(entries) - MAX_ENTRIES]:
                with contextlib.suppress(OSError):
                    os.unlink(old)


def _remember(memo: OrderedDict, key, value) -> None:
    memo[key] = value
    memo.move_to_end(key)
    while len(memo) > MEMO_SIZE:
        memo.popitem(last=False)


def _finish(doc: SourceDocument, find: Callable[[SourceDocument], Structure]) -> SourceDocument:
    doc.structure_finder = find
    doc.sections = LazySections(lambda: doc.structure.sections)
    return doc


# ---------------------------------------------------------------- trust


def _owned(info: os.stat_result) -> bool:
    """Owned by the user running summcheck (where the system has owners)."""
    geteuid = getattr(os, "geteuid", None)
    return geteuid is None or info.st_uid == geteuid()


def folder_trusted(folder: Path) -> bool:
    """Whether a cache folder's entries may be believed: no symlink, the user's own, and no
    file in it tracked by git (a committed entry is a forgery until proven otherwise)."""
    try:
        info = os.lstat(folder)
    except FileNotFoundError:
        return True  # nothing to read; it is made on the first write
    except (OSError, ValueError):
        return False
    if stat.S_ISLNK(info.st_mode) or not stat.S_ISDIR(info.st_mode) or not _owned(info):
        return False
    real = Path(os.path.realpath(folder))
    top = next((d for d in (real, *real.parents) if (d / ".git").exists()), None)
    if top is None:
        return True  # in no git work tree: nothing can have been committed into it
    # Asked from the top of the work tree, about the folder, with none of the variables a git
    # hook runs with (GIT_DIR, GIT_INDEX_FILE, … may be relative to where the hook started).
    env = {k: v for k, v in os.environ.items() if k not in _GIT_LOCATIONS}
    pathspec = ":(literal)" + real.relative_to(top).as_posix()
    try:
        listed = subprocess.run(["git", "ls-files", "-z", "--", pathspec], cwd=top, env=env,
                                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, timeout=GIT_TIMEOUT,
                                check=False)
    except (OSError, subprocess.SubprocessError, ValueError):
        return False  # no git to ask: not trusted
    return listed.returncode == 0 and not listed.stdout


_GIT_LOCATIONS = frozenset((
    "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR", "GIT_OBJECT_DIRECTORY",
    "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_NAMESPACE", "GIT_PREFIX", "GIT_CEILING_DIRECTORIES",
    "GIT_DISCOVERY_ACROSS_FILESYSTEM"))


# ---------------------------------------------------------------- entries: write


def _source_entry(doc: SourceDocument, key: str, origin: dict) -> dict:
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


def _structure_entry(structure: Structure, key: str) -> dict:
    return {
        "format": FORMAT, "type": "structure", "key": key, "method": structure.method,
        "sections": [[s.ident, s.title, s.span.start, s.span.end, s.line, s.level, s.evidence]
                     for s in structure.sections],
        "decisions": [[d.line, d.page, d.text, d.ident, d.kept, d.reason]
                      for d in structure.decisions],
    }


# ---------------------------------------------------------------- entries: read and check


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _need(condition: bool) -> None:
    if not condition:
        raise _Corrupt


def _record(value: object, types: tuple) -> list:
    """A list of `len(types)` items, each passing its check."""
    _need(isinstance(value, list) and len(value) == len(types))
    for item, check in zip(value, types):  # type: ignore[arg-type]
        _need(check(item))
    return value  # type: ignore[return-value]


def _is_str(value: object) -> bool:
    return isinstance(value, str)


def _is_bool(value: object) -> bool:
    return isinstance(value, bool)


def _header(value: object, kind: str, key: str, fields: set[str]) -> dict:
    _need(isinstance(value, dict) and set(value) == fields)
    _need(value["format"] == FORMAT and value["type"] == kind and value["key"] == key)  # type: ignore[index]
    return value  # type: ignore[return-value]


SOURCE_FIELDS = {"format", "type", "key", "source", "kind", "text", "pages", "has_labels", "ocr",
                 "notes", "outline", "fonts", "body_font", "lazy_fonts"}
STRUCTURE_FIELDS = {"format", "type", "key", "method", "sections", "decisions"}


def _check_source(value: object, key: str, origin: dict) -> dict:
    """`value` when it is a source entry of `key` made from the bytes `origin` describes
    (sha256, size), else _Corrupt."""
    entry = _header(value, "source", key, SOURCE_FIELDS)
    _need(entry["source"] == origin)
    _need(entry["kind"] == "pdf" and _is_str(entry["text"]))
    text, pages = entry["text"], entry["pages"]
    _need(isinstance(pages, list) and len(pages) >= 1)
    end = -1
    for page in pages:
        _record(page, ((lambda v: v is None or _is_str(v)), _is_int, _is_int))
        # A PDF's pages follow one another, a form feed between two of them.
        _need(page[1] == end + 1 and page[1] <= page[2] and (end < 0 or text[end] == "\f"))
        end = page[2]
    _need(pages[0][1] == 0 and end == len(text))
    for flag in ("has_labels", "ocr", "lazy_fonts"):
        _need(_is_bool(entry[flag]))
    _need(entry["has_labels"] == any(p[0] is not None for p in pages))
    _need(isinstance(entry["notes"], list) and all(map(_is_str, entry["notes"])))
    _need(isinstance(entry["outline"], list))
    for item in entry["outline"]:
        _record(item, (_is_int, _is_str, _is_int, (lambda v: v is None or _is_number(v))))
        _need(0 <= item[2] <= len(pages))
    _need(isinstance(entry["fonts"], list))
    lines = text.count("\n") + 1
    for item in entry["fonts"]:
        _record(item, (_is_int, _is_number, _is_bool, _is_number, _is_number))
        _need(1 <= item[0] <= lines)
    _need(entry["body_font"] is None or _is_number(entry["body_font"]))
    return entry


def _source_document(entry: dict, path: Path, data: bytes) -> SourceDocument:
    text = entry["text"]
    pages = [Page(i + 1, label, Span(start, end))
             for i, (label, start, end) in enumerate(entry["pages"])]
    reader = None
    if entry["lazy_fonts"]:
        from .pdf import _font_reader

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


def _check_structure(value: object, key: str, doc: SourceDocument) -> Structure:
    """The structure a `value` of `key` states for `doc`, else _Corrupt."""
    entry = _header(value, "structure", key, STRUCTURE_FIELDS)
    _need(_is_str(entry["method"]))
    size, lines, pages = len(doc.text), len(doc.line_starts), max(1, len(doc.pages))
    sections, decisions = entry["sections"], entry["decisions"]
    _need(isinstance(sections, list) and isinstance(decisions, list))
    out = []
    for item in sections:
        ident, title, start, end, line, level, evidence = _record(
            item, (_is_str, _is_str, _is_int, _is_int, _is_int, _is_int, _is_str))
        _need(0 <= start <= end <= size and 1 <= line <= lines and level >= 0)
        out.append(Section(ident, title, Span(start, end), line, level, evidence))
    kept = []
    for item in decisions:
        line, page, text, ident, keep, reason = _record(
            item, (_is_int, _is_int, _is_str, _is_str, _is_bool, _is_str))
        _need(1 <= line <= lines and 1 <= page <= pages)
        kept.append(HeadingDecision(line, page, text, ident, keep, reason))
    return Structure(out, kept, entry["method"])
