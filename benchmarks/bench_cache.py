#!/usr/bin/env python
"""Benchmark the cache of loaded sources (src/summcheck/sources/cache/) on a large PDF.

    python benchmarks/bench_cache.py [--pages 1000] [--claims 10000] [--repeat 3]

Inputs: benchmarks/corpus.py's PDF, claims and summary (built or reused by `prepare_data`).
Each figure is taken in a fresh interpreter with the modules (PyMuPDF included) imported
beforehand, interleaved, median of --repeat; every cold figure starts from an empty cache
folder (SUMMCHECK_CACHE_DIR), every warm one from the folder the cold run of its round left:

- bare extraction: `pymupdf.open` + `page.get_text()` of every page, one process;
- source load: `load_source(pdf)` and its structure (sections by the outline), cold (extract,
  detect, write the entries) and warm (read them back);
- check: `summcheck.check(summary)` cold (empty cache), warm (every input unchanged: the
  whole outcome is reused, engine/outcomes.py, and no stage runs) and warm with only the
  summary changed (a copy of the inputs whose summary gains a blank line each round: the
  source comes from the cache, the outcome is checked anew), with the load stage's share
  (the engine's stage hook); and `summcheck check --format json` as a subprocess, cold,
  warm and `--no-cache`, whose outputs must be byte for byte the same.

Prints the ratio warm source load / bare extraction (target <= 0.2x). Exit status: 0 when the
outputs agree and the target is met, 1 otherwise.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import corpus  # noqa: E402
from corpus import default_args, prepare_data  # noqa: E402

RATIO_TARGET = 0.2


def worker(mode: str, data: Path, folder: Path) -> None:
    """One measurement in this fresh interpreter; JSON on the last line."""
    import pymupdf

    result: dict = {}
    pdf = data / "source.pdf"
    if mode == "extract":
        start = time.perf_counter()
        doc = pymupdf.open(pdf)
        chars = sum(len(page.get_text()) for page in doc)
        result = {"seconds": time.perf_counter() - start, "chars": chars}
        print(json.dumps(result))
        return
    import summcheck.api  # noqa: F401  (imported before the timing)
    from summcheck.engine import check_paths
    from summcheck.config.settings import CheckRequest
    from summcheck.sources import load_source
    from summcheck.sources.cache import SourceCache

    for name in ("summcheck.claims", "summcheck.summary", "summcheck.analysis.facts", "summcheck.rules",
                 "summcheck.structure.pdf", "summcheck.sources.pdf"):
        __import__(name)
    os.environ["SUMMCHECK_CACHE_DIR"] = str(folder)
    if mode == "load":
        start = time.perf_counter()
        doc = load_source(pdf, cache=SourceCache(folder, named=True))
        loaded = time.perf_counter()
        sections = len(doc.structure.sections)
        result = {"seconds": loaded - start, "structure": time.perf_counter() - loaded,
                  "sections": sections}
    elif mode == "check":
        os.chdir(data)
        stages: dict[str, float] = {}
        start = time.perf_counter()
        request = CheckRequest([Path("summary.md")])
        report = check_paths([Path("summary.md")], request.options(request.settings()),
                             on_stage=lambda s, _, t: stages.__setitem__(s, stages.get(s, 0) + t))
        result = {"seconds": time.perf_counter() - start, "stages": stages,
                  "findings": len(report.findings)}  # no stage on a reused outcome
    print(json.dumps(result))


def run_worker(mode: str, data: Path, folder: Path) -> dict:
    proc = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--worker", mode,
                           "--data", str(data), "--folder", str(folder)],
                          capture_output=True, text=True, timeout=900)
    if proc.returncode != 0 or not proc.stdout.strip():
        raise SystemExit(f"worker {mode} failed (exit {proc.returncode}):\n{proc.stderr[-3000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def run_cli(data: Path, folder: Path, *extra: str) -> tuple[float, bytes]:
    env = {**os.environ, "SUMMCHECK_CACHE_DIR": str(folder)}
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "summcheck", "check", "summary.md", "--format",
                           "json", *extra],
                          cwd=data, env=env, capture_output=True, timeout=900)
    seconds = time.perf_counter() - start
    if proc.returncode not in (0, 1):
        raise SystemExit(f"summcheck check exited {proc.returncode}: {proc.stderr[-3000:]!r}")
    return seconds, proc.stdout


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    corpus.add_arguments(parser)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--data", help=argparse.SUPPRESS)
    parser.add_argument("--folder", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        worker(args.worker, Path(args.data), Path(args.folder))
        return 0
    corpus.check_arguments(parser, args)
    data, manifest = prepare_data(default_args(pages=args.pages, claims=args.claims,
                                               sentences=args.sentences, seed=args.seed,
                                               text=args.text, rebuild=args.rebuild))
    print(corpus.describe(data, manifest))
    import pymupdf

    load = " ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    print(f"python {sys.version.split()[0]}, PyMuPDF {pymupdf.VersionBind}, "
          f"{os.cpu_count()} CPUs, load average {load}; median of {args.repeat}")
    figures: dict[str, list[float]] = {}
    outputs: dict[str, bytes] = {}
    sizes: list[int] = []

    def add(name: str, value: float) -> None:
        figures.setdefault(name, []).append(value)

    scratch = Path(tempfile.mkdtemp(prefix="bench-cache-"))
    edited = scratch / "edited"  # the inputs copied, whose summary each round changes
    edited.mkdir()
    for name in ("source.pdf", "claims.jsonl", "summary.md"):
        shutil.copy2(data / name, edited / name)
    try:
        for r in range(args.repeat):
            add("extract", run_worker("extract", data, scratch)["seconds"])
            folder = scratch / f"load-{r}"
            cold = run_worker("load", data, folder)
            warm = run_worker("load", data, folder)
            add("load cold", cold["seconds"])
            add("structure cold", cold["structure"])
            add("load warm", warm["seconds"])
            add("structure warm", warm["structure"])
            assert cold["sections"] == warm["sections"]
            folder = scratch / f"check-{r}"
            cold = run_worker("check", data, folder)
            warm = run_worker("check", data, folder)
            add("check cold", cold["seconds"])
            add("check cold, load stage", cold["stages"]["load"])
            add("check warm", warm["seconds"])
            add("check warm, load stage", warm["stages"].get("load", 0.0))
            summary = edited / "summary.md"  # only the summary changed: an outcome miss
            summary.write_text(summary.read_text(encoding="utf-8") + "\n", encoding="utf-8")
            changed = run_worker("check", edited, folder)
            add("check summary changed", changed["seconds"])
            add("check summary changed, load stage", changed["stages"]["load"])
            assert cold["findings"] == warm["findings"] == changed["findings"]
            sizes.append(sum(p.stat().st_size for p in folder.iterdir()))
            folder = scratch / f"cli-{r}"
            seconds, outputs["cli cold"] = run_cli(data, folder)
            add("cli cold", seconds)
            seconds, outputs["cli warm"] = run_cli(data, folder)
            add("cli warm", seconds)
            seconds, outputs["cli --no-cache"] = run_cli(data, scratch / "unused", "--no-cache")
            add("cli --no-cache", seconds)
            print(f"  run {r + 1}/{args.repeat}: extract {figures['extract'][-1]:.3f} s, "
                  f"load cold {figures['load cold'][-1]:.3f} s, warm "
                  f"{figures['load warm'][-1]:.3f} s", flush=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    med = {k: statistics.median(v) for k, v in figures.items()}
    ratio = med["load warm"] / med["extract"]
    same = len(set(outputs.values())) == 1
    rows = [
        ("bare extraction (one process, import excluded)", med["extract"]),
        ("source load, cold (extract + write the entry)", med["load cold"]),
        ("structure, cold (outline + fonts, write the entry)", med["structure cold"]),
        ("source load, warm (cache hit)", med["load warm"]),
        ("structure, warm (cache hit)", med["structure warm"]),
        ("check in-process, cold (empty cache)", med["check cold"]),
        ("  of which the load stage", med["check cold, load stage"]),
        ("check in-process, warm (outcome reused: no stage runs)", med["check warm"]),
        ("  of which the load stage", med["check warm, load stage"]),
        ("check in-process, warm, summary changed (source hit)", med["check summary changed"]),
        ("  of which the load stage", med["check summary changed, load stage"]),
        ("summcheck check subprocess, cold", med["cli cold"]),
        ("summcheck check subprocess, warm", med["cli warm"]),
        ("summcheck check subprocess, --no-cache", med["cli --no-cache"]),
    ]
    width = max(len(name) for name, _ in rows)
    print()
    for name, value in rows:
        print(f"{name:<{width}}  {value:8.3f} s")
    print(f"{'cache folder after a check':<{width}}  {statistics.median(sizes) / 1e6:8.2f} MB")
    print(f"{'ratio warm source load / extraction':<{width}}  {ratio:8.3f}x (target <= "
          f"{RATIO_TARGET}x){'' if ratio <= RATIO_TARGET else '  MISSED'}")
    print(f"{'ratio warm / cold check (in-process)':<{width}}  "
          f"{med['check warm'] / med['check cold']:8.3f}x")
    print(f"{'ratio summary changed / cold check':<{width}}  "
          f"{med['check summary changed'] / med['check cold']:8.3f}x")
    print(f"{'JSON report cold = warm = --no-cache':<{width}}  {'yes' if same else 'NO':>8}")
    return 0 if same and ratio <= RATIO_TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
