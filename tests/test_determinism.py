"""Determinism: the JSON and SARIF reports of the same check are the same bytes, whatever varies
around it — the run, PYTHONHASHSEED, the current folder, the order of the paths named.

What "the same check" means across current folders: the same files, each named by a path that
is correct from where the check starts. SARIF names files by URIs relative to the repository root
(the folder of the configuration file), so its bytes must not change at all; the JSON report names
files as the user named them, relative to the current folder, so it must be the same once each
path is read from the repository root.

The checks run on real rule cases from tests/cases/*.yaml (English, German, Spanish, Portuguese;
JSONL, JSON and YAML claims; a PDF source), materialised beside the shared sources, and the
rfc3986 example, copied into one temporary repository.
"""
from __future__ import annotations

import json
import os
import posixpath
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import run_summcheck

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "cases"))
import casekit  # noqa: E402

CASES = ["de-dsgvo-locator-defects", "es-dudh-locator-defects", "pt-dudh-locator-defects",
         "en-rfc3986-locator-defects", "yaml-claims-list-defects", "json-claims-defects",
         "pdf-physical-page-cited", "suppress-disable-next-line"]
# Repository-relative POSIX paths of the summaries checked.
SUMMARIES = [f"cases/{case}/summary.md" for case in CASES] + ["examples/rfc3986/summary.md"]
FORMATS = ["json", "sarif"]
HASH_SEEDS = ["0", "1", "2718281828"]  # child processes; the baseline runs in this one
# Keys of the JSON report whose values are paths (relative to the current folder).
PATH_KEYS = {"path", "source", "claims"}


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A git repository holding the cases and the example, with an empty summcheck.toml."""
    root = tmp_path_factory.mktemp("repo")
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    (root / "summcheck.toml").write_text("", encoding="utf-8")  # the root, and no config from above
    shutil.copytree(casekit.SOURCES, root / "cases" / "_sources")
    for case in CASES:
        casekit.materialise(casekit.by_name(case), root / "cases" / case)
    shutil.copytree(HERE.parent / "examples" / "rfc3986", root / "examples" / "rfc3986")
    return root


def _check(repo: Path, cwd: str, summaries: list[str], fmt: str, seed: str | None = None) -> bytes:
    """The report of a check started in repo/cwd on the summaries (repository-relative paths):
    in this process, or with `seed` in a child `python -m summcheck` run with that PYTHONHASHSEED."""
    folder = repo / cwd
    paths = [posixpath.relpath(s, cwd) for s in summaries]
    if seed is None:
        done = run_summcheck("check", *paths, "--format", fmt, cwd=folder)
        assert done.returncode in (0, 1), done.stderr
        assert "Traceback" not in done.stderr
        return done.stdout_bytes
    env = dict(os.environ, PYTHONHASHSEED=seed, NO_COLOR="1", PYTHONIOENCODING="utf-8")
    env.pop("GITHUB_ACTIONS", None)
    done = subprocess.run([sys.executable, "-m", "summcheck", "check", *paths, "--format", fmt],
                          cwd=folder, capture_output=True, env=env, stdin=subprocess.DEVNULL, timeout=300)
    assert done.returncode in (0, 1), done.stderr.decode("utf-8", "replace")
    assert b"Traceback" not in done.stderr
    return done.stdout


def _from_root(repo: Path, cwd: str, path: str) -> str:
    """A report's path (relative to cwd, or absolute when it lies outside) from the repository root."""
    if posixpath.isabs(path):
        return Path(os.path.relpath(path, repo)).as_posix()
    return posixpath.normpath(posixpath.join(cwd, path))


def _rerooted(report: object, repo: Path, cwd: str) -> object:
    """The JSON report with every path read from the repository root instead of the current folder."""
    if isinstance(report, dict):
        return {key: (_from_root(repo, cwd, value) if key in PATH_KEYS and isinstance(value, str)
                      else _rerooted(value, repo, cwd))
                for key, value in report.items()}
    if isinstance(report, list):
        return [_rerooted(item, repo, cwd) for item in report]
    return report


@pytest.fixture(scope="module")
def baseline(repo: Path) -> dict[str, bytes]:
    """Each format's report from the repository root, paths in the listed order, in this process."""
    return {fmt: _check(repo, ".", SUMMARIES, fmt) for fmt in FORMATS}


@pytest.mark.parametrize("fmt", FORMATS)
def test_reports_have_findings_to_compare(baseline: dict[str, bytes], fmt: str) -> None:
    # A report with nothing in it would be deterministic for nothing.
    report = json.loads(baseline[fmt])
    if fmt == "json":
        assert len(report["summaries"]) == len(SUMMARIES) and len(report["findings"]) >= 30
        assert not report["errors"]
    else:
        assert len(report["runs"][0]["results"]) >= 30


@pytest.mark.integration
@pytest.mark.parametrize("fmt", FORMATS)
def test_same_bytes_across_runs_and_hash_seeds(repo: Path, baseline: dict[str, bytes], fmt: str) -> None:
    # Set iteration order follows PYTHONHASHSEED; nothing a report holds may depend on it.
    for seed in HASH_SEEDS:
        assert _check(repo, ".", SUMMARIES, fmt, seed) == baseline[fmt], f"PYTHONHASHSEED={seed}"


@pytest.mark.parametrize("fmt", FORMATS)
def test_same_bytes_whatever_the_order_of_the_paths(repo: Path, baseline: dict[str, bytes], fmt: str) -> None:
    # pre-commit and shells pass files in any order; a report diffed between runs must not churn.
    shuffled = SUMMARIES[:]
    random.Random(16).shuffle(shuffled)
    assert shuffled not in (SUMMARIES, SUMMARIES[::-1])
    assert _check(repo, ".", shuffled, fmt) == baseline[fmt], shuffled


@pytest.mark.parametrize("cwd", ["cases", "examples/rfc3986"])
def test_json_names_the_same_files_from_any_current_folder(repo: Path, baseline: dict[str, bytes],
                                                           cwd: str) -> None:
    report = json.loads(_check(repo, cwd, SUMMARIES, "json"))
    # Files outside the current folder are named by absolute paths (config.cwd_relative); they
    # still have to be the same files, with the same findings in the same order.
    rerooted, expected = _rerooted(report, repo, cwd), json.loads(baseline["json"])
    by_path = lambda summary: summary["path"]  # noqa: E731
    rerooted["summaries"].sort(key=by_path)
    expected["summaries"].sort(key=by_path)
    assert rerooted == expected


def test_json_lists_summaries_in_the_same_order_from_any_current_folder(repo: Path,
                                                                        baseline: dict[str, bytes]) -> None:
    report = json.loads(_check(repo, "cases", SUMMARIES, "json"))
    assert _rerooted(report, repo, "cases") == json.loads(baseline["json"])


@pytest.mark.parametrize("cwd", ["cases", "examples/rfc3986"])
def test_sarif_same_bytes_from_any_current_folder(repo: Path, baseline: dict[str, bytes], cwd: str) -> None:
    # Code scanning matches alerts across runs by URI and fingerprint: both must not depend on
    # where the job happened to start the check.
    assert _check(repo, cwd, SUMMARIES, "sarif") == baseline["sarif"]
