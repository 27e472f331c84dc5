"""The lines of the files a report names, for the text report to quote the offending line.

A renderer knows nothing of matching: it reads the summary or claims file a finding names (as
the check read it: within the size limit, its byte-order mark honoured) and shows one line.
A file that cannot be read any more is shown without its line.
"""
from __future__ import annotations

import os
from pathlib import Path

from ..model import InputError

#: Files larger than this are not read again for a snippet (the check's own limit for
#: summaries and claims files).
MAX_BYTES = 50_000_000


class Lines:
    """The lines of each file asked for (lines.py: as the check numbers them), read once."""

    def __init__(self) -> None:
        self._files: dict[str, list[str] | None] = {}

    def line(self, path: Path, number: int) -> str | None:
        """Line `number` (1-based) of `path` without its line end, or None."""
        key = os.path.abspath(os.fspath(path))
        if key not in self._files:
            self._files[key] = _read(Path(path))
        lines = self._files[key]
        if lines is None or not 1 <= number <= len(lines):
            return None
        return lines[number - 1]


def _read(path: Path) -> list[str] | None:
    from ..files.reading import decode, read_input
    from ..files.lines import split_lines

    try:
        text = decode(read_input(path, MAX_BYTES, "file"), str(path))
    except (InputError, OSError, ValueError):
        return None
    return split_lines(text)
