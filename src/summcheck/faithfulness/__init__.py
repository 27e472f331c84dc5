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
from itertools import compress
from typing import TYPE_CHECKING

from ..core import native
from .compare import (MIN_SHARED, Difference, Reading, condition_difference, content_stems,
                      negation_difference, number_differences, scope_difference)
from .lexicon import lexicons
from .tokens import plain, searchable, shares

if TYPE_CHECKING:
    from ..analysis.facts import Analysis, RecordResult, SentenceResult


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
        from ..analysis.binding import sentence_words

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

    def differing_claims(self) -> list["RecordResult"]:
        """The verified records whose claim differs from their own quote, in file order."""
        differing = self._claim_differences
        return [r for r in self.verified if id(r) in differing] if differing else []

    @cached_property
    def _claim_differences(self) -> dict[int, tuple[tuple[Difference, ...], Difference | None]]:
        """Each verified record's claim against its own quote: `claim_flags` decides most of
        them by their words alone, in one call over them all; only those it flags are read
        closer, and only those that differ are kept."""
        # An inline quotation's claim is its sentence, which is compared with it already.
        compared = [r for r in self.verified if r.record.origin is None]
        flags = claim_flags([r.record.claim for r in compared],
                            [r.record.quote for r in compared])
        found = {}
        for i in compress(range(len(compared)), flags):
            result, flag = compared[i], flags[i]
            claim, quote = result.record.claim, result.record.quote
            numbers: tuple[Difference, ...] = ()
            negation = None
            if flag & NUMBERS_DIFFER:
                reading = Reading(claim)
                if _may_differ(reading, quote):
                    numbers = tuple(number_differences(reading, [self.reading(result)]))
            if flag & NEGATIONS_DIFFER and shares(content_stems(claim), self.text(result),
                                                  MIN_SHARED):
                negation = negation_difference(Reading(claim), [self.reading(result)],
                                               strict=True)
            if numbers or negation is not None:
                found[id(result)] = (numbers, negation)
        return found


#: `claim_flags` bits (the compiled core's own constants, the same numbers).
NUMBERS_DIFFER = 1
NEGATIONS_DIFFER = 2
_UNDECIDED = 4


def claim_flags(claims: list[str], quotes: list[str]) -> bytes:
    """One byte per (claim, quote): NUMBERS_DIFFER when the claim writes numbers, its quote
    writes numbers and not all the claim's are among them; NEGATIONS_DIFFER when their counts
    of negation words differ by an odd number; 0 when either is longer than MAX_COMPARED_CHARS.
    `_scan` decides; the compiled core answers for the texts it reads as `_scan` does, and
    leaves the others to it."""
    scanner = _word_scan()
    if scanner is None:
        return bytes(map(pair_flag, claims, quotes))
    flags = scanner.claim_flags(claims, quotes, MAX_COMPARED_CHARS)
    if _UNDECIDED not in flags:
        return flags
    mended = bytearray(flags)
    for i in compress(range(len(mended)), map(_UNDECIDED.__eq__, mended)):
        mended[i] = pair_flag(claims[i], quotes[i])
    return bytes(mended)


def pair_flag(claim: str, quote: str) -> int:
    """`claim_flags` of one pair, in Python: the compiled core's oracle."""
    if len(claim) > MAX_COMPARED_CHARS or len(quote) > MAX_COMPARED_CHARS:
        return 0
    (said, said_negations), (stated, stated_negations) = _scan(claim), _scan(quote)
    flag = NEGATIONS_DIFFER if said_negations % 2 != stated_negations % 2 else 0
    if said and stated and not said <= stated:
        flag |= NUMBERS_DIFFER
    return flag


@lru_cache(maxsize=1)
def _word_scan():
    """The compiled core's WordScan over `_scan`'s word lists, or None without the core."""
    if native is None:
        return None
    references, negators, number_words = _scan_words()
    return native.WordScan(sorted(references), sorted(negators), sorted(number_words))


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
    references, negators, number_words = _scan_words()
    # Split at full stops too: "3.700" is "3" and "700" on both sides alike, which is all a
    # comparison of the numbers as written needs.
    words = _words_of(text)
    negations = (sum(map(negators.__contains__, words))
                 + text.count("n't") + text.count("n’t"))
    if _DIGIT.search(text) or not number_words.isdisjoint(words):
        return _numbers_of(words, references, number_words), negations
    return frozenset(), negations


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
def _scan_words() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """`_scan`'s word lists, of every language: reference words, negation words (prohibitions
    among them), number words."""
    references, negators, number_words = set(), set(), set()
    for lexicon in lexicons().values():
        references |= {w.strip(".") for w in lexicon.reference_words}
        negators |= set(lexicon.negators) | set(lexicon.prohibitions)
        number_words |= set(lexicon.number_words)
    return frozenset(references), frozenset(negators), frozenset(number_words)


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
