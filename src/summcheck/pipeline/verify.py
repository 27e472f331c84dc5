"""Verify proposed records as `summcheck check` will, and settle their strength.

Records are read back through the checker's own claims reader (schema included) and matched by
`analysis.locate`/`analysis.match`, the stages `check` runs: a record the pipeline keeps is one
that `check` finds verified, by construction.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from ..analysis import facts as analysis
from ..claims import canonical_strength, loads_claims
from ..engine.options import Options
from ..language.modality import Lexicon, classes, modal_words, quote_words
from ..model import RecordStatus, SourceDocument, Span, Summary
from ..locators.resolve import Resolver

_WHY = {
    RecordStatus.INVALID: "the record breaks the claims schema",
    RecordStatus.BAD_LOCATOR: "its locator does not parse",
    RecordStatus.UNRESOLVED: "its locator names no place of the source",
    RecordStatus.CRITICAL: "the quote differs from the source in a number, negation or modal verb",
    RecordStatus.TOO_SHORT: "the quote is too short to match",
    RecordStatus.MISPLACED: "the quote stands in the source, but not at its locator",
    RecordStatus.NOT_FOUND: "the quote stands nowhere in the source",
}


@dataclass(frozen=True)
class Verdict:
    record: dict
    status: RecordStatus
    span: Span | None  # where the quote stands at its locator (the first place), when verified
    problem: str  # why it is not verified; "" when it is

    @property
    def verified(self) -> bool:
        return self.status is RecordStatus.VERIFIED


def verify_records(doc: SourceDocument, records: list[dict], *, page_numbers: str = "auto",
                   lexicon: Lexicon | None = None) -> list[Verdict]:
    """Each record's verdict, in order, as the checker's match stage gives it."""
    if not records:
        return []
    claims = loads_claims(json.dumps(records, ensure_ascii=False), fmt="json",
                          path=Path("<proposed records>"))
    summary = Summary(Path("<no summary>"), {}, [])
    resolver = Resolver(doc, page_numbers)  # type: ignore[arg-type]
    located = analysis.locate(summary, claims, resolver)
    matched = analysis.match(summary, claims, doc, located, Options().fuzzy, lexicon)
    verdicts = []
    for record, result in zip(records, matched.records):
        status = result.status
        if status is RecordStatus.VERIFIED:
            verdicts.append(Verdict(record, status, result.hits[0].span, ""))
            continue
        why = _WHY.get(status, status.value)
        if status is RecordStatus.INVALID:
            why += ": " + "; ".join(f"{e.json_path}: {e.message}" for e in result.record.errors[:3])
        verdicts.append(Verdict(record, status, None, why))
    return verdicts


def implied_strength(quote: str, lexicon: Lexicon | None = None) -> str | None:
    """The strength a quote's modal words call for: requires, recommends, or None (no modal
    word that decides one)."""
    found = classes(modal_words(quote, lexicon))
    if "requires" in found:
        return "requires"
    if "recommends" in found:
        return "recommends"
    return None


def settle_strength(proposed: object, quote: str, lexicon: Lexicon | None = None
                    ) -> tuple[str, str]:
    """(strength, note): the proposed strength when the quote's modality allows it (the rule
    of SUM302 strength-mismatch), else the one the quote calls for; `note` says what changed."""
    canonical = canonical_strength(proposed) if isinstance(proposed, str) else None
    words = modal_words(quote, lexicon)
    found = classes(words)
    if canonical is None:
        assigned = implied_strength(quote, lexicon) or "states"
        note = "" if proposed in (None, "") else f"strength {proposed!r} is no strength; assigned {assigned!r}"
        return assigned, note
    if "requires" in found and canonical != "requires":
        return "requires", (f"proposed as {canonical!r} but the quote requires "
                            f"({quote_words(words, 'requires')}); recorded as 'requires'")
    if "recommends" in found and "requires" not in found and canonical in ("requires", "states"):
        return "recommends", (f"proposed as {canonical!r} but the quote only recommends "
                              f"({quote_words(words, 'recommends')}); recorded as 'recommends'")
    return canonical, ""
