"""Reading an input file safely: one place decides what is missing, special, unreadable or too big."""
from __future__ import annotations

import codecs
import contextlib
import os
import stat
from pathlib import Path
from typing import Iterator

from .confine import refuse_special
from ..model import InputError

# Texts that stand in for a file while a command runs (`summcheck check - --stdin-filename
# notes/x.md` reads the summary from standard input): absolute path → bytes.
_STAND_INS: dict[str, bytes] = {}


def _cause(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or str(exc) or type(exc).__name__


@contextlib.contextmanager
def standing_in(path: Path, data: bytes) -> Iterator[None]:
    """Within the block, `read_input(path)` gives `data`, whether or not a file is there."""
    key = os.path.abspath(os.fspath(path))
    _STAND_INS[key] = data
    try:
        yield
    finally:
        _STAND_INS.pop(key, None)


def stand_in(path: Path | str) -> bytes | None:
    """The bytes standing in for `path` (see `standing_in`), or None."""
    if not _STAND_INS:
        return None
    return _STAND_INS.get(os.path.abspath(os.fspath(path)))


def read_input(path: Path, max_bytes: int, what: str = "file") -> bytes:
    """The bytes of a regular file; InputError naming the file for anything else (a special
    file such as /proc/self/environ is refused before it is opened)."""
    given = stand_in(path)
    if given is not None:
        if len(given) > max_bytes:
            raise InputError(f"{path}: too large (more than {max_bytes:,} bytes)")
        return given
    refuse_special(path, what)
    name = str(path)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise InputError(f"{name}: no such file") from None
    except PermissionError:
        raise InputError(f"{name}: permission denied") from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the path
        raise InputError(f"{name}: cannot read ({_cause(exc)})") from None
    if stat.S_ISDIR(info.st_mode):
        raise InputError(f"{name}: is a directory, not a {what}")
    if not stat.S_ISREG(info.st_mode):
        # Checked before opening: opening a FIFO would block until a writer appears.
        raise InputError(f"{name}: not a regular file (FIFO, socket or device)")
    if info.st_size > max_bytes:
        raise InputError(f"{name}: too large ({info.st_size:,} bytes; the limit is {max_bytes:,})")
    try:
        with open(path, "rb") as handle:
            data = handle.read(max_bytes + 1)  # the file may have grown since stat
    except PermissionError:
        raise InputError(f"{name}: permission denied") from None
    except OSError as exc:
        raise InputError(f"{name}: cannot read ({_cause(exc)})") from None
    if len(data) > max_bytes:
        raise InputError(f"{name}: too large (more than {max_bytes:,} bytes)")
    return data


def decode(data: bytes, name: str) -> str:
    """UTF-8, or UTF-16/32 when a byte-order mark says so; invalid bytes are an InputError."""
    if data.startswith(codecs.BOM_UTF8):
        data, encoding = data[3:], "utf-8"
    elif data.startswith((codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)):  # before UTF-16: same prefix
        encoding = "utf-32"
    elif data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        encoding = "utf-16"
    else:
        encoding = "utf-8"
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        if encoding == "utf-8":
            line = data.count(b"\n", 0, exc.start) + 1
            bad = data[exc.start : exc.start + 1].hex()
            raise InputError(f"{name}: not valid UTF-8 at line {line} (byte 0x{bad}); save it as UTF-8") from None
        raise InputError(f"{name}: not valid {encoding.upper()} ({exc.reason})") from None
