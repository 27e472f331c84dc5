"""The work of one shard: check its summaries one after another, loading each source once.

`run_shard` is a pure, picklable function of its jobs and the options, the same in this
process (`--jobs 1`), in a worker of the local process pool and on a dask worker: it checks
the summaries (`check_shard`: engine.SummaryOutcome each) and renders each one's JSON report
in the audit's working folder, which paths are shown from, so that the process that writes
the results file has only to write them.

Within a shard the loaded sources are kept in a memo for the shard's lifetime: the summaries
of one source then share one SourceDocument (its text extracted and its sections found once).
The memo is keyed by the source's absolute path (`a/../b.pdf` is `b.pdf`: reports show the
path so folded, report.base.display_path) and by every option that changes what is loaded
(page numbering, OCR, the section mode, a structure sidecar), so a summary sees the document
it would have loaded alone. It is no cache: nothing outlives the shard, and a source that
fails to load is not remembered (each summary reports it).
"""
from __future__ import annotations

import os
import threading
from contextlib import contextmanager
from typing import Iterator, Sequence

from ..engine import Options, SummaryJob, SummaryOutcome, check_job
from ..engine import load as load_stage
from .results import report_line

_memo = threading.local()  # .sources: {key: SourceDocument} while a shard runs in this thread


def run_shard(jobs: Sequence[SummaryJob], options: Options, cwd: str | None = None
              ) -> list[str]:
    """The JSON report of each job (audit.results.report_line), in order: `check_shard`,
    rendered where it ran, in the audit's working folder, so the reports are what the audit's
    own process would render."""
    with _working_folder(cwd):
        return [report_line(outcome) for outcome in check_shard(jobs, options)]


def check_shard(jobs: Sequence[SummaryJob], options: Options, cwd: str | None = None
                ) -> list[SummaryOutcome]:
    """Check each job, in order, sharing each source loaded. `cwd` is the folder the audit
    runs in: a worker started elsewhere (a dask worker) checks the shard from there, as the
    paths, the repository root a summary's inputs must stay in (confine.py) and the reports
    are relative to it."""
    with _working_folder(cwd), shard_sources():
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


@contextmanager
def shard_sources() -> Iterator[dict]:
    """Within the block, the load stage of this thread shares each source it loads."""
    _install()
    outer = getattr(_memo, "sources", None)
    _memo.sources = {} if outer is None else outer
    try:
        yield _memo.sources
    finally:
        _memo.sources = outer


def _install() -> None:
    """Route the load stage's `load_source` through the memo (once per process; outside a
    shard the memo is not consulted and the call goes straight through)."""
    current = load_stage.load_source
    if getattr(current, "_shard_memo", False):
        return

    def load_source(path, **options):
        sources = getattr(_memo, "sources", None)
        if sources is None:
            return current(path, **options)
        key = (os.path.abspath(path),
               tuple(sorted((k, _hashable(v)) for k, v in options.items())))
        document = sources.get(key)
        if document is None:
            document = sources[key] = current(path, **options)
        return document

    load_source._shard_memo = True  # type: ignore[attr-defined]
    load_stage.load_source = load_source  # type: ignore[assignment]


def _hashable(value: object) -> object:
    return os.fspath(value) if isinstance(value, os.PathLike) else value
