"""SUM100: a suppression comment or a record's `ignore` entry that suppresses nothing."""
from __future__ import annotations

from typing import Iterator

from ..terminal.display import in_quotes
from .base import Problem, on_record, record_name

CODE = "SUM100"
NAME = "unused-suppression"
SEVERITY = "warning"
POINTS_AT = "ignore"  # on a record: the value a report underlines
SUMMARY = ("A suppression comment or a record's `ignore` entry suppresses nothing, or a "
           "not-claims comment marks nothing.")
STAGE = "suppress"  # it reads the suppression ledger, filled once the other rules ran
DOC = """
## What it does
Reports a `<!-- summcheck-disable… -->` comment in a summary, or an entry of a claim record's
`ignore` list, that suppressed no finding in this run. Suppressions of rules that did not run
(left out by `--select`/`--ignore` or configuration) are not reported. Also reports a
`<!-- summcheck: not-claims -->` comment that stands before no table, footnote definition or
HTML block: it marks nothing as stating no claim.

## Why
A suppression outlives the problem it hid; left in place it will silently hide the next,
different problem at the same place (ruff's unused-noqa, for the same reason).

## Example
    <!-- summcheck-disable-next-line SUM101 -->
    This sentence has a locator (section 4.2).

## Fix
Delete the comment or the `ignore` entry.

## Options
None. This rule cannot be suppressed by a comment, only ignored (`--ignore SUM100`).
"""


def check(ledger) -> Iterator[Problem]:
    analysis = ledger.analysis
    for suppression in ledger.unused_comments():
        codes = suppression.codes
        what = ", ".join(sorted(codes)) if codes else "every rule"
        yield Problem(analysis.summary.path, suppression.comment_line,
                      f"unused suppression ({what}): no finding was suppressed here; "
                      f"delete the comment")
    for line in analysis.summary.unused_markers:
        yield Problem(analysis.summary.path, line,
                      "the not-claims comment marks nothing: it must stand right before a "
                      "table, a footnote definition or an HTML block; move or delete it")
    for result, key in ledger.unused_ignores():
        yield on_record(result, f"{record_name(result)}: ignore entry {in_quotes(key)} "
                        f"suppressed nothing; delete it", analysis.claims.path)
