"""SUM101: a summary sentence has neither a locator nor a synthesis label."""
from __future__ import annotations

from typing import Iterator

from .base import Problem, unit_name

CODE = "SUM101"
NAME = "missing-locator"
SEVERITY = "error"
SUMMARY = "A summary sentence has neither a locator nor a synthesis label."
DOC = """
## What it does
Reports a sentence of the summary (in a paragraph, list item or block quote) that carries no
locator such as `(p. 17)` or `(section 4.2)` and no synthesis label such as `[synthesis]`.

## Why
A reader can check a sentence only if it says where in the source it comes from. A sentence
that combines several places on purpose says so with a synthesis label instead.

## Example
    Keys must be rotated every 90 days.

## Fix
Add a locator that names the place the source says it, or label the sentence
`[synthesis]` when it combines several places:

    Keys must be rotated every 90 days (section 4.2).
    Taken together, key handling is the operator's job [synthesis].

## Options
`synthesis-labels` (config) replaces the accepted labels
(default: `[synthesis]`, `[Synthese]`, `[síntesis]`, `[síntese]`).
"""


def check(analysis) -> Iterator[Problem]:
    path = analysis.summary.path
    for result in analysis.sentences:
        sentence = result.sentence
        # A sentence that names its records ([C3]) needs no locator (SUM106 if none exists).
        if not sentence.groups and not sentence.synthesis and not result.named:
            where = ("add one in a cell or under a column named for a locator (section, page)"
                     if sentence.kind == "row" else "add one such as (p. 17) or (section 4.2)")
            yield Problem(path, sentence.line,
                          f"{unit_name(sentence)} has no locator: {where}, or label it "
                          f"[synthesis] if it combines several places",
                          column=sentence.column)
