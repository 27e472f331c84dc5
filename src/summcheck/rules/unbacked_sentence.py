"""SUM103: no verified claim stands inside the sentence's locator."""
from __future__ import annotations

from typing import Iterator

from ..terminal.display import in_quotes
from .base import Problem, part_column

CODE = "SUM103"
NAME = "unbacked-sentence"
SEVERITY = "error"
SUMMARY = "No verified claim record backs the sentence at its locator."
DOC = """
## What it does
For every part of a sentence's locator ("(p. 17; section 4.2)" has two parts; a range such as
"pp. 17–18" is one), looks for a claim record whose quote was verified at its own locator and
whose matched text lies inside that part. A part with no such record is reported. A sentence
that names its records ("[C3]") is backed only by them: a part none of them stands in is
reported, and so is a sentence without a locator none of whose named records is verified.

## Why
A locator alone proves only that a place exists. The claim records carry the verbatim quote
that shows the place says what the sentence says; a sentence with no record behind it was
written without evidence, or its record failed verification (see SUM201, SUM202).

## Example
    Keys must be rotated every 90 days (section 4.2).   # no record quotes section 4.2
    Keys must be rotated every 90 days [C7].            # C7's quote was not found

## Fix
Add a claim record with a verbatim quote from that place, fix the failing record, or correct
the sentence's locator to the place its record quotes.

## Options
None. Parts that do not resolve (SUM102) or cannot be parsed (SUM104) are not reported again;
nor is a part whose only records there share nothing with the sentence (SUM108), nor the
parts of a sentence whose named record stands elsewhere (SUM107), nor a part where a record
that cannot be read names its place (SUM200 says once which sentences wait on it).
"""


def check(analysis) -> Iterator[Problem]:
    path = analysis.summary.path
    for result in analysis.sentences:
        if result.sentence.synthesis or result.outside:
            continue
        if result.named and not result.bound:
            continue  # it names only ids no record has: SUM106 says so
        if result.named and not result.parts:
            if result.bound and not result.backers:
                names = ", ".join(in_quotes(str(b.result.record.id)) for b in result.bound)
                yield Problem(path, result.sentence.line,
                              f"none of the records the sentence names is verified ({names}): "
                              f"fix the record, or name one whose quote stands in the source",
                              column=result.sentence.column)
            continue
        for part in result.parts:
            if part.unbacked and not part.waiting_on:
                where = part.resolution.part.describe()
                if result.bound and all(b.result.record.origin for b in result.bound):
                    yield Problem(path, result.sentence.line,
                                  f"none of the sentence's quotations stands verified inside "
                                  f"{in_quotes(where)}: quote the source there as it reads",
                                  column=part_column(result, part.resolution.part))
                    continue
                named = " of those the sentence names" if result.named else ""
                yield Problem(path, result.sentence.line,
                              f"no verified claim record{named} stands inside "
                              f"{in_quotes(where)}: add a record quoting this place, or fix "
                              f"the record that should back it",
                              column=part_column(result, part.resolution.part))
