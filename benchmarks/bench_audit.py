#!/usr/bin/env python
"""Throughput of `summcheck audit` on a 200-triple corpus, `--jobs 1` against `--jobs 2`.

    python benchmarks/bench_audit.py [--sources 20] [--per-source 10] [--rounds 2]

The corpus is the shipped examples replicated: `--sources` folders, alternately a copy of
examples/rfc3986 (a 140 kB RFC as plain text) and of examples/fhs (a 50-page PDF), each with
`--per-source` copies of its summary, all listed in one JSONL manifest (built in a temporary
folder). Each round runs `summcheck audit` end to end (a child process, start-up included)
with `--jobs 1` and then `--jobs 2`, `--fresh` and `--no-cache` (every source loaded in its
shard, as in a first audit); the best time of each is reported with the
speed-up and the CPU time the audit and its workers used (the same for both when the pool
costs nothing), and the two results files must be byte for byte the same. Since other work
on a shared machine's cores lowers any speed-up, the ceiling of the moment (pure-Python loops
on two processes against one, 2.0x on two idle cores) is measured before and after. Figures
vary with the machine's load: compare figures from one run only.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from corpus import compile_summcheck  # noqa: E402
REPO = HERE.parent
EXAMPLES = REPO / "examples"
KINDS = ("rfc3986", "fhs")


def build(root: Path, sources: int, per_source: int) -> Path:
    """root/NN-kind/ folders with summary-K.md copies and root/manifest.jsonl."""
    entries = []
    for n in range(sources):
        kind = KINDS[n % len(KINDS)]
        folder = root / f"{n:02d}-{kind}"
        shutil.copytree(EXAMPLES / kind, folder)
        summary = (folder / "summary.md").read_text(encoding="utf-8")
        (folder / "summary.md").unlink()
        for k in range(per_source):
            name = f"{folder.name}/summary-{k}.md"
            (root / name).write_text(summary, encoding="utf-8")
            entries.append({"summary": name})
    manifest = root / "manifest.jsonl"
    manifest.write_text("".join(json.dumps(e) + "\n" for e in entries), encoding="utf-8")
    return manifest


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(root: Path, jobs: int, output: Path) -> tuple[float, float]:
    """(wall-clock seconds, CPU seconds of the audit and its workers) of one run, from an
    empty cache folder of its own (else a run after the first would reuse the outcomes of
    the one before, and check nothing)."""
    cache = Path(tempfile.mkdtemp(prefix=".cache-", dir=root))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO / "src"), *sys.path]),
           "SUMMCHECK_CACHE_DIR": str(cache)}
    cpu = _children_cpu()
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "summcheck", "audit", "manifest.jsonl", "-o",
                           str(output), "--jobs", str(jobs), "--fresh", "--no-cache"], cwd=root, env=env,
                          capture_output=True, text=True)
    elapsed = time.perf_counter() - started
    if done.returncode not in (0, 1):
        sys.exit(f"audit --jobs {jobs} failed ({done.returncode}): {done.stderr}")
    return elapsed, _children_cpu() - cpu


def _burn(n: int) -> int:
    total = 0
    for i in range(n):
        total += i * i
    return total


def ceiling(tasks: int = 8, size: int = 3_000_000) -> float:
    """What two processes gain over one on this machine now: the same pure-Python loops run
    one after another and on a pool of two. 2.0 on two idle cores; other work on the cores
    (a shared machine) lowers it, and the audit's speed-up with it."""
    from concurrent.futures import ProcessPoolExecutor

    started = time.perf_counter()
    for _ in range(tasks):
        _burn(size)
    one = time.perf_counter() - started
    with ProcessPoolExecutor(2) as pool:
        pool.submit(_burn, 1).result()  # started before the clock
        started = time.perf_counter()
        list(pool.map(_burn, [size] * tasks))
        two = time.perf_counter() - started
    return one / two


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sources", type=int, default=20)
    parser.add_argument("--per-source", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    compile_summcheck()
    with tempfile.TemporaryDirectory(prefix="bench-audit-") as tmp:
        root = Path(tmp)
        build(root, args.sources, args.per_source)
        triples = args.sources * args.per_source
        times: dict[int, list[float]] = {1: [], 2: []}
        cpu: dict[int, list[float]] = {1: [], 2: []}
        load = os.getloadavg()[0]
        before = ceiling()
        for _ in range(args.rounds):
            for jobs in (1, 2):
                wall, used = run(root, jobs, root / f"results-{jobs}.jsonl")
                times[jobs].append(wall)
                cpu[jobs].append(used)
        same = (root / "results-1.jsonl").read_bytes() == (root / "results-2.jsonl").read_bytes()
        one, two = min(times[1]), min(times[2])
        print(f"{triples} triples over {args.sources} sources ({os.cpu_count()} CPUs, load "
              f"average {load:.1f} before, {os.getloadavg()[0]:.1f} after), best of "
              f"{args.rounds}:")
        for jobs, best in ((1, one), (2, two)):
            runs = ", ".join(f"{t:.2f}" for t in times[jobs])
            print(f"  --jobs {jobs}: {best:6.2f} s  {triples / best:6.1f} summaries/s  "
                  f"CPU {min(cpu[jobs]):5.2f} s  (runs: {runs})")
        after = ceiling()
        print(f"  speed-up --jobs 2 / --jobs 1: {one / two:.2f}x (target >= 1.7x)")
        print(f"  the machine's ceiling (2 processes of pure-Python loops against 1): "
              f"{before:.2f}x before, {after:.2f}x after")
        print(f"  results byte for byte the same: {'yes' if same else 'NO'}")
        if not same:
            sys.exit(1)


if __name__ == "__main__":
    main()
