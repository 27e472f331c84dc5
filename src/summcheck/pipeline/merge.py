"""`summcheck merge`: several claims files of one source → one, deterministic, no model.

Every record is verified against the source as `check` does. Then, in order of the document's
emphasis — requirements in normative text first, then recommendations, statements and reports;
the same for informative text (appendix, annex, example, note: the SUM304 reading) after it;
within that, document order — a record whose verified quote overlaps a kept one's, or whose
claim equals a kept one's after normalisation (the SUM301 reading), is a duplicate: it is left
out and its origin joins the kept record's `x-origin`. Records are grouped by topic, groups in
the order of their first record. Unverified records are left out (and listed) unless asked for.
"""
from __future__ import annotations

import os
import sys
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from pathlib import Path

from ..claims import load_claims
from ..model import ClaimsFile, InputError, Span
from ..rules.dropped_requirement import informative_at
from ..rules.duplicate_claim import normalise_claim
from ..sources import load_source
from .records_out import relative_to_file, render_claims
from .verify import verify_records

STRENGTH_RANK = {"requires": 0, "recommends": 1, "states": 2, "reports": 3}


@dataclass
class _Entry:
    record: dict
    origins: list[dict]
    span: Span | None
    informative: bool
    order: int  # input order: file, then record

    @property
    def rank(self) -> tuple:
        strength = STRENGTH_RANK.get(str(self.record.get("strength", "")).lower(), 4)
        verified = 0 if self.span is not None else 1
        return (verified, self.informative, strength,
                self.span.start if self.span is not None else 0, self.order)


@dataclass
class MergeResult:
    records: list[dict]
    duplicates: int
    unverified: list[str] = field(default_factory=list)  # `file: record c3 (why)`
    invalid: list[str] = field(default_factory=list)
    text: str = ""


def merge_files(paths: list[Path], output: Path, *, source: Path | None = None,
                purpose: str | None = None, page_numbers: str = "auto",
                keep_unverified: bool = False) -> MergeResult:
    """Merge the claims files and return what to write to `output` (the caller writes it)."""
    files = [load_claims(p) for p in paths]
    source_path = source if source is not None else _common_source(files)
    doc = load_source(source_path, page_numbers=page_numbers)
    entries: list[_Entry] = []
    invalid: list[str] = []
    unverified: list[str] = []
    order = 0
    for claims in files:
        valid = []
        for record in claims.records:
            if not record.valid or not isinstance(record.raw, dict):
                invalid.append(f"{claims.path}: record {_name(record)} breaks the schema "
                               f"({record.errors[0].json_path}: {record.errors[0].message})")
                continue
            valid.append(record)
        verdicts = verify_records(doc, [dict(r.raw) for r in valid], page_numbers=page_numbers)
        for record, verdict in zip(valid, verdicts):
            order += 1
            if not verdict.verified:
                unverified.append(f"{claims.path}: record {_name(record)}: {verdict.problem}")
                if not keep_unverified:
                    continue
            data = {k: v for k, v in record.raw.items() if k not in ("id", "x-origin")}
            origin = {"file": relative_to_file(claims.path, output), "record": _name(record)}
            earlier = record.raw.get("x-origin")
            origins = [o for o in earlier if isinstance(o, dict)] if isinstance(earlier, list) \
                else [origin]
            span = verdict.span
            entries.append(_Entry(data, origins, span,
                                  informative_at(doc, span.start) if span is not None else False,
                                  order))
    kept, duplicates = _deduplicated(entries)
    records = []
    for number, entry in enumerate(_grouped(kept), 1):
        records.append({"id": f"c{number}", **entry.record, "x-origin": entry.origins})
    purposes = {c.purpose for c in files if c.purpose}
    top = {"source": relative_to_file(source_path, output),
           "purpose": purpose or (purposes.pop() if len(purposes) == 1 else None),
           "x-merge": {"inputs": [relative_to_file(p, output) for p in paths],
                       "duplicates": duplicates,
                       "unverified": len(unverified) if not keep_unverified else 0}}
    text = render_claims(output, records, top)
    return MergeResult(records, duplicates, unverified, invalid, text)


def _name(record) -> str:
    return record.id if record.id is not None else f"#{record.index + 1}"


def _common_source(files: list[ClaimsFile]) -> Path:
    found: dict[str, Path] = {}
    for claims in files:
        if not claims.source:
            raise InputError(f"{claims.path}: names no source (add `source:` to the file or "
                             f"pass --source)")
        path = Path(claims.path).parent / claims.source
        found.setdefault(os.path.realpath(path), path)
    if len(found) > 1:
        names = ", ".join(str(p) for p in found.values())
        raise InputError(f"the claims files name different sources ({names}); merge the "
                         f"records of one source at a time")
    return next(iter(found.values()))


