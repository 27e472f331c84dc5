"""OCR sources: quotes that match neither exactly nor normalized are aligned fuzzily.

At the locator a fuzzy match verifies the quote unless the OCR text differs in a number, a
negation or a modal verb (then it backs nothing: SUM204). A quote too short to pin down is not
matched fuzzily at all (SUM205); one that matches only elsewhere is misplaced (SUM202). The
functions here return what they found; the analysis records it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..language.modality import Lexicon
from ..model import FuzzySettings, Span
from .critical import critical_differences
from .exact import MAX_KEPT_HITS, Matcher, QuoteHit
from .normalize import FoldedQuote, collapse_whitespace

if TYPE_CHECKING:
    from .fuzzy import FuzzyHit, FuzzyIndex

# Fuzzy alignment costs about the square of the quote's length per window tried: a longer quote
# is a passage, not a quote, and is matched exactly and normalized only.
MAX_FUZZY_QUOTE = 4_000
TOO_LONG_FOR_FUZZY = (f"not matched fuzzily: the quote is longer than {MAX_FUZZY_QUOTE:,} "
                      f"characters")
LOCATOR_SEARCH_CUT = ("the fuzzy search at the locator was cut short: the quote's letter groups "
                      "stand too often there to read every place")
SEARCH_CUT = ("the fuzzy search of the whole source was cut short: the quote's words and letter "
              "groups stand too often in it to read every place")


def too_long(quote: str) -> bool:
    """Whether the quote is too long to align fuzzily (its cost grows with its square)."""
    return len(collapse_whitespace(quote)) > MAX_FUZZY_QUOTE


def too_short(quote: str, settings: FuzzySettings) -> bool:
    text = collapse_whitespace(quote)
    return len(text.split(" ")) < settings.min_words or len(text) < settings.min_chars


class FuzzySearch:
    """Fuzzy search of one OCR source, over the folded text of its exact `Matcher`; the seed
    index is built on first use."""

    def __init__(self, matcher: Matcher) -> None:
        self.matcher = matcher
        self._index: FuzzyIndex | None = None

    @property
    def index(self) -> FuzzyIndex:
        if self._index is None:
            from .fuzzy import FuzzyIndex  # rapidfuzz's aligners, for OCR sources only

            self._index = FuzzyIndex(self.matcher.folded.text)
        return self._index

    def at(self, quote: FoldedQuote, spans: tuple[Span, ...], threshold: float) -> list[QuoteHit]:
        """The best fuzzy match inside each of the spans."""
        folded = self.matcher.folded
        hits = []
        for span in spans:
            lo, hi = folded.to_folded(span.start), folded.to_folded(span.end)
            hit = self.index.align(quote, lo, hi, threshold)
            if hit is not None:
                hits.append(self._hit(hit))
        return sorted(set(hits), key=lambda h: h.span.start)

    def anywhere(self, quote: FoldedQuote, threshold: float,
                 limit: int = MAX_KEPT_HITS) -> tuple[list[QuoteHit], bool]:
        """Fuzzy matches anywhere in the source, best first (misplaced OCR quotes), and whether
        the search was cut short (its seeds stand too often to read them all)."""
        cut_before = self.index.searches_cut
        hits = [self._hit(hit) for hit in self.index.search(quote, threshold)[:limit]]
        return hits, self.index.searches_cut > cut_before

    def _hit(self, hit: FuzzyHit) -> QuoteHit:
        folded = self.matcher.folded
        start = folded.to_original(hit.start)
        end = folded.to_original(hit.end, end=True)
        return QuoteHit(Span(start, end), hit.level, round(hit.score, 1))


@dataclass(frozen=True)
class AtLocator:
    """A fuzzy match at the record's locator: its hits and what the best one says otherwise."""

    too_short: bool = False  # not matched: too short to pin down
    hits: tuple[QuoteHit, ...] = ()
    critical: tuple[str, ...] = ()  # critical differences of the best hit (SUM204)
    cut_short: str | None = None  # why the search was bounded, if it was


@dataclass(frozen=True)
class Elsewhere:
    """Fuzzy matches anywhere in the source."""

    hits: tuple[QuoteHit, ...] = ()
    cut_short: str | None = None


def match_at_locator(quote: str, folded: FoldedQuote, spans: tuple[Span, ...],
                     search: FuzzySearch, settings: FuzzySettings,
                     lexicon: Lexicon | None = None) -> AtLocator:
    if too_short(quote, settings):
        return AtLocator(too_short=True)
    if too_long(quote):
        return AtLocator(cut_short=TOO_LONG_FOR_FUZZY)
    cut_before = search.index.searches_cut
    hits = search.at(folded, spans, settings.threshold)
    if not hits:
        cut = search.index.searches_cut > cut_before
        return AtLocator(cut_short=LOCATOR_SEARCH_CUT if cut else None)
    best = max(hits, key=lambda h: h.score or 0)
    matched = search.matcher.source.text[best.span.start:best.span.end]
    critical = critical_differences(quote, matched, lexicon)
    return AtLocator(hits=tuple(hits), critical=tuple(critical))


def match_elsewhere(quote: str, folded: FoldedQuote, search: FuzzySearch,
                    settings: FuzzySettings) -> Elsewhere | None:
    """Fuzzy matches anywhere, or None when the quote is too long to align."""
    if too_long(quote):
        return None
    hits, cut = search.anywhere(folded, settings.threshold)
    return Elsewhere(tuple(hits), SEARCH_CUT if cut else None)
