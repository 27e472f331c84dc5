"""Configuration: `[tool.summcheck]` in pyproject.toml, or summcheck.toml; the closest one wins.

Every key is validated; an unknown key or a bad value is an input error naming the file and the
key (exit 2), never silently ignored.
"""
from __future__ import annotations

import difflib
import os
import sys
from dataclasses import dataclass, field
from fnmatch import fnmatch
from pathlib import Path, PurePosixPath
from typing import Any, Callable

from ..language.modality import CLASSES as MODAL_CLASSES, phrase_problem
from ..inputs.modes import PAGE_NUMBER_MODES
from ..model import UNIT_MODES, InputError, Units
from ..rules import declared_options
from ..structure import SECTION_MODES

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

FILE_NAMES = ("summcheck.toml", "pyproject.toml")  # in one folder, summcheck.toml wins
SEVERITIES = ("error", "warning", "info")
FAIL_ON = ("error", "warning", "info", "never")
INLINE_MODES = ("auto", "on", "off")  # summary/inline.py
RUN_KEYS = ("select", "ignore", "per-file-ignores", "severity", "fail-on", "synthesis-labels",
            "summaries", "modality", "exclude", "allow-outside", "cache", *UNIT_MODES,
            "inline-quotes", "inline-quote-words")
SUMMARY_KEYS = ("source", "claims", "ocr", "page-numbers", "sections", "structure")


@dataclass
class SummaryMapping:
    """`[tool.summcheck.summaries]`: summaries matching `pattern` use this source and claims."""

    pattern: str
    source: Path | None = None
    claims: Path | None = None
    ocr: bool | None = None
    page_numbers: str | None = None
    sections: str | None = None  # how the source's sections are found (SECTION_MODES)
    structure: Path | None = None  # a sidecar file stating the sections


@dataclass
class Config:
    path: Path | None = None  # the file it came from; None: defaults
    select: list[str] | None = None
    ignore: list[str] = field(default_factory=list)
    per_file_ignores: dict[str, list[str]] = field(default_factory=dict)
    severity: dict[str, str] = field(default_factory=dict)
    fail_on: str | None = None
    synthesis_labels: list[str] | None = None
    summaries: list[SummaryMapping] = field(default_factory=list)
    rule_options: dict[str, Any] = field(default_factory=dict)  # the rules' CONF keys, validated
    modality: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    exclude: list[str] = field(default_factory=list)  # .gitignore-syntax patterns (inputs/walk.py)
    allow_outside: bool = False  # summaries may name files outside the repository (confine.py)
    # Only the command line sets it: a configuration file may be the pull request's own.
    warnings: list[str] = field(default_factory=list)  # what a run says about this file
    cache: bool = True  # keep loaded sources in .summcheck_cache/ (sources/cache/)
    units: Units = field(default_factory=Units)  # which constructs state claims
    # Quotations in a summary's sentences as claim records (summary/inline.py): "auto" (when
    # it names no claims file), "on" or "off"; and the fewest words such a quotation has.
    inline_quotes: str = "auto"
    inline_quote_words: int = 4

    @property
    def root(self) -> Path:
        """Folder that relative paths and globs in the config start from."""
        return self.path.parent if self.path is not None else Path(".")

    def relative(self, path: Path) -> str:
        """`path` relative to the config's folder, POSIX-style, for glob matching."""
        try:
            return PurePosixPath(path.resolve().relative_to(self.root.resolve())).as_posix()
        except ValueError:
            return path.as_posix()

    def mapping_for(self, summary: Path) -> SummaryMapping | None:
        name = self.relative(summary)
        return next((m for m in self.summaries if fnmatch(name, m.pattern)), None)

    def ignored_for(self, path: Path) -> list[str]:
        name = self.relative(path)
        return [code for pattern, codes in self.per_file_ignores.items()
                if fnmatch(name, pattern) for code in codes]