def _deduplicated(entries: list[_Entry]) -> tuple[list[_Entry], int]:
    """The entries kept, in rank order, and how many were duplicates: an entry whose claim
    equals a kept one's after normalisation, else whose span overlaps a kept one's (the first
    kept of those), is left out and its origins join that one's."""
    kept: list[_Entry] = []
    claims_seen: dict[str, _Entry] = {}
    spans = _KeptSpans([e.span for e in entries if e.span is not None])
    duplicates = 0
    for entry in sorted(entries, key=lambda e: e.rank):
        key = normalise_claim(str(entry.record.get("claim", "")))
        twin = claims_seen.get(key)
        if twin is None and entry.span is not None:
            first = spans.first_overlapping(entry.span)
            twin = kept[first] if first is not None else None
        if twin is not None:
            twin.origins.extend(o for o in entry.origins if o not in twin.origins)
            duplicates += 1
            continue
        if entry.span is not None:
            spans.add(entry.span, len(kept))
        kept.append(entry)
        claims_seen[key] = entry
    return kept, duplicates


class _KeptSpans:
    """The spans of the kept entries, each with its place in the kept list, answering which
    is the first kept span that a span overlaps in O(log n) (comparing each entry with every
    kept one was quadratic: 20,000 records took minutes).

    A span is kept only when it overlaps no kept one, so kept spans never overlap (`[s, e)`
    and `[t, u)` overlap when `t < e and s < u`; an empty span overlaps only a span it lies
    strictly inside). Ordered by (start, end), their ends never decrease, and those that
    `[s, e)` overlaps are (a) the ones that start in `[s, e)`, but for an empty span at `s`,
    and (b) the one before them when it ends after `s` (at most one can: two kept spans that
    both hold `s` would overlap). A segment tree over every span that may be kept (known
    beforehand) holds the smallest place of the kept ones at each (start, end), for both."""

    def __init__(self, spans: list[Span]) -> None:
        self.keys = sorted({(span.start, span.end) for span in spans})
        self.size = 1
        while self.size < len(self.keys):
            self.size *= 2
        self.least = [_NONE] * (2 * self.size)  # the smallest kept place below each node

    def add(self, span: Span, place: int) -> None:
        node = self.size + bisect_left(self.keys, (span.start, span.end))
        while node and place < self.least[node]:
            self.least[node] = place
            node //= 2

    def first_overlapping(self, span: Span) -> int | None:
        """The smallest kept place whose span overlaps `span`, or None."""
        start, end = span.start, span.end
        # (a) keys from just after (start, start), the empty span there, to the last that
        # starts before `end`; (b) the last kept key that starts before `start`.
        best = self._least(bisect_right(self.keys, (start, start)), bisect_left(self.keys, (end,)))
        before = self._last_kept(bisect_left(self.keys, (start,)))
        if before is not None and self.keys[before][1] > start:
            best = min(best, self.least[self.size + before])
        return None if best == _NONE else best

    def _least(self, low: int, high: int) -> int:
        """The smallest kept place at keys[low:high]."""
        best = _NONE
        low, high = low + self.size, high + self.size
        while low < high:
            if low & 1:
                best = min(best, self.least[low])
                low += 1
            if high & 1:
                high -= 1
                best = min(best, self.least[high])
            low //= 2
            high //= 2
        return best

    def _last_kept(self, high: int) -> int | None:
        """The index of the last key before keys[high] that a kept span has, or None."""
        low, high = self.size, high + self.size
        lefts: list[int] = []
        while low < high:
            if low & 1:
                lefts.append(low)
                low += 1
            if high & 1:
                high -= 1
                if self.least[high] != _NONE:  # the right-hand nodes come right to left
                    return self._rightmost(high)
            low //= 2
            high //= 2
        for node in reversed(lefts):  # the left-hand ones left to right: the last first
            if self.least[node] != _NONE:
                return self._rightmost(node)
        return None

    def _rightmost(self, node: int) -> int:
        """The index of the last key below `node` (which has one) that a kept span has."""
        while node < self.size:
            node = 2 * node + 1 if self.least[2 * node + 1] != _NONE else 2 * node
        return node - self.size


_NONE = sys.maxsize  # no kept span below a node


def _grouped(entries: list[_Entry]) -> list[_Entry]:
    """By topic (case and spacing aside), groups in the order of their first entry; a record
    without a topic is a group of its own."""
    groups: dict[object, list[_Entry]] = {}
    for n, entry in enumerate(entries):
        topic = entry.record.get("topic")
        key = " ".join(topic.split()).casefold() if isinstance(topic, str) and topic.strip() else n
        groups.setdefault(key, []).append(entry)
    return [e for group in groups.values() for e in group]
