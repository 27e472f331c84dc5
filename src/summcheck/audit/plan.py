"""The shards of an audit: the entries grouped by the source they check against.

All the entries of one source are one task, checked one after another in one process, so
that the source is loaded (a PDF extracted, its sections found) once per shard rather than
once per summary (audit.shard). The source of an entry is the manifest's, else the one its
summary's front matter, the configuration or its claims file names (as `check` resolves it);
an entry whose source cannot be told here is a shard of its own (checking it reports why).
Shards are in the order of their first entry in the manifest; entries keep the manifest's order.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from ..engine import Options
from ..engine.parallel import group_by_source
from ..inputs.resolution import SummaryInputs, inputs_for
from ..files.output import RunInput
from ..report.base import display_path
from .manifest import Entry


@dataclass(frozen=True)
class Shard:
    """The entries (indices into the manifest's list) that share one source."""

    number: int  # 0-based, in the order of the manifest
    source: str  # the source as reports show it (display_path); "" when it cannot be told
    entries: tuple[int, ...]

    def describe(self) -> str:
        return f"the shard of {self.source}" if self.source else f"shard {self.number + 1}"


def entry_inputs(entry: Entry, options: Options) -> SummaryInputs | None:
    """The files `entry` is checked with, as `check` resolves them (best effort: None when
    the summary cannot even be read; checking it then says why)."""
    given = replace(options, claims=entry.job.claims, source=entry.job.source,
                    documents=entry.job.documents)
    try:
        return inputs_for(entry.job.summary, options.config, given)
    except (OSError, ValueError):
        return None


def run_inputs_of(entry: Entry, inputs: SummaryInputs | None) -> list[RunInput]:
    """The files of `entry` that the results file must never overwrite (output.guard_output)."""
    summary = entry.job.summary
    found = [RunInput(summary, "summary")]
    if inputs is not None:
        found += [RunInput(Path(path), role, summary) for role, path in inputs.files()
                  if role != "summary"]
    found += [RunInput(path, role, summary) for role, path in
              (("claims", entry.job.claims), ("source", entry.job.source)) if path is not None]
    found += [RunInput(path, role, summary) for d in entry.job.documents or ()
              for role, path in d.files()]
    return found


def plan_shards(entries: list[Entry], inputs: list[SummaryInputs | None]) -> list[Shard]:
    """The shards of `entries` (`inputs[i]`: entry i's, from entry_inputs): one a source,
    files compared with symlinks followed."""
    sources = [_sources(entry, found) for entry, found in zip(entries, inputs, strict=True)]
    # A summary of several sources is grouped by its first: the others are read through the
    # source cache's memo as any summary's are.
    groups = group_by_source([found[0] if found else None for found in sources])
    return [Shard(number, _shown(sources[indices[0]]), tuple(indices))
            for number, indices in enumerate(groups.values())]


def _sources(entry: Entry, found: SummaryInputs | None) -> list[Path]:
    """The source files of an entry, as far as they resolve before its check."""
    if entry.job.source is not None:
        return [entry.job.source]
    if entry.job.documents is not None:
        return [d.path for d in entry.job.documents]
    if found is None:
        return []
    if found.documents:
        return [d.path for d in found.documents]
    source = found.path("source")
    return [source] if source is not None else []


def _shown(sources: list[Path]) -> str:
    return " + ".join(display_path(source) for source in sources)
