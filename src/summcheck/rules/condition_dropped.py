"""SUM404: the quote's rule holds under a condition the sentence leaves out."""
from __future__ import annotations

from typing import Iterator

from .base import Problem
from .faithful import elision_problems, sentence_problem

CODE = "SUM404"
NAME = "condition-dropped"
SEVERITY = "warning"
SUMMARY = "The quote states its rule under a condition or exception the sentence leaves out."
DOC = """
## What it does
Finds the quote the sentence restates (the one sharing most content words with it, as SUM402
does). When that quote states its rule under a strong condition or exception ("if", "unless",
"except", "provided that", "wenn", "sofern", "außer", "es sei denn", "si", "salvo", "a menos
que", "se", "exceto", "salvo se" …: the language files' "strong_conditions") outside the
clause the sentence restates, and the sentence keeps it in none of its words, the finding
quotes the sentence and the condition. A sentence keeps a condition when it names what only
the condition names, states the condition's number, has an "only" or an exception of its own,
or has a condition word whose clause says something else than the quote's rule.

A quote written with an elision (`must … provide`) whose omitted text holds a condition or
exception states a rule the source does not: the record is reported, with the source's words
around the elision (README, "Quotations as people write them").

## Why
A requirement stated without its "unless" is another requirement: "the controller must notify
the authority within 72 hours" drops "unless the breach is unlikely to result in a risk".

## Example
    The controller must notify within 72 hours (Art. 33).   # quote: "… unless the breach …"

## Fix
Keep the condition ("…, unless …"), or say that the rule has exceptions.

## Options
None. Not reported: a sentence with a condition of its own that may say the quote's in other
words; "if" after a verb of asking ("check if", whether). Not caught: a condition written
without a condition word ("for children under 16"); a dropped condition whose words the
sentence uses in another role.
"""


def check(analysis) -> Iterator[Problem]:
    yield from elision_problems(analysis, CODE)
    faith = analysis.faithfulness
    for index, result in enumerate(analysis.sentences):
        difference = faith.sentence(index).condition
        if difference is not None:
            yield sentence_problem(analysis, result, difference,
                                   "the quote's rule holds under this condition, which the "
                                   "sentence leaves out: keep it, or say the rule has "
                                   "exceptions")
