"""`summcheck server`: the Language Server Protocol over standard input and output (pygls).

A summary opened or edited is checked again a moment after the last keystroke (DEBOUNCE), on
a worker thread, with every open buffer read in place of its file (editor/session.py); the
event loop stays free, so hovers and completions answer while a long source is checked. A
check that a newer edit overtook is not published. A claims file or source edited in the
editor re-checks the open summaries that read it (and, for a file no checked summary is
known to read yet, the summaries of the workspace that name it).

Positions cross the protocol in the client's units (UTF-16 by default): each is converted with
the document's own lines (pygls' PositionCodec), never assumed to be code points.
"""
from __future__ import annotations

import asyncio
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import unquote, urlparse

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path

from .. import __version__
from . import features
from ..rules.docs import rule_url
from .session import Checked, Session

DEBOUNCE = 0.1  # seconds after the last edit before a check starts
SEVERITY = {"error": types.DiagnosticSeverity.Error,
            "warning": types.DiagnosticSeverity.Warning,
            "info": types.DiagnosticSeverity.Information}
MARKDOWN = (".md", ".markdown", ".mdown", ".mkd")


class SummcheckServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("summcheck", __version__,
                         text_document_sync_kind=types.TextDocumentSyncKind.Incremental)
        self.session = Session()
        # One check at a time: the buffers stand in for files process-wide while it runs.
        self.checker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="summcheck-check")
        self.pending: dict[Path, asyncio.Task] = {}
        # Each summary's latest wanted check: one started for an earlier number is stale, and
        # stops at the end of its next stage.
        self.wanted: dict[Path, int] = {}
        self._sent: dict[str, tuple] = {}  # what each file's last diagnostics said
        self._lines: dict[Path, tuple[tuple, list[str]]] = {}

    # -- files and buffers

    def path_of(self, uri: str) -> Path | None:
        parsed = urlparse(uri)
        if parsed.scheme != "file":
            return None
        return Path(os.path.abspath(unquote(parsed.path)))

    def buffers(self) -> dict[Path, str]:
        found = {}
        for uri, document in self.workspace.text_documents.items():
            path = self.path_of(uri)
            if path is not None:
                found[path] = document.source
        return found

    def lines_of(self, path: Path) -> list[str]:
        """The lines of `path` as the editor holds it (its buffer, else the file), split once
        for each version: every diagnostic's range is converted with them."""
        document = self.workspace.text_documents.get(from_fs_path(str(path)) or "")
        if document is not None:
            text = document.source
            version: tuple = ("buffer", document.version, len(text), hash(text))
        else:
            try:
                info = path.stat()
                version = ("file", info.st_mtime_ns, info.st_size)
                text = None
            except OSError:
                return []
        cached = self._lines.get(path)
        if cached is not None and cached[0] == version:
            return cached[1]
        if text is None:
            try:
                text = path.read_text(encoding="utf-8", errors="replace")
            except OSError:
                return []
        lines = text.split("\n")
        self._lines[path] = (version, lines)
        return lines

    # -- checking

    def schedule(self, path: Path, delay: float) -> None:
        """Check the summaries `path` concerns once `delay` has passed without another edit."""
        for summary in self.summaries_of(path):
            self.supersede(summary)
            self.pending[summary] = asyncio.ensure_future(self._check_later(summary, delay))

    def supersede(self, summary: Path) -> None:
        """Drop the check waiting for `summary`, and stop the one under way."""
        self.wanted[summary] = self.wanted.get(summary, 0) + 1
        task = self.pending.pop(summary, None)
        if task is not None:
            task.cancel()

    def summaries_of(self, path: Path) -> list[Path]:
        users = self.session.users(path)
        if path.suffix.lower() in MARKDOWN and path not in users:
            users.append(path)
        if not users:
            users = self._workspace_users(path)
        return users

    def _workspace_users(self, path: Path) -> list[Path]:
        """The summaries under the workspace that name `path` (a claims file or source)."""
        from ..inputs.discovery import summaries_for
        from ..config.settings import CheckRequest

        root = self.workspace.root_path
        if not root:
            return []
        try:
            settings = CheckRequest([path]).settings()
            return [Path(os.path.abspath(s)) for s in summaries_for([path], Path(root), settings)]
        except Exception:  # noqa: BLE001 - finding users is best effort; a check reports errors
            return []

    async def _check_later(self, summary: Path, delay: float) -> None:
        wanted = self.wanted[summary]

        def superseded() -> bool:
            return self.wanted.get(summary) != wanted

        try:
            if delay:
                await asyncio.sleep(delay)
            buffers = self.buffers()
            loop = asyncio.get_running_loop()
            checked = await loop.run_in_executor(self.checker, self.session.check, summary,
                                                 buffers, superseded)
        except asyncio.CancelledError:
            return
        finally:
            if self.pending.get(summary) is asyncio.current_task():
                del self.pending[summary]
        if checked is not None and not superseded():
            self.publish(checked)

    def publish(self, checked: Checked) -> None:
        """The diagnostics of every file the summary's check concerns; a claims file shared
        by several summaries gets each finding once, and is sent again only when they
        changed (a summary edited beside a claims file of thousands of findings)."""
        if not checked.is_summary:
            self.session.forget(checked.summary)
            return
        by_file: dict[Path, list[features.Diagnostic]] = {checked.summary: []}
        if checked.claims is not None:
            by_file.setdefault(checked.claims, [])
        for other in self.session.checked.values():
            if other is not checked and other.claims is not None and \
                    other.claims == checked.claims:
                by_file[checked.claims] += [d for d in features.diagnostics(other, self.lines_of)
                                            if d.path == checked.claims]
        for diagnostic in features.diagnostics(checked, self.lines_of):
            by_file.setdefault(diagnostic.path, []).append(diagnostic)
        for path, found in by_file.items():
            unique = list({(d.code, d.range, d.message): d for d in found}.values())
            uri = from_fs_path(str(path)) or path.as_uri()
            lines = self.lines_of(path)
            state = (len(lines), hash(tuple(lines)),
                     tuple((d.code, d.range, d.message, d.severity) for d in unique))
            if path != checked.summary and self._sent.get(uri) == state:
                continue  # the claims file's findings as they were: nothing to send again
            self._sent[uri] = state
            self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
                uri=uri, diagnostics=[self.diagnostic(d, lines) for d in unique]))

    # -- conversions

    def diagnostic(self, found: features.Diagnostic,
                   lines: list[str] | None = None) -> types.Diagnostic:
        href = rule_url(found.code) if found.code.startswith("SUM") else None
        return types.Diagnostic(
            range=self.client_range(found.path, found.range, lines), message=found.message,
            severity=SEVERITY.get(found.severity, types.DiagnosticSeverity.Error),
            code=found.code, source="summcheck",
            code_description=types.CodeDescription(href=href) if href else None)

    def client_range(self, path: Path, place: features.Range,
                     lines: list[str] | None = None) -> types.Range:
        lines = self.lines_of(path) if lines is None else lines
        return types.Range(start=self._client_position(lines, place.line, place.start),
                           end=self._client_position(lines, place.end_line, place.end))

    def _client_position(self, lines: list[str], line: int, column: int) -> types.Position:
        """A code-point position in the client's units (thousands a check: an ASCII prefix,
        the common case, is its own count)."""
        if line >= len(lines):
            return types.Position(line=max(0, len(lines) - 1),
                                  character=len(lines[-1]) if lines else 0)
        prefix = lines[line][:column]
        encoding = self.workspace.position_encoding
        if prefix.isascii() or encoding == types.PositionEncodingKind.Utf32:
            units = len(prefix)
        elif encoding == types.PositionEncodingKind.Utf8:
            units = len(prefix.encode("utf-8", "surrogatepass"))
        else:
            units = len(prefix.encode("utf-16-le", "surrogatepass")) // 2
        return types.Position(line=line, character=units)

    def server_position(self, path: Path, position: types.Position) -> tuple[int, int]:
        found = self.workspace.position_codec.position_from_client_units(
            self.lines_of(path), position)
        return found.line, found.character

    def checked_at(self, uri: str, summaries_only: bool = False
                   ) -> tuple[Path, Checked] | None:
        """The file at `uri` and the last check that concerns it, or None."""
        path = self.path_of(uri)
        if path is None:
            return None
        checked = self.session.checked.get(path) if summaries_only else self.checked_for(path)
        return (path, checked) if checked is not None else None

    def checked_for(self, path: Path) -> Checked | None:
        """The last check that concerns `path` (the summary itself, or one that reads it)."""
        checked = self.session.checked.get(path)
        if checked is not None:
            return checked
        users = self.session.users(path)
        return self.session.checked.get(users[0]) if users else None


