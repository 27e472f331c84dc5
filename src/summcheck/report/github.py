"""`--format github`: GitHub Actions workflow commands that annotate the pull request.

One `::error|warning|notice file=…,line=…,col=…,title=…::message` line per finding, escaped
exactly as the Actions toolkit (`@actions/core`, `command.ts`) escapes them; a message is cut
at GitHub's 4 KB with an ellipsis (GitHub would cut it unmarked). GitHub shows at
most 10 error, 10 warning and 10 notice annotations per step and drops the rest silently, so
at most that many of each kind are printed (in report order); when any were left out, one
`::notice::` gives the totals. A plain summary line ends the output.

This module also holds the repository-relative path logic the CI formats share.
"""
from __future__ import annotations

import os
from pathlib import Path

from ..terminal.display import printable
from .base import Reporter
from .model import Report

#: Annotations GitHub displays per step and kind (it drops the rest without a word).
ANNOTATION_LIMIT = 10
#: How much of an annotation's message GitHub keeps (UTF-8 bytes); it cuts the rest unmarked.
MESSAGE_LIMIT = 4096

COMMANDS = {"error": "error", "warning": "warning", "info": "notice"}


# ---------------------------------------------------------------- repository-relative paths


def _abs(path: Path | str) -> Path:
    return Path(os.path.abspath(path))  # folds "..", keeps symlinks as the user named them


def relative_to_root(path: Path, root: Path) -> str | None:
    """`path` relative to `root` as a POSIX path, or None when it does not lie under it."""
    absolute, base = _abs(path), _abs(root)
    for candidate, anchor in ((absolute, base), (absolute.resolve(), base.resolve())):
        try:
            rel = candidate.relative_to(anchor).as_posix()
        except ValueError:
            continue
        return rel if rel != "." else ""
    return None


def workspace() -> Path | None:
    """`$GITHUB_WORKSPACE` when set (and not empty)."""
    value = os.environ.get("GITHUB_WORKSPACE", "").strip()
    return Path(value) if value else None


def source_root() -> Path:
    """The directory repository-relative paths start from: `$GITHUB_WORKSPACE`, else the top of
    the git work tree around the current folder (so a report does not depend on the folder a
    check starts from), else the current folder."""
    root = workspace()
    if root is not None:
        return _abs(root)
    cwd = _abs(Path.cwd())
    return next((folder for folder in (cwd, *cwd.parents) if (folder / ".git").exists()), cwd)


def repository_path(path: Path) -> str:
    """A finding's path as GitHub wants it: relative to `$GITHUB_WORKSPACE` when set and the
    file lies under it, else relative to the current directory when it lies under that, else
    absolute. Always POSIX-style and printable (a byte that is not UTF-8 as `\\xff`)."""
    for root in (workspace(), Path.cwd()):
        if root is not None:
            rel = relative_to_root(path, root)
            if rel:
                return printable(rel)
    return printable(_abs(path).as_posix())


# ---------------------------------------------------------------- escaping (Actions toolkit)


def escape_data(value: str) -> str:
    """Escape a workflow command's message as `escapeData` in @actions/core does."""
    return value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(value: str) -> str:
    """Escape a workflow command's property value as `escapeProperty` in @actions/core does."""
    return escape_data(value).replace(":", "%3A").replace(",", "%2C")


def capped(message: str, limit: int = MESSAGE_LIMIT) -> str:
    """`message` (made printable) within `limit` UTF-8 bytes: a longer one is cut at a word
    boundary where there is one near, and ends with an ellipsis."""
    message = printable(message)
    data = message.encode("utf-8", "surrogateescape")
    if len(data) <= limit:
        return message
    cut = data[: limit - len("…".encode())].decode("utf-8", "ignore")
    space = cut.rfind(" ")
    if space > len(cut) - 80:
        cut = cut[:space]
    return cut.rstrip() + "…"


def command(name: str, properties: dict[str, object], message: str) -> str:
    """One workflow command line. Values are made printable first (a message is one line, a
    byte that is not UTF-8 is `\\xff`), then escaped as the toolkit escapes them."""
    props = ",".join(f"{key}={escape_property(printable(str(value)))}"
                     for key, value in properties.items() if value is not None)
    return f"::{name}{' ' + props if props else ''}::{escape_data(printable(message))}"


# ---------------------------------------------------------------- the reporter


def _plural(n: int, noun: str, plural: str | None = None) -> str:
    if noun == "info":
        return f"{n} info"
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def counts_phrase(counts: dict[str, int]) -> str:
    """'25 errors, 12 warnings' — the kinds that occur (all three when none does)."""
    kinds = [k for k in ("error", "warning", "info") if counts[k]] or ["error", "warning", "info"]
    return ", ".join(_plural(counts[k], k) for k in kinds)


class GithubReporter(Reporter):
    name = "github"

    def __init__(self, limit: int = ANNOTATION_LIMIT, unchecked: bool = True) -> None:
        self.limit = limit
        self.unchecked = unchecked  # an error per summary that could not be checked

    def format_report(self, report: Report) -> str:
        counts = report.counts
        overflow = any(counts[kind] > self.limit for kind in counts)
        # The totals notice is a notice annotation itself: keep a slot free for it.
        caps = {"error": self.limit, "warning": self.limit,
                "info": self.limit - 1 if overflow else self.limit}
        shown = {"error": 0, "warning": 0, "info": 0}
        lines: list[str] = []
        for f in report.findings:
            if shown[f.severity] >= caps[f.severity]:
                continue
            shown[f.severity] += 1
            line = f.line if f.line is not None and f.line >= 1 else None
            properties = {
                "file": repository_path(f.path),
                "line": line,
                "col": f.column if line is not None and f.column and f.column >= 1 else None,
                "title": f"{f.rule} {f.name}",
            }
            lines.append(command(COMMANDS[f.severity], properties, capped(f.message)))
        unchecked = list(getattr(report, "errors", None) or ()) if self.unchecked else []
        for error in unchecked:  # never capped: each is a summary the gate did not check
            lines.append(command("error", {"file": repository_path(error.path),
                                           "title": "summcheck: not checked"},
                                 capped(error.cause)))
        total = sum(counts.values())
        if shown != counts:
            parts = [f"{'the first ' if shown[k] < counts[k] else ''}{_plural(shown[k], k)}"
                     for k in ("error", "warning", "info") if counts[k]]
            lines.append(command("notice", {}, (
                f"summcheck: {_plural(total, 'finding')} ({counts_phrase(counts)}); showing "
                f"{_join(parts)} — see the job summary or the SARIF upload for all")))
        lines.append(self._summary_line(report, total))
        return "\n".join(lines) + "\n"

    @staticmethod
    def _summary_line(report: Report, total: int) -> str:
        # Plain text, never a file name: a line that starts with "::" would be a command.
        checked = _plural(len(report.summaries), "summary", "summaries")
        unchecked = len(getattr(report, "errors", None) or ())
        if unchecked:
            return (f"summcheck: {_plural(unchecked, 'summary', 'summaries')} could not be "
                    f"checked; {_plural(total, 'finding')} in the {checked} checked")
        if not total:
            return f"summcheck: all checks passed ({checked} checked)"
        files = len({repository_path(f.path) for f in report.findings})
        return (f"summcheck: {_plural(total, 'finding')} ({counts_phrase(report.counts)}) "
                f"in {_plural(files, 'file')}; {checked} checked")


def _join(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
