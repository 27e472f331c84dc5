"""Load claim records (YAML, JSON, JSONL) into `ClaimRecord`s.

Whole-file problems (missing, unreadable, unparseable, wrong shape) raise `InputError`
(exit 2). Problems inside one record become `RecordError`s on that record (SUM200), so one
bad record never hides the others. Every record knows the line it starts on.
"""
from __future__ import annotations

import codecs
import datetime
import difflib
import functools
import importlib.resources
import json
import os
import re
import stat
import unicodedata
from collections.abc import Hashable, Iterable
from pathlib import Path
from typing import Any

import yaml
from jsonschema import Draft202012Validator, ValidationError

from .locators import LocatorSyntaxError, parse_record_locator
from .model import ClaimRecord, ClaimsFile, InputError, RecordError

__all__ = [
    "STRENGTHS",
    "canonical_strength",
    "claims_schema",
    "load_claims",
    "loads_claims",
    "record_validator",
]

DEFAULT_MAX_BYTES = 50_000_000
# Real records nest three levels (record > locator > lines); `x-` keys may hold a little more.
# Anything deeper is not a claims file but an attack or an accident.
MAX_DEPTH = 64

# Accepted strength words (lower case) -> canonical English value.
STRENGTHS: dict[str, str] = {
    "states": "states",
    "recommends": "recommends",
    "requires": "requires",
    "reports": "reports",
    # German
    "feststellend": "states",
    "empfehlend": "recommends",
    "fordernd": "requires",
    "berichtend": "reports",
    # Spanish (afirma and exige are shared with Portuguese)
    "afirma": "states",
    "recomienda": "recommends",
    "exige": "requires",
    "informa": "reports",
    # Portuguese
    "recomenda": "recommends",
    "relata": "reports",
}

RECORD_KEYS = ("id", "claim", "locator", "quote", "strength", "topic", "ignore")
LOCATOR_KINDS = ("page", "pages", "section", "lines", "line", "start_char", "end_char")
_TOP_KEYS = ("claims", "source", "purpose")
_FORMATS = {".jsonl": "jsonl", ".ndjson": "jsonl", ".json": "json", ".yaml": "yaml", ".yml": "yaml"}


def canonical_strength(value: object) -> str | None:
    """The canonical English strength for `value` (any case, any supported language), or None."""
    return STRENGTHS.get(value.lower()) if isinstance(value, str) else None


@functools.lru_cache(maxsize=None)
def claims_schema() -> dict:
    """The shipped claims schema (`schemas/claims.schema.json`)."""
    resource = importlib.resources.files("summcheck") / "schemas" / "claims.schema.json"
    return json.loads(resource.read_text(encoding="utf-8"))


@functools.lru_cache(maxsize=None)
def record_validator() -> Draft202012Validator:
    """A validator for one record, built once: building it is far costlier than using it."""
    schema = claims_schema()
    return Draft202012Validator({"$defs": schema["$defs"], "$ref": "#/$defs/record"})


@functools.lru_cache(maxsize=None)
def _ignore_pattern() -> re.Pattern[str]:
    # The schema's own pattern, so the fast path below cannot drift from it.
    return re.compile(claims_schema()["$defs"]["record"]["properties"]["ignore"]["items"]["pattern"])


# ---------------------------------------------------------------- entry points


def load_claims(path: Path, *, max_bytes: int = DEFAULT_MAX_BYTES) -> ClaimsFile:
    """Read a claims file; the format follows the extension (unknown: JSON, then YAML)."""
    path = Path(path)
    text = _decode(_read_bytes(path, max_bytes), str(path))
    fmt = _FORMATS.get(path.suffix.lower())
    return loads_claims(text, fmt=fmt, path=path)


