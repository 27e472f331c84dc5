"""What the language server knows between edits: the last check of each open summary, made
with the editor's unsaved buffers standing in for their files (files.standing_in), and one
source cache per configuration root kept for the whole session, so that a long PDF is
extracted once and every later check reads it from memory.

No editor protocol here: the server (editor/server.py) hands in paths and buffer texts and
gets plain results back; checking is the engine's own `inspect_all`, the function `check`
uses, so the editor never has a rule path of its own.
"""
from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, Iterator

from ..analysis.facts import Analysis
from ..engine.options import Options
from ..files.reading import standing_in
from ..inputs.resolution import NOT_A_SUMMARY
from ..model import Finding, InputError


@dataclass
class Checked:
    """One summary's last check: its findings and analyses, or the input error that stopped
    it (a claims file that no longer parses, a source not found)."""

    summary: Path
    findings: list[Finding] = field(default_factory=list)
    passes: list[tuple[str | None, Analysis]] = field(default_factory=list)
    error: str | None = None
    options: Options | None = None

    @property
    def claims(self) -> Path | None:
        """The claims file the summary uses (absolute), once it could be read."""
        for _, analysis in self.passes:
            if analysis.claims.path is not None and Path(analysis.claims.path) != self.summary:
                return _absolute(Path(analysis.claims.path))
        return None

    @property
    def files(self) -> set[Path]:
        """The files the check read: the summary, its claims file and its sources."""
        found = {self.summary}
        for _, analysis in self.passes:
            found.add(_absolute(Path(analysis.source.path)))
        if self.claims is not None:
            found.add(self.claims)
        return found

    @property
    def is_summary(self) -> bool:
        return not (self.error and NOT_A_SUMMARY in self.error and not self.passes)


class Session:
    """The open summaries' last checks, and the source caches they share."""

    def __init__(self) -> None:
        self._caches: dict[str, object] = {}
        self.checked: dict[Path, Checked] = {}

    def check(self, summary: Path, buffers: dict[Path, str],
              superseded: Callable[[], bool] = lambda: False) -> Checked | None:
        """Check `summary` as `summcheck check` would, each of `buffers` (path → unsaved text)
        read in place of its file; the result is kept for hover, definition and completion.
        None when `superseded()` turned true: the check stops at the end of its next stage
        (a newer edit has its own check coming)."""
        from ..engine.run import inspect_all
        from ..config.settings import CheckRequest

        def stage_done(stage: str, path: Path, seconds: float) -> None:
            if superseded():
                raise _Superseded

        summary = _absolute(summary)
        with standing(buffers):
            try:
                request = CheckRequest([summary])
                settings = request.settings()
                options = request.options(settings)
                # The editor shows no quote list (only the JSON report prints one).
                options = replace(options, cache=self._cache(settings.root, options.cache),
                                  quotes=False)
                findings, passes = inspect_all(summary, options, stage_done)
            except _Superseded:
                return None
            except InputError as exc:
                result = Checked(summary, error=str(exc))
            else:
                result = Checked(summary, findings, passes, options=options)
        self.checked[summary] = result
        return result

    def forget(self, summary: Path) -> None:
        self.checked.pop(_absolute(summary), None)

    def users(self, path: Path) -> list[Path]:
        """The checked summaries that read `path` (a claims file or a source)."""
        path = _absolute(path)
        return sorted(s for s, checked in self.checked.items() if path in checked.files)

    def _cache(self, root: Path, fresh):
        """The session's source cache for a configuration root: its memo outlives each check."""
        if fresh is None:
            return None
        key = os.path.realpath(root)
        return self._caches.setdefault(key, fresh)


class _Superseded(Exception):
    """A newer edit overtook the check under way."""


@contextlib.contextmanager
def standing(buffers: dict[Path, str]) -> Iterator[None]:
    """Within the block, each of `buffers` is read in place of its file."""
    with contextlib.ExitStack() as stack:
        for path, text in buffers.items():
            stack.enter_context(standing_in(path, text.encode("utf-8")))
        yield


def _absolute(path: Path) -> Path:
    return Path(os.path.abspath(path))
