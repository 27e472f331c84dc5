"""SUM201: the quote stands nowhere in the source."""
from __future__ import annotations

from typing import Iterator

from ..terminal.display import in_quotes
from ..matching.nearest import CLOSEST_MAX_QUOTE
from ..matching.normalize import bidi_characters
from ..model import RecordStatus
from .base import Problem, on_record, record_name
from .options import WholeNumber

# The closest passage is shown only from this similarity (rapidfuzz partial ratio, 0-100) up.
# Measured on the shipped fixtures: every real near-miss — the 162 quotes of
# tests/fixtures/ocr/quotes.json with one planted change (a number, a negation, a modal verb)
# against the clean text of their page, and the rule and acceptance cases' retyped quotes (a
# word added, a case changed, a homoglyph, a bidi control) — scores 86.8 or more; every
# unrelated one — the 73 fabricated quotes there against every page, and the cases' invented
# quotes — 80.0 or less (the highest: an invented Spanish claim that shares only the formula
# "Todo individuo tiene derecho a"). 85 lies between the two; below it the "closest" passage
# is noise (a fabricated quote's best window scores 46-80 on any page of text).
CLOSE_ENOUGH = 85.0

CONF = {"max-elided-chars": WholeNumber(1)}
DEFAULT = {"max-elided-chars": 1000}

CODE = "SUM201"
NAME = "quote-not-found"
SEVERITY = "error"
READS = "records"  # the claims file's records and the source alone
POINTS_AT = "quote"  # on a record: the value a report underlines
SUMMARY = "The quote stands nowhere in the source (fabricated or retyped)."
DOC = """
## What it does
Looks for each record's quote inside its locator and then anywhere in the source, after white
space normalisation (exact level) and after folding typography (normalized level: ligatures,
soft hyphens, line-end hyphenation, curly quotes, dashes, no-break and zero-width spaces).
Matching is case-sensitive. A quote that is not found as written is read as a quotation is
written: its elisions (`…`, `...`, `[…]`, `[...]`, `(…)`) part it into fragments, which must
each stand in the source, in order, inside the locator, each in the paragraph of the one before
and at most `max-elided-chars` characters after it; a bracketed letter changes case (`[t]he` for
"The"), a bracketed phrase stands for one word of the source (`[the Licensee]` for "it"), and
editorial notes (`[sic]`, `[emphasis added]`, `[Hervorhebung d. Verf.]`, `[énfasis añadido]`,
`[grifo nosso]`) are left out. For a quotation found nowhere, the message says which fragment
is missing and where the others stand, or that they stand out of order or too far apart. A
quote found nowhere is reported. When a passage at the
record's locator comes close to it (85% similar or more), the message shows that passage so
the author can copy the real wording, and the words in which the quote differs, marked
`[-only in the quote-]{+only in the source+}` with three words of context
(`… Einwilligung jederzeit [-und formlos-] zu widerrufen.`); characters that look alike but
differ (a Cyrillic `а` for a Latin `a`) are named. Below 85% nothing at the locator is close:
the quote is not a retyped passage but a paraphrase, an invention or a quote from elsewhere,
and no passage is offered.

## Why
A quote is the evidence behind a claim. A quote that does not stand in the source was
paraphrased, retyped with changes, or invented — the claim it supports is unverified.

## Example
    quote: "keys shall be rotated at least every 60 days"   # the source says 90

## Fix
Copy the quote from the source verbatim (the message shows the closest passage), or drop the
record and the sentence it supports.

## Options
`max-elided-chars` (default 1000): how far, in characters of the source, a fragment of an
elided quotation may stand after the one before. Bidi control characters in a quote never fold away; the message names them. The 85% is
measured, not chosen: on the shipped fixtures every real near-miss (a quote retyped with one
changed word, number, negation or modal verb, a changed case, a homoglyph) scores 86.8% or
more against its passage, and every invented quote's best window on any page 80% or less.
"""


def check(analysis, max_elided_chars: int) -> Iterator[Problem]:
    path = analysis.claims.path
    for result in analysis.records:
        if result.status is not RecordStatus.NOT_FOUND:
            continue
        message = f"{record_name(result)}: quote not found in the source"
        if result.quotation_miss:
            message += f" as a quotation with elisions or alterations: {result.quotation_miss}"
        bidi = bidi_characters(result.record.quote)
        if bidi:
            message += f"; it holds the bidi control character {', '.join(bidi)}, remove it"
        found = result.closest  # the closest passage at the locator, searched by the analysis
        help_ = None
        if found is not None:
            where = result.record.locator.text
            closest = found.difference
            if not found.limit:
                message += (f"; closest passage not searched: the quote is longer than "
                            f"{CLOSEST_MAX_QUOTE:,} characters")
            elif closest is not None and closest.score >= CLOSE_ENOUGH:
                message += (f"; closest passage at {in_quotes(where)} "
                            f"({closest.score:.0f}% similar): {_clip(closest.passage)!r}")
                help_ = f"the source reads {_clip(closest.passage)!r} at {in_quotes(where)}"
                if closest.diff:
                    message += f"; words that differ, [-quote-]{{+source+}}: " \
                               f"{_clip(closest.diff, 240)!r}"
                    help_ += (f"; copy it, changing what is marked [-only in the quote-]"
                              f"{{+only in the source+}}: {_clip(closest.diff, 240)!r}")
                else:
                    help_ += "; the words are the same: copy its spaces, hyphens and line breaks"
                    message += "; the words are the same: check spaces, hyphens and line breaks"
                if closest.lookalikes:
                    message += f"; it has {', '.join(closest.lookalikes)}"
            else:
                message += f"; no passage at {in_quotes(where)} comes close to it"
            if found.cut:
                message += f" (searched the first {found.limit:,} characters of the cited region)"
        for note in result.cut_short:
            message += f"; {note}"
        if bidi:
            help_ = f"remove the bidi control character {', '.join(bidi)} from the quote"
        yield on_record(result, message + "; copy the quote verbatim from the source", path,
                        help=help_)


def _clip(passage: str, limit: int = 160) -> str:
    return passage if len(passage) <= limit else passage[: limit - 1] + "…"
