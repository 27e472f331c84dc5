"""`--format grouped`: findings grouped by file, one line each, readable in a terminal and in a
CI log (the `text` form of summcheck before the full report; the GitHub Action's log)."""
from __future__ import annotations

import io
from itertools import groupby

from rich.console import Console
from rich.text import Text

from .base import Reporter, display_path
from .model import Report

STYLES = {"error": "bold red", "warning": "yellow", "info": "cyan"}


class GroupedReporter(Reporter):
    name = "grouped"

    def __init__(self, color: bool | None = None, width: int = 100, quiet: bool = False) -> None:
        self.color = color
        self.width = width
        self.quiet = quiet  # the findings alone: no notes, no totals

    def format_report(self, report: Report) -> str:
        buffer = io.StringIO()
        console = Console(file=buffer, force_terminal=bool(self.color), no_color=not self.color,
                          width=self.width, highlight=False, soft_wrap=True)
        for path, findings in groupby(report.findings, key=lambda f: display_path(f.path)):
            console.print(Text(path, style="bold underline"))
            for f in findings:
                where = f"{f.line or '-'}:{f.column}" if f.column else f"{f.line or '-'}"
                line = Text("  ")
                line.append(f"{where:>8}", style="dim")
                line.append("  ")
                line.append(f"{f.severity:<7}", style=STYLES[f.severity])
                line.append(f" {f.rule} ", style="bold")
                line.append(f.message)
                line.append(f"  [{f.name}]", style="dim")
                console.print(line)
            console.print()
        if self.quiet:
            return buffer.getvalue()
        for s in report.summaries:
            for note in s.notes:
                console.print(Text(f"note: {display_path(s.source)}: {note}", style="dim"))
        counts = report.counts
        checked = ", ".join(f"{display_path(s.path)} ({s.sentences} sentence{'s' * (s.sentences != 1)}, "
                            f"{s.verified}/{s.records} records verified)" for s in report.summaries)
        total = sum(counts.values())
        unchecked = list(getattr(report, "errors", None) or ())
        for error in unchecked:
            line = Text(display_path(error.path), style="bold underline")
            line.append(f": not checked: {error.cause}", style=STYLES["error"])
            console.print(line)
        if unchecked:
            summary = Text(f"{len(unchecked)} summar{'ies' if len(unchecked) != 1 else 'y'} "
                           f"could not be checked; ", style=STYLES["error"])
            summary.append(f"{total} finding{'s' * (total != 1)} in the others")
        elif total:
            summary = Text(f"{total} finding{'s' * (total != 1)}: ")
            summary.append(f"{counts['error']} error{'s' * (counts['error'] != 1)}",
                           style=STYLES["error"] if counts["error"] else "")
            summary.append(f", {counts['warning']} warning{'s' * (counts['warning'] != 1)}")
            summary.append(f", {counts['info']} info")
        else:
            summary = Text("All checks passed.", style="bold green")
        console.print(summary)
        if checked:
            console.print(Text(f"Checked {checked}.", style="dim"))
        return buffer.getvalue()
