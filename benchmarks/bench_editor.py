#!/usr/bin/env python
"""Benchmark the language server: how long after an edit of a summary its findings are back.

    python benchmarks/bench_editor.py [--pages 1000] [--claims 10000] [--edits 10]

1. Builds (or reuses) the inputs with benchmarks/corpus.py (the 1,000-page PDF of
   bench_check.py, its claims and summary), in benchmarks/_data/.
2. Starts `summcheck server` as an editor does (a child process speaking LSP on its standard
   input and output, driven by pygls' own client) with the cache folder as configured, opens
   the summary and times the first diagnostics (the source loaded once for the session).
3. Edits the summary --edits times (each edit changes one sentence's locator, in the buffer
   only) and times each from the `didChange` notification to the diagnostics of that version:
   the server's debounce (editor/server.py DEBOUNCE), the check and the protocol. Prints the
   median and the slowest, and the target (<= 300 ms).

Exit status: 0 the median meets the target, 1 it does not, 3 the server failed.
"""
from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import corpus  # noqa: E402

TARGET_MS = 300


async def measure(summary: Path, edits: int) -> tuple[float, list[float], int]:
    from lsprotocol import types
    from pygls.lsp.client import LanguageClient

    client = LanguageClient("bench-editor", "1")
    published: dict[str, list] = {}
    arrived = asyncio.Event()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def on_diagnostics(params: types.PublishDiagnosticsParams) -> None:
        published.setdefault(params.uri, []).append((time.perf_counter(), params.diagnostics))
        arrived.set()

    await client.start_io(sys.executable, "-m", "summcheck", "server")
    logged = bytearray()  # the server's standard error, read as it comes (a full pipe blocks)

    async def drain() -> None:
        while chunk := await client._server.stderr.read(65536):
            logged.extend(chunk)
    draining = asyncio.ensure_future(drain())
    folder = summary.parent
    await client.initialize_async(types.InitializeParams(
        capabilities=types.ClientCapabilities(), root_uri=folder.as_uri()))
    client.initialized(types.InitializedParams())
    uri = summary.as_uri()
    text = summary.read_text(encoding="utf-8")

    async def next_diagnostics(after: int) -> tuple[float, list]:
        while len(published.get(uri, [])) <= after:
            arrived.clear()
            await asyncio.wait_for(arrived.wait(), 600)
        return published[uri][after]

    started = time.perf_counter()
    client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(
        uri=uri, language_id="markdown", version=1, text=text)))
    at, found = await next_diagnostics(0)
    cold = at - started
    lines = text.split("\n")
    cited = [n for n, line in enumerate(lines) if "(p. " in line]
    timings = []
    for edit in range(edits):
        number = cited[edit % len(cited)]
        changed = list(lines)
        changed[number] = changed[number].replace("(p. ", "(pp. ", 1)
        sent = time.perf_counter()
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=edit + 2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(
                text="\n".join(changed))]))
        at, _ = await next_diagnostics(edit + 1)
        timings.append((at - sent) * 1000)
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    draining.cancel()
    if logged:
        print(f"server's standard error ({len(logged)} bytes), its start: "
              f"{bytes(logged[:300]).decode('utf-8', 'replace')!r}")
    return cold, timings, len(found)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    corpus.add_arguments(parser)
    parser.add_argument("--edits", type=int, default=10)
    args = parser.parse_args(argv)
    corpus.check_arguments(parser, args)
    data, _ = corpus.prepare_data(args)
    summary = data / "summary.md"
    try:
        cold, timings, findings = asyncio.run(measure(summary, args.edits))
    except Exception as exc:  # noqa: BLE001 - a benchmark reports, it does not crash
        print(f"summcheck server could not be timed: {type(exc).__name__}: {exc}")
        return 3
    median = statistics.median(timings)
    print(f"source: {args.pages} pages, {args.claims} claims; summary "
          f"{sum(1 for _ in summary.open(encoding='utf-8'))} lines; {findings} findings")
    print(f"open (source extracted, first check): {cold:.2f} s")
    print(f"re-check after an edit ({len(timings)} edits, debounce included): median "
          f"{median:.0f} ms, slowest {max(timings):.0f} ms (target <= {TARGET_MS} ms: "
          f"{'met' if median <= TARGET_MS else 'missed'})")
    return 0 if median <= TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
