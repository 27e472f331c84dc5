"""Resolve every locator and match every quote: the facts the rules read.

Nothing here decides what is a finding; it only records what was found where.
"""
from __future__ import annotations

import bisect
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Iterable

from ..matching.exact import MAX_KEPT_HITS, Matcher, QuoteHit
from ..matching.elisions import (DEFAULT_MAX_GAP, Quotation, QuotationHit, find_quotation,
                                may_be_quotation, quotation_of)
from ..matching.furniture import across_page_breaks
from ..sources.furniture import furniture_starts, page_furniture
from ..matching.nearest import ClosestPassage, nearest_at_locator
from ..matching.normalize import FoldedQuote
from ..language.modality import Lexicon, ModalWord, modal_words
from ..model import (ClaimRecord, ClaimsFile, FuzzySettings, RecordStatus, Sentence, SourceDocument,
                    Span, Summary)
from ..locators.resolve import Resolution, Resolver
from ..terminal.ticks import counted

if TYPE_CHECKING:
    from ..claims.work import ClaimWork
    from ..faithfulness import Faithfulness
    from ..matching import ocr
    from ..matching.elisions import Dropped


@dataclass
class RecordResult:
    """What the analysis found for one claim record; `status` is decided from it here alone."""

    record: ClaimRecord
    resolutions: list[Resolution] = field(default_factory=list)
    hits: list[QuoteHit] = field(default_factory=list)  # occurrences inside the locator
    elsewhere: list[QuoteHit] = field(default_factory=list)  # occurrences outside it
    folded_quote: FoldedQuote | None = None
    quote_modal: list[ModalWord] | None = None  # the quote's modal words, once asked for
    critical: list[str] = field(default_factory=list)  # OCR: what the matched text says otherwise
    more_hits: bool = False  # the quote stands at its locator more often than `hits` keeps
    cut_short: list[str] = field(default_factory=list)  # searches bounded for cost, and how
    too_short: bool = False  # OCR: too short to match fuzzily
    closest: ClosestPassage | None = None  # not found: the closest passage at the locator
    # A quote read as a quotation (matching/elisions.py): what its elisions leave out of the
    # source where it was found, or why its fragments stand nowhere at the locator.
    omitted: tuple[Span, ...] = ()
    quotation_miss: str | None = None
    # Set once the match stage is over, when nothing above changes any more: the rules ask
    # for the status of every record many times.
    settled: RecordStatus | None = field(default=None, repr=False, compare=False)
    # From the record and its resolutions, which are set when the result is made and stay:
    # the spans of its locator, and why its quote is never searched for (INVALID, BAD_LOCATOR,
    # UNRESOLVED) or None, which the match stage asks of every record at each step.
    locator_spans: tuple[Span, ...] = field(init=False, repr=False, compare=False)
    unsearchable: RecordStatus | None = field(init=False, repr=False, compare=False)
    # An invalid record's locator, where it resolves: the place whose sentences wait on it.
    intended_spans: tuple[Span, ...] = ()

    def __post_init__(self) -> None:
        resolutions = self.resolutions
        if len(resolutions) == 1:  # most locators name one place: its spans, as they are
            self.locator_spans = tuple(resolutions[0].spans)
        else:
            self.locator_spans = tuple(span for r in resolutions for span in r.spans)
        self.unsearchable = _unsearchable(self.record, self.resolutions)

    @property
    def status(self) -> RecordStatus:
        settled = self.settled
        if settled is not None:
            return settled
        if self.unsearchable is not None:
            return self.unsearchable
        if self.too_short:
            return RecordStatus.TOO_SHORT
        if self.hits:
            return RecordStatus.CRITICAL if self.critical else RecordStatus.VERIFIED
        if self.elsewhere:
            return RecordStatus.MISPLACED
        return RecordStatus.NOT_FOUND

    @property
    def verified(self) -> bool:
        # The rules ask this of every record many times, once the status is settled: read it
        # without going through `status` as well.
        status = self.settled
        if status is None:
            status = self.status
        return status is RecordStatus.VERIFIED


