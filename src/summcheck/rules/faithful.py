"""What the faithfulness rules (SUM401-SUM404) share: how a finding on a sentence names the
sentence's words, the quote's words and the record they come from."""
from __future__ import annotations

from typing import Iterator

from ..terminal.display import in_quotes
from .base import Problem, on_record, record_name


def quote_label(analysis, difference) -> str:
    """`C7, section 4.2`: the record the quote's words come from, and its locator."""
    record = analysis.faithfulness.record_of(difference.quote)
    if record is None:
        return ""
    parts = [str(record.record.id)] if record.record.id is not None else [
        f"line {record.record.line}" if record.record.line else f"#{record.record.index + 1}"]
    if record.record.locator is not None:
        parts.append(record.record.locator.text)
    return f" ({', '.join(parts)})"


def sentence_problem(analysis, result, difference, fix: str) -> Problem:
    """The finding on a sentence: both sides' words, where the quote stands, how to fix it;
    its help line names the records the sentence rests on and how it was bound to them."""
    return Problem(analysis.summary.path, result.sentence.line,
                   f"sentence: {in_quotes(difference.said)}; quote"
                   f"{quote_label(analysis, difference)}: {in_quotes(difference.quoted)}: {fix}",
                   column=result.sentence.column, help=binding_help(result),
                   differs=(difference.said, difference.quoted))


SHOWN_BOUND = 4  # records a help line names; the rest are counted


def binding_help(result) -> str | None:
    """`rests on record 'C7' (named), record at line 4 (content) and 2 more`."""
    bound = result.bound
    if not bound:
        return None
    names = [f"{record_name(b.result)} ({b.how}"
             f"{'' if b.result.verified else ', not verified'})" for b in bound[:SHOWN_BOUND]]
    more = f" and {len(bound) - SHOWN_BOUND} more" if len(bound) > SHOWN_BOUND else ""
    return f"The sentence rests on {', '.join(names)}{more} (see binding in README)."


#: What each faithfulness rule calls the words an elision drops.
_DROPPED = {"SUM401": "the number", "SUM402": "the negation", "SUM403": "the quantifier",
            "SUM404": "the condition"}


def elision_problems(analysis, code: str) -> Iterator[Problem]:
    """The findings on records whose quotation elides words that carry its rule (the elision
    drops "not" of "must not provide"): the quote then states a rule the source does not."""
    claims_path = analysis.claims.path
    for result, dropped in analysis.elision_drops:
        if dropped.code != code:
            continue
        words = ", ".join(in_quotes(w) for w in dropped.words)
        yield on_record(result, f"{record_name(result)}: the quote's elision drops "
                        f"{_DROPPED[code]} {words} (the source reads "
                        f"{in_quotes(dropped.context, 160)}, the elided words in brackets): quote "
                        f"them, or end the quote before them", claims_path, points_at="quote")
