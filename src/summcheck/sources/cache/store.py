"""The cache folder on disk: an entry is a magic line, then zlib-compressed ASCII JSON, read
through no symlink from a regular file the user owns, and written atomically (a temporary
file in the folder, then os.replace); the folder keeps its newest MAX_ENTRIES entries of
loaded sources (`.source`, `.structure`) and, apart, its newest MAX_OUTCOMES outcomes of
checked summaries (`.outcome`, engine/outcomes.py: small, and one a summary).

Whether the folder may be used at all is the caller's question (trust.py).
"""
from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
import time
import zlib
from pathlib import Path

from .trust import owned

MAGIC = b"summcheck source cache\n"
MAX_ENTRY_BYTES = 1 << 30  # decompressed; a larger entry is not written, and not read
MAX_ENTRIES = 256  # source and structure entries kept; the least recently used go first
MAX_OUTCOMES = 4096  # outcome entries kept (a few kB each), apart from those
STALE_TEMPORARY = 3600  # seconds after which a temporary file left by a killed run is removed


def read_entry(path: Path, touch: bool) -> object | None:
    """The JSON of the entry at `path`, or None: absent, unreadable or corrupt. `touch`: mark
    it used (its mtime), for pruning."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except (OSError, ValueError):
        return None
    try:
        with os.fdopen(fd, "rb") as handle:
            info = os.fstat(handle.fileno())
            if not stat.S_ISREG(info.st_mode) or not owned(info):
                return None
            blob = handle.read(MAX_ENTRY_BYTES + 1)
        if not blob.startswith(MAGIC):
            return None
        inflater = zlib.decompressobj()
        raw = inflater.decompress(memoryview(blob)[len(MAGIC):], MAX_ENTRY_BYTES)
        if not inflater.eof or inflater.unconsumed_tail:
            return None
        value = json.loads(raw)
    except (OSError, ValueError, zlib.error, RecursionError, MemoryError):
        return None
    if touch:  # the least recently used entries go first
        with contextlib.suppress(OSError):
            os.utime(path)
    return value


def write_entry(folder: Path, name: str, value: dict) -> bool:
    """Write an entry atomically, then prune the folder; False when the folder cannot be
    written (an entry too large to keep is no such failure)."""
    tmp = None
    try:
        raw = json.dumps(value, ensure_ascii=True, separators=(",", ":")).encode("ascii")
        if len(raw) > MAX_ENTRY_BYTES:
            return True
        blob = MAGIC + zlib.compress(raw, 1)
        _prepare(folder)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=".part")
        with os.fdopen(fd, "wb") as handle:
            handle.write(blob)
        os.replace(tmp, folder / name)
        tmp = None
        _prune(folder)
    except (OSError, ValueError, OverflowError, RecursionError, MemoryError):
        return False  # read-only, full disk, a file where the folder should be
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
    return True


def _prepare(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    ignore = folder / ".gitignore"
    if not ignore.exists():  # so that `git add -A` never commits it
        with contextlib.suppress(FileExistsError):
            with open(ignore, "x", encoding="ascii") as handle:
                handle.write("# written by summcheck: its cache of loaded sources\n*\n")


def _prune(folder: Path) -> None:
    """Keep the folder to MAX_ENTRIES entries of loaded sources and MAX_OUTCOMES outcomes, and
    remove stale temporary files. Only the names are read unless a kind is over its limit (a
    folder of thousands of outcomes is not stat'ed at every write)."""
    loaded: list[str] = []
    outcomes: list[str] = []
    now = time.time()
    with os.scandir(folder) as found:
        for item in found:
            if item.name.startswith(".tmp-"):
                try:
                    stale = now - item.stat(follow_symlinks=False).st_mtime > STALE_TEMPORARY
                except OSError:
                    continue
                if stale:
                    with contextlib.suppress(OSError):
                        os.unlink(item.path)
            elif item.name.endswith((".source", ".structure")):
                loaded.append(item.path)
            elif item.name.endswith(".outcome"):
                outcomes.append(item.path)
    for paths, limit in ((loaded, MAX_ENTRIES), (outcomes, MAX_OUTCOMES)):
        if len(paths) <= limit:
            continue
        dated = []
        for path in paths:
            try:
                dated.append((os.lstat(path).st_mtime, path))
            except OSError:
                continue
        for _, old in sorted(dated)[:len(dated) - limit]:
            with contextlib.suppress(OSError):
                os.unlink(old)