def _unsearchable(record: ClaimRecord, resolutions: list[Resolution]) -> RecordStatus | None:
    """Why the record's quote is never searched for, or None."""
    if not record.valid:
        return RecordStatus.INVALID
    if record.locator is None or any(r.problem == "malformed" for r in resolutions):
        return RecordStatus.BAD_LOCATOR
    if any(not r.ok for r in resolutions):
        return RecordStatus.UNRESOLVED
    return None


@dataclass
class PartResult:
    resolution: Resolution
    # The verified records inside the part that the sentence is bound to (binding.py): what
    # backs it. `unrelated`: the verified records inside it that share nothing with it.
    backers: list[RecordResult] = field(default_factory=list)
    unrelated: list[RecordResult] = field(default_factory=list)
    # The invalid records whose locator names a place overlapping the part: until they are
    # fixed, the part's want of a backer is theirs to tell (SUM200), not the sentence's.
    waiting_on: list[RecordResult] = field(default_factory=list)

    @property
    def unbacked(self) -> bool:
        """It resolves, and no verified record stands in it."""
        return self.resolution.ok and not self.backers and not self.unrelated


@dataclass(frozen=True)
class Bound:
    """A record a sentence rests on, and how it was bound: `named` (`[C3]`), `content` (it
    stands at the sentence's locator and shares its words or numbers) or `position` (it stands
    there and the sentence has no words of its own to compare)."""

    result: RecordResult
    how: str


@dataclass
class SentenceResult:
    sentence: Sentence
    parts: list[PartResult] = field(default_factory=list)
    bound: list[Bound] = field(default_factory=list)  # verified or not, in record order
    named: bool = False  # it names records (`[C3]`): only they back it
    unknown_ids: list[tuple[str, int]] = field(default_factory=list)  # (id, column): SUM106
    outside: list[RecordResult] = field(default_factory=list)  # named, verified elsewhere: SUM107
    # Whether it rests on exactly the verified records its parts hold (the evidence report then
    # finds them from the spans), and whether more records than `bound` lists share its words.
    exact: bool = True
    more: bool = False

    @property
    def backers(self) -> list[RecordResult]:
        """The verified records it is bound to."""
        return [b.result for b in self.bound if b.result.verified]

    @property
    def backed(self) -> bool:
        """Every part of its locator holds a record it is bound to (with no locator, a named
        record is verified)."""
        if self.parts:
            return all(part.backers for part in self.parts)
        return self.named and any(b.result.verified for b in self.bound)


@dataclass
class Analysis:
    summary: Summary
    claims: ClaimsFile
    source: SourceDocument
    records: list[RecordResult]
    sentences: list[SentenceResult]
    lexicon: Lexicon | None = None  # modal words; None: the packaged lexicons
    pages_by_label: bool = False  # page locators name the PDF's printed labels
    source_changed: bool = False  # the change set being checked edits the source (SUM110)
    # Kept with the run's matched records of the claims file (engine/run.py): the problems of
    # the rules that read only those records, reused while the records are; None: not kept.
    record_problems: dict | None = field(default=None, repr=False, compare=False)

    @cached_property
    def file_records(self) -> list[RecordResult]:
        """The records of the claims file, without those the summary states inline
        (summary/inline.py): what the rules on how a claims file is written read."""
        return [r for r in self.records if r.record.origin is None]

    def quote_modal_words(self, result: RecordResult) -> list[ModalWord]:
        """The modal words `result`'s quote asserts (done while the source loaded, where it was)."""
        if result.quote_modal is None:
            result.quote_modal = modal_words(result.record.quote, self.lexicon)
        return result.quote_modal

    @cached_property
    def elision_drops(self) -> list[tuple[RecordResult, "Dropped"]]:
        """What the elisions of each verified quotation leave out of the source that carries
        its rule — a negation, a condition, a quantifier, a number (SUM401-SUM404)."""
        from ..matching.elisions import dropped_meaning

        found = []
        for result in self.records:
            if result.omitted and result.verified:
                found += [(result, d) for d in dropped_meaning(self.source.text, result.omitted,
                                                               result.record.quote)]
        return found

    @cached_property
    def faithfulness(self) -> "Faithfulness":
        """What each sentence and claim says otherwise than its quotes (SUM401-SUM404)."""
        from ..faithfulness import Faithfulness

        return Faithfulness(self)


