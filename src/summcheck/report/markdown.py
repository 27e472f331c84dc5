"""`--format markdown`: a GitHub-flavoured Markdown job summary or pull-request comment.

A headline, a table of counts, one line per checked summary, then one table per file with
findings (line, severity, rule, message). Text from the inputs (messages quote the summary,
the records and the source) is escaped so it renders as the text it is: table pipes, line
breaks, HTML, emphasis, links, math and references cannot break the layout. The output stays
within GitHub's 1 MiB step-summary limit; when it would not, it stops at a whole row and says
how many findings it left out.
"""
from __future__ import annotations

import re

from ..terminal.display import printable
from .base import Reporter
from .github import repository_path
from .model import Report

#: GitHub's limit for one step's summary ($GITHUB_STEP_SUMMARY), in bytes.
STEP_SUMMARY_LIMIT = 1024 * 1024

_NEWLINES = re.compile(r"\r\n|\r|\n|\u2028|\u2029")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
# ASCII punctuation that means something inline in GitHub's Markdown (CommonMark lets any
# ASCII punctuation be backslash-escaped, so escaping it never shows a backslash).
_SPECIAL = re.compile(r"([\\`*_\[\]<>&~|@#$])")


def escape_cell(text: str) -> str:
    """Inline text for a table cell (or any inline context): specials escaped, line breaks
    as <br>, other control characters as spaces, the rest made printable."""
    return "<br>".join(
        _SPECIAL.sub(r"\\\1", printable(_CONTROL.sub(" ", part.replace("\t", " "))))
        for part in _NEWLINES.split(text))


def code_span(text: str, in_table: bool = False) -> str:
    """`text` as a code span, whatever backticks it holds; `|` escaped inside a table."""
    text = printable(_CONTROL.sub(" ", _NEWLINES.sub(" ", text.replace("\t", " "))))
    if in_table:
        text = text.replace("|", "\\|")
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") or not text.strip() else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def _plural(n: int, noun: str, plural: str | None = None) -> str:
    if noun == "info":
        return f"{n} info"
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def headline(report: Report) -> str:
    counts = report.counts
    unchecked = len(getattr(report, "errors", None) or ())
    if unchecked:
        return (f"summcheck could not check {_plural(unchecked, 'summary', 'summaries')}"
                + (f"; {_plural(len(report.findings), 'finding')} in the others"
                   if report.findings else ""))
    if not report.findings:
        return "summcheck: all checks passed"
    kinds = [_plural(counts[k], k) for k in ("error", "warning", "info") if counts[k]]
    files = len({repository_path(f.path) for f in report.findings})
    return f"summcheck: {', '.join(kinds)} in {_plural(files, 'file')}"


class MarkdownReporter(Reporter):
    name = "markdown"

    def __init__(self, limit: int = STEP_SUMMARY_LIMIT) -> None:
        self.limit = limit

    def format_report(self, report: Report) -> str:
        head, rows = self._blocks(report)
        full = "".join(head) + "".join(text for text, _ in rows)
        if _size(full) <= self.limit:
            return full
        return self._truncated(report, head, rows)

    # ------------------------------------------------------------ building blocks

    def _blocks(self, report: Report) -> tuple[list[str], list[tuple[str, bool]]]:
        """The head (headline, counts, summaries) and the per-file rows; each row is
        (text, is_finding) — section headings and table headers are not findings."""
        counts = report.counts
        sentences = sum(s.sentences for s in report.summaries)
        records = sum(s.records for s in report.summaries)
        verified = sum(s.verified for s in report.summaries)
        head = [
            f"## {headline(report)}\n\n",
            "| errors | warnings | info | summaries | sentences | records verified |\n",
            "|---:|---:|---:|---:|---:|---:|\n",
            f"| {counts['error']} | {counts['warning']} | {counts['info']} | "
            f"{len(report.summaries)} | {sentences} | {verified} of {records} |\n\n",
        ]
        unchecked = list(getattr(report, "errors", None) or ())
        if unchecked:
            head.append("### Summaries not checked\n\n")
            for error in unchecked:
                head.append(f"- {code_span(repository_path(error.path))}: "
                            f"{escape_cell(error.cause)}\n")
            head.append("\n")
        if report.summaries:
            head.append("### Summaries checked\n\n")
            for s in report.summaries:
                files = {repository_path(s.path), repository_path(s.claims)}
                found = sum(repository_path(f.path) in files for f in report.findings)
                head.append(
                    f"- {code_span(repository_path(s.path))}: {_plural(s.sentences, 'sentence')} "
                    f"checked, {s.backed} backed, {_plural(found, 'finding')}; "
                    f"{s.coverage.describe()}; {s.verified} of {_plural(s.records, 'record')} "
                    f"verified (source {code_span(repository_path(s.source))}, claims "
                    f"{code_span(repository_path(s.claims))})\n")
                for note in s.notes:
                    head.append(f"  - note: {escape_cell(note)}\n")
            head.append("\n")
        by_file: dict[str, list] = {}
        for f in report.findings:
            by_file.setdefault(repository_path(f.path), []).append(f)
        rows: list[tuple[str, bool]] = []
        for path, findings in by_file.items():
            rows.append((f"### {code_span(path)}\n\n"
                         "| line | severity | rule | message |\n|---:|---|---|---|\n", False))
            for f in findings:
                line = str(f.line) if f.line is not None and f.line >= 1 else "–"
                rows.append((f"| {line} | {f.severity} | {_rule_link(f.rule)} "
                             f"{escape_cell(f.name)} | {escape_cell(f.message)} |\n", True))
            rows.append(("\n", False))
        return head, rows

    def _truncated(self, report: Report, head: list[str], rows: list[tuple[str, bool]]) -> str:
        total = len(report.findings)

        def note(shown: int) -> str:
            return (f"\n> **Truncated** to fit GitHub's step-summary limit "
                    f"({_human(self.limit)}): showing {shown} of {_plural(total, 'finding')}. "
                    f"The SARIF upload, or `summcheck check` in the job log, lists them all.\n")

        budget = self.limit - _size(note(total))
        out: list[str] = []
        size = shown = 0
        pieces = [(text, False) for text in head] + rows
        for text, is_finding in pieces:
            if size + _size(text) > budget:
                break
            out.append(text)
            size += _size(text)
            shown += is_finding
        if out and out[-1].startswith("### "):  # no heading without a row under it
            out.pop()
        return "".join(out) + note(shown)


def _human(size: int) -> str:
    for unit, factor in (("MiB", 1024 * 1024), ("KiB", 1024)):
        if size >= factor and size % factor == 0:
            return f"{size // factor} {unit}"
    return f"{size} bytes"


def _size(text: str) -> int:
    return len(text.encode("utf-8"))


def _rule_link(code: str) -> str:
    """A rule's code linked to its page (a code of another shape stays plain text)."""
    from ..rules.docs import rule_url

    url = rule_url(code) if re.fullmatch(r"SUM[0-9]{3}", code) else None
    return f"[{code}]({url})" if url else escape_cell(code)
