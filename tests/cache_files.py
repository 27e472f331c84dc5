"""Reading and writing cache entries as files, for tests that inspect or forge them, and
the git that decides whether a cache folder is trusted."""
from __future__ import annotations

import json
import subprocess
import zlib
from pathlib import Path

from summcheck.sources.cache import MAGIC


def read_entry(path: Path) -> dict:
    blob = path.read_bytes()
    assert blob.startswith(MAGIC)
    return json.loads(zlib.decompress(blob[len(MAGIC):]))


def write_entry(path: Path, value) -> None:
    path.write_bytes(MAGIC + zlib.compress(json.dumps(value).encode("utf-8")))


def git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)
