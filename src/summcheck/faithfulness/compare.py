"""Where a sentence says something else than its quotes: a number, a negation, a quantifier or
a condition. Each comparison gives the differing words on both sides, or nothing.

Precision comes first (a false alarm on a faithful summary costs more than a miss), so each
comparison reports only a difference it can show on both sides:
- numbers: a quantity of the sentence that no quote states, while a quote states another of
  the same kind (30 days / 60 days; at least 8 / at most 8); a bare count is never reported;
- negation, quantifiers: only in the clause of the quote that shares most content words with
  a clause of the sentence (at least two, and half of the shorter clause's), and never where
  either clause says "not" in one word (optional, without, lacks, only, unless …);
- a condition: a quote that states a rule (a modal word) under a strong condition (if, unless,
  sofern, salvo, desde que …) whose clause shares nothing with a sentence that keeps no
  condition word at all.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from ..terminal.display import shorten
from .lexicon import (FaithLexicon, Phrase, all_stopwords, identify, phrase_at, phrases_in,
                      plain_stopwords)
from .numbers import Quantity, quantities, same_direction
from .tokens import (SENTENCE_BREAKS, Token, is_number, is_word, plain_stems, stem, tokens,
                     words)

MIN_SHARED = 2  # content words a clause pair must share to be compared
NEGATION_CLOSE = 0.3  # and, for negations, this share of the longer clause's words
APPROXIMATE = 0.1  # "about" allows this much relative difference


@dataclass(frozen=True)
class Difference:
    """What the sentence says and what the quote says instead."""

    said: str  # the sentence's (or claim's) words
    quoted: str  # the quote's words
    what: str = ""  # a few words on the kind of difference
    quote: "Reading | None" = field(default=None, compare=False, repr=False)  # the quote's


@dataclass
class Reading:
    """A text read once for every comparison: its words, language, clauses and quantities."""

    text: str
    words: list[str] = field(init=False)
    lexicon: FaithLexicon = field(init=False)

    def __post_init__(self) -> None:
        self.words = words(self.text)
        self.lexicon = identify(self.words)

    @cached_property
    def toks(self) -> list[Token]:
        """The words with their offsets, read only where a difference is shown or a number
        read."""
        return tokens(self.text)

    @cached_property
    def quantities(self) -> list[Quantity]:
        return quantities(self.text, self.toks, self.lexicon)

    @cached_property
    def clauses(self) -> list[tuple[int, int]]:
        """(start, end) token ranges: split at sentence punctuation (a full stop only where a
        sentence ends: not in "e.g."), before a condition or contrast word, and after the
        comma that ends a condition ("Where X, courts apply Y": two clauses)."""
        words, lexicon, text = self.words, self.lexicon, self.text
        out, start, in_condition = [], 0, False
        strong = dict(phrases_in(words, lexicon.strong_conditions))
        conditions = dict(phrases_in(words, lexicon.conditions))
        for i, word in enumerate(words):
            if word in SENTENCE_BREAKS and (word != "." or _ends_sentence(text, self.toks, i)):
                if i > start:
                    out.append((start, i))
                start, in_condition = i + 1, False
            elif word == "," and in_condition:
                if i > start:
                    out.append((start, i))
                start, in_condition = i + 1, False
            elif (i in strong or i in conditions) and _opens_clause(
                    words, i, lexicon, strong.get(i), conditions.get(i)):
                if i > start:
                    out.append((start, i))
                start, in_condition = i, True
        if start < len(words):
            out.append((start, len(words)))
        return out

    @cached_property
    def anchors(self) -> list[frozenset[str]]:
        """Per clause, the stems of its content words."""
        return [self._anchors(a, b) for a, b in self.clauses]

    def _anchors(self, a: int, b: int) -> frozenset[str]:
        lexicon, stop = self.lexicon, all_stopwords()
        found = set()
        for word in self.words[a:b]:
            if (_content(word, stop) and word not in lexicon.quantifiers_words
                    and word not in lexicon.only and word not in lexicon.negators
                    and word not in lexicon.prohibitions):
                found.add(stem(word))
        return frozenset(found)

    def span_text(self, a: int, b: int) -> str:
        return self.text[self.toks[a].start:self.toks[b - 1].end]


#: Marks after which a clause may start ("alistar-se": a hyphen starts none).
_CLAUSE_MARKS = frozenset(",;:.!?()")


def _opens_clause(words: list[str], i: int, lexicon: FaithLexicon, strong: Phrase | None,
                  condition: Phrase | None) -> bool:
    """Whether a condition or contrast word opens a clause at `i` (`strong`, `condition`: the
    phrases of those tables that start there): a strong condition anywhere ("… unless …"),
    another one after a comma (so the adverb in "gelten jedoch nicht" opens none)."""
    if strong is not None:
        return not (len(strong) == 1 and strong[0] in lexicon.clause_initial and i > 0
                    and words[i - 1] not in _CLAUSE_MARKS)
    return (i == 0 or words[i - 1] in _CLAUSE_MARKS) and condition is not None


def _ends_sentence(text: str, toks: list[Token], i: int) -> bool:
    """Whether the full stop at token `i` ends a sentence: after a word of three letters or
    more (not "e.g.", "z. B.", "p."), before a capital letter or the end."""
    if i == 0 or len(toks[i - 1].word) < 3:
        return False
    rest = text[toks[i].end:toks[i].end + 3].lstrip()
    return not rest or rest[0].isupper() or not rest[0].isalnum()


MAX_STEMS = 64  # content words of a text that binding compares: its first ones


def content_stems(text: str) -> frozenset[str]:
    """The stems of a text's first content words, and its numbers: what binding compares."""
    stop = plain_stopwords()
    found: dict[str, None] = {}
    for w in plain_stems(text):
        if w[0].isdigit() or (len(w) >= 3 and w not in stop):
            found[w] = None
            if len(found) >= MAX_STEMS:
                break
    return frozenset(found)


