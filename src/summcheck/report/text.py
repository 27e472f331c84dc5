"""`--format text` (the default): each finding as a compiler or ruff's `full` form shows it.

    docs/claims.yaml:8:14: SUM202 [quote-misplaced] record 'keys': quote is not at 'p. 3' …
      |
    8 |     locator: p. 3
      |              ^^^^
      |
      = help: use 'p. 4' as the locator: the quote stands there, and only there (--fix)

The first line is `path:line:col: CODE [name] message`, clickable in editors and terminals;
then the line of the summary or claims file the finding is about, with the locator, quote or
sentence it points at (`Finding.mark`) underlined; then the fix: the rule's own advice for
this finding (`Finding.help`), else the first paragraph of its documentation's "Fix". Long
lines wrap at the report's width with an indent, only between words; a line of the file
longer than the width is shown around what is underlined. After each file, a line of its
counts; at the end the totals, the notes and the summaries checked. Colour only on a terminal
(cli.common.use_color decides).
"""
from __future__ import annotations

import io
import re
import textwrap
from itertools import groupby

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from ..terminal.display import line_start, printable
from ..locators.words import CASE_SENSITIVE, KEYWORDS
from ..model import Finding
from .base import Reporter, display_path, finding_help
from .model import Report
from .snippets import Lines

STYLES = {"error": "bold red", "warning": "bold yellow", "info": "bold cyan"}
CARETS = {"error": "red", "warning": "yellow", "info": "cyan"}
INDENT = "    "  # continuation lines of a wrapped header or help line
ELLIPSIS = "…"
# The diff markers of a message (matching/nearest.py): a quote's words the source lacks, and
# the source's words in their place; a marker cut by wrapping is coloured up to the cut.
_REMOVED = re.compile(r"\[-.*?(?:-\]|$)")
_ADDED = re.compile(r"\{\+.*?(?:\+\}|$)")


# A place the locator grammar names: its keyword and number stay on one line (`p. 16`).
_PLACE_NUMBER = re.compile(r"[0-9]|(?:[ivxlcdm]+|[IVXLCDM]+|[A-Z])(?![^\W\d_])")
_OPENING = "'\"(‘“[«"


class _Wrapper(textwrap.TextWrapper):
    """Breaks only between words, and never between a locator's keyword and its number."""

    def _split(self, text: str) -> list[str]:
        chunks = super()._split(text)
        glued: list[str] = []
        i = 0
        while i < len(chunks):
            chunk = chunks[i]
            while (i + 2 < len(chunks) and chunks[i + 1].isspace()
                   and _holds(chunk.rsplit(" ", 1)[-1].lstrip(_OPENING), chunks[i + 2])):
                chunk += chunks[i + 1] + chunks[i + 2]
                i += 2
            glued.append(chunk)
            i += 1
        return glued


def _holds(word: str, after: str) -> bool:
    """Whether `word` and the word `after` it are one place (`p. 16`, `physical page`)."""
    if word.lower() == "physical":
        return after.lower() in ("page", "pages")
    return (word.lower() in KEYWORDS or word in CASE_SENSITIVE) and bool(
        _PLACE_NUMBER.match(after))


def wrap(text: str, width: int, lead: str = "", indent: str = INDENT) -> list[str]:
    """`text` in lines of at most `width` characters, broken only between words (a longer
    word stands alone) and never inside a place (`p. 16`), continuation lines indented. A
    continuation line never begins with `::`, which a CI runner would read as a workflow
    command: it gets a backslash."""
    lines = _Wrapper(width, initial_indent=lead, subsequent_indent=indent,
                     break_long_words=False, break_on_hyphens=False).wrap(text)
    return [lines[0]] + [indent + line_start(line[len(indent):]) for line in lines[1:]] \
        if lines else []


def plural(count: int, noun: str) -> str:
    if noun == "info":
        return f"{count} info"
    if noun == "summary":
        return f"{count} summar{'y' if count == 1 else 'ies'}"
    return f"{count} {noun}{'' if count == 1 else 's'}"


