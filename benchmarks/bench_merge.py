#!/usr/bin/env python
"""Measure `summcheck merge` on many distinct records: the time should grow about linearly.

    python benchmarks/bench_merge.py [--sizes 5000 20000] [--repeat 3]

Input, per size N: a text source of N distinct lines and one JSONL claims file of N records,
each quoting one whole line (`line K`), in a shuffled order; no two records are duplicates,
the case where comparing each record with every kept one was quadratic (5,000 records 3.8 s,
20,000 records 106 s before the kept spans were indexed). Prints per size the best wall-clock
seconds of `merge_files` (verification, deduplication and rendering, in this process; the
output is JSONL, whose rendering is cheap) and of the deduplication alone.
"""
from __future__ import annotations

import argparse
import json
import random
import tempfile
import time
from pathlib import Path

from summcheck.pipeline import merge


def inputs(folder: Path, count: int) -> tuple[Path, Path]:
    """The source and claims file of `count` distinct records in `folder`."""
    lines = [f"Register entry {n:06d} says that crate {n:06d} weighs {n % 97} kilograms."
             for n in range(count)]
    source = folder / "register.txt"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    order = list(range(count))
    random.Random(3).shuffle(order)
    claims = folder / "claims.jsonl"
    claims.write_text("".join(json.dumps({"id": f"r{n}", "claim": f"Crate {n} weight.",
                                          "locator": f"line {n + 1}", "quote": lines[n],
                                          "strength": "states"}) + "\n" for n in order),
                      encoding="utf-8")
    return source, claims


def best(run, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        run()
        times.append(time.perf_counter() - started)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[5_000, 20_000])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"{'records':>8}  {'merge s':>8}  {'dedup s':>8}")
    for count in args.sizes:
        with tempfile.TemporaryDirectory(prefix="bench-merge-") as tmp:
            source, claims = inputs(Path(tmp), count)
            output = Path(tmp) / "merged.jsonl"
            result = merge.merge_files([claims], output, source=source)
            assert len(result.records) == count and result.duplicates == 0
            whole = best(lambda: merge.merge_files([claims], output, source=source), args.repeat)
            entries = [merge._Entry({"claim": f"Crate {n} weight."}, [],
                                    merge.Span(100 * n, 100 * n + 80), False, n)
                       for n in range(count)]
            alone = best(lambda: merge._deduplicated(list(entries)), args.repeat)
        print(f"{count:>8}  {whole:>8.2f}  {alone:>8.3f}")


if __name__ == "__main__":
    main()
