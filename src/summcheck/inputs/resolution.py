"""Which files and settings one summary's check uses, and where each came from.

One precedence chain for every input: the command line (or the API's arguments) first, then
the summary's front matter, then the configuration's `summaries` mapping; a summary that names
no source uses the `source:` of its claims file; page numbers and sections default to `auto`,
OCR to off. The check, the output guard (`output.run_inputs`), `--changed` and the GitHub
Action all ask `resolve_inputs` — within one run through `ResolvedInputs`, once a summary — and `SummaryInputs.check_readable` applies `confine.py` to
each file: one the command line names must only not be special, one the summary, the
configuration or a claims file names must lie in the repository.
"""
from __future__ import annotations

import re

from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path
from typing import Any

from ..claims.wording import describe, short
from ..config.file import Config
from ..files.confine import Confinement, refuse_special
from ..model import InputError
from .documents import DocumentSource, document_sources
from .modes import PAGE_NUMBER_MODES, ROLES, SECTION_MODES
from .summaries import front_matter, path_key, read_front_matter

#: Where an input came from.
COMMAND_LINE = "command line"
FRONT_MATTER = "front matter"
CONFIGURATION = "configuration"
CLAIMS_FILE = "claims file"
DEFAULT = "default"

FILES = ("claims", "source", "structure")
NOT_A_SUMMARY = "not a summary: no source named in front matter or configuration"


@dataclass(frozen=True)
class Input:
    """One input of a summary: its value (None: not named anywhere) and where it came from."""

    value: Any
    origin: str


@dataclass(frozen=True)
class SummaryInputs:
    """The inputs one summary's check uses."""

    summary: Path
    source: Input
    claims: Input
    structure: Input
    page_numbers: Input
    ocr: Input
    sections: Input
    config: Config
    # A summary of several sources (inputs/documents.py): each by its key; () for one source.
    documents: tuple[DocumentSource, ...] = ()

    @cached_property
    def confinement(self) -> Confinement:
        """Where the files that the summary or configuration names may lie (confine.py)."""
        return Confinement.of(self.summary, self.config.path, self.config.allow_outside)

    def path(self, key: str) -> Path | None:
        """The file named for `key` (source, claims, structure), or None."""
        return getattr(self, key).value

    def check_readable(self, key: str) -> None:
        """InputError when input `key` may not be read: a file the command line names only
        must not be special; one the summary, configuration or claims file names is confined."""
        path = self.path(key)
        if path is None:
            return
        if getattr(self, key).origin == COMMAND_LINE:
            refuse_special(path, ROLES[key])
        else:
            self.confinement.check(path, ROLES[key])

    def may_read(self, key: str) -> bool:
        try:
            self.check_readable(key)
        except InputError:
            return False
        return True

    def with_claims_source(self, source: object) -> "SummaryInputs":
        """These inputs with the source that the claims file's `source:` names, when no other
        place names one (a string, relative to the claims file)."""
        claims = self.path("claims")
        if self.source.value is not None or claims is None or not source:
            return self
        return replace(self, source=Input(claims.parent / source, CLAIMS_FILE))  # type: ignore[operator]

    def check_modes(self) -> None:
        """InputError when the page-number mode, OCR flag or section mode is invalid."""
        path = self.summary
        if self.page_numbers.value not in PAGE_NUMBER_MODES:
            raise InputError(f"{path}: front matter: page-numbers must be auto, label or "
                             f"physical, not {describe(self.page_numbers.value)}")
        if not isinstance(self.ocr.value, bool):
            raise InputError(f"{path}: front matter: ocr must be true or false, not "
                             f"{describe(self.ocr.value)}")
        if self.sections.value not in SECTION_MODES:
            where = "sections" if self.sections.origin == COMMAND_LINE else "front matter: sections"
            value = self.sections.value  # a name quoted, as the loader and config quote it
            shown = short(value, 30) if isinstance(value, str) else describe(value)
            raise InputError(f"{path}: {where} must be one of "
                             f"{', '.join(SECTION_MODES)}, not {shown}")

    def files(self) -> list[tuple[str, Path]]:
        """(role, path) of the summary and each file named for it."""
        named = [(key, self.path(key)) for key in FILES]
        named += [file for document in self.documents for file in document.files()]
        return [("summary", self.summary)] + [(k, p) for k, p in named if p is not None]


