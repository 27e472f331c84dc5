"""SUM206: a record's locator names a place the source does not have."""
from __future__ import annotations

from typing import Iterator

from ..terminal.display import in_quotes
from ..model import RecordStatus
from .base import Problem, on_record, record_name

CODE = "SUM206"
NAME = "unresolved-claim-locator"
SEVERITY = "error"
READS = "records"  # the claims file's records and the source alone
POINTS_AT = "locator"  # on a record: the value a report underlines
SUMMARY = "A claim record's locator names a page, section or line the source does not have."
DOC = """
## What it does
Resolves each record's locator (a string such as `section 4.2` or `pp. 17–18`, or an object
such as `{page: 17}`, `{lines: [120, 134]}`, `{start_char: 1234, end_char: 1300}`) and reports
a record whose locator names no real place. The quote is not searched further (one root
cause, one finding).

## Why
A record that points nowhere cannot be verified and cannot back a sentence.

## Example
    {"locator": "section 18", ...}    # GPL-3 ends at section 17

## Fix
Correct the locator; `summcheck outline SOURCE` lists what the source offers.

## Options
`page-numbers` in the summary's front matter decides whether pages are printed labels or
physical pages.
"""


def check(analysis) -> Iterator[Problem]:
    path = analysis.claims.path
    for result in analysis.file_records:  # the sentence's locator is told on it
        if result.status is not RecordStatus.UNRESOLVED:
            continue
        reasons = "; ".join(r.message for r in result.resolutions if r.problem == "unresolved")
        yield on_record(result, f"{record_name(result)}: locator "
                        f"{in_quotes(result.record.locator.text)} does not resolve: "
                        f"{reasons}", path)
