"""`summcheck import gemini`: a saved Gemini `generateContent` response with grounding → a
summary and its records.

The answer is the candidate's text parts, joined. `groundingMetadata.groundingSupports[]`
says which stretch of it (`segment`: `partIndex`, `startIndex`, `endIndex`, end exclusive, in
UTF-8 bytes of the part as the API documents them; `--offset-unit codepoint` for a tool that
counts characters) rests on which retrieved chunks (`groundingChunkIndices` into
`groundingChunks[]`). A chunk from a file search or a RAG corpus (`retrievedContext`) carries
the document text it retrieved: the record quotes it, placed where it stands in the source
(once); a web result (`web`) names no place in a document. A segment whose offsets do not land
on its own `text` is listed and its support applied to nothing: never moved.
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


def import_gemini(response: Path, source: Path, output: Path, *, offset_unit: str = "utf8",
                  page_numbers: str = "auto", prefer: str = "tightest") -> Outcome:
    """The summary and records of `response` (the caller writes them)."""
    data = read_json(response, "response")

    def wrong(path: str, expected: str) -> InputError:
        return InputError(f"{response}: {path}: expected {expected}")

    if not isinstance(data, dict) or "candidates" not in data:
        raise InputError(f"{response}: not a Gemini generateContent response (no "
                         f"\"candidates\" list)")
    candidates = data["candidates"]
    if not isinstance(candidates, list) or not candidates or not isinstance(candidates[0], dict):
        raise wrong("candidates", "a list of objects")
    candidate = candidates[0]
    refuse_surrogates(candidate, str(response), "$.candidates[0]")
    parts = (candidate.get("content") or {}).get("parts") if isinstance(
        candidate.get("content"), dict) else None
    if not isinstance(parts, list):
        raise wrong("candidates[0].content.parts", "a list")
    texts = []
    for i, part in enumerate(parts):
        if not isinstance(part, dict):
            raise wrong(f"candidates[0].content.parts[{i}]", "an object")
        text = part.get("text", "")
        if not isinstance(text, str):
            raise wrong(f"candidates[0].content.parts[{i}].text", "a string")
        texts.append("" if part.get("thought") else text)  # a thought is no answer
    starts = [sum(len(t) for t in texts[:i]) for i in range(len(texts))]
    answer = "".join(texts)
    metadata = candidate.get("groundingMetadata") or {}
    if not isinstance(metadata, dict):
        raise wrong("candidates[0].groundingMetadata", "an object")
    chunks = metadata.get("groundingChunks") or []
    supports = metadata.get("groundingSupports") or []
    for key, value in (("groundingChunks", chunks), ("groundingSupports", supports)):
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            raise wrong(f"candidates[0].groundingMetadata.{key}", "a list of objects")
    doc = load_source(source, page_numbers=page_numbers)
    target = Source(0, source, doc, output, claims_path_for(output))
    units = [OffsetUnits(t, offset_unit) for t in texts]
    spans, unplaced = [], []
    for n, support in enumerate(supports, 1):
        where = f"support {n}"
        segment = support.get("segment") if isinstance(support.get("segment"), dict) else {}
        part = segment.get("partIndex", 0)
        first, last = segment.get("startIndex", 0), segment.get("endIndex")
        indices = support.get("groundingChunkIndices") or []
        if not (whole(part, first, last) and 0 <= part < len(texts)) or not isinstance(
                indices, list):
            unplaced.append(Item(where, f"segment {segment!r:.80} names no stretch of the "
                                        f"answer; its chunks back nothing"))
            continue
        try:
            a = starts[part] + units[part].to_codepoints(first)
            b = starts[part] + units[part].to_codepoints(last)
        except ValueError as exc:
            unplaced.append(Item(where, f"segment offsets: {exc}; its chunks back nothing"))
            continue
        missed = misses_its_text(answer, a, b, segment.get("text"))
        if missed:
            unplaced.append(Item(where, f"segment {first}–{last} {missed}; its chunks back "
                                        f"nothing (the offsets are not moved)"))
            continue
        spans.append((a, b, tuple(_citation(chunks, i, f"{where}, chunk {i}", target)
                                  for i in indices)))
    passages = answer_passages(answer, spans, "support")
    return import_answer(passages, [target], tool="gemini", origin=response.name,
                         page_numbers=page_numbers, prefer=prefer, unplaced=unplaced)


def _citation(chunks: list[dict], index: object, where: str, target: Source) -> Citation:
    if not whole(index) or not 0 <= index < len(chunks):  # type: ignore[operator]
        return Citation(where, "groundingChunk", "", not_placed=f"chunk index {index!r:.20} "
                        f"names no chunk of the response ({len(chunks)})")
    chunk = chunks[index]  # type: ignore[index]
    context = chunk.get("retrievedContext")
    if not isinstance(context, dict):
        kind = next(iter(chunk), "unknown")
        return Citation(where, str(kind), "", not_placed=f"a {kind} chunk names no place in "
                        f"a document")
    text = context.get("text")
    if not isinstance(text, str) or not text.strip():
        return Citation(where, "retrievedContext", "", not_placed="a retrieved chunk without "
                        "its text (ask for it in the request) names no place")
    span, why = place_by_text(text, target)
    return Citation(where, "retrievedContext", text, 0, span, why)
