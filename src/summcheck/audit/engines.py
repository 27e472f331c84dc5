"""Where an audit's shards run: in this process, on a local process pool, or on dask.

Each engine takes the shards as (number, jobs) tasks and yields (number, reports) as each
shard finishes, in completion order, or (number, exception) for a shard that failed (a bug, a
worker that died); the others still run. Every engine runs the same pure function,
audit.shard.run_shard, which gives each summary's JSON report.

- `local` (the default): the process pool `check --jobs` uses (engine/pool.py): `--jobs 1`,
  or a single shard, runs in this process; more jobs run on that many worker processes.
- `dask`: dask.distributed (the optional extra `summcheck[distributed]`). With `--address` the
  shards go to the scheduler there: its workers must read the manifest's paths, and each shard
  runs in the audit's working folder (audit.shard); otherwise a `LocalCluster` of `--jobs`
  worker processes, one thread each, is started and stopped with the run. The options are
  scattered to the workers once.
"""
from __future__ import annotations

import logging
import os
from contextlib import ExitStack
from typing import Iterator, Sequence

from ..engine import Options, SummaryJob
from ..engine.pool import run_in_pool
from ..model import InputError
from .shard import run_shard

ENGINES = ("local", "dask")
INSTALL_DASK = "pip install 'summcheck[distributed]'"

Task = tuple[int, Sequence[SummaryJob]]
Result = tuple[int, "list[str] | BaseException"]  # the shard's reports (run_shard), or why not


def run_engine(engine: str, tasks: list[Task], options: Options, jobs: int,
               address: str | None = None) -> Iterator[Result]:
    if engine == "dask":
        return run_dask(tasks, options, jobs, address)
    if address is not None:
        raise InputError("--address names a dask scheduler: pass --engine dask with it")
    return run_local(tasks, options, jobs)


def check_engine(engine: str) -> None:
    """InputError (exit 2, before any work) when `engine` cannot run here."""
    if engine not in ENGINES:
        raise InputError(f"--engine: {engine!r} is not one of {', '.join(ENGINES)}")
    if engine == "dask":
        _import_dask()


# ---------------------------------------------------------------- local


def run_local(tasks: list[Task], options: Options, jobs: int) -> Iterator[Result]:
    return run_in_pool(run_shard, tasks, options, jobs)


# ---------------------------------------------------------------- dask


def _import_dask():
    try:
        import distributed
    except ImportError:
        raise InputError(f"--engine dask needs dask.distributed, which is not installed: "
                         f"{INSTALL_DASK}") from None
    return distributed


def run_dask(tasks: list[Task], options: Options, jobs: int, address: str | None
             ) -> Iterator[Result]:
    distributed = _import_dask()
    cwd = os.getcwd()
    with ExitStack() as stack:
        if address is not None:
            try:
                client = stack.enter_context(distributed.Client(address, timeout="10s"))
            except (OSError, TimeoutError, ValueError) as exc:
                raise InputError(f"--address {address}: cannot reach a dask scheduler there "
                                 f"({type(exc).__name__}: {exc})") from None
        else:
            cluster = stack.enter_context(distributed.LocalCluster(
                n_workers=max(1, min(jobs, len(tasks))), threads_per_worker=1, processes=True,
                dashboard_address=None, silence_logs=logging.ERROR))
            client = stack.enter_context(distributed.Client(cluster))
        [shared] = client.scatter([options], broadcast=True, hash=False)
        futures = {client.submit(run_shard, list(batch), shared, cwd, pure=False): number
                   for number, batch in tasks}
        for future in distributed.as_completed(list(futures)):
            number = futures[future]
            try:
                outcome: list[str] | BaseException = future.result()
            except Exception as exc:  # the shard failed (or its worker died): the rest run
                outcome = exc
            future.release()
            yield number, outcome
