"""`--jobs N`: summaries checked by N worker processes, the report the same as one process
gives. Each source is loaded once: its summaries go to one worker, or, with fewer sources than
workers, the source is loaded here and the workers, forked from this process, share it."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Callable

from ..inputs.discovery import SummaryError
from ..inputs.resolution import inputs_for
from ..inputs.summaries import path_key
from .options import Options
from .pool import run_in_pool, workers_share_memory
from .run import RunReport, StageHook, SummaryJob, SummaryOutcome, check_job, collect

ProgressHook = Callable[[Path], None]  # told each summary as its check ends


def shard_by_source(summaries: list[Path], options: Options) -> dict[object, list[int]]:
    """The positions of the summaries grouped by the source each names (as far as its front
    matter and the configuration tell without loading anything), keyed by the source's path,
    in order of first appearance; a summary whose source cannot be told forms a group of its
    own."""
    return group_by_source([inputs_for(summary, options.config, options).path("source")
                            for summary in summaries])


def group_by_source(sources: list[Path | None]) -> dict[object, list[int]]:
    """The positions of `sources` grouped by file (symlinks followed), keyed by its path, in
    order of first appearance; a position with no source is a group of its own."""
    groups: dict[object, list[int]] = {}
    for index, source in enumerate(sources):
        key = path_key(source) if source is not None else ("unknown", index)
        groups.setdefault(key, []).append(index)
    return groups


def check_shard(jobs: list[tuple[int, SummaryJob]], options: Options
                ) -> list[tuple[int, SummaryOutcome]]:
    """One worker's part: the summaries of one source, one after another."""
    return [(index, check_job(job, options)) for index, job in jobs]


def plan_tasks(shards: list[list[int]], jobs: int, shared_memory: bool
               ) -> tuple[list[int], list[list[int]]]:
    """(the summaries to check here first, the workers' tasks) for shards of summaries that
    share a source. With at least as many sources as workers, a task is a shard: each source
    is loaded by one worker. With fewer, and workers that start as copies of this process
    (`shared_memory`), a shard's first summary is checked here, which leaves its source
    loaded for every worker to share, and its other summaries are a task each, spread over
    the workers."""
    if len(shards) >= jobs or not shared_memory:
        return [], [list(shard) for shard in shards]
    first: list[int] = []
    tasks: list[list[int]] = []
    for shard in shards:
        if len(shard) > 1:
            first.append(shard[0])
            tasks.extend([index] for index in shard[1:])
        else:
            tasks.append(list(shard))
    return first, tasks


def check_in_parallel(summaries: list[Path], options: Options, jobs: int,
                      errors: list[SummaryError] | None = None,
                      on_stage: StageHook | None = None,
                      on_summary: ProgressHook | None = None) -> RunReport:
    """`check_paths` on up to `jobs` processes; the outcomes are put back in the order of
    `summaries`, so the report is byte for byte the one a single process gives. One process
    (`jobs` 1, or a single summary) runs here, and only then is `on_stage` told each stage."""
    outcomes: list[SummaryOutcome | None] = [None] * len(summaries)

    def finished(index: int, outcome: SummaryOutcome) -> None:
        outcomes[index] = outcome
        if on_summary is not None:
            on_summary(outcome.summary)

    if jobs <= 1 or len(summaries) <= 1:
        for index, summary in enumerate(summaries):
            finished(index, check_job(SummaryJob(summary), options, on_stage))
        return collect(outcomes, errors)  # type: ignore[arg-type]
    shards = list(shard_by_source(summaries, options).values())
    here, batches = plan_tasks(shards, jobs, workers_share_memory())
    for index in here:
        finished(index, check_job(SummaryJob(summaries[index]), options))
    tasks = [(number, [(i, SummaryJob(summaries[i])) for i in batch])
             for number, batch in enumerate(batches)]
    for _, result in run_in_pool(check_shard, tasks, options, jobs):
        if isinstance(result, BaseException):
            raise result  # a bug, or a worker that died: the whole check cannot be trusted
        for index, outcome in result:
            finished(index, outcome)
    return collect(outcomes, errors)  # type: ignore[arg-type]


def default_jobs() -> int:
    """`--jobs 0`: one worker a core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)
