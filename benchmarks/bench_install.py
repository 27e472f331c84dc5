#!/usr/bin/env python
"""Compare summcheck installed with its PyMuPDF dependency as declared against the other
PyMuPDF distribution: `pymupdf` (2.x also pulls in onnxruntime, numpy, networkx and the
layout models) or `pymupdf-lite` (the same `pymupdf` module without them).

    python benchmarks/bench_install.py [--runs 5] [--keep] [--python python3.11]

Needs the network (PyPI) and Python >= 3.11 (pymupdf-lite and pymupdf 2.x have no wheels for
older ones). It copies the working tree twice to a temporary folder (no build files are
written into the checkout): one copy as it is, one whose pyproject.toml names the other
distribution in every `pymupdf` / `pymupdf-lite` requirement (same version range and
marker), so the comparison still holds after a switch. Both copies are first fetched once
with `pip download` (warming pip's cache, untimed), then each is installed into a fresh venv
with `pip install COPY`, timed. Printed for both, with the ratio as-is / swapped:
- environment size (MB on disk, as `du -sm`) and number of installed distributions,
- `pip install` wall time (warm pip cache),
- `python -c "import pymupdf"`, also with `pymupdf.layout` and `pymupdf4llm` blocked as
  `summcheck.cli.main()` does, `python -c "import summcheck.cli"`, `summcheck --version` and
  `summcheck outline examples/fhs/fhs-3.0.pdf`: each in a fresh process, interleaved,
  median (and fastest) of --runs.
--keep leaves the copies and venvs (about 700 MB) in place and prints where they are. A run
takes 3-4 minutes on 2 cores.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

try:
    import tomllib
except ImportError:  # Python 3.10: summcheck depends on tomli there
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
COUNTERPART = {"pymupdf": "pymupdf-lite", "pymupdf-lite": "pymupdf"}
NAME = re.compile(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)")
NOT_COPIED = shutil.ignore_patterns(".git", ".venv", "build", "*.egg-info", "__pycache__", "_data",
                                    ".hypothesis", ".pytest_cache", ".ruff_cache", ".benchmarks")
BLOCKED_IMPORT = ("import sys; sys.modules['pymupdf.layout'] = None; "
                  "sys.modules['pymupdf4llm'] = None; import pymupdf")
SAMPLE_PDF = Path("examples/fhs/fhs-3.0.pdf")


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def swapped_pyproject(text: str) -> tuple[str, list[str], list[str]]:
    """The pyproject text with each PyMuPDF requirement naming the other distribution, the
    requirements as declared and as swapped."""
    declared, swapped = [], []
    for requirement in tomllib.loads(text)["project"]["dependencies"]:
        name = NAME.match(requirement).group(1)
        other = COUNTERPART.get(canonical(name))
        if other is None:
            continue
        replacement = other + requirement[NAME.match(requirement).end():]
        for quote in ('"', "'"):
            text = text.replace(f"{quote}{requirement}{quote}", f"{quote}{replacement}{quote}")
        declared.append(requirement)
        swapped.append(replacement)
    if not declared:
        raise SystemExit("pyproject.toml: no pymupdf or pymupdf-lite requirement found")
    return text, declared, swapped


def run(cmd: list, **kwargs) -> float:
    """Wall seconds of one command; exit on failure."""
    start = time.perf_counter()
    proc = subprocess.run([str(c) for c in cmd], check=False, capture_output=True, text=True,
                          **kwargs)
    elapsed = time.perf_counter() - start
    if proc.returncode:
        raise SystemExit(f"failed ({proc.returncode}): {' '.join(map(str, cmd))}\n"
                         f"{proc.stdout[-2000:]}{proc.stderr[-2000:]}")
    return elapsed


def disk_mb(folder: Path) -> float:
    """Disk usage as `du -sm` counts it: allocated blocks, each hard-linked file once."""
    seen, total = set(), 0
    for base, dirs, files in os.walk(folder):
        for name in dirs + files:
            st = os.lstat(os.path.join(base, name))
            if (st.st_dev, st.st_ino) not in seen:
                seen.add((st.st_dev, st.st_ino))
                total += st.st_blocks * 512
    return total / 2**20


def distributions(venv: Path) -> list[str]:
    """Installed distributions (name-version) other than pip and setuptools."""
    found = sorted(p.name[:-len(".dist-info")] for p in venv.glob("lib/python*/site-packages/*.dist-info"))
    return [d for d in found if canonical(d.split("-")[0]) not in ("pip", "setuptools")]


class Variant:
    def __init__(self, label: str, requirements: list[str], tree: Path, venv: Path):
        self.label, self.requirements, self.tree, self.venv = label, requirements, tree, venv
        self.figures: dict[str, float] = {}
        self.samples: dict[str, list[float]] = {}

    def bin(self, name: str) -> Path:
        return self.venv / "bin" / name

    def commands(self) -> dict[str, list]:
        py = self.bin("python")
        return {"import pymupdf": [py, "-c", "import pymupdf"],
                "import pymupdf, layout blocked (as the CLI)": [py, "-c", BLOCKED_IMPORT],
                "import summcheck.cli": [py, "-c", "import summcheck.cli"],
                "summcheck --version": [self.bin("summcheck"), "--version"],
                f"summcheck outline {SAMPLE_PDF.name}": [self.bin("summcheck"), "outline",
                                                         self.tree / SAMPLE_PDF]}


def prepare(work: Path, python: str) -> list[Variant]:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    swapped_text, declared, swapped = swapped_pyproject(pyproject)
    variants = []
    for label, text, requirements in (("as is", pyproject, declared), ("swapped", swapped_text, swapped)):
        tree = work / f"tree-{label.replace(' ', '-')}"
        shutil.copytree(ROOT, tree, ignore=NOT_COPIED, symlinks=True)
        (tree / "pyproject.toml").write_text(text, encoding="utf-8")
        variants.append(Variant(label, requirements, tree, work / f"venv-{label.replace(' ', '-')}"))
    pip_quiet = ["--disable-pip-version-check", "-q"]
    for v in variants:
        print(f"[{v.label}] {', '.join(v.requirements)}: warming pip's cache (pip download) ...", flush=True)
        run([python, "-m", "venv", v.venv])
        run([v.bin("pip"), "download", *pip_quiet, "-d", work / "downloads", v.tree])
        shutil.rmtree(v.venv)
    for v in variants:
        run([python, "-m", "venv", v.venv])
        v.figures["pip install, warm cache (s)"] = run([v.bin("pip"), "install", *pip_quiet, v.tree])
        v.figures["environment size (MB)"] = disk_mb(v.venv)
        v.figures["installed distributions"] = len(distributions(v.venv))
        mupdf = [d for d in distributions(v.venv) if "mupdf" in d.lower()]
        print(f"[{v.label}] installed in {v.figures['pip install, warm cache (s)']:.1f} s: "
              f"{', '.join(mupdf)}", flush=True)
    return variants


def time_commands(variants: list[Variant], runs: int) -> None:
    for _ in range(runs):  # interleaved: a burst of load on the machine hits both alike
        for v in variants:
            for name, cmd in v.commands().items():
                v.samples.setdefault(name, []).append(run(cmd, cwd=v.tree))
    for v in variants:
        for name, values in v.samples.items():
            v.figures[f"{name} (s)"] = statistics.median(values)
            v.figures[f"{name} (s), fastest"] = min(values)


def report(variants: list[Variant], runs: int) -> None:
    a, b = variants
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"\npython {sys.version.split()[0]} venvs, {os.cpu_count()} CPUs, load average {load}; "
          f"timings: median of {runs} (fastest beside it)")
    print(f"  as is:   {', '.join(a.requirements)}\n  swapped: {', '.join(b.requirements)}\n")
    width = max(len(k) for k in a.figures if not k.endswith("fastest")) + 2
    print(f"{'figure':<{width}}{'as is':>16}{'swapped':>16}{'as is / swapped':>18}")
    for key, value in a.figures.items():
        if key.endswith("fastest"):
            continue
        other = b.figures[key]
        cells = []
        for v, x in ((a, value), (b, other)):
            fastest = v.figures.get(f"{key}, fastest")
            cells.append(f"{x:.0f}" if "(s)" not in key else
                         f"{x:.3f} ({fastest:.3f})" if fastest is not None else f"{x:.1f}")
        ratio = f"{value / other:.2f}x" if other else "-"
        print(f"{key:<{width}}{cells[0]:>16}{cells[1]:>16}{ratio:>18}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="timed runs of each command (median)")
    parser.add_argument("--keep", action="store_true", help="keep the copies and venvs")
    parser.add_argument("--python", default=sys.executable, help="interpreter of the venvs")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="summcheck-bench-install-"))
    try:
        variants = prepare(work, args.python)
        time_commands(variants, args.runs)
        report(variants, args.runs)
    finally:
        if args.keep:
            print(f"\nkept: {work} (venv-as-is, venv-swapped, tree-as-is, tree-swapped)")
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
