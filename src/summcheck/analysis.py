"""Resolve every locator and match every quote: the facts the rules read.

Nothing here decides what is a finding; it only records what was found where.
"""
from __future__ import annotations

import bisect
from dataclasses import dataclass, field
from typing import Literal

from .matching import Matcher, QuoteHit
from .modality import Lexicon
from .ocr_matching import FuzzySettings, match_ocr_at_locator, match_ocr_elsewhere
from .model import ClaimRecord, ClaimsFile, Sentence, SourceDocument, Span, Summary
from .normalize import FoldedQuote
from .resolve import Resolution, Resolver

RecordStatus = Literal["invalid", "bad-locator", "unresolved", "verified", "misplaced", "not-found",
                       "critical", "too-short"]


@dataclass
class RecordResult:
    record: ClaimRecord
    status: RecordStatus
    resolutions: list[Resolution] = field(default_factory=list)
    hits: list[QuoteHit] = field(default_factory=list)  # occurrences inside the locator
    elsewhere: list[QuoteHit] = field(default_factory=list)  # occurrences outside it
    folded_quote: FoldedQuote | None = None
    critical: list[str] = field(default_factory=list)  # OCR: what the matched text says otherwise

    @property
    def verified(self) -> bool:
        return self.status == "verified"

    @property
    def locator_spans(self) -> tuple[Span, ...]:
        return tuple(span for r in self.resolutions for span in r.spans)


@dataclass
class PartResult:
    resolution: Resolution
    backers: list[RecordResult] = field(default_factory=list)  # verified records inside the part


@dataclass
class SentenceResult:
    sentence: Sentence
    parts: list[PartResult] = field(default_factory=list)


@dataclass
class Analysis:
    summary: Summary
    claims: ClaimsFile
    source: SourceDocument
    resolver: Resolver
    matcher: Matcher
    records: list[RecordResult]
    sentences: list[SentenceResult]
    lexicon: Lexicon | None = None  # modal words; None: the packaged lexicons
    rules_run: dict[str, str] = field(default_factory=dict)  # code → name, set by the linter
    used_ignores: set[tuple[int, str]] = field(default_factory=set)  # (record index, key)


def analyse(summary: Summary, claims: ClaimsFile, source: SourceDocument,
            page_numbers: str = "auto", lexicon: Lexicon | None = None,
            fuzzy: FuzzySettings | None = None) -> Analysis:
    resolver = Resolver(source, page_numbers)  # type: ignore[arg-type]
    matcher = Matcher(source)
    records = [_analyse_record(record, resolver, matcher) for record in claims.records]
    if source.ocr:
        match_ocr_at_locator([r for r in records if r.status == "not-found"], matcher,
                             fuzzy or FuzzySettings())
    _look_elsewhere([r for r in records if r.status == "not-found"], matcher)
    if source.ocr:
        match_ocr_elsewhere([r for r in records if r.status == "not-found"], matcher,
                            fuzzy or FuzzySettings())
    backing = _BackingIndex(records)
    sentences = []
    for sentence in summary.sentences:
        result = SentenceResult(sentence)
        for locator in sentence.locators:
            for part in locator.parts:
                resolution = resolver.resolve(part)
                result.parts.append(PartResult(resolution, backing.inside(resolution.spans)))
        sentences.append(result)
    return Analysis(summary, claims, source, resolver, matcher, records, sentences, lexicon)


def _analyse_record(record: ClaimRecord, resolver: Resolver, matcher: Matcher) -> RecordResult:
    if not record.valid:
        return RecordResult(record, "invalid")
    if record.locator is None:
        return RecordResult(record, "bad-locator")
    resolutions = [resolver.resolve(part) for part in record.locator.parts]
    if any(r.problem == "malformed" for r in resolutions):
        return RecordResult(record, "bad-locator", resolutions)
    if any(not r.ok for r in resolutions):
        return RecordResult(record, "unresolved", resolutions)
    quote = FoldedQuote.of(record.quote)
    result = RecordResult(record, "not-found", resolutions, folded_quote=quote)
    result.hits = matcher.find_in(quote, result.locator_spans, record.quote)
    if result.hits:
        result.status = "verified"
        return result
    return result


def _look_elsewhere(unfound: list[RecordResult], matcher: Matcher) -> None:
    """Quotes not at their locator: found elsewhere they are misplaced, else not found."""
    quotes = [(r.folded_quote or FoldedQuote.of(r.record.quote), r.record.quote) for r in unfound]
    for result, elsewhere in zip(unfound, matcher.find_anywhere(quotes)):
        result.elsewhere = elsewhere
        if elsewhere:
            result.status = "misplaced"


class _BackingIndex:
    """Verified quote spans sorted by start, to find those standing inside a locator's spans."""

    def __init__(self, records: list[RecordResult]) -> None:
        entries = sorted(((hit.span.start, hit.span.end, i) for i, r in enumerate(records)
                          if r.verified for hit in r.hits))
        self.starts = [e[0] for e in entries]
        self.entries = entries
        self.records = records

    def inside(self, spans: tuple[Span, ...]) -> list[RecordResult]:
        found: dict[int, None] = {}
        for span in spans:
            i = bisect.bisect_left(self.starts, span.start)
            while i < len(self.entries) and self.entries[i][0] < span.end:
                start, end, record_index = self.entries[i]
                if end <= span.end:
                    found[record_index] = None
                i += 1
        return [self.records[i] for i in sorted(found)]
