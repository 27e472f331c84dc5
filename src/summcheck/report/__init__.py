"""Renderers: one Reporter subclass per output format, registered by name in FORMATS."""
from __future__ import annotations

import importlib

from .base import Reporter, display_path
from .model import Report, SummaryReport

__all__ = ["Reporter", "Report", "SummaryReport", "display_path", "reporter_for", "FORMATS"]

#: Each format's module and class, imported only when the format is used. `text` is the full
#: form (the line, the underline, the fix); `grouped` the one-line-a-finding form by file.
REPORTERS = {
    "text": ("text", "TextReporter"),
    "concise": ("concise", "ConciseReporter"),
    "grouped": ("grouped", "GroupedReporter"),
    "json": ("json", "JsonReporter"),
    "github": ("github", "GithubReporter"),
    "gitlab": ("gitlab", "GitlabReporter"),
    "sarif": ("sarif", "SarifReporter"),
    "rdjson": ("rdjson", "RdjsonReporter"),
    "rdjsonl": ("rdjson", "RdjsonlReporter"),
    "markdown": ("markdown", "MarkdownReporter"),
    "junit": ("junit", "JunitReporter"),
}
FORMATS = tuple(REPORTERS)
#: The formats for a reader rather than a program: coloured on a terminal, `--quiet` trims them.
HUMAN_FORMATS = ("text", "concise", "grouped")


def reporter_for(name: str, **options) -> Reporter:
    """The reporter of format `name`; `options` (color, quiet, width) go to the human ones."""
    if name not in REPORTERS:
        raise ValueError(f"unknown format {name!r}")
    module, cls = REPORTERS[name]
    reporter_class = getattr(importlib.import_module(f"{__name__}.{module}"), cls)
    return reporter_class(**options) if name in HUMAN_FORMATS else reporter_class()
