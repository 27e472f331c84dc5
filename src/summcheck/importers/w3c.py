"""`summcheck import w3c`: W3C Web Annotations (JSON-LD, as Hypothesis and `summcheck export
w3c` write them) → a summary and its records.

Each annotation's body (a TextualBody's `value`, or Hypothesis's `text`) is a claim, its target's
TextQuoteSelector (`exact`, `prefix`, `suffix`) the quote. The quote is placed where it stands in
the source: once, or, standing several times, where its prefix and suffix stand around it, else
nearest the TextPositionSelector's `start` (code points of the text the tool annotated, which
need not be the source as summcheck loads it: the position only breaks ties). A quote that
stands nowhere is placed at the position, when it gives one, so that `check` reports where
it is not (listed here as a disagreement); without one it is a record without a locator. An
annotation without a body (a highlight) states no claim: left out and listed.

Read: a JSON array of annotations, an AnnotationPage (`items`), an AnnotationCollection whose
`first` page is embedded, or a Hypothesis search result (`rows`).
"""
from __future__ import annotations

from pathlib import Path

from ..model import InputError, Span
from ..sources import load_source
from . import read_json, refuse_surrogates
from .anthropic import claims_path_for
from .core import Citation, Item, Outcome, Passage, Source, import_answer


def import_w3c(annotations: Path, source: Path, output: Path, *, page_numbers: str = "auto",
               prefer: str = "tightest") -> Outcome:
    """The summary and records of the annotations (the caller writes them)."""
    data = read_json(annotations, "annotations")
    items, base = _items(data)
    if items is None:
        raise InputError(f"{annotations}: holds no Web Annotations (a list, an AnnotationPage's "
                         f"\"items\", a collection's \"first\" page or Hypothesis \"rows\")")
    refuse_surrogates(items, str(annotations), f"$.{base}" if base else "$")
    doc = load_source(source, page_numbers=page_numbers)
    target = Source(0, source, doc, output, claims_path_for(output))
    passages, left_out = [], []
    for n, annotation in enumerate(items, 1):
        where = f"annotation {n}"
        if not isinstance(annotation, dict):
            raise InputError(f"{annotations}: {base}[{n - 1}]: expected an object")
        claim = " ".join(_body(annotation).split())
        selectors = _selectors(annotation)
        if not claim:
            left_out.append(Item(where, "no body: a highlight states no claim"))
            continue
        citation = _citation(selectors, f"{where}, target", target)
        text = claim if claim[-1:] in ".!?" else claim + "."
        passages.append(Passage(where, text + "\n\n", (citation,) if citation else ()))
    outcome = import_answer(passages, [target], tool="w3c", origin=annotations.name,
                            page_numbers=page_numbers, prefer=prefer)
    outcome.left_out[:0] = left_out
    return outcome


def _items(data: object) -> tuple[list | None, str]:
    if isinstance(data, list):
        return data, ""
    if isinstance(data, dict):
        if isinstance(data.get("items"), list):
            return data["items"], "items"
        first = data.get("first")
        if isinstance(first, dict) and isinstance(first.get("items"), list):
            return first["items"], "first.items"
        if isinstance(data.get("rows"), list):
            return data["rows"], "rows"
        if data.get("type") == "Annotation" or "target" in data:
            return [data], ""
    return None, ""


def _body(annotation: dict) -> str:
    """The annotation's text: its TextualBody values (a body may be one or a list), or
    Hypothesis's `text`."""
    bodies = annotation.get("body")
    bodies = bodies if isinstance(bodies, list) else [bodies] if bodies is not None else []
    texts = [b.get("value") for b in bodies if isinstance(b, dict)
             and isinstance(b.get("value"), str) and b.get("purpose") != "tagging"]
    texts += [b for b in bodies if isinstance(b, str)]
    if not texts and isinstance(annotation.get("text"), str):
        texts = [annotation["text"]]
    return " ".join(texts)


def _selectors(annotation: dict) -> list[dict]:
    targets = annotation.get("target")
    targets = targets if isinstance(targets, list) else [targets]
    found: list[dict] = []
    for target in targets:
        if not isinstance(target, dict):
            continue
        selectors = target.get("selector")
        selectors = selectors if isinstance(selectors, list) else [selectors]
        found += [s for s in selectors if isinstance(s, dict)]
    return found


def _citation(selectors: list[dict], where: str, target: Source) -> Citation | None:
    quote = next((s for s in selectors if s.get("type") == "TextQuoteSelector"
                  and isinstance(s.get("exact"), str) and s["exact"].strip()), None)
    position = next((s for s in selectors if s.get("type") == "TextPositionSelector"), None)
    start = end = None
    if position is not None and all(isinstance(position.get(k), int)
                                    and not isinstance(position.get(k), bool)
                                    for k in ("start", "end")):
        start, end = position["start"], position["end"]
    text = target.doc.text
    if quote is None:
        if start is None or not 0 <= start < end <= len(text):  # type: ignore[operator]
            return None  # nothing to quote and nowhere to look: the claim stands uncited
        exact = text[start:end]  # type: ignore[misc]
        return Citation(where, "TextPositionSelector", exact, 0, Span(start, end))  # type: ignore[arg-type]
    exact = quote["exact"]
    from ..matching.normalize import FoldedQuote

    hits = target.matcher.find_anywhere([(FoldedQuote.of(exact), exact)])[0]
    if hits:
        prefix, suffix = str(quote.get("prefix") or ""), str(quote.get("suffix") or "")

        def rank(hit) -> tuple:
            around = (text[max(0, hit.span.start - len(prefix)):hit.span.start].endswith(
                prefix.strip()[-20:]) if prefix.strip() else False,
                text[hit.span.end:hit.span.end + len(suffix) + 2].lstrip().startswith(
                    suffix.strip()[:20]) if suffix.strip() else False)
            distance = abs(hit.span.start - start) if start is not None else 0
            return (-sum(around), distance, hit.span.start)

        return Citation(where, "TextQuoteSelector", exact, 0, min(hits, key=rank).span)
    if start is not None and 0 <= start < end <= len(text):  # type: ignore[operator]
        return Citation(where, "TextQuoteSelector", exact, 0, Span(start, end))  # type: ignore[arg-type]
    return Citation(where, "TextQuoteSelector", exact, not_placed="its exact text stands "
                    "nowhere in the source and it gives no position")
