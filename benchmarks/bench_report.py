#!/usr/bin/env python
"""Measure the size (time and memory) of `summcheck report` pages against the issue's targets.

    python benchmarks/bench_report.py [--pages 300] [--sentences 100] [--claims 300]
                                      [--many-records 10000] [--many-sentences 400] [--many-only]

Inputs: a PDF summary from benchmarks/corpus.py (by default a 300-page PDF, 300 claim
records, 100 sentences; every cited page is embedded as an image), the real PDFs and texts
of the public acceptance cases (../shared/acceptance/cases, when present) and the bundled
examples. Each report is written by `summcheck report` in a subprocess, in the inputs'
folder, with `--no-cache` (nothing is written there). Prints per report: source kind, pages
embedded, size, seconds, the subprocess's peak RSS; then the targets: a 300-page PDF summary
with 100 sentences under 5 MB, every text-source report under 200 kB.

Then many records on one page (`--many-only` runs this alone): a text source whose second
page holds --many-records lines, a record quoting each and --many-sentences sentences that
all cite that page, so that every sentence stands on every record (built in a temporary
folder). Prints the inputs' size, the report's size and its ratio to them, seconds and peak
RSS, and `summcheck check` on the same inputs beside it; target: the report under 5 times its
inputs (a report that wrote each sentence's records and each record's sentences out grew as
their product). Exit status 0 when every target holds, 1 otherwise.
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
MANY_TARGET = 5.0  # the many-records report's size over its inputs' size
_DATA = re.compile(r'<script type="application/json" id="evidence-data">(.*?)</script>', re.S)
_WORDS = "the operator keeps a log of each change made to the system and reviews it".split()


def run(args: list[str], folder: Path) -> tuple[int, str, float, float]:
    """Run `python -m summcheck ARGS` in `folder`: exit status, stderr, seconds and the
    child's own peak RSS in MB (wait4's, so no earlier child counts)."""
    with tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        child = subprocess.Popen([sys.executable, "-m", "summcheck", *args], cwd=folder,
                                 stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        stderr = err.read().decode("utf-8", "replace")
    # ru_maxrss: kilobytes on Linux, bytes on macOS
    rss = usage.ru_maxrss / (1024 * 1024 if sys.platform == "darwin" else 1024)
    return child.returncode, stderr, seconds, rss


def measure(folder: Path, summary: str, args: list[str]) -> dict:
    """Write the report of `summary` (run in `folder`, which it leaves as it is: no cache,
    the report in a temporary folder) and describe it."""
    with tempfile.TemporaryDirectory(prefix="bench-report-") as tmp:
        code, stderr, seconds, rss = run(["report", summary, "-o", str(Path(tmp) / "report.html"),
                                          "--no-cache", *args], folder)
        if code != 0:
            return {"error": stderr.strip()[-200:]}
        page = (Path(tmp) / "report.html").read_text(encoding="utf-8")
    data = json.loads(_DATA.search(page).group(1))
    return {"kind": data["kind"], "sentences": data["counts"]["sentences"],
            "pages": len(data["pages"]), "bytes": len(page.encode("utf-8")), "seconds": seconds,
            "rss": rss}


def many_on_one_page(folder: Path, records: int, sentences: int) -> int:
    """A text source whose second page holds `records` lines, a record quoting each, and a
    summary of `sentences` sentences all citing that page; the inputs' size in bytes."""
    lines = [f"Line {i} says " + " ".join(_WORDS[(i * 7 + k) % len(_WORDS)] for k in range(8))
             + "." for i in range(records)]
    (folder / "source.txt").write_text("Title page.\n\f" + "\n".join(lines) + "\n\fThe end.\n",
                                       encoding="utf-8")
    (folder / "claims.jsonl").write_text(
        "".join(json.dumps({"claim": f"Claim {i}.", "locator": "p. 2", "quote": line,
                            "strength": "states"}) + "\n" for i, line in enumerate(lines)),
        encoding="utf-8")
    body = " ".join(f"The operator keeps a log, says sentence {n} (p. 2)." for n in range(sentences))
    (folder / "summary.md").write_text("---\nsource: source.txt\nclaims: claims.jsonl\n---\n\n"
                                       f"# Summary\n\n{body}\n", encoding="utf-8")
    return sum((folder / name).stat().st_size
               for name in ("source.txt", "claims.jsonl", "summary.md"))


def many_records(records: int, sentences: int) -> bool:
    """Measure and print the many-records report; whether it met its target."""
    print(f"\nmany records on one page: {records:,} records, {sentences:,} sentences citing it")
    with tempfile.TemporaryDirectory(prefix="bench-report-many-") as tmp:
        folder = Path(tmp)
        inputs = many_on_one_page(folder, records, sentences)
        print(f"  inputs {inputs / 1e6:.2f} MB (source, claims, summary)")
        code, stderr, seconds, rss = run(["check", "summary.md", "--no-cache"], folder)
        if code not in (0, 1):
            print(f"  check could not run: {stderr.strip()[-200:]}")
            return False
        print(f"  summcheck check:  {seconds:6.2f}s, peak RSS {rss:5.0f} MB")
        found = measure(folder, "summary.md", [])
    if "error" in found:
        print(f"  summcheck report could not run: {found['error']}")
        return False
    ratio = found["bytes"] / inputs
    print(f"  summcheck report: {found['seconds']:6.2f}s, peak RSS {found['rss']:5.0f} MB, "
          f"HTML {found['bytes'] / 1e6:.2f} MB ({ratio:.1f} times the inputs)")
    met = ratio <= MANY_TARGET
    print(f"  target: the report under {MANY_TARGET:.0f} times its inputs: "
          + ("met" if met else "MISSED"))
    return met


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=300)
    parser.add_argument("--claims", type=int, default=300)
    parser.add_argument("--sentences", type=int, default=100)
    parser.add_argument("--many-records", type=int, default=10_000)
    parser.add_argument("--many-sentences", type=int, default=400)
    parser.add_argument("--many-only", action="store_true",
                        help="only the report of many records on one page")
    options = parser.parse_args(argv)
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load average "
          + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    if options.many_only:
        return 0 if many_records(options.many_records, options.many_sentences) else 1
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
    print(f"{'report':<48} {'kind':<8} {'sent.':>5} {'pages':>5} {'size':>10} {'time':>7} "
          f"{'RSS':>7}")
    ok = True
    for label, folder, summary, args in runs:
        found = measure(folder, summary, args)
        if "error" in found:
            print(f"{label:<48} could not run: {found['error']}")
            ok = False
            continue
        print(f"{label:<48} {found['kind']:<8} {found['sentences']:>5} {found['pages']:>5} "
              f"{found['bytes'] / 1000:>8.0f} kB {found['seconds']:>6.2f}s {found['rss']:>4.0f} MB")
        if label.startswith("corpus.py"):
            verdict = "met" if found["bytes"] < PDF_TARGET else "MISSED"
            ok &= found["bytes"] < PDF_TARGET
            print(f"  target: under {PDF_TARGET / 1e6:.0f} MB for this PDF summary: {verdict}")
        elif found["kind"] != "pdf" and found["bytes"] >= TEXT_TARGET:
            print(f"  target: under {TEXT_TARGET / 1e3:.0f} kB for a text source: MISSED")
            ok = False
    print("text-source reports under 200 kB and the PDF summary under 5 MB: "
          + ("met" if ok else "MISSED"))
    ok &= many_records(options.many_records, options.many_sentences)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
