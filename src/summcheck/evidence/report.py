"""One summary's evidence report, from its files to the finished HTML page."""
from __future__ import annotations

from pathlib import Path

from ..engine.options import Options
from ..engine.run import inspect_summary
from ..report.html import render_html
from .build import Evidence, build
from .summary_html import render_summary


def evidence_report(summary: Path, options: Options) -> tuple[str, Evidence]:
    """The HTML page of `summary`'s evidence and the data it shows; an input that cannot be
    read raises InputError, as `check` reports it."""
    findings, _, analysis = inspect_summary(summary, options)
    evidence = build(analysis, findings)
    verdicts = [sentence["verdict"] for sentence in evidence.data["sentences"]]
    page = render_html(evidence, render_summary(summary, analysis.summary.sentences, verdicts))
    return page, evidence
