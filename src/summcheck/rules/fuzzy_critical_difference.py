"""SUM204: a fuzzy match differs in a number, a negation or a modal verb."""
from __future__ import annotations

from typing import Iterator

from ..terminal.display import in_quotes
from ..model import RecordStatus
from .base import Problem, on_record, record_name

CODE = "SUM204"
NAME = "fuzzy-critical-difference"
SEVERITY = "error"
READS = "records"  # the claims file's records and the source alone
POINTS_AT = "quote"  # on a record: the value a report underlines
SUMMARY = "A fuzzy OCR match differs in a number, a negation or a modal verb."
DOC = """
## What it does
When a quote matches the OCR text at its locator only fuzzily, compares the two word by word
and reports a different number (`90 days` against `30 days`), a negation that one side has and
the other lacks (not, no, never, nicht, kein, nie, nunca, não, …), or a modal verb of another
class (`must` against `should`/`may`, `muss` against `soll`, `debe` against `debería`, `deve`
against `deveria`) — even when the similarity score passes. OCR misspellings of the same word
(`miust` for `must`, `fi1e` for `file`, `rn` for `m`) are not critical. The record backs no
sentence.

## Why
A high similarity score hides exactly the changes that reverse a claim: one digit or one
"not" is a few characters out of a hundred.

## Example
    quote:    "keys must be rotated every 90 days"
    OCR text: "keys should be rotated every 30 days"

## Fix
Copy the quote from the source again, or correct the claim: the message shows what the OCR
text says. If the scan itself misread a digit, check the page image.

## Options
`fuzzy-threshold` in the configuration. Not caught: a real-word OCR confusion that turns "not"
into "now", or a misread single digit the OCR shows as a letter or sign.
"""


def check(analysis) -> Iterator[Problem]:
    path = analysis.claims.path
    text = analysis.source.text
    for result in analysis.records:
        if result.status is not RecordStatus.CRITICAL:
            continue
        best = max(result.hits, key=lambda h: h.score or 0)
        ocr = " ".join(text[best.span.start:best.span.end].split())
        yield on_record(result, f"{record_name(result)}: the OCR text at "
                        f"{in_quotes(result.record.locator.text)} matches (score "
                        f"{best.score:.1f}) but differs: {'; '.join(result.critical)}; the OCR "
                        f"text says {in_quotes(ocr, 200)} — fix the quote or the claim", path)
