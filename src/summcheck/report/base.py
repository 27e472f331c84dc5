"""The reporter base class."""
from __future__ import annotations

import os
from pathlib import Path

from .model import Report


def display_path(path: Path) -> str:
    """A path relative to the current directory when it lies under it, else absolute; POSIX-style."""
    absolute = Path(os.path.abspath(path))  # folds "..", keeps symlinks as the user named them
    try:
        return absolute.relative_to(Path.cwd()).as_posix()
    except ValueError:
        return absolute.as_posix()


class Reporter:
    """Turns a Report into the text of one output format."""

    name = ""

    def render(self, report: Report) -> str:
        raise NotImplementedError
