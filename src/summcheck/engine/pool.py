"""The local process pool that `check --jobs` and `audit` run their shards on.

`run_in_pool(work, tasks, options, jobs)` yields (number, result) as each task finishes, in
completion order, where the result is `work(batch, options)` or the exception that stopped it
(the other tasks still run). One job, or one task, runs in this process.
"""
from __future__ import annotations

import gc
import signal
import sys
import threading
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any, Callable, Iterator, Sequence

from .options import Options

Work = Callable[[Sequence[Any], Options], Any]  # a module-level function, so it pickles
Task = tuple[int, Sequence[Any]]


def run_in_pool(work: Work, tasks: list[Task], options: Options, jobs: int
                ) -> Iterator[tuple[int, Any]]:
    if jobs <= 1 or len(tasks) <= 1:
        for number, batch in tasks:
            try:
                yield number, work(batch, options)
            except Exception as exc:  # the task failed; the others still run
                yield number, exc
        return
    pool = ProcessPoolExecutor(max_workers=min(jobs, len(tasks)), mp_context=_start_method(),
                               initializer=_start_worker, initargs=(work, options))
    finished = False
    try:
        futures = {pool.submit(_run_task, batch): number for number, batch in tasks}
        for future in as_completed(futures):
            error = future.exception()
            yield futures[future], error if error is not None else future.result()
        finished = True
    finally:
        if finished:
            pool.shutdown(wait=True)
        else:  # interrupted, or the caller stopped early: no worker outlives the run
            processes = list(getattr(pool, "_processes", {}).values())
            pool.shutdown(wait=False, cancel_futures=True)
            for process in processes:
                process.terminate()
            for process in processes:
                process.join(5)


def workers_share_memory() -> bool:
    """Whether pool workers start as copies of this process (forked), with what it has loaded."""
    return _start_method().get_start_method() == "fork"


def _start_method():
    """`fork` on Linux when this process runs one thread (the command line does): a worker
    starts in milliseconds with summcheck and PyMuPDF imported. With threads running (a
    progress bar's, a test runner's, an embedding application's) forking may copy a lock held
    forever: then workers fork from a server process that has imported what they run, where
    there is one, else they are spawned."""
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    if sys.platform.startswith("linux") and threading.active_count() == 1:
        from . import warm  # noqa: F401 - what the workers run, loaded once, before the fork

        return multiprocessing.get_context("fork")
    if "forkserver" in methods:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["summcheck.engine.pool", "summcheck.engine.warm"])
        return context
    return multiprocessing.get_context("spawn")


_worker: tuple[Work, Options] | None = None


def _start_worker(work: Work, options: Options) -> None:
    """A pool worker: the work and options of the run, received once. Ctrl-C is the
    parent's to handle (it stops the workers); the collector is off (what the worker starts
    with frozen) and PyMuPDF's optional helpers are blocked, as cli.main does; a large PDF's pages are not split with one more
    process (the workers keep the cores busy)."""
    global _worker
    _worker = (work, options)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not a forked parent's Interrupted
    gc.disable()
    for optional in ("pymupdf.layout", "pymupdf4llm"):
        sys.modules.setdefault(optional, None)  # type: ignore[arg-type]
    from ..terminal import ticks
    from ..sources import pdf

    pdf.split_pages = False
    ticks._listener = None  # a forked copy of the parent's progress bar must never draw
    # What the worker inherited or imported lives as long as it does: out of the collector's
    # sight, so that collecting between tasks scans only what the tasks made (a full scan of
    # a forked command line's heap costs tens of milliseconds a task).
    gc.freeze()


def _run_task(batch: Sequence[Any]) -> Any:
    assert _worker is not None
    work, options = _worker
    try:
        return work(batch, options)
    finally:
        # The collector is off in a worker; what a task loaded (a source's text, its
        # sections: a document refers to itself) is freed between tasks, not never.
        gc.collect()
