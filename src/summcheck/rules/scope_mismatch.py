"""SUM403: a quantifier or frequency changed between the quote and the sentence."""
from __future__ import annotations

from typing import Iterator

from .base import Problem
from .faithful import sentence_problem

CODE = "SUM403"
NAME = "scope-mismatch"
SEVERITY = "warning"
SUMMARY = "A quantifier or frequency changed (all and some, always and usually, only)."
DOC = """
## What it does
In the clause pair of sentence and quote that shares most content words (as SUM402 finds it),
compares quantifiers and frequencies: all, every, each, any, always ↔ some, most, many,
several, usually, often (and their German, Spanish and Portuguese words: the language files'
"quantifiers"). Reports a pair where both clauses quantify and no class is shared, and a clause
where "only" ("nur", "solo", "apenas", …) was dropped or added, quoting both.

## Why
"All controllers" for "some controllers", "always" for "usually", a rule that holds "only" for
X stated as holding for X: the scope of the claim changed while every quoted word still stands.

## Example
    Every request is logged (section 5).   # quote: "most requests are logged"

## Fix
Keep the quote's quantifier, or say which part the sentence speaks of.

## Options
None. Not reported: a sentence that leaves a quantifier out (saying less is not a change of
scope), "not only", an `only` that the other side says with a negation or an exception ("may
not … unless"). Not caught: a quantifier the language files do not list, or a clause that
shares too few words with the quote to be compared.
"""


def check(analysis) -> Iterator[Problem]:
    faith = analysis.faithfulness
    for index, result in enumerate(analysis.sentences):
        difference = faith.sentence(index).scope
        if difference is not None:
            how = {"only dropped": "the quote restricts with 'only', the sentence does not",
                   "only added": "the sentence restricts with 'only', the quote does not"}.get(
                difference.what, "the quantifier changed")
            yield sentence_problem(analysis, result, difference,
                                   f"{how}: keep the quote's scope")
