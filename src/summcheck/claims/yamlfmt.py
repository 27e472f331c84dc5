"""YAML claims files, read safely, with duplicate keys noted and the line each record starts on.

Only plain data is built: any tag that would construct an object is an error, and nothing is
run. Every problem here concerns the whole file, so each one is an `InputError`.
"""
from __future__ import annotations

import re
from collections.abc import Hashable
from typing import Any

import yaml

from ..terminal.display import shorten
from ..files.lines import line_ends, line_of
from ..model import InputError
from .numbers import whole_number
from .records import DupDict
from .wording import EMPTY, one_line

_BaseLoader: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml, where installed: faster


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
        data = DupDict()
        yield data
        data.update(self.construct_mapping(node))
        data.duplicates = self.own_duplicates.get(id(node), ())

    def construct_yaml_int(self, node: yaml.ScalarNode) -> int:
        """YAML's integer, or a HugeInt where it has more decimal digits than int() takes."""
        try:
            return super().construct_yaml_int(node)
        except ValueError:
            digits = str(self.construct_scalar(node)).replace("_", "")
            if digits.lstrip("+-").isdigit():
                return whole_number(digits)
            raise


_Loader.add_constructor("tag:yaml.org,2002:map", _Loader.construct_yaml_map)
_Loader.add_constructor("tag:yaml.org,2002:int", _Loader.construct_yaml_int)

_STR, _SEQ, _MAP = (f"tag:yaml.org,2002:{t}" for t in ("str", "seq", "map"))
_MERGE = "tag:yaml.org,2002:merge"

# An alias is one node reached from several places. Built, it is one shared object; but
# expanded, nine aliases nested eight deep ("billion laughs") are 43 million values in an
# 800-byte file, and whatever walks the data without sharing (the schema validator writing a
# message, a report) pays for every one. What aliases add when expanded may not exceed one
# value per character of the file, or MAX_ALIAS_EXPANSION in a smaller file: real claims files
# share a locator or an `ignore` list, never a tree of trees.
MAX_ALIAS_EXPANSION = 1_000_000
_SIZE_CAP = 1 << 62  # sizes saturate here, so the arithmetic stays on small integers


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


def expanded_size(root: yaml.Node, sizes: dict[int, int]) -> int:
    """How many nodes `root` stands for once every alias below it is expanded.

    Each node's size is computed once (`sizes` is shared between calls), so this is linear in
    the number of distinct nodes however far the aliases would expand. A node that contains
    itself counts its own nodes once (the records' check reports the loop).
    """
    stack: list[yaml.Node] = [root]
    while stack:
        node = stack[-1]
        key = id(node)
        done = sizes.get(key)
        if isinstance(node, yaml.ScalarNode):
            sizes[key] = 1
            stack.pop()
            continue
        if done is not None and done != -1:
            stack.pop()
            continue
        if isinstance(node, yaml.SequenceNode):
            children = node.value
        else:
            children = [n for pair in node.value for n in pair]
        if done is None:
            sizes[key] = -1  # open: its children come first
            stack.extend(child for child in children if id(child) not in sizes)
            continue
        stack.pop()
        total = 1
        for child in children:
            size = sizes[id(child)]
            if size > 0:  # -1: a child that contains this node
                total = min(total + size, _SIZE_CAP)
        sizes[key] = total
    return sizes[id(root)]


def _check_expansion(shared: list[yaml.Node], text: str, name: str) -> None:
    """Refuse a document whose aliases expand far beyond its size (a "billion laughs").

    `shared` holds the nodes `_build` reached again through an alias, and those it left to the
    constructor (which expands merge keys and aliases out of sight): together they bound what
    expanding the document would add to it.
    """
    if not shared:
        return
    limit = max(MAX_ALIAS_EXPANSION, len(text))
    sizes: dict[int, int] = {}
    added = 0
    for node in shared:
        size = sizes.get(id(node))
        added += size if size is not None and size > 0 else expanded_size(node, sizes)
        if added > limit:
            raise InputError(f"{name}: YAML aliases expand too far (a billion-laughs document?): "
                             f"expanded, they would add more than {limit:,} values")


