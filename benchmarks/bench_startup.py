#!/usr/bin/env python
"""Time summcheck's start-up against importing its dependencies.

    python benchmarks/bench_startup.py [--runs 5]

Each command runs in a fresh interpreter, interleaved, median of --runs:
- `python -c pass` (the interpreter alone),
- `python -c "import summcheck.cli"`,
- `python -c "import typer, rich, rapidfuzz, yaml, jsonschema, markdown_it"` (the dependencies),
- `summcheck --version`;
and prints the ratios to the dependencies (target <= 1.5x, `MISSED` otherwise; the exit status
does not change) and which heavy modules `import summcheck.cli` loads: it must not import
PyMuPDF (WARNING and exit status 1 otherwise). Exit status 3: a command failed.

bench_check.py runs this too (after the check benchmark, in the same run, unless
--no-startup) and imports `summcheck_command`, `timed_run` and `WorkerError` from here.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

STARTUP_TARGET = 1.5
DEPENDENCY_IMPORTS = "import typer, rich, rapidfuzz, yaml, jsonschema, markdown_it"
PROBED_MODULES = ("pymupdf", "fitz", "numpy", "onnxruntime", "jsonschema", "rapidfuzz",
                  "yaml", "markdown_it", "rich")


class WorkerError(RuntimeError):
    """A timed command or a benchmark worker failed."""


def summcheck_command() -> list[str]:
    script = Path(sys.executable).with_name("summcheck")
    if script.exists():
        return [str(script)]
    found = shutil.which("summcheck")
    return [found] if found else [sys.executable, "-m", "summcheck"]


def timed_run(cmd: list[str], cwd: Path | None = None) -> tuple[float, subprocess.CompletedProcess]:
    t = time.perf_counter()
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    return time.perf_counter() - t, proc


def startup(runs: int = 5) -> dict:
    py = sys.executable
    cmds = {
        "python -c pass": [py, "-c", "pass"],
        "import summcheck.cli": [py, "-c", "import summcheck.cli"],
        "import deps": [py, "-c", DEPENDENCY_IMPORTS],
        "summcheck --version": summcheck_command() + ["--version"],
    }
    out = {name: [] for name in cmds}
    for _ in range(runs):
        for name, cmd in cmds.items():
            t, proc = timed_run(cmd)
            if proc.returncode != 0:
                raise WorkerError(f"`{' '.join(cmd)}` exited {proc.returncode}: "
                                  f"{proc.stderr.strip()[-2000:]}")
            out[name].append(t)
    probe = subprocess.run([py, "-c", "import sys, summcheck.cli; print(sorted(m for m in "
                            f"{PROBED_MODULES!r} if m in sys.modules))"],
                           capture_output=True, text=True)
    return {"times": {k: statistics.median(v) for k, v in out.items()},
            "modules": probe.stdout.strip() or probe.stderr.strip()[-500:]}


def report(st: dict, runs: int = 5) -> int:
    """Print the start-up section; 1 when `import summcheck.cli` imports PyMuPDF, else 0."""
    times = st["times"]
    base = times["import deps"]
    print(f"start-up (median of {runs} fresh interpreters)")
    for name, seconds in times.items():
        print(f"  {name:<44} {seconds:8.3f} s")
    r_imp = times["import summcheck.cli"] / base
    r_ver = times["summcheck --version"] / base
    print(f"  ratio import summcheck.cli / deps (target <= {STARTUP_TARGET}x)  {r_imp:.2f}x"
          + ("" if r_imp <= STARTUP_TARGET else "  MISSED"))
    print(f"  ratio summcheck --version / deps                {r_ver:.2f}x"
          + ("" if r_ver <= STARTUP_TARGET else "  MISSED"))
    print(f"  modules loaded by `import summcheck.cli`: {st['modules']}")
    if "pymupdf" in st["modules"] or "fitz" in st["modules"]:
        print("  WARNING: `import summcheck.cli` imports PyMuPDF")
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="fresh interpreters per command")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("use at least one run")
    load = " ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load average {load}")
    try:
        st = startup(args.runs)
    except WorkerError as exc:
        print(f"ERROR: the start-up could not be timed:\n{exc}")
        return 3
    return report(st, args.runs)


if __name__ == "__main__":
    sys.exit(main())
