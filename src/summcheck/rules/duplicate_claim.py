"""SUM301: two records carry the same quote at the same place, or the same claim."""
from __future__ import annotations

import unicodedata
from typing import Iterator

from ..analysis import earliest_overlapping
from .base import Problem, on_record, record_name

CODE = "SUM301"
NAME = "duplicate-claim"
SEVERITY = "warning"
SUMMARY = "Two records carry the same quote at the same place, or the same claim."
DOC = """
## What it does
Reports a record whose verified quote overlaps the verified quote of an earlier record (the
same passage recorded twice, or one quote inside the other), or whose claim text equals an
earlier record's after normalisation (case, white space, Unicode form and final punctuation
ignored). The finding is on the later record and names the earlier one.

## Why
The merge step of the method removes duplicates: a claim recorded three times looks three times
as important in the index and can be cited inconsistently.

## Example
    {"claim": "Keys are rotated every 90 days.", "locator": "section 4.2", "quote": "keys shall be rotated at least every 90 days", ...}
    {"claim": "Rotate keys every 90 days.", "locator": "section 4.2", "quote": "shall be rotated at least every 90 days", ...}

## Fix
Merge the two records into one (keep the longer quote), or quote different passages if they
make different claims.

## Options
None. A record may carry `ignore: [SUM301]`. Not caught: the same claim in other words.
"""


def normalise_claim(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split()).rstrip(".;:!? ")


def check(analysis) -> Iterator[Problem]:
    path = analysis.claims.path
    reported: set[int] = set()
    # Overlapping verified quotes, each later record naming the earliest it overlaps.
    by_index = {r.record.index: r for r in analysis.records}
    earliest = earliest_overlapping([(hit.span.start, hit.span.end, r.record.index)
                                     for r in analysis.records if r.verified for hit in r.hits])
    earlier_of = {index: by_index[first] for index, first in earliest.items()}
    for index in sorted(earlier_of):
        reported.add(index)
        yield on_record(by_index[index], f"{record_name(by_index[index])} quotes the same "
                        f"passage as {record_name(earlier_of[index])}; merge the two records",
                        path)
    # Equal claim texts.
    seen: dict[str, object] = {}
    for result in analysis.records:
        if not result.record.valid or not result.record.claim.strip():
            continue
        key = normalise_claim(result.record.claim)
        first = seen.setdefault(key, result)
        if first is not result and result.record.index not in reported:
            yield on_record(result, f"{record_name(result)} makes the same claim as "
                            f"{record_name(first)}; merge the two records", path)
