"""Outcome reuse (engine/outcomes.py): a summary whose inputs are all unchanged is not checked
again, its outcome read back from the cache folder; any change to an input, an option, the
current folder or summcheck recomputes it; a corrupt, forged or untrusted entry is never
believed; an input error is never stored; `--no-cache` reads and writes none."""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from cache_files import git, read_entry, write_entry
from conftest import run_summcheck

import summcheck.engine.run
from summcheck.sources import cache as cache_module
from summcheck.sources.cache import FOLDER_NAME

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "examples"


@pytest.fixture(scope="module")
def loaded_sources(tmp_path_factory) -> Path:
    """A cache folder holding the examples' loaded sources (no outcome): what every test's
    folder starts with, so that the tests pay for the outcomes they are about, not for
    extracting the FHS PDF again (the entries are keyed by content, not by path)."""
    root = tmp_path_factory.mktemp("sources") / "repo"
    shutil.copytree(EXAMPLES, root / "examples")
    (root / "summcheck.toml").write_text("", encoding="utf-8")
    folder = root / "cache"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SUMMCHECK_CACHE_DIR", str(folder))
        for name in ("fhs", "defects", "rfc3986"):
            check(root / "examples" / name)
    for entry in folder.glob("*.outcome"):
        entry.unlink()
    return folder


@pytest.fixture
def folder(tmp_path, monkeypatch, loaded_sources):
    """The cache folder of the test (SUMMCHECK_CACHE_DIR), with the examples' sources loaded
    and no outcome."""
    path = tmp_path / "cache"
    shutil.copytree(loaded_sources, path)
    monkeypatch.setenv("SUMMCHECK_CACHE_DIR", str(path))
    return path


class LoadSpy:
    """Counts the load stage's runs (engine.load.load, as the engine calls it)."""

    def __init__(self, monkeypatch) -> None:
        self.calls = 0
        real = summcheck.engine.run.load

        def load(*args, **kwargs):
            self.calls += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(summcheck.engine.run, "load", load)


@pytest.fixture
def loads(monkeypatch):
    return LoadSpy(monkeypatch)


@pytest.fixture
def examples(tmp_path):
    """The shipped examples, in a repository of their own (its summcheck.toml)."""
    root = tmp_path / "repo"
    shutil.copytree(EXAMPLES, root / "examples")  # defects/ uses fhs/'s PDF
    (root / "summcheck.toml").write_text("", encoding="utf-8")
    return root


def check(cwd: Path, *args: str, summary: str = "summary.md", fmt: str = "json") -> bytes:
    result = run_summcheck("check", summary, "--format", fmt, *args, cwd=cwd)
    assert result.returncode in (0, 1), result.stderr
    return result.stdout_bytes


