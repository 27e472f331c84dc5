"""SUM202: the quote stands in the source, but not at its locator."""
from __future__ import annotations

from typing import Iterator

from ..terminal.display import in_quotes
from ..model import Fix, RecordStatus
from ..fixing.relocate import as_json, relocated
from ..locators.resolve import describe_offset
from .base import Problem, on_record, record_name

CODE = "SUM202"
NAME = "quote-misplaced"
SEVERITY = "error"
READS = "records"  # the claims file's records and the source alone
POINTS_AT = "locator"  # on a record: the value a report underlines
SUMMARY = "The quote stands in the source, but not at the record's locator."
DOC = """
## What it does
Reports a record whose quote is not inside the place its locator names but stands elsewhere
in the source; the message names the page, section and line where it actually stands.

## Why
A misplaced quote sends the reader to the wrong page. Often the record was filed under the
neighbouring section, or a PDF's physical page number was cited where the printed label was
meant.

## Example
    locator: section 5
    quote: "provided that you also convey the machine-readable Corresponding Source"  # section 6

## Fix
Correct the record's locator to the place named in the message (and the locator of the
sentence it backs, if that was wrong too).

When the quote stands exactly once in the source, `summcheck check --fix` rewrites the
record's locator to that place, in the record's own style (`p. 17` → `p. 23`,
`{"section": "5"}` → `{"section": "6"}`).

## Options
None.
"""


def check(analysis) -> Iterator[Problem]:
    path = analysis.claims.path
    by_label = analysis.pages_by_label
    for result in analysis.records:
        if result.status is not RecordStatus.MISPLACED:
            continue
        kinds = frozenset(part.kind for part in result.record.locator.parts)
        places = [describe_offset(analysis.source, hit.span.start, by_label, kinds)
                  for hit in result.elsewhere[:3]]
        more = len(result.elsewhere) - len(places)
        where = "; ".join(places) + (f" and {more} more" if more > 0 else "")
        fix = help_ = None
        new = relocated(result, analysis.source, by_label)
        if new is not None:
            fix = Fix("set", result.record.index, "locator", as_json(new))
            shown = new if isinstance(new, str) else as_json(new)
            help_ = (f"use {in_quotes(shown)} as the locator: the quote stands there, and "
                     f"only there")
        yield on_record(result, f"{record_name(result)}: quote is not at "
                        f"{in_quotes(result.record.locator.text)} but stands at {where}; "
                        f"correct the locator", path, help=help_, fix=fix)