def loads_claims(text: str, *, fmt: str | None, path: Path = Path("<claims>")) -> ClaimsFile:
    """Parse claims from text. `fmt` is "jsonl", "json", "yaml" or None (guess)."""
    name = str(path)
    if fmt == "jsonl":
        return ClaimsFile(path, _load_jsonl(text))
    if fmt == "json":
        data, offsets = _parse_json(text, name)
        return _from_data(data, offsets, path)
    if fmt == "yaml":
        data, lines = _parse_yaml(text, name)
        return _from_data(data, lines, path)
    # Unknown extension: JSON is the stricter reading, so it goes first.
    try:
        data, offsets = _parse_json(text, name)
    except InputError:
        if _looks_like_jsonl(text):
            return ClaimsFile(path, _load_jsonl(text))
        data, offsets = _parse_yaml(text, name)
    return _from_data(data, offsets, path)


# ---------------------------------------------------------------- reading and decoding


def _read_bytes(path: Path, max_bytes: int) -> bytes:
    name = str(path)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise InputError(f"{name}: no such file") from None
    except OSError as exc:
        raise InputError(f"{name}: cannot read ({exc.strerror or exc})") from None
    if stat.S_ISDIR(info.st_mode):
        raise InputError(f"{name}: is a directory, not a claims file")
    if not stat.S_ISREG(info.st_mode):
        # Opening a FIFO would block forever; devices can be endless.
        raise InputError(f"{name}: not a regular file (FIFO, socket or device)")
    if info.st_size > max_bytes:
        raise InputError(f"{name}: too large ({info.st_size:,} bytes; the limit is {max_bytes:,})")
    try:
        with open(path, "rb") as handle:
            data = handle.read(max_bytes + 1)  # the file may have grown since stat
    except OSError as exc:
        raise InputError(f"{name}: cannot read ({exc.strerror or exc})") from None
    if len(data) > max_bytes:
        raise InputError(f"{name}: too large (more than {max_bytes:,} bytes)")
    return data


def _decode(data: bytes, name: str) -> str:
    if data.startswith(codecs.BOM_UTF8):
        data, encoding = data[3:], "utf-8"
    elif data.startswith((codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)):  # before UTF-16: same prefix
        encoding = "utf-32"
    elif data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        encoding = "utf-16"
    else:
        encoding = "utf-8"
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        if encoding == "utf-8":
            line = data.count(b"\n", 0, exc.start) + 1
            bad = data[exc.start : exc.start + 1].hex()
            raise InputError(f"{name}: not valid UTF-8 at line {line} (byte 0x{bad}); save it as UTF-8") from None
        raise InputError(f"{name}: not valid {encoding.upper()} ({exc.reason})") from None


# ---------------------------------------------------------------- JSON and JSONL


class _Dict(dict):
    """A mapping that remembers keys its file gave more than once (the parsers keep the last)."""

    duplicates: tuple[str, ...] = ()


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
    result = _Dict(mapping)
    result.duplicates = tuple(dups)
    return result


_JSON = json.JSONDecoder(object_pairs_hook=_pairs_hook)
_JSON_SCAN = json.JSONDecoder()  # plain and fast: only used to find where items start
_JSON_WS = re.compile(r"[ \t\n\r]*")


def _json_loads(text: str) -> Any:
    """json.loads with duplicate-key tracking; raises ValueError (or RecursionError)."""
    return _JSON.decode(text)


def _parse_json(text: str, name: str) -> tuple[Any, list[int] | None]:
    """Parse a JSON file; return the data and the line of every record, in order."""
    try:
        data = _json_loads(text)
    except json.JSONDecodeError as exc:
        if not text.strip():
            raise InputError(f"{name}: is empty; expected a list of claim records or a mapping with claims") from None
        hint = "; one record a line is JSONL: name the file .jsonl" if exc.msg == "Extra data" else ""
        raise InputError(f"{name}: invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}{hint}") from None
    except RecursionError:
        raise InputError(f"{name}: invalid JSON: nested too deeply") from None
    except ValueError as exc:  # e.g. an integer with thousands of digits
        raise InputError(f"{name}: invalid JSON: {_one_line(str(exc))}") from None
    return data, _json_record_lines(text)


