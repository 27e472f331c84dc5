"""Read a summary file: its text, and the YAML front matter at its head."""
from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Any

import yaml

from ..claims.yamlfmt import expanded_size
from ..terminal.display import quoted, shorten
from ..files.reading import decode, read_input
from ..files.lines import normalized
from ..model import InputError

MAX_SUMMARY_BYTES = 50 * 1024 * 1024
#: The front matter's top-level `source:` key, at the start of its line.
SOURCE_KEY = re.compile(r"source[ \t]*:")
# Front matter names a few files and options; a value standing for more is an attack.
MAX_FRONT_MATTER_VALUES = 10_000


def read_text(path: Path) -> str:
    """Decode a UTF-8 file (BOM allowed; UTF-16/32 with BOM too), NFC-normalised, `\\n` line ends."""
    return unicodedata.normalize("NFC", read_as_written(path))


def read_as_written(path: Path) -> str:
    """The file's text as written, but for `\\n` line ends (and NUL shown as U+FFFD)."""
    text = decode(read_input(path, MAX_SUMMARY_BYTES, "summary"), str(path))
    # Markdown treats \r\n and a lone \r as line ends; so does every line number (lines.py).
    text = normalized(text)
    if "\0" in text:
        text = text.replace("\0", "\ufffd")  # as Markdown does; keeps our text and its in step
    return text


def split_front_matter(path: Path, lines: list[str]) -> tuple[dict, int]:
    """(front matter, number of lines it occupies); ({}, 0) without front matter."""
    if not lines or lines[0].rstrip() != "---":
        return {}, 0
    close = next((k for k in range(1, len(lines)) if lines[k].rstrip() in ("---", "...")), None)
    if close is None:
        raise InputError(f"{path}: front matter opened by '---' on line 1 is never closed")
    yaml_text = "\n".join(lines[1:close])
    try:
        data = _front_matter_data(path, yaml_text)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        # YAML also breaks lines at U+0085, U+2028, U+2029; the file's lines are its `\n` lines.
        where = f" at line {yaml_text.count(chr(10), 0, mark.index) + 2}" if mark is not None else ""
        problem = getattr(err, "problem", None) or str(err).split("\n")[0]
        raise InputError(f"{path}: invalid YAML front matter{where}: {shorten(problem, 120)}") from None
    except (RecursionError, ValueError, OverflowError) as err:
        raise InputError(f"{path}: invalid YAML front matter: {shorten(str(err), 120)}") from None
    if data is None:
        return {}, close + 1
    if not isinstance(data, dict):
        raise InputError(f"{path}: front matter is not a mapping (got {type(data).__name__})")
    return data, close + 1


# libyaml where installed: an audit reads hundreds of front matters before its workers start.
_LOADER: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _front_matter_data(path: Path, text: str) -> Any:
    """The front matter's data, built only once no value's aliases expand beyond reason.

    Built, aliases share objects; but a "billion laughs" tree of them is expanded by whatever
    walks the value without sharing (a message quoting it, a report), so it is refused here.
    """
    loader = _LOADER(text)
    try:
        node = loader.get_single_node()
        if isinstance(node, yaml.MappingNode):
            sizes: dict[int, int] = {}
            for key_node, value_node in node.value:
                if expanded_size(value_node, sizes) > MAX_FRONT_MATTER_VALUES:
                    key = key_node.value if isinstance(key_node, yaml.ScalarNode) else "a key"
                    kind = "a list" if isinstance(value_node, yaml.SequenceNode) else "a mapping"
                    raise InputError(
                        f"{path}: front matter: {quoted(str(key), 40)} holds {kind} whose YAML "
                        f"aliases expand to more than {MAX_FRONT_MATTER_VALUES:,} values (front "
                        f"matter names files and options)")
        return loader.construct_document(node) if node is not None else None
    finally:
        loader.dispose()