# ---------------------------------------------------------------- numbers


def number_differences(sentence: Reading, quotes: list[Reading]) -> list[Difference]:
    """Quantities of the sentence that no quote states, each with the quote's instead."""
    said = [q for q in sentence.quantities if q.comparable]
    if not said:
        return []
    stated = [(reading, q) for reading in quotes for q in reading.quantities]
    used = {id(q) for s in sentence.quantities for _, q in stated if _supports(q, s)}
    out = []
    for s in said:
        if any(_supports(q, s) for _, q in stated):
            continue
        opposite = next(((r, q) for r, q in stated if _same_amount(q, s)
                         and not same_direction(q.comparator, s.comparator)), None)
        if opposite is not None:
            out.append(_difference(s, *opposite, "comparator"))
            continue
        other = next(((r, q) for r, q in stated if id(q) not in used and _same_kind(q, s)),
                     None)
        if other is not None:
            out.append(_difference(s, *other, "number"))
    return out


def _difference(said: Quantity, reading: Reading, quoted: Quantity, what: str) -> Difference:
    """The sentence's quantity against the quote's, shown with the comparator before it."""
    start = quoted.start if quoted.said_from < 0 else quoted.said_from
    return Difference(said.text, reading.text[start:quoted.end], what, reading)


def _same_kind(q: Quantity, s: Quantity) -> bool:
    if s.date is not None or q.date is not None:
        return s.date is not None and q.date is not None
    return q.family is not None and q.family == s.family


def _same_amount(q: Quantity, s: Quantity) -> bool:
    if q.date is not None or s.date is not None or q.value is None or s.value is None:
        return False
    if q.family and s.family and not (q.family.startswith("~") or s.family.startswith("~")):
        return q.family == s.family and _close(q.base, s.base, s.approximate or q.approximate)
    return _close(q.value, s.value, s.approximate or q.approximate)


def _supports(q: Quantity, s: Quantity) -> bool:
    """Whether the quote's quantity `q` states the sentence's `s`."""
    if s.date is not None or q.date is not None:
        if s.date is None or q.date is None:
            return False
        shared = [(a, b) for a, b in zip(s.date, q.date) if a is not None and b is not None]
        return bool(shared) and all(a == b for a, b in shared)
    return _same_amount(q, s) and same_direction(q.comparator, s.comparator)


