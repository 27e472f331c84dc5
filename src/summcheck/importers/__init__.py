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
import re
from pathlib import Path

from ..claims.wording import json_path
from ..files.reading import read_input
from ..model import InputError

MAX_BYTES = 200 * 1024 * 1024
# As deep as a claims file may nest (claims.records): a response or an annotated document
# nests a handful of levels, and what it carries into a record must still be checkable.
MAX_DEPTH = 64
_SURROGATE = re.compile("[\ud800-\udfff]")


def read_json(path: Path, what: str) -> object:
    data = read_input(path, MAX_BYTES, what)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError(f"{path}: not UTF-8") from None
    return parse_json(text, str(path))


def parse_json(text: str, where: str) -> object:
    """The JSON value of `text`; InputError naming `where` (a file, or `file:line` of JSONL)
    for text that is no JSON, or nests deeper than MAX_DEPTH (which the parser would hit its
    recursion limit on, or the claims file made from it could not be read back)."""
    too_deep = f"{where}: nested more than {MAX_DEPTH} levels deep"
    try:
        value = json.loads(text)
    except RecursionError:
        raise InputError(too_deep) from None
    except ValueError as exc:
        raise InputError(f"{where}: not JSON: {exc}") from None
    if _deeper_than(value, MAX_DEPTH):
        raise InputError(too_deep)
    return value


def _deeper_than(value: object, limit: int) -> bool:
    """Whether `value` nests lists and mappings more than `limit` levels deep (walked without
    recursion: the value may be as deep as the parser allowed)."""
    if not isinstance(value, (dict, list)):
        return False
    stack: list[tuple[dict | list, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item
        for child in children:
            if isinstance(child, (dict, list)):
                if depth + 1 >= limit:
                    return True
                stack.append((child, depth + 1))
    return False


def refuse_surrogates(value: object, where: str, base: str) -> None:
    """InputError naming `where` and the JSON path (under `base`) of the first string in
    `value` that holds a lone surrogate: a JSON escape such as `\\ud800` that is half of a
    UTF-16 pair, no character, which no file summcheck writes (UTF-8) can hold."""
    stack: list[tuple[object, tuple]] = [(value, ())]
    while stack:
        item, parts = stack.pop()
        if isinstance(item, str):
            found = _SURROGATE.search(item)
            if found:
                raise InputError(f"{where}: {json_path(base, parts)} holds a lone surrogate "
                                 f"(\\u{ord(found.group()):04x}, half of a UTF-16 pair), which "
                                 f"is no character; fix the text there")
        elif isinstance(item, dict):
            for key, child in reversed(item.items()):
                if _SURROGATE.search(key):
                    raise InputError(f"{where}: a key in {json_path(base, parts)} holds a lone "
                                     f"surrogate (half of a UTF-16 pair), which is no character")
                stack.append((child, parts + (key,)))
        elif isinstance(item, list):
            stack.extend((child, parts + (i,)) for i, child in reversed(list(enumerate(item))))


def with_locator(sentence: str, locator: str) -> str:
    """`sentence` with `(locator)` before its final punctuation (or at its end, with a period)."""
    sentence = sentence.rstrip()
    end = len(sentence)
    while end and sentence[end - 1] in "\"'”’»)]*_":
        end -= 1
    if end and sentence[end - 1] in ".!?":
        return f"{sentence[:end - 1]} ({locator}){sentence[end - 1:]}"
    return f"{sentence} ({locator})."
