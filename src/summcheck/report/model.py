"""The report: findings and per-summary facts, as plain data for the renderers."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..evidence.places import QuotePlace
from ..model import SEVERITY_RANK, Finding

if TYPE_CHECKING:  # the report stays importable without the matching code
    from ..matching.exact import MatchLevel


@dataclass(frozen=True)
class VerifiedQuote:
    """One kept occurrence of a verified record's quote, and where it stands in the source."""

    record_id: str | None
    line: int | None  # 1-based line of the record in the claims file (None when unknown)
    level: MatchLevel
    place: QuotePlace
    # An elided quotation (matching/elisions.py): where each fragment stands; `place` spans
    # from the first to the last.
    fragments: tuple[QuotePlace, ...] = ()


@dataclass(frozen=True)
class BoundRecord:
    """A record a sentence rests on (analysis.Bound), as a report names it."""

    record_id: str | None
    line: int | None  # 1-based line of the record in the claims file (None when unknown)
    how: str  # named | content | position
    verified: bool


@dataclass(frozen=True)
class SentenceBinding:
    """The records one sentence rests on."""

    line: int
    records: tuple[BoundRecord, ...]
    more: bool = False  # more records share its words than the MAX_BOUND listed
    kind: str = "sentence"  # the unit (model.Sentence.kind): sentence, row, note or html


@dataclass(frozen=True)
class Coverage:
    """How much of its source a summary's sentences cite (verdicts.coverage decides it)."""

    pages: int  # of the source (1 for a text without page breaks)
    cited_pages: int  # pages that a sentence's locator lands on
    cited_share: float  # of the source text's characters inside some sentence's locator, 0–1
    uncited_requires: int  # verified `requires` records that back no sentence

    def describe(self) -> str:
        """One phrase: `cites 14 of 50 pages (12% of the text); 2 requires claims no sentence
        cites`."""
        where = (f"cites {self.cited_pages} of {self.pages} pages ({self.cited_share:.0%} of "
                 f"the text)" if self.pages > 1 else f"cites {self.cited_share:.0%} of the text")
        if self.uncited_requires:
            claims = "claim" if self.uncited_requires == 1 else "claims"
            return f"{where}; {self.uncited_requires} requires {claims} no sentence cites"
        return where


@dataclass
class SummaryReport:
    path: Path
    source: Path
    claims: Path
    sentences: int
    records: int
    verified: int
    notes: list[str] = field(default_factory=list)
    # Every kept hit of every verified record, in record order then hit order: what the JSON
    # report lists as `quotes` (the other reporters show none of it).
    quotes: list[VerifiedQuote] = field(default_factory=list)
    backed: int = 0  # sentences whose every locator holds a verified record, and no finding
    coverage: Coverage = field(default_factory=lambda: Coverage(1, 0, 0.0, 0))
    # Each sentence (in summary order) and the records it rests on: the JSON report's
    # `bindings`.
    bindings: list[SentenceBinding] = field(default_factory=list)


FAIL_ON_LEVELS = ("error", "warning", "info", "never")


def fails(severity: str, fail_on: str) -> bool:
    """Whether a finding of `severity` fails a run whose `--fail-on` is `fail_on`."""
    if fail_on not in FAIL_ON_LEVELS:
        raise ValueError(f"fail-on: {fail_on!r} is not one of {', '.join(FAIL_ON_LEVELS)}")
    return fail_on != "never" and SEVERITY_RANK[severity] >= SEVERITY_RANK[fail_on]


@dataclass
class Report:
    findings: list[Finding] = field(default_factory=list)
    summaries: list[SummaryReport] = field(default_factory=list)
    #: The run's `--fail-on` (error|warning|info|never): what the renderers that state a
    #: verdict per finding (JUnit) count as a failure. The CLI sets it to the level it exits by.
    fail_on: str = "error"

    @property
    def counts(self) -> dict[str, int]:
        counts = {"error": 0, "warning": 0, "info": 0}
        for finding in self.findings:
            counts[finding.severity] += 1
        return counts

    def exit_code(self, fail_on: str | None = None) -> int:
        """0 when no finding reaches `fail_on` (error|warning|info|never; default: the
        report's own `fail_on`), else 1."""
        level = self.fail_on if fail_on is None else fail_on
        return 1 if any(fails(f.severity, level) for f in self.findings) else 0

    def fails(self, finding: Finding) -> bool:
        """Whether `finding` reaches the report's `fail_on`."""
        return fails(finding.severity, self.fail_on)

    @property
    def ok(self) -> bool:
        return self.exit_code() == 0