def _json_record_lines(text: str) -> list[int] | None:
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
        offsets, _ = _json_array_offsets(text, i)
    elif text[i] == "{":
        i = ws(text, i + 1).end()
        while text[i] != "}":
            key, i = _JSON_SCAN.raw_decode(text, i)
            i = ws(text, ws(text, i).end() + 1).end()  # skip ':'
            if key == "claims" and text[i] == "[":
                offsets, i = _json_array_offsets(text, i)  # a later duplicate wins, as in the parse
            else:
                _, i = _JSON_SCAN.raw_decode(text, i)
            i = ws(text, i).end()
            if text[i] == ",":
                i = ws(text, i + 1).end()
    if offsets is None:
        return None
    lines, line, last = [], 1, 0
    for offset in offsets:  # offsets ascend, so counting newlines in between stays linear
        line += text.count("\n", last, offset)
        last = offset
        lines.append(line)
    return lines


def _json_array_offsets(text: str, i: int) -> tuple[list[int], int]:
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


def _looks_like_jsonl(text: str) -> bool:
    first = next((line for line in text.split("\n") if line.strip()), "")
    try:
        return isinstance(json.loads(first), dict)
    except (ValueError, RecursionError):
        return False


def _load_jsonl(text: str) -> list[ClaimRecord]:
    records: list[ClaimRecord] = []
    parsed: dict[Hashable, tuple[Any, str | None]] = {}  # locator -> parse result
    for lineno, line in enumerate(text.split("\n"), 1):  # not splitlines(): U+2028 is no line break
        if not line.strip():
            continue
        index = len(records)
        if "\x00" in line:
            records.append(_broken(index, lineno, line, "the line holds a NUL byte"))
            continue
        try:
            item = _json_loads(line)
        except json.JSONDecodeError as exc:
            records.append(_broken(index, lineno, line, f"not valid JSON at column {exc.colno}: {exc.msg}"))
            continue
        except RecursionError:
            records.append(_broken(index, lineno, line, "not valid JSON: nested too deeply"))
            continue
        except ValueError as exc:
            records.append(_broken(index, lineno, line, f"not valid JSON: {_one_line(str(exc))}"))
            continue
        if not isinstance(item, dict):
            msg = f"a JSONL line must hold one record (a JSON object), found {_describe(item)}"
            records.append(_broken(index, lineno, line, msg))
            continue
        try:
            records.append(_record(index, lineno, item, "$", None, parsed))
        except _TooDeep as exc:
            records.append(_broken(index, lineno, line, str(exc)))
    return records


def _broken(index: int, line: int, raw: object, message: str, path: str = "$") -> ClaimRecord:
    return ClaimRecord(
        index=index, line=line, id=None, claim="", locator=None, quote="", strength="",
        errors=[RecordError(path, message)], raw=raw,
    )


# ---------------------------------------------------------------- YAML

_BaseLoader: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml: ~10x faster


