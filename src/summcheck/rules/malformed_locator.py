"""SUM104: a parenthesised group looks like a locator but cannot be parsed."""
from __future__ import annotations

from typing import Iterator

from ..terminal.display import in_quotes, quoted
from ..model import RecordStatus
from .base import Problem, on_record, record_name

CODE = "SUM104"
NAME = "malformed-locator"
SEVERITY = "error"
POINTS_AT = "locator"  # on a record: the value a report underlines
SUMMARY = "A locator starts with a locator keyword but cannot be parsed."
DOC = """
## What it does
Reports a parenthesised group in a sentence, or a claim record's locator, that starts with a
locator keyword (`p.`, `section`, `§`, `lines`, `S.`, `Abschnitt`, `página`, `seção`, …) but
is not followed by a page, section or line identifier — `(p. )`, `(section three)`,
`(lines 174-)` — or a range that runs backwards (`pp. 5–3`). In a list such as
`(section three; p. 4)` only the malformed part is reported; the parts that parse are still
resolved and checked.

## Why
A half-written locator is almost always an editing slip; it would otherwise silently count as
a sentence with no place to check.

## Example
    The query ends at a number sign (section ).

## Fix
Write the locator in a form summcheck reads (`p. 17`, `pp. 17–18`, `section 4.2`,
`lines 120–134`, `§ 4.2`, `S. 4`, …):

    The query ends at a number sign (section 3.4).

## Options
None.
"""


def check(analysis) -> Iterator[Problem]:
    path = analysis.summary.path
    for result in analysis.sentences:
        for group in result.sentence.groups:
            if group.error is None:
                continue
            # A list with a malformed part may still hold parts that parse: those are checked
            # (SUM102/SUM103) as usual; this finding is about the malformed part only.
            rest = ("" if group.locator is None else
                    "; the other parts (" + ", ".join(p.describe() for p in group.locator.parts)
                    + ") are still checked")
            yield Problem(path, group.line,
                          f"malformed locator ({quoted(group.text)}): {group.error}; write it "
                          f"as e.g. (p. 17), (pp. 17–18) or (section 4.2){rest}",
                          column=group.column)
        for part in result.parts:
            if part.resolution.problem == "malformed":
                yield Problem(path, result.sentence.line,
                              f"malformed locator {in_quotes(part.resolution.part.describe())}: "
                              f"{part.resolution.message}", column=result.sentence.column)
    claims_path = analysis.claims.path
    for result in analysis.file_records:  # the sentence's locator is told on it
        if result.status is not RecordStatus.BAD_LOCATOR:
            continue
        reason = result.record.locator_error or "; ".join(
            r.message for r in result.resolutions if r.problem == "malformed")
        yield on_record(result, f"{record_name(result)}: malformed locator: {reason}", claims_path)
