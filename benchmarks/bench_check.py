#!/usr/bin/env python
"""Benchmark `summcheck check` on a large PDF against bare PyMuPDF text extraction.

    python benchmarks/bench_check.py [--pages 1000] [--claims 10000] [--repeat 3]
                                     [--profile] [--data-only] [--no-startup]

1. Builds (or reuses) the inputs with benchmarks/corpus.py: a PDF of real text with page
   labels and an outline, claims.jsonl with 90% exact, 5% misplaced and 5% fabricated quotes,
   summary.md and manifest.json, cached in benchmarks/_data/<key>/ (--data-only stops here).
2. Times, interleaved, median of --repeat runs:
   - bare extraction: `pymupdf.open(path)` + `page.get_text()` for every page (import excluded;
     the import is timed separately in a fresh interpreter);
   - `summcheck check summary.md --format json --no-cache` as a subprocess (end to end);
   - `summcheck.check(summary, cache=False)` in a fresh interpreter with the modules imported
     beforehand;
   and prints the ratio summcheck / extraction (target <= 1.0x, stretch 0.8x), the planted-vs-found counts
   of SUM202/SUM201, a phase breakdown (the engine's stage hook,
   `summcheck.engine.check_paths(..., on_stage=...)`), and (when the ratio misses, or with
   --profile) a cProfile of the in-process run. Every run is without the cache folder
   (`--no-cache`): a re-run would otherwise reuse the loaded source, or the whole outcome,
   and no stage would be timed (the cache is bench_cache.py's subject).
3. Start-up, in the same run so that its figures are taken beside the others (skip with
   --no-startup, or run it alone with benchmarks/bench_startup.py): `import summcheck.cli` vs
   importing its dependencies, `summcheck --version` (median of 5; target <= 1.5x), and
   whether `import summcheck.cli` pulls in PyMuPDF.

Exit status: 0 all sanity checks passed, 1 one failed, 3 summcheck could not be timed.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_startup  # noqa: E402
import corpus  # noqa: E402
from bench_startup import WorkerError, summcheck_command, timed_run  # noqa: E402
from corpus import DATA, REPO, prepare_data  # noqa: E402,F401  (imported from here before)

RATIO_TARGET = 1.0  # a cold check in less time than bare extraction (stretch: 0.8)

# ---------------------------------------------------------------- workers (fresh interpreters)


def worker(mode: str, data: Path) -> None:
    """Run one measurement in this (fresh) interpreter and print JSON on the last line."""
    result: dict = {}
    pdf = data / "source.pdf"
    if mode == "import-pymupdf":
        t = time.perf_counter()
        import pymupdf  # noqa: F401

        result["import"] = time.perf_counter() - t
    elif mode == "extract":
        import pymupdf

        t = time.perf_counter()
        doc = pymupdf.open(pdf)
        chars = 0
        for page in doc:
            chars += len(page.get_text())
        result["extract"] = time.perf_counter() - t
        result["chars"] = chars
    elif mode in ("inproc", "profile", "phases"):
        import pymupdf  # noqa: F401  (excluded from the timing, as for the extraction)

        import summcheck
        import summcheck.api  # noqa: F401
        import summcheck.engine  # noqa: F401
        for name in ("summcheck.sources", "summcheck.claims", "summcheck.summary",
                     "summcheck.analysis.facts", "summcheck.rules"):
            __import__(name)
        os.chdir(data)
        if mode == "inproc":
            t = time.perf_counter()
            report = summcheck.check(Path("summary.md"), cache=False)
            result["check"] = time.perf_counter() - t
            result["findings"] = finding_lines(
                (f.rule, str(f.path), f.line) for f in report.findings)
        elif mode == "profile":
            import cProfile
            import io
            import pstats

            profiler = cProfile.Profile()
            profiler.enable()
            summcheck.check(Path("summary.md"), cache=False)
            profiler.disable()
            for key in ("cumulative", "tottime"):
                buffer = io.StringIO()
                stats = pstats.Stats(profiler, stream=buffer).strip_dirs().sort_stats(key)
                stats.print_stats(30)
                result[key] = buffer.getvalue()
        else:
            result["phases"] = phases(Path("summary.md"))
    print(json.dumps(result))


def phases(summary_path: Path) -> list[tuple[str, float]]:
    """Seconds per stage of the engine (its stage hook), and the JSON rendering."""
    from summcheck.engine import check_paths
    from summcheck.report import reporter_for
    from summcheck.config.settings import CheckRequest

    request = CheckRequest([summary_path], cache=False)  # cold work: no entry reused
    settings = request.settings()
    timings: list[tuple[str, float]] = []
    gc.disable()  # as check() and the command line run: the figures hold no collector pauses
    report = check_paths([summary_path], request.options(settings),
                         on_stage=lambda stage, _, seconds: timings.append((stage, seconds)))
    start = time.perf_counter()
    reporter_for("json").render(report)
    timings.append(("render json", time.perf_counter() - start))
    return timings


def finding_lines(triples) -> dict[str, list]:
    out: dict[str, list] = {}
    for rule, path, line in triples:
        out.setdefault(rule, []).append([path, line])
    return out


def run_worker(mode: str, data: Path, timeout: float = 900) -> dict:
    proc = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--worker", mode,
                           "--data", str(data)], capture_output=True, text=True, timeout=timeout)
    if proc.returncode != 0 or not proc.stdout.strip():
        raise WorkerError(f"worker {mode} failed (exit {proc.returncode}):\n"
                          f"{proc.stderr.strip()[-3000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


# ---------------------------------------------------------------- measurements


def measure(data: Path, manifest: dict, repeat: int) -> dict:
    cli = summcheck_command() + ["check", "summary.md", "--format", "json", "--no-cache"]
    extract_e2e_code = ("import pymupdf, sys\n"
                        "doc = pymupdf.open(sys.argv[1])\n"
                        "for page in doc: page.get_text()\n")
    res: dict = {k: [] for k in ("import", "extract", "extract_e2e", "cli", "inproc")}
    cli_json = inproc = None
    for r in range(repeat):
        res["import"].append(run_worker("import-pymupdf", data)["import"])
        res["extract"].append(run_worker("extract", data)["extract"])
        t, _ = timed_run([sys.executable, "-c", extract_e2e_code, str(data / "source.pdf")])
        res["extract_e2e"].append(t)
        t, proc = timed_run(cli, cwd=data)
        if proc.returncode not in (0, 1):
            raise WorkerError(f"`{' '.join(cli)}` exited {proc.returncode}: "
                              f"{proc.stderr.strip()[-3000:]}")
        res["cli"].append(t)
        cli_json = json.loads(proc.stdout)
        one = run_worker("inproc", data)
        res["inproc"].append(one["check"])
        inproc = one["findings"]
        print(f"  run {r + 1}/{repeat}: extract {res['extract'][-1]:.3f} s, "
              f"in-process {res['inproc'][-1]:.3f} s, cli {res['cli'][-1]:.3f} s", flush=True)
    res["cli_findings"] = finding_lines((f["rule"], f["path"], f["line"])
                                        for f in cli_json["findings"])
    res["inproc_findings"] = inproc
    return res


# ---------------------------------------------------------------- report


def compare(planted: list[int], found: list, claims_name: str = "claims.jsonl") -> tuple[int, int, int]:
    """(found, missed planted, unexpected) for one rule, by claims-file line."""
    lines = {line for path, line in found if Path(path).name == claims_name}
    planted_set = set(planted)
    return len(found), len(planted_set - lines), len(lines - planted_set)


def show_examples(data: Path, planted: list[int], found: list, limit: int = 3) -> None:
    """Print a few records a rule reported although they were not planted for it."""
    lines = sorted({line for path, line in found if Path(path).name == "claims.jsonl"}
                   - set(planted))
    records = (data / "claims.jsonl").read_text(encoding="utf-8").splitlines()
    for line in lines[:limit]:
        record = json.loads(records[line - 1])
        print(f"      e.g. line {line} ({record['locator']}): {record['quote']!r}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    corpus.add_arguments(parser)  # --pages --claims --sentences --seed --text --rebuild
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--data-only", action="store_true", help="only build the inputs")
    parser.add_argument("--no-startup", action="store_true", help="skip the start-up timings")
    parser.add_argument("--profile", action="store_true",
                        help="always print the cProfile of the in-process run")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--data", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        worker(args.worker, Path(args.data))
        return 0
    corpus.check_arguments(parser, args)

    data, manifest = prepare_data(args)
    planted = manifest["planted"]
    print(corpus.describe(data, manifest))
    if args.data_only:
        return 0

    import pymupdf

    load = " ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    print(f"python {sys.version.split()[0]}, PyMuPDF {pymupdf.VersionBind}, "
          f"{os.cpu_count()} CPUs, load average {load}; median of {args.repeat}")
    status = 0
    try:
        res = measure(data, manifest, args.repeat)
    except WorkerError as exc:
        print(f"ERROR: summcheck could not be timed:\n{exc}")
        return 3
    med = {k: statistics.median(v) for k, v in res.items() if isinstance(v, list) and v
           and isinstance(v[0], float)}
    low = {k: min(res[k]) for k in med}  # the least disturbed run, for a busy machine

    def fmt(key: str) -> str:
        return f"{med[key]:.3f} s  (min {low[key]:.3f})"

    ratio = med["inproc"] / med["extract"]
    ratio_e2e = med["cli"] / med["extract_e2e"]
    rows = [
        ("pages", f"{manifest['pages']}"),
        ("claims", f"{manifest['claims']}"),
        ("import pymupdf (fresh interpreter)", fmt("import")),
        ("extraction, import excluded", fmt("extract")),
        ("extraction end to end (python -c, import incl.)", fmt("extract_e2e")),
        ("summcheck in-process, summcheck.check()", fmt("inproc")),
        ("summcheck subprocess, check --format json", fmt("cli")),
        (f"ratio in-process / extraction (target <= {RATIO_TARGET}x)", f"{ratio:.2f}x"
         + ("" if ratio <= RATIO_TARGET else "  MISSED")),
        ("ratio subprocess / extraction end to end", f"{ratio_e2e:.2f}x"
         + ("" if ratio_e2e <= RATIO_TARGET else "  MISSED")),
        ("ratio in-process / extraction, min of runs", f"{low['inproc'] / low['extract']:.2f}x"),
    ]
    width = max(len(r[0]) for r in rows)
    print()
    for name, value in rows:
        print(f"{name:<{width}}  {value}")

    print("\nfindings (rule: count)")
    for label, found in (("subprocess", res["cli_findings"]), ("in-process", res["inproc_findings"])):
        print(f"  {label}: " + ", ".join(f"{rule} {len(v)}" for rule, v in sorted(found.items())))
    print("\nsanity (planted vs found, by claims-file line)")
    for rule, kind in (("SUM202", "misplaced"), ("SUM201", "fabricated")):
        for label, found in (("subprocess", res["cli_findings"]),
                             ("in-process", res["inproc_findings"])):
            n, missed, unexpected = compare(planted[kind], found.get(rule, []))
            ok = n == len(planted[kind]) and not missed and not unexpected
            print(f"  {rule} {label}: found {n}, planted {len(planted[kind])} "
                  f"(missed {missed}, unexpected {unexpected})"
                  + ("" if ok else "   WARNING: does not equal the planted records"))
            if not ok:
                status = 1
            if unexpected and label == "in-process":
                show_examples(data, planted[kind], found.get(rule, []))
    exact_flagged = {rule: len(set(planted["exact"]) & {line for _, line in v})
                     for rule, v in res["inproc_findings"].items()
                     if rule in ("SUM200", "SUM201", "SUM202", "SUM206")}
    if any(exact_flagged.values()):
        print(f"  WARNING: exact quotes reported as {exact_flagged}")
        status = 1
    for rule in ("SUM101", "SUM102", "SUM103", "SUM104"):
        if res["inproc_findings"].get(rule):
            print(f"  WARNING: {len(res['inproc_findings'][rule])} {rule} findings on the summary "
                  f"(expected none), e.g. line {res['inproc_findings'][rule][0][1]}")
            status = 1

    try:
        print("\nphase breakdown (in-process, fresh interpreter, one run)")
        for name, seconds in run_worker("phases", data)["phases"]:
            print(f"  {name:<44} {seconds:8.3f} s")
    except WorkerError as exc:
        print(f"  phases unavailable: {exc}")

    if ratio > RATIO_TARGET or args.profile:
        prof = run_worker("profile", data)
        print("\ncProfile of summcheck.check() (top 30 by cumulative time)")
        print(prof["cumulative"])
        print("cProfile (top 30 by own time)")
        print(prof["tottime"])

    if not args.no_startup:
        status = bench_startup.report(bench_startup.startup()) or status
    return status


if __name__ == "__main__":
    sys.exit(main())