def outcomes(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.outcome")) if folder.is_dir() else []




# ---------------------------------------------------------------- hit


@pytest.mark.parametrize("example", ["fhs", "rfc3986", "defects"])
def test_an_unchanged_rerun_runs_no_stage_and_reports_the_same_bytes(example, examples, folder,
                                                                     loads):
    case = examples / "examples" / example
    uncached = {fmt: check(case, "--no-cache", fmt=fmt) for fmt in ("json", "text")}
    assert loads.calls == 2
    cold = check(case)
    assert loads.calls == 3
    warm = {fmt: check(case, fmt=fmt) for fmt in ("json", "text")}
    assert loads.calls == 3, "the warm run checked the summary again"
    assert uncached["json"] == cold == warm["json"] and uncached["text"] == warm["text"]
    assert len(outcomes(folder)) == 1  # the format is the renderer's: one outcome
    if example == "defects":
        assert len(json.loads(check(case))["findings"]) >= 10


def test_an_outcome_stored_without_quotes_serves_only_reports_that_print_none(examples, folder,
                                                                             loads):
    """A text check lists no verified quotes and stores none; the JSON check after it checks
    the summary again and lists every quote, the bytes of an uncached run; from then on
    either format reuses the one outcome."""
    case = examples / "examples" / "rfc3986"
    uncached = {fmt: check(case, "--no-cache", fmt=fmt) for fmt in ("json", "text")}
    assert check(case, fmt="text") == uncached["text"]
    stored = read_entry(outcomes(folder)[0])
    assert stored["quotes"] is None
    calls = loads.calls
    assert check(case, fmt="text") == uncached["text"] and loads.calls == calls
    assert check(case) == uncached["json"] and loads.calls == calls + 1
    assert len(json.loads(uncached["json"])["summaries"][0]["quotes"]) >= 20
    assert check(case, fmt="text") == uncached["text"] and check(case) == uncached["json"]
    assert loads.calls == calls + 1 and len(outcomes(folder)) == 1


def test_no_stage_hook_runs_on_a_hit(examples, folder, monkeypatch):
    from summcheck.engine import check_paths
    from summcheck.config.settings import CheckRequest

    monkeypatch.chdir(examples / "examples" / "defects")
    request = CheckRequest([Path("summary.md")])
    stages: list[str] = []

    def hook(stage: str, path: Path, seconds: float) -> None:
        stages.append(stage)

    first = check_paths([Path("summary.md")], request.options(request.settings()),
                        on_stage=hook)
    assert stages == ["load", "structure", "resolve", "match", "rules", "suppress"]
    stages.clear()
    again = check_paths([Path("summary.md")], request.options(request.settings()),
                        on_stage=hook)
    assert stages == [] and again.findings == first.findings
    assert again.summaries == first.summaries


def test_the_summaries_of_a_run_reuse_their_outcomes_one_by_one(examples, folder, loads):
    root = examples / "examples"
    check(root, summary="fhs/summary.md")
    before = loads.calls
    both = run_summcheck("check", "fhs/summary.md", "rfc3986/summary.md", "--format", "json",
                         cwd=root)
    assert loads.calls == before + 1  # rfc3986 only
    assert both.stdout_bytes == run_summcheck("check", "fhs/summary.md", "rfc3986/summary.md",
                                              "--format", "json", "--no-cache",
                                              cwd=root).stdout_bytes


# ---------------------------------------------------------------- invalidation


SIDECAR = "sections:\n  - {id: '3.4', line: %d}\n"


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize("change", [
    "summary", "claims", "source bytes", "sidecar", "config ignore", "config severity",
    "config min-quote-words", "--select", "current folder", "summcheck version",
    "config per-file-ignores"])
def test_each_input_recomputes_the_outcome(change, examples, folder, loads, monkeypatch):
    root = examples / "examples"
    case = root / "rfc3986"
    if change == "sidecar":
        (case / "rfc.sections.yaml").write_text(SIDECAR % 1, encoding="utf-8")
        _edit(case / "summary.md", "claims: claims.jsonl\n",
              "claims: claims.jsonl\nstructure: rfc.sections.yaml\n")
    cwd, summary, args = case, "summary.md", []
    if change == "current folder":  # the same path, shown from another folder
        summary = str(case / "summary.md")
    first = check(cwd, summary=summary)
    assert check(cwd, summary=summary) == first and loads.calls == 1
    if change == "summary":
        _edit(case / "summary.md", "## Query and fragment", "## Query and fragments")
    elif change == "claims":
        _edit(case / "claims.jsonl", '"strength": "states"', '"strength": "requires"')
    elif change == "source bytes":
        _edit(case / "rfc3986.txt", "fragment identifier", "fragment  identifier")
    elif change == "sidecar":
        (case / "rfc.sections.yaml").write_text(SIDECAR % 2, encoding="utf-8")
    elif change == "config ignore":
        (examples / "summcheck.toml").write_text('ignore = ["SUM103"]\n', encoding="utf-8")
    elif change == "config severity":
        (examples / "summcheck.toml").write_text('[severity]\nSUM103 = "error"\n',
                                                 encoding="utf-8")
    elif change == "config min-quote-words":
        (examples / "summcheck.toml").write_text("min-quote-words = 30\n", encoding="utf-8")
    elif change == "config per-file-ignores":
        (examples / "summcheck.toml").write_text(
            '[per-file-ignores]\n"examples/rfc3986/*" = ["SUM103"]\n', encoding="utf-8")
    elif change == "--select":
        args = ["--select", "SUM2"]
    elif change == "current folder":
        cwd = root
    else:
        real = cache_module.keys.summcheck_version
        monkeypatch.setattr(cache_module.keys, "summcheck_version", lambda: real() + ".next")
    changed = check(cwd, *args, summary=summary)
    assert loads.calls == 2, "the changed input did not recompute the outcome"
    assert changed == check(cwd, *args, "--no-cache", summary=summary)
    assert loads.calls == 3
    assert check(cwd, *args, summary=summary) == changed and loads.calls == 3  # stored in turn
    if change == "current folder":
        assert json.loads(changed)["summaries"][0]["path"] == "rfc3986/summary.md"
        assert json.loads(first)["summaries"][0]["path"] == "summary.md"


def test_a_finding_that_appears_with_a_change_is_reported(examples, folder, loads):
    case = examples / "examples" / "rfc3986"
    clean = json.loads(check(case))
    assert "SUM201" not in {f["rule"] for f in clean["findings"]}
    _edit(case / "rfc3986.txt", 'question mark ("?") may represent data',
          'question mark ("?") may stand for data')
    found = json.loads(check(case))
    assert "SUM201" in {f["rule"] for f in found["findings"]}


# ---------------------------------------------------------------- corrupt entries


def _garbage(path: Path) -> None:
    path.write_bytes(os.urandom(300))


def _truncated(path: Path) -> None:
    path.write_bytes(path.read_bytes()[: len(path.read_bytes()) // 2])


def _wrong_shape(path: Path) -> None:
    write_entry(path, {"format": 1, "findings": "none"})


def _unknown_rule(path: Path) -> None:
    value = read_entry(path)
    value["findings"][0][0] = "SUM999"
    write_entry(path, value)


def _no_findings(path: Path) -> None:  # well-formed: what a forgery that hides them writes
    value = read_entry(path)
    value["findings"] = []
    write_entry(path, value)


def _line_zero(path: Path) -> None:
    value = read_entry(path)
    value["findings"][0][4] = 0
    write_entry(path, value)


def _other_path(path: Path) -> None:
    value = read_entry(path)
    value["findings"][0][3] = "/etc/passwd"
    write_entry(path, value)


def _wrong_severity(path: Path) -> None:
    value = read_entry(path)
    value["findings"][0][2] = "info" if value["findings"][0][2] != "info" else "error"
    write_entry(path, value)


def _counts(path: Path) -> None:
    value = read_entry(path)
    value["verified"] = value["records"] + 1
    write_entry(path, value)


def _other_key(path: Path) -> None:
    value = read_entry(path)
    value["key"] = "0" * 64
    write_entry(path, value)


@pytest.mark.parametrize("damage", [_garbage, _truncated, _wrong_shape, _unknown_rule,
                                    _line_zero, _other_path, _wrong_severity, _counts,
                                    _other_key])
def test_a_corrupt_outcome_entry_is_ignored_and_rewritten(damage, examples, folder, loads):
    case = examples / "examples" / "defects"
    expected = check(case, "--no-cache")
    check(case)
    (entry,) = outcomes(folder)
    damage(entry)
    calls = loads.calls
    assert check(case) == expected
    assert loads.calls == calls + 1
    assert read_entry(entry)["key"] == entry.stem  # a valid entry again
    assert check(case) == expected and loads.calls == calls + 1


def test_a_well_formed_forgery_is_believed_only_from_a_trusted_folder(examples, folder, loads):
    """What the trust rules stand against: an untracked entry in the user's own folder is
    believed (as a source entry is), so the folder's trust is the defence."""
    case = examples / "examples" / "defects"
    assert json.loads(check(case))["findings"]
    (entry,) = outcomes(folder)
    _no_findings(entry)
    assert json.loads(check(case))["findings"] == []


def test_a_git_tracked_forged_outcome_is_not_trusted(examples, monkeypatch, loads):
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    monkeypatch.delenv("SUMMCHECK_CACHE_DIR", raising=False)
    git(examples, "init", "-q")
    case = examples / "examples" / "defects"
    honest = check(case)
    (entry,) = outcomes(examples / FOLDER_NAME)
    _no_findings(entry)
    assert json.loads(check(case))["findings"] == []  # untracked: believed …
    git(examples, "add", "-f", f"{FOLDER_NAME}/{entry.name}")
    calls = loads.calls
    assert check(case) == honest  # … committed, as a pull request brings it: not read
    assert loads.calls == calls + 1
    assert read_entry(entry)["findings"] == []  # nor overwritten: tracked


def test_a_symlinked_cache_folder_is_not_trusted_for_outcomes(examples, tmp_path, monkeypatch,
                                                               loads):
    real = tmp_path / "real-cache"
    monkeypatch.setenv("SUMMCHECK_CACHE_DIR", str(real))
    case = examples / "examples" / "defects"
    honest = check(case)
    (entry,) = outcomes(real)
    _no_findings(entry)
    link = tmp_path / "link"
    link.symlink_to(real, target_is_directory=True)
    monkeypatch.setenv("SUMMCHECK_CACHE_DIR", str(link))
    assert check(case) == honest


# ---------------------------------------------------------------- errors and --no-cache


def test_an_input_error_is_never_cached(examples, folder, loads):
    case = examples / "examples" / "rfc3986"
    expected = check(case, "--no-cache")
    claims = case / "claims.jsonl"
    good = claims.read_bytes()
    claims.unlink()
    broken = run_summcheck("check", "summary.md", "--format", "json", cwd=case)
    assert broken.returncode == 2
    assert outcomes(folder) == []
    claims.write_bytes(good)
    assert check(case) == expected
    (case / "summary.md").write_text(
        (case / "summary.md").read_text(encoding="utf-8").replace(
            "claims: claims.jsonl", "claims: claims.jsonl\npage-numbers: sideways"),
        encoding="utf-8")
    for _ in range(2):
        result = run_summcheck("check", "summary.md", "--format", "json", cwd=case)
        assert result.returncode == 2 and "page-numbers" in result.stderr
    assert len(outcomes(folder)) == 1  # the good run's, none for the error


def test_a_broken_claims_record_is_a_finding_and_is_cached(examples, folder, loads):
    case = examples / "examples" / "rfc3986"
    with (case / "claims.jsonl").open("a", encoding="utf-8") as handle:
        handle.write('{"claim": "no quote"}\n')
    first = check(case)
    assert check(case) == first and loads.calls == 1
    assert first == check(case, "--no-cache")


def test_no_cache_reads_and_writes_no_outcome(examples, folder, loads, monkeypatch):
    case = examples / "examples" / "defects"
    before = sorted(folder.iterdir())
    check(case, "--no-cache")
    assert sorted(folder.iterdir()) == before and not outcomes(folder)
    check(case)
    (entry,) = outcomes(folder)
    _no_findings(entry)  # a forgery --no-cache must not read
    calls = loads.calls
    honest = json.loads(check(case, "--no-cache"))
    assert honest["findings"] and loads.calls == calls + 1
    assert read_entry(entry)["findings"] == []  # nor rewrite
    (examples / "summcheck.toml").write_text("cache = false\n", encoding="utf-8")
    assert json.loads(check(case))["findings"] == honest["findings"]
    import summcheck

    monkeypatch.chdir(case)
    (examples / "summcheck.toml").write_text("", encoding="utf-8")
    assert summcheck.check(Path("summary.md"), cache=False).findings


def test_outcomes_are_kept_apart_from_the_source_entries(tmp_path, folder, monkeypatch):
    from summcheck.sources.cache import store

    monkeypatch.setattr(store, "MAX_OUTCOMES", 2)
    monkeypatch.setattr(store, "MAX_ENTRIES", 1)
    for n in range(4):
        store.write_entry(folder, f"{n:064x}.outcome", {"n": n})
        os.utime(folder / f"{n:064x}.outcome", (n + 1, n + 1))
    store.write_entry(folder, "a.source", {})
    assert [p.name[-9:] for p in outcomes(folder)] == ["2.outcome", "3.outcome"]
    assert (folder / "a.source").exists()
