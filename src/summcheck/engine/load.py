"""The load stage: a summary, the inputs it names (inputs.resolution) and their contents."""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, replace
from pathlib import Path

from ..claims.read import read_text
from ..claims import DEFAULT_MAX_BYTES, claims_format, loads_claims
from ..claims.work import ClaimWork, prepare
from ..files.confine import refuse_special
from ..inputs.resolution import FRONT_MATTER, NOT_A_SUMMARY, source_pin
from ..language.modality import Lexicon
from ..model import ClaimsFile, InputError, SourceDocument, Summary
from ..summary.inline import inline_active, inline_records, quotations
from ..sources import load_source
from ..summary import load_summary
from ..summary.footnotes import settle_citations
from .options import Options


@dataclass
class Loaded:
    summary: Summary
    claims: ClaimsFile
    source: SourceDocument
    page_numbers: str  # how page locators count (inputs.modes.PAGE_NUMBER_MODES)
    structure: Path | None  # the sidecar file the summary's inputs name, if any
    cite_as: tuple[str, ...] = ()  # the names the front matter gives the source (`cite-as`)
    claim_work: ClaimWork | None = None  # done while the source loaded (claims/work.py)
    # What names the claims file's records as read (the run's cache keeps them by it), or None.
    claims_key: tuple | None = None


def load(path: Path, options: Options) -> Loaded:
    """Read the summary, then its claims and source as options > front matter > configuration
    > the claims file's `source:` name them; a missing or broken input is an InputError that
    says which input of the summary it is."""
    refuse_special(path, "summary")
    summary = load_summary(path, options.synthesis_labels, options.config.units)
    names = cite_as(path, summary.front_matter)  # a bad value is told before any source work
    if options.scope is None and (options.documents is not None or (
            "sources" in summary.front_matter and options.source is None)):
        _several_sources(path, summary, options)
    inputs = options.resolved_inputs.strict(path, options.config, options, summary.front_matter)
    for key in ("claims", "source", "structure"):
        inputs.check_readable(key)
    claims_path, source_path = inputs.path("claims"), inputs.path("source")
    if claims_path is None and source_path is None:
        raise InputError(f"{path}: {NOT_A_SUMMARY}")
    inline = inline_active(options.config.inline_quotes, claims_path is not None)
    if claims_path is None and not (inline and _quotes_inline(summary, options)):
        raise InputError(f"{path}: no claims file: name it in the front matter (claims: FILE) "
                         f"or pass --claims, or quote the source in the sentences (\u201c…\u201d)")
    claims_read = _ClaimsReading(claims_path, options.lexicon, path, options)
    if source_path is None:  # the claims file may name it
        claims = claims_read.result()
        if claims.source:
            inputs = inputs.with_claims_source(claims.source)
            inputs.check_readable("source")
            source_path = inputs.path("source")
    if source_path is None:
        claims_read.result()
        raise InputError(f"{path}: no source: name it in the front matter (source: FILE) "
                         f"or pass --source")
    try:
        inputs.check_modes()
    except InputError:
        claims_read.result()  # a broken claims file is told first, as it is read first
        raise
    page_numbers, structure = inputs.page_numbers.value, inputs.path("structure")
    pin = (source_pin(path, summary.front_matter) if inputs.source.origin == FRONT_MATTER
           else None)
    if pin is not None:
        try:
            check_pin(path, source_path, pin)
        except InputError:
            claims_read.result()  # a broken claims file is told first, as it is read first
            raise
    try:
        # The claims file is read while a large PDF's pages are extracted on other cores.
        source = load_source(source_path, page_numbers=page_numbers, ocr=inputs.ocr.value,
                             sections=inputs.sections.value, structure=structure,
                             cache=options.cache, meanwhile=claims_read)
    except InputError as exc:
        claims_read.result()  # a broken claims file is told first, as it is read first
        raise blame(exc, "source", source_path) from None
    claims = claims_read.result()
    work = claims_read.work
    if options.scope is not None:  # one source of several: its sentences' parts and records
        from .scoped import scoped_claims, scoped_summary

        summary = scoped_summary(summary, options.scope, claims)
        claims = scoped_claims(claims, options.scope)
        names = (options.scope.key,)
        if work is not None:  # the claim-side work of the records this pass keeps
            kept = [r.index for r in claims.records]
            work = ClaimWork(tuple(work.folded[i] for i in kept),
                             tuple(work.modal[i] for i in kept))
    if inline:
        claims.records = claims.records + inline_records(
            path, summary.lines, summary.sentences, len(claims.records),
            options.config.inline_quote_words)
    settle_citations(summary, {str(r.id) for r in claims.records if r.id is not None})
    return Loaded(summary, claims, source, page_numbers, structure, names, work,
                  claims_read.key)


