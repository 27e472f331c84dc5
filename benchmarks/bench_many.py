#!/usr/bin/env python
"""Many summaries in one run: ten of one source against one, and ten sources on two workers.

    python benchmarks/bench_many.py [--pages 1000] [--claims 10000] [--repeat 3]

Inputs: benchmarks/corpus.py's PDF and claims (built or reused by `prepare_data`), laid out in
a temporary folder as ten summaries, each with its own tenth of the claim records and the
corpus summary's sentences:

- one source: ten summaries that cite the same PDF, checked in one run, against one of them
  alone (target <= 1.3x: the source is extracted once, its folded text built once), in one
  process and with `--jobs 2` (the source loaded first, the summaries spread over workers
  forked from the process that loaded it);
- ten sources: the same ten summaries, each citing its own copy of the PDF, with
  `--jobs 2` against `--jobs 1`.

Every run is `summcheck check ... --format json --no-cache` as a subprocess (the cache
across runs is bench_cache.py's subject), interleaved, median of --repeat; the reports of
`--jobs 1` and `--jobs 2` must be byte for byte the same. Exit status 0 when they are.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import add_arguments, check_arguments, describe, prepare_data  # noqa: E402

SUMMARIES = 10
ONE_SOURCE_TARGET = 1.3


def lay_out(data: Path, folder: Path, separate_sources: bool) -> list[str]:
    """Ten summaries in `folder`, each with a tenth of the records; their names."""
    records = (data / "claims.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    front, _, body = (data / "summary.md").read_text(encoding="utf-8").partition("\n---\n")
    share = -(-len(records) // SUMMARIES)
    (folder / "summcheck.toml").write_text("", encoding="utf-8")
    names = []
    for n in range(SUMMARIES):
        source = f"source-{n}.pdf" if separate_sources else "source.pdf"
        if not (folder / source).exists():
            shutil.copy(data / "source.pdf", folder / source)
        (folder / f"claims-{n}.jsonl").write_text(
            "".join(records[n * share:(n + 1) * share]), encoding="utf-8")
        name = f"summary-{n}.md"
        (folder / name).write_text(f"---\nsource: {source}\nclaims: claims-{n}.jsonl\n---\n{body}",
                                   encoding="utf-8")
        names.append(name)
    return names


def timed(folder: Path, *args: str) -> tuple[float, bytes]:
    command = [sys.executable, "-m", "summcheck", "check", *args, "--format", "json",
               "--no-cache"]
    start = time.perf_counter()
    done = subprocess.run(command, cwd=folder, capture_output=True,
                          env=dict(os.environ, NO_COLOR="1"))
    seconds = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise SystemExit(f"bench_many: {' '.join(command)} exited {done.returncode}: "
                         f"{done.stderr.decode(errors='replace')[-400:]}")
    return seconds, done.stdout


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_arguments(parser)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    check_arguments(parser, args)
    data, manifest = prepare_data(args)
    print(describe(data, manifest))
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load average "
          + " ".join(f"{x:.2f}" for x in os.getloadavg()) + f"; median of {args.repeat}")
    times: dict[str, list[float]] = {}
    agree = True
    with tempfile.TemporaryDirectory(prefix="bench-many-") as tmp:
        shared, separate = Path(tmp) / "shared", Path(tmp) / "separate"
        shared.mkdir()
        separate.mkdir()
        names = lay_out(data, shared, separate_sources=False)
        lay_out(data, separate, separate_sources=True)
        for _ in range(args.repeat):
            runs = {
                "one summary": (shared, [names[0]]),
                f"{SUMMARIES} summaries, one source": (shared, names),
                f"{SUMMARIES} summaries, one source, --jobs 2": (shared, [*names, "--jobs", "2"]),
                f"{SUMMARIES} sources, --jobs 1": (separate, [*names, "--jobs", "1"]),
                f"{SUMMARIES} sources, --jobs 2": (separate, [*names, "--jobs", "2"]),
            }
            outputs = {}
            for label, (folder, run_args) in runs.items():
                seconds, outputs[label] = timed(folder, *run_args)
                times.setdefault(label, []).append(seconds)
            agree &= (outputs[f"{SUMMARIES} sources, --jobs 1"]
                      == outputs[f"{SUMMARIES} sources, --jobs 2"])
    median = {label: statistics.median(values) for label, values in times.items()}
    for label, value in median.items():
        print(f"  {label:<40} {value:7.3f} s  (min {min(times[label]):.3f})")
    one_source = median[f"{SUMMARIES} summaries, one source"] / median["one summary"]
    spread = median[f"{SUMMARIES} summaries, one source, --jobs 2"] / median["one summary"]
    workers = median[f"{SUMMARIES} sources, --jobs 1"] / median[f"{SUMMARIES} sources, --jobs 2"]
    verdict = "met" if one_source <= ONE_SOURCE_TARGET else "MISSED"
    print(f"  ratio {SUMMARIES} summaries of one source / one (target <= {ONE_SOURCE_TARGET}x)"
          f"  {one_source:.2f}x  {verdict}")
    verdict = "met" if spread <= ONE_SOURCE_TARGET else "MISSED"
    print(f"  the same with --jobs 2 (the source loaded once, shared by the workers)"
          f"  {spread:.2f}x  {verdict}")
    print(f"  speed-up --jobs 2 over --jobs 1 on {SUMMARIES} sources  {workers:.2f}x")
    print(f"  reports of --jobs 1 and --jobs 2 {'identical' if agree else 'DIFFER'}")
    return 0 if agree else 1


if __name__ == "__main__":
    sys.exit(main())
