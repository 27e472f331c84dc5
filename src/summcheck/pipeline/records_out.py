"""Write claims files the checker reads: YAML or JSON (a mapping with `claims:`) or JSONL (one
record a line), in a fixed key order, so the same records give the same bytes."""
from __future__ import annotations

import json
import os
from pathlib import Path

import yaml

# Record keys in the order a reader expects them; `x-` keys follow in the order given.
RECORD_KEYS = ("id", "claim", "locator", "quote", "strength", "topic", "source", "ignore")
TOP_KEYS = ("source", "purpose")


def ordered_record(record: dict) -> dict:
    known = {k: record[k] for k in RECORD_KEYS if k in record}
    known.update((k, v) for k, v in record.items() if k not in RECORD_KEYS)
    return known


def render_claims(path: Path, records: list[dict], top: dict | None = None) -> str:
    """The file text for `path`'s format (by its extension: .jsonl, .json, else YAML)."""
    records = [ordered_record(r) for r in records]
    suffix = path.suffix.lower()
    if suffix in (".jsonl", ".ndjson"):
        return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
    data: dict = {k: top[k] for k in TOP_KEYS if top and top.get(k) is not None}
    data.update((k, v) for k, v in (top or {}).items() if k not in TOP_KEYS and v is not None)
    data["claims"] = records
    if suffix == ".json":
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100,
                          default_flow_style=False)


def relative_to_file(target: Path, file: Path) -> str:
    """`target` as a path relative to the folder of `file` (how claims files and front matter
    name the source), with forward slashes."""
    folder = Path(os.path.abspath(file)).parent
    return Path(os.path.relpath(os.path.abspath(target), folder)).as_posix()
