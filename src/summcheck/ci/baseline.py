"""Baselines: adopt the gate on a corpus that already has findings, and fail only on new ones.

`summcheck check --write-baseline FILE` records every finding of the run; `--baseline FILE`
then leaves out each finding the file records and reports the entries that no longer occur.
Findings are matched by SARIF's partial fingerprints (report/fingerprints.py): a hash of the
rule, the file's repository-relative path, the message with line numbers blanked and the
record id, plus an occurrence number; so a finding keeps its identity when lines above it move,
and a finding whose message changes (a quote edited, a locator corrected) is a new one.

The file is JSON, written in report order:

    {"version": 1, "tool": "summcheck",
     "findings": [{"fingerprint": "3f2a…c9:1", "rule": "SUM201", "path": "docs/claims.jsonl",
                   "line": 12, "message": "record 'keys': quote not found in the source…"}]}

Only `version` and each entry's `fingerprint` decide anything; the rest says what the entry
was, for a reader and for the report of entries that no longer occur. `line` is where the
finding was when the baseline was written.
"""
from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from pathlib import Path

from ..terminal.display import printable
from ..model import InputError
from ..report.model import Report

VERSION = 1


@dataclass(frozen=True)
class Entry:
    """One finding a baseline records."""

    fingerprint: str
    rule: str
    path: str
    line: int | None
    message: str

    def describe(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        return printable(f"{where}: {self.rule} {self.message}")


def _root() -> Path:
    from ..report.github import source_root

    return source_root()


def _fingerprints(report: Report, root: Path) -> list[str]:
    """Each finding's fingerprint, as the SARIF report gives it (of the printable findings)."""
    from ..report.base import displayable
    from ..report.fingerprints import fingerprints

    return fingerprints(displayable(report).findings, root)


def entries_of(report: Report) -> list[Entry]:
    """The baseline entries of every finding of `report`, in report order."""
    from ..report.gitlab import project_path

    root = _root()
    return [Entry(fingerprint, f.rule, project_path(f.path, root), f.line, printable(f.message))
            for f, fingerprint in zip(report.findings, _fingerprints(report, root))]


def baseline_text(report: Report) -> str:
    """The baseline file that records every finding of `report`."""
    from ..report.base import dump_json

    return dump_json({"version": VERSION, "tool": "summcheck",
                      "findings": [dataclasses.asdict(e) for e in entries_of(report)]})


def read_baseline(path: Path) -> list[Entry]:
    """The entries of a baseline file; InputError (exit 2) naming it when it is none."""
    from ..files.reading import decode, read_input

    text = decode(read_input(path, 200_000_000, "baseline"), str(path))
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise InputError(f"{path}: not a summcheck baseline: invalid JSON ({exc})") from None
    if not isinstance(data, dict) or "findings" not in data or "version" not in data:
        raise InputError(f"{path}: not a summcheck baseline: expected an object with version "
                         f"and findings (write one with --write-baseline)")
    if data["version"] != VERSION:
        raise InputError(f"{path}: baseline version {printable(repr(data['version']))} is not "
                         f"{VERSION}, the one this summcheck reads; write it again with "
                         f"--write-baseline")
    findings = data["findings"]
    if not isinstance(findings, list):
        raise InputError(f"{path}: not a summcheck baseline: findings must be a list")
    entries = []
    for number, item in enumerate(findings):
        if not isinstance(item, dict) or not isinstance(item.get("fingerprint"), str):
            raise InputError(f"{path}: findings[{number}]: an entry needs a fingerprint")
        line = item.get("line")
        entries.append(Entry(item["fingerprint"], str(item.get("rule", "")),
                             str(item.get("path", "")),
                             line if isinstance(line, int) and not isinstance(line, bool) else None,
                             str(item.get("message", ""))))
    return entries


def apply_baseline(report: Report, entries: list[Entry]) -> list[Entry]:
    """Leave out of `report` (in place) every finding `entries` record; return the entries
    that no longer occur among the files this run checked (its summaries and claims files)."""
    from ..report.gitlab import project_path

    root = _root()
    known = {e.fingerprint for e in entries}
    prints = _fingerprints(report, root)
    report.findings = [f for f, fp in zip(report.findings, prints) if fp not in known]
    seen = set(prints)
    checked = {project_path(p, root) for s in report.summaries for p in (s.path, s.claims)}
    return [e for e in entries if e.fingerprint not in seen and e.path in checked]
