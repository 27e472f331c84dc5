"""SUM105: a locator matches several places."""
from __future__ import annotations

from typing import Iterator

from .base import Problem, on_record, part_column, record_name

CODE = "SUM105"
NAME = "ambiguous-locator"
SEVERITY = "warning"
POINTS_AT = "locator"  # on a record: the value a report underlines
SUMMARY = "A locator matches several places (a page label or section number used twice)."
DOC = """
## What it does
Reports a locator, in a sentence or a claim record, that names more than one place: a printed
page label that several pages carry (front matter and chapter 1 both numbered from 1), or a
section number that heads two places (appendices restarting at 1, a duplicated heading). The
locator resolves to all its candidates, so backing and quote checks still run.

## Why
A reader following the locator may land on the wrong page. summcheck never guesses which one
was meant.

## Example
    The standard is published by the LSB Workgroup (p. 2).   # two pages are labelled 2

## Fix
Cite a locator that names one place, e.g. a section, or set `page-numbers: physical` in the
front matter and cite physical pages.

## Options
`page-numbers` in the front matter.
"""


def check(analysis) -> Iterator[Problem]:
    path = analysis.summary.path
    for result in analysis.sentences:
        for part in result.parts:
            if part.resolution.problem == "ambiguous":
                yield Problem(path, result.sentence.line,
                              f"ambiguous locator: {part.resolution.message}; cite one place",
                              column=part_column(result, part.resolution.part))
    claims_path = analysis.claims.path
    for result in analysis.file_records:  # the sentence's locator is told on it
        for resolution in result.resolutions:
            if resolution.problem == "ambiguous":
                yield on_record(result, f"{record_name(result)}: ambiguous locator: "
                                f"{resolution.message}", claims_path)
