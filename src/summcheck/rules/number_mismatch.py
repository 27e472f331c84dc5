"""SUM401: a number in the sentence (or a claim) that none of its quotes states."""
from __future__ import annotations

from typing import Iterator

from .base import Problem, on_record
from ..terminal.display import in_quotes
from .faithful import elision_problems, sentence_problem

CODE = "SUM401"
NAME = "number-mismatch"
SEVERITY = "error"
SUMMARY = "A number, amount, date or duration in the sentence that none of its quotes states."
DOC = """
## What it does
Compares the quantities of a sentence with those of the quotes of the records it rests on (see
binding): numbers in digits or words ("60" = "sixty" = "sechzig" = "sesenta" = "sessenta"),
with the language's separators ("1,5" = "1.5", "3.700" = "3,700"), with their unit ("72 hours"
= "three days"; "3,700 kbytes" = "about 3.7 MB" when the sentence says about, "rund",
"aproximadamente", "cerca de"), their comparator ("at least", "höchstens", "como máximo", "ou
mais") and dates in any common form ("25 May 2018" = "2018-05-25" = "25. Mai 2018"). Reports
a quantity of the sentence that no quote states while a quote states another of the same kind
(30 days for 60 days, at most 8 characters for at least 8), quoting both. A record's claim is
compared with its own quote the same way (the finding is on the record). A sentence labelled
as synthesis rests on no record: its quantities are compared with every verified quote of the
summary.

A quote written with an elision (`must … provide`) whose omitted text holds a number states a
rule the source does not: the record is reported, with the source's words around the elision
(README, "Quotations as people write them").

## Why
A changed number is the commonest misreading of a model-written summary, and the quote check
alone lets it pass: the quote stands where the sentence says, it just says 60.

## Example
    Clients must retry within 30 days (section 4.2).   # the quote: "within 60 days"

## Fix
Write the number the quote states, or bind the sentence to the record that states yours.

## Options
None. Not compared, so never reported: a number after a reference word (`section 4.2`,
`Art. 8`, `RFC 3986`, `version 3`), in brackets alone (`(1)`), beside a slash (`2016/679`),
and a bare count without a unit ("three conditions"), which the writer may have counted. Not
caught: a number no quote has a counterpart of the same kind for ("six bases" when the quote
lists them), conversions that are not exact (months to days), arithmetic ("twice a year" for
"every six months").
"""


def check(analysis) -> Iterator[Problem]:
    yield from elision_problems(analysis, CODE)
    faith = analysis.faithfulness
    for index, result in enumerate(analysis.sentences):
        found = faith.sentence(index)
        for difference in found.numbers:
            fix = ("no verified quote of the summary states it: a synthesis adds no number"
                   if result.sentence.synthesis and not result.bound else
                   "write what the quote states, or bind the sentence to the record that "
                   "states yours")
            yield sentence_problem(analysis, result, difference, fix)
    claims_path = analysis.claims.path
    for result in faith.differing_claims():
        numbers, _ = faith.claim(result)
        for difference in numbers:
            yield on_record(result, f"claim: {in_quotes(difference.said)}; quote: "
                            f"{in_quotes(difference.quoted)}: write the number the quote states",
                            claims_path, points_at="claim")
