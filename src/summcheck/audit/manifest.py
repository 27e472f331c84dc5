"""An audit's manifest: the (summary, claims, source) triples of a corpus, one an entry.

JSONL (`.jsonl`, `.ndjson`): one object a line, `{"summary": ..., "claims": ..., "source":
...}`; blank lines are skipped. CSV (`.csv`): a header row naming the columns `summary`,
`claims` and `source` (only `summary` is required), then one row an entry; an empty cell is an
omitted value. Any other name: JSONL when the first non-blank character is `{`, else CSV.

A summary of several documents names them in a `sources` column, as its front matter would:
in JSONL an object of keys and paths (`{"RFC3986": "rfc3986.txt", "GPL": "gpl-3.0.txt"}`),
in CSV `KEY=PATH` pairs separated by `;` (`RFC3986=rfc3986.txt;GPL=gpl-3.0.txt`); an entry
gives `source` or `sources`, not both.

`claims` and `source` may be left out when the summary's front matter (or the configuration,
or the claims file's `source:`) names them, as for `summcheck check SUMMARY`. Paths are
relative to the manifest's folder. Every entry is checked before any work: a line that is not
an object (or nested too deeply to read), a missing or unknown column, a value that is no path,
a file that does not exist, a URL or an entry listed twice is an InputError naming the manifest
and the line (exit 2).

A manifest is confined as front matter is (confine.py): it is as likely to come from a pull
request as the summaries it lists, so every path it names must lie, once symlinks are followed,
below the manifest's folder or the top of the git work tree the manifest is in, unless the
command line says `--allow-outside`; a special file (/proc, a FIFO, ...) and anything inside
a `.git` folder (where actions/checkout keeps the job's token) are never read, whatever the
options. A path refused is an InputError naming the manifest and the line, like a missing one,
before any file is read.
"""
from __future__ import annotations

import csv
import io
import json
import os
from dataclasses import dataclass
from pathlib import Path

from ..files.confine import special_reason
from ..engine import SummaryJob
from ..files.reading import decode, read_input
from ..inputs.documents import DocumentSource
from ..locators.documents import is_name
from ..model import InputError

COLUMNS = ("summary", "claims", "source", "sources")
FILE_COLUMNS = ("summary", "claims", "source")
MAX_BYTES = 512 * 1024 * 1024
JSONL_SUFFIXES = (".jsonl", ".ndjson")
OPT_IN = "pass --allow-outside on the command line to allow it"


@dataclass(frozen=True)
class Entry:
    """One triple of the manifest: the values as written (its key in the results file) and
    the job they make, its paths relative to the manifest's folder."""

    line: int  # in the manifest, 1-based (a CSV row: the line it starts on)
    summary: str
    claims: str | None
    source: str | None
    job: SummaryJob
    sources: dict[str, str] | None = None  # a summary of several: key → path, as written

    @property
    def key(self) -> dict:
        """What identifies the entry in the results file: its values as the manifest has them
        (`sources` only where given, so that the keys of other entries stay as they were)."""
        key: dict = {"summary": self.summary, "claims": self.claims, "source": self.source}
        if self.sources is not None:
            key["sources"] = self.sources
        return key

    @property
    def key_text(self) -> str:
        return entry_key_text(self.key)


def entry_key_text(key: object) -> str:
    """The canonical text of an entry's key, to compare keys read back from a results file."""
    return json.dumps(key, sort_keys=True, ensure_ascii=True, separators=(",", ":"))


