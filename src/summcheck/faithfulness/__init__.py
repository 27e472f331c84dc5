"""Whether a sentence says what its quotes say: the numbers, negations, quantifiers and
conditions it keeps (compare.py), read with each language's words (lexicon.py, from the
`faithfulness` key of the files in `language/`). Rules SUM401-SUM404 report what `Faithfulness`
finds; nothing here decides a severity.

A sentence is compared with the quotes of the verified records it is bound to (binding.py); a
synthesis-labelled sentence, bound to none, only for its numbers, with every verified quote of
the summary; a record's claim with its own quote, for numbers and negation.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from .compare import (Difference, Reading, condition_difference, negation_difference,
                      number_differences, scope_difference)
from .lexicon import lexicons

if TYPE_CHECKING:
    from ..analysis import Analysis, RecordResult, SentenceResult


@dataclass(frozen=True)
class SentenceFaith:
    """What one sentence says otherwise than its quotes."""

    numbers: tuple[Difference, ...] = ()
    negation: Difference | None = None
    scope: Difference | None = None
    condition: Difference | None = None
    quotes: tuple["RecordResult", ...] = ()  # the records it was compared with


NOTHING = SentenceFaith()


class Faithfulness:
    """The comparisons of one analysis, made once and only when a rule asks."""

    def __init__(self, analysis: "Analysis") -> None:
        self.analysis = analysis
        self._readings: dict[int, Reading] = {}
        self._records: dict[int, RecordResult] = {}
        self._sentences: dict[int, SentenceFaith] = {}

    def reading(self, result: "RecordResult") -> Reading:
        key = id(result)
        found = self._readings.get(key)
        if found is None:
            found = self._readings[key] = Reading(result.record.quote)
            self._records[id(found)] = result
        return found

    def record_of(self, reading: Reading | None) -> "RecordResult | None":
        """The record whose quote `reading` read."""
        return None if reading is None else self._records.get(id(reading))

    def sentence(self, index: int) -> SentenceFaith:
        found = self._sentences.get(index)
        if found is None:
            found = self._sentences[index] = self._compare(self.analysis.sentences[index])
        return found

    def _compare(self, result: "SentenceResult") -> SentenceFaith:
        from ..binding import sentence_words

        if result.sentence.synthesis and not result.bound:
            quotes = self.verified
            if not quotes or not _MAY_HOLD_NUMBER.search(result.sentence.text):
                return NOTHING
            sentence = Reading(sentence_words(result.sentence))
            numbers = number_differences(sentence, [self.reading(r) for r in quotes])
            return SentenceFaith(tuple(numbers), quotes=tuple(quotes))
        quotes = result.backers
        if not quotes:
            return NOTHING
        sentence = Reading(sentence_words(result.sentence))
        readings = [self.reading(r) for r in quotes]
        from ..modality import modal_words

        lexicon = self.analysis.lexicon

        def states_rule(text: str) -> bool:
            return bool(modal_words(text, lexicon))

        return SentenceFaith(
            numbers=tuple(number_differences(sentence, readings)),
            negation=negation_difference(sentence, readings),
            scope=scope_difference(sentence, readings),
            condition=condition_difference(sentence, readings, states_rule),
            quotes=tuple(quotes))

    @cached_property
    def verified(self) -> list["RecordResult"]:
        return [r for r in self.analysis.records if r.verified]

    def claim(self, result: "RecordResult") -> tuple[tuple[Difference, ...], Difference | None]:
        """(numbers, negation) of a verified record's claim against its own quote."""
        record = result.record
        claim = record.claim
        numbers: tuple[Difference, ...] = ()
        negation = None
        if _MAY_HOLD_NUMBER.search(claim):
            numbers = tuple(number_differences(Reading(claim), [self.reading(result)]))
        if _negation_words().search(claim) or _negation_words().search(record.quote):
            negation = negation_difference(Reading(claim), [self.reading(result)], strict=True)
        return numbers, negation


def _number_words() -> str:
    words = set()
    for lexicon in lexicons().values():
        words |= set(lexicon.number_words) | set(lexicon.months)
    return "|".join(sorted((re.escape(w) for w in words), key=len, reverse=True))


_MAY_HOLD_NUMBER = re.compile(rf"\d|\b(?:{_number_words()})", re.IGNORECASE)
_NEGATION_WORDS: re.Pattern[str] | None = None


def _negation_words() -> re.Pattern[str]:
    global _NEGATION_WORDS
    if _NEGATION_WORDS is None:
        words = set()
        for lexicon in lexicons().values():
            words |= set(lexicon.negators) | set(lexicon.prohibitions)
        alternation = "|".join(sorted((re.escape(w) for w in words), key=len, reverse=True))
        _NEGATION_WORDS = re.compile(rf"\b(?:{alternation})\b|n't|n’t", re.IGNORECASE)
    return _NEGATION_WORDS


__all__ = ["Faithfulness", "SentenceFaith", "Difference"]
