"""SUM107: a record a sentence names stands outside the sentence's locator."""
from __future__ import annotations

from typing import Iterator

from ..terminal.display import in_quotes
from .base import Problem, record_name

CODE = "SUM107"
NAME = "record-outside-locator"
SEVERITY = "error"
SUMMARY = "A record the sentence names is verified outside the sentence's locator."
DOC = """
## What it does
A sentence that names its records ("[C3]") and also carries a locator says twice where its
evidence stands. Reports each named record whose quote was verified (at the record's own
locator) outside every part of the sentence's locator, and says where it stands.

## Why
One of the two places is wrong: the sentence cites a page its evidence is not on, or names a
record about another place. A reader who follows the locator does not find the quote.

## Example
    Keys must be rotated every 90 days (p. 4) [C7].   # C7 quotes p. 9

## Fix
Correct the sentence's locator to where the record stands, name the record that stands at the
locator, or drop the locator (a sentence that names records needs none).

## Options
None. Named records that are not verified are reported by SUM201/SUM202 on the record.
"""


def check(analysis) -> Iterator[Problem]:
    path = analysis.summary.path
    for result in analysis.sentences:
        cited = "; ".join(p.resolution.part.describe() for p in result.parts)
        for record in result.outside:
            where = record.record.locator.text if record.record.locator else "elsewhere"
            yield Problem(path, result.sentence.line,
                          f"{record_name(record)}, which the sentence names, stands at "
                          f"{in_quotes(where)}, outside the sentence's locator "
                          f"{in_quotes(cited)}: correct the locator or name the record that "
                          f"stands there",
                          column=result.sentence.column)
