"""A claims file's text: its bytes, read within a size limit, and decoded.

UTF-8 unless a byte-order mark says UTF-16 or UTF-32. Every problem here concerns the whole
file, so each one is an `InputError` (exit 2).
"""
from __future__ import annotations

from pathlib import Path

from ..files.reading import decode, read_input


def read_text(path: Path, max_bytes: int) -> str:
    return decode(read_input(path, max_bytes, "claims file"), str(path))
