"""A folder of evidence reports: one HTML page per summary and an `index.html` listing them.

The GitHub Action writes it for upload as an artifact, so the names inside must survive
upload-artifact (it rejects `" : < > | * ? CR LF` in a file path and skips hidden files) and
an unzip on any platform. Each summary's repository-relative path becomes the report's path
with `.html` appended, every character that is not safe percent-encoded: the mapping is
one-to-one (a `%` is encoded too), so no two summaries can share a page, and no report can
leave the folder (a `..` component becomes `%2E%2E`).
"""
from __future__ import annotations

import base64
import hashlib
import html
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import TYPE_CHECKING
from urllib.parse import quote

from ..terminal.display import printable
from ..terminal.interrupt import Interrupted
from ..model import InputError
from ..files.output import RunInput, guard_output, write_atomically

if TYPE_CHECKING:
    from ..engine.options import Options

INDEX = "index.html"
#: Characters upload-artifact refuses in a file path, plus the separators of other systems,
#: and `%`, which starts an escape.
_UNSAFE = frozenset('":<>|*?\\%')


@dataclass(frozen=True)
class FolderEntry:
    """One report written: the summary as the log shows it, its page's path in the folder
    (POSIX-style) and the page's counts (sentences, backed, findings, …)."""
    summary: str
    file: str
    counts: dict[str, int]


@dataclass(frozen=True)
class Skipped:
    """A summary whose report could not be written, and why."""
    summary: str
    cause: str


def _escape(char: str) -> str:
    code = ord(char)
    if 0xDC80 <= code <= 0xDCFF:  # a byte of the file name that is not UTF-8 (surrogateescape)
        return f"%{code - 0xDC00:02X}"
    if 0xD800 <= code <= 0xDFFF:  # any other lone surrogate: `%u`, never read as two bytes
        return f"%u{code:04X}"
    return "".join(f"%{byte:02X}" for byte in char.encode("utf-8"))


def _needs_escape(char: str, first: bool, last: bool) -> bool:
    code = ord(char)
    return (char in _UNSAFE or code < 0x20 or code == 0x7F or 0xD800 <= code <= 0xDFFF
            or (first and char == ".")  # hidden: upload-artifact would leave it out
            or (last and char in ". "))  # Windows drops a trailing dot or space when unzipping


def safe_component(part: str) -> str:
    """One path component, percent-encoded where a character is unsafe in an artifact."""
    last = len(part) - 1
    return "".join(_escape(c) if _needs_escape(c, i == 0, i == last) else c
                   for i, c in enumerate(part))


def report_name(summary: Path, root: Path) -> str:
    """The report's path in the folder, POSIX-style: `docs/a/summary.md` (relative to `root`)
    → `docs/a/summary.md.html`. A summary outside `root` keeps its `..` steps, encoded."""
    absolute = os.path.abspath(summary)  # as named: symlinks kept, like display_path
    try:
        relative = PurePath(os.path.relpath(absolute, os.path.abspath(root)))
    except ValueError:  # another drive (Windows): the absolute path, its drive encoded
        relative = PurePath(absolute)
    parts = [p.rstrip("\\/") for p in relative.parts]
    parts = [p for p in parts if p] or ["summary"]
    return "/".join(safe_component(p) for p in parts) + ".html"


def _unique(name: str, taken: set[str]) -> str:
    """`name`, or `name` with `~2`, `~3`… before `.html` when a case-insensitive file system
    (or the index) already has it: `Summary.md` and `summary.md` are one file on macOS."""
    candidate, n = name, 1
    while candidate.casefold() in taken:
        n += 1
        candidate = f"{name[:-len('.html')]}~{n}.html"
    taken.add(candidate.casefold())
    return candidate


def _within(path: str, folder: str) -> bool:
    """Whether absolute `path` is `folder` or lies under it (False across Windows drives)."""
    try:
        return os.path.commonpath([path, folder]) == folder
    except ValueError:
        return False


def unsafe_folder(folder: Path, workspace: Path) -> str | None:
    """Why `folder` must not receive the reports, or None. The whole folder is uploaded and
    upload-artifact follows symbolic links, so a folder that is (or holds) the checkout, or
    that a pull request could fill with links to files of the runner, is refused."""
    folder_abs, workspace_abs = os.path.abspath(folder), os.path.abspath(workspace)
    if _within(workspace_abs, folder_abs):
        return "is the workspace or a folder above it: the artifact would hold the whole checkout"
    real_workspace = os.path.realpath(workspace_abs)
    if (_within(folder_abs, workspace_abs)
            and not _within(os.path.realpath(folder_abs), real_workspace)):
        return "leads out of the workspace through a symbolic link"
    if os.path.islink(folder_abs):
        return "is a symbolic link"
    if os.path.lexists(folder_abs) and not os.path.isdir(folder_abs):
        return "exists and is not a folder"
    for top, dirs, files in os.walk(folder_abs):
        for name in dirs + files:
            path = os.path.join(top, name)
            if os.path.islink(path) or not (os.path.isdir(path) or os.path.isfile(path)):
                return (f"holds {printable(os.path.relpath(path, folder_abs))}, which is not a "
                        f"plain file or folder (the upload would follow it)")
    return None


