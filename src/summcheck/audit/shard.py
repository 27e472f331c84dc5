"""The work of one shard: check its summaries one after another, loading each source once.

`run_shard` is a pure, picklable function of its jobs and the options, the same in this
process (`--jobs 1`), in a worker of the local process pool and on a dask worker: it checks
the summaries (`check_shard`: engine.SummaryOutcome each) and renders each one's JSON report
in the audit's working folder, which paths are shown from, so that the process that writes
the results file has only to write them. The summaries of one source share one loaded
document through the options' source cache (sources.cache: its in-process memo, and the
cache folder unless the configuration turns it off).
"""
from __future__ import annotations

import os
import threading
from contextlib import contextmanager
from typing import Iterator, Sequence

from ..engine import Options, SummaryJob, SummaryOutcome, check_job
from .results import report_line


def run_shard(jobs: Sequence[SummaryJob], options: Options, cwd: str | None = None
              ) -> list[str]:
    """The JSON report of each job (audit.results.report_line), in order: `check_shard`,
    rendered where it ran, in the audit's working folder, so the reports are what the audit's
    own process would render."""
    with _working_folder(cwd):
        return [report_line(outcome) for outcome in check_shard(jobs, options)]


def check_shard(jobs: Sequence[SummaryJob], options: Options, cwd: str | None = None
                ) -> list[SummaryOutcome]:
    """Check each job, in order. `cwd` is the folder the audit runs in: a worker started
    elsewhere (a dask worker) checks the shard from there, as the paths, the repository root
    a summary's inputs must stay in (confine.py) and the reports are relative to it."""
    with _working_folder(cwd):
        return [check_job(job, options) for job in jobs]


_chdir_lock = threading.Lock()


@contextmanager
def _working_folder(cwd: str | None) -> Iterator[None]:
    """In `cwd` for the block. The working folder is the process's: the shards given one hold
    a lock while they run, so that two threads of a worker never move it under each other
    (they then take turns: a dask worker is best started with one thread, as LocalCluster's
    are). A folder the worker lacks fails the shard: its paths could not be read either."""
    if cwd is None:
        yield
        return
    with _chdir_lock:
        here = os.getcwd()
        moved = os.path.realpath(cwd) != os.path.realpath(here)
        if moved:
            os.chdir(cwd)
        try:
            yield
        finally:
            if moved:
                os.chdir(here)
