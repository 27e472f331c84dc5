"""Replay the committed fuzz corpus and every kept crash through the targets, in-process (no atheris).

A crash the fuzzer found once stays a regression case: its input lives under
tests/fuzz/crashes/<target>/ until it is fixed, then under tests/fuzz/regressions/<target>/, and
runs here on every test run. A crash that another part of summcheck still has to fix is listed in
OPEN_CRASHES, marked xfail.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from fuzz_targets import TARGETS  # noqa: E402

CORPUS = HERE / "corpus"
CRASHES = HERE / "crashes"
REGRESSIONS = HERE / "regressions"
# (target, file name) -> why it still crashes and who fixes it.
OPEN_CRASHES: dict[tuple[str, str], str] = {}


def _inputs(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.is_file()) if folder.is_dir() else []


@pytest.mark.parametrize("target", sorted(TARGETS))
def test_corpus_holds_the_contract(target: str) -> None:
    inputs = _inputs(CORPUS / target)
    assert inputs, f"no committed corpus for {target}: run tests/fuzz/run.py --update-corpus --reseed"
    for path in [*inputs, *_inputs(REGRESSIONS / target)]:
        try:
            TARGETS[target](path.read_bytes())
        except Exception as exc:  # report which input, then fail with the original error
            raise AssertionError(f"{path.relative_to(HERE)}: {type(exc).__name__}: {exc}"[:1000]) from exc


def _crash_params():
    for target in sorted(TARGETS):
        for path in _inputs(CRASHES / target):
            reason = OPEN_CRASHES.get((target, path.name))
            marks = [pytest.mark.xfail(strict=False, reason=reason)] if reason else []
            yield pytest.param(target, path, id=f"{target}/{path.name}", marks=marks)


@pytest.mark.parametrize(("target", "path"), list(_crash_params()))
def test_kept_crash_is_fixed(target: str, path: Path) -> None:
    TARGETS[target](path.read_bytes())


def test_every_open_crash_is_kept() -> None:
    # An entry whose input is gone would silently stop guarding anything.
    missing = [f"{t}/{name}" for t, name in OPEN_CRASHES if not (CRASHES / t / name).is_file()]
    assert not missing
