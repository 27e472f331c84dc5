"""Renderers: one Reporter subclass per output format."""
from __future__ import annotations

from .base import Reporter, display_path
from .model import Report, SummaryReport

__all__ = ["Reporter", "Report", "SummaryReport", "display_path", "reporter_for", "FORMATS"]

FORMATS = ("text", "json", "github", "sarif", "markdown", "junit")


def reporter_for(name: str) -> Reporter:
    if name == "json":
        from .json import JsonReporter

        return JsonReporter()
    if name == "text":
        from .text import TextReporter

        return TextReporter()
    if name == "github":
        from .github import GithubReporter

        return GithubReporter()
    if name == "sarif":
        from .sarif import SarifReporter

        return SarifReporter()
    if name == "markdown":
        from .markdown import MarkdownReporter

        return MarkdownReporter()
    if name == "junit":
        from .junit import JunitReporter

        return JunitReporter()
    raise ValueError(f"unknown format {name!r}")
