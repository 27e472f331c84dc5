"""Map changed files to the summaries they affect (pre-commit hook, GitHub Action).

A summary depends on three files: itself, its claim records and its source. When any of them
changes, the summary must be checked again. `summaries_for` takes a list of changed files (as
pre-commit passes them, or as `git diff --name-only` lists them) and returns the summaries to
check:

- a changed summary maps to itself;
- a changed source or claims file maps to every summary under `root` that uses it: named in
  the summary's front matter (`source:`, `claims:`, relative to the summary), in the
  configuration's `summaries` mapping, or as the `source:` of the summary's claims file;
- any other file maps to nothing.

A changed file may be deleted (a pull request that removes a claims file): it still maps to
the summaries that name it, whose check then reports the missing input.
"""
from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path

from .config import Config
from .model import InputError

MARKDOWN_SUFFIXES = (".md", ".markdown")
#: Folders never searched for summaries (besides every folder whose name starts with a dot).
SKIP_DIRS = frozenset({"node_modules", "__pycache__", "site-packages"})
_HEAD_BYTES = 4096


def summaries_for(changed: Iterable[Path], root: Path, config: Config | None = None) -> list[Path]:
    """The summaries to check when `changed` files changed: sorted, each once."""
    config = config if config is not None else Config()
    changed = [Path(p) for p in changed]
    if not changed:
        return []
    result: dict[Path, Path] = {}
    for path in changed:
        if is_summary(path, config):
            result.setdefault(_key(path), path)
    wanted = {_key(path) for path in changed}
    for summary in iter_summaries(root, config):
        key = _key(summary)
        if key in wanted or (inputs_of(summary, config) & wanted):
            result[key] = summary  # the form found under root is the one to report
    return sorted(result.values(), key=lambda p: p.as_posix())


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
        front = _read_front_matter(path)
    except InputError:
        return True
    return "source" in front or "claims" in front


def iter_summaries(root: Path, config: Config | None = None) -> Iterator[Path]:
    """Every summary under `root`, in a stable order; hidden folders (`.git`, `.venv`, …) and
    `node_modules` are not searched."""
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in SKIP_DIRS)
        base = Path(folder)
        for name in sorted(files):
            path = base / name
            if (name.lower().endswith(MARKDOWN_SUFFIXES) or
                    (config is not None and config.summaries)) and is_summary(path, config):
                yield path


def inputs_of(summary: Path, config: Config | None = None) -> set[Path]:
    """The (resolved) source and claims files a summary uses, as the checker would find them:
    front matter first, then the configuration's mapping, then the claims file's `source:`."""
    front = _front_matter(summary)
    mapping = config.mapping_for(summary) if config is not None else None
    found: dict[str, Path] = {}
    for key in ("source", "claims"):
        value = front.get(key)
        if isinstance(value, str) and value.strip():
            found[key] = summary.parent / value
        elif mapping is not None and getattr(mapping, key) is not None:
            found[key] = getattr(mapping, key)
    if "source" not in found and "claims" in found:
        source = _claims_source(found["claims"])
        if source is not None:
            found["source"] = source
    return {_key(path) for path in found.values()}


# ---------------------------------------------------------------- helpers


def _key(path: Path) -> Path:
    """A path's identity for comparison: absolute, `..` folded, symlinks resolved."""
    try:
        return Path(os.path.realpath(path))
    except (OSError, ValueError):
        return Path(os.path.abspath(path))


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


def _read_front_matter(path: Path) -> dict:
    from .summary import read_text, split_front_matter

    front, _ = split_front_matter(path, read_text(path).split("\n"))
    return front


def _front_matter(summary: Path) -> dict:
    try:
        return _read_front_matter(summary)
    except InputError:
        return {}  # a broken summary names nothing; checking it reports the problem


def _claims_source(claims: Path) -> Path | None:
    """The `source:` that a claims file in mapping form names (relative to the claims file)."""
    if claims.suffix.lower() == ".jsonl" or not claims.is_file():
        return None
    from .claims import load_claims

    try:
        source = load_claims(claims).source
    except (InputError, OSError, ValueError, RecursionError):
        return None
    if not isinstance(source, str) or not source.strip():
        return None
    return claims.parent / source


__all__ = ["summaries_for", "is_summary", "iter_summaries", "inputs_of"]
