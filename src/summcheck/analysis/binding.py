"""Which records a sentence rests on: the one decision every rule, report and table reads.

- A sentence that names records (`[C3]`, `[C3, C5]`, `[C3; C5]`, `[^C3]`) rests on them alone,
  verified or not. A bracket naming an id no record has is SUM106 when it looks like an id: one
  of its ids is a record's, it is a footnote reference with no footnote of that label, or its
  id has the shape of the claims file's ids (`C12` beside `C1`…`C9`); any other bracket is
  prose (`[sic]`). With a locator, each named part is backed by the named verified records
  inside it; a named verified record standing outside every part is SUM107.
- A sentence that names none rests on the records at its locator that share its content: a
  content word (its first five letters, accents and case folded, so "rotated" meets
  "rotation") or a number, in the record's claim or quote. Verified ones back the part, the
  others (a quote not found) are shown as its failing evidence; verified records at the
  locator that share nothing are `unrelated` (SUM108). A sentence with no words of its own
  besides its locator rests on every record there (`position`).
"""
from __future__ import annotations

import bisect
import re
from functools import cached_property
from typing import TYPE_CHECKING

from ..faithfulness.compare import content_stems
from ..faithfulness.lexicon import identify, identify_searchable
from ..faithfulness.tokens import searchable, shares, words
from ..model import NamedRecords, RecordStatus, Sentence

if TYPE_CHECKING:
    from .facts import RecordResult, SentenceResult

_DIGITS = re.compile(r"\d+")
#: The records a sentence rests on, at most (the first in the claims file's order): a sentence
#: citing a page where thousands of records stand is compared with, and shown, these.
MAX_BOUND = 20
#: Statuses of a record that never stood anywhere to be bound by place.
_UNPLACED = frozenset((RecordStatus.INVALID, RecordStatus.BAD_LOCATOR, RecordStatus.UNRESOLVED))


def sentence_words(sentence: Sentence) -> str:
    """The sentence's own words: without its locators and the brackets that name records."""
    text = sentence.text
    for group in sentence.groups:
        text = text.replace(f"({' '.join(group.text.split())})", " ")
    for named in sentence.named:
        text = text.replace(named.text, " ")
    return text


def id_shape(record_id: str) -> str | None:
    """`C12` → `C#`: the shape of an id with digits (None for one without)."""
    shape = _DIGITS.sub("#", record_id)
    return shape if shape != record_id else None


