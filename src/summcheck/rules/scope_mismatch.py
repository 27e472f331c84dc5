"""SUM403: a quantifier or frequency changed between the quote and the sentence."""
from __future__ import annotations

from typing import Iterator

from .base import Problem
from .faithful import elision_problems, sentence_problem

CODE = "SUM403"
NAME = "scope-mismatch"
SEVERITY = "warning"
SUMMARY = "A quantifier or frequency changed (all and some, always and usually, only)."
DOC = """
## What it does
In the clause pair of sentence and quote that shares most content words (as SUM402 finds it),
compares quantifiers and frequencies: all, every, each, any, always ↔ some, most, many,
several, usually, often (and their German, Spanish and Portuguese words: the language files'
"quantifiers"). Reports a pair where both clauses quantify and no class is shared, a quote's
"only" ("nur", "solo", "apenas", …) the sentence dropped, and an "only" the sentence added
where it narrows what the quote says: the quote covers a whole class ("All printing ASCII
characters" read as "Only printing ASCII characters": the language files' "universals"), or
offers an alternative the sentence drops ("with the Ibero-American countries or with those
that have a particular bond with Spain" read as "only with the Ibero-American countries": the
"alternatives", `or`, `oder`, `o`, `ou`). Both sides are quoted.

A quote written with an elision (`must … provide`) whose omitted text holds a quantifier or
`only` states a rule the source does not: the record is reported, with the source's words around
the elision (README, "Quotations as people write them").

## Why
"All controllers" for "some controllers", "always" for "usually", a rule that holds "only" for
X stated as holding for X, a permission for A or B stated as one for A only: the scope of the
claim changed while every quoted word still stands.

## Example
    Every request is logged (section 5).   # quote: "most requests are logged"

## Fix
Keep the quote's quantifier, or say which part the sentence speaks of.

## Options
None. Not reported: a sentence that leaves a quantifier out (saying less is not a change of
scope), "not only", an `only` that the other side says with a negation or an exception ("may
not … unless"), an added `only` that stresses ("only the scheme is case-insensitive", "nur
5 %"), opens a condition ("only if"), stands after what it would narrow, or restricts another
noun than the quote's "all" ("all passwords must be hashed" as "only hashed passwords may be
stored"). Not caught: a quantifier the language files do not list, a clause that shares too
few words with the quote to be compared, and an added `only` that drops what the quote joins
with "and" (which also joins predicates a faithful summary may leave out) or turns a duration
into a maximum ("for two years" as "only two years").
"""


def check(analysis) -> Iterator[Problem]:
    yield from elision_problems(analysis, CODE)
    faith = analysis.faithfulness
    for index, result in enumerate(analysis.sentences):
        difference = faith.sentence(index).scope
        if difference is not None:
            how = {"only dropped": "the quote restricts with 'only', the sentence does not",
                   "only added": "the sentence restricts with 'only', the quote does not"}.get(
                difference.what, "the quantifier changed")
            yield sentence_problem(analysis, result, difference,
                                   f"{how}: keep the quote's scope")
