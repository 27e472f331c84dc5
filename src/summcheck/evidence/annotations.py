"""Every verified quote of a summary as a W3C Web Annotation (https://www.w3.org/TR/annotation-model/):
the record's claim is the body, the quote's place in the source the target, with a
TextQuoteSelector (exact, prefix, suffix) and a TextPositionSelector (code points of the
source as summcheck loads it), so annotation tools (Hypothesis, Recogito) can show the
evidence; `summcheck import w3c` reads such annotations back.
"""
from __future__ import annotations

from pathlib import Path

from ..analysis.facts import Analysis
from .places import place_of

CONTEXT = "http://www.w3.org/ns/anno.jsonld"


def web_annotations(analysis: Analysis, source_iri: str) -> dict:
    """An AnnotationPage of the summary's verified quotes, in claims-file then document order;
    each annotation's id names the summary and the record (stable across runs)."""
    items = []
    summary = Path(analysis.summary.path).as_posix()
    for result in analysis.records:
        if not result.verified:
            continue
        record = result.record
        name = str(record.id) if record.id is not None else f"#{record.index + 1}"
        for n, hit in enumerate(result.hits, 1):
            place = place_of(analysis.source, hit.span, by_label=analysis.pages_by_label)
            selectors = place.to_json()["selectors"]
            item = {
                "id": f"urn:summcheck:{summary}:{name}:{n}",
                "type": "Annotation",
                "motivation": "describing",
                "body": {"type": "TextualBody", "value": record.claim, "format": "text/plain",
                         "purpose": "describing"},
                "target": {"source": source_iri, "selector": selectors},
            }
            items.append(item)
    return {"@context": CONTEXT, "type": "AnnotationPage", "items": items}
