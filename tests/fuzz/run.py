"""Run every fuzz target for a bounded time, each in its own process: `python tests/fuzz/run.py --seconds 15`.

Each target starts from its committed corpus (tests/fuzz/corpus/<target>/) and its fixed crashes
(tests/fuzz/regressions/<target>/), which this run does not change; inputs found new go to a
temporary folder. A crash or a hang (libFuzzer -timeout)
keeps its input under tests/fuzz/crashes/<target>/ and makes the run exit 1; replay it with
`python -m pytest tests/fuzz/test_fuzz_replay.py`. Prints the executions per target.

`--update-corpus` merges what this run found into the committed corpus, minimised with
libFuzzer's -merge=1 (only inputs that add coverage stay); `--reseed` also merges the seeds that
make_seeds.py cuts from the repository's real inputs.
"""
from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from fuzz_targets import TARGETS  # noqa: E402

CORPUS = HERE / "corpus"
CRASHES = HERE / "crashes"
REGRESSIONS = HERE / "regressions"  # fixed crashes, named for what they were; never merged away
FUZZ_ONE = HERE / "fuzz_one.py"
MAX_LEN = 2048  # bytes per input: room for every shape the parsers treat; keeps runs fast and the corpus small
PER_INPUT_TIMEOUT = 10  # seconds one input may take before libFuzzer calls it a hang
RSS_LIMIT_MB = 2048
_EXECUTED = re.compile(r"stat::number_of_executed_units:\s*(\d+)")
_DONE = re.compile(r"Done (\d+) runs in")


def _libfuzzer_options() -> list[str]:
    return [f"-max_len={MAX_LEN}", f"-timeout={PER_INPUT_TIMEOUT}", f"-rss_limit_mb={RSS_LIMIT_MB}"]


def fuzz(target: str, seconds: int, found: Path, log: Path) -> tuple[int, int, list[Path]]:
    """Fuzz one target: (return code, executions, crash files kept)."""
    crashes = CRASHES / target
    crashes.mkdir(parents=True, exist_ok=True)
    before = set(crashes.iterdir())
    corpus = CORPUS / target
    corpus.mkdir(parents=True, exist_ok=True)
    command = [sys.executable, str(FUZZ_ONE), target, f"-max_total_time={seconds}",
               "-print_final_stats=1", f"-artifact_prefix={crashes}/", *_libfuzzer_options(),
               str(found), str(corpus)]
    if (REGRESSIONS / target).is_dir():
        command.append(str(REGRESSIONS / target))
    with log.open("w", encoding="utf-8") as out:
        try:
            # The grace period covers loading the corpus and a hang the -timeout must catch.
            code = subprocess.run(command, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
                                  timeout=seconds + 2 * PER_INPUT_TIMEOUT + 60).returncode
        except subprocess.TimeoutExpired:
            code = -1
    kept = sorted(set(crashes.iterdir()) - before)
    for folder in (crashes, CRASHES):
        if not any(folder.iterdir()):
            folder.rmdir()  # nothing to keep: no empty folder in the checkout
    text = log.read_text(encoding="utf-8", errors="replace")
    counts = _EXECUTED.findall(text) or _DONE.findall(text)
    executed = int(counts[-1]) if counts else 0
    return code, executed, kept


def merge(target: str, extra: list[Path], log: Path) -> int:
    """Replace the committed corpus of `target` by a minimal one covering it and `extra`."""
    corpus = CORPUS / target
    with tempfile.TemporaryDirectory(prefix=f"merge-{target}-") as fresh:
        command = [sys.executable, str(FUZZ_ONE), target, "-merge=1", *_libfuzzer_options(),
                   fresh, str(corpus), *(str(p) for p in extra if p.is_dir())]
        with log.open("w", encoding="utf-8") as out:
            code = subprocess.run(command, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
                                  timeout=1800).returncode
        if code != 0:
            return code
        for old in corpus.iterdir():
            old.unlink()
        for new in Path(fresh).iterdir():
            shutil.copy2(new, corpus / new.name)
    return 0


def main(argv: list[str] | None = None) -> int:
    """Fuzz the chosen targets one after the other; exit 1 if any crashed or hung."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=15, help="fuzzing time per target")
    parser.add_argument("--targets", nargs="*", choices=sorted(TARGETS), default=list(TARGETS))
    parser.add_argument("--update-corpus", action="store_true",
                        help="merge the new inputs into tests/fuzz/corpus (minimised)")
    parser.add_argument("--reseed", action="store_true",
                        help="with --update-corpus: merge the repository's real inputs too")
    args = parser.parse_args(argv)
    failed = []
    with tempfile.TemporaryDirectory(prefix="summcheck-fuzz-run-") as tmp:
        work = Path(tmp)
        seeds = work / "seeds"
        if args.reseed:
            subprocess.run([sys.executable, str(HERE / "make_seeds.py"), str(seeds)], check=True, timeout=300)
        for target in args.targets:
            found, log = work / "found" / target, work / f"{target}.log"
            found.mkdir(parents=True)
            started = time.monotonic()
            code, executed, crashes = fuzz(target, args.seconds, found, log)
            took = time.monotonic() - started
            status = "ok" if code == 0 and not crashes else f"FAILED (exit {code})"
            print(f"fuzz {target:<13} {executed:>9,} executions in {took:5.1f} s, "
                  f"{len(list(found.iterdir()))} new inputs: {status}", flush=True)
            if status != "ok":
                failed.append(target)
                tail = log.read_text(encoding="utf-8", errors="replace").splitlines()[-40:]
                print("\n".join("    " + line for line in tail), flush=True)
                for crash in crashes:
                    print(f"    kept {crash.relative_to(HERE.parents[1])}", flush=True)
            elif args.update_corpus:
                if merge(target, [found, seeds / target], work / f"{target}.merge.log") != 0:
                    print(f"    merge of {target} failed; corpus unchanged", flush=True)
                    failed.append(target)
                else:
                    size = sum(p.stat().st_size for p in (CORPUS / target).iterdir())
                    print(f"    corpus: {len(list((CORPUS / target).iterdir()))} inputs, {size:,} bytes",
                          flush=True)
    if failed:
        print(f"fuzzing failed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
