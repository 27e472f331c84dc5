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
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING

from .compare import (MIN_SHARED, Difference, Reading, condition_difference, content_stems,
                      negation_difference, number_differences, scope_difference)
from .lexicon import lexicons
from .tokens import plain, searchable, shares

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
#: A longer sentence, claim or quote is not compared: the comparisons pair clauses, and the
#: cost of a text of thousands of clauses would grow with the square of its length.
MAX_COMPARED_CHARS = 4000


class Faithfulness:
    """The comparisons of one analysis, made once and only when a rule asks."""

    def __init__(self, analysis: "Analysis") -> None:
        self.analysis = analysis
        self._readings: dict[int, Reading] = {}
        self._records: dict[int, RecordResult] = {}
        self._sentences: dict[int, SentenceFaith] = {}
        self._texts: dict[int, str] = {}
        self._scans: dict[int, tuple[frozenset[str], int]] = {}

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
            quotes = [r for r in self.verified if len(r.record.quote) <= MAX_COMPARED_CHARS]
            if len(result.sentence.text) > MAX_COMPARED_CHARS:
                return NOTHING
            if not quotes or not _scan(result.sentence.text)[0]:
                return NOTHING
            sentence = Reading(sentence_words(result.sentence))
            numbers = number_differences(sentence, [self.reading(r) for r in quotes
                                                    if self.scan(r)[0]])
            return SentenceFaith(tuple(numbers), quotes=tuple(quotes))
        quotes = [r for r in result.backers if len(r.record.quote) <= MAX_COMPARED_CHARS]
        text = sentence_words(result.sentence)
        if not quotes or len(text) > MAX_COMPARED_CHARS:
            return NOTHING
        sentence = Reading(text)
        # Only the quotes that can differ are read: one sharing two content words for the
        # clause comparisons, one holding a number for the quantities.
        words = content_stems(text)
        related = [self.reading(r) for r in quotes if shares(words, self.text(r), MIN_SHARED)]
        numbered = ([self.reading(r) for r in quotes if self.scan(r)[0]]
                    if _scan(text)[0] and any(q.comparable for q in sentence.quantities)
                    else [])
        if not related and not numbered:
            return SentenceFaith(quotes=tuple(quotes))
        return SentenceFaith(
            numbers=tuple(number_differences(sentence, numbered)) if numbered else (),
            negation=negation_difference(sentence, related) if related else None,
            scope=scope_difference(sentence, related) if related else None,
            condition=condition_difference(sentence, related) if related else None,
            quotes=tuple(quotes))

    def text(self, result: "RecordResult") -> str:
        """A record's quote, folded to be searched for a sentence's words (tokens.shares)."""
        key = id(result)
        found = self._texts.get(key)
        if found is None:
            found = self._texts[key] = searchable(result.record.quote)
        return found

    def negations(self, result: "RecordResult") -> int:
        """How many negation words a record's quote has (`_scan`'s count, alone)."""
        key = id(result)
        found = self._scans.get(key)
        if found is not None:
            return found[1]
        return _negations(result.record.quote)

    def scan(self, result: "RecordResult") -> tuple[frozenset[str], int]:
        """`_scan` of a record's quote, made once."""
        key = id(result)
        found = self._scans.get(key)
        if found is None:
            found = self._scans[key] = _scan(result.record.quote)
        return found

    @cached_property
    def verified(self) -> list["RecordResult"]:
        return [r for r in self.analysis.records if r.verified]

    def claim(self, result: "RecordResult") -> tuple[tuple[Difference, ...], Difference | None]:
        """(numbers, negation) of a verified record's claim against its own quote."""
        return self._claim_differences.get(id(result), _SAME)

    @cached_property
    def _claim_differences(self) -> dict[int, tuple[tuple[Difference, ...], Difference | None]]:
        """Each verified record's claim against its own quote, in one pass over them all: most
        claims are decided by their words alone (a number the claim states that its quote
        holds as written, or no number in the quote to differ from; as many negations on both
        sides, or an even difference), and only those that differ are kept."""
        found = {}
        for result in self.verified:
            record = result.record
            claim, quote = record.claim, record.quote
            if len(claim) > MAX_COMPARED_CHARS or len(quote) > MAX_COMPARED_CHARS:
                continue
            said, said_negations = _scan(claim)
            if said:
                stated, stated_negations = self.scan(result)
            else:
                stated, stated_negations = frozenset(), self.negations(result)
            numbers: tuple[Difference, ...] = ()
            negation = None
            if said and stated and not said <= stated:
                reading = Reading(claim)
                if _may_differ(reading, quote):
                    numbers = tuple(number_differences(reading, [self.reading(result)]))
            if (said_negations % 2 != stated_negations % 2
                    and shares(content_stems(claim), self.text(result), MIN_SHARED)):
                negation = negation_difference(Reading(claim), [self.reading(result)],
                                               strict=True)
            if numbers or negation is not None:
                found[id(result)] = (numbers, negation)
        return found


