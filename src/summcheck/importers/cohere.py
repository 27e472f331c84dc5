"""`summcheck import cohere`: a saved Cohere Chat response with citations → a summary and its
records.

Chat v2 (`message.content[]` text, `message.citations[]` with `start`, `end`, `text` and
`sources[]` of `{"type": "document", "id", "document": {…}}`) and v1 (`text`, `citations[]`
with `document_ids`, `documents[]`) are read. `start`/`end` are end-exclusive offsets into the
answer text in characters (code points, as Cohere's Python SDK counts them; `--offset-unit
utf16` for a JavaScript client's). A cited document's text (`text`, else `snippet`, else its
other text fields) is the record's quote, placed where it stands in the source (once); a tool
result names no place in a document. A citation whose offsets do not land on its own `text`
is listed and applied to nothing: never moved.
"""
from __future__ import annotations

from pathlib import Path

from ..model import InputError
from ..pipeline.citations import OffsetUnits
from ..sources import load_source
from . import read_json, refuse_surrogates
from .anthropic import claims_path_for
from .core import (Citation, Item, Outcome, Source, answer_passages, import_answer,
                   misses_its_text, place_by_text, whole)

_NOT_TEXT = frozenset({"id", "title", "url", "uri", "timestamp", "date"})


def import_cohere(response: Path, source: Path, output: Path, *,
                  offset_unit: str = "codepoint", page_numbers: str = "auto",
                  prefer: str = "tightest") -> Outcome:
    """The summary and records of `response` (the caller writes them)."""
    data = read_json(response, "response")

    def wrong(path: str, expected: str) -> InputError:
        return InputError(f"{response}: {path}: expected {expected}")

    if not isinstance(data, dict):
        raise InputError(f"{response}: not a Cohere Chat response (a JSON object)")
    refuse_surrogates(data, str(response), "$")
    if isinstance(data.get("message"), dict):  # v2
        message, base = data["message"], "message"
        content = message.get("content") or []
        if not isinstance(content, list):
            raise wrong("message.content", "a list")
        answer = "".join(c.get("text", "") for c in content
                         if isinstance(c, dict) and c.get("type") == "text"
                         and isinstance(c.get("text"), str))
        citations = message.get("citations") or []
        documents: dict[str, dict] = {}
    elif isinstance(data.get("text"), str):  # v1
        message, base, answer = data, "", data["text"]
        citations = data.get("citations") or []
        documents = {str(d.get("id")): d for d in data.get("documents") or []
                     if isinstance(d, dict)}
    else:
        raise InputError(f"{response}: not a Cohere Chat response (no \"message\" nor \"text\")")
    where_citations = f"{base}.citations" if base else "citations"
    if not isinstance(citations, list) or not all(isinstance(c, dict) for c in citations):
        raise wrong(where_citations, "a list of objects")
    doc = load_source(source, page_numbers=page_numbers)
    target = Source(0, source, doc, output, claims_path_for(output))
    units = OffsetUnits(answer, offset_unit)
    spans, unplaced = [], []
    for n, citation in enumerate(citations, 1):
        where = f"citation {n}"
        start, end, said = citation.get("start"), citation.get("end"), citation.get("text")
        try:
            if not (whole(start, end) and start < end):  # type: ignore[operator]
                raise ValueError(f"offsets {start!r:.20}–{end!r:.20} are no stretch of it")
            a, b = units.to_codepoints(start), units.to_codepoints(end)  # type: ignore[arg-type]
        except ValueError as exc:
            unplaced.append(Item(where, f"the answer's {exc}; its documents back nothing"))
            continue
        missed = misses_its_text(answer, a, b, said)
        if missed:
            unplaced.append(Item(where, f"characters {start}–{end} {missed}; its documents back "
                                        f"nothing (the offsets are not moved)"))
            continue
        cited = [(s.get("id"), s.get("document"), s.get("type", "document"))
                 for s in citation.get("sources") or [] if isinstance(s, dict)]
        cited += [(i, documents.get(str(i)), "document") for i in citation.get("document_ids") or []]
        spans.append((a, b, tuple(_citation(i, d, kind, f"{where}, document {i}", target)
                                  for i, d, kind in cited)))
    passages = answer_passages(answer, spans, "citation")
    return import_answer(passages, [target], tool="cohere", origin=response.name,
                         page_numbers=page_numbers, prefer=prefer, unplaced=unplaced)


def document_text(document: dict) -> str:
    """A cited document's text: `text`, else `snippet`, else its other text fields."""
    for key in ("text", "snippet", "content"):
        if isinstance(document.get(key), str) and document[key].strip():
            return document[key]
    return " ".join(v for k, v in document.items() if isinstance(v, str) and k not in _NOT_TEXT)


def _citation(ident: object, document: object, kind: object, where: str,
              target: Source) -> Citation:
    if kind != "document":
        return Citation(where, str(kind), "", not_placed=f"a {kind} source names no place in a "
                        f"document")
    if not isinstance(document, dict):
        return Citation(where, "document", "", not_placed="the response holds no text of the "
                        "cited document")
    text = document_text(document)
    if not text.strip():
        return Citation(where, "document", "", not_placed="the cited document has no text")
    span, why = place_by_text(text, target)
    return Citation(where, "document", text, 0, span, why)
