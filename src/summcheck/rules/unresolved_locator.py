"""SUM102: a sentence's locator names a page, section or line the source does not have."""
from __future__ import annotations

import re
from typing import Iterator

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
                              clip_numbers(f"locator {resolution.part.describe()!r} does not "
                                           f"resolve: {resolution.message}"),
                              column=part_column(result, resolution.part))


_LONG_NUMBER = re.compile(r"\d{21,}")


def clip_numbers(message: str) -> str:
    """`p. 1000000000…0000 (10,000 digits)`: a number no document has is not printed whole."""
    return _LONG_NUMBER.sub(lambda m: f"{m.group()[:10]}…{m.group()[-4:]} "
                                      f"({len(m.group()):,} digits)", message)
