"""`summcheck draft`: a summary written from merged records only, checked before it is written.

The provider is given the verified records (id, claim, strength, topic, quote) and writes
Markdown whose every sentence ends with the ids of the records it uses (`[c3, c7]`) or a
synthesis label. summcheck, not the model, turns the ids into locators: each record's own
locator, which the record's quote was verified at, so a sentence citing a record is backed by
it. The draft is then checked by `summcheck.check`, the checker itself; a draft with errors is
sent back once with the findings, and refused (nothing written) if it still fails.
"""
from __future__ import annotations

import contextlib
import json
import os
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from ..claims import load_claims
from ..locators import LocatorSyntaxError, parse_record_locator
from ..model import Finding, InputError
from ..sources import load_source
from ..providers.base import DraftRequest, Provider, Usage
from .citations import locator_for_span
from .prompting import load_prompt
from .records_out import relative_to_file
from .verify import verify_records

# `[c3]`, `[c3, c7]`, `[c3; m1]`: record ids in brackets, not a Markdown link's text.
_ID_GROUP = re.compile(r"\[\s*([A-Za-z][\w.-]{0,40}(?:\s*[,;]\s*[A-Za-z][\w.-]{0,40}){0,40})\s*\](?![(\[:])")


@dataclass
class DraftSettings:
    merged: Path
    output: Path
    purpose: str
    provider: Provider
    page_numbers: str = "auto"
    allow_outside: bool = False


@dataclass
class DraftResult:
    text: str
    attempts: int
    findings: list[Finding]  # what the check found in the draft that was written (or refused)
    passed: bool
    usage: Usage = field(default_factory=Usage)
    problems: list[str] = field(default_factory=list)  # ids the draft cited that no record has


class DraftRefused(Exception):
    def __init__(self, result: DraftResult) -> None:
        super().__init__("the draft failed the check twice")
        self.result = result


def run_draft(settings: DraftSettings) -> DraftResult:
    """Draft, check, repair once; write the summary (atomically) only when it passes."""
    from ..files.output import write_atomically

    claims = load_claims(settings.merged)
    if not claims.source:
        raise InputError(f"{settings.merged}: names no source (`source:`); merge writes one")
    source = Path(settings.merged).parent / claims.source
    doc = load_source(source, page_numbers=settings.page_numbers)
    valid = [r for r in claims.records if r.valid and isinstance(r.raw, dict) and r.id]
    verdicts = verify_records(doc, [dict(r.raw) for r in valid], page_numbers=settings.page_numbers)
    records, locators = [], {}
    for record, verdict in zip(valid, verdicts):
        if not verdict.verified:
            continue
        locator = _sentence_locator(record.raw.get("locator"), doc, verdict.span,
                                    settings.page_numbers)
        if locator is None:
            continue
        locators[record.id] = locator
        records.append({"id": record.id, "claim": record.claim, "strength": record.strength,
                        "topic": record.topic, "quote": record.quote})
    if not records:
        raise InputError(f"{settings.merged}: no record verifies against {source}; nothing to "
                         f"draft from")
    prompt = load_prompt("draft")
    front = yaml.safe_dump({"source": relative_to_file(source, settings.output),
                            "claims": relative_to_file(settings.merged, settings.output),
                            "purpose": settings.purpose}, sort_keys=False, allow_unicode=True,
                           width=1000)
    records_json = json.dumps(records, ensure_ascii=False, indent=1)
    usage = Usage()
    request = DraftRequest(settings.purpose, records, prompt.system,
                           prompt.fill("user", purpose=settings.purpose, records=records_json),
                           prompt.version)
    result = None
    for attempt in (1, 2):
        reply = settings.provider.draft(request)
        usage.add(reply.usage)
        body, problems = cite_records(reply.summary, locators)
        text = f"---\n{front}---\n\n{body.strip()}\n"
        findings = check_draft(text, settings)
        errors = [f for f in findings if f.severity == "error"]
        result = DraftResult(text, attempt, findings, not errors and not problems, usage, problems)
        if result.passed:
            write_atomically(settings.output, text, "summary")
            return result
        shown = [f"line {f.line}: {f.rule} {f.name}: {f.message}" for f in errors[:40]]
        shown += [f"unknown record id: {p}" for p in problems]
        request = DraftRequest(settings.purpose, records, prompt.system,
                               prompt.fill("retry", purpose=settings.purpose, records=records_json,
                                           findings="\n".join(f"- {s}" for s in shown),
                                           previous=reply.summary),
                               prompt.version, tuple(shown), reply.summary)
    assert result is not None
    raise DraftRefused(result)


def _sentence_locator(value: object, doc, span, page_numbers: str) -> str | None:
    """The locator a sentence citing the record carries: the record's own where the summary
    grammar writes it so, else the tightest one around its verified quote."""
    if isinstance(value, str):
        return value
    try:
        parsed = parse_record_locator(value)
    except LocatorSyntaxError:
        parsed = None
    if parsed is not None and all(p.kind != "chars" for p in parsed.parts):
        return parsed.text
    place = locator_for_span(doc, span, page_numbers=page_numbers)
    return place.locator if place is not None else None


def cite_records(markdown: str, locators: dict[str, str]) -> tuple[str, list[str]]:
    """The draft with each `[c3, c7]` replaced by `(locator of c3; locator of c7)`, and the ids
    it cited that no verified record has (those groups are left as written)."""
    unknown: list[str] = []

    def replace(match: re.Match) -> str:
        ids = [i for i in re.split(r"\s*[,;]\s*", match.group(1).strip()) if i]
        if len(ids) == 1 and ids[0].casefold() in _SYNTHESIS:
            return match.group(0)
        missing = [i for i in ids if i not in locators]
        if missing:
            unknown.extend(i for i in missing if i not in unknown)
            return match.group(0)
        parts = list(dict.fromkeys(locators[i] for i in ids))
        return f"({'; '.join(parts)})"

    return _ID_GROUP.sub(replace, markdown), unknown


_SYNTHESIS = {"synthesis", "synthese", "síntesis", "síntese"}


def check_draft(text: str, settings: DraftSettings) -> list[Finding]:
    """The findings of `summcheck check` on `text` as the summary beside the output."""
    from .. import api

    folder = Path(settings.output).parent if str(Path(settings.output).parent) else Path(".")
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{Path(settings.output).name}.", suffix=".draft.md")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        report = api.check(tmp, page_numbers=settings.page_numbers,
                           allow_outside=settings.allow_outside, cache=False)
        return [f for f in report.findings]
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
