"""Modal words — *requires*, *recommends*, *permits* — found with the lexicons in `language/`.

One lexicon serves English, German, Spanish and Portuguese together (their modal words do not
collide), so a sentence needs no language detection. A project adds its own terms in config.

A lexicon's `not_modal` list names constructions whose words look modal and are not: idioms
("have to do with") and patterns such as "will ... require|need <quantity>" — a future need
of a quantity ("bunzip2 will require about 3700 kbytes") predicts a resource, it imposes no
duty. Where a `not_modal` entry matches, its words are not modal words.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable, Literal, Mapping

from .. import language as _language
from ..terminal.display import quoted

ModalClass = Literal["requires", "recommends", "permits"]
CLASSES: tuple[ModalClass, ...] = ("requires", "recommends", "permits")

# A number with separators (`3.700`, `1,5`) is one token, so its `.` or `,` ends no clause.
_TOKEN = re.compile(r"\d+(?:[.,]\d+)+|\w+(?:['’-]\w+)*|[,;:.!?]")
# Text between quotation marks (and code spans) is mentioned, not asserted: `the word "should"`.
_QUOTED = re.compile(r"`[^`]*`|\"[^\"\n]*\"|“[^”\n]*”|„[^“”\n]*[“”]|«[^»\n]*»|»[^«\n]*«|‘[^’\n]*’"
                     r"|‚[^‘’\n]*[‘’]|(?<!\w)'[^'\n]*'(?!\w)")  # single quotes, not apostrophes
# The characters every alternative of _QUOTED starts with: most texts have none, and searching
# for them is much cheaper than running _QUOTED.
_QUOTE_OPENER = re.compile("[`\"“„«»‘‚']")
_CLAUSE_BREAK = frozenset(",;:.!?")


@dataclass(frozen=True)
class ModalWord:
    text: str  # as written
    cls: ModalClass
    start: int  # offset in the text


# Elements of a `not_modal` pattern besides words: a gap inside the clause, and a quantity.
GAP = "..."
QUANTITY = "<quantity>"
# A pattern's gap spans at most this many words ("wird für die Dekompression einer Datei etwa
# 3700 kB benötigen" needs six): the words of a construction stand close together, and the
# bound keeps a long clause with many "wird" linear.
MAX_GAP = 12
Pattern = tuple[frozenset[str] | str, ...]  # elements: a word alternation (frozenset; "word?" adds ""), GAP, QUANTITY


@dataclass
class Lexicon:
    phrases: dict[tuple[str, ...], ModalClass] = field(default_factory=dict)
    gapped: list[tuple[tuple[str, ...], tuple[str, ...], ModalClass]] = field(default_factory=list)
    reporting: set[tuple[str, ...]] = field(default_factory=set)
    # Idioms ("have to do with") and patterns ("will ... require|need <quantity>"): not modal.
    not_modal: set[Pattern] = field(default_factory=set)
    names: set[str] = field(default_factory=set)
    # "as stated in 4.2, …": a reporting verb after one of these asserts.
    as_words: set[str] = field(default_factory=set)
    # What a <quantity> is: [approximator] number unit; never after an `at_least` phrase.
    approximately: set[tuple[str, ...]] = field(default_factory=set)
    at_least: set[tuple[str, ...]] = field(default_factory=set)
    units: set[tuple[str, ...]] = field(default_factory=set)
    _index: dict[str, list] | None = field(default=None, repr=False)
    # Built with `_index`: see `needed_words`.
    _needed_words: dict[str, list[frozenset[str]]] | None = field(default=None, repr=False,
                                                                  compare=False)
    _not_modal_index: dict[str, list[Pattern]] | None = field(default=None, repr=False)
    _quantity_index: dict[str, dict[str, list[tuple[str, ...]]]] | None = field(default=None,
                                                                              repr=False)

    def add(self, phrase: str, cls: ModalClass) -> None:
        """Add a phrase of `cls`; ValueError for one that `phrase_problem` refuses."""
        problem = phrase_problem(phrase)
        if problem is not None:
            raise ValueError(problem)
        if GAP in phrase:
            head, tail = (tuple(_words(part)) for part in phrase.split(GAP, 1))
            self.gapped.append((head, tail, cls))
        else:
            self.phrases[tuple(_words(phrase))] = cls
        self._index = None

    def add_not_modal(self, text: str) -> None:
        self.not_modal.add(parse_pattern(text))
        self._not_modal_index = None

    @property
    def not_modal_index(self) -> dict[str, list[Pattern]]:
        """First word → the `not_modal` patterns that can start there, longest first."""
        if self._not_modal_index is None:
            index: dict[str, list[Pattern]] = {}
            for pattern in sorted(self.not_modal, key=lambda p: (-len(p), _pattern_key(p))):
                for word in pattern[0]:
                    index.setdefault(word, []).append(pattern)
            self._not_modal_index = index
        return self._not_modal_index

    def quantity_phrases(self, kind: str) -> dict[str, list[tuple[str, ...]]]:
        """First word → the `approximately`, `at_least` or `units` phrases it starts."""
        if self._quantity_index is None:
            self._quantity_index = {}
            for key in ("approximately", "at_least", "units"):
                by_first: dict[str, list[tuple[str, ...]]] = {}
                for phrase in sorted(getattr(self, key), key=lambda p: (-len(p), p)):
                    by_first.setdefault(phrase[0], []).append(phrase)
                self._quantity_index[key] = by_first
        return self._quantity_index[kind]

    @property
    def index(self) -> dict[str, list]:
        """First word → what can start there: most words start nothing, and cost one lookup."""
        if self._index is None:
            index: dict[str, list] = {}
            for phrase, cls in self.phrases.items():
                index.setdefault(phrase[0], []).append(("phrase", phrase, cls))
            for head, tail, cls in self.gapped:
                index.setdefault(head[0], []).append(("gapped", (head, tail), cls))
            for phrase in self.reporting:
                index.setdefault(phrase[0], []).append(("reporting", phrase, "reporting"))
            for entries in index.values():  # longest first: "may not" before "may"
                entries.sort(key=lambda e: -len(e[1]) if e[0] != "gapped" else -len(e[1][0]))
            self._needed_words = _needed_words(index)
            self._index = index
        return self._index

    @property
    def needed_words(self) -> dict[str, list[frozenset[str]]]:
        """First word → the words each modal phrase starting with it needs, every one of them
        (a gapped phrase's head and tail). A text that lacks some word of every phrase its
        words could start holds no modal word: most texts are told so from their set of
        words, without being read token by token."""
        if self._index is None or self._needed_words is None:
            self._index = None
            self.index  # noqa: B018 - builds both
        assert self._needed_words is not None
        return self._needed_words


def _needed_words(index: dict[str, list]) -> dict[str, list[frozenset[str]]]:
    """`Lexicon.needed_words` of an index. Reporting verbs are left out: alone they make no
    modal word (they only silence those after them)."""
    needed: dict[str, list[frozenset[str]]] = {}
    for first, entries in index.items():
        for kind, phrase, _cls in entries:
            if kind == "reporting":
                continue
            words = phrase[0] + phrase[1] if kind == "gapped" else phrase
            needed.setdefault(first, []).append(frozenset(words))
    return needed


def _words(text: str) -> list[str]:
    return [t.lower().replace("’", "'") for t in _TOKEN.findall(text) if t not in _CLAUSE_BREAK]


def phrase_problem(phrase: str) -> str | None:
    """Why `phrase` cannot be a modal phrase (it holds no word, or a gap lacks a word on either
    side), or None: the lexicon indexes every phrase by its first word."""
    if GAP in phrase:
        head, tail = phrase.split(GAP, 1)
        if not _words(head) or not _words(tail):
            return f"phrase '{quoted(phrase, 40)}' needs words before and after '{GAP}'"
    elif not _words(phrase):
        return f"phrase '{quoted(phrase, 40)}' holds no word"
    return None


def parse_pattern(text: str) -> Pattern:
    """`will ... require|need <quantity>` → its elements (see en.yaml for the notation).

    A word element is the set of words it accepts: `a|b` either word, `word?` also none.
    """
    elements: list = []
    for item in text.split():
        if item in (GAP, "…"):
            elements.append(GAP)
        elif item == QUANTITY:
            elements.append(QUANTITY)
        else:
            optional = item.endswith("?") and len(item) > 1
            words = {w for alt in item.rstrip("?").split("|") for w in _words(alt)}
            if not words:
                raise ValueError(f"not_modal pattern {text!r}: {item!r} is no word")
            elements.append(frozenset(words | ({""} if optional else set())))
    if not elements or not isinstance(elements[0], frozenset) or "" in elements[0]:
        raise ValueError(f"not_modal pattern {text!r} must start with a word")
    return tuple(elements)


def _pattern_key(pattern: Pattern) -> tuple:
    """A deterministic order for patterns of the same length."""
    return tuple(e if isinstance(e, str) else "|".join(sorted(e)) for e in pattern)


def build_lexicon(extra: Mapping[str, Mapping[str, Iterable[str]]] | None = None,
                  languages: _language.Languages | None = None) -> Lexicon:
    """The lexicons of every language (the packaged ones unless `languages` is given), plus
    `extra` {language: {class: [phrases]}} from the project's config."""
    lexicon = Lexicon()
    sources = (languages or _language.merged()).each("modality")
    if extra:
        sources += [dict(terms) for terms in extra.values()]
    for data in sources:
        for cls in CLASSES:
            for phrase in data.get(cls) or ():
                lexicon.add(str(phrase), cls)
        lexicon.reporting.update(tuple(_words(p)) for p in data.get("reporting") or ())
        lexicon.as_words.update(w for p in data.get("as") or () for w in _words(str(p)))
        for phrase in data.get("not_modal") or ():
            lexicon.add_not_modal(str(phrase))
        lexicon.names.update(str(n) for n in data.get("names") or ())
        quantity = data.get("quantity") or {}
        for key in ("approximately", "at_least", "units"):
            getattr(lexicon, key).update(tuple(_words(str(p))) for p in quantity.get(key) or ()
                                         if _words(str(p)))
        lexicon._quantity_index = None
    return lexicon


@lru_cache(maxsize=1)
def default_lexicon() -> Lexicon:
    return build_lexicon()


@dataclass(slots=True)
class _Token:
    word: str  # lower case
    raw: str
    start: int
    end: int
    clause: int  # counts every , ; : . ! ?
    segment: int  # counts only ; . ! ? — the reach of a reporting verb


def _masked(text: str) -> str:
    """`text` with what stands in quotation marks blanked (offsets kept)."""
    if not _QUOTE_OPENER.search(text):
        return text
    return _QUOTED.sub(lambda m: " " * len(m.group()), text)


def _tokens(text: str, masked: str | None = None) -> list[_Token]:
    """The tokens of `text`; `masked` is `_masked(text)` when the caller has it already."""
    if masked is None:
        masked = _masked(text)
    tokens: list[_Token] = []
    clause = segment = 0
    curly = "’" in masked  # most texts have no curly apostrophe to straighten
    for m in _TOKEN.finditer(masked):
        raw = m.group()
        if raw in _CLAUSE_BREAK:
            clause += 1
            segment += raw != ","
            continue
        word = raw.lower()
        if curly:
            word = word.replace("’", "'")
        start, end = m.span()
        tokens.append(_Token(word, raw, start, end, clause, segment))
    return tokens


def _may_hold_modal(masked: str, lowered: list[str], lexicon: Lexicon) -> bool:
    """Whether some modal phrase has all its words among those of the (masked) text, a
    necessary condition for `modal_words` to find one; decided mostly in C. `lowered`: the
    tokens of the text lower-cased as a whole."""
    needed = lexicon.needed_words
    # The words as `_tokens` makes them, each token lower-cased on its own (clause breaks are
    # in the set too, and start no phrase). `str.lower` maps every character alone to one of
    # the same kind for `_TOKEN` (word, digit, the punctuation it names; checked over all of
    # Unicode) except "İ" (two characters) and "Σ" (final sigma, by its neighbours): without
    # those, the tokens of the lower-cased text are the tokens lower-cased.
    if "İ" not in masked and "Σ" not in masked:
        words = set(lowered)
    else:
        words = {raw.lower() for raw in _TOKEN.findall(masked)}
        if "’" in masked:
            words = {word.replace("’", "'") for word in words}
    starts = needed.keys() & words
    return any(phrase <= words for first in starts for phrase in needed[first])


def modal_words(text: str, lexicon: Lexicon | None = None) -> list[ModalWord]:
    """The modal words `text` asserts, in order: quoted text, reported speech, names excluded."""
    lexicon = lexicon or default_lexicon()
    index = lexicon.index
    # The words are those of the text as `_tokens` reads it: a quotation mark glued to a word
    # ("‘always’must") is blanked first, which can part a word from the quote before it.
    masked = _masked(text)
    lowered = _TOKEN.findall(masked.lower().replace("’", "'"))
    if index.keys().isdisjoint(lowered):
        return []  # no word that can start a modal phrase: the common case, decided in C
    if not _may_hold_modal(masked, lowered, lexicon):
        return []  # a word that can start one ("is", "nicht"), but no phrase it starts
    tokens = _tokens(text, masked)
    words = [t.word for t in tokens]
    vetoed = _not_modal_words(tokens, words, lexicon) | _in_exceptions(tokens, words)
    found: list[ModalWord] = []
    reported = -1  # the segment a reporting verb holds ("the draft said it must…")
    i = 0
    while i < len(tokens):
        entries = index.get(words[i])
        if entries is None or i in vetoed:
            i += 1
            continue
        match = _match(entries, tokens, words, i)
        if match is None or _is_name(tokens, i, text, lexicon):
            i += 1
            continue
        length, cls, last = match
        if cls == "reporting":
            if i == 0 or words[i - 1] not in lexicon.as_words:  # "as stated in 4.2, …" asserts
                reported = tokens[i].segment
        elif tokens[i].segment != reported:
            shown = text[tokens[i].start:tokens[i + length - 1].end]
            if last != i + length - 1:  # a gapped phrase: "darf … nicht"
                shown += f" … {tokens[last].raw}"
            found.append(ModalWord(shown, cls, tokens[i].start))  # type: ignore[arg-type]
        i += length
    return found


def _in_exceptions(tokens: list[_Token], words: list[str]) -> set[int]:
    """Positions after a word that opens an exception to a rule ("unless", "außer es", "a
    menos que", "salvo se": the language files' `faithfulness.unless`) in its clause: a modal
    word there states when the rule does not hold, not the rule's strength ("Sie sollten …
    vermeiden, außer es ist unbedingt erforderlich" recommends)."""
    exceptions, first_words = _exception_phrases()
    if first_words.isdisjoint(words):
        return set()  # the common case, decided in C
    from ..faithfulness.lexicon import phrase_at

    words = [w.casefold() for w in words]  # as the faithfulness lexicons fold: ß is ss
    found: set[int] = set()
    for i, word in enumerate(words):
        if word in first_words and phrase_at(words, i, exceptions) is not None:
            clause = tokens[i].clause
            j = i + 1
            while j < len(tokens) and tokens[j].clause == clause:
                found.add(j)
                j += 1
    return found


@lru_cache(maxsize=1)
def _exception_phrases() -> tuple[frozenset[tuple[str, ...]], frozenset[str]]:
    """The exception phrases of every language (their files' `faithfulness.unless`), and the
    words they start with as a text's lower-cased words may write them (`außer`, `ausser`)."""
    from ..faithfulness.lexicon import lexicons

    phrases = frozenset(phrase for lexicon in lexicons().values() for phrase in lexicon.unless)
    first = {phrase[0] for phrase in phrases}
    return phrases, frozenset(first | {word.replace("ss", "ß") for word in first})


def _not_modal_words(tokens: list[_Token], words: list[str], lexicon: Lexicon) -> set[int]:
    """Positions of the words of every `not_modal` idiom or pattern that matches in the text.

    Only a pattern's words are taken out, not what its gaps and quantities span, so a modal
    word inside a gap still counts.
    """
    index = lexicon.not_modal_index
    vetoed: set[int] = set()
    for i, word in enumerate(words):
        for pattern in index.get(word, ()):
            matched = _match_pattern(pattern, tokens, words, i, lexicon)
            if matched is not None:
                vetoed.update(matched)
                break
    return vetoed


def _match_pattern(pattern: Pattern, tokens: list[_Token], words: list[str], i: int,
                   lexicon: Lexicon) -> list[int] | None:
    """The positions of the pattern's words when it matches from token i, else None.

    A gap takes the fewest tokens (at most MAX_GAP) that let the next element match, inside the
    clause of the token before it; nothing is tried again (one pass, no backtracking).
    """
    j = i
    positions: list[int] = []
    elements = list(pattern)
    k = 0
    while k < len(elements):
        element = elements[k]
        if element == GAP:
            nxt = elements[k + 1] if k + 1 < len(elements) else None
            if nxt is None:
                return positions
            clause = tokens[j - 1].clause if j > 0 else tokens[0].clause
            limit = min(len(tokens), j + MAX_GAP + 1)
            while j < limit and tokens[j].clause == clause:
                if _element_at(nxt, tokens, words, j, lexicon) is not None:
                    break
                j += 1
            else:
                return None
            k += 1
            continue
        got = _element_at(element, tokens, words, j, lexicon)
        if got is None:
            return None
        if isinstance(element, frozenset) and got > j:
            positions.append(j)
        j = got
        k += 1
    return positions


def _element_at(element, tokens: list[_Token], words: list[str], j: int,
                lexicon: Lexicon) -> int | None:
    """Where the element ends when it matches at token j (j itself for an absent `word?`)."""
    if element == QUANTITY:
        return _quantity_at(tokens, words, j, lexicon)
    if j < len(words) and words[j] in element:
        return j + 1
    return j if "" in element else None


_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
_NUMBER_UNIT = re.compile(r"(\d+(?:[.,]\d+)*)([^\W\d_]+)")  # `3700k`


def _quantity_at(tokens: list[_Token], words: list[str], j: int, lexicon: Lexicon) -> int | None:
    """End of `[approximator] number unit` at token j (`about 3700 kbytes`, `etwa 65 MiB`).

    A quantity after an `at_least` phrase ("at least 8 characters", "no menos de 500.000") is a
    minimum — a rule, not a prediction — and does not count.
    """
    start = j
    j = _phrase_at(lexicon.quantity_phrases("approximately"), words, j) or j
    if j >= len(words) or not words[j][:1].isdigit():
        return None
    glued = _NUMBER_UNIT.fullmatch(words[j])
    if glued and (glued.group(2),) in lexicon.units:
        end = j + 1
    elif _NUMBER.fullmatch(words[j]):
        j += 1
        while j < len(words) and len(words[j]) == 3 and words[j].isdigit():
            j += 1  # thousands written apart: `500 000`
        end = _phrase_at(lexicon.quantity_phrases("units"), words, j)
        if end is None:
            return None
    else:
        return None
    for first in range(max(0, start - 4), start):  # "at least", "no menos de" end at `start`
        for phrase in lexicon.quantity_phrases("at_least").get(words[first], ()):
            if first + len(phrase) == start and tuple(words[first:start]) == phrase:
                return None
    return end


def _phrase_at(by_first: dict[str, list[tuple[str, ...]]], words: list[str], j: int) -> int | None:
    """End of the longest phrase (listed by first word, longest first) standing at token j."""
    for phrase in by_first.get(words[j], ()) if j < len(words) else ():
        if tuple(words[j:j + len(phrase)]) == phrase:
            return j + len(phrase)
    return None


Match = tuple[int, "ModalClass | None", int]  # length in tokens, class (None: reporting), last token


def _match(entries: list, tokens: list[_Token], words: list[str], i: int) -> Match | None:
    """The longest entry starting at token i; a gapped phrase wins over a plain one as long."""
    best: Match | None = None
    for kind, phrase, cls in entries:
        if kind == "gapped":
            head, tail = phrase
            if best is not None and best[0] > len(head) or tuple(words[i:i + len(head)]) != head:
                continue
            j = i + len(head)
            while j < len(tokens) and tokens[j].clause == tokens[i].clause:
                if tuple(words[j:j + len(tail)]) == tail:
                    return len(head), cls, j + len(tail) - 1
                j += 1
        elif best is None and tuple(words[i:i + len(phrase)]) == phrase:
            best = (len(phrase), cls, i + len(phrase) - 1)
    return best


def _is_name(tokens: list[_Token], i: int, text: str, lexicon: Lexicon) -> bool:
    """`Recommends: …` opening a text is a field label, `May 2018` a month: names, not modals."""
    token = tokens[i]
    if i == 0 and text[token.end:token.end + 1] == ":" and token.raw[:1].isupper():
        return True
    if token.raw in lexicon.names:
        rest = text[token.end:token.end + 4].strip()
        return rest[:1].isdigit()
    return False


def classes(words: Iterable[ModalWord]) -> set[ModalClass]:
    return {w.cls for w in words}


def quote_words(words: Iterable[ModalWord], cls: ModalClass) -> str:
    """`"must", "shall"` for a message."""
    seen: list[str] = []
    for w in words:
        if w.cls == cls and w.text not in seen:
            seen.append(w.text)
    return ", ".join(f'"{t}"' for t in seen)
