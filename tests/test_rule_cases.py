"""The rule cases: tests/cases/*.yaml, one file per rule and a few per topic, each a list of cases
(tests/cases/README.md describes the format):

    - name: sum201-quote-not-found
      description: ...
      exit: 0 | 1 | 2 | [1, 2]
      args: [...]
      findings: [{rule: SUM201, path: claims.jsonl, line: 3}, ...]
      max_seconds: 3
      xfail: why summcheck is wrong here (optional)
      summary: |  (summary.md, front matter and body)
      claims: {file: claims.jsonl, records: [...]}  (quotes cut from tests/cases/_sources/)
      files: {summcheck.toml: ...}

Each case is materialised (tests/cases/casekit.py, which also checks, independently of summcheck,
that every record's quote stands where the case says) into a folder of a temporary tree laid out
like tests/cases: `../_sources/` beside it and an empty summcheck.toml at the top. There
`summcheck check summary.md --format json <args>` runs in this process (tests/conftest.py's
runner; `max_seconds` bounds the CPU time the run takes). The exit code must match, and the
findings of severity error or warning must be exactly the expected set of (rule, path, line);
info findings are ignored. For exit 2 the check could not run: stderr must say why in one line and
neither stream may hold a traceback. `exit` may list several codes where the contract allows
either (findings are then compared only when the run did not exit 2). Test ids are case names.
"""
from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import pytest
from conftest import Result, run_summcheck

sys.path.insert(0, str(Path(__file__).resolve().parent / "cases"))
import casekit  # noqa: E402

CODES = {
    "unused-suppression": "SUM100", "missing-locator": "SUM101", "unresolved-locator": "SUM102", "unbacked-sentence": "SUM103",
    "malformed-locator": "SUM104", "ambiguous-locator": "SUM105", "invalid-claim-record": "SUM200",
    "quote-not-found": "SUM201", "quote-misplaced": "SUM202", "fuzzy-match": "SUM203",
    "fuzzy-critical-difference": "SUM204", "ambiguous-quote": "SUM205",
    "unresolved-claim-locator": "SUM206", "duplicate-claim": "SUM301",
    "strength-mismatch": "SUM302", "emphasis-drift": "SUM303", "dropped-requirement": "SUM304",
}
CASES = casekit.load_cases()


def _params():
    for case in CASES:
        marks = [pytest.mark.xfail(reason=case["xfail"], strict=False)] if case.get("xfail") else []
        yield pytest.param(case, id=case["name"], marks=marks)


