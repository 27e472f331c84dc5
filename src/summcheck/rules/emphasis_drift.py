"""SUM303: a sentence states stronger or weaker modality than the claims that back it."""
from __future__ import annotations

from typing import Iterator

from ..modality import classes, modal_words, quote_words
from .base import Problem, record_name

CODE = "SUM303"
NAME = "emphasis-drift"
SEVERITY = "warning"
SUMMARY = "A sentence states stronger or weaker modality than the claims that back it."
DOC = """
## What it does
Compares a backed sentence's modal words with the strength of the verified records behind it
(every record whose quote stands inside the sentence's locator):
- *overstated*: the sentence has a *requires* word (`must`, `shall`, `muss`, `debe`, `deve`, …)
  and none of its backing records is `requires`;
- *understated*: the sentence has a *recommends* word (`should`, `sollte`, `debería`,
  `deveria`, …) and no *requires* word, and every backing record is `requires`.
*permits* words (`may`, `can`, `kann`, `puede`, `pode`) are never compared: what the source
allows is often implied by a requirement. Words in quotation marks or code, and words after a
reporting verb (`the draft said it must…`), are not the sentence's own assertion.

## Why
A verbatim quote can back a sentence that still distorts the source: a `should` reported as a
`must` makes advice an obligation, and a `must` reported as a `should` makes an obligation
optional.

## Example
    Clients must cache the response (section 4.1).   # the record behind it: "clients SHOULD cache"

## Fix
    Clients should cache the response (section 4.1).

## Options
The modal lexicons can be extended in configuration (`[tool.summcheck.modality.en]`).
Not caught: modality expressed without a modal word, and a sentence whose locator also covers
an unrelated requirement that happens to back it.
"""


def check(analysis) -> Iterator[Problem]:
    path = analysis.summary.path
    for result in analysis.sentences:
        backers = {id(b): b for part in result.parts for b in part.backers}
        if not backers:
            continue
        words = modal_words(result.sentence.text, analysis.lexicon)
        found = classes(words)
        strengths = [b.record.strength for b in backers.values()]
        def where() -> str:
            return ", ".join(_describe(b, analysis.lexicon) for b in backers.values())

        if "requires" in found and "requires" not in strengths:
            yield Problem(path, result.sentence.line,
                          f"overstated: the sentence says {quote_words(words, 'requires')} but no "
                          f"claim behind it is 'requires' ({where()}); use the source's own "
                          f"modality", column=result.sentence.column)
        elif "recommends" in found and "requires" not in found \
                and all(s == "requires" for s in strengths):
            yield Problem(path, result.sentence.line,
                          f"understated: the sentence says {quote_words(words, 'recommends')} but "
                          f"every claim behind it is 'requires' ({where()}); say that it is "
                          f"required", column=result.sentence.column)


def _describe(backer, lexicon) -> str:
    """`record 'c4' (recommends: "should")`: the record and the modal words of its quote."""
    words = modal_words(backer.record.quote, lexicon)
    said = "; ".join(quote_words(words, cls) for cls in ("requires", "recommends")
                     if quote_words(words, cls))
    return f"{record_name(backer)} ({backer.record.strength}{': ' + said if said else ''})"
