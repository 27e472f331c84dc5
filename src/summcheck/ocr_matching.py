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
        hits = matcher.fuzzy_in(quote, result.locator_spans, settings.threshold)
        if not hits:
            continue
        best = max(hits, key=lambda h: h.score or 0)
        result.hits = hits
        result.critical = critical_differences(result.record.quote,
                                               text[best.span.start:best.span.end])
        result.status = "critical" if result.critical else "verified"


def match_ocr_elsewhere(unfound: list["RecordResult"], matcher: "Matcher",
                        settings: FuzzySettings) -> None:
    for result in unfound:
        quote = result.folded_quote or FoldedQuote.of(result.record.quote)
        result.elsewhere = matcher.fuzzy_anywhere(quote, settings.threshold)
        if result.elsewhere:
            result.status = "misplaced"