@dataclass
class Located:
    """Every record's and sentence's locator resolved: what the resolve stage hands on."""

    records: list[RecordResult]
    sentence_parts: list[list[Resolution]]  # per sentence, its locators' parts in order
    pages_by_label: bool


def locate(summary: Summary, claims: ClaimsFile, resolver: Resolver,
           work: ClaimWork | None = None, matched: list[RecordResult] | None = None
           ) -> Located:
    """`matched`: the results of the first records, located and matched by an earlier check
    of the same claims on the same source (engine/run.py); the others are located here."""
    known = matched or []
    records = known + [_locate_record(record, resolver)
                       for record in claims.records[len(known):]]
    if work is not None:  # the claim-side work done while the source loaded
        for result, folded, modal in zip(records[len(known):], work.folded[len(known):],
                                         work.modal[len(known):]):
            result.folded_quote, result.quote_modal = folded, modal
    sentence_parts = [[resolver.resolve(part) for locator in sentence.locators
                       for part in locator.parts] for sentence in summary.sentences]
    return Located(records, sentence_parts, resolver.by_label)


def match(summary: Summary, claims: ClaimsFile, source: SourceDocument, located: Located,
          fuzzy: FuzzySettings, lexicon: Lexicon | None = None,
          max_gap: int = DEFAULT_MAX_GAP) -> Analysis:
    """Find every record's quote (at its locator, else elsewhere) and the records that back
    each sentence. A record matched before (`settled`, engine/run.py) is not matched again."""
    matcher = Matcher.shared(source)
    everything = located.records
    records = [r for r in everything if r.settled is None]
    _match_at_locators([r for r in records if r.status is RecordStatus.NOT_FOUND], matcher)
    quotations = [] if source.ocr else _quotations(records)
    for result, quotation in quotations:  # not found as written: read as a quotation
        found = find_quotation(quotation, source, matcher.folded, result.locator_spans,
                               max_gap)
        if isinstance(found, QuotationHit):
            result.hits = [QuoteHit(found.span, "normalized", fragments=found.fragments)]
            result.omitted = found.omitted
        else:
            result.quotation_miss = found.reason
    if not source.ocr and len(source.pages) > 1:
        for result in _unfound(records):  # a quote over a page break, furniture left out
            if result.locator_spans:
                found = across_page_breaks(source, result.locator_spans, _folded(result))
                if found is not None:
                    result.hits = [QuoteHit(found, "normalized")]
    fuzzy_search = None
    if source.ocr:  # rapidfuzz and the OCR matcher are imported only for a scan
        from ..matching import ocr

        fuzzy_search = ocr.FuzzySearch(matcher)
    if fuzzy_search is not None:
        for result in counted(_unfound(records), "records read fuzzily at their locator"):
            _take_fuzzy_at_locator(result, fuzzy_search, fuzzy, lexicon)
    _look_elsewhere(_unfound(records), matcher)
    _quotations_elsewhere([(r, q) for r, q in quotations if r.status is RecordStatus.NOT_FOUND],
                          source, matcher, max_gap)
    if fuzzy_search is not None:
        for result in counted(_unfound(records), "records read fuzzily elsewhere"):
            _take_fuzzy_elsewhere(result, fuzzy_search, fuzzy)
    unfound = [r for r in _unfound(records) if r.locator_spans]
    furniture = page_furniture(source) if unfound and len(source.pages) > 1 else ()
    starts = furniture_starts(source) if furniture else None
    for result in counted(unfound, "unfound records compared"):
        result.closest = nearest_at_locator(source.text, result.locator_spans,
                                            result.record.quote, furniture, starts)
    for result in records:
        result.settled = result.status
    records = everything
    backing = _BackingIndex(records, matcher)
    sentences = []
    for sentence, resolutions in zip(summary.sentences, located.sentence_parts):
        sentences.append(SentenceResult(sentence, [
            PartResult(resolution, backing.inside(resolution.spans)) for resolution in resolutions]))
    bind_sentences(sentences, records)
    _wait_on_invalid(sentences, records)
    return Analysis(summary, claims, source, records, sentences, lexicon, located.pages_by_label)


