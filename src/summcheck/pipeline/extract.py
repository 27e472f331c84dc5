"""`summcheck extract`: claim records from a provider, chunk by chunk, each one verified.

Per chunk the provider proposes claims with the place it cites. A proposal becomes a record
only when (1) the place lies in the chunk and, for character offsets, summcheck's own text
there holds the cited text (the provider's cited text is never taken on trust), (2) the span
maps to a locator that resolves back around it (`citations.locator_for_span`), and (3) the
checker's match stage finds the quote verified at that locator (`verify.verify_records`).
Failures are sent back once with what failed; what fails again is dropped and listed. The
strength is the proposed one where the quote's modality allows it, else the one it calls for.
"""
from __future__ import annotations

import threading
from concurrent.futures import FIRST_EXCEPTION, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from ..matching.exact import Matcher
from ..matching.normalize import FoldedQuote
from ..model import InputError, SourceDocument, Span
from ..sources import load_source
from .chunks import DEFAULT_MAX_CHARS, Chunk, plan_chunks
from .citations import locator_for_span, pages_span
from .prompting import Prompt, load_prompt
from .records_out import relative_to_file, render_claims
from .resume import ResumeState, chunk_key, state_path
from .verify import settle_strength, verify_records
from ..providers.base import ChunkRequest, ExtractReply, ProposedClaim, Provider, Usage

DEFAULT_CONCURRENCY = 4


@dataclass
class ExtractSettings:
    source: Path
    output: Path
    purpose: str
    provider: Provider
    max_chars: int = DEFAULT_MAX_CHARS
    concurrency: int = DEFAULT_CONCURRENCY
    page_numbers: str = "auto"
    prefer: str = "tightest"  # citations.LOCATOR_PREFERENCES
    fresh: bool = False
    progress: Callable[[str], None] | None = None


@dataclass
class ExtractResult:
    records: list[dict]
    dropped: list[dict]
    chunks: int
    resumed: int
    usage: Usage
    notes: list[str] = field(default_factory=list)
    text: str = ""  # the claims file as written


def run_extract(settings: ExtractSettings) -> ExtractResult:
    """Extract, verify and write the claims file (atomically); InputError for bad input,
    ProviderError when the provider cannot answer (finished chunks stay in the state file)."""
    from ..files.output import write_atomically

    doc = load_source(settings.source, page_numbers=settings.page_numbers)
    chunks = plan_chunks(doc, settings.max_chars, page_numbers=settings.page_numbers)
    if not chunks:
        raise InputError(f"{settings.source}: the source holds no text to extract claims from")
    prompt = load_prompt("extract")
    provider = settings.provider
    state = ResumeState(state_path(settings.output), fresh=settings.fresh)
    keys = {c.index: chunk_key(c.text(doc), provider=provider.name, model=provider.model,
                               prompt_version=prompt.version, purpose=settings.purpose,
                               settings=f"{settings.prefer}|{settings.page_numbers}")
            for c in chunks}
    todo = [c for c in chunks if keys[c.index] not in state.finished]
    resumed = len(chunks) - len(todo)
    pdf_data = settings.source.read_bytes() if doc.kind == "pdf" else None
    extractor = _ChunkExtractor(doc, settings, prompt, pdf_data)
    done_count = [resumed]
    lock = threading.Lock()

    stopping = threading.Event()  # a chunk that failed stops the chunks not yet started

    def work(chunk: Chunk) -> None:
        if stopping.is_set():
            return
        try:
            entry = extractor.run(chunk)
        except BaseException:
            stopping.set()
            raise
        entry["key"] = keys[chunk.index]
        state.record(entry)
        with lock:
            done_count[0] += 1
            if settings.progress is not None:
                kept, dropped = len(entry["records"]), len(entry["dropped"])
                settings.progress(f"chunk {chunk.index}/{len(chunks)} ({chunk.locator}): "
                                  f"{kept} claim{'s' * (kept != 1)} verified"
                                  + (f", {dropped} dropped" if dropped else "")
                                  + f" [{done_count[0]}/{len(chunks)} done]")

    if resumed and settings.progress is not None:
        settings.progress(f"{resumed} of {len(chunks)} chunks finished before: not sent again")
    if todo:
        pool = ThreadPoolExecutor(max_workers=max(1, settings.concurrency))
        try:
            futures = [pool.submit(work, chunk) for chunk in todo]
            wait(futures, return_when=FIRST_EXCEPTION)
            for future in futures:
                if future.done() and future.exception() is not None:
                    raise future.exception()  # type: ignore[misc]
        finally:
            pool.shutdown(wait=True, cancel_futures=True)

    records: list[dict] = []
    dropped: list[dict] = []
    usage = Usage()
    notes: list[str] = []
    seen: set[tuple[str, str]] = set()
    sent_now = {keys[c.index] for c in todo}
    for chunk in chunks:
        entry = state.finished[keys[chunk.index]]
        if keys[chunk.index] in sent_now:  # what this run spent; resumed chunks cost nothing
            usage.add(Usage.from_dict(entry.get("usage")))
        for record in entry.get("records", []):
            identity = (record["quote"], record["locator"])
            if identity in seen:  # two chunks of identical text cite the same passage
                continue
            seen.add(identity)
            records.append(dict(record))
        dropped.extend(entry.get("dropped", []))
        notes.extend(f"chunk {chunk.index}: {n}" for n in entry.get("notes", []))
    for number, record in enumerate(records, 1):
        record["id"] = f"c{number}"
    top = {
        "source": relative_to_file(settings.source, settings.output),
        "purpose": settings.purpose,
        "x-extract": {"provider": provider.name, "model": provider.model,
                      "prompt-version": prompt.version, "chunks": len(chunks),
                      "max-chars": settings.max_chars, "dropped": dropped},
    }
    text = render_claims(settings.output, records, top)
    write_atomically(settings.output, text, "claims file")
    return ExtractResult(records, dropped, len(chunks), resumed, usage, notes, text)


