"""Modal words — *requires*, *recommends*, *permits* — found with the lexicons in `lexicons/`.

One lexicon serves English, German, Spanish and Portuguese together (their modal words do not
collide), so a sentence needs no language detection. A project adds its own terms in config.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from importlib.resources import files
from typing import Iterable, Literal, Mapping

import yaml

ModalClass = Literal["requires", "recommends", "permits"]
CLASSES: tuple[ModalClass, ...] = ("requires", "recommends", "permits")
LANGUAGES = ("en", "de", "es", "pt")

_TOKEN = re.compile(r"\w+(?:['’-]\w+)*|[,;:.!?]")
# Text between quotation marks (and code spans) is mentioned, not asserted: `the word "should"`.
_QUOTED = re.compile(r"`[^`]*`|\"[^\"\n]*\"|“[^”\n]*”|„[^“”\n]*[“”]|«[^»\n]*»|‘[^’\n]*’")
_CLAUSE_BREAK = frozenset(",;:.!?")


@dataclass(frozen=True)
class ModalWord:
    text: str  # as written
    cls: ModalClass
    start: int  # offset in the text


@dataclass
class Lexicon:
    phrases: dict[tuple[str, ...], ModalClass] = field(default_factory=dict)
    gapped: list[tuple[tuple[str, ...], tuple[str, ...], ModalClass]] = field(default_factory=list)
    reporting: set[tuple[str, ...]] = field(default_factory=set)
    names: set[str] = field(default_factory=set)

    @property
    def longest(self) -> int:
        return max((len(p) for p in self.phrases), default=1)

    def add(self, phrase: str, cls: ModalClass) -> None:
        if "..." in phrase:
            head, tail = (tuple(_words(part)) for part in phrase.split("...", 1))
            self.gapped.append((head, tail, cls))
        else:
            self.phrases[tuple(_words(phrase))] = cls


def _words(text: str) -> list[str]:
    return [t.lower().replace("’", "'") for t in _TOKEN.findall(text) if t not in _CLAUSE_BREAK]


def lexicon_data(language: str) -> dict:
    """The packaged lexicon of one language, as data."""
    path = files("summcheck") / "lexicons" / f"{language}.yaml"
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def build_lexicon(extra: Mapping[str, Mapping[str, Iterable[str]]] | None = None) -> Lexicon:
    """The packaged lexicons of every language, plus `extra` {language: {class: [phrases]}}."""
    lexicon = Lexicon()
    sources = [lexicon_data(language) for language in LANGUAGES]
    if extra:
        sources += [dict(terms) for terms in extra.values()]
    for data in sources:
        for cls in CLASSES:
            for phrase in data.get(cls) or ():
                lexicon.add(str(phrase), cls)
        lexicon.reporting.update(tuple(_words(p)) for p in data.get("reporting") or ())
        lexicon.names.update(str(n) for n in data.get("names") or ())
    return lexicon


@lru_cache(maxsize=1)
def default_lexicon() -> Lexicon:
    return build_lexicon()


@dataclass(frozen=True)
class _Token:
    word: str  # lower case
    raw: str
    start: int
    end: int
    clause: int


def _tokens(text: str) -> list[_Token]:
    masked = _QUOTED.sub(lambda m: " " * len(m.group()), text)
    tokens: list[_Token] = []
    clause = 0
    for m in _TOKEN.finditer(masked):
        raw = m.group()
        if raw in _CLAUSE_BREAK:
            clause += 1
            continue
        tokens.append(_Token(raw.lower().replace("’", "'"), raw, m.start(), m.end(), clause))
    return tokens


def modal_words(text: str, lexicon: Lexicon | None = None) -> list[ModalWord]:
    """The modal words `text` asserts, in order: quoted text, reported speech, names excluded."""
    lexicon = lexicon or default_lexicon()
    tokens = _tokens(text)
    words = [t.word for t in tokens]
    found: list[ModalWord] = []
    longest = lexicon.longest
    i = 0
    while i < len(tokens):
        if any(tuple(words[i:i + len(r)]) == r for r in lexicon.reporting):
            break  # what follows reports someone else's words
        match = _longest_phrase(words, i, longest, lexicon)
        gapped = _gapped(tokens, words, i, lexicon)
        if gapped is not None and (match is None or gapped[0] >= match[0]):  # more specific
            match = gapped
        if match is None or _is_name(tokens[i], text, lexicon):
            i += 1
            continue
        length, cls, last = match
        shown = text[tokens[i].start:tokens[i + length - 1].end]
        if last != i + length - 1:  # a gapped phrase: "darf … nicht"
            shown += f" … {tokens[last].raw}"
        found.append(ModalWord(shown, cls, tokens[i].start))
        i += length
    return found


Match = tuple[int, ModalClass, int]  # phrase length in tokens, class, index of its last token


def _longest_phrase(words: list[str], i: int, longest: int, lexicon: Lexicon) -> Match | None:
    for length in range(min(longest, len(words) - i), 0, -1):
        cls = lexicon.phrases.get(tuple(words[i:i + length]))
        if cls is not None:
            return length, cls, i + length - 1
    return None


def _gapped(tokens: list[_Token], words: list[str], i: int, lexicon: Lexicon) -> Match | None:
    """`darf … nicht`: the head here and the tail later in the same clause."""
    for head, tail, cls in lexicon.gapped:
        if tuple(words[i:i + len(head)]) != head:
            continue
        j = i + len(head)
        while j < len(tokens) and tokens[j].clause == tokens[i].clause:
            if tuple(words[j:j + len(tail)]) == tail:
                return len(head), cls, j + len(tail) - 1
            j += 1
    return None


def _is_name(token: _Token, text: str, lexicon: Lexicon) -> bool:
    """`Recommends:` as a field label, `May 2018` as a month: words used as names."""
    after = text[token.end:token.end + 1]
    if after == ":" and token.raw[:1].isupper():
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
