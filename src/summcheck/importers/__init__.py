"""Turn what other tools wrote into files `summcheck check` reads.

- `anthropic`: a saved Messages API response whose text blocks carry citations → a summary
  (one sentence per cited text block, locators from the citations) and claim records;
- `langextract`: LangExtract's annotated documents (JSONL) → claim records, reporting the
  extractions its aligner could not ground.

Neither needs the `anthropic` SDK or any model: both read JSON. Offsets go through
`pipeline.citations`, the mapping `extract` uses, and a unit other than code points is
converted explicitly.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from ..files import read_input
from ..model import InputError

MAX_BYTES = 200 * 1024 * 1024


@dataclass
class ImportResult:
    records: list[dict]
    sentences: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # citations or extractions left out, and why
    disagreements: list[str] = field(default_factory=list)  # cited text ≠ the source there
    summary_text: str = ""
    claims_text: str = ""


def read_json(path: Path, what: str) -> object:
    data = read_input(path, MAX_BYTES, what)
    try:
        return json.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise InputError(f"{path}: not UTF-8") from None
    except ValueError as exc:
        raise InputError(f"{path}: not JSON: {exc}") from None


def with_locator(sentence: str, locator: str) -> str:
    """`sentence` with `(locator)` before its final punctuation (or at its end, with a period)."""
    sentence = sentence.rstrip()
    end = len(sentence)
    while end and sentence[end - 1] in "\"'”’»)]*_":
        end -= 1
    if end and sentence[end - 1] in ".!?":
        return f"{sentence[:end - 1]} ({locator}){sentence[end - 1:]}"
    return f"{sentence} ({locator})."
