"""`summcheck import openai`: a saved OpenAI response with citations → a summary and its
records.

Responses API: the `output_text` parts of the `message` items are the answer. A
`file_citation` annotation (`file_id`, `filename`, `index`) cites a file at one position of
the answer — the sentence that ends there, or holds it, is what it backs. The text it cites is
not in the annotation: it is in the `file_search_call` item's `results` (`file_id`, `text`),
which the request includes with `include: ["file_search_call.results"]`; of the file's
retrieved chunks, the one that shares most words with the sentence is the record's quote,
placed where it stands in the source. A file whose `filename` is not a given source's name
backs its sentence elsewhere (left out, listed). Chat Completions (`choices[0].message.content`
with `url_citation` annotations, `start_index`/`end_index` into the content): the cited
stretch of the answer is the quote when it stands in the source.
"""
from __future__ import annotations

import os
from pathlib import Path

from ..model import InputError
from ..sources import load_source
from ..summary.split import mask_inline, split_sentences
from . import read_json, refuse_surrogates
from .anthropic import claims_path_for, summary_path_for
from .core import (Citation, Item, Outcome, Source, answer_passages, import_answer,
                   place_by_text, whole)


def import_openai(response: Path, sources: list[Path], output: Path, *,
                  page_numbers: str = "auto", prefer: str = "tightest") -> Outcome:
    """The summaries and records of `response` (the caller writes them)."""
    data = read_json(response, "response")
    if not isinstance(data, dict):
        raise InputError(f"{response}: not an OpenAI response (a JSON object)")
    refuse_surrogates(data, str(response), "$")
    targets = []
    for i, path in enumerate(sources):
        doc = load_source(path, page_numbers=page_numbers)
        summary = summary_path_for(output, i, i == 0)
        targets.append(Source(i, path, doc, summary, claims_path_for(summary)))
    if isinstance(data.get("output"), list):
        answer, spans, unplaced = _responses(data, response, targets)
    elif isinstance(data.get("choices"), list):
        answer, spans, unplaced = _chat(data, response, targets)
    else:
        raise InputError(f"{response}: not an OpenAI response (no \"output\" list of the "
                         f"Responses API, no \"choices\" of Chat Completions)")
    passages = answer_passages(answer, spans, "citation")
    return import_answer(passages, targets, tool="openai", origin=response.name,
                         page_numbers=page_numbers, prefer=prefer, unplaced=unplaced)


def _wrong(response: Path, path: str, expected: str) -> InputError:
    return InputError(f"{response}: {path}: expected {expected}")


def _responses(data: dict, response: Path, targets: list[Source]):
    texts: list[tuple[str, list]] = []
    retrieved: dict[str, list[str]] = {}
    for i, item in enumerate(data["output"]):
        if not isinstance(item, dict):
            raise _wrong(response, f"output[{i}]", "an object")
        if item.get("type") == "file_search_call":
            for result in item.get("results") or []:
                if isinstance(result, dict) and isinstance(result.get("text"), str):
                    retrieved.setdefault(str(result.get("file_id")), []).append(result["text"])
        if item.get("type") != "message":
            continue
        content = item.get("content")
        if not isinstance(content, list):
            raise _wrong(response, f"output[{i}].content", "a list")
        for k, part in enumerate(content):
            if not isinstance(part, dict) or part.get("type") != "output_text":
                continue
            if not isinstance(part.get("text"), str):
                raise _wrong(response, f"output[{i}].content[{k}].text", "a string")
            notes = part.get("annotations") or []
            if not isinstance(notes, list):
                raise _wrong(response, f"output[{i}].content[{k}].annotations", "a list")
            texts.append((part["text"], notes))
    answer, spans, unplaced, n = "", [], [], 0
    for text, notes in texts:
        offset = len(answer)
        for note in notes:
            if not isinstance(note, dict):
                continue
            n += 1
            where = f"citation {n}"
            kind = note.get("type")
            if kind == "file_citation":
                index = note.get("index")
                if not whole(index) or not 0 <= index <= len(text):
                    unplaced.append(Item(where, f"index {index!r:.20} is no position of the "
                                                f"answer; it backs nothing"))
                    continue
                a, b = _sentence_at(text, index)
                citation = _file_citation(note, text[a:b], retrieved, where, targets)
                spans.append((offset + a, offset + b, (citation,)))
            elif kind == "url_citation":
                spans += _url_citation(note, text, offset, where, targets, unplaced)
        answer += text
    return answer, spans, unplaced


