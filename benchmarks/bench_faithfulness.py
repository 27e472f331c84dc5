#!/usr/bin/env python
"""What binding and the faithfulness rules cost per claim on the check benchmark's inputs.

    python benchmarks/bench_faithfulness.py [--pages 1000] [--claims 10000] [--repeat 3]

Builds (or reuses) benchmarks/corpus.py's inputs, and beside its summary (500 sentences that
cite a page and say nothing of it) writes a second one whose sentences restate a verified
quote of the page they cite (its first twelve words), so that every comparison runs. For each
summary, in this process, median of --repeat runs:

- the whole analysis (load, structure, resolve, match, binding), and binding alone (the time
  `analysis.bind_sentences` takes inside it);
- the rules binding adds (SUM106, SUM107, SUM108) and the faithfulness rules (SUM401-SUM404),
  each run on a fresh analysis (their comparisons are cached on it).

Prints each figure in milliseconds and in microseconds per claim; target: binding and the
seven rules together at most 10 µs per claim on the benchmark's own summary (the restating one
is the worst case, where every sentence is compared clause by clause with the quotes it
restates: printed, not held to the target). Runs with the garbage collector off, as
`summcheck check` does. With the compiled core built, the same figures follow from a child
process that runs the Python core (SUMMCHECK_CORE=python), for the ratio in one run;
`--python-core` runs only that. Exit status 1 when the target is missed on summary.md (with
the core in use).
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

import corpus  # noqa: E402

TARGET_US = 10.0
NEW_RULES = ("SUM106", "SUM107", "SUM108", "SUM401", "SUM402", "SUM403", "SUM404")


def restating_summary(data: Path) -> Path:
    """A summary whose every sentence restates the first twelve words of an exact quote on the
    page it cites (corpus.py's summary cites such pages)."""
    records = [json.loads(line) for line in (data / "claims.jsonl").read_text("utf-8").splitlines()]
    manifest = json.loads((data / "manifest.json").read_text("utf-8"))
    exact = set(manifest["planted"]["exact"])
    by_page: dict[str, dict] = {}
    for line, record in enumerate(records, start=1):
        if line in exact:
            by_page.setdefault(record["locator"], record)
    original = (data / "summary.md").read_text("utf-8").splitlines()
    lines = []
    for text in original:
        if text.startswith("Sentence ") and "(p. " in text:
            locator = text[text.index("(") + 1:text.rindex(")")]
            record = by_page.get(locator)
            if record is not None:
                words = record["quote"].split()[:12]
                text = " ".join(words).rstrip(".,;:") + f" ({locator})."
        lines.append(text)
    path = data / "summary-restating.md"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def measure(summary: Path, repeat: int) -> dict[str, float]:
    from summcheck.analysis import facts as analysis_module
    from summcheck.engine.options import Options
    from summcheck.engine.run import analyse_summary
    from summcheck.rules import all_rules

    rules = [rule for rule in all_rules() if rule.code in NEW_RULES]
    original = analysis_module.bind_sentences
    runs: dict[str, list[float]] = {"analysis": [], "binding": [], "binding rules": [],
                                    "faithfulness rules": []}
    for _ in range(repeat):
        spent = []

        def timed(sentences, records):
            started = time.perf_counter()
            original(sentences, records)
            spent.append(time.perf_counter() - started)

        analysis_module.bind_sentences = timed
        try:
            started = time.perf_counter()
            analysis = analyse_summary(summary, Options())
            runs["analysis"].append(time.perf_counter() - started)
        finally:
            analysis_module.bind_sentences = original
        runs["binding"].append(sum(spent))
        for name, codes in (("binding rules", NEW_RULES[:3]), ("faithfulness rules", NEW_RULES[3:])):
            analysis.__dict__.pop("faithfulness", None)  # a fresh cache of comparisons
            started = time.perf_counter()
            for rule in rules:
                if rule.code in codes:
                    list(rule.check(analysis))
            runs[name].append(time.perf_counter() - started)
    return {name: statistics.median(values) for name, values in runs.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    corpus.add_arguments(parser)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--python-core", action="store_true",
                        help="measure the Python core alone (SUMMCHECK_CORE=python)")
    args = parser.parse_args(argv)
    corpus.check_arguments(parser, args)
    if args.python_core:
        os.environ["SUMMCHECK_CORE"] = "python"
    gc.disable()
    from summcheck.core import name as core_name, native

    data, manifest = corpus.prepare_data(args)
    if not args.python_core:
        print(corpus.describe(data, manifest))
    print(f"core: {core_name()}")
    claims = manifest["claims"]
    on_benchmark = 0.0
    for summary in (data / "summary.md", restating_summary(data)):
        figures = measure(summary, args.repeat)
        added = figures["binding"] + figures["binding rules"] + figures["faithfulness rules"]
        per_claim = added / claims * 1e6
        if summary.name == "summary.md":
            on_benchmark = per_claim
        print(f"{summary.name}:")
        for name, seconds in figures.items():
            print(f"  {name:<20} {seconds * 1e3:8.1f} ms  {seconds / claims * 1e6:6.2f} µs/claim")
        print(f"  {'added by issue 24':<20} {added * 1e3:8.1f} ms  {per_claim:6.2f} µs/claim "
              f"(target <= {TARGET_US:g})")
    if native is not None and not args.python_core:
        child = [sys.executable, __file__, "--python-core", *(argv or sys.argv[1:])]
        subprocess.run(child, check=False)
    return 0 if on_benchmark <= TARGET_US else 1


if __name__ == "__main__":
    sys.exit(main())