@dataclass(frozen=True)
class ManifestConfinement:
    """Where the files a manifest names may lie (see the module's doc)."""

    roots: tuple[Path, ...]  # resolved
    allow_outside: bool = False

    @classmethod
    def of(cls, manifest: Path, allow_outside: bool = False) -> "ManifestConfinement":
        """The manifest's folder and the top of the git work tree that folder is in, as
        confine.repository_roots gives a summary the top of its work tree."""
        folder = Path(os.path.realpath(manifest.parent))
        top = next((d for d in (folder, *folder.parents) if (d / ".git").exists()), None)
        return cls((folder,) if top is None or top == folder else (folder, top), allow_outside)

    def refusal(self, path: Path) -> str | None:
        """Why the manifest may not name `path` (`lies outside …`), or None when it may."""
        reason = special_reason(path)
        if reason is not None:
            return f"not read: it is {reason}"
        real = Path(os.path.realpath(path))
        # Whatever the options: a .git folder holds the job's token, never a document. Either
        # spelling: the path as named and as resolved (a symlink into .git, or out of it).
        named = Path(os.path.abspath(path))
        if any(part.casefold() == ".git" for part in (*real.parts, *named.parts)):
            return "lies inside a .git folder (after following symlinks); never read"
        if self.allow_outside or any(real == root or root in real.parents
                                     for root in self.roots):
            return None
        return (f"lies outside the manifest's folder "
                f"{' and its repository root '.join(map(str, self.roots))} (after following "
                f"symlinks); {OPT_IN}")


def read_manifest(path: Path, allow_outside: bool = False) -> list[Entry]:
    """The entries of the manifest at `path`, in its order; InputError naming the file and the
    line for the first bad one. `allow_outside`: the command line's --allow-outside."""
    text = decode(read_input(path, MAX_BYTES, "manifest"), str(path))
    if _is_jsonl(path, text):
        rows = _jsonl_rows(path, text)
    else:
        rows = _csv_rows(path, text)
    folder = path.parent
    confinement = ManifestConfinement.of(path, allow_outside)
    entries: list[Entry] = []
    seen: dict[str, int] = {}
    for line, values in rows:
        entry = _entry(path, folder, line, values, confinement)
        first = seen.setdefault(entry.key_text, line)
        if first != line:
            raise InputError(f"{path}: line {line}: the same entry as line {first}")
        entries.append(entry)
    if not entries:
        raise InputError(f"{path}: the manifest lists no summary")
    return entries


def _is_jsonl(path: Path, text: str) -> bool:
    suffix = path.suffix.lower()
    if suffix in JSONL_SUFFIXES:
        return True
    if suffix == ".csv":
        return False
    return text.lstrip().startswith("{")


def _jsonl_rows(path: Path, text: str):
    # Only line feeds end a line: JSON strings may hold U+2028, form feeds and the like.
    for number, line in enumerate((part.rstrip("\r") for part in text.split("\n")), 1):
        if not line.strip():
            continue
        try:
            value = json.loads(line)
        except ValueError as exc:
            raise InputError(f"{path}: line {number}: not valid JSON ({_reason(exc)})") from None
        except RecursionError:  # json's decoder recurses once a level of [ or {
            raise InputError(f"{path}: line {number}: not valid JSON (nested too deeply)"
                             ) from None
        if not isinstance(value, dict):
            raise InputError(f"{path}: line {number}: not a JSON object "
                             f"({{\"summary\": ..., \"claims\": ..., \"source\": ...}})")
        yield number, value


def _reason(exc: ValueError) -> str:
    return getattr(exc, "msg", None) or str(exc)


def _csv_rows(path: Path, text: str):
    reader = csv.reader(io.StringIO(text, newline=""))
    header: list[str] | None = None
    start = 1
    try:
        for row in reader:
            line, start = start, reader.line_num + 1
            if not any(cell.strip() for cell in row):
                continue
            if header is None:
                header = [cell.strip() for cell in row]
                _check_header(path, line, header)
                continue
            if len(row) != len(header):
                raise InputError(f"{path}: line {line}: {len(row)} field"
                                 f"{'' if len(row) == 1 else 's'} where the header names "
                                 f"{len(header)}")
            yield line, {name: (cell if cell.strip() else None) for name, cell in zip(header, row)}
    except csv.Error as exc:
        raise InputError(f"{path}: line {reader.line_num}: not valid CSV ({exc})") from None
    if header is None:
        raise InputError(f"{path}: line 1: no header row (summary,claims,source)")


