"""`--format rdjson` and `rdjsonl`: reviewdog's Diagnostic Format, so that reviewdog can post
the findings as review comments on the lines a pull request changes, on any forge
(`reviewdog -f=rdjson` / `-f=rdjsonl`).

rdjson is one DiagnosticResult object (`source`, `severity`, `diagnostics`); rdjsonl one
Diagnostic a line, each naming its `source`. A diagnostic has `message`, `location.path`
(repository-relative, as SARIF's), `location.range` (start and, where the finding points at a
piece of the line, the exclusive end; columns are 1-based UTF-8 byte offsets, as reviewdog
counts them), `severity` (ERROR, WARNING, INFO) and `code` (`value`: the rule, `url`: its
page). Valid against reviewdog's JSON Schemas (proto/rdf/jsonschema).
"""
from __future__ import annotations

import json

from ..model import Finding
from ..rules import docs
from .base import Reporter, dump_json, escape_unsafe
from .gitlab import project_path
from .github import source_root
from .model import Report
from .snippets import Lines

SEVERITIES = {"error": "ERROR", "warning": "WARNING", "info": "INFO"}


def _code(rule: str) -> dict:
    url = docs.rule_url(rule)
    return {"value": rule, **({"url": url} if url else {})}


def _source() -> dict:
    url = docs.docs_url()
    return {"name": "summcheck", **({"url": url} if url else {})}


def byte_column(line: str | None, column: int) -> int:
    """The 1-based UTF-8 byte column of 1-based character `column` in `line`."""
    if line is None:
        return column
    return len(line[: column - 1].encode("utf-8", "surrogatepass")) + 1


def diagnostics(report: Report, with_source: bool) -> list[dict]:
    root = source_root()
    lines = Lines()
    out = []
    for finding in report.findings:
        diagnostic: dict = {"message": f"{finding.name}: {finding.message}",
                            "location": {"path": project_path(finding.path, root)},
                            "severity": SEVERITIES[finding.severity],
                            "code": _code(finding.rule)}
        range_ = _range(finding, lines)
        if range_:
            diagnostic["location"]["range"] = range_
        if with_source:
            diagnostic["source"] = _source()
        out.append(diagnostic)
    return out


def _range(finding: Finding, lines: Lines) -> dict:
    if finding.line is None or finding.line < 1:
        return {}
    mark = finding.mark
    if mark is not None and mark.line == finding.line:
        text = lines.line(finding.path, finding.line)
        return {"start": {"line": finding.line, "column": byte_column(text, mark.column)},
                "end": {"line": finding.line, "column": byte_column(text, mark.end_column)}}
    start: dict = {"line": finding.line}
    if finding.column:
        start["column"] = byte_column(lines.line(finding.path, finding.line), finding.column)
    return {"start": start}


class RdjsonReporter(Reporter):
    name = "rdjson"

    def format_report(self, report: Report) -> str:
        worst = next((SEVERITIES[s] for s in ("error", "warning", "info")
                      if report.counts[s]), "INFO")
        return dump_json({"source": _source(), "severity": worst,
                          "diagnostics": diagnostics(report, with_source=False)})


class RdjsonlReporter(Reporter):
    name = "rdjsonl"

    def format_report(self, report: Report) -> str:
        return "".join(escape_unsafe(json.dumps(d, ensure_ascii=False)) + "\n"
                       for d in diagnostics(report, with_source=True))
