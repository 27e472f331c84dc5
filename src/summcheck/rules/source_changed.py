"""SUM110: the change set being checked edits the source the summary quotes."""
from __future__ import annotations

from typing import Iterator

from ..terminal.display import in_quotes
from .base import Problem

CODE = "SUM110"
NAME = "source-changed"
SEVERITY = "warning"
SUMMARY = "The commit or pull request being checked changes the source the summary quotes."
DOC = """
## What it does
With `summcheck check --changed` (what the pre-commit hooks pass) and in the GitHub Action on
a pull request, reports each checked summary whose source document is one of the files the
change set edits. The finding stands at the front matter's `source:` line.

## Why
The source usually lives in the repository, so a pull request can edit it to contain the
very sentence its summary quotes, and every quote then verifies. A reviewer sees a large or
binary diff of the source and may not look; this puts the change where the summary is
reviewed.

## Example
    source: rfc3986.txt   # changed in this pull request, beside the summary that quotes it

## Fix
Review the source's change. When it is a new edition you mean to follow, pin it
(`summcheck pin SUMMARY` writes `source: {path: FILE, sha256: …}`, so that a later edit of
its bytes stops the check); when it is not, revert it. Make the finding an error with
`severity = {SUM110 = "error"}` in the configuration.

## Options
None. Known only when the files changed are known: `--changed` and the Action on a pull
request; a plain `summcheck check` never reports it.
"""


def check(analysis) -> Iterator[Problem]:
    if not analysis.source_changed:
        return
    summary = analysis.summary
    yield Problem(summary.path, summary.source_line or 1,
                  f"the source {in_quotes(str(analysis.source.path))} is changed by the commit "
                  f"or pull request being checked: every quote is verified against the "
                  f"changed text; review the source's change, and pin it "
                  f"(summcheck pin) once it is right")
