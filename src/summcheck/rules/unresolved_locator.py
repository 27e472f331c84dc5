"""SUM102: a sentence's locator names a page, section or line the source does not have."""
from __future__ import annotations

from typing import Iterator

from ..terminal.display import in_quotes
from .base import Problem, part_column

CODE = "SUM102"
NAME = "unresolved-locator"
SEVERITY = "error"
SUMMARY = "A sentence's locator names a page, section or line the source does not have."
DOC = """
## What it does
Resolves every part of every locator in the summary against the source and reports the parts
that name no real place: a page beyond the last one, a section number no heading carries, a
line past the end. For a PDF with printed page labels (`page-numbers: auto`), page numbers are
labels: a number that is no label is reported even if a physical page with that number exists.

## Why
A locator that leads nowhere cannot be checked, and usually means the sentence was written
from memory or from another edition.

## Example
    The registry closes on Sundays (section 9.4).      # the source ends at section 8

## Fix
Cite the place that holds the statement; `summcheck outline SOURCE` lists the pages, labels
and sections the source offers, `summcheck locate SOURCE LOCATOR` prints one.

## Options
`page-numbers: auto | label | physical` in the summary's front matter.
"""


def check(analysis) -> Iterator[Problem]:
    path = analysis.summary.path
    for result in analysis.sentences:
        for part in result.parts:
            resolution = part.resolution
            if resolution.problem == "unresolved":
                yield Problem(path, result.sentence.line,
                              f"locator {in_quotes(resolution.part.describe())} does not "
                              f"resolve: {resolution.message}",  # Problem clips its numbers
                              column=part_column(result, resolution.part))
