#!/usr/bin/env python
"""Measure the size (and time) of `summcheck report` pages against the issue's targets.

    python benchmarks/bench_report.py [--pages 300] [--sentences 100] [--claims 300]

Inputs: a PDF summary from benchmarks/corpus.py (by default a 300-page PDF, 300 claim
records, 100 sentences; every cited page is embedded as an image), the real PDFs and texts
of the public acceptance cases (../shared/acceptance/cases, when present) and the bundled
examples. Each report is written by `summcheck report` in a subprocess, in the inputs'
folder, with `--no-cache` (nothing is written there). Prints per report: source kind, pages embedded, size, seconds; then the targets:
a 300-page PDF summary with 100 sentences under 5 MB, every text-source report under
200 kB. Exit status 0 when both hold, 1 otherwise.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import default_args, prepare_data  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
ACCEPTANCE = REPO.parent / "shared" / "acceptance" / "cases"
PDF_TARGET = 5 * 1000 * 1000
TEXT_TARGET = 200 * 1000
_DATA = re.compile(r'<script type="application/json" id="evidence-data">(.*?)</script>', re.S)


def measure(folder: Path, summary: str, args: list[str]) -> dict:
    """Write the report of `summary` (run in `folder`, which it leaves as it is: no cache,
    the report in a temporary folder) and describe it."""
    with tempfile.TemporaryDirectory(prefix="bench-report-") as tmp:
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "summcheck", "report", summary, "-o",
                               str(Path(tmp) / "report.html"), "--no-cache", *args], cwd=folder,
                              capture_output=True, text=True)
        seconds = time.perf_counter() - start
        if done.returncode != 0:
            return {"error": done.stderr.strip()[-200:]}
        page = (Path(tmp) / "report.html").read_text(encoding="utf-8")
    data = json.loads(_DATA.search(page).group(1))
    return {"kind": data["kind"], "sentences": data["counts"]["sentences"],
            "pages": len(data["pages"]), "bytes": len(page.encode("utf-8")), "seconds": seconds}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=300)
    parser.add_argument("--claims", type=int, default=300)
    parser.add_argument("--sentences", type=int, default=100)
    options = parser.parse_args(argv)
    data, _ = prepare_data(default_args(pages=options.pages, claims=options.claims,
                                        sentences=options.sentences))
    runs: list[tuple[str, Path, str, list[str]]] = [
        (f"corpus.py PDF, {options.pages} pages, {options.sentences} sentences", data,
         "summary.md", [])]
    for example in sorted((REPO / "examples").iterdir()):
        if (example / "summary.md").is_file():
            runs.append((f"example {example.name}", example, "summary.md", []))
    if ACCEPTANCE.is_dir():
        for case in sorted(ACCEPTANCE.iterdir()):
            spec_path = case / "case.json"
            if not spec_path.is_file():
                continue
            spec = json.loads(spec_path.read_text(encoding="utf-8"))
            if spec["expect"]["exit"] != 2:
                runs.append((f"acceptance {case.name}", case, spec.get("summary", "summary.md"),
                             spec.get("args", [])))
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load average "
          + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    print(f"{'report':<48} {'kind':<8} {'sent.':>5} {'pages':>5} {'size':>10} {'time':>7}")
    ok = True
    for label, folder, summary, args in runs:
        found = measure(folder, summary, args)
        if "error" in found:
            print(f"{label:<48} could not run: {found['error']}")
            ok = False
            continue
        print(f"{label:<48} {found['kind']:<8} {found['sentences']:>5} {found['pages']:>5} "
              f"{found['bytes'] / 1000:>8.0f} kB {found['seconds']:>6.2f}s")
        if label.startswith("corpus.py"):
            verdict = "met" if found["bytes"] < PDF_TARGET else "MISSED"
            ok &= found["bytes"] < PDF_TARGET
            print(f"  target: under {PDF_TARGET / 1e6:.0f} MB for this PDF summary: {verdict}")
        elif found["kind"] != "pdf" and found["bytes"] >= TEXT_TARGET:
            print(f"  target: under {TEXT_TARGET / 1e3:.0f} kB for a text source: MISSED")
            ok = False
    print("text-source reports under 200 kB and the PDF summary under 5 MB: "
          + ("met" if ok else "MISSED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