def _close(a: float | None, b: float | None, approximate: bool) -> bool:
    if a is None or b is None:
        return False
    if a == b or abs(a - b) <= 1e-9 * max(abs(a), abs(b)):
        return True
    return approximate and abs(a - b) <= APPROXIMATE * max(abs(a), abs(b))


# ---------------------------------------------------------------- clauses compared


@dataclass(frozen=True)
class Pair:
    """The sentence's clause and the quote's clause that share most content."""

    sentence: tuple[int, int]
    quote: tuple[int, int]
    shared: frozenset[str]


def best_pair(sentence: Reading, quote: Reading, close: float = 0.0) -> Pair | None:
    """The clause pair sharing most content words: at least two, half of the shorter clause's
    and `close` of the longer's."""
    best: Pair | None = None
    for i, s_anchors in enumerate(sentence.anchors):
        if not s_anchors:
            continue
        for j, q_anchors in enumerate(quote.anchors):
            shared = s_anchors & q_anchors
            if len(shared) < MIN_SHARED or 2 * len(shared) < min(len(s_anchors), len(q_anchors)):
                continue
            if len(shared) < close * max(len(s_anchors), len(q_anchors)):
                continue
            if best is None or len(shared) > len(best.shared):
                best = Pair(sentence.clauses[i], quote.clauses[j], shared)
    return best


def _restated(sentence: Reading, quotes: list[Reading]) -> list[Reading]:
    """The quotes the sentence restates: those whose clause pair with it shares as many words
    as the best one's. A sentence that rests on several records is compared with the one it
    says again, not with a neighbour that shares a few of its words."""
    pairs = [(best_pair(sentence, quote), quote) for quote in quotes]
    most = max((len(pair.shared) for pair, _ in pairs if pair is not None), default=0)
    return [quote for pair, quote in pairs if pair is not None and len(pair.shared) == most]


def _has_phrase(words: list[str], table) -> bool:
    return bool(phrases_in(words, table))


def _negations(reading: Reading, span: tuple[int, int]) -> list[int]:
    """Token indexes of the negations in a clause (not those inside a comparator such as
    "no later than" or "not only")."""
    words, lexicon = reading.words, reading.lexicon
    masked: set[int] = set()
    a, b = span
    for table in (lexicon.comparators, lexicon.not_only):
        for j, phrase in phrases_in(words, table, a, b):
            masked.update(range(j, j + len(phrase)))
    found = []
    for j in range(a, b):
        word = words[j]
        if j in masked:
            continue
        if word in lexicon.continuers and (found or any(
                w in lexicon.negators for w in words[:a])):
            continue  # "não … nem", "not … nor": one negation, continued
        if word in lexicon.negators or word in lexicon.prohibitions or word.endswith("n't"):
            found.append(j)
    return found


def _negative_meaning(reading: Reading, span: tuple[int, int], other: Reading | None = None
                      ) -> bool:
    """Whether the clause says "not" in a word of its own ("optional", "only", "ohne") —
    one the other text does not say too (there it describes, it paraphrases no negation)."""
    words, table = reading.words, reading.lexicon.negative_meaning
    theirs = set(other.words) if other is not None else set()
    return any(not (other is not None and set(phrase) <= theirs)
               for _, phrase in phrases_in(words, table, span[0], span[1]))


def _followed_by_exception(reading: Reading, span: tuple[int, int]) -> bool:
    """Whether the clause after `span` opens with an exception or a strong condition ("must
    not … unless", "nur wenn"): a negated rule with an exception permits under a condition."""
    words, lexicon = reading.words, reading.lexicon
    j = span[1]
    return j < len(words) and (phrase_at(words, j, lexicon.exceptions) is not None
                               or phrase_at(words, j, lexicon.strong_conditions) is not None)


