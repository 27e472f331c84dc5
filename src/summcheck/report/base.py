"""The reporter base class."""
from __future__ import annotations

import os
from pathlib import Path

from .model import Report


def display_path(path: Path) -> str:
    """A path relative to the current directory when it lies under it, POSIX-style."""
    try:
        return Path(os.path.relpath(path.resolve(), Path.cwd().resolve())).as_posix() \
            if path.resolve().is_relative_to(Path.cwd().resolve()) else path.as_posix()
    except (OSError, ValueError):
        return path.as_posix()


class Reporter:
    """Turns a Report into the text of one output format."""

    name = ""

    def render(self, report: Report) -> str:
        raise NotImplementedError
