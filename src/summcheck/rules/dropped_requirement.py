"""SUM304: a verified requirement that no summary sentence cites."""
from __future__ import annotations

import re
from typing import Iterator

from .. import language
from ..terminal.display import in_quotes
from .base import Problem, on_record, record_name

CODE = "SUM304"
NAME = "dropped-requirement"
SEVERITY = "info"
POINTS_AT = "quote"  # on a record: the value a report underlines
SUMMARY = "A verified `requires` claim is cited by no summary sentence."
DOC = """
## What it does
Reports, as information:
- every verified record of strength `requires` whose quote stands inside no sentence's locator
  (the summary drops that requirement);
- a sentence backed only by records from *informative* text while a dropped requirement of the
  same `topic` stands in *normative* text. A record's text is informative when its quote stands
  in a section whose heading, or an enclosing section's heading, is titled as an appendix,
  annex, example, note or informative text (English: appendix, annex, example(s), note(s),
  informative; German: Anhang, Anlage, Beispiel(e), Anmerkung, Hinweis, informativ; Spanish:
  apéndice, anexo, ejemplo(s), nota(s), informativo; Portuguese: apêndice, anexo, exemplo(s),
  nota(s), informativo), or whose identifier is an appendix letter (`A`, `B.2`). Everything
  else is normative. Records without a `topic` are compared with no other record.

## Why
The method keeps the document's own emphasis: a requirement in a normative section outranks a
remark in an appendix. A summary that keeps the remark and drops the requirement misleads
while every quote in it is verbatim.

## Example
    records: c3 requires "keys shall be rotated every 90 days" (section 4.2, topic: keys)
             c9 states "an example rotation script" (Appendix B, topic: keys)
    summary: "Appendix B shows a rotation script (section B)."   # c3 is cited nowhere

## Fix
Add a sentence for the dropped requirement, citing its place, or drop the record if it is out
of the summary's purpose.

## Options
None. Not caught: requirements that were never recorded as claims.
"""

INFORMATIVE = language.informative_pattern()
_APPENDIX_IDENT = re.compile(r"^[A-Z](\.|$)")


def check(analysis) -> Iterator[Problem]:
    cited = {id(b) for s in analysis.sentences for b in s.backers}
    dropped = [r for r in analysis.records
               if r.verified and r.record.strength == "requires" and id(r) not in cited]
    path = analysis.claims.path
    for result in dropped:
        yield on_record(result, f"{record_name(result)} is a verified requirement at "
                        f"{in_quotes(result.record.locator.text)} that no summary sentence "
                        f"cites; add a sentence for it or drop the record", path)
    normative_topics = {}
    for result in dropped:
        if result.record.topic and not _informative(analysis.source, result):
            normative_topics.setdefault(result.record.topic, result)
    if not normative_topics:
        return
    for sentence in analysis.sentences:
        backers = sentence.backers
        if not backers or not all(_informative(analysis.source, b) for b in backers):
            continue
        for topic in dict.fromkeys(b.record.topic for b in backers if b.record.topic):
            if topic in normative_topics:
                dropped_one = normative_topics[topic]
                yield Problem(analysis.summary.path, sentence.sentence.line,
                              f"this sentence is backed only by informative text while the "
                              f"requirement {record_name(dropped_one)} at "
                              f"{in_quotes(dropped_one.record.locator.text)} (topic "
                              f"{in_quotes(topic)}) is cited by no sentence; the normative "
                              f"requirement outranks it",
                              column=sentence.sentence.column)
                break


def _informative(source, result) -> bool:
    """Whether the record's quote stands in an appendix, annex, example or note."""
    if not result.hits:
        return False
    return informative_at(source, result.hits[0].span.start)


def informative_at(source, offset: int) -> bool:
    """Whether `offset` lies in a section headed as an appendix, annex, example or note (or
    inside one), or numbered as an appendix (`A`, `B.2`): informative, not normative, text."""
    for section in source.sections:
        if section.span.start <= offset < section.span.end and (
                INFORMATIVE.search(_heading_line(source.text, section))
                or _APPENDIX_IDENT.match(section.ident)):
            return True
    return False


def _heading_line(text: str, section) -> str:
    """The heading as written ("Anhang II – Muster"): the keyword is not part of the title."""
    end = text.find("\n", section.span.start, section.span.start + 300)
    return f"{text[section.span.start:end if end != -1 else section.span.start + 300]} {section.title}"
