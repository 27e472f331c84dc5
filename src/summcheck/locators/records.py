"""A claim record's locator: a locator string, or an object such as {page: 17} or {start_char, end_char}."""
from __future__ import annotations

from collections.abc import Mapping

from ..model import Locator, LocatorKind, LocatorPart
from .messages import MAX_PROBLEMS_NAMED, LocatorSyntaxError, int_text, quoted, shown_key
from .parser import parse_locator

_OBJECT_KEYS = {"page": "page", "pages": "page", "section": "section", "line": "line", "lines": "line"}


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _scalar_ident(kind: LocatorKind, key: str, v: object) -> str:
    if _is_int(v):
        if kind != "section" and v < 1:
            raise LocatorSyntaxError(f"'{key}' must be 1 or more, not {quoted(int_text(v))}")
        if v < 0:
            raise LocatorSyntaxError(f"'{key}' must not be negative")
        return int_text(v)
    if isinstance(v, float) and kind == "section":
        return repr(v)  # YAML reads `section: 4.2` as a float; quote "4.10" to keep its zero
    if isinstance(v, str) and v.strip():
        return v.strip()
    raise LocatorSyntaxError(f"'{key}' must be a number or text, not {type(v).__name__}")


def _object_locator(value: Mapping) -> Locator:
    keys = set(value)
    if keys & {"start_char", "end_char"}:
        if keys != {"start_char", "end_char"}:
            extra = sorted(shown_key(k) for k in keys - {"start_char", "end_char"})
            if len(extra) > MAX_PROBLEMS_NAMED:
                extra[MAX_PROBLEMS_NAMED:] = [f"{len(extra) - MAX_PROBLEMS_NAMED} more"]
            raise LocatorSyntaxError(
                "a character locator needs both 'start_char' and 'end_char'"
                + (f" and nothing else (found {', '.join(extra)})" if extra else ""))
        s, e = value["start_char"], value["end_char"]
        if not (_is_int(s) and _is_int(e)) or s < 0 or e < 0:
            raise LocatorSyntaxError("'start_char' and 'end_char' must be non-negative whole numbers")
        if s >= e:
            raise LocatorSyntaxError(f"'start_char' ({quoted(int_text(s))}) must be less than "
                                     f"'end_char' ({quoted(int_text(e))})")
        start, end = int_text(s), int_text(e)
        return Locator(parts=(LocatorPart("chars", start, end, f"chars {start}–{end}"),),
                       text=f"chars {start}–{end}")
    if len(keys) != 1:
        names = ", ".join(sorted(shown_key(k) for k in keys)[:MAX_PROBLEMS_NAMED])
        names = (names + (f" and {len(keys) - MAX_PROBLEMS_NAMED} more" if len(keys) > MAX_PROBLEMS_NAMED
                          else "")) or "none"
        raise LocatorSyntaxError(f"a locator object has one of page, pages, section, line, lines, or "
                                 f"start_char/end_char (found {names})")
    key = next(iter(keys))
    if not isinstance(key, str) or key not in _OBJECT_KEYS:
        raise LocatorSyntaxError(f"unknown locator key '{shown_key(key)}'")
    kind: LocatorKind = _OBJECT_KEYS[key]  # type: ignore[assignment]
    v = value[key]
    word = {"page": "p.", "section": "section", "line": "line"}[kind]
    if key in ("pages", "lines"):
        word = {"page": "pp.", "line": "lines"}[kind]
    if isinstance(v, list):
        if key not in ("pages", "lines") or not 1 <= len(v) <= 2:
            raise LocatorSyntaxError(f"'{key}' takes a list of one or two items [first, last]" if key in
                                     ("pages", "lines") else f"'{key}' takes a single value")
        idents = [_scalar_ident(kind, key, x) for x in v]
        text = f"{word} {idents[0]}" if len(idents) == 1 else f"{word} {idents[0]}–{idents[1]}"
    elif isinstance(v, str):
        text = f"{word} {v.strip()}"
    else:
        text = f"{word} {_scalar_ident(kind, key, v)}"
    loc = parse_locator(text)
    for part in loc.parts:
        if part.kind != kind:
            raise LocatorSyntaxError(f"'{key}' holds another kind of locator: '{shown_key(v)}'")
    return loc


def parse_record_locator(value: object) -> Locator:
    """Parse a claim record's locator: a string or an object ({page}, {section}, {lines}, {start_char,end_char})."""
    if isinstance(value, str):
        return parse_locator(value)
    if isinstance(value, Mapping):
        return _object_locator(value)
    raise LocatorSyntaxError(f"a locator is text or an object, not {type(value).__name__}")
