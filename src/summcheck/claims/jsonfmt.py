"""JSON and JSONL claims files, with duplicate keys noted and the line each record starts on.

A JSON file that does not parse is an `InputError`; in JSONL each line stands alone, so a bad
line becomes a broken record and the other lines still count.
"""
from __future__ import annotations

import json
import re
from typing import Any

from ..files.lines import line_ends, line_of
from ..model import ClaimRecord, InputError, Locator
from .numbers import whole_number
from .records import DupDict, LocatorCache, TooDeep, broken, build_record
from .wording import EMPTY, describe, one_line


def _pairs_hook(pairs: list[tuple[str, Any]]) -> dict:
    mapping = dict(pairs)
    if len(mapping) == len(pairs):
        return mapping
    seen: set[str] = set()
    dups = []
    for key, _ in pairs:
        if key in seen and key not in dups:
            dups.append(key)
        seen.add(key)
    result = DupDict(mapping)
    result.duplicates = tuple(dups)
    return result


# json.loads with duplicate-key tracking; raises ValueError (or RecursionError). A number too
# long for int() is one record's problem (its locator names no place), not the file's.
_decode = json.JSONDecoder(object_pairs_hook=_pairs_hook, parse_int=whole_number).decode
# Plain and fast: only used to find where items start, so numbers need not be converted.
_JSON_SCAN = json.JSONDecoder(parse_int=str)
_JSON_WS = re.compile(r"[ \t\n\r]*")


def _why(exc: ValueError | RecursionError, *, with_line: bool) -> str:
    """What is wrong, to follow "invalid JSON" or "not valid JSON"."""
    if isinstance(exc, json.JSONDecodeError):
        if not with_line:  # a JSONL line: the column in it
            return f" at column {exc.colno}: {exc.msg}"
        # json counts lines by \n alone; a file's lines are counted as everywhere (lines.py).
        doc, pos = exc.doc, exc.pos
        column = pos - max(doc.rfind("\n", 0, pos), doc.rfind("\r", 0, pos))
        return f" at line {line_of(doc, pos)}, column {column}: {exc.msg}"
    if isinstance(exc, RecursionError):
        return ": nested too deeply"
    return f": {one_line(str(exc))}"  # e.g. an integer with thousands of digits


# ---------------------------------------------------------------- JSON


def parse_json(text: str, name: str) -> tuple[Any, list[int] | None]:
    """Parse a JSON file; return the data and the line of every record, in order."""
    try:
        data = _decode(text)
    except (ValueError, RecursionError) as exc:
        if not text.strip():
            raise InputError(f"{name}: {EMPTY}") from None
        extra = isinstance(exc, json.JSONDecodeError) and exc.msg == "Extra data"
        hint = "; one record a line is JSONL: name the file .jsonl" if extra else ""
        raise InputError(f"{name}: invalid JSON{_why(exc, with_line=True)}{hint}") from None
    return data, _record_lines(text)


def _record_lines(text: str) -> list[int] | None:
    """Lines where the records of an already parsed JSON file start (list or `claims` form).

    A second, shallow pass with raw_decode yields each item's offset; the C scanner makes
    this cheap and keeps the main parse free of position bookkeeping.
    """
    ws = _JSON_WS.match
    i = ws(text, 0).end()
    if i >= len(text):
        return None
    offsets: list[int] | None = None
    if text[i] == "[":
        offsets, _ = _array_offsets(text, i)
    elif text[i] == "{":
        i = ws(text, i + 1).end()
        while text[i] != "}":
            key, i = _JSON_SCAN.raw_decode(text, i)
            i = ws(text, ws(text, i).end() + 1).end()  # skip ':'
            if key == "claims" and text[i] == "[":
                offsets, i = _array_offsets(text, i)  # a later duplicate wins, as in the parse
            else:
                _, i = _JSON_SCAN.raw_decode(text, i)
            i = ws(text, i).end()
            if text[i] == ",":
                i = ws(text, i + 1).end()
    if offsets is None:
        return None
    lines, line, last = [], 1, 0
    for offset in offsets:  # offsets ascend, so counting line ends in between stays linear
        line += line_ends(text, last, offset)
        last = offset
        lines.append(line)
    return lines


def _array_offsets(text: str, i: int) -> tuple[list[int], int]:
    """Offsets of the items of the array at text[i] == "[", and the offset after it."""
    ws = _JSON_WS.match
    offsets: list[int] = []
    i = ws(text, i + 1).end()
    while text[i] != "]":
        offsets.append(i)
        _, i = _JSON_SCAN.raw_decode(text, i)
        i = ws(text, i).end()
        if text[i] == ",":
            i = ws(text, i + 1).end()
    return offsets, i + 1


# ---------------------------------------------------------------- JSONL


# A string value of `"locator"`, as JSON writes one (escapes kept for the decoder).
_LOCATOR_STRING = re.compile(r'"locator"\s*:\s*("(?:[^"\\\x00-\x1f]|\\.)*")')


def _readable_locator(line: str, locators: LocatorCache) -> Locator | None:
    """The place a line that is no JSON names, when its `"locator"` string reads on its own
    (a missing comma elsewhere): the sentences at that place wait on this record (SUM200)."""
    found = _LOCATOR_STRING.search(line)
    if found is None:
        return None
    try:
        value = json.loads(found.group(1))
    except ValueError:
        return None
    return locators(value)[0] if isinstance(value, str) and value.strip() else None


def looks_like_jsonl(text: str) -> bool:
    """Whether the first non-blank line is a JSON object on its own."""
    first = next((line for line in text.split("\n") if line.strip()), "")
    try:
        return isinstance(_decode(first), dict)
    except (ValueError, RecursionError):
        return False


def load_jsonl(text: str, locators: LocatorCache) -> list[ClaimRecord]:
    """One record per non-blank line; a line that is no record becomes a broken one.

    Records are separated by `\\n` alone, as JSON Lines says (a `\\r` is white space inside
    JSON), but numbered by the lines an editor shows (lines.py), which a lone `\\r` also ends."""
    records: list[ClaimRecord] = []
    next_line, start = 1, 0
    for line in text.split("\n"):  # not splitlines(): U+2028 is no line break
        lineno, next_line = next_line, next_line + line_ends(text, start, start + len(line) + 1)
        start += len(line) + 1
        if not line.strip():
            continue
        index = len(records)
        if "\x00" in line:
            records.append(broken(index, lineno, line, "the line holds a NUL byte"))
            continue
        try:
            item = _decode(line)
        except (ValueError, RecursionError) as exc:
            records.append(broken(index, lineno, line, f"not valid JSON{_why(exc, with_line=False)}",
                                  locator=_readable_locator(line, locators)))
            continue
        if not isinstance(item, dict):
            msg = f"a JSONL line must hold one record (a JSON object), found {describe(item)}"
            records.append(broken(index, lineno, line, msg))
            continue
        try:
            records.append(build_record(index, lineno, item, "$", None, locators))
        except TooDeep as exc:
            records.append(broken(index, lineno, line, str(exc)))
    return records
