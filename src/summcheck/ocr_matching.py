"""OCR sources: quotes that match neither exactly nor normalized are aligned fuzzily.

At the locator a fuzzy match verifies the quote unless the OCR text differs in a number, a
negation or a modal verb (then it backs nothing: SUM204). A quote too short to pin down is not
matched fuzzily at all (SUM205); one that matches only elsewhere is misplaced (SUM202).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .fuzzy_critical import critical_differences
from .normalize import FoldedQuote, collapse_whitespace

if TYPE_CHECKING:
    from .analysis import RecordResult
    from .matching import Matcher


@dataclass(frozen=True)
class FuzzySettings:
    threshold: float = 90.0  # `fuzzy-threshold`
    min_words: int = 4  # below these a quote is too short to match fuzzily (SUM205)
    min_chars: int = 20


# Fuzzy alignment costs about the square of the quote's length per window tried (0.1-0.6 s a
# quote at 3,000-10,000 characters): a longer quote is a passage, not a quote, and is matched
# exactly and normalized only.
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


def match_ocr_at_locator(unfound: list["RecordResult"], matcher: "Matcher",
                         settings: FuzzySettings) -> None:
    text = matcher.source.text
    for result in unfound:
        quote = result.folded_quote or FoldedQuote.of(result.record.quote)
        if too_short(result.record.quote, settings):
            result.status = "too-short"
            continue
        if too_long(result.record.quote):
            result.cut_short.append(TOO_LONG_FOR_FUZZY)
            continue
        cut_before = matcher.fuzzy.searches_cut
        hits = matcher.fuzzy_in(quote, result.locator_spans, settings.threshold)
        if not hits:
            if matcher.fuzzy.searches_cut > cut_before:
                result.cut_short.append(LOCATOR_SEARCH_CUT)
            continue
        best = max(hits, key=lambda h: h.score or 0)
        result.hits = hits
        result.critical = critical_differences(result.record.quote,
                                               text[best.span.start:best.span.end])
        result.status = "critical" if result.critical else "verified"


def match_ocr_elsewhere(unfound: list["RecordResult"], matcher: "Matcher",
                        settings: FuzzySettings) -> None:
    for result in unfound:
        if too_long(result.record.quote):
            continue
        quote = result.folded_quote or FoldedQuote.of(result.record.quote)
        result.elsewhere, cut = matcher.fuzzy_anywhere(quote, settings.threshold)
        if cut:
            result.cut_short.append(SEARCH_CUT)
        if result.elsewhere:
            result.status = "misplaced"