def negation_difference(sentence: Reading, quotes: list[Reading],
                        strict: bool = False) -> Difference | None:
    """The sentence affirms what every comparable quote negates, or the reverse: in the clause
    pair that shares most content, a shared word is negated on one side and not on the other,
    and the clauses' negations differ in number by an odd count (a double negation affirms).
    `strict` (a record's terse claim): only a negated predicate counts, a negation beside an
    auxiliary or modal verb ("must not", "is not", "darf nicht") or a prohibition."""
    found = None
    restated = {id(quote) for quote in _restated(sentence, quotes)}
    for quote in quotes:
        # A negation is compared only where the clauses say nearly the same: a third of the
        # longer clause's words shared.
        pair = best_pair(sentence, quote, close=NEGATION_CLOSE)
        if pair is None:
            if id(quote) in restated:
                return None  # the quote it restates says more than can be compared
            continue
        s_neg, q_neg = _negations(sentence, pair.sentence), _negations(quote, pair.quote)
        s_negative, q_negative = _polarity(sentence, s_neg), _polarity(quote, q_neg)
        if s_negative == q_negative:
            return None  # a quote says it as the sentence does
        if id(quote) not in restated:
            continue  # a neighbour's negation is no misreading of the sentence's own quote
        if (_negative_meaning(sentence, pair.sentence, quote)
                or _negative_meaning(quote, pair.quote, sentence)
                or _followed_by_exception(sentence, pair.sentence)
                or _followed_by_exception(quote, pair.quote)
                or _negated_by_prefix(sentence, pair.sentence, quote, pair.quote)
                or _negated_by_prefix(quote, pair.quote, sentence, pair.sentence)):
            return None
        if strict and not (
                _negates_predicate(sentence, s_neg, pair.sentence, quote, pair.quote)
                if s_negative else
                _negates_predicate(quote, q_neg, pair.quote, sentence, pair.sentence)):
            return None
        s_heads, _, s_plain = _negated_anchors(sentence, pair.sentence, s_neg, pair.shared)
        q_heads, _, q_plain = _negated_anchors(quote, pair.quote, q_neg, pair.shared)
        # What the other side negates anywhere: a sentence may put the quote's negated part
        # in a clause of its own ("…; the direct presentation is forbidden").
        s_covered, q_covered = _covered(sentence, pair.shared), _covered(quote, pair.shared)
        # A negation differs where it stands on a shared word the other side says unnegated;
        # a word a side says both negated and not ("To convey … is not conveying") tells
        # nothing.
        differing = (s_heads - q_covered - s_plain) | (q_heads - s_covered - q_plain)
        if not differing:
            return None  # the negations stand on words the other side does not share
        if found is None:
            found = Difference(_around(sentence, pair.sentence, s_neg, pair.shared),
                               _around(quote, pair.quote, q_neg, pair.shared),
                               "negated" if q_negative else "affirmed", quote)
    return found


_CONTRACTED = {"cannot": "can", "can't": "can", "won't": "will", "shan't": "shall"}


#: Languages whose negations agree rather than cancel ("sin ninguna garantía", "não … nada"):
#: there a clause is negative when it has one, in English and German when it has an odd number.
_NEGATIVE_CONCORD = frozenset(("es", "pt"))


def _polarity(reading: Reading, negations: list[int]) -> bool:
    """Whether a clause with these negations negates."""
    if reading.lexicon.language in _NEGATIVE_CONCORD:
        return bool(negations)
    return len(negations) % 2 == 1


def _negates_predicate(reading: Reading, negations: list[int], span: tuple[int, int],
                       other: Reading, other_span: tuple[int, int]) -> bool:
    """Whether a negation negates the predicate the other side affirms: a prohibition, or a
    negation beside an auxiliary or modal verb the other clause has too ("must not provide"
    against "must provide"; "cannot be used" against "would read as" is another predicate)."""
    words, lexicon = reading.words, reading.lexicon
    theirs = set(other.words[other_span[0]:other_span[1]])
    for j in negations:
        word = words[j]
        if word in lexicon.prohibitions:
            return True
        verb = _CONTRACTED.get(word) or (word[:-3] if word.endswith("n't") else None)
        near = [verb] if verb else words[max(span[0], j - 2):j] + words[j + 1:j + 2]
        if any(w in lexicon.auxiliaries and w in theirs for w in near):
            return True
    return False


