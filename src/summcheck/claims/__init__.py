"""Load claim records (YAML, JSON, JSONL) into `ClaimRecord`s.

Whole-file problems (missing, unreadable, unparseable, wrong shape) raise `InputError`
(exit 2). Problems inside one record become `RecordError`s on that record (SUM200), so one
bad record never hides the others. Every record knows the line it starts on.

This module is the public entry and decides what a claims file as a whole looks like; the
pieces behind it, in the order a claims file meets them:

- `read`: the file's bytes, within a size limit, decoded to text.
- `jsonfmt`, `yamlfmt`: parsing, with duplicate keys noted and the line each record starts on.
- `records`: one parsed record to a `ClaimRecord` (text normalised, locator parsed).
- `validate`: the schema check of one record, its fast path and its messages.
- `wording`: JSON paths and short descriptions of values, for messages.
- `positions`: where each record, and each value in it, stands in the file's text.
- `work`: the claim-side work that needs no source (quotes folded, modal words found).
- `index`: the records as an index into the source (`summcheck table`).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from .jsonfmt import load_jsonl, looks_like_jsonl, parse_json
from .read import read_text
from .records import MAX_DEPTH, LocatorCache, TooDeep, build_record, nfc
from .validate import STRENGTHS, canonical_strength, claims_schema, record_validator
from .wording import describe, short, suggest
from .yamlfmt import parse_yaml
from ..model import ClaimsFile, InputError

__all__ = [
    "DEFAULT_MAX_BYTES",
    "MAX_DEPTH",
    "STRENGTHS",
    "canonical_strength",
    "claims_format",
    "claims_schema",
    "load_claims",
    "loads_claims",
    "record_validator",
]

DEFAULT_MAX_BYTES = 50_000_000

_TOP_KEYS = ("claims", "source", "purpose")
_FORMATS = {".jsonl": "jsonl", ".ndjson": "jsonl", ".json": "json", ".yaml": "yaml", ".yml": "yaml"}


def load_claims(path: Path, *, max_bytes: int = DEFAULT_MAX_BYTES) -> ClaimsFile:
    """Read a claims file; the format follows the extension (unknown: JSON, then YAML)."""
    path = Path(path)
    text = read_text(path, max_bytes)
    return loads_claims(text, fmt=_FORMATS.get(path.suffix.lower()), path=path)


def loads_claims(text: str, *, fmt: str | None, path: Path = Path("<claims>")) -> ClaimsFile:
    """Parse claims from text. `fmt` is "jsonl", "json", "yaml" or None (guess). The file
    keeps the text and the format it was read as (where findings point, `--fix`)."""
    claims = _loads(text, fmt, path)
    claims.text = text
    return claims


def claims_format(path: Path) -> str | None:
    """The format a claims file's extension names (None: guessed from its text)."""
    return _FORMATS.get(Path(path).suffix.lower())


def _loads(text: str, fmt: str | None, path: Path) -> ClaimsFile:
    name = str(path)
    locators = LocatorCache()
    if fmt == "jsonl":
        return ClaimsFile(path, load_jsonl(text, locators), format="jsonl")
    if fmt == "json":
        data, lines = parse_json(text, name)
    elif fmt == "yaml":
        data, lines = parse_yaml(text, name)
    else:
        # Unknown extension: JSON is the stricter reading, so it goes first.
        try:
            data, lines = parse_json(text, name)
            fmt = "json"
        except InputError:
            if looks_like_jsonl(text):
                return ClaimsFile(path, load_jsonl(text, locators), format="jsonl")
            data, lines = parse_yaml(text, name)
            fmt = "yaml"
    claims = _from_data(data, lines, path, locators)
    claims.format = fmt
    return claims


# ---------------------------------------------------------------- shape of the file


def _from_data(data: Any, lines: list[int] | None, path: Path, locators: LocatorCache) -> ClaimsFile:
    """The records of a parsed JSON or YAML file; `lines` gives the line each one starts on."""
    name = str(path)
    source = purpose = None
    if isinstance(data, list):
        items, base = data, "$"
    elif isinstance(data, dict):
        items, source, purpose = _top_mapping(data, name)
        base = "$.claims"
    else:
        raise InputError(f"{name}: holds {describe(data)}, not a list of claim records or a mapping with claims:")
    # An empty list is a file with no records (its summary's sentences are then unbacked,
    # SUM103); a list holding no mapping at all is something else.
    if items and not any(isinstance(item, dict) for item in items):
        raise InputError(f"{name}: holds a list whose items are not claim records (the first is {describe(items[0])})")
    if lines is not None and len(lines) != len(items):
        lines = None  # YAML merge tricks can hide the structure; better no line than a wrong one
    memo: dict[int, Any] = {}  # shared across records: a YAML alias may point into another one
    records = []
    for index, item in enumerate(items):
        line = lines[index] if lines else None
        try:
            records.append(build_record(index, line, item, f"{base}[{index}]", memo, locators))
        except TooDeep as exc:
            where = f" (record at line {line})" if line else f" (record {base}[{index}])"
            raise InputError(f"{name}: {exc}{where}") from None
    return ClaimsFile(path, records, source=source, purpose=purpose)


def _top_mapping(data: dict, name: str) -> tuple[list, str | None, str | None]:
    """The records, source and purpose of the mapping form (`claims:`, `source:`, `purpose:`)."""
    if "claims" not in data:
        if "claim" in data or "quote" in data:
            raise InputError(f"{name}: holds a single record; put it in a list or under claims:")
        raise InputError(f"{name}: a mapping without claims:; expected a list of claim records or a mapping with claims:")
    dups = getattr(data, "duplicates", ())
    if dups:
        raise InputError(f"{name}: top-level key {short(dups[0])} appears more than once")
    for key in data:
        if not isinstance(key, str) or (key not in _TOP_KEYS and not key.startswith("x-")):
            raise InputError(f"{name}: unknown top-level key {short(key)}{suggest(key, _TOP_KEYS)}"
                             " (allowed: claims, source, purpose, x-…)")
    items = data["claims"]
    if not isinstance(items, list):
        raise InputError(f"{name}: claims: must be a list of records, found {describe(items)}")
    texts = []
    for key in ("source", "purpose"):
        value = data.get(key)
        if value is not None and not isinstance(value, str):
            raise InputError(f"{name}: {key}: must be text, found {describe(value)}")
        texts.append(nfc(value) if value is not None else None)
    return items, texts[0], texts[1]
