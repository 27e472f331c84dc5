"""The results file of an audit: JSONL, one line a manifest entry.

    {"entry": {"summary": ..., "claims": ..., "source": ...}, "settings": "...",
     "inputs": "...", "report": {...}, "tag": "..."}

`entry` is the manifest's entry as written (its key), `report` the JSON report that `summcheck
check SUMMARY --format json` gives for that summary alone (with the entry's claims and source),
on one line (ASCII, non-ASCII characters as \\u escapes), `settings` a fingerprint of what
else decides the findings (summcheck's version, the configuration, --select/--ignore), so that
a resumed run never mixes results of two settings, and `inputs` one of the files the entry
was checked with (their paths and bytes): a resumed run checks again an entry whose summary,
claims, source or sidecar changed since, and one that could not be checked. `tag` is the
HMAC-SHA256 of the rest of the line under the user's secret key (summcheck.signing; null when
there is none): a resumed run reuses only a line that summcheck wrote with that key, never
one that was edited or written by anybody else (a results file committed to a pull request).
A line with a missing or wrong tag is checked again, and its new line replaces it.

Lines are written whole and flushed as each shard finishes, in completion order; once every
shard is done the file is rewritten (atomically) in the manifest's order, so the same inputs
give the same file byte for byte. Reading it back to resume, a last line without its newline
(a run killed while writing) is ignored, as are the lines of a shard not all of whose entries
are there; what is ignored is dropped from the file before new lines are appended.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import os
from pathlib import Path
from typing import Iterable

from .. import __version__
from ..config.file import Config
from ..engine import SummaryOutcome, collect
from ..model import InputError
from ..report import reporter_for
from ..files.signing import sign, verify
from .manifest import Entry, entry_key_text

FRESH = "pass --fresh to start over, or name another --output"
FIELDS = ("entry", "settings", "inputs", "report")
# Put before what is signed, so that a tag made for a results line is no tag for anything else
# signed with the same key (the source cache).
CONTEXT = b"summcheck audit results line\0"


def settings_fingerprint(config: Config, select: list[str] | None, ignore: list[str] | None
                         ) -> str:
    """What decides an entry's findings besides its files, as a short hash."""
    shown = dataclasses.replace(config, fail_on=None,
                                path=None if config.path is None else Path(
                                    os.path.abspath(config.path)))
    data = json.dumps({"version": __version__, "config": repr(shown),
                       "select": list(select or []), "ignore": list(ignore or [])},
                      sort_keys=True)
    return hashlib.sha256(data.encode("utf-8")).hexdigest()[:16]


def compact_json(text: str) -> str:
    """A JSON text on one line, ASCII only: how each report stands in the results file."""
    return json.dumps(json.loads(text), ensure_ascii=True, separators=(",", ":"))


def report_json(outcome: SummaryOutcome) -> str:
    """The JSON report of one summary, as `check SUMMARY --format json` prints it."""
    return reporter_for("json").render(collect([outcome]))


def report_line(outcome: SummaryOutcome) -> str:
    """The report of one summary as it stands in its line of the results file."""
    return compact_json(report_json(outcome))


def inputs_digest(paths: Iterable[Path | None], memo: dict[str, str]) -> str:
    """A short hash of the files an entry is checked with, each by its path and its bytes
    (`memo`: the bytes' hash by real path, so that a source shared by many entries is read
    once); a file that cannot be read counts as missing."""
    digest = hashlib.sha256()
    for path in paths:
        digest.update(b"\0-" if path is None else b"\0" + os.fsencode(path))
        if path is None:
            continue
        real = os.path.realpath(path)
        if real not in memo:
            memo[real] = _file_hash(Path(real))
        digest.update(memo[real].encode("ascii"))
    return digest.hexdigest()[:16]


def _file_hash(path: Path) -> str:
    try:
        if not path.is_file():
            return "missing"
        digest = hashlib.sha256()
        with open(path, "rb") as handle:
            while chunk := handle.read(1 << 20):
                digest.update(chunk)
        return digest.hexdigest()
    except OSError:
        return "missing"