def counts_phrase(findings: list[Finding]) -> str:
    """`3 findings (2 errors, 1 warning)`."""
    counts = {"error": 0, "warning": 0, "info": 0}
    for finding in findings:
        counts[finding.severity] += 1
    kinds = [plural(counts[k], k) for k in ("error", "warning", "info") if counts[k]]
    return f"{plural(len(findings), 'finding')} ({', '.join(kinds)})"


def fix_text(finding: Finding) -> str | None:
    """What the `help:` line says (report.base.finding_help), and whether --fix applies it."""
    help_ = finding_help(finding)
    if help_ is None:
        return None
    return f"{help_} (--fix applies it)" if finding.fix is not None else help_


class TextReporter(Reporter):
    name = "text"

    def __init__(self, color: bool | None = None, width: int = 100, quiet: bool = False) -> None:
        self.color = bool(color)
        self.width = max(width, 40)
        self.quiet = quiet  # the findings alone: no counts, notes or totals
        self.lines = Lines()

    def format_report(self, report: Report) -> str:
        out: list[Text] = []
        files = 0
        for path, group in groupby(report.findings, key=lambda f: display_path(f.path)):
            findings = list(group)
            files += 1
            for finding in findings:
                out += self._finding(finding, path)
                out.append(Text())
            if not self.quiet:
                out += [Text(f"{path}: {counts_phrase(findings)}", style="bold"), Text()]
        if not self.quiet:
            out += self._totals(report, files)
        if not out:
            return ""
        if not self.color:
            # What rich prints without colour is the plain text; printing a line at a time
            # through it costs a third of a millisecond a line, seconds for a large report.
            return "".join(line.plain + "\n" for line in out)
        buffer = io.StringIO()
        console = Console(file=buffer, force_terminal=True, width=self.width, highlight=False,
                          soft_wrap=True)
        console.print(Text("\n").join(out))
        return buffer.getvalue()

    # -- one finding

    def _finding(self, finding: Finding, path: str) -> list[Text]:
        out = self._header(finding, path)
        if self.color:
            for line in out:  # the words a quote has and its source lacks, and the reverse
                line.highlight_regex(_REMOVED, "red")
                line.highlight_regex(_ADDED, "green")
        snippet = self._snippet(finding)
        out += snippet
        help_ = fix_text(finding)
        if help_ is not None:
            gutter = snippet[0].plain.index("|") if snippet else 2
            out += self._wrapped(" " * gutter + "= help: ", help_, "bold")
        return out

    def _header(self, finding: Finding, path: str) -> list[Text]:
        where = path
        if finding.line is not None:
            column = finding.column or (finding.mark.column if finding.mark is not None
                                        and finding.mark.line == finding.line else None)
            where += f":{finding.line}" + (f":{column}" if column else "")
        lines = wrap(f"{where}: {finding.rule} [{finding.name}] {finding.message}",
                     self.width) or [where]
        first = Text()
        head = f"{where}: {finding.rule} [{finding.name}] "
        if lines[0].startswith(head):
            first.append(where, style="bold")
            first.append(": ")
            first.append(finding.rule, style=STYLES[finding.severity])
            first.append(f" [{finding.name}] ", style="dim")
            first.append(lines[0][len(head):])
        else:
            first.append(lines[0])
        return [first] + [Text(line) for line in lines[1:]]

    def _wrapped(self, lead: str, text: str, style: str) -> list[Text]:
        lines = wrap(text, self.width, lead, " " * len(lead))
        out = []
        for i, line in enumerate(lines):
            shown = Text()
            if i == 0:
                shown.append(lead, style=style)
                shown.append(line[len(lead):])
            else:
                shown.append(line)
            out.append(shown)
        return out

    def _snippet(self, finding: Finding) -> list[Text]:
        """The file's line with what the finding points at underlined, in a numbered gutter."""
        mark = finding.mark
        number = mark.line if mark is not None else finding.line
        if number is None:
            return []
        line = self.lines.line(finding.path, number)
        if line is None:
            return []
        if mark is not None:
            start, end = mark.column - 1, mark.end_column - 1
        elif finding.column:
            start, end = finding.column - 1, finding.column
        else:
            start = end = -1
        gutter = len(str(number))
        room = self.width - gutter - 3
        shown, caret_at, caret_len = _window(line, start, end, room)
        pipe = " " * gutter + " |"
        out = [Text(pipe, style="dim")]
        numbered = Text(f"{number} | ", style="dim")
        numbered.append(shown)
        out.append(numbered)
        if caret_len:
            carets = Text(pipe + " " + " " * caret_at, style="dim")
            carets.append("^" * caret_len, style=CARETS[finding.severity])
            out.append(carets)
        out.append(Text(pipe, style="dim"))
        return out

    # -- the end

    def _totals(self, report: Report, files: int) -> list[Text]:
        out: list[Text] = []
        for summary in report.summaries:
            for note in summary.notes:
                out += self._lines(f"note: {display_path(summary.source)}: {note}", "dim")
        unchecked = list(getattr(report, "errors", None) or ())
        for error in unchecked:
            out += self._lines(f"{display_path(error.path)}: not checked: {error.cause}",
                               STYLES["error"])
        findings = report.findings
        count = sum(f.fix is not None for f in findings)
        fixable = f" {count} fixable with --fix." if count else ""
        if unchecked:
            out += self._lines(f"{plural(len(unchecked), 'summary')} could not be checked; "
                               f"{plural(len(findings), 'finding')} in the others{fixable}",
                               STYLES["error"])
        elif findings:
            out += self._lines(f"Found {counts_phrase(findings)} in {plural(files, 'file')}."
                               f"{fixable}", "")
        else:
            out += self._lines(f"All checks passed.{fixable}", "bold green")
        checked = ", ".join(
            f"{display_path(s.path)} ({plural(s.sentences, 'sentence')}, "
            f"{s.verified}/{s.records} records verified)" for s in report.summaries)
        if checked:
            out += self._lines(f"Checked {checked}.", "dim")
        return out

    def _lines(self, text: str, style: str) -> list[Text]:
        """`text` wrapped at the report's width, every line in `style`."""
        return [Text(line, style=style) for line in wrap(text, self.width)]


