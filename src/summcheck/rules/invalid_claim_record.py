"""SUM200: a claim record breaks the schema."""
from __future__ import annotations

from typing import Iterator

from ..display import quoted, shorten
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
further; the other records are.

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
    for result in analysis.records:
        if result.status is RecordStatus.INVALID:
            details = "; ".join(f"{quoted(e.json_path)}: {shorten(e.message, 200)}"
                                for e in result.record.errors)
            yield on_record(result, f"invalid {record_name(result)}: {details}", path)