def result_line(entry: Entry, settings: str, inputs: str, report: str) -> str:
    """The line of the results file for `entry` (`report`: its report_line), newline included,
    its tag last: the HMAC of the line without it."""
    body = (f'{{"entry":{json.dumps(entry.key, ensure_ascii=True, separators=(",", ":"))},'
            f'"settings":{json.dumps(settings)},"inputs":{json.dumps(inputs)},'
            f'"report":{report}}}')
    tag = sign(CONTEXT + body.encode("ascii"))
    return f'{body[:-1]},"tag":{json.dumps(tag)}}}\n'


def _signed(piece: bytes, value: dict) -> bool:
    """Whether the line `piece` (parsed: `value`) ends in the tag summcheck gave it: the tag
    is checked over the line's own bytes without it, so no change to the line goes unseen."""
    tag = value.get("tag")
    if not isinstance(tag, str) or not tag.isascii():
        return False
    suffix = b',"tag":"' + tag.encode("ascii") + b'"}'
    if not piece.endswith(suffix):
        return False
    return verify(CONTEXT + piece[:-len(suffix)] + b"}", tag)


def read_results(path: Path, entries: Iterable[Entry], settings: str,
                 digests: dict[str, str]) -> tuple[dict[str, str], bool]:
    """The lines already in the results file at `path`, by entry key, and whether the file
    holds anything else (a partial last line, a repeated entry) that is to be dropped. A line
    whose inputs changed since (`digests`: each entry's inputs_digest now), whose summary
    could not be checked, or whose tag is not the one summcheck gave it (a line edited, or not
    written by summcheck with this user's key) is dropped too: the entry is checked again.

    InputError naming the line for a line that is no result of this audit: not one of ours,
    written with other settings, or of an entry the manifest does not list."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return {}, False
    except IsADirectoryError:
        raise InputError(f"{path}: cannot write the results: is a folder") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot read the results ({exc.strerror or exc})") from None
    known = {entry.key_text for entry in entries}
    lines: dict[str, str] = {}
    pieces = data.split(b"\n")
    extra = pieces[-1] != b""  # a last line without its newline: cut short, ignored
    for number, piece in enumerate(pieces[:-1], 1):
        if not piece.strip():
            extra = True
            continue
        value = _parse(piece)
        if value is None:
            raise InputError(f"{path}: line {number}: not a line of summcheck audit results; "
                             f"{FRESH}")
        if value["settings"] != settings:
            raise InputError(f"{path}: line {number}: written by a run with other settings "
                             f"(summcheck's version, the configuration, --select/--ignore); "
                             f"{FRESH}")
        key = entry_key_text(value["entry"])
        if key not in known:
            raise InputError(f"{path}: line {number}: the results of an entry the manifest "
                             f"does not list ({value['entry'].get('summary')}); {FRESH}")
        if key in lines or value["inputs"] != digests.get(key) or value["report"].get("errors") \
                or not _signed(piece, value):
            extra = True
            continue
        lines[key] = piece.decode("ascii") + "\n"
    return lines, extra


def _parse(piece: bytes) -> dict | None:
    """The line `piece` as a results line (its tag not checked yet), or None when it is none."""
    try:
        value = json.loads(piece.decode("ascii"))
    except (UnicodeDecodeError, ValueError, RecursionError):  # RecursionError: nested too deeply
        return None
    # Without a tag it is still a results line (of a run without a key): checked again.
    if not isinstance(value, dict) or set(value) - {"tag"} != set(FIELDS):
        return None
    if not isinstance(value["entry"], dict) or not isinstance(value["report"], dict):
        return None
    return value


class ResultsWriter:
    """Appends whole lines to the results file, flushed after each shard; the file is opened
    on the first write (an engine that cannot start leaves none behind)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.handle = None

    def write(self, lines: list[str]) -> None:
        try:
            if self.handle is None:
                self.handle = open(self.path, "a", encoding="ascii", newline="\n")
            self.handle.write("".join(lines))
            self.handle.flush()
        except OSError as exc:
            raise InputError(f"{self.path}: cannot write the results: "
                             f"{exc.strerror or exc}") from None

    def close(self) -> None:
        if self.handle is not None:
            self.handle.close()

    def __enter__(self) -> "ResultsWriter":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
