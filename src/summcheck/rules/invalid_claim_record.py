"""SUM200: a claim record breaks the schema."""
from __future__ import annotations

from typing import Iterator

from ..terminal.display import quoted, shorten
from ..model import RecordStatus
from .base import Problem, on_record, record_name

CODE = "SUM200"
NAME = "invalid-claim-record"
SEVERITY = "error"
SUMMARY = "A claim record breaks the claims schema."
DOC = """
## What it does
Validates every claim record against `schemas/claims.schema.json` (JSON Schema 2020-12):
`claim`, `locator`, `quote` (not blank) and `strength` (`states`, `recommends`, `requires`,
`reports`, or a German, Spanish or Portuguese translation) are required; unknown keys are
errors unless they begin with `x-`. In JSONL, a line that is not a JSON object is reported at
that line. The message gives the JSON path of each violation. The record is not checked
further; the other records are. When its locator can still be read (in JSONL, a line that is
no JSON but whose `"locator"` string is whole), the message names the sentences at that place
that no other record backs: they are unbacked because of this record, and are not reported
again one by one (SUM103).

## Why
A record that the schema rejects cannot be verified, and a typo such as `qoute` would
otherwise drop the quote without a word.

## Example
    {"claim": "…", "locator": "section 7", "qoute": "…", "strength": "mandates"}

## Fix
Give the record what the schema asks for at the JSON path the message names: `claim`,
`locator`, `quote` and `strength` (`states`, `recommends`, `requires` or `reports`):

    {"claim": "…", "locator": "section 7", "quote": "…", "strength": "requires"}

## Options
None.
"""


def check(analysis) -> Iterator[Problem]:
    path = analysis.claims.path
    waiting = _waiting(analysis)
    for result in analysis.records:
        if result.status is RecordStatus.INVALID:
            details = "; ".join(f"{quoted(e.json_path)}: {shorten(e.message, 200)}"
                                for e in result.record.errors)
            yield on_record(result, f"invalid {record_name(result)}: {details}"
                            f"{_unbacked_until_fixed(waiting.get(id(result)), analysis)}", path)


def _waiting(analysis) -> dict[int, list[int]]:
    """id of each invalid record → the lines of the sentences with a part only it could back."""
    waiting: dict[int, list[int]] = {}
    for sentence in analysis.sentences:
        for part in sentence.parts:
            for result in part.waiting_on:
                lines = waiting.setdefault(id(result), [])
                if sentence.sentence.line not in lines:
                    lines.append(sentence.sentence.line)
    return waiting


def _unbacked_until_fixed(lines: list[int] | None, analysis) -> str:
    if not lines:
        return ""
    name = analysis.summary.path.name
    shown = ", ".join(str(line) for line in lines[:8]) + (", …" if len(lines) > 8 else "")
    count = f"{len(lines)} sentences" if len(lines) > 1 else "the sentence"
    where = f"lines {shown}" if len(lines) > 1 else f"line {shown}"
    return (f"; until it is fixed, {count} at its place ({name} {where}) "
            f"{'have' if len(lines) > 1 else 'has'} no record to back {'them' if len(lines) > 1 else 'it'}")
