"""SUM103: no verified claim stands inside the sentence's locator."""
from __future__ import annotations

from typing import Iterator

from ..display import in_quotes
from .base import Problem, part_column

CODE = "SUM103"
NAME = "unbacked-sentence"
SEVERITY = "error"
SUMMARY = "No verified claim record stands inside the sentence's locator."
DOC = """
## What it does
For every part of a sentence's locator (`(p. 17; section 4.2)` has two parts; a range such as
`pp. 17–18` is one), looks for a claim record whose quote was verified at its own locator and
whose matched text lies inside that part. A part with no such record is reported.

## Why
A locator alone proves only that a place exists. The claim records carry the verbatim quote
that shows the place says what the sentence says; a sentence with no record behind it was
written without evidence, or its record failed verification (see SUM201, SUM202).

## Example
    Keys must be rotated every 90 days (section 4.2).   # no record quotes section 4.2

## Fix
Add a claim record with a verbatim quote from that place, fix the failing record, or correct
the sentence's locator to the place its record quotes.

## Options
None. Parts that do not resolve (SUM102) or cannot be parsed (SUM104) are not reported again.
"""


def check(analysis) -> Iterator[Problem]:
    path = analysis.summary.path
    for result in analysis.sentences:
        if result.sentence.synthesis:
            continue
        for part in result.parts:
            if part.resolution.ok and not part.backers:
                where = part.resolution.part.describe()
                yield Problem(path, result.sentence.line,
                              f"no verified claim record stands inside {in_quotes(where)}: add "
                              f"a record quoting this place, or fix the record that should "
                              f"back it",
                              column=part_column(result, part.resolution.part))
