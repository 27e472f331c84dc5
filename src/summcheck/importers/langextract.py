"""`summcheck import langextract`: LangExtract's annotated documents → claim records.

LangExtract (google/langextract) saves one annotated document a JSONL line: `{"document_id",
"text", "extractions": [{"extraction_class", "extraction_text", "char_interval":
{"start_pos", "end_pos"}, "alignment_status", "attributes", …}]}`. `char_interval` is end
exclusive and counts code points of `text` (Python string offsets); a tool that counts UTF-8
bytes or UTF-16 code units instead is read with `--offset-unit`. `alignment_status` says how
its aligner grounded the extraction: `match_exact`, or approximately (`match_greater`,
`match_lesser`, `match_fuzzy`); none (and no `char_interval`) means it was not grounded.

Each extraction becomes a record: the claim is the extraction text, the topic its class, the
locator the tightest one around the interval. The quote is the extraction text when the
aligner matched it exactly, else the source text the aligner grounded it to (the extraction
text is no verbatim quote then; the record says so in `x-alignment-status`). An extraction
the aligner did not ground, or whose interval is no stretch of the source, is a record with
its text as the quote and no locator (`x-not-placed` says why), which `summcheck check`
reports: it is listed too, never dropped (importers/core.py).
"""
from __future__ import annotations

from pathlib import Path

from ..files.reading import read_input
from ..matching.exact import Matcher
from ..model import InputError, Span
from ..pipeline.citations import OffsetUnits, sent_to_loaded
from ..pipeline.records_out import render_claims
from ..pipeline.verify import settle_strength
from ..sources import load_source
from . import MAX_BYTES, parse_json, refuse_surrogates
from .core import Citation, Item, Outcome, Written, not_placed_record, place_citation

EXACT = "match_exact"


def read_documents(path: Path) -> list[dict]:
    """The annotated documents of a LangExtract JSONL file (a JSON object or list is read too)."""
    return [document for _, document in _read_documents(path)]


def _read_documents(path: Path) -> list[tuple[str, dict]]:
    """(where, document) of each annotated document: `where` names the file, and the line of
    a JSONL file, for a message about that document."""
    raw = read_input(path, MAX_BYTES, "LangExtract output")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError(f"{path}: not UTF-8") from None
    stripped = text.strip()
    found: list[tuple[str, object]] = []
    if stripped.startswith("["):
        data = parse_json(stripped, str(path))
        found = [(str(path), d) for d in data] if isinstance(data, list) else []
    else:
        for number, line in enumerate(text.splitlines(), 1):
            if line.strip():
                found.append((f"{path}:{number}", parse_json(line, f"{path}:{number}")))
    documents = [(where, d) for where, d in found if isinstance(d, dict)]
    if not documents or not any(isinstance(d.get("extractions"), list) for _, d in documents):
        raise InputError(f"{path}: holds no LangExtract annotated document (no \"extractions\")")
    return documents