def _quotations(records: list[RecordResult]) -> list[tuple[RecordResult, Quotation]]:
    """The records whose quote is not found as written but holds an elision or alteration,
    and the quotation it writes."""
    found = []
    for result in records:
        if result.status is RecordStatus.NOT_FOUND and may_be_quotation(result.record.quote):
            quotation = quotation_of(result.record.quote)
            if quotation is not None:
                found.append((result, quotation))
    return found


def _quotations_elsewhere(unfound: list[tuple[RecordResult, Quotation]],
                          source: SourceDocument, matcher: Matcher, max_gap: int) -> None:
    """Quotations not at their locator: each looked for around the places its anchor (its
    longest plain fragment) stands, all anchors found in one pass; found there, misplaced."""
    anchored = [(r, q, q.anchor) for r, q in unfound if q.anchor]
    if not anchored:
        return
    places = matcher.find_anywhere([(FoldedQuote(anchor, ()), anchor)
                                    for _, _, anchor in anchored])
    for (result, quotation, _), hits in zip(anchored, places):
        window = quotation.window(max_gap)
        for hit in hits:
            region = Span(max(0, hit.span.start - window),
                          min(len(source.text), hit.span.end + window))
            found = find_quotation(quotation, source, matcher.folded, (region,), max_gap)
            if isinstance(found, QuotationHit):
                result.elsewhere = [QuoteHit(found.span, "normalized",
                                             fragments=found.fragments)]
                break


def _unfound(records: list[RecordResult]) -> list[RecordResult]:
    return [r for r in records if r.status is RecordStatus.NOT_FOUND]


def _locate_record(record: ClaimRecord, resolver: Resolver) -> RecordResult:
    if record.locator is None:
        return RecordResult(record)
    resolutions = [resolver.resolve(part) for part in record.locator.parts]
    if not record.valid:
        return RecordResult(record, intended_spans=tuple(
            span for r in resolutions if r.ok for span in r.spans))
    return RecordResult(record, resolutions)


def _wait_on_invalid(sentences: list[SentenceResult], records: list[RecordResult]) -> None:
    """Note, on each part no record backs, the invalid records whose place overlaps it."""
    places = Places((span.start, span.end, i) for i, r in enumerate(records)
                    for span in r.intended_spans)
    if not places:
        return
    for result in sentences:
        for part in result.parts:
            if part.unbacked:
                part.waiting_on = [records[i] for i in sorted(
                    places.overlapping(part.resolution.spans))]


class Places:
    """Places of the text, (start, end, owner), to find the owners of those overlapping
    spans: sorted by start, a place overlapping a span starts at most the longest place's
    length before it."""

    def __init__(self, places: Iterable[tuple[int, int, int]]) -> None:
        self.places = sorted(places)
        self.starts = [start for start, _, _ in self.places]
        self.longest = max((end - start for start, end, _ in self.places), default=0)

    def __bool__(self) -> bool:
        return bool(self.places)

    def overlapping(self, spans: Iterable[Span]) -> set[int]:
        found: set[int] = set()
        for span in spans:
            i = bisect.bisect_left(self.starts, span.start - self.longest)
            while i < len(self.places) and self.places[i][0] < span.end:
                if self.places[i][1] > span.start:
                    found.add(self.places[i][2])
                i += 1
        return found