def cwd_relative(path: Path) -> Path:
    """`path` relative to the current folder when it lies below it (also when it reaches the
    folder through a symlink), else unchanged; so reports name it as the user sees it. Only
    the folders are resolved: a symlinked file keeps its own name and folder."""
    path = Path(path)
    if not path.is_absolute():
        return path
    try:
        cwd = Path.cwd()
        absolute = Path(os.path.abspath(path))
        try:
            return absolute.relative_to(cwd)
        except ValueError:
            pass
        folder = Path(os.path.realpath(absolute.parent))
        return (folder / absolute.name).relative_to(Path(os.path.realpath(cwd)))
    except (OSError, ValueError):
        return path


def find_config(start: Path) -> Path | None:
    """The closest summcheck.toml, or pyproject.toml with a [tool.summcheck] table, upwards."""
    folder = start.resolve()
    folder = folder if folder.is_dir() else folder.parent
    for candidate in (folder, *folder.parents):
        for name in FILE_NAMES:
            path = candidate / name
            if path.is_file() and (name != "pyproject.toml" or _has_tool_table(path)):
                return path
    return None


def _has_tool_table(path: Path) -> bool:
    try:
        return "summcheck" in _read_toml(path).get("tool", {})
    except InputError:
        return True  # a broken pyproject.toml that may hold our table: report it when loading


def _read_toml(path: Path) -> dict:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: cannot read the configuration: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"{path}: invalid TOML: {exc}") from None


def load_config(path: Path | None) -> Config:
    """Read and validate a configuration file (None: the defaults)."""
    if path is None:
        return Config()
    if not path.is_file():
        raise InputError(f"{path}: no such configuration file")
    data = _read_toml(path)
    if path.name != "pyproject.toml" and isinstance(data.get("tool"), dict) \
            and "summcheck" in data["tool"]:
        raise InputError(f"{path}: the [tool.summcheck] table belongs in pyproject.toml; in "
                         f"{path.name} write the keys at the top level (drop the "
                         f"[tool.summcheck] header, and write [tool.summcheck.X] as [X])")
    table = data.get("tool", {}).get("summcheck", {}) if path.name == "pyproject.toml" else data
    where = "[tool.summcheck]" if path.name == "pyproject.toml" else ""
    return _parse(table, path, where)


