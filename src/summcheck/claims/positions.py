"""Where each record of a claims file, and each value in it, stands in the file's text.

The loader keeps only the line each record starts on; this finds the exact character span of
every value when something needs it: a finding that points at a record's quote or locator
(what a report underlines), and `--fix`, which rewrites a value or removes a record by editing
only those characters, so that everything else in the file — comments, key order, spacing,
quoting — stays byte for byte as it was.

JSON and JSONL are scanned with the standard library's JSON scanner (each scalar decoded by it,
so its span is exactly the token); YAML is composed by PyYAML, whose nodes carry their marks.
Offsets are characters of the text as loaded (`ClaimsFile.text`).
"""
from __future__ import annotations

import bisect
import json
import re
from dataclasses import dataclass, field
from typing import Any, Callable

import yaml

from ..files.lines import line_starts

_SCAN = json.JSONDecoder(parse_int=str, parse_float=str, parse_constant=str)
_WS = re.compile(r"[ \t\n\r]*")
_SEQUENCE_ENTRY = re.compile(r"[ \t]*-[ \t]+\Z")


class NotPlaced(Exception):
    """The text cannot be placed (it no longer parses, or a record is out of reach)."""


@dataclass
class Node:
    """One value of the file: its span, and for a mapping or a list the spans of its parts."""

    start: int
    end: int  # exclusive
    kind: str  # "scalar", "mapping" or "sequence"
    style: str | None = None  # YAML: a scalar's quoting ('', '"', "|", ">"; None: plain)
    flow: bool = True  # YAML: a mapping or list written inline ({…}, […]); JSON: always
    keys: dict[str, tuple["Node", "Node"]] = field(default_factory=dict)  # key → (key, value)
    items: list["Node"] = field(default_factory=list)
    duplicate_keys: bool = False  # a key given twice: no edit is certain

    @property
    def content_end(self) -> int:
        """Where the last character of the value stands (+1): a block mapping's end mark
        lies at the start of what follows it, after blank lines and comments."""
        if self.kind == "mapping" and not self.flow and self.keys:
            return max(value.content_end for _, value in self.keys.values())
        if self.kind == "sequence" and not self.flow and self.items:
            return self.items[-1].content_end
        return self.end


class Layout:
    """The records of one file, in the loader's order: where each stands (`spans`), and its
    node (`record`), read only for the records asked for — a finding is on a few records of
    thousands, and scanning one record costs what scanning the file would for each."""

    def __init__(self, fmt: str, text: str, spans: list[tuple[int, int]],
                 read: "Callable[[int], Node | None]", block: bool = False,
                 aliases: bool = False) -> None:
        self.fmt = fmt
        self.text = text
        self.spans = spans  # JSONL: each record's line; JSON, YAML: each item of the list
        self._read = read
        self._nodes: dict[int, Node | None] = {}
        self.block = block  # YAML: the records are a block sequence (`- ` entries)
        self.aliases = aliases  # YAML: anchors or aliases (one node reached from several places)
        self._line_starts: list[int] | None = None

    def __len__(self) -> int:
        return len(self.spans)

    def line_and_column(self, offset: int) -> tuple[int, int]:
        """The 1-based line (lines.py: ended by \\n, \\r\\n or a lone \\r) and column of `offset`
        in the text; the line starts are found once, since a file with thousands of findings
        asks for each."""
        if self._line_starts is None:
            self._line_starts = line_starts(self.text)
        line = bisect.bisect_right(self._line_starts, offset)
        return line, offset - self._line_starts[line - 1] + 1

    def item(self, index: int) -> Node | None:
        """The node of item `index` of the list (a record, or what stands in its place)."""
        if not 0 <= index < len(self.spans):
            return None
        if index not in self._nodes:
            try:
                self._nodes[index] = self._read(index)
            except (ValueError, IndexError, RecursionError):
                self._nodes[index] = None
        return self._nodes[index]

    def record(self, index: int) -> Node | None:
        """Record `index`'s mapping, or None (a JSONL line or an item that is no mapping)."""
        node = self.item(index)
        return node if node is not None and node.kind == "mapping" else None


def layout(text: str, fmt: str) -> Layout:
    """The records of `text` read as `fmt` (json, jsonl, yaml); NotPlaced when it does not
    parse as the loader read it."""
    try:
        if fmt == "jsonl":
            return _jsonl(text)
        if fmt == "json":
            return _json(text)
        if fmt == "yaml":
            return _yaml(text)
    except (ValueError, IndexError, RecursionError, yaml.YAMLError) as exc:
        raise NotPlaced(str(exc)) from None
    raise NotPlaced(f"unknown format {fmt!r}")


# ---------------------------------------------------------------- JSON and JSONL


def _scan(text: str, i: int) -> tuple[Node, int]:
    """The JSON value at text[i] and the offset after it."""
    char = text[i]
    if char == "{":
        node = Node(i, i, "mapping")
        j = _WS.match(text, i + 1).end()
        while text[j] != "}":
            key, after = _SCAN.raw_decode(text, j)
            key_node = Node(j, after, "scalar")
            j = _WS.match(text, after).end()
            if text[j] != ":":
                raise ValueError("expected ':'")
            value, j = _scan(text, _WS.match(text, j + 1).end())
            if key in node.keys:
                node.duplicate_keys = True
            node.keys[key] = (key_node, value)
            j = _WS.match(text, j).end()
            if text[j] == ",":
                j = _WS.match(text, j + 1).end()
        node.end = j + 1
        return node, j + 1
    if char == "[":
        node = Node(i, i, "sequence")
        j = _WS.match(text, i + 1).end()
        while text[j] != "]":
            item, j = _scan(text, j)
            node.items.append(item)
            j = _WS.match(text, j).end()
            if text[j] == ",":
                j = _WS.match(text, j + 1).end()
        node.end = j + 1
        return node, j + 1
    _, end = _SCAN.raw_decode(text, i)
    return Node(i, end, "scalar"), end