def _build(node: yaml.Node, loader: Any, memo: dict[int, Any], shared: list[yaml.Node]) -> Any:
    """Data from a composed node tree: what construct_document gives, at a fraction of its cost.

    Plain strings, sequences and mappings are built here; every other node (numbers, dates,
    merge keys, unknown tags) goes to the safe constructor, which also rejects unsafe tags.
    Containers reached again (aliases) and those built by the constructor go to `shared`.
    """
    tag = node.tag
    if tag == _STR and isinstance(node, yaml.ScalarNode):
        return node.value
    done = memo.get(id(node))  # an alias is the very same node object
    if done is not None:
        shared.append(node)
        return done
    if tag == _SEQ and isinstance(node, yaml.SequenceNode):
        items: list = []
        memo[id(node)] = items
        items.extend(_build(item, loader, memo, shared) for item in node.value)
        return items
    if tag == _MAP and isinstance(node, yaml.MappingNode) and all(k.tag != _MERGE for k, _ in node.value):
        mapping = DupDict()
        memo[id(node)] = mapping
        for key_node, value_node in node.value:
            key = _build(key_node, loader, memo, shared)
            if not isinstance(key, Hashable):
                raise yaml.constructor.ConstructorError(
                    "while constructing a mapping", node.start_mark, "found unhashable key", key_node.start_mark)
            mapping[key] = _build(value_node, loader, memo, shared)
        mapping.duplicates = _duplicate_keys(node)
        return mapping
    value = loader.construct_object(node, deep=True)
    if isinstance(value, (list, dict)):
        memo[id(node)] = value
        shared.append(node)
    return value


def parse_yaml(text: str, name: str) -> tuple[Any, list[int] | None]:
    """Parse YAML safely; return the data and the line of every record, in order."""
    nul = text.find("\x00")
    if nul != -1:
        line = line_of(text, nul)
        raise InputError(f"{name}: invalid YAML at line {line}: a NUL byte (YAML does not allow it)")
    loader = _Loader(text)
    try:
        # Compose first: the node tree carries the line of each record, construction the data.
        node = loader.get_single_node()
        shared: list[yaml.Node] = []
        data = _build(node, loader, {}, shared) if node is not None else None
        _check_expansion(shared, text, name)
    except yaml.MarkedYAMLError as exc:
        raise InputError(f"{name}: {_message(exc, text)}") from None
    except yaml.reader.ReaderError as exc:  # a character YAML does not allow (\x0b, \x0c, …)
        line = line_of(text, exc.position)
        raise InputError(f"{name}: invalid YAML at line {line}: character U+{exc.character:04X} "
                         f"is not allowed ({exc.reason})") from None
    except yaml.YAMLError as exc:
        raise InputError(f"{name}: invalid YAML: {one_line(str(exc))}") from None
    except RecursionError:
        raise InputError(f"{name}: invalid YAML: nested too deeply") from None
    except (ValueError, OverflowError, TypeError) as exc:  # e.g. a timestamp like 2024-13-45
        raise InputError(f"{name}: invalid YAML value: {one_line(str(exc))}") from None
    finally:
        loader.dispose()
    if data is None and not text.strip():
        raise InputError(f"{name}: {EMPTY}")
    return data, _record_lines(node, text)


def _line(text: str, mark: yaml.Mark) -> int:
    """The 1-based line of `mark` as an editor counts it (lines.py: `\\n`, `\\r\\n`, `\\r`).

    YAML also ends a line at U+0085, U+2028 and U+2029 (and counts `mark.line` so); editors
    and every other report summcheck writes do not. `mark.index` counts characters.
    """
    return line_of(text, mark.index)


def _record_lines(node: yaml.Node | None, text: str) -> list[int] | None:
    if isinstance(node, yaml.MappingNode):
        found = None
        for key_node, value_node in node.value:
            if isinstance(key_node, yaml.ScalarNode) and key_node.value == "claims":
                found = value_node  # a later duplicate wins, as in construction
        node = found
    if not isinstance(node, yaml.SequenceNode):
        return None
    lines, line, last = [], 1, 0
    for item in node.value:  # items ascend, so counting line breaks in between stays linear
        index = item.start_mark.index
        line += line_ends(text, last, index)
        last = index
        lines.append(line)
    return lines


def _message(exc: yaml.MarkedYAMLError, text: str) -> str:
    problem = one_line(exc.problem or "cannot be parsed")
    mark = exc.problem_mark or exc.context_mark
    where = f" at line {_line(text, mark)}" if mark is not None else ""
    # PyYAML quotes the tag with ' or, when the tag holds a ', with "
    tagged = re.search(r"constructor for the tag (['\"])(.*)\1", problem)
    if isinstance(exc, yaml.constructor.ConstructorError) and tagged:
        tag = shorten(tagged.group(2).replace("tag:yaml.org,2002:", "!!"), 60)
        return f"unsupported YAML tag '{tag}'{where} (claims files hold plain data; nothing was run)"
    context = ""
    if exc.context:
        context = f" ({one_line(exc.context)}"
        if exc.context_mark is not None and exc.context_mark is not mark:
            context += f" that starts at line {_line(text, exc.context_mark)}"
        context += ")"
    return f"invalid YAML{where}: {shorten(problem, 200)}{shorten(context, 200)}"

