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
_QUOTED = re.compile(r"`[^`]*`|\"[^\"\n]*\"|“[^”\n]*”|„[^“”\n]*[“”]|«[^»\n]*»|»[^«\n]*«|‘[^’\n]*’"
                     r"|‚[^‘’\n]*[‘’]|(?<!\w)'[^'\n]*'(?!\w)")  # single quotes, not apostrophes
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
    not_modal: set[tuple[str, ...]] = field(default_factory=set)  # idioms: "have to do with"
    names: set[str] = field(default_factory=set)
    _index: dict[str, list] | None = field(default=None, repr=False)

    def add(self, phrase: str, cls: ModalClass) -> None:
        if "..." in phrase:
            head, tail = (tuple(_words(part)) for part in phrase.split("...", 1))
            self.gapped.append((head, tail, cls))
        else:
            self.phrases[tuple(_words(phrase))] = cls
        self._index = None

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
            for phrase in self.not_modal:
                index.setdefault(phrase[0], []).append(("idiom", phrase, "idiom"))
            for entries in index.values():  # longest first: "may not" before "may"
                entries.sort(key=lambda e: -len(e[1]) if e[0] != "gapped" else -len(e[1][0]))
            self._index = index
        return self._index


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
        lexicon.not_modal.update(tuple(_words(p)) for p in data.get("not_modal") or ())
        lexicon.names.update(str(n) for n in data.get("names") or ())
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


def _tokens(text: str) -> list[_Token]:
    masked = _QUOTED.sub(lambda m: " " * len(m.group()), text)
    tokens: list[_Token] = []
    clause = segment = 0
    for m in _TOKEN.finditer(masked):
        raw = m.group()
        if raw in _CLAUSE_BREAK:
            clause += 1
            segment += raw != ","
            continue
        tokens.append(_Token(raw.lower().replace("’", "'"), raw, m.start(), m.end(), clause,
                             segment))
    return tokens


def modal_words(text: str, lexicon: Lexicon | None = None) -> list[ModalWord]:
    """The modal words `text` asserts, in order: quoted text, reported speech, names excluded."""
    lexicon = lexicon or default_lexicon()
    index = lexicon.index
    if index.keys().isdisjoint(_TOKEN.findall(text.lower().replace("’", "'"))):
        return []  # no word that can start a modal phrase: the common case, decided in C
    tokens = _tokens(text)
    words = [t.word for t in tokens]
    found: list[ModalWord] = []
    reported = -1  # the segment a reporting verb holds ("the draft said it must…")
    i = 0
    while i < len(tokens):
        entries = index.get(words[i])
        if entries is None:
            i += 1
            continue
        match = _match(entries, tokens, words, i)
        if match is None or _is_name(tokens, i, text, lexicon):
            i += 1
            continue
        length, cls, last = match
        if cls == "reporting":
            if i == 0 or words[i - 1] not in _AS:  # "as stated in 4.2, …" asserts
                reported = tokens[i].segment
        elif cls != "idiom" and tokens[i].segment != reported:
            shown = text[tokens[i].start:tokens[i + length - 1].end]
            if last != i + length - 1:  # a gapped phrase: "darf … nicht"
                shown += f" … {tokens[last].raw}"
            found.append(ModalWord(shown, cls, tokens[i].start))  # type: ignore[arg-type]
        i += length
    return found


_AS = frozenset({"as", "wie", "como"})


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