class _ChunkExtractor:
    """Asks for one chunk's claims, verifies them, re-asks once for the failures."""

    def __init__(self, doc: SourceDocument, settings: ExtractSettings, prompt: Prompt,
                 pdf_data: bytes | None) -> None:
        self.doc, self.settings, self.prompt, self.pdf_data = doc, settings, prompt, pdf_data
        self.matcher = Matcher(doc)
        self._lock = threading.Lock()  # the matcher caches what it finds; one search at a time

    def request(self, chunk: Chunk, failures: tuple[dict, ...] = ()) -> ChunkRequest:
        values = {"purpose": self.settings.purpose, "chunk": chunk.locator,
                  "source": self.doc.path.name,
                  "failures": "\n".join(f"- claim: {f['claim']}\n  quote: {f['quote']}\n  "
                                        f"problem: {f['problem']}" for f in failures)}
        return ChunkRequest(
            source_name=self.doc.path.name, kind=self.doc.kind, index=chunk.index,
            locator=chunk.locator, start=chunk.span.start, end=chunk.span.end,
            text=chunk.text(self.doc), purpose=self.settings.purpose, system=self.prompt.system,
            user=self.prompt.fill("retry" if failures else "user", **values),
            prompt_version=self.prompt.version,
            pdf=_pdf_pages(self.pdf_data, chunk.pages) if self.pdf_data is not None else None,
            failures=failures)

    def run(self, chunk: Chunk) -> dict:
        provider = self.settings.provider
        usage = Usage()
        reply = provider.extract(self.request(chunk))
        usage.add(reply.usage)
        kept, failed, notes = self.judge(chunk, reply)
        dropped: list[dict] = []
        if failed:
            again = provider.extract(self.request(chunk, tuple(failed)))
            usage.add(again.usage)
            kept_again, failed_again, notes_again = self.judge(chunk, again)
            notes += [f"re-asked: {n}" for n in notes_again]
            known = {(r["quote"], r["locator"]) for r in kept}
            kept += [r for r in kept_again if (r["quote"], r["locator"]) not in known]
            recovered = {_claim_key(r["claim"]) for r in kept_again}
            listed = set()
            for failure in failed:
                if _claim_key(failure["claim"]) not in recovered:
                    dropped.append({**failure, "re-asked": True})
                    listed.add(_claim_key(failure["claim"]))
            dropped += [{**f, "re-asked": False} for f in failed_again
                        if _claim_key(f["claim"]) not in listed]
        return {"chunk": chunk.index, "locator": chunk.locator, "records": kept,
                "dropped": [{"chunk": chunk.index, **d} for d in dropped], "notes": notes,
                "usage": usage.as_dict()}

    def judge(self, chunk: Chunk, reply: ExtractReply) -> tuple[list[dict], list[dict], list[str]]:
        """(records verified, failures, notes) of one reply."""
        provider = self.settings.provider
        notes = list(reply.notes)
        candidates: list[tuple[dict, ProposedClaim]] = []
        failed: list[dict] = []
        seen: set[tuple[str, str]] = set()
        for proposed in reply.claims:
            with self._lock:
                span, problem = self.locate(chunk, proposed)
            if problem:
                failed.append(_failure(proposed, problem))
                continue
            place = locator_for_span(self.doc, span, page_numbers=self.settings.page_numbers,
                                     prefer=self.settings.prefer)
            if place is None:
                failed.append(_failure(proposed, f"no locator resolves to a region that holds "
                                                 f"characters {span.start}–{span.end}"))
                continue
            strength, note = settle_strength(proposed.strength, proposed.quote)
            record = {"claim": proposed.claim, "locator": place.locator,
                      "quote": proposed.quote.strip(), "strength": strength}
            if proposed.topic:
                record["topic"] = proposed.topic
            record.update({"x-provider": provider.name, "x-model": provider.model,
                           "x-prompt-version": self.prompt.version, "x-chunk": chunk.index,
                           "x-cited-by": proposed.location})
            if note:
                record["x-strength-proposed"] = proposed.strength
                notes.append(f"{proposed.claim[:60]!r}: {note}")
            if (record["quote"], record["locator"]) in seen:
                continue
            seen.add((record["quote"], record["locator"]))
            candidates.append((record, proposed))
        with self._lock:
            verdicts = verify_records(self.doc, [r for r, _ in candidates],
                                      page_numbers=self.settings.page_numbers)
        kept = []
        for verdict, (record, proposed) in zip(verdicts, candidates):
            if verdict.verified:
                kept.append(record)
            else:
                failed.append(_failure(proposed, f"at {record['locator']}: {verdict.problem}"))
        return kept, failed, notes

    def locate(self, chunk: Chunk, proposed: ProposedClaim) -> tuple[Span, str]:
        """Where in the source the proposal's quote stands, or why it does not."""
        quote = proposed.quote
        if not quote.strip():
            return Span(0, 0), "the citation gives no text"
        folded = FoldedQuote.of(quote)
        size = chunk.span.end - chunk.span.start
        if proposed.location == "char_location":
            s, e = proposed.start, proposed.end
            if s is None or e is None or not 0 <= s < e <= size:
                return Span(0, 0), (f"cites characters {s}–{e}, outside the chunk "
                                    f"({size} characters)")
            span = Span(chunk.span.start + s, chunk.span.start + e)
            hits = self.matcher.find_in(folded, (span,), quote, 1)
            if not hits:
                own = " ".join(self.doc.text[span.start:span.end].split())
                shown = own if len(own) <= 80 else own[:77] + "…"
                return span, (f"the cited text disagrees with the source at characters "
                              f"{span.start}–{span.end}, which read {shown!r}")
            return hits[0].span, ""
        if proposed.location == "page_location":
            if proposed.pages is None:
                return Span(0, 0), "the page citation names no pages"
            first = chunk.pages[0] + proposed.pages[0] - 1
            end = chunk.pages[0] + proposed.pages[1] - 1
            span = pages_span(self.doc, first, end) if proposed.pages[0] >= 1 and \
                end - 1 <= chunk.pages[1] else None
            if span is None:
                return Span(0, 0), (f"cites pages {proposed.pages[0]}–{proposed.pages[1]} (end "
                                    f"exclusive) of a chunk of {chunk.pages[1] - chunk.pages[0] + 1}")
            hits = self.matcher.find_in(folded, (span,), quote, 1)
            if not hits:
                return span, f"the cited text does not stand on physical pages {first}–{end - 1}"
            return hits[0].span, ""
        if proposed.location == "content_block_location":
            return Span(0, 0), "cites content blocks, which summcheck never sends"
        hits = self.matcher.find_in(folded, (chunk.span,), quote, 1)
        if not hits:
            return Span(0, 0), "the quote does not stand in the chunk"
        return hits[0].span, ""


def _failure(proposed: ProposedClaim, problem: str) -> dict:
    return {"claim": proposed.claim, "quote": proposed.quote, "problem": problem}


def _claim_key(claim: str) -> str:
    return " ".join(claim.split()).casefold()


def _pdf_pages(data: bytes, pages: tuple[int, int]) -> bytes:
    """Physical pages first..last (1-based, inclusive) as a PDF of their own."""
    import pymupdf

    with pymupdf.open(stream=data, filetype="pdf") as whole, pymupdf.open() as part:
        part.insert_pdf(whole, from_page=pages[0] - 1, to_page=pages[1] - 1)
        return part.tobytes()
