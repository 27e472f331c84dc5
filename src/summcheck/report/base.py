"""The reporter base class, and what every format shares: how a path and a text from the
inputs are shown, and how JSON is written.

Every renderer sees the report through `displayable`: each text in it that came from an
input (messages, rule names, record ids, notes, causes) is on one line with its control
characters escaped (`display.printable`), and the summaries are in path order whatever the
order of the command line. Paths stay paths (the CI formats compute repository-relative
forms from them); `display_path` and `github.repository_path` make them printable.
"""
from __future__ import annotations

import dataclasses
import json
import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..terminal.display import printable
from .model import BoundRecord, Report, SentenceBinding, VerifiedQuote


def display_path(path: Path | str) -> str:
    """A path relative to the current directory (`../docs/a.md` from a sibling folder, as
    ruff prints it), absolute only when the two share no folder but the root; POSIX-style and
    printable (a byte that is not UTF-8 as `\\xff`). A relative path that would begin a line
    with `::` (a workflow command) is written `./::…`."""
    # Every finding names its file, and a report has thousands of findings in a few files.
    return _display_path(os.fspath(path), os.getcwd())


@lru_cache(maxsize=256)
def _display_path(path: str, cwd: str) -> str:
    absolute = os.path.abspath(path)  # folds "..", keeps symlinks as the user named them
    try:
        shared = os.path.commonpath([absolute, cwd])
        near = shared != os.path.dirname(shared)  # something beside the root in common
        shown = Path(os.path.relpath(absolute, cwd) if near else absolute).as_posix()
    except ValueError:  # another drive
        shown = Path(absolute).as_posix()
    shown = printable(shown)
    return "./" + shown if shown.lstrip().startswith("::") else shown


@dataclass(frozen=True)
class Unchecked:
    """A summary that could not be checked, as the renderers show it."""

    path: Path
    cause: str


def displayable(report: Report) -> Report:
    """A copy of `report` fit to be printed: every text from the inputs printable, the
    summaries (and those that could not be checked) sorted by `path_order`."""
    findings = [dataclasses.replace(
        f, rule=printable(f.rule), name=printable(f.name), message=printable(f.message),
        record_id=None if f.record_id is None else printable(f.record_id))
        for f in report.findings]
    summaries = sorted((dataclasses.replace(s, notes=[printable(n) for n in s.notes],
                                            quotes=_printable_quotes(s.quotes),
                                            bindings=_printable_bindings(s.bindings))
                        for s in report.summaries), key=lambda s: path_order(s.path))
    shown = dataclasses.replace(report, findings=findings, summaries=summaries)
    errors = getattr(report, "errors", None)  # a RunReport's, or set on a Report by hand
    if errors is not None:
        shown.errors = sorted(  # type: ignore[attr-defined]
            (Unchecked(e.path, printable(str(getattr(e, "cause", "") or e))) for e in errors),
            key=lambda e: path_order(e.path))
    return shown


def _printable_quotes(quotes: list[VerifiedQuote]) -> list[VerifiedQuote]:
    """The quotes with their record ids printable, as the findings show them. The place's
    texts stay as they stand in the source, for its selectors to find it there again (a
    renderer of them escapes them: JSON does)."""
    shown = []
    for quote in quotes:
        if quote.record_id is not None:
            record_id = printable(quote.record_id)
            if record_id != quote.record_id:
                quote = dataclasses.replace(quote, record_id=record_id)
        shown.append(quote)
    return shown


def _printable_bindings(bindings: list[SentenceBinding]) -> list[SentenceBinding]:
    """The bindings with their record ids printable, as the findings show them."""
    def shown(record: BoundRecord) -> BoundRecord:
        if record.record_id is None:
            return record
        return dataclasses.replace(record, record_id=printable(record.record_id))

    return [dataclasses.replace(b, records=tuple(map(shown, b.records))) for b in bindings]


def path_order(path: Path) -> str:
    """The key summaries are listed by: the absolute path, so that neither the order of the
    command line nor the folder a check starts from shows in a report."""
    return os.path.abspath(os.fspath(path))


# Characters JSON may carry raw but that some reader takes for a line break (U+2028, U+2029,
# NEL) or cannot encode (a lone surrogate): written as \u escapes, which decode to the same.
_JSON_UNSAFE = re.compile("[\x7f-\x9f\u2028\u2029\ud800-\udfff\u061c\u200e\u200f"
                          "\u202a-\u202e\u2066-\u2069]")


def escape_unsafe(text: str) -> str:
    """JSON text with each `_JSON_UNSAFE` character as its \\u escape."""
    return _JSON_UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def dump_json(data: Any) -> str:
    """`data` as indented JSON (non-ASCII kept readable), safe to print and to encode."""
    return escape_unsafe(json.dumps(data, ensure_ascii=False, indent=2)) + "\n"


def finding_help(finding) -> str | None:
    """How to fix `finding`: the rule's advice for this finding (`Finding.help`), else the
    first paragraph of its documentation's "Fix" section; printable, or None."""
    help_ = finding.help
    if help_ is None:
        from ..rules import rule_by_key
        from ..rules.docs import fix_hint

        rule = rule_by_key(finding.rule)
        help_ = fix_hint(rule) if rule is not None else None
    return None if help_ is None else printable(help_)


class Reporter:
    """Turns a Report into the text of one output format."""

    name = ""

    def render(self, report: Report) -> str:
        """The report in this format; the renderer sees it through `displayable`."""
        return self.format_report(displayable(report))

    def format_report(self, report: Report) -> str:
        raise NotImplementedError
