"""An audit's manifest: the (summary, claims, source) triples of a corpus, one an entry.

JSONL (`.jsonl`, `.ndjson`): one object a line, `{"summary": ..., "claims": ..., "source":
...}`; blank lines are skipped. CSV (`.csv`): a header row naming the columns `summary`,
`claims` and `source` (only `summary` is required), then one row an entry; an empty cell is an
omitted value. Any other name: JSONL when the first non-blank character is `{`, else CSV.

`claims` and `source` may be left out when the summary's front matter (or the configuration,
or the claims file's `source:`) names them, as for `summcheck check SUMMARY`. Paths are
relative to the manifest's folder. Every entry is checked before any work: a line that is not
an object, a missing or unknown column, a value that is no path, a file that does not exist, a
URL or an entry listed twice is an InputError naming the manifest and the line (exit 2).
"""
from __future__ import annotations

import csv
import io
import json
import os
from dataclasses import dataclass
from pathlib import Path

from ..engine import SummaryJob
from ..files import decode, read_input
from ..model import InputError

COLUMNS = ("summary", "claims", "source")
MAX_BYTES = 512 * 1024 * 1024
JSONL_SUFFIXES = (".jsonl", ".ndjson")


@dataclass(frozen=True)
class Entry:
    """One triple of the manifest: the values as written (its key in the results file) and
    the job they make, its paths relative to the manifest's folder."""

    line: int  # in the manifest, 1-based (a CSV row: the line it starts on)
    summary: str
    claims: str | None
    source: str | None
    job: SummaryJob

    @property
    def key(self) -> dict[str, str | None]:
        """What identifies the entry in the results file: its values as the manifest has them."""
        return {"summary": self.summary, "claims": self.claims, "source": self.source}

    @property
    def key_text(self) -> str:
        return entry_key_text(self.key)


def entry_key_text(key: object) -> str:
    """The canonical text of an entry's key, to compare keys read back from a results file."""
    return json.dumps(key, sort_keys=True, ensure_ascii=True, separators=(",", ":"))


def read_manifest(path: Path) -> list[Entry]:
    """The entries of the manifest at `path`, in its order; InputError naming the file and the
    line for the first bad one."""
    text = decode(read_input(path, MAX_BYTES, "manifest"), str(path))
    if _is_jsonl(path, text):
        rows = _jsonl_rows(path, text)
    else:
        rows = _csv_rows(path, text)
    folder = path.parent
    entries: list[Entry] = []
    seen: dict[str, int] = {}
    for line, values in rows:
        entry = _entry(path, folder, line, values)
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


def _entry(manifest: Path, folder: Path, line: int, values: dict) -> Entry:
    where = f"{manifest}: line {line}"
    unknown = sorted(str(key) for key in values if key not in COLUMNS)
    if unknown:
        raise InputError(f"{where}: unknown key {unknown[0]!r} (the keys are "
                         f"{', '.join(COLUMNS)})")
    if values.get("summary") is None:
        raise InputError(f"{where}: no summary")
    written: dict[str, str | None] = {}
    paths: dict[str, Path | None] = {}
    for key in COLUMNS:
        value = values.get(key)
        if value is None:
            written[key], paths[key] = None, None
            continue
        if not isinstance(value, str) or not value.strip():
            raise InputError(f"{where}: {key} must be a path (a non-empty string), "
                             f"not {json.dumps(value)}")
        if "://" in value:
            raise InputError(f"{where}: {key} {value!r} is a URL; an audit reads local files "
                             f"only (fetch the files first)")
        if "\0" in value:
            raise InputError(f"{where}: {key} holds a NUL character")
        resolved = Path(os.path.normpath(folder / value))
        if not resolved.exists():
            raise InputError(f"{where}: {key} {resolved} not found")
        written[key], paths[key] = value, resolved
    assert paths["summary"] is not None
    job = SummaryJob(paths["summary"], claims=paths["claims"], source=paths["source"])
    return Entry(line, written["summary"], written["claims"], written["source"], job)  # type: ignore[arg-type]