def resolve_inputs(summary: Path, front: dict, config: Config, given: Any = None,
                   strict: bool = True) -> SummaryInputs:
    """The inputs of `summary` (whose front matter is `front`) under `config`, with `given`
    (an object whose `source`, `claims`, `structure`, `page_numbers`, `ocr` and `sections`
    the command line or the API set; None: none). With `strict`, a front matter value that
    names no file is an InputError; else it counts as not named. The claims file's own
    `source:` is not read here (`with_claims_source`)."""
    summary = Path(summary)
    mapping = config.mapping_for(summary)
    found: dict[str, Input] = {}
    for key in FILES:
        value = getattr(given, key, None)
        origin = COMMAND_LINE
        if value is None:
            origin = FRONT_MATTER
            try:
                value = _front_file(summary, front, key)
            except InputError:
                if strict:
                    raise
                value = None
        if value is None and mapping is not None:
            value, origin = getattr(mapping, key), CONFIGURATION
        found[key] = Input(value, origin if value is not None else DEFAULT)
    found["page_numbers"] = _first(getattr(given, "page_numbers", None),
                                   front.get("page-numbers"),
                                   mapping and mapping.page_numbers, "auto")
    found["sections"] = _first(getattr(given, "sections", None), front.get("sections"),
                               mapping and mapping.sections, "auto")
    ocr = getattr(given, "ocr", None)
    if ocr is not None:
        found["ocr"] = Input(ocr, COMMAND_LINE)
    elif "ocr" in front:
        found["ocr"] = Input(front["ocr"], FRONT_MATTER)
    elif mapping is not None and mapping.ocr is not None:
        found["ocr"] = Input(mapping.ocr, CONFIGURATION)
    else:
        found["ocr"] = Input(False, DEFAULT)
    documents = getattr(given, "documents", None)
    if documents is None and found["source"].origin != COMMAND_LINE and "sources" in front:
        try:
            documents = document_sources(summary, front, Confinement.of(
                summary, config.path, config.allow_outside))
        except InputError:
            if strict:
                raise
    return SummaryInputs(summary, config=config, documents=tuple(documents or ()), **found)


#: What the command line or the API may give in place of the front matter: the resolution
#: of a summary's inputs depends on them, its front matter and the configuration alone.
GIVEN = ("source", "claims", "structure", "page_numbers", "ocr", "sections", "documents")


class ResolvedInputs:
    """One run's resolution of each summary's inputs, done once and read by every stage that
    asks: the output guard and the sharding (best effort), the outcome's key and the load
    (strict: the first InputError, kept and raised again). `Options.resolved_inputs` holds
    it; a pass over one source of a summary of several is a different question (its `source`
    is given), and so is another configuration."""

    def __init__(self) -> None:
        self._strict: dict[tuple, tuple[SummaryInputs | None, InputError | None]] = {}
        self._lenient: dict[tuple, SummaryInputs] = {}
        self._configs: list[Config] = []  # kept alive: their ids are in the keys

    def _key(self, summary: Path, config: Config, given: Any) -> tuple:
        if not any(config is known for known in self._configs):
            self._configs.append(config)
        return (path_key(Path(summary)), id(config),
                tuple(getattr(given, name, None) for name in GIVEN))

    def strict(self, summary: Path, config: Config, given: Any,
               front: dict | None = None) -> SummaryInputs:
        """`resolve_inputs(..., strict=True)` of the summary, its front matter read here
        unless given; the InputError it raised the first time is raised again."""
        key = self._key(summary, config, given)
        if key not in self._strict:
            try:
                if front is None:
                    front = read_front_matter(Path(summary))
                self._strict[key] = (resolve_inputs(summary, front, config, given, strict=True),
                                     None)
            except InputError as exc:
                self._strict[key] = (None, exc)
        inputs, error = self._strict[key]
        if error is not None:
            raise error
        return inputs  # type: ignore[return-value]

    def lenient(self, summary: Path, config: Config, given: Any) -> SummaryInputs:
        """`inputs_for` of the summary: best effort, never raising."""
        key = self._key(summary, config, given)
        if key not in self._lenient:
            try:  # where nothing is wrong, the strict resolution is this one, told once
                resolved: SummaryInputs | None = self.strict(summary, config, given)
            except (InputError, OSError, ValueError):
                resolved = None
            self._lenient[key] = _inputs_for(summary, config, given, resolved)
        return self._lenient[key]

    def __getstate__(self) -> dict:
        # A worker of `--jobs` starts empty: its configurations are copies, under other ids.
        return {"_strict": {}, "_lenient": {}, "_configs": []}


