"""The locator that names where a misplaced quote really stands (SUM202's fix).

Only when that is mechanically certain: the quote stands exactly once in the source (exactly,
not fuzzily, and no search was cut short), the record's locator is one place (a page, a
section, lines or characters), and the new locator — written in the record's own style, a
string edited where it names the place (`S. 4` stays German, `pp.` a range) or an object with
the same key — parses, resolves to one place, and holds the quote. Anything else is no fix;
the finding's message still names the place.
"""
from __future__ import annotations

import json
import re
from typing import Any

from ..analysis.facts import RecordResult
from ..locators import LocatorSyntaxError, parse_record_locator
from ..model import LocatorPart, RecordStatus, SourceDocument, Span
from ..locators.places import places_of
from ..locators.resolve import Resolver


def relocated(result: RecordResult, source: SourceDocument, by_label: bool) -> Any | None:
    """The record's new locator value (a str or a dict, as the record holds one), or None."""
    if result.status is not RecordStatus.MISPLACED or len(result.elsewhere) != 1 \
            or result.cut_short:
        return None
    hit = result.elsewhere[0]
    if hit.level == "fuzzy" or hit.span.end <= hit.span.start:
        return None
    return locator_for(result, hit.span, source, by_label)


def narrowed(result: RecordResult, span: Span, source: SourceDocument, by_label: bool
             ) -> Any | None:
    """SUM109's fix: the record's locator narrowed to the place `span` (where every hit of
    its quote stands), in the record's style, or None."""
    if not result.verified or result.more_hits or span.end <= span.start:
        return None
    return locator_for(result, span, source, by_label)


def locator_for(result: RecordResult, span: Span, source: SourceDocument, by_label: bool
                ) -> Any | None:
    """A locator value of the record's one part's kind and style naming the tightest place
    that holds `span`, that parses and resolves to one place holding it; or None."""
    record = result.record
    if record.locator is None or len(record.locator.parts) != 1 \
            or not isinstance(record.raw, dict):
        return None
    part = record.locator.parts[0]
    raw = record.raw.get("locator")
    if not isinstance(raw, (str, dict)):
        return None
    resolver = Resolver(source, "auto" if by_label else "physical")
    for place in places_of(part.kind, span, source, by_label):  # the tightest that resolves
        if isinstance(raw, str):
            candidates = [_restyled(raw, part, place), _canonical(part.kind, place)]
        else:
            candidates = [_object(raw, part.kind, place)]
        for candidate in candidates:
            if candidate is not None and candidate != raw and _holds(candidate, part.kind, span,
                                                                     resolver):
                return candidate
    return None


def place_name(kind: str, span: Span, source: SourceDocument, by_label: bool) -> str | None:
    """The tightest place of `kind` holding `span`, in the English form (`p. 17`,
    `pp. 17–18`, `lines 40–52`), or None."""
    place = next(places_of(kind, span, source, by_label), None)
    return None if place is None else _canonical(kind, place)


def _joined(place: tuple[str, str | None], dash: str = "–") -> str:
    return place[0] if place[1] is None else f"{place[0]}{dash}{place[1]}"


def _restyled(text: str, part: LocatorPart, place: tuple[str, str | None]) -> str | None:
    """`text` with the place it names replaced: `S. 4` → `S. 9`, `pp. 3–4` → `pp. 7–8`."""
    if part.kind == "chars":
        return None
    if part.end is None:
        at = text.rfind(part.start)
        if at == -1:
            return None
        return text[:at] + _joined(place) + text[at + len(part.start):]
    first, last = text.find(part.start), text.rfind(part.end)
    if first == -1 or last < first:
        return None
    head = text[:first]
    if place[1] is None:  # a range narrowed to one place: `pp. 1–61` → `p. 17`
        head = _SINGULAR.sub(lambda m: _singular(m.group(1)), head, count=1)
    # The record's own dash and spacing (`lines 320-321`, `pp. 3 – 4`), as it wrote the range.
    dash = text[first + len(part.start):last]
    return head + _joined(place, dash if dash.strip() in _DASHES else "–") + \
        text[last + len(part.end):]


_DASHES = ("-", "–", "—", "‐", "‑", "to", "bis", "a", "à")


#: English plural keywords and their singular, for a range narrowed to one place (any other
#: keyword is kept as written: `S. 3–9` → `S. 4`).
_SINGULARS = {"pp.": "p.", "pages": "page", "lines": "line", "ll.": "l.", "paras.": "para."}
def _singular(word: str) -> str:
    found = _SINGULARS[word.lower()]
    return found.capitalize() if word[0].isupper() else found


_SINGULAR = re.compile(r"(?i)(?<![\w.])(pp\.|pages|lines|ll\.|paras\.)(?=\s)")


def _canonical(kind: str, place: tuple[str, str | None]) -> str | None:
    """The English form: `p. 4`, `pp. 4–5`, `section 3.2`, `line 7`, `lines 7–9`."""
    single, several = {"page": ("p.", "pp."), "line": ("line", "lines"),
                       "section": ("section", "section"),
                       "paragraph": ("para.", "paras.")}.get(kind, (None, None))
    if single is None:
        return None
    return f"{single if place[1] is None else several} {_joined(place)}"


def _number(value: str, like: object) -> object:
    """`value` as a whole number where the record wrote one, else as text."""
    return int(value) if value.isdigit() and isinstance(like, int) else value


def _object(raw: dict, kind: str, place: tuple[str, str | None]) -> dict | None:
    """The locator object `raw` with its place replaced, its key and extra (`x-`) keys kept."""
    keys = [k for k in raw if not str(k).startswith("x-")]
    new = dict(raw)
    first, last = place
    if kind == "chars":
        new["start_char"], new["end_char"] = int(first), int(last)  # type: ignore[arg-type]
        return new
    if len(keys) != 1:
        return None
    key = keys[0]
    old = raw[key]
    like = old[0] if isinstance(old, list) and old else old
    if key in ("pages", "lines"):
        new[key] = [_number(first, like)] + ([] if last is None else [_number(last, like)])
    elif last is None:
        new[key] = _number(first, like)
    elif key in ("page", "line"):
        plural = key + "s"
        new = {(plural if k == key else k): v for k, v in raw.items()}
        new[plural] = [_number(first, like), _number(last, like)]
    else:
        return None
    return new


def _holds(value: Any, kind: str, span: Span, resolver: Resolver) -> bool:
    """Whether `value` parses as one place of `kind` that resolves, unambiguously, to a span
    holding `span`."""
    try:
        bare = {k: v for k, v in value.items() if not str(k).startswith("x-")} \
            if isinstance(value, dict) else value
        locator = parse_record_locator(bare)
    except LocatorSyntaxError:
        return False
    if len(locator.parts) != 1 or locator.parts[0].kind != kind:
        return False
    resolution = resolver.resolve(locator.parts[0])
    if not resolution.ok or resolution.problem is not None:
        return False
    return any(s.start <= span.start and span.end <= s.end for s in resolution.spans)


def as_json(value: Any) -> str:
    """A record value as the JSON text a Fix carries."""
    return json.dumps(value, ensure_ascii=False)
