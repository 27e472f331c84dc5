"""SUM108: the records at a sentence's locator share no content with it."""
from __future__ import annotations

from typing import Iterator

from ..terminal.display import in_quotes, shorten
from .base import Problem, part_column, record_name

CODE = "SUM108"
NAME = "unrelated-backing"
SEVERITY = "warning"
SUMMARY = "The verified records at the sentence's locator share no content with it."
DOC = """
## What it does
A sentence that names no record rests on the verified records inside its locator that share
its content: a content word (compared by its first five letters, case and accents folded, so
"rotated" meets "rotation") or a number, in the record's claim or quote. Reports a part of the
locator where verified records stand but none shares anything with the sentence, and lists
them: the sentence passed only because an unrelated quote happens to stand on the same page.

## Why
"…asn1_decode_simple_ber returns an allocated copy of the data (p. 22)" whose own record
failed, while a record about `perror` stands on p. 22, is not backed by that record. Before
binding, such a sentence passed; its evidence was a quote about something else.

## Example
    The decoder returns a copy (p. 22).   # p. 22's only record: "Prints a string to stderr"

## Fix
Add a record for what the sentence says (or fix the failing one), name the record it rests on
(`[C3]`), or correct the locator.

## Options
None. What it cannot see: a record that shares a word with the sentence but says something
else passes; a sentence in another language than its records' claims and quotes shares
nothing but numbers and names with them (write the claim in the summary's language).
"""


def check(analysis) -> Iterator[Problem]:
    path = analysis.summary.path
    for result in analysis.sentences:
        if result.named or result.sentence.synthesis:
            continue
        for part in result.parts:
            if part.backers or not part.unrelated:
                continue
            where = part.resolution.part.describe()
            listed = ", ".join(f"{record_name(r)} ({in_quotes(shorten(r.record.claim, 40))})"
                               for r in part.unrelated[:3])
            more = f" and {len(part.unrelated) - 3} more" if len(part.unrelated) > 3 else ""
            yield Problem(path, result.sentence.line,
                          f"the verified records at {in_quotes(where)} share no word or number "
                          f"with the sentence: {listed}{more}; add a record for what it says, "
                          f"or name the record it rests on",
                          column=part_column(result, part.resolution.part))