def _match_at_locators(resolved: list[RecordResult], matcher: Matcher) -> None:
    """Search each resolved record's quote at its locator (all of them in one scan)."""
    for result in resolved:
        result.folded_quote = result.folded_quote or FoldedQuote.of(result.record.quote)
    found = matcher.find_in_many([(r.folded_quote, r.locator_spans, r.record.quote)
                                  for r in resolved], MAX_KEPT_HITS + 1)
    for result, hits in zip(resolved, found):
        result.hits, result.more_hits = hits[:MAX_KEPT_HITS], len(hits) > MAX_KEPT_HITS


def _folded(result: RecordResult) -> FoldedQuote:
    return result.folded_quote or FoldedQuote.of(result.record.quote)


def _take_fuzzy_at_locator(result: RecordResult, search: ocr.FuzzySearch,
                           settings: FuzzySettings, lexicon: Lexicon | None) -> None:
    from ..matching import ocr

    found = ocr.match_at_locator(result.record.quote, _folded(result), result.locator_spans,
                                 search, settings, lexicon)
    result.too_short = found.too_short
    result.hits, result.critical = list(found.hits), list(found.critical)
    if found.cut_short:
        result.cut_short.append(found.cut_short)


def _take_fuzzy_elsewhere(result: RecordResult, search: ocr.FuzzySearch,
                          settings: FuzzySettings) -> None:
    from ..matching import ocr

    found = ocr.match_elsewhere(result.record.quote, _folded(result), search, settings)
    if found is None:
        return
    result.elsewhere = list(found.hits)
    if found.cut_short:
        result.cut_short.append(found.cut_short)


def _look_elsewhere(unfound: list[RecordResult], matcher: Matcher) -> None:
    """Quotes not at their locator: found elsewhere they are misplaced, else not found."""
    quotes = [(_folded(r), r.record.quote) for r in unfound]
    for result, elsewhere in zip(unfound, matcher.find_anywhere(quotes)):
        result.elsewhere = elsewhere


class _BackingIndex:
    """Verified quote spans sorted by start, to find those standing inside a locator's spans."""

    def __init__(self, records: list[RecordResult], matcher: Matcher) -> None:
        entries = sorted(((hit.span.start, hit.span.end, i) for i, r in enumerate(records)
                          if r.verified for hit in r.hits))
        self.starts = [e[0] for e in entries]
        self.entries = entries
        self.records = records
        self.matcher = matcher
        # Records whose quote stands more often than their hits keep: a span may hold one of
        # the occurrences not kept, so for them the span itself is searched (once per quote
        # and span).
        self.repeated = [i for i, r in enumerate(records) if r.verified and r.more_hits]
        self._stands: dict[tuple[str, int, int], bool] = {}

    def inside(self, spans: tuple[Span, ...]) -> list[RecordResult]:
        found: dict[int, None] = {}
        for span in spans:
            i = bisect.bisect_left(self.starts, span.start)
            while i < len(self.entries) and self.entries[i][0] < span.end:
                start, end, record_index = self.entries[i]
                if end <= span.end:
                    found[record_index] = None
                i += 1
            for record_index in self.repeated:
                if record_index not in found and self._stands_in(self.records[record_index], span):
                    found[record_index] = None
        return [self.records[i] for i in sorted(found)]

    def _stands_in(self, result: RecordResult, span: Span) -> bool:
        """Whether the record's quote stands inside `span` and inside the record's locator."""
        for region in result.locator_spans:
            lo, hi = max(region.start, span.start), min(region.end, span.end)
            if hi <= lo:
                continue
            key = (result.record.quote, lo, hi)
            if key not in self._stands:
                quote = result.folded_quote or FoldedQuote.of(result.record.quote)
                hits = self.matcher.find_in(quote, (Span(lo, hi),), result.record.quote, 2)
                self._stands[key] = any(hit.span.end <= hi for hit in hits)
            if self._stands[key]:
                return True
        return False


