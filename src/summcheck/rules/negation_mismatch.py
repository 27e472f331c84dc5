"""SUM402: the sentence (or a claim) affirms what its quote negates, or the reverse."""
from __future__ import annotations

from typing import Iterator

from ..terminal.display import in_quotes
from .base import Problem, on_record
from .faithful import elision_problems, sentence_problem

CODE = "SUM402"
NAME = "negation-mismatch"
SEVERITY = "error"
SUMMARY = "The sentence affirms what its quote negates, or negates what it affirms."
DOC = """
## What it does
Finds the clause of each quote the sentence rests on that shares most content words with a
clause of the sentence (at least two, and half of the shorter clause's), and compares their
negations: "not", "never", "no", "kein", "nie", "nunca", "ningún", "nenhum", "n't", and
prohibitions, which negate in one word ("must not" = "is forbidden" = "darf nicht" = "está
prohibido" = "é proibido"). An odd number of negations on one side and an even number on the
other is reported (so a double negation is understood), quoting both. A record's claim is
compared with its own quote the same way (the finding is on the record).

A quote written with an elision (`must … provide`) whose omitted text holds a negation states a
rule the source does not: the record is reported, with the source's words around the elision
(README, "Quotations as people write them").

## Why
A dropped "not" turns a prohibition into a duty ("implementations must … provide the version
flag" for "must not provide"); the quote check alone lets it pass.

## Example
    Implementations must provide the version flag (section 3.2.2).   # quote: "must not provide"

## Fix
State what the quote states: keep its negation, or its affirmation.

## Options
None. Kept quiet, so never reported: a clause that says "not" in a word of its own (`optional`,
`without`, `lacks`, `avoid`, `only`, `unless`, `ohne`, `sin`, `sem` …, the language files'
`negative_meaning`), a negated rule followed by its exception ("must not … unless" is "may …
only if"), and negations inside a comparator (`no later than`, `not more than`). Not caught:
a negation moved into an antonym ("invalid" for "not valid"), or a clause that shares too few
words with the quote to be compared.
"""


def check(analysis) -> Iterator[Problem]:
    yield from elision_problems(analysis, CODE)
    faith = analysis.faithfulness
    for index, result in enumerate(analysis.sentences):
        difference = faith.sentence(index).negation
        if difference is not None:
            said = "affirms what it negates" if difference.what == "negated" else (
                "negates what it affirms")
            yield sentence_problem(analysis, result, difference,
                                   f"the sentence {said}: keep the quote's polarity")
    claims_path = analysis.claims.path
    for result in faith.differing_claims():
        _, difference = faith.claim(result)
        if difference is not None:
            yield on_record(result, f"claim: {in_quotes(difference.said)}; quote: "
                            f"{in_quotes(difference.quoted)}: the claim "
                            f"{'affirms' if difference.what == 'negated' else 'negates'} what "
                            f"its quote {'negates' if difference.what == 'negated' else 'affirms'}",
                            claims_path, points_at="claim")
