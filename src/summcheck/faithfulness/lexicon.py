"""Each language's words for faithfulness, read from the `faithfulness` key of its file in
`language/` (en.yaml explains every key), once."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import compress
from typing import Any, Mapping

from .. import language as _language
from .tokens import fold

Phrase = tuple[str, ...]


@dataclass(frozen=True)
class FaithLexicon:
    """One language's words, folded (lower case, accents kept: `sí` is not `si`)."""

    language: str
    stopwords: frozenset[str]
    decimal: str
    thousands: str
    number_words: Mapping[str, int]
    ordinals: Mapping[str, int]
    scales: Mapping[str, int]
    joiners: frozenset[str]
    compound_joiner: str | None
    weak_numbers: frozenset[str]
    months: Mapping[str, int]
    units: Mapping[Phrase, tuple[str, float]]
    comparators: Mapping[Phrase, str]  # phrase -> at_least | more_than | at_most | less_than
    approximately: frozenset[Phrase]
    negators: frozenset[str]
    continuers: frozenset[str]
    prohibitions: frozenset[str]
    negative_meaning: frozenset[Phrase]
    quantifiers: Mapping[Phrase, str]  # phrase -> all | some
    only: frozenset[str]
    universals: frozenset[str]
    alternatives: frozenset[str]
    not_only: frozenset[Phrase]
    conditions: frozenset[Phrase]
    exceptions: frozenset[Phrase]
    unless: frozenset[Phrase]
    strong_conditions: frozenset[Phrase]
    whether_verbs: frozenset[str]
    clause_initial: frozenset[str]
    reference_words: frozenset[str]
    auxiliaries: frozenset[str]

    @cached_property
    def vocabulary(self) -> frozenset[str]:
        """Every word this language's lists name: what tells a text's language."""
        words = set(self.stopwords) | self.negators | self.prohibitions | self.auxiliaries
        words |= self.only | self.continuers | set(self.number_words) | set(self.months)
        words |= self.reference_words
        for table in (self.quantifiers, self.conditions, self.comparators):
            for phrase in table:
                words.update(phrase)
        return frozenset(words)

    @cached_property
    def plain_vocabulary(self) -> frozenset[str]:
        from .tokens import plain

        return frozenset(plain(word) for word in self.vocabulary)

    @cached_property
    def plain_stopwords(self) -> frozenset[str]:
        """The stopwords folded as tokens.plain folds a text (no accents)."""
        from .tokens import plain

        return frozenset(plain(word) for word in self.stopwords)

    @cached_property
    def quantifiers_words(self) -> frozenset[str]:
        """Every word of the quantifier phrases."""
        return frozenset(word for phrase in self.quantifiers for word in phrase)


LONGEST_PHRASE = 4  # words in the longest phrase of any list


def phrase_at(words: list[str], j: int, table) -> Phrase | None:
    """The longest phrase of `table` (at most LONGEST_PHRASE words) that starts at word `j`,
    or None."""
    if j >= len(words):
        return None
    firsts, longest = _firsts(table)
    if words[j] not in firsts:  # most words start no phrase: one set lookup tells
        return None
    for length in range(min(longest, len(words) - j), 0, -1):
        phrase = tuple(words[j:j + length])
        if phrase in table:
            return phrase
    return None


def phrases_in(words: list[str], table, a: int = 0, b: int | None = None
               ) -> list[tuple[int, Phrase]]:
    """Each (j, phrase) for a j in a..b where `phrase_at` finds a phrase of `table`: only the
    words that start one of its phrases are tried."""
    firsts = _firsts(table)[0]
    b = len(words) if b is None else b
    found = []
    for j in compress(range(a, b), map(firsts.__contains__, words[a:b])):
        phrase = phrase_at(words, j, table)
        if phrase is not None:
            found.append((j, phrase))
    return found


#: For each phrase table (by id, the table kept beside so that the id stays its own): the
#: first words of its phrases and its longest phrase's length, capped at LONGEST_PHRASE.
_FIRST_WORDS: dict[int, tuple[object, frozenset[str], int]] = {}


def _firsts(table) -> tuple[frozenset[str], int]:
    found = _FIRST_WORDS.get(id(table))
    if found is None or found[0] is not table:
        found = _FIRST_WORDS[id(table)] = (
            table, frozenset(phrase[0] for phrase in table if phrase),
            min(LONGEST_PHRASE, max(map(len, table), default=0)))
    return found[1], found[2]


def _phrase(text: str) -> Phrase:
    from .tokens import words

    return tuple(words(str(text)))


def _phrases(values: Any) -> frozenset[Phrase]:
    return frozenset(p for p in (_phrase(v) for v in values or ()) if p)


def _words(values: Any) -> frozenset[str]:
    return frozenset(fold(str(v)) for v in values or ())


def _classed(table: Any) -> dict[Phrase, str]:
    """{class: [phrases]} turned round: each phrase to its class (`at least` → at_least)."""
    return {phrase: str(cls) for cls, phrases in (table or {}).items()
            for phrase in _phrases(phrases)}


