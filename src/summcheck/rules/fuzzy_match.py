"""SUM203: an OCR quote matched only fuzzily."""
from __future__ import annotations

from typing import Iterator

from ..terminal.display import in_quotes
from .base import Problem, on_record, record_name
from .options import Number

CODE = "SUM203"
NAME = "fuzzy-match"
SEVERITY = "info"
READS = "records"  # the claims file's records and the source alone
POINTS_AT = "quote"  # on a record: the value a report underlines
SUMMARY = "An OCR quote matched only fuzzily (the score is given)."
DOC = """
## What it does
On an OCR source (`ocr: true` in the front matter, `--ocr`, per source in the configuration's
`summaries`, or a PDF whose pages are images with an invisible text layer), a quote that matches
neither exactly nor after normalisation is aligned with the OCR text at its locator. A match
scoring at least `fuzzy-threshold` (default 90; score = 100 · (1 − edit distance / quote
length)) verifies the quote; where letters or digits differ it is reported here, as
information, with the score and what the OCR text says beside the quote.

## Why
A scan's text layer has misread characters, merged and split words and visible hyphens; a
verbatim quote from the original cannot match it exactly. The report shows the OCR text so a
reader can check that only the scan differs.

## Example
    quote:    "The FHS mailing list is located at"
    OCR text: "The FHS mailing Iist is 1ocated at"   (score 94.1)

## Fix
Nothing, when the OCR text says the same thing. A difference in a number, a negation or a
modal verb is SUM204 instead.

## Options
`fuzzy-threshold` (0–100) in the configuration; `min-quote-words`/`min-quote-chars` set the
length below which a quote is not matched fuzzily (SUM205).
"""

# The score at which an OCR quote verifies; read by the matching (engine.options), not here.
CONF = {"fuzzy-threshold": Number(0, 100)}
DEFAULT = {"fuzzy-threshold": 90.0}


def check(analysis, fuzzy_threshold: float) -> Iterator[Problem]:
    del fuzzy_threshold  # the matching applied it: every fuzzy hit here scored at least that
    path = analysis.claims.path
    text = analysis.source.text
    for result in analysis.records:
        if not result.verified:
            continue
        fuzzy = [h for h in result.hits if h.level == "fuzzy"]
        if fuzzy and not any(h.level in ("exact", "normalized") for h in result.hits):
            best = max(fuzzy, key=lambda h: h.score or 0)
            ocr = " ".join(text[best.span.start:best.span.end].split())
            yield on_record(result, f"{record_name(result)}: matched the OCR text fuzzily "
                            f"(score {best.score:.1f}): the OCR text says "
                            f"{in_quotes(ocr, 200)}", path)