def _negated_anchors(reading: Reading, span: tuple[int, int], negations: list[int],
                     shared: frozenset[str]) -> tuple[frozenset[str], frozenset[str],
                                                    frozenset[str]]:
    """(the shared words the clause's negations stand on: the first shared word within reach
    after each, in German, which puts `nicht` after its verb, else the nearest before it;
    every shared word a negation governs, to the end of its clause; the shared words the
    clause also says where no negation governs them)."""
    words = reading.words
    a, b = span
    german = reading.lexicon.language == "de"
    heads: set[str] = set()
    governed: set[int] = set()
    for j in negations:
        if reading.lexicon.language in _CONTRASTIVE and j > a and words[j - 1] == ",":
            continue  # "compare target URIs, not relative references": a contrast, no negation
        # A prohibition is a predicate: "the presentation … is forbidden" governs its subject.
        prohibition = words[j] in reading.lexicon.prohibitions
        if words[j] in _PRIVATIVES:  # "sin entorno gráfico": the noun after it, no more
            for k in range(j + 1, min(b, j + 2)):
                if is_word(words[k]) and stem(words[k]) in shared:
                    heads.add(stem(words[k]))
                governed.add(k)
            continue
        # Before it, only within its part of the clause: ", sendo vedado o anonimato".
        segment = next((k + 1 for k in range(j - 1, a - 1, -1) if words[k] == ","), a)
        after = range(j + 1, min(b, j + NEGATION_REACH + 1))
        before = (range(j - 1, segment - 1, -1) if prohibition else
                  range(j - 1, max(segment, j - GERMAN_REACH) - 1, -1) if german else range(0))
        head = next((k for k in (*after, *before)
                     if is_word(words[k]) and stem(words[k]) in shared), None)
        if head is not None:
            heads.add(stem(words[head]))
        governed.update(range(j + 1, b))
        if prohibition:
            governed.update(range(segment, j))
        elif german:
            governed.update(range(max(segment, j - GERMAN_REACH), j))
    covered = {stem(words[k]) for k in governed if is_word(words[k]) and stem(words[k]) in shared}
    plain = {stem(words[k]) for k in range(a, b)
             if k not in governed and is_word(words[k]) and stem(words[k]) in shared}
    return frozenset(heads), frozenset(covered), frozenset(plain & heads)


NEGATION_REACH = 3  # a negation stands on a shared word at most this many words after it


def _covered(reading: Reading, shared: frozenset[str]) -> frozenset[str]:
    """The shared words a negation governs in any clause of the text."""
    found: set[str] = set()
    for span in reading.clauses:
        negations = _negations(reading, span)
        if negations:
            found |= _negated_anchors(reading, span, negations, shared)[1]
    return frozenset(found)
#: Prepositions that negate the noun after them ("sin", "sem"), not the predicate.
_PRIVATIVES = frozenset(("sin", "sem"))
GERMAN_REACH = 3  # the words before a German negation it governs (its verb, its object)

#: Languages where a negation after a comma contrasts ("X, not Y") rather than negates a verb.
_CONTRASTIVE = frozenset(("en", "de"))


_NEGATIVE_PREFIXES = ("un", "in", "im", "il", "ir", "non", "dis", "des", "ohne")


def _negated_by_prefix(reading: Reading, span: tuple[int, int], other: Reading,
                       other_span: tuple[int, int]) -> bool:
    """Whether a word of the clause negates by its prefix what the other clause says with a
    negation ("unparseable" for "cannot parse", "invalid" for "not valid")."""
    other_stems = {stem(w) for w in other.words[other_span[0]:other_span[1]] if is_word(w)}
    for word in reading.words[span[0]:span[1]]:
        for prefix in _NEGATIVE_PREFIXES:
            if word.startswith(prefix) and len(word) > len(prefix) + 3 and (
                    stem(word[len(prefix):]) in other_stems):
                return True
        if word.endswith("less") and len(word) > 6 and stem(word[:-4]) in other_stems:
            return True
    return False