def _jsonl(text: str) -> Layout:
    spans: list[tuple[int, int]] = []
    offset = 0
    for line in text.split("\n"):  # as load_jsonl splits: U+2028 is no line break
        start, offset = offset, offset + len(line) + 1
        if line.strip():
            spans.append((start, min(offset, len(text))))

    def read(index: int) -> Node | None:
        start, end = spans[index]
        line = text[start:end].rstrip("\n")
        first = start + len(line) - len(line.lstrip())
        if text[first] != "{":
            return None
        node, after = _scan(text, first)
        # More after the object: the loader found no record on this line.
        return None if text[after:start + len(line)].strip() else node

    return Layout("jsonl", text, spans, read)


def _json(text: str) -> Layout:
    i = _WS.match(text, 0).end()
    if text[i] == "{":  # the mapping form: the list under `claims` (a later one wins)
        found = None
        i = _WS.match(text, i + 1).end()
        while text[i] != "}":
            key, i = _SCAN.raw_decode(text, i)
            i = _WS.match(text, _WS.match(text, i).end() + 1).end()  # past ':'
            if key == "claims":
                found = i
            _, i = _SCAN.raw_decode(text, i)
            i = _WS.match(text, i).end()
            if text[i] == ",":
                i = _WS.match(text, i + 1).end()
        if found is None:
            raise ValueError("no claims")
        i = found
    if text[i] != "[":
        raise ValueError("no list of records")
    spans: list[tuple[int, int]] = []
    i = _WS.match(text, i + 1).end()
    while text[i] != "]":  # each item skipped by the C scanner; scanned only when asked for
        _, end = _SCAN.raw_decode(text, i)
        spans.append((i, end))
        i = _WS.match(text, end).end()
        if text[i] == ",":
            i = _WS.match(text, i + 1).end()
    return Layout("json", text, spans, lambda index: _scan(text, spans[index][0])[0])


# ---------------------------------------------------------------- YAML


def _yaml(text: str) -> Layout:
    loader_class: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    aliases = any(isinstance(token, (yaml.AnchorToken, yaml.AliasToken))
                  for token in yaml.scan(text, Loader=loader_class))
    root = yaml.compose(text, Loader=loader_class)
    if isinstance(root, yaml.MappingNode):
        found = None
        for key_node, value_node in root.value:
            if isinstance(key_node, yaml.ScalarNode) and key_node.value == "claims":
                found = value_node
        root = found
    if not isinstance(root, yaml.SequenceNode):
        raise ValueError("no list of records")
    items = root.value
    spans = [(item.start_mark.index, item.end_mark.index) for item in items]
    return Layout("yaml", text, spans, lambda index: _node(items[index]),
                  block=not root.flow_style, aliases=aliases)


def _node(node: yaml.Node) -> Node:
    start, end = node.start_mark.index, node.end_mark.index
    if isinstance(node, yaml.ScalarNode):
        return Node(start, end, "scalar", style=node.style or None)  # libyaml: '' is plain
    if isinstance(node, yaml.SequenceNode):
        return Node(start, end, "sequence", flow=bool(node.flow_style),
                    items=[_node(item) for item in node.value])
    mapping = Node(start, end, "mapping", flow=bool(node.flow_style))
    for key_node, value_node in node.value:
        if not isinstance(key_node, yaml.ScalarNode) or key_node.tag == "tag:yaml.org,2002:merge":
            mapping.duplicate_keys = True  # a merge or a complex key: not a plain record
            continue
        if key_node.value in mapping.keys:
            mapping.duplicate_keys = True
        mapping.keys[key_node.value] = (_node(key_node), _node(value_node))
    return mapping


# ---------------------------------------------------------------- what a report points at




def value_span(layout_: Layout, index: int, key: str) -> tuple[int, int] | None:
    """The span of record `index`'s value for `key`, or None."""
    node = layout_.record(index)
    if node is None or key not in node.keys:
        return None
    value = node.keys[key][1]
    return value.start, value.content_end


# ---------------------------------------------------------------- what removing a record removes


def removal_span(text: str, layout_: Layout, index: int) -> tuple[int, int] | None:
    """The characters to delete to remove record `index` and nothing else (its line in JSONL;
    the item and one comma in JSON; the `- ` entry's lines in a YAML block list), or None
    when the layout leaves no such certain cut."""
    spans = layout_.spans
    if not 0 <= index < len(spans):
        return None
    if layout_.fmt == "jsonl":
        return spans[index]
    start, end = spans[index]
    if layout_.fmt == "json":
        if index + 1 < len(spans):
            return start, spans[index + 1][0]
        if index > 0:
            return spans[index - 1][1], end
        return start, end
    item = layout_.item(index)
    if not layout_.block or layout_.aliases or item is None:
        return None
    line_start = text.rfind("\n", 0, item.start) + 1
    if not _SEQUENCE_ENTRY.match(text[line_start:item.start]):
        return None
    end = item.content_end
    if end > 0 and text[end - 1] == "\n":  # a block scalar ends after its line break
        return line_start, end
    line_end = text.find("\n", end)
    return line_start, len(text) if line_end == -1 else line_end + 1
