"""The report: findings and per-summary facts, as plain data for the renderers."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..model import SEVERITY_RANK, Finding


@dataclass
class SummaryReport:
    path: Path
    source: Path
    claims: Path
    sentences: int
    records: int
    verified: int
    notes: list[str] = field(default_factory=list)


@dataclass
class Report:
    findings: list[Finding] = field(default_factory=list)
    summaries: list[SummaryReport] = field(default_factory=list)

    @property
    def counts(self) -> dict[str, int]:
        counts = {"error": 0, "warning": 0, "info": 0}
        for finding in self.findings:
            counts[finding.severity] += 1
        return counts

    def exit_code(self, fail_on: str = "error") -> int:
        """0 when no finding reaches `fail_on` (error|warning|info|never), else 1."""
        if fail_on == "never":
            return 0
        floor = SEVERITY_RANK[fail_on]
        return 1 if any(SEVERITY_RANK[f.severity] >= floor for f in self.findings) else 0

    @property
    def ok(self) -> bool:
        return self.exit_code() == 0
