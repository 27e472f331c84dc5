"""`--statistics`: how many findings each rule has, as ruff prints it, instead of the findings.

    12  SUM201  [ ] quote-not-found
     3  SUM202  [*] quote-misplaced

One row a rule that has findings, the most frequent first (then by code): the count, the code,
`[*]` when `--fix` can fix some of them, and the name. With `--format json`, the same as a
JSON array of `{"code", "name", "count", "fixable"}` (`fixable`: how many `--fix` would fix).
"""
from __future__ import annotations

from dataclasses import dataclass

from .base import dump_json
from .model import Report


@dataclass(frozen=True)
class RuleCount:
    code: str
    name: str
    count: int
    fixable: int


def rule_counts(report: Report) -> list[RuleCount]:
    counts: dict[str, list] = {}
    for finding in report.findings:
        row = counts.setdefault(finding.rule, [finding.name, 0, 0])
        row[1] += 1
        row[2] += finding.fix is not None
    rows = [RuleCount(code, name, count, fixable)
            for code, (name, count, fixable) in counts.items()]
    return sorted(rows, key=lambda r: (-r.count, r.code))


def render_statistics(report: Report, as_json: bool = False) -> str:
    from .base import displayable

    rows = rule_counts(displayable(report))
    if as_json:
        return dump_json([{"code": r.code, "name": r.name, "count": r.count,
                           "fixable": r.fixable} for r in rows])
    if not rows:
        return ""
    width = max(len(str(r.count)) for r in rows)
    code_width = max(len(r.code) for r in rows)
    return "".join(f"{r.count:>{width}}\t{r.code:<{code_width}}\t{'[*]' if r.fixable else '[ ]'} "
                   f"{r.name}\n" for r in rows)
