"""SUM100: a suppression comment or a record's `ignore` entry that suppresses nothing."""
from __future__ import annotations

from typing import Iterator

from ..display import in_quotes
from .base import Problem, on_record, record_name

CODE = "SUM100"
NAME = "unused-suppression"
SEVERITY = "warning"
SUMMARY = "A suppression comment or a record's `ignore` entry suppresses nothing."
RUNS_LAST = True  # it reads what the other rules' suppressions matched
DOC = """
## What it does
Reports a `<!-- summcheck-disable… -->` comment in a summary, or an entry of a claim record's
`ignore` list, that suppressed no finding in this run. Suppressions of rules that did not run
(left out by `--select`/`--ignore` or configuration) are not reported.

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


def check(analysis) -> Iterator[Problem]:
    ran = analysis.rules_run
    for suppression in analysis.summary.suppressions:
        codes = suppression.codes
        if suppression.used or (codes is not None and not any(_ran(c, ran) for c in codes)):
            continue
        what = ", ".join(sorted(codes)) if codes else "every rule"
        yield Problem(analysis.summary.path, suppression.comment_line,
                      f"unused suppression ({what}): no finding was suppressed here; "
                      f"delete the comment")
    for result in analysis.records:
        for key in sorted(result.record.ignore):
            if (result.record.index, key) not in analysis.used_ignores and _ran(key, ran):
                yield on_record(result, f"{record_name(result)}: ignore entry {in_quotes(key)} "
                                f"suppressed nothing; delete it", analysis.claims.path)


def _ran(key: str, ran: dict[str, str]) -> bool:
    """Whether the rule named by `key` (code, name or code prefix) ran."""
    key_upper, key_lower = key.upper(), key.lower()
    return any(code.startswith(key_upper) or name == key_lower for code, name in ran.items())