def _check_header(path: Path, line: int, header: list[str]) -> None:
    for name in header:
        if name not in COLUMNS:
            raise InputError(f"{path}: line {line}: unknown column {name!r} (the columns are "
                             f"{', '.join(COLUMNS)})")
        if header.count(name) > 1:
            raise InputError(f"{path}: line {line}: column {name!r} named twice")
    if "summary" not in header:
        raise InputError(f"{path}: line {line}: no summary column")


def _entry(manifest: Path, folder: Path, line: int, values: dict,
           confinement: ManifestConfinement) -> Entry:
    where = f"{manifest}: line {line}"
    unknown = sorted(str(key) for key in values if key not in COLUMNS)
    if unknown:
        raise InputError(f"{where}: unknown key {unknown[0]!r} (the keys are "
                         f"{', '.join(COLUMNS)})")
    if values.get("summary") is None:
        raise InputError(f"{where}: no summary")
    written: dict[str, str | None] = {}
    paths: dict[str, Path | None] = {}
    for key in FILE_COLUMNS:
        value = values.get(key)
        if value is None:
            written[key], paths[key] = None, None
            continue
        written[key], paths[key] = value, _path(where, key, value, folder, confinement)
    assert paths["summary"] is not None
    sources = _sources(where, values.get("sources"), folder, confinement)
    if sources is not None and written["source"] is not None:
        raise InputError(f"{where}: give source or sources, not both")
    documents = None if sources is None else tuple(
        DocumentSource(key, path) for key, (_, path) in sources.items())
    job = SummaryJob(paths["summary"], claims=paths["claims"], source=paths["source"],
                     documents=documents)
    return Entry(line, written["summary"], written["claims"], written["source"], job,  # type: ignore[arg-type]
                 None if sources is None else {k: v for k, (v, _) in sources.items()})


def _path(where: str, key: str, value: object, folder: Path,
          confinement: ManifestConfinement) -> Path:
    """The file a manifest value names, relative to the manifest's folder; InputError for a
    value that is no path, a URL, a path refused or a file that does not exist."""
    if not isinstance(value, str) or not value.strip():
        raise InputError(f"{where}: {key} must be a path (a non-empty string), "
                         f"not {json.dumps(value)}")
    if "://" in value:
        raise InputError(f"{where}: {key} {value!r} is a URL; an audit reads local files "
                         f"only (fetch the files first)")
    if "\0" in value:
        raise InputError(f"{where}: {key} holds a NUL character")
    resolved = Path(os.path.normpath(folder / value))
    # Before the file is looked at: whether a file outside exists is not the manifest's to
    # learn either.
    refusal = confinement.refusal(resolved)
    if refusal is not None:
        raise InputError(f"{where}: {key} {resolved} {refusal}")
    if not resolved.exists():
        raise InputError(f"{where}: {key} {resolved} not found")
    return resolved


def _sources(where: str, value: object, folder: Path, confinement: ManifestConfinement
             ) -> dict[str, tuple[str, Path]] | None:
    """A `sources` value: each key with its path as written and as found, or None."""
    if value is None:
        return None
    if isinstance(value, str):  # CSV: KEY=PATH;KEY=PATH
        pairs = [part.partition("=") for part in value.split(";") if part.strip()]
        if not pairs or any(not sep for _, sep, _ in pairs):
            raise InputError(f"{where}: sources must be KEY=PATH pairs separated by ; "
                             f"(RFC3986=rfc3986.txt;GPL=gpl-3.0.txt), not {value!r:.60}")
        value = {key.strip(): path.strip() for key, _, path in pairs}
    if not isinstance(value, dict) or not value:
        raise InputError(f"{where}: sources must map keys to paths "
                         f"({{\"RFC3986\": \"rfc3986.txt\"}}), not {json.dumps(value)[:60]}")
    found = {}
    for key, path in value.items():
        if not is_name(key):
            raise InputError(f"{where}: sources: key {key!r:.40} must be a name a locator can "
                             f"use, as a document's name is written (GPL, AMI, RFC3986)")
        found[key] = (path, _path(where, f"sources.{key}", path, folder, confinement))
    return found