def cite_as(path: Path, front: dict) -> tuple[str, ...]:
    """The names the front matter gives the source (`cite-as: GG` or a list): what a locator
    naming its document (`Art. 5 GG`) may call it. InputError for a value that is no name."""
    value = front.get("cite-as")
    if value is None:
        return ()
    names = [value] if isinstance(value, str) else value
    if not isinstance(names, list) or not names or not all(
            isinstance(n, str) and n.strip() and len(n) <= 100 for n in names):
        raise InputError(f"{path}: front matter: cite-as must be a name or a list of names "
                         f"(cite-as: GG), not {value!r:.60}")
    return tuple(" ".join(n.split()) for n in names)


def file_sha256(path: Path) -> str:
    """The sha256 of a file's bytes, read a megabyte at a time."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while chunk := handle.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def check_pin(summary: Path, source: Path, pin: str) -> None:
    """InputError unless the source's bytes hash to the sha256 the summary pins."""
    try:
        found = file_sha256(source)
    except OSError as exc:
        raise InputError(f"{summary}: source {source}: {exc.strerror or exc}") from None
    if found != pin:
        raise InputError(f"{summary}: source {source} is pinned to sha256 {pin} but its bytes "
                         f"hash to {found}: the source changed; review its change, then "
                         f"refresh the pin with 'summcheck pin {summary}'")


class _ClaimsReading:
    """Reads the claims file once, when called or when its result is asked for, and does the
    claim-side work that needs no source (`work`); its InputError is kept until then."""

    def __init__(self, path: Path | None, lexicon: Lexicon | None, summary: Path,
                 options: Options | None = None) -> None:
        self.path = path
        self.summary = summary
        self.lexicon = lexicon
        self.options = options
        self._claims: ClaimsFile | None = None
        self._error: InputError | None = None
        self.work: ClaimWork | None = None
        self.key: tuple | None = None  # set when read through the run's cache

    def __call__(self) -> None:
        if self._claims is None and self._error is None:
            if self.path is None:  # the summary states its claims inline: none of a file
                self._claims = ClaimsFile(self.summary, [])
                return
            try:
                text = read_text(self.path, DEFAULT_MAX_BYTES)
                cache = self.options.cache if self.options is not None else None
                if cache is None:
                    claims, self.work = self._read(text)
                else:
                    self.key = self._key(text)
                    claims, self.work = cache.claims(self.key, lambda: self._read(text))
            except InputError as exc:
                self._error = blame(exc, "claims file", self.path)
                return
            # The records' list is this check's own: inline quotations are added to it.
            self._claims = replace(claims, records=list(claims.records))

    def _read(self, text: str) -> tuple[ClaimsFile, ClaimWork]:
        assert self.path is not None
        claims = loads_claims(text, fmt=claims_format(self.path), path=self.path)
        return claims, prepare(claims, self.lexicon)

    def _key(self, text: str) -> tuple:
        lexicon = None
        if self.lexicon is not None:  # the configuration's additions name the lexicon
            modality = self.options.config.modality if self.options is not None else None
            lexicon = json.dumps(modality, sort_keys=True, default=str) if modality else \
                id(self.lexicon)
        return (str(self.path), hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest(),
                lexicon)

    def result(self) -> ClaimsFile:
        self()
        if self._error is not None:
            raise self._error
        assert self._claims is not None
        return self._claims


def blame(exc: InputError, role: str, path: Path) -> InputError:
    """Note on `exc` which input of the summary it is about (`claims file c.jsonl not found`)."""
    message = str(exc)
    name = str(path)
    if message == f"{name}: no such file":
        exc.cause = f"{role} {name} not found"  # type: ignore[attr-defined]
    elif message.startswith(f"{name}: ") or message.startswith(f"{name} "):
        exc.cause = f"{role} {message}"  # type: ignore[attr-defined]
    else:
        exc.cause = f"{role} {name}: {message}"  # type: ignore[attr-defined]
    return exc


def _several_sources(path: Path, summary: Summary, options: Options) -> None:
    """Raise SeveralSources for a summary whose front matter names its sources by key (the
    engine then checks it one source at a time); an InputError for a `sources:` it cannot
    read."""
    from ..files.confine import Confinement
    from ..inputs.documents import SeveralSources, document_sources

    if options.documents is not None:
        raise SeveralSources(path, list(options.documents))
    confinement = Confinement.of(path, options.config.path, options.config.allow_outside)
    documents = document_sources(path, summary.front_matter, confinement)
    raise SeveralSources(path, documents or [])


def _quotes_inline(summary: Summary, options: Options) -> bool:
    """Whether some located sentence of the summary quotes the source inline."""
    words = options.config.inline_quote_words
    return any(quotations(s.text, words) for s in summary.sentences
               if s.locators and not s.synthesis)
