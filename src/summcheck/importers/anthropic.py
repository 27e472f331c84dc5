"""`summcheck import anthropic`: a saved Messages API response → SUMMARY.md + its records.

The response's text blocks, joined, are the answer; each sentence of it carries the locators
of the citations of the blocks it overlaps, and each citation becomes a record: the quote is
the cited text, the locator the tightest one around where the citation says it stands
(importers/core.py keeps every sentence, and lists what it leaves out or cannot place).

`char_location` offsets count code points into the document as it was sent, the source file
decoded as UTF-8 (a byte order mark included, which summcheck's loading drops);
`page_location` pages are 1-based physical pages, end exclusive; `content_block_location`
names blocks of a custom-content document, which the response does not hold, so such a
citation is placed where its cited text stands in the source, when it stands there once.
Each `--source` is a document of the request (`document_index` 0, 1, … in the order given,
or the one `--document-index` names); each that backs a sentence gets a summary.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..files.reading import read_input
from ..model import InputError, Span
from ..pipeline.citations import pages_span, sent_to_loaded
from ..sources import MAX_BYTES, load_source
from . import read_json, refuse_surrogates
from .core import Citation, Outcome, Passage, Source, import_answer, place_by_text, whole


def claims_path_for(summary: Path) -> Path:
    """`SUMMARY.md` → `SUMMARY.claims.jsonl` beside it."""
    return summary.with_name(f"{summary.stem}.claims.jsonl")


def summary_path_for(output: Path, document: int, first: bool) -> Path:
    """Where the summary of one source goes: `-o` for the first source, `SUMMARY.doc2.md`
    beside it for document 2."""
    return output if first else output.with_name(f"{output.stem}.doc{document}{output.suffix}")


def output_paths(output: Path, documents: list[int]) -> list[Path]:
    """Every file an import of these documents may write: each summary and its claims file."""
    paths = []
    for i, document in enumerate(documents):
        summary = summary_path_for(output, document, i == 0)
        paths += [summary, claims_path_for(summary)]
    return paths


@dataclass(frozen=True)
class _Sent:
    """A source as the request sent it: its offsets' shift to the text as loaded (None: a PDF,
    which `char_location` never cites)."""

    source: Source
    shift: int | None


def import_anthropic(response: Path, sources: list[Path], output: Path, *,
                     document_index: int = 0, page_numbers: str = "auto",
                     prefer: str = "tightest") -> Outcome:
    """The summaries and records of `response` (the caller writes them)."""
    data = read_json(response, "response")
    base = "content"
    if isinstance(data, dict) and not isinstance(data.get("content"), list) \
            and isinstance(data.get("response"), dict):
        data = data["response"]  # a file that saved the request beside the response
        base = "response.content"
    if not isinstance(data, dict) or "content" not in data:
        raise InputError(f"{response}: not a Messages API response (no \"content\" list)")
    blocks = _blocks(data["content"], response, base)
    documents = [document_index] if len(sources) == 1 else list(range(len(sources)))
    sent = []
    for i, (document, path) in enumerate(zip(documents, sources)):
        doc = load_source(path, page_numbers=page_numbers)
        shift = None
        if doc.kind != "pdf":
            text = read_input(path, MAX_BYTES, "source document").decode("utf-8", errors="replace")
            shift = sent_to_loaded(text, doc.text, str(path))
        summary = summary_path_for(output, document, i == 0)
        sent.append(_Sent(Source(document, path, doc, summary, claims_path_for(summary)), shift))
    by_document = {s.source.document: s for s in sent}
    passages = [Passage(f"text block {number}", text,
                        tuple(_citation(c, f"text block {number}, citation {k}", by_document)
                              for k, c in enumerate(citations, 1)))
                for number, text, citations in blocks]
    return import_answer(passages, [s.source for s in sent], tool="anthropic",
                         origin=response.name, page_numbers=page_numbers, prefer=prefer)


def _blocks(content: object, response: Path, base: str) -> list[tuple[int, str, list[dict]]]:
    """(number, text, citations) of each text block; InputError naming the field for a
    response of another shape."""
    def wrong(path: str, expected: str) -> InputError:
        return InputError(f"{response}: {path}: expected {expected}")

    if not isinstance(content, list):
        raise wrong(base, "a list")
    blocks = []
    for i, block in enumerate(content):
        where = f"{base}[{i}]"
        if not isinstance(block, dict):
            raise wrong(where, "an object")
        if block.get("type") != "text":
            continue  # tool use, thinking, …: no text of the answer
        text, citations = block.get("text"), block.get("citations")
        if not isinstance(text, str):
            raise wrong(f"{where}.text", "a string")
        if citations is None:
            citations = []
        if not isinstance(citations, list):
            raise wrong(f"{where}.citations", "a list")
        for k, citation in enumerate(citations):
            at = f"{where}.citations[{k}]"
            if not isinstance(citation, dict):
                raise wrong(at, "an object")
            if not isinstance(citation.get("type"), str):
                raise wrong(f"{at}.type", "a string")
            if not isinstance(citation.get("cited_text", ""), str):
                raise wrong(f"{at}.cited_text", "a string")
            index = citation.get("document_index", 0)
            if citation["type"] in _DOCUMENT_KINDS and (
                    not isinstance(index, int) or isinstance(index, bool) or index < 0):
                raise wrong(f"{at}.document_index", "a whole number (0 or more)")
        # Its texts become the summary and its records: a text that no UTF-8 file can hold
        # is this input's fault, said before anything is written.
        refuse_surrogates(block, str(response), "$." + where)
        blocks.append((i + 1, text, citations))
    return blocks


_DOCUMENT_KINDS = ("char_location", "page_location", "content_block_location")


def _citation(raw: dict, where: str, sources: dict[int, _Sent]) -> Citation:
    kind, quote = raw["type"], raw.get("cited_text", "")
    if kind not in _DOCUMENT_KINDS:
        return Citation(where, kind, quote, not_placed=f"a {kind} citation names no place in "
                        f"a document")
    document = raw.get("document_index", 0)
    sent = sources.get(document)
    if sent is None:  # backed by a document that was not given: the core leaves it out
        return Citation(where, kind, quote, document)
    span, why = None, None
    if not quote.strip():
        why = "gives no cited text"
    elif kind == "char_location":
        span, why = _chars(raw, sent)
    elif kind == "page_location":
        span, why = _pages(raw, sent)
    else:
        span, why = _by_text(quote, sent)
    return Citation(where, kind, quote, document, span, why,
                    verbatim=kind != "content_block_location")


def _chars(raw: dict, sent: _Sent) -> tuple[Span | None, str | None]:
    if sent.shift is None:
        return None, "a char_location citation of a PDF source (which page_location cites)"
    start, end = raw.get("start_char_index"), raw.get("end_char_index")
    if not whole(start, end):
        return None, (f"char_location offsets are not whole numbers (start_char_index "
                      f"{start!r:.20}, end_char_index {end!r:.20})")
    length = len(sent.source.doc.text)
    first, last = max(0, start + sent.shift), end + sent.shift  # type: ignore[operator]
    if not 0 <= start < end or not first < last <= length:  # type: ignore[operator]
        return None, (f"characters {start}–{end} are not a stretch of the source "
                      f"({length:,} characters)")
    return Span(first, last), None


def _pages(raw: dict, sent: _Sent) -> tuple[Span | None, str | None]:
    first, end = raw.get("start_page_number"), raw.get("end_page_number")
    span = pages_span(sent.source.doc, first, end) if whole(first, end) else None
    if span is None:
        return None, (f"pages {first!r:.20}–{end!r:.20} (end exclusive) are not pages of the "
                      f"source ({len(sent.source.doc.pages)})")
    return span, None


def _by_text(quote: str, sent: _Sent) -> tuple[Span | None, str | None]:
    span, why = place_by_text(quote, sent.source)
    return span, None if why is None else f"a content_block_location citation whose {why}"