def inputs_for(summary: Path, config: Config, given: Any = None) -> SummaryInputs:
    """Best effort, never raising: the inputs of `summary` with its front matter read here,
    the claims file's `source:` included when the claims file may be read (compared, never
    used, by the output guard and `--changed`). What cannot be read is left out (checking
    the summary then reports it). With a run's `resolved_inputs` (Options), resolved once."""
    memo = getattr(given, "resolved_inputs", None)
    if isinstance(memo, ResolvedInputs):
        return memo.lenient(summary, config, given)
    return _inputs_for(summary, config, given)


def _inputs_for(summary: Path, config: Config, given: Any = None,
                resolved: SummaryInputs | None = None) -> SummaryInputs:
    inputs = resolved or resolve_inputs(summary, front_matter(summary), config, given,
                                        strict=False)
    claims = inputs.path("claims")
    if inputs.source.value is None and claims is not None and inputs.may_read("claims"):
        source = claims_source(claims)
        if source is not None:
            inputs = replace(inputs, source=Input(source, CLAIMS_FILE))
    return inputs


def inputs_of(summary: Path, config: Config | None = None) -> set[Path]:
    """The (resolved) source and claims files a summary uses, as the checker would find them:
    each of a summary of several sources."""
    inputs = inputs_for(summary, config if config is not None else Config())
    return {path_key(p) for role, p in inputs.files() if role in ("source", "claims")}


def claims_source(claims: Path) -> Path | None:
    """The `source:` that a claims file in mapping form names (relative to the claims file)."""
    if claims.suffix.lower() in (".jsonl", ".ndjson") or not claims.is_file():
        return None
    from ..claims import load_claims

    try:
        source = load_claims(claims).source
    except (InputError, OSError, ValueError, RecursionError):
        return None
    if not isinstance(source, str) or not source.strip():
        return None
    return claims.parent / source


def _first(*candidates: Any) -> Input:
    """The first value that is set (command line, front matter, configuration, default)."""
    for value, origin in zip(candidates, (COMMAND_LINE, FRONT_MATTER, CONFIGURATION, DEFAULT)):
        if value:
            return Input(value, origin)
    return Input(candidates[-1], DEFAULT)


def _front_file(path: Path, front: dict, key: str) -> Path | None:
    value = front.get(key)
    if value is None:
        return None
    if key == "source" and isinstance(value, dict):
        value = _pinned(path, value)[0]
    if not isinstance(value, str) or not value.strip():
        raise InputError(f"{path}: front matter: {key} must be a file name, not {describe(value)}")
    return Path(path).parent / value


_SHA256 = re.compile(r"[0-9a-f]{64}")


def source_pin(path: Path, front: dict) -> str | None:
    """The sha256 the summary's front matter pins its source to (`source: {path: FILE,
    sha256: HEX}`), or None; InputError for a pin that is not one."""
    value = front.get("source")
    return _pinned(path, value)[1] if isinstance(value, dict) else None


def _pinned(path: Path, value: dict) -> tuple[str, str | None]:
    """(file name, sha256 or None) of a `source:` mapping."""
    unknown = sorted(str(k) for k in value if k not in ("path", "sha256"))
    if unknown:
        raise InputError(f"{path}: front matter: source: unknown key {unknown[0]!r}; a pinned "
                         f"source is {{path: FILE, sha256: HEX}}")
    name, digest = value.get("path"), value.get("sha256")
    if not isinstance(name, str) or not name.strip():
        raise InputError(f"{path}: front matter: source: path must be a file name, not "
                         f"{describe(name)}")
    if digest is not None and (not isinstance(digest, str) or not _SHA256.fullmatch(digest)):
        raise InputError(f"{path}: front matter: source: sha256 must be 64 lower-case hex "
                         f"digits, not {describe(digest)}")
    return name, digest


__all__ = ["Input", "SummaryInputs", "resolve_inputs", "inputs_for", "inputs_of", "source_pin",
           "claims_source", "NOT_A_SUMMARY", "COMMAND_LINE", "FRONT_MATTER", "CONFIGURATION",
           "CLAIMS_FILE", "DEFAULT"]
