"""`--jobs N`: summaries checked by N worker processes, each source's summaries in one worker
(so the source is loaded once), the report the same as one process gives."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Callable

from ..inputs.discovery import SummaryError
from ..inputs.resolution import inputs_for
from ..inputs.summaries import path_key
from .options import Options
from .pool import run_in_pool
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


def check_in_parallel(summaries: list[Path], options: Options, jobs: int,
                      errors: list[SummaryError] | None = None,
                      on_stage: StageHook | None = None,
                      on_summary: ProgressHook | None = None) -> RunReport:
    """`check_paths` on up to `jobs` processes; the outcomes are put back in the order of
    `summaries`, so the report is byte for byte the one a single process gives. One process
    (`jobs` 1, or a single source) runs here, and only then is `on_stage` told each stage."""
    by_source = shard_by_source(summaries, options) if jobs > 1 else {None: list(range(len(summaries)))}
    shards = list(by_source.values())
    outcomes: list[SummaryOutcome | None] = [None] * len(summaries)
    if min(jobs, len(shards)) <= 1:
        for index, summary in enumerate(summaries):
            outcomes[index] = check_job(SummaryJob(summary), options, on_stage)
            if on_summary is not None:
                on_summary(summary)
        return collect(outcomes, errors)  # type: ignore[arg-type]
    tasks = [(number, [(i, SummaryJob(summaries[i])) for i in shard])
             for number, shard in enumerate(shards)]
    for _, result in run_in_pool(check_shard, tasks, options, jobs):
        if isinstance(result, BaseException):
            raise result  # a bug, or a worker that died: the whole check cannot be trusted
        for index, outcome in result:
            outcomes[index] = outcome
            if on_summary is not None:
                on_summary(outcome.summary)
    return collect(outcomes, errors)  # type: ignore[arg-type]


def default_jobs() -> int:
    """`--jobs 0`: one worker a core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)
