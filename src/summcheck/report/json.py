"""`--format json`: the report as schemas/report.schema.json describes it."""
from __future__ import annotations

from .. import __version__
from .base import Reporter, display_path, dump_json
from .model import Report


class JsonReporter(Reporter):
    name = "json"

    def format_report(self, report: Report) -> str:
        data = {
            "version": __version__,
            "findings": [
                {
                    "rule": f.rule,
                    "name": f.name,
                    "severity": f.severity,
                    "path": display_path(f.path),
                    "line": f.line,
                    "column": f.column,
                    "message": f.message,
                    "record": f.record_id,
                }
                for f in report.findings
            ],
            "summaries": [
                {
                    "path": display_path(s.path),
                    "source": display_path(s.source),
                    "claims": display_path(s.claims),
                    "sentences": s.sentences,
                    "records": s.records,
                    "verified": s.verified,
                    "notes": s.notes,
                }
                for s in report.summaries
            ],
            "counts": report.counts,
            # Summaries (or named paths) that could not be checked; the run then exits 2.
            "errors": [{"path": display_path(e.path), "cause": e.cause}
                       for e in getattr(report, "errors", [])],
        }
        return dump_json(data)
