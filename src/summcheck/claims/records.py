"""One parsed record to a `ClaimRecord`.

Text is NFC-normalised (keys too), duplicate keys and lone surrogates are noted, depth is
bounded, the schema is checked and the locator parsed. What is wrong with the record becomes a
`RecordError` on it (SUM200), so one bad record never hides the others.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Hashable
from typing import Any

from ..locators import LocatorSyntaxError, parse_record_locator
from ..model import ClaimRecord, Locator, RecordError
from ..matching.normalize import FoldedQuote
from .validate import canonical_strength, validate
from .wording import describe, json_path, short

# Real records nest three levels (record > locator > lines); `x-` keys may hold a little more.
# Anything deeper is not a claims file but an attack or an accident.
MAX_DEPTH = 64
MAX_ERRORS = 20  # per record; the rest are counted


class DupDict(dict):
    """A mapping that remembers keys its file gave more than once (the parsers keep the last)."""

    duplicates: tuple[str, ...] = ()


class TooDeep(Exception):
    """A record nested more than MAX_DEPTH levels, or a YAML alias that contains itself."""


class LocatorCache:
    """Parses record locators, once per distinct locator in a file.

    Records repeat their locators ("Artikel 7"), and a Locator is immutable, so sharing one
    is safe.
    """

    def __init__(self) -> None:
        self._results: dict[Hashable, tuple[Locator | None, str | None]] = {}

    def __call__(self, value: Any) -> tuple[Locator | None, str | None]:
        """(Locator, None) or (None, why it does not parse), for a schema-valid locator."""
        raw = value
        key: Hashable = value
        if isinstance(value, dict):  # `x-` keys annotate; the locator grammar never sees them
            raw = {k: v for k, v in value.items() if not k.startswith("x-")}
            # Valid locator objects hold scalars or [a, b] pairs, so this key is hashable.
            key = tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in raw.items()))
        hit = self._results.get(key)
        if hit is not None:
            return hit
        try:
            result: tuple[Locator | None, str | None] = (parse_record_locator(raw), None)
        except LocatorSyntaxError as exc:
            result = (None, str(exc))
        self._results[key] = result
        return result


def build_record(
    index: int, line: int | None, item: Any, base: str, memo: dict[int, Any] | None, locators: LocatorCache
) -> ClaimRecord:
    """The record `item`, whose errors are reported under the JSON path `base`.

    `memo` (YAML only; shared by the records of a file) holds the containers already cleaned.
    Raises TooDeep; every other problem becomes a RecordError.
    """
    problems: list[tuple[tuple, str]] = []
    data = _clean(item, (), problems, memo, 0)
    errors = [RecordError(json_path(base, p), msg) for p, msg in problems]
    if not isinstance(data, dict):
        msg = f"a record must be a mapping with claim, locator, quote and strength, found {describe(data)}"
        return broken(index, line, data, msg, base)
    errors += validate(data, base)
    errors += _invisible_texts(data, base, errors)
    errors = _bounded_errors(sorted(set(errors), key=lambda e: (e.json_path, e.message)), base)

    def text(key: str) -> str:
        value = data.get(key)
        return value if isinstance(value, str) else ""

    record_id = data.get("id")
    locator = locator_error = None
    if "locator" in data and not any(_under(e.json_path, base, "locator") for e in errors):
        locator, locator_error = locators(data["locator"])
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
        source=data["source"] if isinstance(data.get("source"), str) else None,
        ignore=frozenset(_rule_ref(r) for r in ignore if isinstance(r, str)) if isinstance(ignore, list) else frozenset(),
        locator_error=locator_error,
        errors=errors,
        raw=data,
    )


def _bounded_errors(errors: list[RecordError], base: str) -> list[RecordError]:
    """The first MAX_ERRORS of a record's errors, and how many more there are: a list of ten
    thousand bad `ignore` entries is one record's problem, not a ten-thousand-line message."""
    if len(errors) <= MAX_ERRORS:
        return errors
    rest = len(errors) - MAX_ERRORS
    return errors[:MAX_ERRORS] + [RecordError(base, f"and {rest:,} more problems like these")]


def broken(index: int, line: int | None, raw: object, message: str, path: str = "$",
           locator: Locator | None = None) -> ClaimRecord:
    """A record that is nothing but one error (not a mapping, not even JSON); `locator`: the
    place it names all the same, when that much could be read."""
    return ClaimRecord(
        index=index, line=line, id=None, claim="", locator=locator, quote="", strength="",
        errors=[RecordError(path, message)], raw=raw,
    )


def nfc(text: str) -> str:
    return text if text.isascii() else unicodedata.normalize("NFC", text)


_PENDING = object()
_SURROGATE = re.compile("[\ud800-\udfff]")
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
            value = _no_surrogates(value)
        return unicodedata.normalize("NFC", value)
    if not isinstance(value, (list, dict)):
        return value
    if depth >= MAX_DEPTH:
        raise TooDeep(f"nested more than {MAX_DEPTH} levels deep")
    if memo is not None:
        done = memo.get(id(value))
        if done is _PENDING:
            raise TooDeep("a YAML alias refers to itself")
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
                    k = _no_surrogates(k)
                k = unicodedata.normalize("NFC", k)
            if not (type(v) in _ATOMIC or (type(v) is str and v.isascii())):
                v = _clean(v, path + (k,), problems, memo, depth + 1)
            result[k] = v
        for dup in getattr(value, "duplicates", ()):
            problems.append((path + (dup,), f"key {short(dup)} is given more than once; only the last one counts"))
    if memo is not None:
        memo[id(value)] = result
    return result


def _no_surrogates(text: str) -> str:
    """`text` with each lone surrogate as U+FFFD: the record is already invalid for holding one,
    and nothing after the loader (reports written as UTF-8) can carry a surrogate."""
    return _SURROGATE.sub("\ufffd", text)


# A letter, digit or underscore survives folding (NFKC never maps one to nothing).
_WORD_CHARACTER = re.compile(r"\w")


def _invisible_texts(data: dict, base: str, errors: list[RecordError]) -> list[RecordError]:
    """Errors for the required texts that hold characters, yet none the normalized level keeps
    (only zero-width characters): such a quote matches everywhere or nowhere."""
    found = []
    for key in ("claim", "quote"):
        value = data.get(key)
        path = f"{base}.{key}"
        # Folding removes no ASCII character but white space, which the schema already refuses.
        if isinstance(value, str) and not value.isascii() and value.strip() \
                and not _WORD_CHARACTER.search(value) and not FoldedQuote.of(value).text \
                and not any(e.json_path == path for e in errors):
            found.append(RecordError(path, f"{key} is empty after normalisation: it holds only "
                                           "invisible characters (zero-width or soft hyphens)"))
    return found


def _rule_ref(ref: str) -> str:
    ref = ref.strip()
    return ref.upper() if re.fullmatch(r"[A-Za-z]+[0-9]+", ref) else ref.lower()


def _under(path: str, base: str, key: str) -> bool:
    prefix = f"{base}.{key}"
    return path == prefix or path.startswith((prefix + ".", prefix + "["))