def _around(reading: Reading, span: tuple[int, int], marks: list[int],
            shared: frozenset[str]) -> str:
    """A few words of a clause: from its first mark (a negation, a quantifier) to the next
    shared word, else the clause itself."""
    a, b = span
    if marks:
        first = marks[0]
        end = next((j + 1 for j in range(first + 1, b)
                    if is_word(reading.words[j]) and stem(reading.words[j]) in shared), None)
        if end is not None and end - first <= 8:
            return reading.span_text(max(a, first - 2), end)
        return reading.span_text(max(a, first - 2), min(b, first + 4))
    return shorten(reading.span_text(a, b), 80)


# ---------------------------------------------------------------- quantifiers


def _quantifiers(reading: Reading, span: tuple[int, int]) -> tuple[set[str], list[int], bool]:
    """(classes of its quantifiers, their token indexes, whether it says `only`)."""
    words, lexicon = reading.words, reading.lexicon
    a, b = span
    masked: set[int] = set()
    for j, phrase in phrases_in(words, lexicon.not_only, a, b):
        masked.update(range(j, j + len(phrase)))
    quantifiers = dict(phrases_in(words, lexicon.quantifiers, a, b))
    classes, marks, only = set(), [], False
    j = a
    while j < b:
        if j in masked:
            j += 1
            continue
        phrase = quantifiers.get(j)
        if phrase is not None and j + len(phrase) <= b:
            classes.add(lexicon.quantifiers[phrase])
            marks.append(j)
            j += len(phrase)
            continue
        # "only" before a number stresses the number ("apenas 68980 pacotes"): no restriction.
        if words[j] in lexicon.only and not (j + 1 < b and is_number(words[j + 1])):
            only = True
            marks.append(j)
        j += 1
    return classes, marks, only


def scope_difference(sentence: Reading, quotes: list[Reading]) -> Difference | None:
    """A quantifier or frequency changed (all ↔ some, always ↔ usually), or `only` added or
    dropped, in the clause pair that shares most content."""
    found = None
    restated = {id(quote) for quote in _restated(sentence, quotes)}
    for quote in quotes:
        pair = best_pair(sentence, quote)
        if pair is None:
            continue
        s_classes, s_marks, s_only = _quantifiers(sentence, pair.sentence)
        q_classes, q_marks, q_only = _quantifiers(quote, pair.quote)
        difference = None
        if s_classes and q_classes and not (s_classes & q_classes):
            difference = "quantifier"
        elif q_only and not _restricts(sentence):
            difference = "only dropped"
        elif id(quote) in restated:
            # A quantifier may stand in a clause of its own ("… only if at least one of the
            # conditions …"): each clause pair that shares enough is compared.
            other = _quantifier_pair(sentence, quote)
            if other is not None:
                pair, s_marks, q_marks = other
                difference = "quantifier"
        if difference is None and s_only and not q_only and id(quote) in restated:
            narrowing = _narrowing(sentence, pair, quote)
            if narrowing is not None:
                difference, q_marks = "only added", [narrowing]
        if difference is None:
            if id(quote) in restated or q_classes or q_only:
                return None  # a quote says it with the sentence's scope
            continue  # a neighbour that quantifies nothing tells nothing
        if found is None and id(quote) in restated:
            found = Difference(_around(sentence, pair.sentence, s_marks, pair.shared),
                               _around(quote, pair.quote, q_marks, pair.shared), difference,
                               quote)
    return found


def _quantifier_pair(sentence: Reading, quote: Reading):
    """(pair, sentence marks, quote marks) of a clause pair sharing enough words whose
    quantifiers differ in class, or None."""
    for i, s_anchors in enumerate(sentence.anchors):
        for j, q_anchors in enumerate(quote.anchors):
            shared = s_anchors & q_anchors
            if len(shared) < MIN_SHARED or 2 * len(shared) < min(len(s_anchors), len(q_anchors)):
                continue
            s_classes, s_marks, _ = _quantifiers(sentence, sentence.clauses[i])
            q_classes, q_marks, _ = _quantifiers(quote, quote.clauses[j])
            if s_classes and q_classes and not (s_classes & q_classes):
                return Pair(sentence.clauses[i], quote.clauses[j], shared), s_marks, q_marks
    return None


