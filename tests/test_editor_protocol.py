"""`summcheck server` through a real LSP client (pytest-lsp): the server process is started as an
editor starts it, and every exchange is checked against the protocol's specification by the
client. What a writer relies on: findings while typing (unsaved text), a quick fix that
applies, the source on hover, a locator that jumps to its place, completion of record ids and
locators, a broken claims file told once, and a server that keeps answering while a large
summary is checked."""
from __future__ import annotations

import asyncio
import shutil
import sys
from pathlib import Path

from concurrent.futures import ThreadPoolExecutor

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities, make_test_lsp_client

pytestmark = pytest.mark.integration

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "rfc3986"
SENTENCE = "The parser must establish a base URI before it parses any reference that might be relative (section 5.1)."


@pytest.fixture
def project(tmp_path) -> Path:
    folder = tmp_path / "project"
    shutil.copytree(EXAMPLE, folder)
    (folder / "summcheck.toml").write_text("", encoding="utf-8")
    return folder


class Published(dict):
    """The client's diagnostics by URI, counting the publications of each."""

    def __init__(self) -> None:
        super().__init__()
        self.count: dict[str, int] = {}

    def __setitem__(self, key, value) -> None:
        super().__setitem__(key, value)
        self.count[key] = self.count.get(key, 0) + 1


def counting_client() -> LanguageClient:
    client = make_test_lsp_client()
    client.diagnostics = Published()
    return client


def drive(project: Path, body) -> None:
    """Start `summcheck server` as an editor does, initialise a session with Neovim's client
    capabilities, run `body(client)` and shut the session down: on a thread with an event loop
    of its own, since the browser tests' Playwright holds one on the main thread."""
    async def session() -> None:
        client = counting_client()
        await client.start_io(sys.executable, "-m", "summcheck", "server")
        try:
            await client.initialize_session(types.InitializeParams(
                capabilities=client_capabilities("neovim"), root_uri=project.as_uri(),
                workspace_folders=[types.WorkspaceFolder(uri=project.as_uri(),
                                                         name="project")]))
            await body(client)
            await asyncio.wait_for(client.shutdown_session(), 30)
        finally:
            if client._server is not None and client._server.returncode is None:
                client._server.kill()  # a failed test: the session never shut down
            await client.stop()

    with ThreadPoolExecutor(max_workers=1) as thread:
        thread.submit(asyncio.run, session()).result(timeout=300)


def uri(path: Path) -> str:
    return path.as_uri()


async def open_file(client: LanguageClient, path: Path, text: str | None = None) -> str:
    text = path.read_text(encoding="utf-8") if text is None else text
    client.seen = dict(client.diagnostics.count)
    client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(
        uri=uri(path), language_id="markdown" if path.suffix == ".md" else "json", version=1,
        text=text)))
    return text


async def diagnostics_for(client: LanguageClient, path: Path, timeout: float = 30) -> list:
    """The diagnostics published for `path` since the last open or change."""
    async def wait():
        before = client.seen.get(uri(path), 0)
        while client.diagnostics.count.get(uri(path), 0) == before:
            await asyncio.sleep(0.02)
        return list(client.diagnostics[uri(path)])
    return await asyncio.wait_for(wait(), timeout)


def change(client: LanguageClient, path: Path, version: int, text: str) -> None:
    client.seen = dict(client.diagnostics.count)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri(path), version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))


def position_of(text: str, needle: str, offset: int = 0) -> types.Position:
    at = text.index(needle) + offset
    line = text.count("\n", 0, at)
    return types.Position(line=line, character=at - (text.rfind("\n", 0, at) + 1))


def test_a_clean_summary_has_no_diagnostics_and_an_unsaved_edit_gets_one(project):
    async def body(client: LanguageClient) -> None:
        summary = project / "summary.md"
        text = await open_file(client, summary)
        assert await diagnostics_for(client, summary) == []
        # The buffer, not the file: the locator changed in the editor only.
        edited = text.replace(SENTENCE, SENTENCE.replace("(section 5.1)", "(section 9.9)"))
        change(client, summary, 2, edited)
        found = await diagnostics_for(client, summary)
        assert summary.read_text(encoding="utf-8") == text
        (diagnostic,) = found
        assert diagnostic.code == "SUM102" and "9.9" in diagnostic.message
        start = position_of(edited, "(section 9.9)")  # the text report's underline
        assert (diagnostic.range.start, diagnostic.range.end.character) == (
            start, start.character + len("(section 9.9)"))
        assert diagnostic.severity == types.DiagnosticSeverity.Error
        # This checkout names no published rule pages (rules/docs.py): no link, not a dead one.
        assert diagnostic.code_description is None
        assert diagnostic.source == "summcheck"

    drive(project, body)


