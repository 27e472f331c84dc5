"""SUM301: two records carry the same quote at the same place, or the same claim."""
from __future__ import annotations

import json
import unicodedata
from collections import Counter
from typing import Iterator

from ..analysis.facts import earliest_overlapping
from ..model import Fix
from .base import Problem, on_record, record_name

CODE = "SUM301"
NAME = "duplicate-claim"
SEVERITY = "warning"
READS = "records"  # the claims file's records and the source alone
POINTS_AT = "quote"  # on a record: the value a report underlines
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

A record that is an exact copy of an earlier one (every key and value
the same) is removed by `summcheck check --fix`.

## Options
None. A record may carry `ignore: [SUM301]`. Not caught: the same claim in other words.
"""


def normalise_claim(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split()).rstrip(".;:!? ")


def exact_duplicates(analysis) -> dict[int, int]:
    """Each record that is the same data as an earlier one (every key and value equal) →
    that earlier record's index: what `--fix` may remove without losing anything."""
    first: dict[str, int] = {}
    found: dict[int, int] = {}
    candidates = [r.record for r in analysis.file_records
                  if r.record.valid and isinstance(r.record.raw, dict)]
    # Equal data has an equal claim and quote: only records that share both are serialised
    # (a file of ten thousand records has a few such, not ten thousand).
    shared = Counter((record.claim, record.quote) for record in candidates)
    for record in candidates:
        if shared[(record.claim, record.quote)] < 2:
            continue
        try:
            key = json.dumps(record.raw, sort_keys=True, ensure_ascii=False)
        except (TypeError, ValueError):  # a YAML date or another value JSON has no form for
            continue
        earlier = first.setdefault(key, record.index)
        if earlier != record.index:
            found[record.index] = earlier
    return found


def _removal(result, duplicates: dict[int, int], by_index: dict) -> dict:
    earlier = duplicates.get(result.record.index)
    if earlier is None:
        return {}
    return {"help": f"remove it: it is the same record as {record_name(by_index[earlier])}, "
                    f"key for key",
            "fix": Fix("remove", result.record.index)}


def check(analysis) -> Iterator[Problem]:
    path = analysis.claims.path
    reported: set[int] = set()
    duplicates = exact_duplicates(analysis)
    # Overlapping verified quotes, each later record naming the earliest it overlaps.
    by_index = {r.record.index: r for r in analysis.file_records}
    earliest = earliest_overlapping([(hit.span.start, hit.span.end, r.record.index)
                                     for r in analysis.file_records if r.verified
                                     for hit in r.hits])
    earlier_of = {index: by_index[first] for index, first in earliest.items()}
    for index in sorted(earlier_of):
        reported.add(index)
        yield on_record(by_index[index], f"{record_name(by_index[index])} quotes the same "
                        f"passage as {record_name(earlier_of[index])}; merge the two records",
                        path, **_removal(by_index[index], duplicates, by_index))
    # Equal claim texts.
    seen: dict[str, object] = {}
    for result in analysis.file_records:
        if not result.record.valid or not result.record.claim.strip():
            continue
        key = normalise_claim(result.record.claim)
        first = seen.setdefault(key, result)
        if first is not result and result.record.index not in reported:
            yield on_record(result, f"{record_name(result)} makes the same claim as "
                            f"{record_name(first)}; merge the two records", path,
                            points_at="claim", **_removal(result, duplicates, by_index))
