"""A cache of loaded sources: a re-run on an unchanged source skips PDF extraction and
structure detection.

Two kinds of entries of loaded sources, each a file of the cache folder (`.summcheck_cache/`
beside the configuration file, else in the current folder; `SUMMCHECK_CACHE_DIR` names
another):

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
Entries are written only where they would be read: outside a git work tree, where only a
folder SUMMCHECK_CACHE_DIR names is believed, the folder beside the configuration is not
even made, and the run keeps its memo alone.

A third kind, `<key>.outcome`, is the whole outcome of checking one summary (its findings
and counts), keyed by everything that outcome depends on; engine/outcomes.py makes, checks
and uses it. It is read and written here, from the same folder under the same trust.

In one run, the summaries of one source share one loaded document (an in-process memo keyed
the same way, in front of the folder), also with the folder disabled (`--no-cache`).

Here, `SourceCache`: the memo and what a run reads from and writes to the folder. The keys are
made in keys.py, entries built and checked in entries.py, their files read and written in
store.py, and the folder judged in trust.py.
"""
from __future__ import annotations

import contextlib
import os
from collections import OrderedDict
from pathlib import Path
from typing import Callable, TypeVar

from ...model import LazySections, SourceDocument, Structure
from .entries import (Corrupt, check_source, check_structure, source_document, source_entry,
                      structure_entry)
from .keys import FORMAT, Keys, entry_keys
from .store import read_entry, write_entry
from .trust import folder_trusted

# The other public names of the module this package was, importable from here as they were.
# Each is looked up in its own module: patch it there.
from .entries import SOURCE_FIELDS as SOURCE_FIELDS, STRUCTURE_FIELDS as STRUCTURE_FIELDS
from .keys import library_version as library_version, markdown_version as markdown_version
from .keys import summcheck_version as summcheck_version
from .store import MAGIC as MAGIC, MAX_ENTRIES as MAX_ENTRIES
from .store import MAX_OUTCOMES as MAX_OUTCOMES
from .store import MAX_ENTRY_BYTES as MAX_ENTRY_BYTES, STALE_TEMPORARY as STALE_TEMPORARY
from .trust import GIT_TIMEOUT as GIT_TIMEOUT

FOLDER_NAME = ".summcheck_cache"
ENV_FOLDER = "SUMMCHECK_CACHE_DIR"
MEMO_SIZE = 8  # loaded sources one run keeps in memory

__all__ = ["SourceCache", "FOLDER_NAME", "ENV_FOLDER", "FORMAT"]

T = TypeVar("T")


# ---------------------------------------------------------------- the cache of one run


class SourceCache:
    """The loaded sources of one run: a memo in memory, in front of the cache folder (None:
    the memo alone). Pickled (for a worker process) as its folder alone."""

    def __init__(self, folder: Path | None, named: bool = False) -> None:
        self.folder = Path(folder) if folder is not None else None
        self.named = named  # the user named the folder (SUMMCHECK_CACHE_DIR): see trust.py
        self._entries: OrderedDict[str, dict] = OrderedDict()  # source key → entry
        self._docs: OrderedDict[tuple, SourceDocument] = OrderedDict()
        self._structures: OrderedDict[str, Structure] = OrderedDict()
        self._claims: OrderedDict[tuple, tuple] = OrderedDict()  # read claims files
        self._matched: OrderedDict[tuple, tuple] = OrderedDict()  # their records, matched
        self._trusted: bool | None = None
        self._writable = True

    def __getstate__(self) -> dict:
        return {"folder": self.folder, "named": self.named}

    def __setstate__(self, state: dict) -> None:
        self.__init__(state["folder"], state["named"])  # type: ignore[misc]

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
        if named:
            return cls(Path(named), named=True)
        return cls(Path(config_root) / FOLDER_NAME)

    def matched_records(self, key: tuple, source: SourceDocument) -> "MatchedRecords":
        """Where the records of a claims file read through `claims`, located and matched on
        `source` under the settings in `key`, are kept for the run."""
        return MatchedRecords(self._matched, key, source)

    # ------------------------------------------------------------ loading

    def claims(self, key: tuple, read: Callable[[], tuple]) -> tuple:
        """A claims file read once a run for its text (`key`: its path, its text's digest and
        the lexicon), by `read` the first time: summaries that share a claims file, and an
        editor's checks of a summary edited while its claims file is not, read it once.
        What is kept must not be changed by its users (engine/load.py copies the list)."""
        found = self._claims.get(key)
        if found is None:
            found = read()
            _remember(self._claims, key, found)
        else:
            self._claims.move_to_end(key)
        return found

    def load(self, path: Path, data: bytes, kind: str, *, page_numbers: str, ocr: bool,
             sections: str, sidecar: Path | None,
             extract: Callable[[], SourceDocument],
             find: Callable[[SourceDocument], Structure]) -> SourceDocument:
        """The source at `path` (whose bytes are `data`, loaded by `extract` as a `kind`),
        from the memo, the folder, or `extract`; its structure found by `find` on first use,
        from the memo, the folder, or `find`."""
        keys = entry_keys(data, kind, page_numbers, ocr, sections, sidecar)
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

    def _source(self, path: Path, data: bytes, kind: str, keys: Keys,
                extract: Callable[[], SourceDocument]) -> SourceDocument:
        if kind != "pdf":
            return extract()
        key, origin = keys.source, {"sha256": keys.sha256, "size": len(data)}
        entry = self._entries.get(key)
        if entry is not None:
            self._entries.move_to_end(key)
        else:
            entry = self._read_checked(f"{key}.source", check_source, key, origin)
            if entry is None:
                doc = extract()
                entry = source_entry(doc, key, origin)
                self._write(f"{key}.source", entry)
                _remember(self._entries, key, entry)
                return doc
            _remember(self._entries, key, entry)
        return source_document(entry, path, data)

    def _structure_finder(self, key: str, find: Callable[[SourceDocument], Structure]
                          ) -> Callable[[SourceDocument], Structure]:
        def found(doc: SourceDocument) -> Structure:
            known = self._structures.get(key)
            if known is not None:
                return known
            structure = self._read_checked(f"{key}.structure", check_structure, key, doc)
            if structure is None:
                structure = find(doc)  # an InputError (a broken sidecar) is never cached
                self._write(f"{key}.structure", structure_entry(structure, key))
            _remember(self._structures, key, structure)
            return structure

        return found

    # ------------------------------------------------------------ outcomes (engine/outcomes.py)

    @property
    def stores(self) -> bool:
        """Whether this run keeps entries in a folder: one it may read (False: `--no-cache`,
        or a folder that would not be believed; the memo alone then)."""
        return self.folder is not None and self._trust()

    def read_outcome(self, key: str) -> object | None:
        """The JSON of the outcome entry `key`, or None: as `_read`, under the same trust."""
        return self._read(f"{key}.outcome")

    def write_outcome(self, key: str, value: dict) -> None:
        self._write(f"{key}.outcome", value)

    # ------------------------------------------------------------ the folder

    def _trust(self) -> bool:
        """Whether entries may be read from and written to the folder: see the module's doc.
        Only where they would be read are they written: entries that no later run believes
        (outside a git work tree, a folder SUMMCHECK_CACHE_DIR does not name) cost the run
        their making and the disk their bytes, for nothing."""
        if self._trusted is None:
            self._trusted = self.folder is not None and _would_be_read(self.folder, self.named)
        return self._trusted

    def _read(self, name: str) -> object | None:
        """The JSON of an entry, or None: absent, unreadable, untrusted or corrupt."""
        if self.folder is None or not self._trust():
            return None
        return read_entry(self.folder / name, touch=self._writable)

    def _read_checked(self, name: str, check: Callable[..., T], *args: object) -> T | None:
        """What `check(entry, *args)` makes of an entry, or None: absent, untrusted or
        corrupt (a corrupt entry is then written anew by the caller)."""
        value = self._read(name)
        if value is None:
            return None
        try:
            return check(value, *args)
        except Corrupt:
            return None

    def _write(self, name: str, value: dict) -> None:
        """Write an entry atomically; any failure leaves the run without the folder."""
        if self.folder is None or not self._writable or not self._trust():
            return
        if not write_entry(self.folder, name, value):
            self._writable = False


