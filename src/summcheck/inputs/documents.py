"""Summaries of several documents: front matter `sources: {KEY: FILE, …}` (a value may also be
`{path: FILE, default: true}`, with the document's own `structure`, `page-numbers`, `sections`
and `ocr`, which the summary's front matter otherwise gives every source alike). A locator names its document by key (`(RFC3986 §3.1)`,
`(GPL, p. 2)`, `(Art. 5 GG)`), a record by `source: KEY`; a locator that names none belongs
to the source marked `default`, and with none marked it is a finding (SUM104). Each source is
checked with the sentences' parts and the records that are its own (`Scope`), one after the
other, and the outcomes are merged (engine/run.py).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..files.confine import Confinement
from ..locators.documents import is_name, normalized
from ..model import InputError

#: The settings a source of several may have of its own (as the front matter names them).
OWN_SETTINGS = ("structure", "page-numbers", "sections", "ocr")
_SHA256 = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True)
class DocumentSource:
    key: str
    path: Path
    default: bool = False
    structure: Path | None = None  # a sidecar that states this source's sections
    page_numbers: str | None = None  # None: as the summary's front matter says
    sections: str | None = None
    ocr: bool | None = None
    sha256: str | None = None  # the digest `summcheck pin` pinned the source's bytes to

    def files(self) -> list[tuple[str, Path]]:
        """(role, path) of the source and its sidecar."""
        return [("source", self.path)] + ([("structure", self.structure)]
                                          if self.structure is not None else [])


class SeveralSources(InputError):
    """A summary of several sources reached a stage that reads one: the engine checks it one
    source at a time (engine/run.py); any other command says it reads one."""

    def __init__(self, summary: Path, documents: list[DocumentSource]) -> None:
        super().__init__(f"{summary}: a summary of several sources: summcheck check reads them "
                         f"all; this command reads one (pass --source FILE)")
        self.documents = documents


@dataclass(frozen=True)
class Scope:
    """What one pass over a summary of several sources checks: the source `key`'s parts and
    records. `first`: the pass that also checks what names no source (sentences without a
    locator, synthesis sentences, locators naming none when no source is the default)."""

    key: str
    keys: tuple[str, ...]  # every source's key, in the order of the front matter
    default: str | None
    first: bool
    others: dict[str, Path] = field(default_factory=dict, compare=False)

    def names(self, document: str | None) -> bool:
        """Whether a locator part naming `document` (None: none) is this pass's."""
        if document is None:
            return self.default == self.key
        return normalized(document) == normalized(self.key)

    def known(self, document: str) -> bool:
        return any(normalized(document) == normalized(key) for key in self.keys)


def document_sources(summary: Path, front: dict, confinement: Confinement
                     ) -> list[DocumentSource] | None:
    """The sources a summary's front matter names by key, or None when it names none; an
    InputError naming the summary for a value that is no mapping of keys to files, or a file
    it may not read."""
    value = front.get("sources")
    if value is None:
        return None
    where = f"{summary}: front matter: sources"
    if not isinstance(value, dict) or not value:
        raise InputError(f"{where} must map keys to files (sources: {{RFC3986: rfc3986.txt, "
                         f"GPL: gpl-3.0.txt}}), not {value!r:.60}")
    if "source" in front:
        raise InputError(f"{summary}: front matter: give source or sources, not both")
    if "structure" in front:
        raise InputError(f"{summary}: front matter: structure states one source's sections; "
                         f"give each source its own (sources: {{KEY: {{path: FILE, structure: "
                         f"SIDECAR}}}})")
    found = []
    for key, spec in value.items():
        if not isinstance(key, str) or not is_name(key):
            raise InputError(f"{where}: key {key!r:.40} must be a name a locator can use, "
                             f"as a document's name is written: two to ten letters, capitals "
                             f"first and last (GPL, AMI, StGB), or a series and number (RFC3986)")
        own: dict = {}
        if isinstance(spec, dict):
            unknown = set(spec) - {"path", "default", "sha256", *OWN_SETTINGS}
            if unknown or not isinstance(spec.get("path"), str) or \
                    not isinstance(spec.get("default", False), bool):
                raise InputError(f"{where}.{key} must be a file, or {{path: FILE, default: "
                                 f"true}} with this source's own "
                                 f"{', '.join(OWN_SETTINGS)}")
            own = {name: spec[name] for name in (*OWN_SETTINGS, "sha256") if name in spec}
            if "sha256" in own and not (isinstance(own["sha256"], str)
                                        and _SHA256.fullmatch(own["sha256"])):
                raise InputError(f"{where}.{key}.sha256 must be 64 lower-case hex digits, "
                                 f"not {own['sha256']!r:.70}")
            spec, own["default"] = spec["path"], spec.get("default", False)
        if not isinstance(spec, str) or not spec.strip():
            raise InputError(f"{where}.{key} must name a file, not {spec!r:.60}")
        path = _named(summary, spec)
        confinement.check(path, f"source {key}")
        if not path.is_file():
            raise InputError(f"{summary}: source {key} {path} not found")
        sidecar = own.pop("structure", None)
        if sidecar is not None:
            if not isinstance(sidecar, str) or not sidecar.strip():
                raise InputError(f"{where}.{key}.structure must name a file, not "
                                 f"{sidecar!r:.60}")
            sidecar = _named(summary, sidecar)
            confinement.check(sidecar, f"structure of source {key}")
        found.append(DocumentSource(key, path, own.pop("default", False), sidecar,
                                    own.get("page-numbers"), own.get("sections"),
                                    own.get("ocr"), own.get("sha256")))
    if sum(d.default for d in found) > 1:
        raise InputError(f"{where}: more than one source is marked default")
    return found


def _named(summary: Path, spec: str) -> Path:
    return (summary.parent / spec) if not Path(spec).is_absolute() else Path(spec)


def scopes(documents: list[DocumentSource]) -> list[Scope]:
    """One pass a source, the first one also checking what names no source."""
    keys = tuple(d.key for d in documents)
    default = next((d.key for d in documents if d.default), None)
    paths = {d.key: d.path for d in documents}
    return [Scope(d.key, keys, default, i == 0,
                  {k: p for k, p in paths.items() if k != d.key})
            for i, d in enumerate(documents)]


__all__ = ["DocumentSource", "Scope", "SeveralSources", "document_sources", "scopes"]
