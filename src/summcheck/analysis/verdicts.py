"""What a checked summary amounts to, sentence by sentence and over its source: each sentence's
verdict and how much of the source the summary covers. The job summary's line per summary and
the evidence report both read these, so they never disagree.
"""
from __future__ import annotations

import bisect
from pathlib import Path
from typing import Callable, Literal

from .facts import Analysis, SentenceResult
from ..model import SEVERITY_RANK, Finding
from ..report.model import Coverage

Verdict = Literal["backed", "synthesis", "finding", "unbacked"]
VERDICTS: tuple[Verdict, ...] = ("backed", "synthesis", "finding", "unbacked")


def sentence_locator(analysis: Analysis) -> Callable[..., int | None]:
    """A function from a summary line (and column, when known) to the index of the sentence
    that place belongs to (None before the first sentence): a finding on a sentence names the
    line the sentence starts on, or a place inside it (a locator on a continuation line, an
    inline quotation of the second sentence of a line)."""
    starts = [(result.sentence.line, result.sentence.column) for result in analysis.sentences]

    def sentence_at(line: int, column: int | None = None) -> int | None:
        i = bisect.bisect_right(starts, (line, column if column is not None else 1 << 30)) - 1
        return i if i >= 0 else None

    return sentence_at


def finding_sentence(analysis: Analysis) -> Callable[[Finding], int | None]:
    """A function from a finding to the index of the sentence it stands in (None: it is not
    on the summary file, or before its first sentence)."""
    sentence_at = sentence_locator(analysis)
    summary = Path(analysis.summary.path)

    def sentence_of(finding: Finding) -> int | None:
        if finding.line is None or Path(finding.path) != summary:
            return None
        return sentence_at(finding.line, finding.column)

    return sentence_of


def findings_by_sentence(analysis: Analysis, findings: list[Finding]) -> dict[int, list[Finding]]:
    """The findings on the summary file, by the sentence they stand in."""
    sentence_of = finding_sentence(analysis)
    out: dict[int, list[Finding]] = {}
    for finding in findings:
        index = sentence_of(finding)
        if index is not None:
            out.setdefault(index, []).append(finding)
    return out


def sentence_verdict(result: SentenceResult, findings: list[Finding]) -> Verdict:
    """`finding` when a warning or error stands in the sentence; else `synthesis` for a
    labelled sentence without locators, `backed` when every locator part has a verified record
    inside it, `unbacked` otherwise (an info finding alone does not make a sentence fail)."""
    if any(SEVERITY_RANK[f.severity] >= SEVERITY_RANK["warning"] for f in findings):
        return "finding"
    if result.sentence.synthesis and not result.parts:
        return "synthesis"
    if result.backed:
        return "backed"
    if findings:
        return "finding"
    return "synthesis" if result.sentence.synthesis else "unbacked"


def sentence_verdicts(analysis: Analysis, findings: list[Finding]) -> list[Verdict]:
    by_sentence = findings_by_sentence(analysis, findings)
    return [sentence_verdict(result, by_sentence.get(i, []))
            for i, result in enumerate(analysis.sentences)]


def coverage(analysis: Analysis) -> Coverage:
    """The pages and share of the text the sentences' locators land on, and the verified
    `requires` records that back no sentence."""
    source = analysis.source
    spans = sorted((span.start, span.end) for result in analysis.sentences
                   for part in result.parts for span in part.resolution.spans)
    covered, reach = 0, 0
    for start, end in spans:  # the union of the cited spans
        if end > reach:
            covered += end - max(start, reach)
            reach = end
    cited_pages = set()
    for start, _end in spans:
        page = source.page_of(start)
        if page is not None:
            cited_pages.add(page.number)
    backers = {id(b) for result in analysis.sentences for b in result.backers}
    uncited = sum(1 for r in analysis.records
                  if r.verified and r.record.strength == "requires" and id(r) not in backers)
    share = round(covered / len(source.text), 4) if source.text else 0.0
    return Coverage(max(1, len(source.pages)), len(cited_pages), share, uncited)
