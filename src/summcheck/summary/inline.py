"""Inline quotations: `The scheme “is case-insensitive” (section 3.1).` A quotation inside a
sentence that carries a locator is a claim record of its own — its quote the quoted text, its
locator the sentence's, its claim the sentence — checked like any record (found, misplaced,
not found, ambiguous), its findings at the summary's line and column. The sentence rests on it
as on any record that stands at its locator and shares its words (binding.py).

Which quotations count: between the quotation marks of the four languages (“…”, "…", „…“,
«…», »…«, ‚…‘), of `min_words` words or more (shorter ones are terms and scare quotes), in a
sentence with a locator (a synthesis sentence cites no place). When: `inline-quotes = "on"`;
`"auto"` (the default) when the summary names no claims file, the way other tools' answers
come; `"off"` never.
"""
from __future__ import annotations

import re
from pathlib import Path

from ..model import ClaimRecord, Locator, RecordOrigin, Sentence

#: The quotation marks of English, German, Spanish and Portuguese: opening → closing ones.
_QUOTATION = re.compile(r"“([^”]+)”|\"([^\"]+)\"|„([^“”\"]+)[“”\"]|«([^»]+)»|»([^«]+)«"
                        r"|‚([^‘’]+)[‘’]")
_OPENING = "“\"„«»‚"
#: `inline-quotes` values; the first is the default.
MODES = ("auto", "on", "off")
DEFAULT_MIN_WORDS = 4


def inline_active(mode: str, has_claims_file: bool) -> bool:
    """Whether a summary's inline quotations are claims (see the module's doc)."""
    return mode == "on" or (mode == "auto" and not has_claims_file)


def inline_records(path: Path, lines: list[str], sentences: list[Sentence], first_index: int,
                   min_words: int = DEFAULT_MIN_WORDS) -> list[ClaimRecord]:
    """The records the summary at `path` (its file's `lines`) states inline, indexed from
    `first_index` on (after the claims file's)."""
    from ..pipeline.verify import implied_strength

    records: list[ClaimRecord] = []
    for sentence in sentences:
        locators = sentence.locators
        if sentence.synthesis or not locators:
            continue
        locator = _joined(locators)
        claim = " ".join(sentence.text.split())
        for quote in quotations(sentence.text, min_words):
            line, column, end = _place(lines, sentence, quote)
            records.append(ClaimRecord(
                index=first_index + len(records), line=None, id=None, claim=claim,
                locator=locator, quote=quote, strength=implied_strength(quote) or "states",
                raw={"inline": True},
                origin=RecordOrigin(path, line, column, end, (sentence.line, sentence.column))))
    return records


def quotations(text: str, min_words: int = DEFAULT_MIN_WORDS) -> list[str]:
    """The quoted texts of `text` of `min_words` words or more, white space collapsed."""
    found = []
    for m in _QUOTATION.finditer(text):
        quoted = " ".join(next(g for g in m.groups() if g is not None).split())
        if len(quoted.split()) >= min_words:
            found.append(quoted)
    return found


def _joined(locators: list[Locator]) -> Locator:
    if len(locators) == 1:
        return locators[0]
    return Locator(tuple(part for locator in locators for part in locator.parts),
                   "; ".join(locator.text for locator in locators))


def _place(lines: list[str], sentence: Sentence, quote: str) -> tuple[int, int, int]:
    """(line, column, end column) of the quotation in the file: its first words looked for
    from the sentence's start on; the sentence's own place when they are not found there
    (a quotation broken over lines by Markdown)."""
    head = quote.split()[0]
    for number in range(sentence.line, min(len(lines), sentence.line + 20) + 1):
        line = lines[number - 1]
        start = sentence.column - 1 if number == sentence.line else 0
        found = [at for at in (line.find(mark + head, start) for mark in _OPENING) if at != -1]
        if found:
            opening = min(found)
            tail = quote[-8:]
            closing = line.find(tail, opening)
            end = closing + len(tail) + 2 if closing != -1 else len(line.rstrip()) + 1
            return number, opening + 1, end
    return sentence.line, sentence.column, sentence.column + 1


__all__ = ["inline_records", "inline_active", "quotations", "MODES",
           "DEFAULT_MIN_WORDS"]
