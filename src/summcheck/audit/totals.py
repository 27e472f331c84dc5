"""The totals an audit prints at the end: findings by rule, then by source, then one line.

They are computed from the results file's lines (so a resumed run prints what an uninterrupted
one would), rules in code order and sources in path order: the same inputs give the same text.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field

from ..terminal.display import printable
from ..report.model import fails

NO_SOURCE = "(source unknown)"


@dataclass
class SourceTotals:
    summaries: int = 0
    findings: int = 0
    unchecked: int = 0  # summaries that could not be checked (their inputs' errors)


@dataclass
class Totals:
    rules: dict[str, list] = field(default_factory=dict)  # code → [name, count]
    sources: dict[str, SourceTotals] = field(default_factory=dict)
    severities: dict[str, int] = field(default_factory=lambda: {"error": 0, "warning": 0,
                                                                "info": 0})
    summaries: int = 0
    unchecked: int = 0
    errors: list[str] = field(default_factory=list)  # `path: cause`, in manifest order

    def add(self, source: str, report: dict) -> None:
        row = self.sources.setdefault(source or NO_SOURCE, SourceTotals())
        row.summaries += 1
        self.summaries += 1
        for finding in report.get("findings", []):
            entry = self.rules.setdefault(finding["rule"], [finding["name"], 0])
            entry[1] += 1
            self.severities[finding["severity"]] = self.severities.get(finding["severity"], 0) + 1
            row.findings += 1
        errors = report.get("errors", [])
        if errors:
            row.unchecked += 1
            self.unchecked += 1
            self.errors += [f"{e['path']}: {e['cause']}" for e in errors]

    def exit_code(self, fail_on: str) -> int:
        """2 when a summary could not be checked, else 1 when a finding reaches `fail_on`."""
        if self.unchecked:
            return 2
        return 1 if any(count and fails(severity, fail_on)
                        for severity, count in self.severities.items()) else 0

    def render(self) -> str:
        out: list[str] = []
        if self.rules:
            rows = [(code, name, str(count)) for code, (name, count) in sorted(self.rules.items())]
            out += _table(("rule", "name", "findings"), rows, right=(2,))
        else:
            out.append("no findings")
        out.append("")
        rows = [(printable(source), str(t.summaries), str(t.findings), str(t.unchecked))
                for source, t in sorted(self.sources.items())]
        # "unchecked", not "errors": the findings of severity error are counted elsewhere.
        out += _table(("source", "summaries", "findings", "unchecked"), rows, right=(1, 2, 3))
        out.append("")
        findings = sum(self.severities.values())
        by_severity = ", ".join(_count(count, severity, "info" if severity == "info" else None)
                                for severity, count in self.severities.items())
        unchecked = f" ({self.unchecked} could not be checked)" if self.unchecked else ""
        out.append(f"{_count(self.summaries, 'summary', 'summaries')} over "
                   f"{_count(len(self.sources), 'source')}{unchecked}: "
                   f"{_count(findings, 'finding')} ({by_severity})")
        return "\n".join(out) + "\n"


def _count(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _table(header: tuple[str, ...], rows: list[tuple[str, ...]], right: tuple[int, ...]
           ) -> list[str]:
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]

    def line(row: tuple[str, ...]) -> str:
        cells = [cell.rjust(widths[i]) if i in right else cell.ljust(widths[i])
                 for i, cell in enumerate(row)]
        return "  ".join(cells).rstrip()

    return [line(header), *(line(row) for row in rows)]


def totals_of(lines: list[str], sources: list[str]) -> Totals:
    """The totals of the results `lines` (one an entry), `sources[i]` the source of line i."""
    totals = Totals()
    for line, source in zip(lines, sources):
        totals.add(source, json.loads(line)["report"])
    return totals