server = SummcheckServer()


@server.feature(types.TEXT_DOCUMENT_DID_OPEN)
@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
@server.feature(types.TEXT_DOCUMENT_DID_SAVE)
def did_open_change_or_save(ls: SummcheckServer, params) -> None:
    """Check again: at once on open and save, after a pause in typing on a change."""
    path = ls.path_of(params.text_document.uri)
    if path is not None:
        changed = isinstance(params, types.DidChangeTextDocumentParams)
        ls.schedule(path, DEBOUNCE if changed else 0)


@server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: SummcheckServer, params: types.DidCloseTextDocumentParams) -> None:
    path = ls.path_of(params.text_document.uri)
    if path is None:
        return
    if path in ls.wanted:
        ls.supersede(path)
    if path in ls.session.checked:
        ls.session.forget(path)
        ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=params.text_document.uri, diagnostics=[]))


@server.feature(types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionOptions(
    code_action_kinds=[types.CodeActionKind.QuickFix]))
def code_action(ls: SummcheckServer, params: types.CodeActionParams
                ) -> list[types.CodeAction] | None:
    found = ls.checked_at(params.text_document.uri)
    if found is None:
        return None
    path, checked = found
    start = ls.server_position(path, params.range.start)
    end = ls.server_position(path, params.range.end)
    found = features.actions(checked, path, features.Range(*start, *end), ls.buffers(),
                             ls.lines_of)
    return [types.CodeAction(
        title=action.title, kind=types.CodeActionKind.QuickFix, is_preferred=action.preferred,
        diagnostics=[ls.diagnostic(action.diagnostic)],
        edit=types.WorkspaceEdit(changes=_changes(ls, action.edits)))
        for action in found]