def write_report_folder(summaries: Iterable[Path], options: Options, folder: Path, root: Path,
                        inputs: Iterable[RunInput] = (),
                        on_skip: Callable[[Skipped], None] | None = None
                        ) -> tuple[list[FolderEntry], list[Skipped]]:
    """Write each summary's evidence report into `folder` and the index beside them; the
    entries written and the summaries skipped. A summary whose report cannot be built or
    written is skipped (reported to `on_skip` at once), never fatal: the reports add to a
    check, they do not judge it. No page is written over one of `inputs`. The index is
    written only when at least one report was."""
    from .report import evidence_report
    from ..report.base import display_path

    inputs = list(inputs)
    taken = {INDEX}
    entries: list[FolderEntry] = []
    skipped: list[Skipped] = []
    for summary in summaries:
        shown = display_path(summary)
        name = _unique(report_name(summary, root), taken)
        target = folder / name
        try:
            guard_output(target, inputs, what="evidence report",
                         fix="set the report-dir input to another folder")
            page, evidence = evidence_report(summary, options)
            write_atomically(target, page, "evidence report", make_parents=True)
        except Interrupted:
            raise
        except InputError as exc:
            skip = Skipped(shown, str(exc))
        except Exception as exc:  # noqa: BLE001 -- a bug in one report: the others still get theirs
            skip = Skipped(shown, f"internal error: {type(exc).__name__}: {exc}")
        else:
            entries.append(FolderEntry(shown, name, dict(evidence.data["counts"])))
            continue
        skipped.append(skip)
        if on_skip is not None:
            on_skip(skip)
    if entries:
        write_atomically(folder / INDEX, index_page(entries, skipped), "report index",
                         make_parents=True)
    return entries, skipped


_INDEX_CSS = """body{font:15px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#1f2328}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #d0d7de;padding:.35rem .6rem;text-align:left}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}code{font-size:90%}.bad{color:#b42318}"""


def _csp_hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode() + "'"


def _href(name: str) -> str:
    # the file names hold `%` escapes of their own: encode each component again for the URL
    return "/".join(quote(part, safe="") for part in name.split("/"))


def index_page(entries: list[FolderEntry], skipped: Iterable[Skipped] = ()) -> str:
    """The folder's index: a small self-contained page, every text escaped, no script, and a
    Content-Security-Policy that allows no request but the inline stylesheet."""
    esc = html.escape
    csp = f"default-src 'none'; style-src {_csp_hash(_INDEX_CSS)}; base-uri 'none'; form-action 'none'"
    rows = []
    for entry in entries:
        counts = entry.counts
        findings = counts.get("findings", 0)
        rows.append(
            f'<tr><td><a href="{esc(_href(entry.file))}"><code>{esc(printable(entry.summary))}'
            f'</code></a></td><td class="n">{counts.get("sentences", 0)}</td>'
            f'<td class="n">{counts.get("backed", 0)}</td>'
            f'<td class="n{" bad" if findings else ""}">{findings}</td></tr>')
    lines = [
        "<!doctype html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f'<meta http-equiv="Content-Security-Policy" content="{esc(csp)}">',
        "<title>summcheck evidence reports</title>", f"<style>{_INDEX_CSS}</style>", "</head>",
        "<body>", "<h1>summcheck evidence reports</h1>",
        (f"<p>{len(entries)} summar{'y' if len(entries) == 1 else 'ies'}: each page shows every "
         f"sentence with the quotes that back it, in their source.</p>"),
        ('<table><thead><tr><th>Summary</th><th class="n">Sentences</th>'
         '<th class="n">Backed</th><th class="n">Findings</th></tr></thead><tbody>'),
        *rows, "</tbody></table>",
    ]
    if skipped:
        lines.append(f"<h2>No report ({len(skipped)})</h2><ul>")
        lines += [f"<li><code>{esc(printable(s.summary))}</code>: {esc(printable(s.cause))}</li>"
                  for s in skipped]
        lines.append("</ul>")
    lines += ["</body>", "</html>"]
    return "\n".join(lines) + "\n"