class _Loader(_BaseLoader):  # type: ignore[misc, valid-type]
    """Safe loader whose mappings remember duplicate keys (YAML silently keeps the last)."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.own_duplicates: dict[int, tuple[str, ...]] = {}

    def flatten_mapping(self, node: yaml.MappingNode) -> None:
        # Merging splices the `<<` pairs into node.value, after which a merged key and the
        # node's own override look like duplicates: note the real ones before that happens.
        self.own_duplicates.setdefault(id(node), _duplicate_keys(node))
        super().flatten_mapping(node)

    def construct_yaml_map(self, node: yaml.MappingNode):  # type: ignore[override]
        data = _Dict()
        yield data
        data.update(self.construct_mapping(node))
        data.duplicates = self.own_duplicates.get(id(node), ())


_Loader.add_constructor("tag:yaml.org,2002:map", _Loader.construct_yaml_map)

_STR, _SEQ, _MAP = (f"tag:yaml.org,2002:{t}" for t in ("str", "seq", "map"))
_MERGE = "tag:yaml.org,2002:merge"


def _duplicate_keys(node: yaml.MappingNode) -> tuple[str, ...]:
    seen: set[tuple[str, str]] = set()
    dups: list[str] = []
    for key_node, _ in node.value:
        # Own scalar keys only: keys merged in with `<<` may legitimately be overridden.
        if isinstance(key_node, yaml.ScalarNode) and key_node.tag != _MERGE:
            key = (key_node.tag, key_node.value)
            if key in seen and key_node.value not in dups:
                dups.append(key_node.value)
            seen.add(key)
    return tuple(dups)


def _build(node: yaml.Node, loader: Any, memo: dict[int, Any]) -> Any:
    """Data from a composed node tree: what construct_document gives, about 4x faster.

    Plain strings, sequences and mappings are built here; every other node (numbers, dates,
    merge keys, unknown tags) goes to the safe constructor, which also rejects unsafe tags.
    """
    tag = node.tag
    if tag == _STR and isinstance(node, yaml.ScalarNode):
        return node.value
    done = memo.get(id(node))  # an alias is the very same node object
    if done is not None:
        return done
    if tag == _SEQ and isinstance(node, yaml.SequenceNode):
        items: list = []
        memo[id(node)] = items
        items.extend(_build(item, loader, memo) for item in node.value)
        return items
    if tag == _MAP and isinstance(node, yaml.MappingNode) and all(k.tag != _MERGE for k, _ in node.value):
        mapping = _Dict()
        memo[id(node)] = mapping
        for key_node, value_node in node.value:
            key = _build(key_node, loader, memo)
            if not isinstance(key, Hashable):
                raise yaml.constructor.ConstructorError(
                    "while constructing a mapping", node.start_mark, "found unhashable key", key_node.start_mark)
            mapping[key] = _build(value_node, loader, memo)
        mapping.duplicates = _duplicate_keys(node)
        return mapping
    value = loader.construct_object(node, deep=True)
    if isinstance(value, (list, dict)):
        memo[id(node)] = value
    return value


def _parse_yaml(text: str, name: str) -> tuple[Any, list[int] | None]:
    """Parse YAML safely; return the data and the line of every record, in order."""
    nul = text.find("\x00")
    if nul != -1:
        line = text.count("\n", 0, nul) + 1
        raise InputError(f"{name}: invalid YAML at line {line}: a NUL byte (YAML does not allow it)")
    loader = _Loader(text)
    try:
        # Compose first: the node tree carries the line of each record, construction the data.
        node = loader.get_single_node()
        data = _build(node, loader, {}) if node is not None else None
    except yaml.MarkedYAMLError as exc:
        raise InputError(f"{name}: {_yaml_message(exc)}") from None
    except yaml.YAMLError as exc:
        raise InputError(f"{name}: invalid YAML: {_one_line(str(exc))}") from None
    except RecursionError:
        raise InputError(f"{name}: invalid YAML: nested too deeply") from None
    except (ValueError, OverflowError, TypeError) as exc:  # e.g. a timestamp like 2024-13-45
        raise InputError(f"{name}: invalid YAML value: {_one_line(str(exc))}") from None
    finally:
        loader.dispose()
    if data is None and not text.strip():
        raise InputError(f"{name}: is empty; expected a list of claim records or a mapping with claims:")
    return data, _yaml_record_lines(node)


def _yaml_record_lines(node: yaml.Node | None) -> list[int] | None:
    if isinstance(node, yaml.MappingNode):
        found = None
        for key_node, value_node in node.value:
            if isinstance(key_node, yaml.ScalarNode) and key_node.value == "claims":
                found = value_node  # a later duplicate wins, as in construction
        node = found
    if isinstance(node, yaml.SequenceNode):
        return [item.start_mark.line + 1 for item in node.value]
    return None


def _yaml_message(exc: yaml.MarkedYAMLError) -> str:
    problem = _one_line(exc.problem or "cannot be parsed")
    mark = exc.problem_mark or exc.context_mark
    where = f" at line {mark.line + 1}" if mark is not None else ""
    tagged = re.search(r"constructor for the tag '([^']*)'", problem)
    if isinstance(exc, yaml.constructor.ConstructorError) and tagged:
        tag = tagged.group(1).replace("tag:yaml.org,2002:", "!!")
        return f"unsupported YAML tag '{tag}'{where} (claims files hold plain data; nothing was run)"
    context = ""
    if exc.context:
        context = f" ({_one_line(exc.context)}"
        if exc.context_mark is not None and exc.context_mark is not mark:
            context += f" that starts at line {exc.context_mark.line + 1}"
        context += ")"
    return f"invalid YAML{where}: {problem}{context}"


# ---------------------------------------------------------------- shape of the file


def _from_data(data: Any, lines: list[int] | None, path: Path) -> ClaimsFile:
    name = str(path)
    source = purpose = None
    if isinstance(data, list):
        items, base = data, "$"
    elif isinstance(data, dict):
        items, source, purpose = _top_mapping(data, name)
        base = "$.claims"
    else:
        raise InputError(f"{name}: holds {_describe(data)}, not a list of claim records or a mapping with claims:")
    if items and not any(isinstance(item, dict) for item in items):
        raise InputError(f"{name}: holds a list whose items are not claim records (the first is {_describe(items[0])})")
    if lines is not None and len(lines) != len(items):
        lines = None  # YAML merge tricks can hide the structure; better no line than a wrong one
    memo: dict[int, Any] = {}  # shared across records: a YAML alias may point into another one
    parsed: dict[Hashable, tuple[Any, str | None]] = {}  # locator -> parse result
    records = []
    for index, item in enumerate(items):
        line = lines[index] if lines else None
        try:
            records.append(_record(index, line, item, f"{base}[{index}]", memo, parsed))
        except _TooDeep as exc:
            where = f" (record at line {line})" if line else f" (record {base}[{index}])"
            raise InputError(f"{name}: {exc}{where}") from None
    return ClaimsFile(path, records, source=source, purpose=purpose)


def _top_mapping(data: dict, name: str) -> tuple[list, str | None, str | None]:
    if "claims" not in data:
        if "claim" in data or "quote" in data:
            raise InputError(f"{name}: holds a single record; put it in a list or under claims:")
        raise InputError(f"{name}: a mapping without claims:; expected a list of claim records or a mapping with claims:")
    dups = getattr(data, "duplicates", ())
    if dups:
        raise InputError(f"{name}: top-level key {dups[0]!r} appears more than once")
    for key in data:
        if not isinstance(key, str) or (key not in _TOP_KEYS and not key.startswith("x-")):
            raise InputError(f"{name}: unknown top-level key {key!r}{_suggest(key, _TOP_KEYS)}"
                             " (allowed: claims, source, purpose, x-…)")
    items = data["claims"]
    if not isinstance(items, list):
        raise InputError(f"{name}: claims: must be a list of records, found {_describe(items)}")
    texts = []
    for key in ("source", "purpose"):
        value = data.get(key)
        if value is not None and not isinstance(value, str):
            raise InputError(f"{name}: {key}: must be text, found {_describe(value)}")
        texts.append(_nfc(value) if value is not None else None)
    return items, texts[0], texts[1]


# ---------------------------------------------------------------- one record


class _TooDeep(Exception):
    pass


_PENDING = object()
_SURROGATE = re.compile("[\ud800-\udfff]")


def _nfc(text: str) -> str:
    return text if text.isascii() else unicodedata.normalize("NFC", text)


_ATOMIC = frozenset((int, float, bool, type(None)))


def _clean(value: Any, path: tuple, problems: list[tuple[tuple, str]], memo: dict[int, Any] | None, depth: int) -> Any:
    """NFC-normalise every string (keys too), note duplicate keys and lone surrogates, bound depth.

    `memo` (YAML only) maps containers already cleaned: aliases share objects, and walking
    them afresh at every reference would be exponential ("billion laughs").
    """
    if isinstance(value, str):
        if value.isascii():
            return value
        if _SURROGATE.search(value):
            problems.append((path, "holds a lone surrogate escape (half of a UTF-16 pair), which is no character"))
        return unicodedata.normalize("NFC", value)
    if not isinstance(value, (list, dict)):
        return value
    if depth >= MAX_DEPTH:
        raise _TooDeep(f"nested more than {MAX_DEPTH} levels deep")
    if memo is not None:
        done = memo.get(id(value))
        if done is _PENDING:
            raise _TooDeep("a YAML alias refers to itself")
        if done is not None:
            return done
        memo[id(value)] = _PENDING
    result: Any
    # Plain ASCII text and numbers are by far the most common values: skip the call for them.
    if isinstance(value, list):
        result = [
            v if type(v) in _ATOMIC or (type(v) is str and v.isascii())
            else _clean(v, path + (i,), problems, memo, depth + 1)
            for i, v in enumerate(value)
        ]
    else:
        result = {}
        for k, v in value.items():
            if type(k) is not str:
                # YAML allows `1:` or `yes:` as keys; JSON paths, jsonschema's key patterns and
                # every later stage assume text, so such keys are reported and left out.
                problems.append((path, f"key {repr(k)[:40]} is not text (put it in quotes)"))
                continue
            if not k.isascii():
                if _SURROGATE.search(k):
                    problems.append((path, "a key holds a lone surrogate escape (half of a UTF-16 pair)"))
                k = unicodedata.normalize("NFC", k)
            if not (type(v) in _ATOMIC or (type(v) is str and v.isascii())):
                v = _clean(v, path + (k,), problems, memo, depth + 1)
            result[k] = v
        for dup in getattr(value, "duplicates", ()):
            problems.append((path + (dup,), f"key {dup!r} is given more than once; only the last one counts"))
    if memo is not None:
        memo[id(value)] = result
    return result


def _record(
    index: int, line: int | None, item: Any, base: str, memo: dict[int, Any] | None, parsed: dict
) -> ClaimRecord:
    problems: list[tuple[tuple, str]] = []
    data = _clean(item, (), problems, memo, 0)
    errors = [RecordError(_json_path(base, p), msg) for p, msg in problems]
    if not isinstance(data, dict):
        msg = f"a record must be a mapping with claim, locator, quote and strength, found {_describe(data)}"
        return _broken(index, line, data, msg, base)
    errors += _validate(data, base)
    errors = sorted(set(errors), key=lambda e: (e.json_path, e.message))

    def text(key: str) -> str:
        value = data.get(key)
        return value if isinstance(value, str) else ""

    record_id = data.get("id")
    locator = locator_error = None
    raw_locator = data.get("locator")
    if "locator" in data and not any(_under(e.json_path, base, "locator") for e in errors):
        locator, locator_error = _parse_locator(raw_locator, parsed)
    ignore = data.get("ignore")
    return ClaimRecord(
        index=index,
        line=line,
        id=str(record_id) if isinstance(record_id, (str, int)) and not isinstance(record_id, bool) else None,
        claim=text("claim"),
        locator=locator,
        quote=text("quote"),
        strength=canonical_strength(data.get("strength")) or "",
        topic=data["topic"] if isinstance(data.get("topic"), str) else None,
        ignore=frozenset(_rule_ref(r) for r in ignore if isinstance(r, str)) if isinstance(ignore, list) else frozenset(),
        locator_error=locator_error,
        errors=errors,
        raw=data,
    )


def _parse_locator(value: Any, parsed: dict[Hashable, tuple[Any, str | None]]) -> tuple[Any, str | None]:
    """(Locator, None) or (None, why it does not parse), for a schema-valid locator.

    `parsed` caches results per file: records repeat their locators ("Artikel 7"), and a
    Locator is immutable, so sharing one is safe.
    """
    raw = value
    key: Hashable = value
    if isinstance(value, dict):  # `x-` keys annotate; the locator grammar never sees them
        raw = {k: v for k, v in value.items() if not k.startswith("x-")}
        # Valid locator objects hold scalars or [a, b] pairs, so this key is hashable.
        key = tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in raw.items()))
    hit = parsed.get(key)
    if hit is not None:
        return hit
    try:
        result: tuple[Any, str | None] = (parse_record_locator(raw), None)
    except LocatorSyntaxError as exc:
        result = (None, str(exc))
    parsed[key] = result
    return result


def _rule_ref(ref: str) -> str:
    ref = ref.strip()
    return ref.upper() if re.fullmatch(r"[A-Za-z]+[0-9]+", ref) else ref.lower()


def _under(json_path: str, base: str, key: str) -> bool:
    prefix = f"{base}.{key}"
    return json_path == prefix or json_path.startswith((prefix + ".", prefix + "["))


# ---------------------------------------------------------------- validation


def _validate(data: dict, base: str) -> list[RecordError]:
    errors: list[RecordError] = []
    record = data  # keys are all text: _clean saw to that
    strength = record.get("strength")
    if isinstance(strength, str) and not strength.islower():
        record = {**record, "strength": strength.lower()}  # strengths compare case-insensitively
    if _obviously_valid(record):
        return errors
    found = list(record_validator().iter_errors(record))
    typed = {tuple(e.absolute_path) for e in found if e.validator == "type"}
    for error in found:
        where = tuple(error.absolute_path)
        if error.validator != "type" and where in typed:
            continue  # "must be text" says it all; "not one of the strengths" would be noise
        errors.extend(_humanise(error, base))
    return errors


def _humanise(error: ValidationError, base: str) -> Iterable[RecordError]:
    parts = tuple(error.absolute_path)
    path = _json_path(base, parts)
    label = _json_path("", parts).lstrip(".") or "record"
    value, keyword, expected = error.instance, error.validator, error.validator_value
    if keyword == "required":
        for key in expected:
            if key not in value:
                yield RecordError(path, f"missing required key {key!r}")
    elif keyword == "additionalProperties":
        known = tuple(error.schema.get("properties", {}))
        for key in value:
            if key not in known and not key.startswith("x-"):
                where = "unknown locator key" if parts and parts[-1] == "locator" else "unknown key"
                yield RecordError(_json_path(base, parts + (key,)), f"{where} {key!r}{_suggest(key, known)}")
    elif keyword == "enum" and parts == ("strength",):
        match = _closest(value, tuple(STRENGTHS), 0.8)  # 'verpflichtend' is no 'berichtend'
        hint = f"; did you mean {match!r}?" if match else ""
        yield RecordError(path, f"{_short(value)} is not a valid strength"
                                f" (use states, recommends, requires or reports{hint})")
    elif keyword == "type":
        yield RecordError(path, _type_message(label, value, expected))
    elif keyword in ("pattern", "minLength") and parts and parts[0] == "ignore":
        yield RecordError(path, f"{_short(value)} is not a rule code or name (e.g. SUM205 or ambiguous-quote)")
    elif keyword in ("pattern", "minLength"):
        yield RecordError(path, f"{label} is empty or only white space")
    elif keyword == "minimum":
        yield RecordError(path, f"{label} must be {expected} or more, found {value}")
    elif keyword in ("minItems", "maxItems"):
        yield RecordError(path, f"{label} must be a pair [first, last], found {len(value)} item(s)")
    elif keyword == "dependentRequired":
        for key, needs in expected.items():
            for need in needs:
                if key in value and need not in value:
                    yield RecordError(path, f"{label} has {key} but no {need}")
    elif keyword == "oneOf" and isinstance(value, dict):
        given = [k for k in LOCATOR_KINDS[:5] if k in value]
        if "start_char" in value or "end_char" in value:
            given.append("start_char/end_char")
        if not given:
            yield RecordError(path, f"{label} names no place: give one of page, pages, section, lines, line,"
                                    " or start_char with end_char")
        elif len(given) > 1:  # a lone start_char or end_char: dependentRequired says what is missing
            yield RecordError(path, f"{label} names {' and '.join(given)}; give exactly one place"
                                    " (use one record per place)")
    else:
        yield RecordError(path, f"{label}: {_one_line(error.message)}")


def _type_message(label: str, value: Any, expected: str | list[str]) -> str:
    names = {"string": "text", "integer": "a whole number", "array": "a list", "object": "a mapping",
             "null": "null", "number": "a number", "boolean": "true or false"}
    wanted = [expected] if isinstance(expected, str) else list(expected)
    if value is None and "string" in wanted:
        return f"{label} is empty or only white space"
    if label == "locator":
        return f"locator must be text such as 'section 4.2' or a mapping such as {{page: 17}}, found {_describe(value)}"
    if isinstance(value, float) and label.endswith("section"):
        return f"{label} was read as the number {value!r}; put it in quotes (section: '…') to keep it as written"
    return f"{label} must be {' or '.join(names.get(w, w) for w in wanted)}, found {_describe(value)}"


def _obviously_valid(record: dict) -> bool:
    """A cheap, conservative check: True only for records the schema certainly accepts.

    jsonschema costs ~100 µs a record; this covers the common shapes so that 10,000 records
    load in well under a second. Anything unusual goes to the validator (and its messages).
    """
    for key in record:
        if key not in RECORD_KEYS and not key.startswith("x-"):
            return False
    if not (_is_text(record.get("claim")) and _is_text(record.get("quote"))):
        return False
    if type(record.get("strength")) is not str or record["strength"] not in STRENGTHS:
        return False
    locator = record.get("locator")
    if not (_is_text(locator) or (type(locator) is dict and _obvious_locator(locator))):
        return False
    if "id" in record and type(record["id"]) not in (str, int):
        return False
    if "topic" in record and type(record["topic"]) is not str:
        return False
    if "ignore" in record:
        ignore = record["ignore"]
        if type(ignore) is not list:
            return False
        pattern = _ignore_pattern()
        if not all(type(r) is str and pattern.search(r) for r in ignore):
            return False
    return True


def _obvious_locator(locator: dict) -> bool:
    keys = [k for k in locator if not (isinstance(k, str) and k.startswith("x-"))]
    if keys == ["page"]:
        return _is_page(locator["page"])
    if keys == ["section"]:
        return type(locator["section"]) is int or _is_text(locator["section"])
    if keys == ["line"]:
        return _is_line(locator["line"])
    if keys in (["lines"], ["pages"]):
        pair = locator[keys[0]]
        check = _is_line if keys == ["lines"] else _is_page
        return type(pair) is list and len(pair) == 2 and check(pair[0]) and check(pair[1])
    if sorted(keys) == ["end_char", "start_char"]:
        return all(type(locator[k]) is int and locator[k] >= 0 for k in keys)
    return False


def _is_text(value: Any) -> bool:
    # Same test as the schema's pattern "\S" (re's \s is str.isspace()).
    return type(value) is str and bool(value) and not value.isspace()


def _is_line(value: Any) -> bool:
    return type(value) is int and value >= 1


def _is_page(value: Any) -> bool:
    return _is_line(value) or _is_text(value)


# ---------------------------------------------------------------- wording


_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


def _json_path(base: str, parts: Iterable[Any]) -> str:
    out = [base]
    for part in parts:
        if isinstance(part, int) and not isinstance(part, bool):
            out.append(f"[{part}]")
        elif isinstance(part, str) and _IDENT.match(part):
            out.append(f".{part}")
        else:
            text = str(part).replace("\\", "\\\\").replace("'", "\\'")
            out.append(f"['{text}']")
    return "".join(out)


def _closest(word: object, choices: tuple[str, ...], cutoff: float = 0.6) -> str | None:
    if not isinstance(word, str):
        return None
    match = difflib.get_close_matches(word.lower(), choices, n=1, cutoff=cutoff)
    return match[0] if match else None


def _suggest(word: object, choices: tuple[str, ...]) -> str:
    if isinstance(word, str) and word in LOCATOR_KINDS and "locator" in choices:
        return f" (a place goes under locator, e.g. locator: {{{word}: …}})"
    match = _closest(word, choices)
    return f" (did you mean {match!r}?)" if match else ""


def _short(value: Any, limit: int = 60) -> str:
    text = value if isinstance(value, str) else str(value)
    return repr(text if len(text) <= limit else text[:limit] + "…")


def _describe(value: Any) -> str:
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"the number {value!r}"
    if isinstance(value, int):  # repr of a huge int is huge (and may raise past 4300 digits)
        return f"the number {value}" if abs(value) < 10**15 else "a very large number"
    if isinstance(value, str):
        return f"text {_short(value, 30)}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, (datetime.date, datetime.datetime)):
        return f"a date ({value.isoformat()}; put it in quotes to keep it as text)"
    if isinstance(value, (bytes, bytearray)):
        return "binary data"
    return f"a {type(value).__name__}"


def _one_line(text: str) -> str:
    return " ".join(text.split())