def _chat(data: dict, response: Path, targets: list[Source]):
    choice = data["choices"][0] if data["choices"] else None
    message = choice.get("message") if isinstance(choice, dict) else None
    if not isinstance(message, dict) or not isinstance(message.get("content"), str):
        raise _wrong(response, "choices[0].message.content", "a string")
    text, notes = message["content"], message.get("annotations") or []
    if not isinstance(notes, list):
        raise _wrong(response, "choices[0].message.annotations", "a list")
    spans, unplaced = [], []
    for n, note in enumerate(notes, 1):
        if isinstance(note, dict) and note.get("type") == "url_citation":
            # Chat Completions nests the fields: {"type": "url_citation", "url_citation": {…}}
            fields = note.get("url_citation") if isinstance(note.get("url_citation"), dict) else note
            spans += _url_citation(fields, text, 0, f"citation {n}", targets, unplaced)
    return text, spans, unplaced


def _sentence_at(text: str, index: int) -> tuple[int, int]:
    """The sentence of `text` that ends at `index` (a citation marker's place), or holds it."""
    _, scan, _ = mask_inline(text)
    sentences = split_sentences(scan) or [(0, len(text))]
    for a, b in sentences:
        if a < index <= b + 1:
            return a, b
    return sentences[-1]


def _file_citation(note: dict, sentence: str, retrieved: dict[str, list[str]], where: str,
                   targets: list[Source]) -> Citation:
    filename = note.get("filename")
    target = _target(filename, targets)
    if target is None:
        return Citation(where, "file_citation", "", -1,  # another file: backed elsewhere
                        document_name=str(filename))
    chunks = retrieved.get(str(note.get("file_id")), [])
    if not chunks:
        return Citation(where, "file_citation", "", target.document, not_placed=(
            f"the response holds no retrieved text of file {note.get('file_id')!s:.40} (ask "
            f"for it: include [\"file_search_call.results\"])"))
    words = set(sentence.lower().split())
    chunk = max(chunks, key=lambda c: (len(words & set(c.lower().split())), -chunks.index(c)))
    span, why = place_by_text(chunk, target)
    return Citation(where, "file_citation", chunk, target.document, span, why)


def _url_citation(fields: dict, text: str, offset: int, where: str, targets: list[Source],
                  unplaced: list[Item]) -> list:
    start, end = fields.get("start_index"), fields.get("end_index")
    if not whole(start, end) or not 0 <= start < end <= len(text):  # type: ignore[operator]
        unplaced.append(Item(where, f"start_index {start!r:.20}, end_index {end!r:.20} are no "
                                    f"stretch of the answer; it backs nothing"))
        return []
    quote = text[start:end]  # type: ignore[misc]
    target = targets[0]
    span, why = place_by_text(quote, target)
    why = None if why is None else (f"the cited stretch of the answer ({fields.get('url')!s:.60}"
                                     f") is no text of the source: {why}")
    return [(offset + start, offset + end,  # type: ignore[operator]
             (Citation(where, "url_citation", quote, 0, span, why),))]


def _target(filename: object, targets: list[Source]) -> Source | None:
    """The given source a file citation's `filename` names (the only one when it names
    none), or None: a file not given."""
    if not isinstance(filename, str) or not filename:
        return targets[0] if len(targets) == 1 else None
    for target in targets:
        if os.path.basename(str(target.path)) == os.path.basename(filename):
            return target
    return None
