"""`summcheck audit MANIFEST`: check a corpus of (summary, claims, source) triples.

    manifest → entries → shards (one a source) → engine → results file (JSONL) → totals

Everything that can be wrong with the inputs (the manifest, the configuration, the rules
named, an --output that is an input, a results file that is not this audit's, a missing
engine) is found before any shard runs: exit 2 with one line. Then each shard's results are
appended to the results file as it finishes; a shard whose entries are all there already is
not run again (resume), unless `fresh`.
"""
from __future__ import annotations

import os
import sys
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from ..terminal.display import printable
from ..model import InputError
from ..files.output import RunInput, guard_output, write_atomically
from ..files.confine import refuse_special
from ..config.settings import build_options, discover
from ..sources.cache import SourceCache
from ..config.settings import fail_on as fail_level
from .engines import check_engine, run_engine
from .manifest import read_manifest
from .plan import Shard, entry_inputs, plan_shards, run_inputs_of
from .results import ResultsWriter, inputs_digest, read_results, result_line, settings_fingerprint
from .totals import totals_of


@dataclass
class AuditRequest:
    """What `summcheck audit` is told."""

    manifest: Path
    output: Path | None = None  # default: <manifest's folder>/<manifest's stem>.results.jsonl
    jobs: int | None = None  # default: os.cpu_count()
    engine: str = "local"
    address: str | None = None  # a running dask scheduler (engine dask)
    fresh: bool = False
    select: list[str] | None = None
    ignore: list[str] | None = None
    config: Path | None = None
    fail_on: str | None = None
    allow_outside: bool = False
    cache: bool | None = None  # --cache/--no-cache; None: the configuration's `cache`


def default_output(manifest: Path) -> Path:
    return manifest.with_name(manifest.stem + ".results.jsonl")


def run_audit(request: AuditRequest, out: TextIO | None = None, err: TextIO | None = None
              ) -> int:
    """Run the audit; print the totals on `out` (default stdout) and the summaries that could
    not be checked on `err`; return the exit code (0, 1 or 2, as `check`'s). InputError
    (exit 2) for anything found wrong before any work."""
    out, err = out or sys.stdout, err or sys.stderr
    manifest = request.manifest
    settings = discover(request.config, [manifest])
    for warning in settings.warnings:
        print(f"summcheck: warning: {printable(warning)}", file=err)
    settings.allow_outside = settings.allow_outside or request.allow_outside
    options = build_options(settings, select=request.select, ignore=request.ignore)
    options.cache = SourceCache.for_run(
        settings.root, settings.cache if request.cache is None else request.cache)
    level = fail_level(settings, request.fail_on)
    check_engine(request.engine)
    if request.address is not None and request.engine != "dask":
        raise InputError("--address names a dask scheduler: pass --engine dask with it")
    # Only the command line opens the manifest's confinement: a configuration file found
    # above the manifest may be as much a pull request's own as the manifest is.
    entries = read_manifest(manifest, allow_outside=request.allow_outside)
    output = request.output or default_output(manifest)
    inputs = [entry_inputs(entry, options) for entry in entries]
    guard_output(output, [RunInput(manifest, "named"), *_config(settings),
                          *(item for entry, found in zip(entries, inputs, strict=True)
                            for item in run_inputs_of(entry, found))],
                 what="results", fix="name another --output")
    if output.exists() and not output.is_dir():
        refuse_special(output, "results file")  # a FIFO would block the read for resuming
    folder = output.parent if str(output.parent) else Path(".")
    if not folder.is_dir() or output.is_dir():
        raise InputError(f"{output}: cannot write the results: "
                         f"{'is a folder' if output.is_dir() else f'no folder {folder}'}")
    shards = plan_shards(entries, inputs)
    fingerprint = settings_fingerprint(settings, request.select, request.ignore)

    memo: dict[str, str] = {}
    digests = {entry.key_text: inputs_digest(_files(entry, found), memo)
               for entry, found in zip(entries, inputs, strict=True)}
    lines: dict[str, str] = {}
    dropped = request.fresh
    if not request.fresh:
        lines, dropped = read_results(output, entries, fingerprint, digests)
    done = [s for s in shards if all(entries[i].key_text in lines for i in s.entries)]
    kept = {entries[i].key_text for s in done for i in s.entries}
    if len(kept) != len(lines):
        dropped = True
    lines = {key: line for key, line in lines.items() if key in kept}
    if dropped:  # start the file anew with what is kept (whole lines, atomically)
        write_atomically(output, "".join(lines.values()), "results")
    todo = [s for s in shards if s not in done]
    if done and todo:
        print(f"summcheck: resuming {printable(str(output))}: {len(done)} of {len(shards)} "
              f"shards already done", file=err)

    failures: list[tuple[Shard, BaseException]] = []
    if todo:
        jobs = request.jobs or os.cpu_count() or 1
        tasks = [(s.number, [entries[i].job for i in s.entries]) for s in todo]
        results = run_engine(request.engine, tasks, options, jobs, request.address)
        with ResultsWriter(output) as writer, closing(results):  # closing: stops the workers
            for number, result in results:
                shard = shards[number]
                if isinstance(result, BaseException):
                    failures.append((shard, result))
                    continue
                new = [result_line(entries[i], fingerprint, digests[entries[i].key_text], report)
                       for i, report in zip(shard.entries, result, strict=True)]
                writer.write(new)
                lines.update(zip((entries[i].key_text for i in shard.entries), new, strict=True))

    ordered = [entries[i] for s in shards for i in s.entries if entries[i].key_text in lines]
    ordered.sort(key=lambda e: e.line)
    if not failures:  # complete: the manifest's order, the same bytes for the same inputs
        text = "".join(lines[e.key_text] for e in ordered)
        if _content(output) != text:
            write_atomically(output, text, "results")
    source_of = {entries[i].key_text: s.source for s in shards for i in s.entries}
    totals = totals_of([lines[e.key_text] for e in ordered],
                       [source_of[e.key_text] for e in ordered])
    for error in totals.errors:
        print(f"summcheck: error: {printable(error)}", file=err)
    for shard, exc in sorted(failures, key=lambda f: f[0].number):
        print(f"summcheck: error: {printable(shard.describe())} failed "
              f"({type(exc).__name__}: {printable(str(exc))}); its entries have no results: "
              f"run the same command again to retry", file=err)
    out.write(totals.render())
    out.flush()
    return 2 if failures else totals.exit_code(level)


def _files(entry, found) -> list[Path | None]:
    """The files an entry is checked with, as far as they resolve before its check; one its
    summary may not read (confine.py: its check says why) counts as none, so that hashing
    the inputs never opens it either."""
    documents = [path for d in entry.job.documents or (found.documents if found else ())
                 for _, path in d.files()]
    if found is None:
        return [entry.job.summary, entry.job.claims, entry.job.source, *documents]
    return [entry.job.summary, *(found.path(role) if found.may_read(role) else None
                                 for role in ("claims", "source", "structure")), *documents]


def _config(settings) -> list[RunInput]:
    return [] if settings.path is None else [RunInput(Path(settings.path), "configuration")]


def _content(path: Path) -> str | None:
    try:
        return path.read_text(encoding="ascii")
    except (OSError, UnicodeDecodeError):
        return None
