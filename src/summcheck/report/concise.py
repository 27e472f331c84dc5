"""`--format concise`: one `path:line:col: CODE message` line a finding, which editors and
terminals make clickable, then the totals (not with `--quiet`)."""
from __future__ import annotations

from .base import Reporter, display_path
from .model import Report
from .text import counts_phrase, plural


class ConciseReporter(Reporter):
    name = "concise"

    def __init__(self, color: bool | None = None, width: int = 100, quiet: bool = False) -> None:
        self.quiet = quiet  # colour and width do not apply: one plain line a finding

    def format_report(self, report: Report) -> str:
        lines = []
        for f in report.findings:
            where = display_path(f.path)
            if f.line is not None:
                column = f.column or (f.mark.column if f.mark is not None
                                      and f.mark.line == f.line else 1)
                where += f":{f.line}:{column}"
            lines.append(f"{where}: {f.rule} {f.message}")
        if not self.quiet:
            unchecked = list(getattr(report, "errors", None) or ())
            lines += [f"{display_path(e.path)}: not checked: {e.cause}" for e in unchecked]
            files = len({display_path(f.path) for f in report.findings})
            if unchecked:
                lines.append(f"{plural(len(unchecked), 'summary')} could not be checked; "
                             f"{plural(len(report.findings), 'finding')} in the others")
            elif report.findings:
                lines.append(f"Found {counts_phrase(report.findings)} in {plural(files, 'file')}.")
            else:
                lines.append("All checks passed.")
        return "".join(line + "\n" for line in lines)
