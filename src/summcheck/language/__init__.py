"""What summcheck knows of languages, as data: one YAML file per language in this package.

`en.yaml`, `de.yaml`, `es.yaml`, `pt.yaml` each hold a language's modal words, locator words,
sentence abbreviations, negations, informative-section words, synthesis labels and heading
words (en.yaml describes every key). Every language's lists apply to every text, so nothing
detects a text's language: `merged()` unites the files, once. Adding a language is adding a
file. Words that belong to no language (Roman numerals, punctuation) stay in the code.
"""
from __future__ import annotations

import re
from functools import lru_cache
from importlib.resources import files
from pathlib import Path
from typing import Any, Iterable, Mapping

import yaml

SUFFIX = ".yaml"
_LOADER: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml, where installed: faster


def _directory():
    return files(__name__)


def languages(directory: Path | None = None) -> tuple[str, ...]:
    """The languages that have a file, by name (`de`, `en`, `es`, `pt`)."""
    root = _directory() if directory is None else Path(directory)
    return tuple(sorted(entry.name[:-len(SUFFIX)] for entry in root.iterdir()
                        if entry.name.endswith(SUFFIX) and not entry.name.startswith(".")))


def language_data(language: str, directory: Path | None = None) -> dict[str, Any]:
    """One language's file, as data."""
    root = _directory() if directory is None else Path(directory)
    data = yaml.load((root / f"{language}{SUFFIX}").read_text(encoding="utf-8"), Loader=_LOADER) or {}
    if not isinstance(data, dict):
        raise ValueError(f"language file {language}{SUFFIX} must hold a mapping")
    return data


class Languages:
    """The files of several languages, read together: every list is the union of theirs."""

    def __init__(self, data: Mapping[str, Mapping[str, Any]]) -> None:
        self.data = dict(data)  # language -> its file's content

    def only(self, *languages: str) -> "Languages":
        """These languages alone (`only("de")`)."""
        return Languages({name: self.data[name] for name in languages if name in self.data})

    def without(self, *languages: str) -> "Languages":
        """Every language but these."""
        return Languages({name: d for name, d in self.data.items() if name not in languages})

    def each(self, *path: str) -> list[Any]:
        """The value at `path` (`"locators", "lead_ins"`) in each language that has one."""
        found = []
        for content in self.data.values():
            value: Any = content
            for key in path:
                value = value.get(key) if isinstance(value, Mapping) else None
            if value is not None:
                found.append(value)
        return found

    def words(self, *path: str) -> tuple[str, ...]:
        """Every language's list at `path`, united in file order, each word once."""
        found: dict[str, None] = {}
        for value in self.each(*path):
            for word in value if isinstance(value, list) else [value]:
                if not isinstance(word, str):  # YAML reads a bare `no` or `on` as a boolean
                    raise ValueError(f"{'.'.join(path)}: {word!r} is no word (quote it)")
                found[word] = None
        return tuple(found)

    def lowered(self, *path: str) -> frozenset[str]:
        return frozenset(w.lower() for w in self.words(*path))

    def mapping(self, *path: str) -> dict[str, tuple[str, ...]]:
        """{key: words} at `path` (`locators.case_sensitive` → {"page": ("S.",), …})."""
        out: dict[str, dict[str, None]] = {}
        for value in self.each(*path):
            for key in value or {}:
                out.setdefault(str(key), {}).update(dict.fromkeys(self.words(*path, key)))
        return {key: tuple(words) for key, words in out.items()}


def load(directory: Path | None = None,
         extra: Mapping[str, Mapping[str, Any]] | None = None) -> Languages:
    """The languages of `directory` (the packaged ones by default), plus `extra` {language: data}."""
    data = {language: language_data(language, directory) for language in languages(directory)}
    for language, content in (extra or {}).items():
        data[f"{language} (config)" if language in data else language] = dict(content)
    return Languages(data)


@lru_cache(maxsize=1)
def merged() -> Languages:
    """The packaged languages, read once."""
    return load()


def alternation(words: Iterable[str]) -> str:
    """A regex alternation of `words`, escaped, longest first (so no word shadows a longer one)."""
    unique = sorted(set(words), key=lambda w: (-len(w), w))
    return "|".join(re.escape(w) for w in unique)


@lru_cache(maxsize=1)
def informative_pattern() -> re.Pattern[str]:
    """A heading word of informative text (appendix, example, note …), as a whole word."""
    return re.compile(rf"\b({alternation(merged().words('informative'))})\b", re.IGNORECASE)


@lru_cache(maxsize=1)
def negations() -> frozenset[str]:
    """Negation words of every language, lower case."""
    return merged().lowered("negations")


@lru_cache(maxsize=1)
def near_negations() -> tuple[str, ...]:
    """Negations whose one-letter OCR misreadings are still reported."""
    return merged().words("near_negations")


@lru_cache(maxsize=1)
def synthesis_labels() -> tuple[str, ...]:
    """The labels that mark a sentence as the writer's synthesis (`[synthesis]`)."""
    return merged().words("synthesis_labels")