def earliest_overlapping(spans: list[tuple[int, int, int]]) -> dict[int, int]:
    """For spans (start, end, owner), each owner's smallest other owner below it whose span
    overlaps one of its own (a common stretch of positive length), or no entry if none.

    The distinct spans are swept by start into groups that overlap among themselves (a span
    starting at or after the furthest end so far begins a new group): spans of different
    groups never overlap, and most quotes stand apart, so most groups are one span. A small
    group is compared pair by pair; a large one (one passage quoted by thousands of records)
    goes to `_earliest_in_group`, linear up to a log factor.
    """
    owners_of: dict[tuple[int, int], list[int]] = {}
    for start, end, owner in spans:
        owners_of.setdefault((start, end), []).append(owner)
    earliest: dict[int, int] = {}
    group: list[tuple[int, int]] = []
    furthest = 0
    for place in sorted(owners_of):
        if group and place[0] >= furthest:
            _solve_group(group, owners_of, earliest)
            group = []
        if not group or place[1] > furthest:
            furthest = place[1]
        group.append(place)
    if group:
        _solve_group(group, owners_of, earliest)
    return earliest


SMALL_GROUP = 16  # places compared pair by pair; a larger group goes to the Fenwick sweep


def _solve_group(group: list[tuple[int, int]], owners_of: dict[tuple[int, int], list[int]],
                 earliest: dict[int, int]) -> None:
    if len(group) == 1 and len(owners_of[group[0]]) == 1:
        return  # one span of one owner overlaps no other owner's: most quotes stand apart
    if len(group) > SMALL_GROUP:
        found = _earliest_in_group({place: owners_of[place] for place in group})
    else:
        least_of = {place: min(owners_of[place]) for place in group}
        found = {}
        for place in group:
            least = None  # the place itself counts (several owners quote one passage)
            for other in group:
                if other[0] < place[1] and place[0] < other[1] and (
                        least is None or least_of[other] < least):
                    least = least_of[other]
            for owner in owners_of[place]:
                if least is not None and least < owner and least < found.get(owner, owner):
                    found[owner] = least
    for owner, least in found.items():  # an owner's spans may stand in several groups
        if least < earliest.get(owner, owner):
            earliest[owner] = least


def _earliest_in_group(owners_of: dict[tuple[int, int], list[int]]) -> dict[int, int]:
    """`earliest_overlapping` for the spans of one group, by owners of each distinct span.

    Linear in spans up to a log factor: the distinct spans are swept by end, each inserted
    (by start) into a Fenwick tree of least owners over the distinct ends, and each asks for
    the least owner among spans that start before its end and end after its start. A query
    counts the span itself, which is harmless: an owner below the asking one is never the
    asker.
    """
    if not owners_of:
        return {}
    least_of = {place: min(owners) for place, owners in owners_of.items()}
    ends = sorted({end for _, end in owners_of})
    size = len(ends)
    infinity = float("inf")
    # tree[k]: least owner among inserted spans whose end ranks in a block ending at k, ranks
    # counted from the largest end down, so "ends after x" is a prefix
    tree: list[float] = [infinity] * (size + 1)
    by_start = sorted(owners_of)
    earliest: dict[int, int] = {}
    inserted = 0
    for start, end in sorted(owners_of, key=lambda place: (place[1], place[0])):
        while inserted < len(by_start) and by_start[inserted][0] < end:
            other = by_start[inserted]
            k, owner = size - bisect.bisect_left(ends, other[1]), least_of[other]
            while k <= size:
                if owner < tree[k]:
                    tree[k] = owner
                k += k & -k
            inserted += 1
        # spans ending after `start`: ranks 1 .. size - bisect_right(ends, start)
        k, least = size - bisect.bisect_right(ends, start), infinity
        while k > 0:
            if tree[k] < least:
                least = tree[k]
            k -= k & -k
        for owner in owners_of[(start, end)]:
            if least < owner and least < earliest.get(owner, infinity):
                earliest[owner] = int(least)
    return earliest


# ---------------------------------------------------------------- binding


def bind_sentences(sentences: list[SentenceResult], records: list[RecordResult]) -> None:
    """Bind each sentence to the records it rests on (see `Bound`), narrowing each part's
    backers to them; the rest of the part's records become `unrelated`."""
    from .binding import Binder

    binder = Binder(records)
    for result in sentences:
        binder.bind(result)