class Binder:
    """Binds the sentences of one summary to the records of its claims file."""

    def __init__(self, records: list["RecordResult"]) -> None:
        self.records = records
        self._texts: dict[int, str] = {}
        self._languages: dict[int, str] = {}
        self._placed: tuple[list[int], list[tuple[int, int, int]]] | None = None

    @cached_property
    def by_id(self) -> dict[str, "RecordResult"]:
        """The records by id (the first of an id), made when a sentence names one."""
        found: dict[str, RecordResult] = {}
        for result in self.records:
            record_id = result.record.id
            if record_id is not None and str(record_id) not in found:
                found[str(record_id)] = result
        return found

    @cached_property
    def inline(self) -> dict[tuple[int, int], list["RecordResult"]]:
        """The records each sentence states inline (summary/inline.py), by its line and column."""
        found: dict[tuple[int, int], list[RecordResult]] = {}
        for result in self.records:
            origin = result.record.origin
            if origin is not None:
                found.setdefault(origin.sentence, []).append(result)
        return found

    @cached_property
    def shapes(self) -> set[str]:
        return {shape for shape in map(id_shape, self.by_id) if shape}

    @cached_property
    def order(self) -> dict[int, int]:
        return {id(r): i for i, r in enumerate(self.records)}

    def text(self, result: "RecordResult") -> str:
        """The record's claim and quote, folded to be searched for the sentence's words."""
        key = id(result)
        found = self._texts.get(key)
        if found is None:
            record = result.record
            found = self._texts[key] = searchable(f"{record.claim} {record.quote}")
        return found

    def related(self, result: "RecordResult", words: frozenset[str]) -> bool:
        """Whether the record's claim or quote has a word that starts with one of `words`."""
        return shares(words, self.text(result))

    def bind(self, result: "SentenceResult") -> None:
        from .facts import Bound

        sentence = result.sentence
        brackets = sentence.named
        if sentence.note is not None:
            # A footnote definition labelled with a record's id (`[^C3]: …`) speaks of it.
            brackets = (*brackets, NamedRecords((sentence.note,), f"[^{sentence.note}]",
                                                sentence.line, sentence.column, footnote=True,
                                                note_defined=True))
        named, unknown = self._named(brackets) if brackets else ([], [])
        # A sentence rests on the quotations it makes, as on the records it names.
        own = self.inline.get((sentence.line, sentence.column), []) if self.inline else []
        named += [r for r in own if all(r is not n for n in named)]
        result.unknown_ids = unknown
        if named or unknown:
            result.named = True
            result.bound = [Bound(r, "named") for r in named]
            verified = [r for r in named if r.verified]
            for part in result.parts:
                inside = {id(r) for r in part.backers}
                part.backers = [r for r in verified if id(r) in inside or
                                self._stands_inside(r, part.resolution.spans)]
                part.unrelated = []
            if any(part.resolution.ok for part in result.parts):
                backing = {id(r) for part in result.parts for r in part.backers}
                result.outside = [r for r in verified if id(r) not in backing]
            return
        if sentence.synthesis or not result.parts:
            return
        text = sentence_words(sentence)
        words = content_stems(text)
        bound: dict[int, tuple[RecordResult, str]] = {}
        related = [self._related(part.backers, words) if words else []
                   for part in result.parts]
        # Bound by position: a sentence with no words of its own; the parts of a sentence
        # whose other parts hold related records (one related record backs the sentence); a
        # sentence in another language than the records at its locator.
        by_position = not words or any(related) or self._other_language(text, result)
        exact = True  # whether it rests on just the verified records its parts hold
        capped = any(len(mine) >= MAX_BOUND for mine in related)  # more may share its words
        for part, mine in zip(result.parts, related):
            if mine:
                exact = exact and len(mine) == len(part.backers)
                chosen = {id(r) for r in mine}
                part.unrelated = [r for r in part.backers if id(r) not in chosen]
                part.backers = mine
            elif not by_position:
                part.unrelated, part.backers = part.backers, []
                exact = False
            elif len(part.backers) > MAX_BOUND:
                part.unrelated, part.backers = part.backers[MAX_BOUND:], part.backers[:MAX_BOUND]
                exact, capped = False, True
            how = "content" if mine else "position"
            for r in part.backers:
                bound.setdefault(id(r), (r, how))
            if words and len(bound) < MAX_BOUND:
                failing = self._related(self._placed_inside(part.resolution.spans), words,
                                        MAX_BOUND - len(bound))
                for r in failing:
                    bound.setdefault(id(r), (r, "content"))
                    exact = False
        if len(bound) > 1:
            order = self.order
            chosen = sorted(bound.values(), key=lambda item: order[id(item[0])])
        else:
            chosen = list(bound.values())
        result.more = capped or len(chosen) > MAX_BOUND
        result.bound = [Bound(r, how) for r, how in chosen[:MAX_BOUND]]
        result.exact = exact and len(chosen) <= MAX_BOUND

    def _related(self, candidates: list["RecordResult"], words: frozenset[str],
                 most: int = 0) -> list["RecordResult"]:
        """The first `most` (MAX_BOUND) candidates that share a word with the sentence."""
        most = most or MAX_BOUND
        found = []
        for r in candidates:
            if self.related(r, words):
                found.append(r)
                if len(found) >= most:
                    break
        return found

    def _other_language(self, text: str, result: "SentenceResult") -> bool:
        """Whether the records at the sentence's locator are written in another language than
        the sentence (an English summary of a German law shares only names and numbers)."""
        language = identify(words(text)).language
        return any(self.language(r) != language for part in result.parts for r in part.backers)

    def language(self, result: "RecordResult") -> str:
        """The language a record's claim and quote are written in, told once."""
        key = id(result)
        found = self._languages.get(key)
        if found is None:
            found = self._languages[key] = identify_searchable(self.text(result)).language
        return found

    def _named(self, brackets: tuple[NamedRecords, ...]
               ) -> tuple[list["RecordResult"], list[tuple[str, int]]]:
        named: dict[int, RecordResult] = {}
        unknown: list[tuple[str, int]] = []
        for bracket in brackets:
            known = [self.by_id[i] for i in bracket.ids if i in self.by_id]
            looks = known or (bracket.footnote and not bracket.note_defined) or any(
                id_shape(i) in self.shapes for i in bracket.ids)
            if not looks:
                continue
            for record in known:
                named.setdefault(id(record), record)
            unknown += [(i, bracket.column) for i in bracket.ids if i not in self.by_id]
        return list(named.values()), unknown

    @staticmethod
    def _stands_inside(result: "RecordResult", spans) -> bool:
        return any(span.start <= hit.span.start and hit.span.end <= span.end
                   for hit in result.hits for span in spans)

    def _placed_inside(self, spans) -> list["RecordResult"]:
        """The records not verified whose locator lies inside `spans`: a sentence's failing
        evidence (its own record whose quote was not found)."""
        if self._placed is None:
            entries = sorted((span.start, span.end, i) for i, r in enumerate(self.records)
                             if not r.verified and r.status not in _UNPLACED
                             for span in r.locator_spans)
            self._placed = ([e[0] for e in entries], entries)
        starts, entries = self._placed
        found: dict[int, None] = {}
        for span in spans:
            k = bisect.bisect_left(starts, span.start)
            while k < len(entries) and entries[k][0] < span.end:
                if entries[k][1] <= span.end:
                    found[entries[k][2]] = None
                k += 1
        return [self.records[i] for i in sorted(found)]


__all__ = ["Binder", "sentence_words", "id_shape"]