_SAME: tuple[tuple[Difference, ...], Difference | None] = ((), None)


def _numbers_of(words: list[str], references: frozenset[str],
                number_words: frozenset[str]) -> frozenset[str]:
    """The numbers among a text's words, but those after a reference word."""
    found = set()
    for i, word in enumerate(words):
        if word and (word[0].isdigit() or word in number_words) and (
                i == 0 or words[i - 1] not in references):
            found.add(word)
    return frozenset(found)


def _scan(text: str) -> tuple[frozenset[str], int]:
    """(the numbers a text writes, lower case, but those after a reference word such as
    "page 5" or "Art. 8"; how many negation words it has): one pass over its words, which
    decides most claims without reading them closer."""
    _, references, negators, number_words = _scan_words()
    # Split at full stops too: "3.700" is "3" and "700" on both sides alike, which is all a
    # comparison of the numbers as written needs.
    words = _words_of(text)
    negations = _negations(text, words)
    if _DIGIT.search(text) or not number_words.isdisjoint(words):
        return _numbers_of(words, references, number_words), negations
    return frozenset(), negations


def _negations(text: str, words: list[str] | None = None) -> int:
    """How many negation words a text has (its words as `_scan` splits them, if at hand)."""
    negators = _scan_words()[2]
    if words is None:
        words = _words_of(text)
    return sum(map(negators.__contains__, words)) + text.count("n't") + text.count("n’t")


_WORD_SPACES = str.maketrans({c: " " for c in ".,;:!?()[]{}\"“”„«»/§"})
_ASCII_MARKS = b".,;:!?()[]{}\"/"
_ASCII_SPACES = bytes.maketrans(_ASCII_MARKS, b" " * len(_ASCII_MARKS))


def _words_of(text: str) -> list[str]:
    """A text's words as the scans read them: lower case, split at spaces and punctuation
    (an ASCII text through a byte table, three times as fast)."""
    if text.isascii():
        return text.lower().encode("ascii").translate(_ASCII_SPACES).decode("ascii").split()
    return text.lower().translate(_WORD_SPACES).split()
_DIGIT = re.compile(r"\d")


@lru_cache(maxsize=1)
def _scan_words() -> tuple[None, frozenset[str], frozenset[str], frozenset[str]]:
    references, negators, number_words = set(), set(), set()
    for lexicon in lexicons().values():
        references |= {w.strip(".") for w in lexicon.reference_words}
        negators |= set(lexicon.negators) | set(lexicon.prohibitions)
        number_words |= set(lexicon.number_words)
    references.add("")  # after "§", which the pass turns into a space
    return None, frozenset(references), frozenset(negators), frozenset(number_words)


def _may_differ(claim: Reading, quote: str) -> bool:
    """Whether the quote can hold a counterpart of a quantity of the claim: a date, a unit's
    number, or the noun a number counts ("8 characters"), whose stem the quote must hold."""
    comparable = [q for q in claim.quantities if q.comparable]
    if not comparable:
        return False
    if any(q.family is None or not q.family.startswith("~") for q in comparable):
        return True
    folded = plain(quote)
    return any(q.family[1:] in folded for q in comparable)


__all__ = ["Faithfulness", "SentenceFaith", "Difference"]
