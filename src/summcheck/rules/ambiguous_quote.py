"""SUM205: the quote is too short to pin down, or stands several times at its locator."""
from __future__ import annotations

from typing import Iterator

from ..terminal.display import in_quotes
from ..model import RecordStatus
from .base import Problem, on_record, record_name
from .options import WholeNumber

CODE = "SUM205"
NAME = "ambiguous-quote"
SEVERITY = "warning"
READS = "records"  # the claims file's records and the source alone
POINTS_AT = "quote"  # on a record: the value a report underlines
SUMMARY = "The quote is too short to pin down, or stands several times at its locator."
DOC = """
## What it does
Reports a verified quote that has fewer than 4 words or fewer than 20 characters, or that
stands more than once inside its locator. The quote still verifies and still backs its
sentence.

## Why
A two-word quote such as "the Program" proves little: it stands in many places and does not
show that the place says what the claim says.

## Example
    quote: "the Program"

## Fix
Quote the whole clause that carries the claim.

## Options
`min-quote-words` (default 4) and `min-quote-chars` (default 20) in the configuration. A
record may carry `ignore: [SUM205]`.
"""

# Also the length below which a quote is not matched fuzzily on an OCR source.
CONF = {"min-quote-words": WholeNumber(), "min-quote-chars": WholeNumber()}
DEFAULT = {"min-quote-words": 4, "min-quote-chars": 20}


def check(analysis, min_quote_words: int, min_quote_chars: int) -> Iterator[Problem]:
    min_words, min_chars = min_quote_words, min_quote_chars
    path = analysis.claims.path
    for result in analysis.records:
        if result.status is RecordStatus.TOO_SHORT:
            yield on_record(result, f"{record_name(result)}: the quote is too short to match the "
                            f"OCR text fuzzily (at least {min_words} words and {min_chars} "
                            f"characters); quote the whole clause", path)
            continue
        if not result.verified:
            continue
        quote = " ".join(result.record.quote.split())
        words = len(quote.split(" "))
        reasons = []
        if words < min_words or len(quote) < min_chars:
            reasons.append(f"the quote is short ({words} word{'s' * (words != 1)}, {len(quote)} "
                           f"characters; at least {min_words} words and {min_chars} characters "
                           f"pin a place down)")
        if len(result.hits) > 1:
            times = f"more than {len(result.hits)}" if result.more_hits else str(len(result.hits))
            reasons.append(f"it stands {times} times at "
                           f"{in_quotes(result.record.locator.text)}")
        if reasons:
            yield on_record(result, f"{record_name(result)}: ambiguous quote: "
                            f"{' and '.join(reasons)}; quote the whole clause", path,
                            help=_lengthen(analysis.source.text, result, min_words, min_chars))


# How far the clause around a quote is looked for on either side, in characters.
_CLAUSE_REACH = 200
_CLAUSE_ENDS = (". ", ".\n", "; ", "\n\n", "\f")


def _lengthen(text: str, result, min_words: int, min_chars: int) -> str:
    """How to lengthen the quote: to the clause of the source it stands in (its first place
    at the locator), quoted from the source, when that is longer than the quote."""
    hit = result.hits[0]
    start, end = hit.span.start, hit.span.end
    left = max([start - _CLAUSE_REACH] + [text.rfind(mark, start - _CLAUSE_REACH, start)
                                          + len(mark) for mark in _CLAUSE_ENDS
                                          if text.rfind(mark, start - _CLAUSE_REACH, start) != -1])
    rights = [text.find(mark, end, end + _CLAUSE_REACH) for mark in _CLAUSE_ENDS]
    right = min([end + _CLAUSE_REACH] + [r + 1 for r in rights if r != -1])
    clause = " ".join(text[max(left, 0):min(right, len(text))].split())
    quote = " ".join(result.record.quote.split())
    need = f"at least {min_words} words and {min_chars} characters that stand once at the locator"
    if len(clause) > len(quote) and quote in clause:
        return f"quote {need}, e.g. the whole clause: {in_quotes(clause, 240)}"
    return f"quote {need}: the whole clause that carries the claim"
