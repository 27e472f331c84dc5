"""`summcheck pin`: pin a summary's source to the sha256 of its bytes, in its front matter.

A pull request can edit the source a summary quotes so that it holds the very sentence the
summary needs, and the gate passes. A pinned source (`source: {path: rfc3986.txt, sha256:
…}`) makes that an exit 2 naming both digests (engine/load.py `check_pin`); this writes the pin,
or refreshes it after a reviewed change of the source.

Only the front matter's top-level `source:` entry is rewritten, as one flow mapping (for a
summary of several sources, its `sources:` entry, each source pinned and keeping its own
settings); every other byte of the file stays as it was (line ends, a byte-order mark, comments elsewhere). The
new front matter is read back before the file is written: it must hold what it held, with
`source` now the pinned mapping. Every summary named is read and checked before any is
written, and each is written whole or not at all; a summary that is a symbolic link is refused
(the link's target may be shared with other files).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from ..config.file import Config
from ..engine.load import file_sha256
from ..inputs.resolution import resolve_inputs
from ..model import InputError
from ..files.output import write_atomically
from ..summary.reading import MAX_SUMMARY_BYTES, SOURCE_KEY, split_front_matter

_PLAIN = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_./-]*")


@dataclass(frozen=True)
class Pinned:
    summary: Path
    pins: tuple[tuple[str, Path, str], ...]  # (what the summary calls it, source, sha256)
    text: str | None  # the summary's new text; None: the pin was already this digest

    def write(self) -> None:
        if self.text is not None:
            write_atomically(self.summary, self.text, what="summary")


def pin_summary(summary: Path, config: Config) -> Pinned:
    """The pin of `summary`'s source to its bytes' sha256, to be written (`Pinned.write`);
    InputError (exit 2) naming the file when it cannot be done."""
    summary = Path(summary)
    if summary.is_symlink():
        raise InputError(f"{summary}: is a symbolic link; pin the file it points to")
    try:
        raw = summary.read_bytes()
    except OSError as exc:
        raise InputError(f"{summary}: cannot read: {exc.strerror or exc}") from None
    if len(raw) > MAX_SUMMARY_BYTES:
        raise InputError(f"{summary}: larger than {MAX_SUMMARY_BYTES} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"{summary}: not UTF-8 (byte {exc.start}); pin a UTF-8 summary") from None
    bom = "\ufeff" if text.startswith("\ufeff") else ""
    lines = text[len(bom):].split("\n")
    front, body_start = split_front_matter(summary, [line.rstrip("\r") for line in lines])
    if "sources" in front:
        return _pin_sources(summary, front, lines, body_start, bom, config)
    value = front.get("source")
    if value is None:
        raise InputError(f"{summary}: no source named in its front matter: nothing to pin")
    inputs = resolve_inputs(summary, front, config, strict=True)
    inputs.check_readable("source")
    source = inputs.path("source")
    name = value["path"] if isinstance(value, dict) else value
    digest = _digest(summary, source)
    if isinstance(value, dict) and value.get("sha256") == digest:
        return Pinned(summary, (("source", source, digest),), None)
    start, end = _entry_lines(summary, lines, body_start, SOURCE_KEY, "source")
    ending = "\r" if lines[start].endswith("\r") else ""
    entry = f"source: {{path: {_scalar(name)}, sha256: {digest}}}{ending}"
    new_lines = lines[:start] + [entry] + lines[end:]
    new_text = bom + "\n".join(new_lines)
    wanted = {**front, "source": {"path": name, "sha256": digest}}
    got, _ = split_front_matter(summary, [line.rstrip("\r") for line in new_lines])
    if got != wanted:
        raise InputError(f"{summary}: front matter: 'source:' is written in a form this cannot "
                         f"rewrite safely; write it as source: {{path: {_scalar(name)}, "
                         f"sha256: {digest}}}")
    return Pinned(summary, (("source", source, digest),), new_text)


def _pin_sources(summary: Path, front: dict, lines: list[str], body_start: int, bom: str,
                 config: Config) -> Pinned:
    """The pin of each source of a summary of several: `sources:` rewritten as one flow
    mapping, each source `{path: FILE, sha256: HEX}` with the settings it had."""
    inputs = resolve_inputs(summary, front, config, strict=True)
    pinned: dict = {}
    for document, (key, spec) in zip(inputs.documents, front["sources"].items()):
        spec = dict(spec) if isinstance(spec, dict) else {"path": spec}
        spec["sha256"] = _digest(summary, document.path)
        pinned[key] = spec
    pins = tuple((f"source {d.key}", d.path, pinned[key]["sha256"])
                 for d, key in zip(inputs.documents, pinned))
    if pinned == front["sources"]:
        return Pinned(summary, pins, None)
    start, end = _entry_lines(summary, lines, body_start, _SOURCES_KEY, "sources")
    ending = "\r" if lines[start].endswith("\r") else ""
    entry = "sources: {" + ", ".join(
        f"{_scalar(key)}: {{" + ", ".join(f"{name}: {_flow(value)}" for name, value in
                                           spec.items()) + "}"
        for key, spec in pinned.items()) + "}" + ending
    new_lines = lines[:start] + [entry] + lines[end:]
    got, _ = split_front_matter(summary, [line.rstrip("\r") for line in new_lines])
    if got != {**front, "sources": pinned}:
        raise InputError(f"{summary}: front matter: 'sources:' is written in a form this "
                         f"cannot rewrite safely; write each source as KEY: {{path: FILE}}")
    return Pinned(summary, pins, bom + "\n".join(new_lines))


_SOURCES_KEY = re.compile(r"sources[ \t]*:")


def _digest(summary: Path, source: Path) -> str:
    try:
        return file_sha256(source)
    except OSError as exc:
        raise InputError(f"{summary}: source {source}: {exc.strerror or exc}") from None


def _entry_lines(summary: Path, lines: list[str], body_start: int, key: re.Pattern,
                 name: str) -> tuple[int, int]:
    """The lines [start, end) of a top-level front matter entry."""
    start = next((k for k in range(1, body_start - 1) if key.match(lines[k])), None)
    if start is None:
        raise InputError(f"{summary}: front matter: cannot find the line of '{name}:' to pin "
                         f"(write it at the start of a line)")
    end = start + 1
    while end < body_start - 1 and (not lines[end].strip() or lines[end][:1] in " \t"):
        end += 1  # the entry's own lines: indented, or blank inside it
    while end > start + 1 and not lines[end - 1].strip():
        end -= 1  # blank lines after it are the file's, not the entry's
    return start, end


def _flow(value: object) -> str:
    """A front matter value as YAML flow: a boolean as true/false, anything else a scalar."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return _scalar(str(value))


def _scalar(name: str) -> str:
    """A file name as a YAML flow scalar: plain where that reads back as the same string."""
    if _PLAIN.fullmatch(name) and yaml.safe_load(name) == name:
        return name
    return json.dumps(name, ensure_ascii=False)


__all__ = ["Pinned", "pin_summary"]