def _narrowing(sentence: Reading, pair: Pair, quote: Reading) -> int | None:
    """Where the quote's clause says more than a sentence that adds `only` keeps: the word of
    a whole class the sentence narrows ("All printing characters" read as "Only printing
    characters"), or the alternative it drops ("with A or with B" read as "only with A"). The
    `only` must stand before what it narrows. None where it may stress what the quote says,
    open a condition ("only if", compared as conditions are), or say what the quote's own
    restriction (a negation, an exception) says."""
    if _restricts(quote):
        return None
    first_only = _first_only(sentence, pair.sentence)
    if first_only is None:
        return None
    words, lexicon = quote.words, quote.lexicon
    a, b = pair.quote
    s_words = sentence.words[pair.sentence[0]:pair.sentence[1]]
    kept = frozenset().union(*sentence.anchors)

    def narrowed(word: str | None) -> bool:
        """Whether the sentence says `word` (by its stem) after its `only`."""
        if word is None or stem(word) not in pair.shared:
            return False
        return any(stem(w) == stem(word) for w in sentence.words[first_only + 1:pair.sentence[1]]
                   if is_word(w))

    for k in range(a, b):
        word = words[k]
        if word in lexicon.universals and set(s_words).isdisjoint(sentence.lexicon.universals):
            # The class it covers is what the `only` covers: the same next content word ("all
            # passwords must be hashed" as "only hashed passwords" is the same rule).
            covered = next((w for w in words[k + 1:min(b, k + 4)] if _content(w)), None)
            restricted = next((w for w in sentence.words[first_only + 1:first_only + 4]
                               if _content(w)), None)
            if (covered is not None and restricted is not None
                    and stem(covered) == stem(restricted) and narrowed(covered)):
                return k
        elif word in lexicon.alternatives:
            if not narrowed(next((w for w in reversed(words[max(a, k - 3):k]) if _content(w)),
                                 None)):
                continue  # not an alternative to what the sentence keeps
            end = next((j for j in range(k + 1, b) if words[j] in SENTENCE_BREAKS), b)
            offered = {stem(w) for w in words[k + 1:end] if _content(w)}
            if len(offered) >= MIN_SHARED and offered.isdisjoint(kept):
                return k
    return None


def _first_only(reading: Reading, span: tuple[int, int]) -> int | None:
    """The first `only` of a clause that restricts what follows it: not one before a number
    (which it stresses) nor one that opens a condition ("only if", "nur wenn")."""
    words, lexicon = reading.words, reading.lexicon
    for j in range(span[0], span[1]):
        if words[j] not in lexicon.only:
            continue
        if j + 1 < span[1] and is_number(words[j + 1]):
            continue
        if (phrase_at(words, j, lexicon.conditions) is not None
                or phrase_at(words, j + 1, lexicon.conditions) is not None):
            continue
        return j
    return None


def _content(word: str, stopwords: frozenset[str] | None = None) -> bool:
    """Whether a word says something of its own: a word of three letters or more that no
    language lists as a stopword (`stopwords`: `all_stopwords()`, if at hand)."""
    return (is_word(word) and len(word) >= 3
            and word not in (all_stopwords() if stopwords is None else stopwords))


def _restricts(reading: Reading) -> bool:
    """Whether a text restricts in another way than the quote's `only`: its own `only`, a
    negation or an exception ("may not … unless" says "only if"; a plain "if" does not)."""
    lexicon, words = reading.lexicon, reading.words
    return (any(w in lexicon.only for w in words) or bool(_negations(reading, (0, len(words))))
            or _has_phrase(words, lexicon.exceptions) or _has_phrase(words, lexicon.unless)
            or _has_phrase(words, lexicon.negative_meaning))


