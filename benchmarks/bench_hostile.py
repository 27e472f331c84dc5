#!/usr/bin/env python
"""Hostile input shapes of issue 15: each must cost about linear time (t(4n) <= 5 t(n)).

    python benchmarks/bench_hostile.py [--shape NAME ...] [--repeat 3] [--scale 1.0]

Shapes (each built at n and 4n in a temporary folder and checked once with `summcheck.check`
in a fresh interpreter after a warm-up; best of --repeat interpreters per size):

- same-passage: n records quote the same passage (the SUM301 overlap sweep);
- repeated-sentence: a source of one sentence repeated n times, n/100 records citing
  `lines 1–n` (occurrences kept per quote);
- long-quote: one not-found quote of n characters against a source of n characters (the
  SUM201 closest-passage search);
- ocr-unmatched: an OCR source of n characters with n/2,700 records whose quotes stand
  nowhere (the whole-document fuzzy search).

Prints a table (shape, n, t(n), t(4n), ratio; and the same in CPU time, which other processes
on a shared machine disturb less) and exits 1 when any wall-time ratio exceeds 5. Run against
another checkout with PYTHONPATH=/path/to/src.
"""
from __future__ import annotations

import argparse
import gc
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

MAX_RATIO = 5.0
WORDS = ("the operator shall keep records of every change made to the system and review them "
         "at least once a year under the terms agreed with the authority before any audit "
         "begins while staff report incidents promptly through the documented channel").split()


def _write(folder: Path, source: str, records: list[dict], ocr: bool = False) -> Path:
    """A summary with front matter naming a text source and a JSONL claims file."""
    (folder / "source.txt").write_text(source, encoding="utf-8")
    (folder / "claims.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records),
                                         encoding="utf-8")
    summary = folder / "summary.md"
    summary.write_text("---\nsource: source.txt\nclaims: claims.jsonl\n"
                       f"ocr: {'true' if ocr else 'false'}\n---\n\n"
                       "The operator keeps records (lines 1–2).\n", encoding="utf-8")
    return summary


