"""The claim records as an index into the source: what `summcheck table` prints."""
from __future__ import annotations

from dataclasses import dataclass

from ..analysis.facts import Analysis, RecordResult
from ..model import RecordStatus

STATUS_WORDS = {RecordStatus.INVALID: "invalid record",
                RecordStatus.BAD_LOCATOR: "malformed locator",
                RecordStatus.UNRESOLVED: "locator not in source",
                RecordStatus.MISPLACED: "misplaced", RecordStatus.NOT_FOUND: "not found",
                RecordStatus.CRITICAL: "fuzzy, says otherwise",
                RecordStatus.TOO_SHORT: "too short to match fuzzily"}


@dataclass(frozen=True)
class IndexRow:
    topic: str | None
    id: str | None
    line: int | None  # where the record starts in the claims file
    claim: str
    strength: str
    locator: str
    quote: str
    match: str  # exact, normalized, or why the quote did not verify
    cited_by: tuple[int, ...]  # summary lines of the sentences it backs


def match_word(result: RecordResult) -> str:
    """How the record's quote stands: `exact`, `normalized`, `fuzzy`, or why it does not."""
    if result.verified:
        levels = {hit.level for hit in result.hits}
        return "exact" if "exact" in levels else sorted(levels)[0]
    return STATUS_WORDS[result.status]


def claim_index(analysis: Analysis) -> list[IndexRow]:
    """One row per record, grouped by topic (in order of first appearance), then file order."""
    cited: dict[int, list[int]] = {}
    for sentence in analysis.sentences:
        for bound in sentence.bound:  # the records it rests on (binding.py)
            lines = cited.setdefault(id(bound.result), [])
            if sentence.sentence.line not in lines:
                lines.append(sentence.sentence.line)
    rows = []
    for result in analysis.records:
        record = result.record
        match = match_word(result)
        locator = record.locator.text if record.locator is not None else ""
        rows.append(IndexRow(record.topic, record.id, record.line, record.claim, record.strength,
                             locator, record.quote, match, tuple(cited.get(id(result), ()))))
    topics = list(dict.fromkeys(row.topic for row in rows))
    return sorted(rows, key=lambda row: topics.index(row.topic))


def render_markdown(rows: list[IndexRow], title: str) -> str:
    """Markdown tables, one per topic."""
    out = [f"# Claim index: {title}", ""]
    for topic in dict.fromkeys(row.topic for row in rows):
        out += [f"## {topic or '(no topic)'}", "",
                "| claim | strength | locator | quote | match | cited by |",
                "|---|---|---|---|---|---|"]
        for row in (r for r in rows if r.topic == topic):
            cited = ", ".join(f"line {n}" for n in row.cited_by) or "—"
            cells = [row.claim, row.strength, row.locator, f"“{row.quote}”", row.match, cited]
            out.append("| " + " | ".join(_cell(c) for c in cells) + " |")
        out.append("")
    return "\n".join(out)


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("\\", "\\\\").replace("|", "\\|")
