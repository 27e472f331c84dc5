"""A per-user secret key and the HMAC-SHA256 tags made with it: how summcheck tells a file it
wrote itself from one that anybody could have written (a results line committed to a pull
request, a cache entry), so that it reuses only its own.

The key is 32 random bytes in a file of its own, outside any checked tree:
`$SUMMCHECK_KEY_FILE` when set, else `${XDG_STATE_HOME:-~/.local/state}/summcheck/key`. It is
made on first use (the file mode 0600, its folder 0700): written to a temporary file, then
linked to its name, which never replaces a file already there, so that of two processes making
it at once the one that loses reads the winner's. When no key can be read or made (a read-only
home, no home at all, a key file of the wrong size), `sign` gives None and `verify` False: what
would have been reused is made anew, and nothing fails.
"""
from __future__ import annotations

import errno
import hashlib
import hmac
import os
import secrets
import stat
from contextlib import suppress
from pathlib import Path

KEY_BYTES = 32
ENV_KEY_FILE = "SUMMCHECK_KEY_FILE"

# Read once a process, by key file path (a test points SUMMCHECK_KEY_FILE elsewhere).
_keys: dict[str, bytes | None] = {}

# What os.link raises on a file system without hard links (then the temporary file is moved).
_NO_LINKS = {errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.ENOSYS, errno.EXDEV}


def key_path() -> Path | None:
    """Where the key file is (see the module's doc); None when there is no home to put it in."""
    named = os.environ.get(ENV_KEY_FILE)
    if named:
        return Path(named)
    state = os.environ.get("XDG_STATE_HOME")
    if not state or not os.path.isabs(state):  # the XDG spec: a relative path is ignored
        home = os.path.expanduser("~")
        if not os.path.isabs(home):
            return None
        state = os.path.join(home, ".local", "state")
    return Path(state) / "summcheck" / "key"


def secret_key() -> bytes | None:
    """The user's key, made on first use; None when it cannot be read or made."""
    path = key_path()
    if path is None:
        return None
    name = os.fspath(path)
    if name not in _keys:
        _keys[name] = _load_or_make(path)
    return _keys[name]


def sign(data: bytes) -> str | None:
    """The HMAC-SHA256 of `data` under the user's key, as hex; None when there is no key."""
    key = secret_key()
    if key is None:
        return None
    return hmac.new(key, data, hashlib.sha256).hexdigest()


def verify(data: bytes, tag: object) -> bool:
    """Whether `tag` is `sign(data)` (compared in constant time); False without a key."""
    if not isinstance(tag, str) or not tag.isascii():
        return False
    expected = sign(data)
    return expected is not None and hmac.compare_digest(expected, tag)


def _load_or_make(path: Path) -> bytes | None:
    try:
        return _read(path)
    except FileNotFoundError:
        pass
    except OSError:
        return None
    try:
        return _make(path)
    except OSError:
        return None


def _read(path: Path) -> bytes | None:
    """The key in the file at `path`, or None when it is no key (not a regular file, not 32
    bytes). O_NONBLOCK: a FIFO put there must not hang the run."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            return None
        data = handle.read(KEY_BYTES + 1)
    return data if len(data) == KEY_BYTES else None


def _make(path: Path) -> bytes | None:
    """A new key written to `path`, or the one another process wrote there first."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    key = secrets.token_bytes(KEY_BYTES)
    temp = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(8)}.tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0),
                 0o600)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(key)
            handle.flush()
            os.fsync(handle.fileno())
        try:
            os.link(temp, path)  # never replaces a key another process made meanwhile
        except FileExistsError:
            return _read(path)
        except OSError as exc:
            if exc.errno not in _NO_LINKS:
                raise
            # No hard links here: move it into place; a process that raced this one may replace
            # it again, so what counts is what the file holds afterwards. The worst a lost race
            # does is a line that another process signed being checked again.
            os.replace(temp, path)
            return _read(path)
        return key
    finally:
        with suppress(OSError):
            os.unlink(temp)


__all__ = ["KEY_BYTES", "ENV_KEY_FILE", "key_path", "secret_key", "sign", "verify"]