def _build(name: str, data: Mapping[str, Any]) -> FaithLexicon:
    numbers = data.get("numbers") or {}
    units = {}
    for word, (family, size) in (data.get("units") or {}).items():
        units[_phrase(word) or (str(word),)] = (str(family), float(size))
    return FaithLexicon(
        language=name,
        stopwords=_words(data.get("stopwords")),
        decimal=str(numbers.get("decimal", ".")),
        thousands=str(numbers.get("thousands", ",")),
        number_words={fold(str(k)): int(v) for k, v in (numbers.get("words") or {}).items()},
        ordinals={fold(str(k)): int(v) for k, v in (numbers.get("ordinals") or {}).items()},
        scales={fold(str(k)): int(v) for k, v in (numbers.get("scales") or {}).items()},
        joiners=_words(numbers.get("joiners")),
        compound_joiner=numbers.get("compound_joiner"),
        weak_numbers=_words(numbers.get("weak")),
        months={fold(str(k)): int(v) for k, v in (data.get("months") or {}).items()},
        units=units,
        comparators=_classed(data.get("comparators")),
        approximately=_phrases(data.get("approximately")),
        negators=_words(data.get("negators")),
        continuers=_words(data.get("negation_continuers")),
        prohibitions=_words(data.get("prohibitions")),
        negative_meaning=_phrases(data.get("negative_meaning")),
        quantifiers=_classed(data.get("quantifiers")),
        only=_words(data.get("only")),
        universals=_words(data.get("universals")),
        alternatives=_words(data.get("alternatives")),
        not_only=_phrases(data.get("not_only")),
        conditions=_phrases(data.get("conditions")),
        exceptions=_phrases(data.get("exceptions")),
        unless=_phrases(data.get("unless")),
        strong_conditions=_phrases(data.get("strong_conditions")),
        whether_verbs=_words(data.get("whether_verbs")),
        clause_initial=_words(data.get("clause_initial")),
        reference_words=_words(data.get("reference_words")),
        auxiliaries=_words(data.get("auxiliaries")),
    )


@lru_cache(maxsize=1)
def lexicons() -> dict[str, FaithLexicon]:
    """Every packaged language that has a `faithfulness` key, by name, in file order."""
    merged = _language.merged()
    return {name: _build(name, content["faithfulness"])
            for name, content in merged.data.items() if content.get("faithfulness")}


@lru_cache(maxsize=1)
def all_stopwords() -> frozenset[str]:
    """The stopwords of every language: what no content comparison counts."""
    found: set[str] = set()
    for lexicon in lexicons().values():
        found |= lexicon.stopwords
        found |= lexicon.negators
        found |= set(lexicon.number_words)
    return frozenset(found)


@lru_cache(maxsize=1)
def plain_stopwords() -> frozenset[str]:
    """`all_stopwords` as `tokens.plain_stems` folds them (no accents, a plural `s` and all
    but five letters cut): what content comparisons leave out."""
    from .tokens import plain_stems

    return frozenset(stem for word in all_stopwords() for stem in plain_stems(word)
                     if not stem[0].isdigit())


def identify(words: list[str]) -> FaithLexicon:
    """The language whose stopwords the words hold most of (ties: file order, English first)."""
    return _most_stopwords(words, "stopwords")


_LETTERS = (("pt", "ãõç"), ("es", "ñ¿¡"), ("de", "äöüß"))


@lru_cache(maxsize=8)
def _in_order(hint: str | None) -> tuple[FaithLexicon, ...]:
    """The languages in the order ties go: the hinted one, English, the rest."""
    return tuple(sorted(lexicons().values(), key=lambda lex: (lex.language != hint,
                                                              lex.language != "en")))


def _letters_hint(words: list[str]) -> str | None:
    """A language whose own letters the words hold, if any."""
    text = "".join(words)
    if text.isascii():
        return None
    return next((language for language, letters in _LETTERS
                 if any(c in text for c in letters)), None)


def identify_plain(words: list[str]) -> FaithLexicon:
    """`identify` for words folded as tokens.plain folds them (no accents)."""
    return _most_stopwords(words, "plain_stopwords")


def identify_searchable(text: str) -> FaithLexicon:
    """`identify_plain` of a `tokens.searchable` text's words: by the compiled core where it is
    built."""
    languages = _languages()
    found = None if languages is None else languages.identify(text)
    if found is None:
        return identify_plain(text.split())
    return _in_file_order()[found]


@lru_cache(maxsize=1)
def _in_file_order() -> tuple[FaithLexicon, ...]:
    return tuple(lexicons().values())


@lru_cache(maxsize=1)
def _languages():
    """The compiled core's Languages over the plain vocabularies, or None without the core."""
    from ..core import native

    if native is None:
        return None
    names = [lexicon.language for lexicon in _in_file_order()]
    return native.Languages(
        [sorted(lexicon.plain_vocabulary) for lexicon in _in_file_order()],
        names.index("en") if "en" in names else None,
        [(names.index(language) if language in names else None, letters)
         for language, letters in _LETTERS])


def _most_stopwords(words: list[str], key: str) -> FaithLexicon:
    """The language with most of its words among `words` (its stopwords and every other word
    its lists name); a tie goes to the language whose letters the words hold (ñ, ã, ß…),
    then to English."""
    best, best_count = None, -1
    for lexicon in _in_order(_letters_hint(words)):
        vocabulary = lexicon.vocabulary if key == "stopwords" else lexicon.plain_vocabulary
        count = sum(map(vocabulary.__contains__, words))
        if count > best_count:
            best, best_count = lexicon, count
    assert best is not None
    return best


__all__ = ["FaithLexicon", "lexicons", "identify", "identify_plain", "identify_searchable",
           "all_stopwords"]