def _parse(table: dict, path: Path, where: str) -> Config:
    def error(key: str, problem: str) -> InputError:
        name = f"{where}.{key}" if where else key
        return InputError(f"{path}: {name}: {problem}")

    rule_options = declared_options()
    known = RUN_KEYS + tuple(rule_options)
    for key in table:
        if key not in known:
            close = difflib.get_close_matches(key, known, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else f"; known keys: {', '.join(known)}"
            raise error(key, f"unknown key{hint}")
    config = Config(path=path)
    if "select" in table:
        config.select = _strings(table["select"], error("select", "must be a list of rules"))
    config.ignore = _strings(table.get("ignore", []), error("ignore", "must be a list of rules"))
    pfi = _table(table.get("per-file-ignores", {}), error("per-file-ignores", "must be a table"))
    for pattern, codes in pfi.items():
        config.per_file_ignores[pattern] = _strings(
            codes, error(f"per-file-ignores.{pattern}", "must be a list of rules"))
    for rule, level in _table(table.get("severity", {}), error("severity", "must be a table")).items():
        if level not in SEVERITIES:
            raise error(f"severity.{rule}", f"must be one of {', '.join(SEVERITIES)}, not {level!r}")
        config.severity[rule] = level
    config.fail_on = _choice(table, "fail-on", FAIL_ON, error)
    if "allow-outside" in table:
        if not isinstance(table["allow-outside"], bool):
            raise error("allow-outside", f"must be true or false, not {table['allow-outside']!r}")
        if table["allow-outside"]:
            config.warnings.append(f"{cwd_relative(path)}: allow-outside = true is ignored: a configuration "
                                   f"file in the checked tree may be a pull request's own; "
                                   f"pass --allow-outside on the command line (or in the "
                                   f"Action's extra-args); the run stays confined")
    if "cache" in table:
        if not isinstance(table["cache"], bool):
            raise error("cache", f"must be true or false, not {table['cache']!r}")
        config.cache = table["cache"]
    for key, (_, kind) in rule_options.items():
        if key in table:
            try:
                config.rule_options[key] = kind.parse(table[key])
            except ValueError as exc:
                raise error(key, str(exc)) from None
    config.inline_quotes = _choice(table, "inline-quotes", INLINE_MODES, error) or "auto"
    if "inline-quote-words" in table:
        words = table["inline-quote-words"]
        if isinstance(words, bool) or not isinstance(words, int) or words < 1:
            raise error("inline-quote-words", f"must be a whole number of at least 1, not {words!r}")
        config.inline_quote_words = words
    modes = {key: _choice(table, key, choices, error) or choices[0]
             for key, choices in UNIT_MODES.items()}
    config.units = Units(tables=modes["tables"], footnotes=modes["footnotes"],
                         html=modes["html-blocks"])
    if "synthesis-labels" in table:
        labels = _strings(table["synthesis-labels"], error("synthesis-labels", "must be a list of labels"))
        if not labels or any(not label.strip() for label in labels):
            raise error("synthesis-labels", "must name at least one non-empty label")
        config.synthesis_labels = labels
    config.exclude = _strings(table.get("exclude", []),
                              error("exclude", "must be a list of globs"))
    summaries = _table(table.get("summaries", {}), error("summaries", "must be a table of globs"))
    for pattern, spec in summaries.items():
        config.summaries.append(_mapping(pattern, spec, path.parent, error))
    modality = _table(table.get("modality", {}), error("modality", "must be a table of languages"))
    for language, classes in modality.items():
        terms = _table(classes, error(f"modality.{language}", "must be a table"))
        for cls, phrases in terms.items():
            if cls not in MODAL_CLASSES:
                raise error(f"modality.{language}.{cls}",
                            f"unknown class; use {', '.join(MODAL_CLASSES)}")
            config.modality.setdefault(language, {})[cls] = _phrases(
                phrases, f"modality.{language}.{cls}", error)
    return config


def _phrases(value: Any, key: str, error: Callable[[str, str], InputError]) -> list[str]:
    """The modal phrases at `key`, each one the lexicon can index (see `phrase_problem`)."""
    phrases = _strings(value, error(key, "must be a list of phrases"))
    for phrase in phrases:
        why = phrase_problem(phrase)
        if why is not None:
            raise error(key, why)
    return phrases


def _mapping(pattern: str, spec: Any, root: Path, error) -> SummaryMapping:
    spec = _table(spec, error(f"summaries.{pattern}", "must be a table with source and claims"))
    for key in spec:
        if key not in SUMMARY_KEYS:
            raise error(f"summaries.{pattern}.{key}", f"unknown key; use {', '.join(SUMMARY_KEYS)}")
    mapping = SummaryMapping(pattern)
    for key in ("source", "claims", "structure"):
        if key in spec:
            if not isinstance(spec[key], str) or not spec[key].strip():
                raise error(f"summaries.{pattern}.{key}", "must be a file name")
            setattr(mapping, key, cwd_relative(root / spec[key]))
    if "ocr" in spec:
        if not isinstance(spec["ocr"], bool):
            raise error(f"summaries.{pattern}.ocr", "must be true or false")
        mapping.ocr = spec["ocr"]
    mapping.page_numbers = _choice(spec, "page-numbers", PAGE_NUMBER_MODES, error,
                                   prefix=f"summaries.{pattern}.")
    mapping.sections = _choice(spec, "sections", SECTION_MODES, error,
                               prefix=f"summaries.{pattern}.")
    return mapping


def _choice(table: dict, key: str, choices: tuple[str, ...], error, prefix: str = "") -> str | None:
    if key not in table:
        return None
    if table[key] not in choices:
        raise error(prefix + key, f"must be one of {', '.join(choices)}, not {table[key]!r}")
    return table[key]


def _strings(value: Any, problem: InputError) -> list[str]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise problem
    return list(value)


def _table(value: Any, problem: InputError) -> dict:
    if not isinstance(value, dict):
        raise problem
    return value