def _would_be_read(folder: Path, named: bool) -> bool:
    """Whether a later run would read entries from `folder` (trust.py). trust.py believes a
    folder that is not there yet, having nothing in it to doubt; what it would make of the
    folder once written is asked of the folder itself: it is made, empty, for the question
    and removed again (with any parent made for it), so that a run that writes nothing leaves
    nothing, and one that writes makes it anew."""
    try:
        os.lstat(folder)
    except FileNotFoundError:
        pass
    except (OSError, ValueError):
        return False
    else:
        return folder_trusted(folder, named)
    made: list[Path] = []
    try:
        for missing in reversed([folder, *folder.parents]):
            if os.path.lexists(missing):
                continue
            try:
                os.mkdir(missing)
            except FileExistsError:
                continue  # another run made it meanwhile: it is that run's to remove
            made.append(missing)
    except (OSError, ValueError):
        trusted = False  # it cannot be made: nowhere to write, nothing to read
    else:
        trusted = folder_trusted(folder, named)
    finally:
        for path in reversed(made):
            with contextlib.suppress(OSError):
                os.rmdir(path)  # empty, unless another run wrote into it meanwhile
    return trusted


class MatchedRecords:
    """One claims file's matched records on one source (`SourceCache.matched_records`). A
    check reuses them only for the very source object they were matched on (a source loaded
    anew, or changed, is matched anew), and never changes them: what a summary adds (its
    sentences, its inline quotations) is its own."""

    def __init__(self, memo: OrderedDict, key: tuple, source: SourceDocument) -> None:
        self.memo, self.key, self.source = memo, key, source

    def get(self) -> list | None:
        found = self.memo.get(self.key)
        if found is None or found[0] is not self.source:
            return None
        self.memo.move_to_end(self.key)
        return list(found[1])

    def keep(self, records: list) -> None:
        _remember(self.memo, self.key, (self.source, tuple(records), {}))

    def problems(self) -> dict | None:
        """Where the engine keeps, for the records kept here, the problems of the rules that
        read only them (`Rule.reads`), by rule and options; None when none are kept for this
        source."""
        found = self.memo.get(self.key)
        return None if found is None or found[0] is not self.source else found[2]


def _remember(memo: OrderedDict, key, value) -> None:
    memo[key] = value
    memo.move_to_end(key)
    while len(memo) > MEMO_SIZE:
        memo.popitem(last=False)


def _finish(doc: SourceDocument, find: Callable[[SourceDocument], Structure]) -> SourceDocument:
    doc.structure_finder = find
    doc.sections = LazySections(lambda: doc.structure.sections)
    return doc