def _changes(ls: SummcheckServer, edits) -> dict[str, list[types.TextEdit]]:
    changes: dict[str, list[types.TextEdit]] = {}
    for edit in edits:
        uri = from_fs_path(str(edit.path)) or edit.path.as_uri()
        changes.setdefault(uri, []).append(types.TextEdit(
            range=ls.client_range(edit.path, edit.range), new_text=edit.text))
    return changes


@server.feature(types.TEXT_DOCUMENT_HOVER)
def hover(ls: SummcheckServer, params: types.HoverParams) -> types.Hover | None:
    found = ls.checked_at(params.text_document.uri)
    if found is None:
        return None
    path, checked = found
    line, column = ls.server_position(path, params.position)
    text = features.hover(checked, path, line, column)
    if not text:
        return None
    return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown,
                                                    value=text))


@server.feature(types.TEXT_DOCUMENT_DEFINITION)
def definition(ls: SummcheckServer, params: types.DefinitionParams
               ) -> list[types.Location] | None:
    found = ls.checked_at(params.text_document.uri)
    if found is None:
        return None
    path, checked = found
    line, column = ls.server_position(path, params.position)
    found = []
    for target in features.definition(checked, path, line, column):
        uri = from_fs_path(str(target.path)) or target.path.as_uri()
        if target.page is not None:
            uri = f"{uri}#page={target.page}"
            place = types.Range(start=types.Position(line=0, character=0),
                                end=types.Position(line=0, character=0))
        else:
            place = ls.client_range(target.path, features.Range(target.line, 0, target.line, 0))
        found.append(types.Location(uri=uri, range=place))
    return found or None


COMPLETION_KINDS = {"record": types.CompletionItemKind.Reference,
                    "section": types.CompletionItemKind.Module,
                    "page": types.CompletionItemKind.Value}


@server.feature(types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(
    trigger_characters=["[", "("]))
def completion(ls: SummcheckServer, params: types.CompletionParams
               ) -> types.CompletionList | None:
    found = ls.checked_at(params.text_document.uri, summaries_only=True)
    if found is None:
        return None
    path, checked = found
    line, column = ls.server_position(path, params.position)
    lines = ls.lines_of(path)
    before = lines[line][:column] if line < len(lines) else ""
    items = [types.CompletionItem(
        label=c.label, kind=COMPLETION_KINDS[c.kind], detail=c.detail or None,
        documentation=c.documentation or None, sort_text=f"{n:05d}")
        for n, c in enumerate(features.completions(checked, before))]
    return types.CompletionList(is_incomplete=False, items=items)


def serve() -> None:
    """Speak LSP on standard input and output until the client says exit. Anything else that
    would print to standard output (it carries the protocol) goes to standard error."""
    from ..sources import pdf

    # A process that runs threads (the event loop's, the checker's) must not fork: a child
    # forked while another thread holds a lock can wait on it for ever. One process extracts
    # a long PDF, once a session.
    pdf.split_pages = False
    sys.stdout.flush()
    # The protocol gets its own descriptor; descriptor 1 becomes standard error, so that
    # nothing else (a library's C code, a child process) can write into the protocol.
    protocol = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    sys.stdout = sys.stderr
    server.start_io(sys.stdin.buffer, protocol)