def _window(line: str, start: int, end: int, room: int) -> tuple[str, int, int]:
    """(the line as shown, where the underline starts, how long it is) in cells: the line
    made printable (a control character as its escape), cut around [start, end) when it is
    wider than `room`."""
    if start < 0 or start > len(line):
        return _fit(printable(line), room), 0, 0
    end = min(max(end, start + 1), len(line)) if line else start
    before, marked, after = (printable(line[:start]), printable(line[start:end]),
                             printable(line[end:]))
    if cell_len(before + marked + after) <= room:
        return before + marked + after, cell_len(before), max(cell_len(marked), 1)
    # Keep some context before the mark, the mark itself as far as it fits, then what follows.
    lead = min(len(before), max(room // 4, 8))
    if lead < len(before):
        before = ELLIPSIS + before[len(before) - lead + 1:]
    width = room - cell_len(before)
    if cell_len(marked) > width - 1:
        marked = _fit(marked, width)
        return before + marked, cell_len(before), max(cell_len(marked), 1)
    rest = _fit(after, width - cell_len(marked))
    return before + marked + rest, cell_len(before), max(cell_len(marked), 1)


def _fit(text: str, room: int) -> str:
    """`text` within `room` cells, an ellipsis ending it when cut."""
    if cell_len(text) <= room:
        return text
    used = 0
    for index, char in enumerate(text):
        used += cell_len(char)  # cells add up character by character
        if used > room - 1:
            return text[:index] + ELLIPSIS
    return text + ELLIPSIS
