"""Is one record valid? The shipped schema decides; this module words its answer.

jsonschema is thorough but slow, so common, plainly valid records take a fast path that
accepts only what the schema accepts. Everything else goes to the validator, whose errors
become `RecordError`s with a JSON path and a message written for people.
"""
from __future__ import annotations

import functools
import importlib.resources
import json
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # imported where a record misses the fast path: a check of valid claims never
    from jsonschema import Draft202012Validator, ValidationError

from ..terminal.display import shorten
from ..model import RecordError
from .wording import closest, describe, json_path, one_line, short, suggest

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

RECORD_KEYS = ("id", "claim", "locator", "quote", "strength", "topic", "source", "ignore")
LOCATOR_KINDS = ("page", "pages", "section", "lines", "line", "start_char", "end_char")


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
    from jsonschema import Draft202012Validator

    schema = claims_schema()
    return Draft202012Validator({"$defs": schema["$defs"], "$ref": "#/$defs/record"})


@functools.lru_cache(maxsize=None)
def _ignore_pattern() -> re.Pattern[str]:
    # The schema's own pattern, so the fast path cannot drift from it.
    return re.compile(claims_schema()["$defs"]["record"]["properties"]["ignore"]["items"]["pattern"])


def validate(record: dict, base: str) -> list[RecordError]:
    """The schema errors of `record` (all keys text), with paths under `base`."""
    strength = record.get("strength")
    if isinstance(strength, str) and not strength.islower():
        record = {**record, "strength": strength.lower()}  # strengths compare case-insensitively
    if obviously_valid(record):
        return []
    errors: list[RecordError] = []
    found = list(record_validator().iter_errors(_bounded(record, 0)))
    typed = {tuple(e.absolute_path) for e in found if e.validator == "type"}
    for error in found:
        where = tuple(error.absolute_path)
        if error.validator != "type" and where in typed:
            continue  # "must be text" says it all; "not one of the strengths" would be noise
        errors.extend(_humanise(error, base))
    return errors


# Records nest record > locator > lines > item; a container deeper than that is wrong whatever
# it holds. jsonschema writes the repr of every value it rejects, so a YAML alias standing for
# a tree of trees would be expanded into one huge message (yamlfmt bounds the expansion; this
# keeps the validator's work bounded by what the schema looks at, whatever is within it).
_SCHEMA_DEPTH = 3


def _bounded(value: Any, depth: int) -> Any:
    """`value` with containers below the schema's depth emptied and `x-` values dropped.

    The schema's verdict and the messages are the same: an emptied container still fails its
    type check ("found a list"), and nothing under an `x-` key is checked.
    """
    if isinstance(value, dict):
        if depth >= _SCHEMA_DEPTH:
            return {}
        return {k: (None if isinstance(k, str) and k.startswith("x-") else _bounded(v, depth + 1))
                for k, v in value.items()}
    if isinstance(value, list):
        if depth >= _SCHEMA_DEPTH:
            return []
        return [_bounded(v, depth + 1) for v in value]
    return value


# ---------------------------------------------------------------- messages


def _humanise(error: ValidationError, base: str) -> Iterable[RecordError]:
    parts = tuple(error.absolute_path)
    path = json_path(base, parts)
    label = json_path("", parts).lstrip(".") or "record"
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
                yield RecordError(json_path(base, parts + (key,)), f"{where} {short(key)}{_suggest_key(key, known)}")
    elif keyword == "enum" and parts == ("strength",):
        match = closest(value, tuple(STRENGTHS), 0.8)  # 'verpflichtend' is no 'berichtend'
        hint = f"; did you mean {match!r}?" if match else ""
        yield RecordError(path, f"{short(value)} is not a valid strength"
                                f" (use states, recommends, requires or reports{hint})")
    elif keyword == "type":
        yield RecordError(path, _type_message(label, value, expected))
    elif keyword in ("pattern", "minLength") and parts and parts[0] == "ignore":
        yield RecordError(path, f"{short(value)} is not a rule code or name (e.g. SUM205 or ambiguous-quote)")
    elif keyword in ("pattern", "minLength"):
        yield RecordError(path, f"{label} is empty or only white space")
    elif keyword == "minimum":
        yield RecordError(path, f"{label} must be {expected} or more, found {shorten(str(value), 40)}")
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
        yield RecordError(path, f"{label}: {one_line(error.message)}")


def _suggest_key(key: str, known: tuple[str, ...]) -> str:
    if key in LOCATOR_KINDS and "locator" in known:
        return f" (a place goes under locator, e.g. locator: {{{key}: …}})"
    return suggest(key, known)


def _type_message(label: str, value: Any, expected: str | list[str]) -> str:
    names = {"string": "text", "integer": "a whole number", "array": "a list", "object": "a mapping",
             "null": "null", "number": "a number", "boolean": "true or false"}
    wanted = [expected] if isinstance(expected, str) else list(expected)
    if value is None and "string" in wanted:
        return f"{label} is empty or only white space"
    if label == "locator":
        return f"locator must be text such as 'section 4.2' or a mapping such as {{page: 17}}, found {describe(value)}"
    if isinstance(value, float) and label.endswith("section"):
        return f"{label} was read as the number {value!r}; put it in quotes (section: '…') to keep it as written"
    return f"{label} must be {' or '.join(names.get(w, w) for w in wanted)}, found {describe(value)}"


# ---------------------------------------------------------------- the fast path


def obviously_valid(record: dict) -> bool:
    """A cheap, conservative check: True only for records the schema certainly accepts.

    jsonschema is slow per record; this covers the common shapes so that a large claims file
    loads quickly. Anything unusual goes to the validator (and its messages).
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
    if "source" in record and not _is_text(record["source"]):
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
