"""What a rule yields; the core adds code, name and the configured severity."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..terminal.display import bounded, in_quotes
from ..model import Fix

if TYPE_CHECKING:
    from ..analysis.facts import RecordResult


@dataclass(frozen=True)
class Problem:
    path: Path
    line: int | None
    message: str
    column: int | None = None
    record: "RecordResult | None" = None  # set for problems on a claim record
    # What a report shows besides the message: the record's key the problem is about (its
    # value is underlined; default: the rule's POINTS_AT), how to fix it when the rule knows
    # more than its documentation's "Fix" section, and the edit `--fix` may apply.
    points_at: str | None = None
    help: str | None = None
    fix: Fix | None = None
    differs: tuple[str, str] | None = None  # (the sentence's words, the quote's) that differ

    def __post_init__(self) -> None:
        # The rules quote input through `display.in_quotes`; this catches what reaches a
        # message unquoted (a resolver's or a loader's wording that names a number or a key).
        object.__setattr__(self, "message", bounded(self.message))
        if self.help is not None:
            object.__setattr__(self, "help", bounded(self.help))


def on_record(result: "RecordResult", message: str, claims_path: Path, *,
              points_at: str | None = None, help: str | None = None,
              fix: Fix | None = None) -> Problem:
    origin = result.record.origin
    if origin is not None:  # an inline quotation: the finding is where the summary quotes
        return Problem(origin.path, origin.line, message, column=origin.column, record=result,
                       points_at=points_at, help=help, fix=fix)
    return Problem(claims_path, result.record.line, message, record=result,
                   points_at=points_at, help=help, fix=fix)


def record_name(result: "RecordResult") -> str:
    """How a message names a record: its id, or its position (an inline quotation by its
    words)."""
    record = result.record
    if record.origin is not None:
        return f"quotation {in_quotes(record.quote, 60)}"
    if record.id:
        return f"record {in_quotes(str(record.id))}"
    where = f"line {record.line}" if record.line else f"#{record.index + 1}"
    return f"record at {where}"


def unit_name(sentence) -> str:
    """How a message names a unit of the summary: a sentence, a table row, a footnote's
    sentence, a sentence of an HTML block."""
    return {"row": "table row", "note": "footnote sentence",
            "html": "sentence of an HTML block"}.get(sentence.kind, "sentence")


def part_column(sentence_result, part) -> int | None:
    """Column of the locator group that holds `part` when it stands on the sentence's first
    line (a finding names the sentence's line), else the sentence's column."""
    sentence = sentence_result.sentence
    for group in sentence.groups:
        if group.locator is not None and part in group.locator.parts:
            return group.column if group.line == sentence.line else sentence.column
    return sentence.column
