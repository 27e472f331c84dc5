"""The progress bar of a long check in a terminal: summaries done, the stage of the one being
checked, and how far its long steps have got (pages extracted, records matched: ticks.py).
Silent in CI logs and when stderr is no terminal, unless asked for."""
from __future__ import annotations

import os
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from rich.progress import TaskID

from .display import printable
from ..engine import STAGES
from .ticks import listening

SHOW_AFTER = 0.5  # seconds: a check that ends sooner never shows the bar


def wants_progress(asked: bool | None, stream: TextIO | None = None) -> bool:
    """`--progress`/`--no-progress`, else: stderr is a terminal and no CI job runs."""
    if asked is not None:
        return asked
    stream = stream or sys.stderr
    return (stream.isatty() and not os.environ.get("CI")
            and os.environ.get("TERM", "") != "dumb")


class ProgressBar:
    """A transient rich bar on stderr, started only once a run has lasted SHOW_AFTER."""

    def __init__(self, total: int) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, \
            TimeElapsedColumn

        self._progress = Progress(TextColumn("{task.description}"), BarColumn(),
                                  MofNCompleteColumn(), TimeElapsedColumn(),
                                  console=Console(stderr=True), transient=True)
        self._task = self._progress.add_task("checking", total=total)
        self._timer = threading.Timer(SHOW_AFTER, self._progress.start)
        self._timer.daemon = True
        self._step: tuple[str, TaskID] | None = None  # the unit of the step shown, its bar

    def __enter__(self) -> "ProgressBar":
        self._listening = listening(self.ticked)
        self._listening.__enter__()
        self._timer.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._listening.__exit__(None, None, None)
        self._timer.cancel()
        self._timer.join()  # a timer that fired meanwhile has started the bar: stop it after
        self._progress.stop()

    def ticked(self, unit: str, done: int, total: int) -> None:
        """A second bar, under the summaries', for the step of the one being checked: pages
        extracted, records matched (ticks.py); gone when the step is."""
        if self._step is None or self._step[0] != unit:
            if self._step is not None:
                self._progress.remove_task(self._step[1])
            self._step = (unit, self._progress.add_task(f"  {unit}", total=total))
        self._progress.update(self._step[1], completed=done, total=total)
        if done >= total:
            self._progress.remove_task(self._step[1])
            self._step = None

    def stage_done(self, stage: str, path: Path, seconds: float) -> None:
        """Names the stage that follows `stage` for the summary being checked."""
        following = STAGES.index(stage) + 1
        if following < len(STAGES):
            self._progress.update(self._task, description=(
                f"{printable(str(path))}: {STAGES[following]}"))

    def summary_done(self, path: Path) -> None:
        self._progress.update(self._task, advance=1, description=f"{printable(str(path))}: done")