@pytest.fixture(scope="session")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The tree the cases are materialised in (casekit.make_tree)."""
    return casekit.make_tree(tmp_path_factory.mktemp("rule-cases"))


def _rel(folder: Path, path: str | None) -> str | None:
    if path is None:
        return None
    p = Path(path)
    if not p.is_absolute():
        p = folder / p
    try:
        return Path(os.path.relpath(p.resolve(), folder.resolve())).as_posix()
    except ValueError:  # another drive
        return p.as_posix()


def _key(folder: Path, f: dict) -> tuple:
    rule = CODES.get(f.get("rule"), f.get("rule"))
    return (rule, _rel(folder, f.get("path")), f.get("line"))


def run_case(folder: Path, expected: dict) -> Result:
    return run_summcheck("check", "summary.md", "--format", "json", *expected.get("args", []),
                         cwd=folder)


def _snapshot(folder: Path) -> dict[str, bytes | None]:
    return {p.relative_to(folder).as_posix(): (p.read_bytes() if p.is_file() else None)
            for p in sorted(folder.rglob("*"))}


@pytest.mark.parametrize("case", list(_params()))
def test_case(case: dict, tree: Path) -> None:
    folder = tree / case["name"]
    casekit.materialise(case, folder)
    expected = casekit.expected(case)
    before = _snapshot(folder)
    started = time.process_time()
    try:
        proc = run_case(folder, expected)
    finally:
        elapsed = time.process_time() - started
        after = _snapshot(folder)
        for name in set(after) - set(before):  # leave the tree as it was, then fail below
            path = folder / name
            if path.is_file():
                path.unlink()
    # Inputs are never modified and nothing is written beside them (a YAML tag never runs).
    assert after == before, f"files changed or created: {sorted(set(after) ^ set(before)) or 'contents'}"
    exits = expected["exit"] if isinstance(expected["exit"], list) else [expected["exit"]]
    detail = f"\n--- stdout\n{proc.stdout[-4000:]}\n--- stderr\n{proc.stderr[-2000:]}"
    assert proc.returncode in exits, f"exit {proc.returncode}, expected {expected['exit']}{detail}"
    if "max_seconds" in expected:
        assert elapsed <= expected["max_seconds"], f"took {elapsed:.1f} s of CPU time"
    assert "Traceback" not in proc.stdout + proc.stderr, detail
    if proc.returncode == 2:
        assert proc.stderr.strip(), "exit 2 without a cause on stderr"
        return
    report = json.loads(proc.stdout)
    got = sorted((_key(folder, f) for f in report["findings"]
                  if f.get("severity") in ("error", "warning")), key=repr)
    want = sorted((_key(folder, f) for f in expected["findings"]), key=repr)
    missing = [w for w in want if w not in got]
    unexpected = [g for g in got if g not in want]
    messages = "\n".join(f"  {f['rule']} {f.get('path')}:{f.get('line')} {f.get('message')}"
                         for f in report["findings"])
    assert not missing and not unexpected, (
        f"{expected.get('description', '')}\nmissing: {missing}\nunexpected: {unexpected}\n"
        f"report:\n{messages}")
    # No finding twice: one root cause, one finding (SPEC, "Backing and root causes").
    assert len(got) == len(set(got)), f"duplicate findings: {got}"


DETERMINISM_CASES = ["en-rfc3986-locator-defects", "de-dsgvo-locator-defects", "sum202-quote-misplaced",
                     "yaml-claims-list-defects", "normalized-match-en"]


@pytest.mark.parametrize("name", DETERMINISM_CASES)
def test_report_is_deterministic(name: str, tmp_path: Path) -> None:
    """Same inputs, same bytes (SPEC: output is deterministic)."""
    case = casekit.by_name(name)
    folder = tmp_path / "tree" / name
    casekit.make_tree(folder.parent)
    casekit.materialise(case, folder)
    expected = casekit.expected(case)
    first, second = run_case(folder, expected), run_case(folder, expected)
    assert first.stdout == second.stdout and first.returncode == second.returncode


def test_bidi_message_names_the_character(tmp_path: Path) -> None:
    """SPEC: a quote holding a bidi control fails, and the message names the character."""
    folder = tmp_path / "tree" / "sum201-quote-not-found"
    casekit.make_tree(folder.parent)
    casekit.materialise(casekit.by_name(folder.name), folder)
    report = json.loads(run_case(folder, {}).stdout)
    messages = [f["message"] for f in report["findings"] if f["rule"] == "SUM201" and f["line"] == 6]
    assert messages and ("U+202E" in messages[0] or "RIGHT-TO-LEFT OVERRIDE" in messages[0].upper())


def test_every_case_is_well_formed() -> None:
    """Each case has a name, a description, a summary and an exit code; findings name a rule
    code, a path and a line."""
    assert len(CASES) >= 50
    for case in CASES:
        name = case["name"]
        assert set(case) <= casekit.CASE_KEYS, (name, sorted(set(case) - casekit.CASE_KEYS))
        assert case.get("description") and isinstance(case.get("summary"), str), name
        assert "exit" in case, name
        for f in case.get("findings", []):
            assert set(f) == {"rule", "path", "line"}, (name, f)
            assert f["rule"].startswith("SUM") and isinstance(f["line"], int), (name, f)