def import_langextract(path: Path, source: Path, output: Path, *, offset_unit: str = "codepoint",
                       document_id: str | None = None, page_numbers: str = "auto",
                       prefer: str = "tightest") -> Outcome:
    """The records of `path`'s document for `source` (the caller writes them)."""
    doc = load_source(source, page_numbers=page_numbers)
    where, annotated = _pick(_read_documents(path), doc.text, document_id, path)
    extractions = annotated.get("extractions")
    if not isinstance(extractions, list):
        raise InputError(f"{where}: extractions: expected a list")
    # Its texts become the records' claims, quotes and attributes: one that no UTF-8 file can
    # hold is this input's fault, said before anything is written.
    refuse_surrogates(extractions, where, "$.extractions")
    basis = annotated.get("text") if isinstance(annotated.get("text"), str) else None
    if basis is not None:
        shift = sent_to_loaded(basis, doc.text, str(path))
    else:  # no text saved: the offsets count in the source as summcheck loads it
        basis, shift = doc.text, 0
    units = OffsetUnits(basis, offset_unit)
    matcher = Matcher(doc)
    written = Written(source, None, output)
    outcome = Outcome([written])
    for number, item in enumerate(extractions, 1):
        if not isinstance(item, dict):
            raise InputError(f"{where}: extractions[{number - 1}]: expected an object")
        text = item.get("extraction_text")
        if not isinstance(text, str):
            raise InputError(f"{where}: extractions[{number - 1}].extraction_text: expected a "
                             f"string")
        label = f"extraction {number} ({_short(text)})"
        if not text.strip():
            outcome.left_out.append(Item(label, "no extraction text: it carries no claim"))
            continue
        status = item.get("alignment_status")
        citation = _citation(item, label, text, units, shift, len(doc.text))
        found, why, disagreement = place_citation(citation, doc, matcher, page_numbers, prefer)
        quote = text
        if found is not None and status != EXACT:
            quote = doc.text[citation.span.start:citation.span.end].strip()  # type: ignore[union-attr]
            outcome.notes.append(f"{label}: aligned only approximately ({status}); the record "
                                 f"quotes the grounded source text instead")
        elif disagreement is not None:
            outcome.disagreements.append(Item(label, disagreement))
        attributes = item.get("attributes") if isinstance(item.get("attributes"), dict) else {}
        strength, _ = settle_strength(attributes.get("strength"), quote)
        record = {"id": f"x{len(written.records) + 1}", "claim": " ".join(text.split()),
                  "locator": found[0] if found else None, "quote": quote, "strength": strength}
        if isinstance(item.get("extraction_class"), str) and item["extraction_class"].strip():
            record["topic"] = item["extraction_class"].strip()
        record["x-alignment-status"] = status
        if attributes:
            record["x-attributes"] = attributes
        if found is None:
            outcome.not_placed.append(Item(label, f"{why}; its record has no locator"))
            not_placed_record(record, why or "names no place in the source")
        written.records.append(record)
    written.claims_text = render_claims(output, written.records)
    return outcome


def _citation(item: dict, label: str, text: str, units: OffsetUnits, shift: int,
              length: int) -> Citation:
    """Where the extraction's interval places it, or why it places it nowhere."""
    status = item.get("alignment_status")
    interval = item.get("char_interval") if isinstance(item.get("char_interval"), dict) else {}
    start, end = interval.get("start_pos"), interval.get("end_pos")

    def nowhere(why: str) -> Citation:
        return Citation(label, "char_interval", text, not_placed=why)

    if status is None or not all(isinstance(v, int) and not isinstance(v, bool)
                                 for v in (start, end)):
        return nowhere("not grounded by LangExtract's aligner (no char_interval or "
                       "alignment_status)")
    try:
        span = Span(units.to_codepoints(start) + shift, units.to_codepoints(end) + shift)
    except ValueError as exc:
        return nowhere(str(exc))
    span = Span(max(span.start, 0), span.end)
    if not span.start < span.end <= length:
        return nowhere(f"interval {start}–{end} is empty or outside the source")
    return Citation(label, "char_interval", text, span=span, verbatim=status == EXACT)


def _pick(documents: list[tuple[str, dict]], text: str, document_id: str | None,
          path: Path) -> tuple[str, dict]:
    if document_id is not None:
        found = [(w, d) for w, d in documents if d.get("document_id") == document_id]
        if not found:
            raise InputError(f"{path}: no document with document_id {document_id!r}")
        return found[0]
    if len(documents) == 1:
        return documents[0]
    same = [(w, d) for w, d in documents if d.get("text") in (text, "\ufeff" + text)]
    if len(same) == 1:
        return same[0]
    raise InputError(f"{path}: holds {len(documents)} documents and "
                     f"{'none' if not same else 'several'} with the source's text; name one "
                     f"with --document-id")


def _short(text: str) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= 50 else text[:47] + "…")