# ---------------------------------------------------------------- conditions


def _strong_conditions(reading: Reading) -> list[tuple[int, int]]:
    """(start, end) of each strong condition's clause: from its word to the next comma or
    sentence mark."""
    words, lexicon = reading.words, reading.lexicon
    out = []
    for j, phrase in phrases_in(words, lexicon.strong_conditions):
        if j > 0 and words[j - 1] in lexicon.whether_verbs:
            continue
        if len(phrase) == 1 and phrase[0] in lexicon.clause_initial and j > 0 and (
                words[j - 1] not in _CLAUSE_MARKS):
            continue
        if j > 0 and tuple(words[j - 1:j + 1]) in lexicon.not_only:
            continue
        end = next((k for k in range(j + len(phrase), len(words))
                    if words[k] in SENTENCE_BREAKS or words[k] == ","), len(words))
        if end > j + len(phrase):
            out.append((j, end))
    return out


def _restates_main_clause(sentence: Reading, quote: Reading,
                          conditions: list[tuple[int, int]]) -> bool:
    """Whether every condition clause of the sentence says what the quote says outside its
    conditions ("lawful if it is necessary for …" for "lawful: necessary for …, unless …"):
    then the sentence's condition words keep none of the quote's conditions."""
    inside = set()
    for start, end in conditions:
        inside.update(range(start, end))
    main = frozenset(stem(w) for k, w in enumerate(quote.words)
                     if k not in inside and is_word(w) and len(w) >= 3)
    clauses = [(a, b) for a, b in sentence.clauses
               if phrase_at(sentence.words, a, sentence.lexicon.conditions) is not None]
    if not clauses:
        return False  # its condition word stands inside a clause: it may be the quote's
    for (a, b), anchors in zip(sentence.clauses, sentence.anchors):
        if (a, b) in clauses and (len(anchors) < MIN_SHARED
                                  or 2 * len(anchors & main) < len(anchors)):
            return False
    return True


def condition_difference(sentence: Reading, quotes: list[Reading]) -> Difference | None:
    """The quote's rule holds under a condition the sentence states without."""
    lexicon = sentence.lexicon
    if (any(w in lexicon.only for w in sentence.words)
            or _has_phrase(sentence.words, lexicon.negative_meaning)):
        return None
    pairs = [(pair, quote) for quote in quotes
             for pair in (best_pair(sentence, quote),) if pair is not None]
    if not pairs:
        return None
    pair, quote = max(pairs, key=lambda item: len(item[0].shared))  # the quote it restates
    conditions = [c for c in _strong_conditions(quote) if not (c[0] <= pair.quote[0] < c[1])]
    if not conditions:
        return None
    if _has_phrase(sentence.words, lexicon.conditions) and not _restates_main_clause(
            sentence, quote, conditions):
        return None  # a condition of its own may say the quote's in other words
    kept = frozenset().union(*sentence.anchors)
    main = quote._anchors(*pair.quote)
    for start, end in conditions:
        opening = phrase_at(quote.words, start, quote.lexicon.strong_conditions) or ()
        named = quote._anchors(start + len(opening), end)
        # What the condition names that the rule's own clause does not ("sofern nicht die
        # Interessen oder Grundrechte der betroffenen Person überwiegen": Grundrechte, Person).
        if (named - main or named) & kept:
            return None  # the sentence speaks of what the condition names
        offsets = (quote.toks[start].start, quote.toks[end - 1].end)
        if any(offsets[0] <= q.start < offsets[1] and _supports(q, s)
               for q in quote.quantities for s in sentence.quantities):
            return None  # or states its number ("ab 16 Jahren": "wenn … das sechzehnte …")
    start, end = conditions[0]
    return Difference(shorten(sentence.span_text(*pair.sentence), 80),
                      shorten(quote.span_text(start, end), 80), "condition", quote)


__all__ = ["Difference", "Reading", "content_stems", "number_differences",
           "negation_difference", "scope_difference", "condition_difference", "best_pair"]
