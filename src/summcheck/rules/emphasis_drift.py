"""SUM303: a sentence states stronger or weaker modality than the claims that back it."""
from __future__ import annotations

import re
from typing import Iterator

from ..language.modality import classes, modal_words, quote_words
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

The message names the backing records the sentence most likely means — at most three, ranked
by the words (of three letters or more, and numbers) their claim and quote share with the
sentence, ties in file order — and counts the others ("and 2 more").

## Why
A verbatim quote can back a sentence that still distorts the source: a `should` reported as a
`must` makes advice an obligation, and a `must` reported as a `should` makes an obligation
optional.

## Example
    Clients must cache the response (section 4.1).   # the record behind it: "clients SHOULD cache"

## Fix
Word the sentence with the modality of the claims behind it, or cite a record whose quote
supports the stronger wording:

    Clients should cache the response (section 4.1).

## Options
The modal lexicons can be extended in configuration (`[tool.summcheck.modality.en]`).
Not caught: modality expressed without a modal word, and a sentence whose locator also covers
an unrelated requirement that happens to back it.
"""


def check(analysis) -> Iterator[Problem]:
    path = analysis.summary.path
    for result in analysis.sentences:
        backers = {id(b): b for b in result.backers}
        if not backers:
            continue
        words = modal_words(result.sentence.text, analysis.lexicon)
        found = classes(words)
        strengths = [b.record.strength for b in backers.values()]
        def where() -> str:
            return _listed(list(backers.values()), result.sentence, analysis.lexicon)

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


MAX_LISTED = 3  # backing records a message names; the rest are counted
_WORD = re.compile(r"\w+")


def _words(text: str) -> set[str]:
    """The words that tell records apart: three letters or more, or holding a digit."""
    return {w for w in _WORD.findall(text.casefold())
            if len(w) >= 3 or any(c.isdigit() for c in w)}


def _listed(backers: list, sentence, lexicon) -> str:
    """The backing records the sentence most likely means (at most MAX_LISTED), then "and N more".

    Ranked by the words the record's claim and quote share with the sentence (its locators left
    out), ties in the order of the claims file: deterministic.
    """
    text = sentence.text
    for group in sentence.groups:
        text = text.replace(group.text, " ")
    said = _words(text)

    def shared(backer) -> int:
        record = backer.record
        return len(said & _words(f"{record.claim or ''} {record.quote or ''} {record.topic or ''}"))

    ranked = sorted(backers, key=lambda b: (-shared(b), b.record.index))
    listed = ", ".join(_describe(b, lexicon) for b in ranked[:MAX_LISTED])
    rest = len(ranked) - MAX_LISTED
    return f"{listed} and {rest} more" if rest > 0 else listed


def _describe(backer, lexicon) -> str:
    """`record 'c4' (recommends: "should")`: the record and the modal words of its quote."""
    words = modal_words(backer.record.quote, lexicon)
    said = "; ".join(quote_words(words, cls) for cls in ("requires", "recommends")
                     if quote_words(words, cls))
    return f"{record_name(backer)} ({backer.record.strength}{': ' + said if said else ''})"