def _prose(rng: random.Random, chars: int, width: int = 72) -> str:
    """Random lines of the benchmark's words, about `chars` characters."""
    lines, size = [], 0
    while size < chars:
        line = " ".join(rng.choice(WORDS) for _ in range(width // 6)).capitalize() + "."
        lines.append(line)
        size += len(line) + 1
    return "\n".join(lines) + "\n"


def same_passage(folder: Path, n: int) -> Path:
    """n records quoting one passage at the same lines."""
    source = _prose(random.Random(1), 4000)
    quote = " ".join(source.split("\n")[2].split()[:8])
    records = [{"claim": f"Claim number {i}.", "locator": "lines 1-10", "quote": quote,
                "strength": "states"} for i in range(n)]
    return _write(folder, source, records)


def repeated_sentence(folder: Path, n: int) -> Path:
    """A source of one sentence repeated n times; n/100 records cite all of it."""
    sentence = "The operator shall keep records of every change made to the system."
    source = (sentence + "\n") * n
    records = [{"claim": f"Claim number {i}.", "locator": f"lines 1-{n}",
                "quote": "shall keep records of every change", "strength": "requires"}
               for i in range(max(1, n // 100))]
    return _write(folder, source, records)


def long_quote(folder: Path, n: int) -> Path:
    """One not-found quote of n characters, citing a source of n characters."""
    rng = random.Random(3)
    source = _prose(rng, n)
    quote = " ".join(_prose(random.Random(4), n).split())[:n]
    lines = source.count("\n")
    records = [{"claim": "A long claim.", "locator": f"lines 1-{lines}", "quote": quote,
                "strength": "states"}]
    return _write(folder, source, records)


def ocr_unmatched(folder: Path, n: int) -> Path:
    """An OCR source of n characters; per 2,700 characters one quote that stands nowhere: a
    sentence of the source with a fifth of its characters changed (its seeds stand, its
    windows are aligned, none passes)."""
    source = _prose(random.Random(5), n)
    lines = source.split("\n")
    rng = random.Random(6)
    records = []
    for i in range(max(1, n // 2700)):
        sentence = " ".join(lines[rng.randrange(len(lines) - 3)].split() +
                            lines[rng.randrange(len(lines) - 3)].split())
        garbled = "".join(c if rng.random() > 0.2 else rng.choice("xqzjkv") for c in sentence)
        records.append({"claim": f"Claim number {i}.", "locator": "lines 1-2", "quote": garbled,
                        "strength": "states"})
    return _write(folder, source, records, ocr=True)


SHAPES: dict[str, tuple[Callable[[Path, int], Path], int]] = {
    "same-passage": (same_passage, 8_000),
    "repeated-sentence": (repeated_sentence, 80_000),
    "long-quote": (long_quote, 60_000),
    "ocr-unmatched": (ocr_unmatched, 135_000),
}


def _one_time(name: str, n: int) -> tuple[float, float]:
    """Wall and CPU time of one `summcheck.check` on shape `name` built at n, in this process
    (imports and first-use costs excluded by a warm-up on a tiny input). One run only: a
    second run on the same input would find it in summcheck's bounded caches when n is small
    and not when it is large, which is no cost of the input."""
    import summcheck

    build = SHAPES[name][0]
    with tempfile.TemporaryDirectory() as tmp:
        warm, folder = Path(tmp) / "warm", Path(tmp) / "case"
        warm.mkdir()
        folder.mkdir()
        summcheck.check(same_passage(warm, 10), config=False, cache=False)
        summary = build(folder, n)
        gc.collect()
        started, started_cpu = time.perf_counter(), time.process_time()
        summcheck.check(summary, config=False, cache=False)  # cold work: no cache folder
        return time.perf_counter() - started, time.process_time() - started_cpu


def _time_in_child(name: str, n: int) -> tuple[float, float]:
    """`_one_time` in a fresh interpreter, so that the run at 4n inherits nothing (heap,
    caches) from the run at n."""
    out = subprocess.run([sys.executable, __file__, "--time-one", name, str(n)],
                         capture_output=True, text=True, check=True)
    wall, cpu = out.stdout.split()[-2:]
    return float(wall), float(cpu)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--shape", action="append", choices=sorted(SHAPES))
    parser.add_argument("--repeat", type=int, default=3, help="fresh interpreters per size")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every n")
    parser.add_argument("--time-one", nargs=2, metavar=("SHAPE", "N"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.time_one:
        print(*_one_time(args.time_one[0], int(args.time_one[1])))
        return 0
    print(f"{'shape':<20} {'n':>9} {'t(n) s':>8} {'t(4n) s':>8} {'ratio':>6}   "
          f"{'cpu(n)':>7} {'cpu(4n)':>7} {'ratio':>6}")
    failed = False
    for name in args.shape or list(SHAPES):
        base = SHAPES[name][1]
        n = max(1, int(base * args.scale))
        # children alternate n and 4n, so that a burst of load on a shared machine does not
        # fall on one size only; each size keeps its best run
        runs = [_time_in_child(name, size) for _ in range(args.repeat) for size in (n, 4 * n)]
        small, small_cpu = min(runs[0::2])
        large, large_cpu = min(runs[1::2])
        ratio = large / small if small > 0 else float("inf")
        cpu_ratio = large_cpu / small_cpu if small_cpu > 0 else float("inf")
        failed |= ratio > MAX_RATIO
        print(f"{name:<20} {n:>9,} {small:>8.3f} {large:>8.3f} {ratio:>6.2f}   "
              f"{small_cpu:>7.3f} {large_cpu:>7.3f} {cpu_ratio:>6.2f}"
              f"{'  wall ratio > ' + str(MAX_RATIO) if ratio > MAX_RATIO else ''}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
