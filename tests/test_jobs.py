"""`--jobs N`: summaries checked by worker processes, each source's summaries in one, with the
report byte for byte the one a single process gives; and the progress bar of a long run."""
from __future__ import annotations

import io
import json
import shutil
import time
from pathlib import Path

import pytest
from conftest import run_summcheck

from summcheck.terminal import progress
from summcheck.config.file import load_config
from summcheck.engine import Options
from summcheck.engine import parallel
from summcheck.engine.parallel import check_in_parallel, plan_tasks, shard_by_source

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    """The shipped examples, and a second summary of the RFC (two summaries, one source)."""
    for name in ("rfc3986", "defects", "fhs"):
        shutil.copytree(EXAMPLES / name, tmp_path / name)
    shutil.copy(tmp_path / "rfc3986" / "summary.md", tmp_path / "rfc3986" / "again.md")
    (tmp_path / "summcheck.toml").write_text("", encoding="utf-8")
    return tmp_path


def test_summaries_of_one_source_form_one_shard(corpus):
    summaries = sorted(corpus.rglob("*.md"))
    summaries = [p for p in summaries if p.name in ("summary.md", "again.md")]
    shards = shard_by_source(summaries, Options(config=load_config(corpus / "summcheck.toml")))
    named = sorted(sorted(summaries[i].relative_to(corpus).as_posix() for i in shard)
                   for shard in shards.values())
    # defects/ cites the FHS PDF in fhs/
    assert named == [["defects/summary.md", "fhs/summary.md"],
                     ["rfc3986/again.md", "rfc3986/summary.md"]]


@pytest.mark.parametrize("shards, jobs, shared, here, tasks", [
    # as many sources as workers: a shard each, whoever shares what
    ([[0, 1], [2]], 2, True, [], [[0, 1], [2]]),
    # fewer: the first summary of a shared source here, the others one by one
    ([[0, 1, 2], [3]], 3, True, [0], [[1], [2], [3]]),
    ([[0, 1, 2]], 4, True, [0], [[1], [2]]),
    # workers that do not start as copies of this process would each load the source again
    ([[0, 1, 2]], 2, False, [], [[0, 1, 2]]),
])
def test_summaries_of_fewer_sources_than_workers_are_spread_once_the_source_is_loaded(
        shards, jobs, shared, here, tasks):
    assert plan_tasks(shards, jobs, shared) == (here, tasks)


def test_summaries_of_one_source_spread_over_workers_give_one_process_s_report(corpus,
                                                                               monkeypatch):
    for n in range(3):
        shutil.copy(corpus / "fhs" / "summary.md", corpus / "fhs" / f"copy-{n}.md")
    summaries = sorted((corpus / "fhs").glob("*.md"))
    options = Options(config=load_config(corpus / "summcheck.toml"))
    one = check_in_parallel(summaries, options, 1)
    monkeypatch.setattr(parallel, "workers_share_memory", lambda: True)
    spread = check_in_parallel(summaries, options, 2)
    assert [s.path for s in spread.summaries] == [s.path for s in one.summaries]
    assert spread.findings == one.findings and spread.summaries == one.summaries


@pytest.mark.parametrize("fmt, jobs", [
    ("json", "2"),
    # the same runs rendered otherwise, and one worker a core: real worker processes each time
    pytest.param("text", "2", marks=pytest.mark.integration),
    pytest.param("sarif", "0", marks=pytest.mark.integration),
])
def test_workers_give_the_report_one_process_gives(corpus, fmt, jobs):
    one = run_summcheck("check", ".", "--format", fmt, "--jobs", "1", "--no-cache", cwd=corpus)
    more = run_summcheck("check", ".", "--format", fmt, "--jobs", jobs, "--no-cache", cwd=corpus)
    assert one.returncode == 1 and one.stdout  # the defects example has findings
    assert (more.returncode, more.stdout, more.stderr) == (one.returncode, one.stdout, one.stderr)
    if fmt == "json":
        assert len(json.loads(one.stdout)["summaries"]) == 4


@pytest.mark.integration  # worker processes
def test_a_summary_that_cannot_be_checked_is_reported_as_by_one_process(corpus):
    (corpus / "fhs" / "summary.md").write_text(
        "---\nsource: missing.txt\nclaims: claims.jsonl\n---\n\nA sentence (line 1).\n",
        encoding="utf-8")
    one = run_summcheck("check", ".", "--format", "json", "--jobs", "1", cwd=corpus)
    two = run_summcheck("check", ".", "--format", "json", "--jobs", "2", cwd=corpus)
    assert one.returncode == 2 and "missing.txt" in one.stderr
    assert (two.returncode, two.stdout, two.stderr) == (one.returncode, one.stdout, one.stderr)


@pytest.mark.integration  # worker processes
def test_the_api_takes_jobs(corpus, monkeypatch):
    import summcheck

    monkeypatch.chdir(corpus)
    paths = ["rfc3986/summary.md", "rfc3986/again.md", "defects/summary.md"]
    assert summcheck.check(paths, jobs=2).findings == summcheck.check(paths).findings


@pytest.mark.parametrize("asked, tty, ci, term, shown", [
    (None, True, "", "xterm", True),
    (None, False, "", "xterm", False),  # piped
    (None, True, "true", "xterm", False),  # a CI log
    (None, True, "", "dumb", False),
    (True, False, "true", "dumb", True),  # asked for
    (False, True, "", "xterm", False),
])
def test_the_bar_shows_in_a_terminal_only_unless_asked(monkeypatch, asked, tty, ci, term, shown):
    class Stream(io.StringIO):
        def isatty(self) -> bool:
            return tty

    monkeypatch.setenv("CI", ci)
    monkeypatch.setenv("TERM", term)
    assert progress.wants_progress(asked, Stream()) is shown


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_long_run_shows_each_summary_and_stage_on_stderr(corpus, monkeypatch):
    monkeypatch.setattr(progress, "SHOW_AFTER", 0.0)
    terminal = _Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.chdir(corpus)
    summaries = [Path("rfc3986/summary.md"), Path("defects/summary.md")]
    with progress.ProgressBar(len(summaries)) as bar:
        time.sleep(0.05)  # the timer thread starts the display
        report = check_in_parallel(summaries, Options(config=load_config(corpus / "summcheck.toml")), 1,
                                   on_stage=bar.stage_done, on_summary=bar.summary_done)
    shown = terminal.getvalue()
    assert len(report.summaries) == 2
    assert "0/2" in shown and "rfc3986/summary.md: " in shown and "defects/summary.md: " in shown


@pytest.mark.parametrize("was_enabled", [True, False])
def test_the_api_pauses_the_collector_and_gives_it_back_as_it_was(corpus, monkeypatch,
                                                                   was_enabled):
    import gc

    import summcheck
    import summcheck.api
    from summcheck.config import settings

    seen: list[bool] = []
    real = settings.CheckRequest.check

    def spy(self, *args, **kwargs):
        seen.append(gc.isenabled())
        return real(self, *args, **kwargs)

    monkeypatch.setattr(settings.CheckRequest, "check", spy)
    monkeypatch.chdir(corpus)
    (gc.enable if was_enabled else gc.disable)()
    try:
        summcheck.check("rfc3986/summary.md")
        assert seen == [False] and gc.isenabled() is was_enabled
        with pytest.raises(summcheck.api.InputError):
            summcheck.check("rfc3986/missing.md")
        assert gc.isenabled() is was_enabled
    finally:
        gc.enable()