def test_a_quick_fix_rewrites_the_records_locator(project):
    async def body(client: LanguageClient) -> None:
        claims = project / "claims.jsonl"
        lines = claims.read_text(encoding="utf-8").splitlines()
        lines[0] = lines[0].replace('"locator": "section 3.4"', '"locator": "section 3.5"')
        claims.write_text("\n".join(lines) + "\n", encoding="utf-8")
        summary = project / "summary.md"
        await open_file(client, summary)
        found = await diagnostics_for(client, claims)
        misplaced = next(d for d in found if d.code == "SUM202")
        actions = await client.text_document_code_action_async(types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri(claims)), range=misplaced.range,
            context=types.CodeActionContext(diagnostics=[misplaced])))
        fix = next(a for a in actions if a.title.startswith("Fix SUM202"))
        assert fix.is_preferred and fix.kind == types.CodeActionKind.QuickFix
        (edit,) = fix.edit.changes[uri(claims)]
        assert edit.new_text == "4" and edit.range.start.line == 0
        fixed = lines[0][:edit.range.start.character] + edit.new_text + \
            lines[0][edit.range.end.character:]
        assert '"locator": "section 3.4"' in fixed
        # The suppression and the synthesis label are offered where they apply.
        text = summary.read_text(encoding="utf-8")
        bare = text.replace(" (section 5.1).\nA base URI taken", ".\nA base URI taken")
        change(client, summary, 2, bare)
        missing = next(d for d in await diagnostics_for(client, summary) if d.code == "SUM101")
        offered = await client.text_document_code_action_async(types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri(summary)), range=missing.range,
            context=types.CodeActionContext(diagnostics=[missing])))
        titles = [a.title for a in offered]
        assert "Label the sentence [synthesis]" in titles and "Ignore SUM101 on this line" in titles
        label = next(a for a in offered if a.title.startswith("Label"))
        (insert,) = label.edit.changes[uri(summary)]
        assert insert.new_text == " [synthesis]"
        assert insert.range.start == position_of(bare, "might be relative.", len("might be relative"))

    drive(project, body)


def test_hover_shows_the_cited_passage_and_a_records_quote(project):
    async def body(client: LanguageClient) -> None:
        summary = project / "summary.md"
        text = await open_file(client, summary)
        await diagnostics_for(client, summary)
        hover = await client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri(summary)),
            position=position_of(text, "(section 5.1).", 3)))
        value = hover.contents.value
        assert hover.contents.kind == types.MarkupKind.Markdown
        assert value.startswith("**section 5.1** — ")
        assert "Establishing a Base URI" in value and "**" in value.split("\n", 2)[2]
        assert "Backed by" in value
        claims = project / "claims.jsonl"
        record = await client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri(claims)),
            position=types.Position(line=0, character=5)))
        assert "query component" in record.contents.value and "Quote at" in record.contents.value

    drive(project, body)


def test_go_to_definition_opens_the_source_at_the_cited_line(project):
    async def body(client: LanguageClient) -> None:
        summary = project / "summary.md"
        text = await open_file(client, summary)
        await diagnostics_for(client, summary)
        (location,) = await client.text_document_definition_async(types.DefinitionParams(
            text_document=types.TextDocumentIdentifier(uri=uri(summary)),
            position=position_of(text, "(section 5.1).", 3)))
        assert location.uri == uri(project / "rfc3986.txt")
        source_lines = (project / "rfc3986.txt").read_text(encoding="utf-8").split("\n")
        assert "5.1." in source_lines[location.range.start.line]

    drive(project, body)


def test_completion_offers_record_ids_and_the_sources_sections(project):
    async def body(client: LanguageClient) -> None:
        summary = project / "summary.md"
        text = await open_file(client, summary)
        await diagnostics_for(client, summary)
        end = position_of(text, SENTENCE, len(SENTENCE))
        typed = text.replace(SENTENCE, SENTENCE + " Also (")
        change(client, summary, 2, typed)
        await diagnostics_for(client, summary)
        paren = await client.text_document_completion_async(types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri(summary)),
            position=types.Position(line=end.line, character=end.character + len(" Also ("))))
        labels = [item.label for item in paren.items]
        assert "section 5.1" in labels and "p. 28" in labels
        assert next(i for i in paren.items if i.label == "section 5.1").detail == \
            "Establishing a Base URI"

    drive(project, body)


def test_a_broken_claims_file_is_one_diagnostic_and_the_server_recovers(project):
    async def body(client: LanguageClient) -> None:
        summary = project / "summary.md"
        claims = project / "claims.jsonl"
        await open_file(client, summary)
        await diagnostics_for(client, summary)
        good = await open_file(client, claims)  # its findings as before: none sent again
        await asyncio.sleep(0.5)
        change(client, claims, 2, "not: [json\n" + good)
        found = await diagnostics_for(client, claims)
        assert len(found) >= 1 and all(d.severity == types.DiagnosticSeverity.Error for d in found)
        assert found[0].range.start.line == 0
        change(client, claims, 3, good)
        assert await diagnostics_for(client, claims) == []

    drive(project, body)


def test_a_large_summary_does_not_block_the_server_and_closing_it_stops_its_check(project):
    async def body(client: LanguageClient) -> None:
        summary = project / "summary.md"
        text = await open_file(client, summary)
        await diagnostics_for(client, summary)
        # Some 10 MB of sentences: checking it takes tens of seconds here.
        body = (SENTENCE + "\n") * (10_000_000 // (len(SENTENCE) + 1))
        big = project / "big.md"
        big.write_text(text.split("# ", 1)[0] + body, encoding="utf-8")
        await open_file(client, big)
        loop = asyncio.get_running_loop()
        started = loop.time()
        hover = await asyncio.wait_for(client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri(summary)),
            position=position_of(text, "(section 5.1).", 3))), 5)
        assert hover is not None and loop.time() - started < 5
        # Closed while it is checked: the check stops at the end of its stage, and the next
        # summary's check comes long before the large one would have finished.
        client.text_document_did_close(types.DidCloseTextDocumentParams(
            text_document=types.TextDocumentIdentifier(uri=uri(big))))
        change(client, summary, 2, text.replace("(section 5.1).", "(section 9.9).", 1))
        found = await diagnostics_for(client, summary, timeout=15)
        assert [d.code for d in found] == ["SUM102"]
        assert client.diagnostics.count.get(uri(big), 0) <= 1  # at most the close's empty list
        assert not client.diagnostics.get(uri(big))

    drive(project, body)
