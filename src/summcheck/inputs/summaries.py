"""Whether a file is a summary, and its front matter read without failing."""
from __future__ import annotations

import os
from pathlib import Path

from ..config.file import Config
from ..model import InputError

MARKDOWN_SUFFIXES = (".md", ".markdown")
_HEAD_BYTES = 4096


def is_summary(path: Path, config: Config | None = None) -> bool:
    """A regular file that is a summary: a file that the configuration's `summaries` globs map
    to its inputs, or a Markdown file whose front matter names `source:` or `claims:`. A Markdown
    file whose front matter is broken (unparseable, not a mapping, not UTF-8) counts too: it
    may be a summary, and checking it reports the problem. Markdown without front matter, or
    with front matter that names neither (a README, a page of docs), is no summary."""
    if not path.is_file():
        return False
    if config is not None and config.mapping_for(path) is not None:
        return True
    if path.suffix.lower() not in MARKDOWN_SUFFIXES or not _starts_front_matter(path):
        return False
    try:
        front = read_front_matter(path)
    except InputError:
        return True
    return "source" in front or "sources" in front or "claims" in front


def read_front_matter(path: Path) -> dict:
    """A summary's front matter; InputError when it cannot be read or parsed."""
    from ..summary import read_text, split_front_matter

    front, _ = split_front_matter(path, read_text(path).split("\n"))
    return front


def front_matter(path: Path) -> dict:
    """A summary's front matter, or {} when it is broken: a broken summary names nothing, and
    checking it reports the problem."""
    try:
        front = read_front_matter(path)
    except (InputError, OSError, ValueError):
        return {}
    return front if isinstance(front, dict) else {}


def path_key(path: Path) -> Path:
    """A path's identity for comparison: absolute, `..` folded, symlinks resolved."""
    try:
        return Path(os.path.realpath(path))
    except (OSError, ValueError):
        return Path(os.path.abspath(path))


def changed_keys(paths) -> frozenset[Path]:
    """The identities (path_key) of the files a change set changed: what a summary's source is
    compared with for SUM110."""
    return frozenset(path_key(Path(p)) for p in paths)


def _starts_front_matter(path: Path) -> bool:
    """Cheap test on the first bytes: does the file open with a `---` line?"""
    try:
        with path.open("rb") as handle:
            head = handle.read(_HEAD_BYTES)
    except OSError:
        return False
    for bom in ("\ufeff".encode("utf-8"), b"\xff\xfe", b"\xfe\xff"):
        head = head[len(bom):] if head.startswith(bom) else head
    if head.startswith((b"-\x00", b"\x00-")):  # UTF-16: let the full reader decide
        return True
    first = head.split(b"\n", 1)[0].rstrip()
    return first == b"---"


__all__ = ["is_summary", "read_front_matter", "front_matter", "path_key", "MARKDOWN_SUFFIXES"]
