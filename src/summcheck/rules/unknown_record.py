"""SUM106: a sentence names a record id that no record has."""
from __future__ import annotations

import difflib
from typing import Iterator

from ..terminal.display import in_quotes
from .base import Problem

CODE = "SUM106"
NAME = "unknown-record"
SEVERITY = "error"
SUMMARY = "A sentence names a record id that no claim record has."
DOC = """
## What it does
A sentence may name the records it rests on: "[C3]", "[C3, C5]", "[C3; C5]", or a Markdown
footnote reference "[^C3]" whose label is a record id (ids are case-sensitive). Reports each
named id that no record of the claims file has. A bracket counts as naming records when one of
its ids is a record's, when it is a footnote reference with no footnote of that label in the
summary, or when its id has the shape of the claims file's ids ("C12" where the ids are "C1",
"C2", …); any other bracket ("[sic]", "[1]" beside ids like "req-4") is prose.

## Why
A sentence that names a record that does not exist rests on nothing: it was written against
another version of the claims file, or the id was mistyped.

## Example
    Keys must be rotated every 90 days [C12].   # the claims file has C1 … C9

## Fix
Name an existing record (the message suggests the closest id), add the record, or remove the
bracket and give the sentence a locator.

## Options
None.
"""


def check(analysis) -> Iterator[Problem]:
    path = analysis.summary.path
    ids: list[str] | None = None  # made at the first unknown id
    for result in analysis.sentences:
        for record_id, column in result.unknown_ids:
            if ids is None:
                ids = sorted({str(r.record.id) for r in analysis.records
                              if r.record.id is not None})
            close = difflib.get_close_matches(record_id, ids, n=1)
            hint = f" (did you mean {in_quotes(close[0])}?)" if close else ""
            yield Problem(path, result.sentence.line,
                          f"the sentence names record {in_quotes(record_id)}, which no record "
                          f"of the claims file has{hint}: name an existing record or add it",
                          column=column)
