"""SUM201: the quote stands nowhere in the source."""
from __future__ import annotations

from typing import Iterator

from ..matching import bidi_characters, closest_passage
from .base import Problem, on_record, record_name

CODE = "SUM201"
NAME = "quote-not-found"
SEVERITY = "error"
SUMMARY = "The quote stands nowhere in the source (fabricated or retyped)."
DOC = """
## What it does
Looks for each record's quote inside its locator and then anywhere in the source, after white
space normalisation (exact level) and after folding typography (normalized level: ligatures,
soft hyphens, line-end hyphenation, curly quotes, dashes, no-break and zero-width spaces).
Matching is case-sensitive. A quote found nowhere is reported, with the closest passage at
the record's locator so the author can copy the real wording.

## Why
A quote is the evidence behind a claim. A quote that does not stand in the source was
paraphrased, retyped with changes, or invented — the claim it supports is unverified.

## Example
    quote: "keys shall be rotated at least every 60 days"   # the source says 90

## Fix
Copy the quote from the source verbatim (the message shows the closest passage), or drop the
record and the sentence it supports.

## Options
None. Bidi control characters in a quote never fold away; the message names them.
"""


def check(analysis) -> Iterator[Problem]:
    path = analysis.claims.path
    text = analysis.source.text
    for result in analysis.records:
        if result.status != "not-found":
            continue
        message = f"{record_name(result)}: quote not found in the source"
        bidi = bidi_characters(result.record.quote)
        if bidi:
            message += f"; it holds the bidi control character {', '.join(bidi)}, remove it"
        spans = result.locator_spans
        if spans:
            region = "\n".join(text[s.start:s.end] for s in spans[:3])
            closest = closest_passage(region, result.record.quote)
            if closest and closest[1] >= 50:
                message += (f"; closest passage at {result.record.locator.text!r} "
                            f"({closest[1]:.0f}% similar): {_clip(closest[0])!r}")
        yield on_record(result, message + "; copy the quote verbatim from the source", path)


def _clip(passage: str, limit: int = 160) -> str:
    return passage if len(passage) <= limit else passage[: limit - 1] + "…"
