"""Faults (issues 15 and 16): a PDF cut after its page tree, and report files that cannot be
written (a folder, a full disk, a file-size limit, an interruption) are exit 2 with one line,
never a temporary file left behind nor an existing report changed; a report keeps its mode."""
from __future__ import annotations

import errno
import json
import os
import resource
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pdf_builder import make_pdf
from summcheck.cli import app
from tiny_project import RECORD, SENTENCE, SOURCE, write

OLD = "the previous report\n"


@pytest.fixture
def project(tmp_path, monkeypatch) -> Path:
    """A passing summary, and an earlier report.json of mode 0644."""
    write(tmp_path / "summcheck.toml", "")
    write(tmp_path / "source.txt", SOURCE)
    write(tmp_path / "claims.jsonl", json.dumps(RECORD) + "\n")
    write(tmp_path / "summary.md", "---\nsource: source.txt\nclaims: claims.jsonl\n---\n\n"
          + SENTENCE)
    os.chmod(write(tmp_path / "report.json", OLD), 0o644)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(*args: str):
    return CliRunner().invoke(app, list(args))


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def assert_failed_cleanly(result_code: int, stderr: str, folder: Path, *parts: str) -> None:
    assert result_code == 2, stderr
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    assert "Traceback" not in stderr and "internal error" not in stderr
    for part in parts:
        assert part in lines[0], lines[0]
    assert leftovers(folder) == []
    assert (folder / "report.json").read_text(encoding="utf-8") == OLD


# ---------------------------------------------------------------- a PDF cut short


def truncated_pdf(path: Path) -> Path:
    """A PDF cut right after its page tree: it opens, and asking its page count raises."""
    import pymupdf

    make_pdf(path, [f"Page {i} text." for i in range(30)])
    data = path.read_bytes()
    start = data.index(b"/Type/Pages")
    for cut in range(start, min(len(data), start + 4000)):
        try:
            pdf = pymupdf.open(stream=data[:cut], filetype="pdf")
        except Exception:
            continue
        try:
            pdf.page_count  # noqa: B018
        except Exception:
            path.write_bytes(data[:cut])
            return path
    pytest.skip("this PyMuPDF opens no cut of the page tree that fails later")


def test_a_pdf_cut_after_its_page_tree_names_the_file(project):
    truncated_pdf(project / "cut.pdf")
    write(project / "summary.md", "---\nsource: cut.pdf\nclaims: claims.jsonl\n---\n\n"
          + SENTENCE)
    result = run("check", "summary.md")
    assert_failed_cleanly(result.exit_code, result.stderr, project, "cut.pdf", "corrupt PDF")
    result = run("outline", "cut.pdf")
    assert_failed_cleanly(result.exit_code, result.stderr, project, "cut.pdf", "corrupt PDF")


# ---------------------------------------------------------------- report files


def test_output_that_is_a_folder(project):
    (project / "out").mkdir()
    result = run("check", "summary.md", "--format", "json", "--output", "out")
    assert_failed_cleanly(result.exit_code, result.stderr, project, "out", "cannot write")
    assert list((project / "out").iterdir()) == []


def test_a_full_disk(project, monkeypatch):
    real_fdopen = os.fdopen

    def full_disk(fd, *args, **kwargs):
        handle = real_fdopen(fd, *args, **kwargs)

        def write(text):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        handle.write = write
        return handle

    monkeypatch.setattr(os, "fdopen", full_disk)
    result = run("check", "summary.md", "--format", "json", "--output", "report.json")
    assert_failed_cleanly(result.exit_code, result.stderr, project, "report.json",
                          os.strerror(errno.ENOSPC))


def _limit_file_size() -> None:
    resource.setrlimit(resource.RLIMIT_FSIZE, (2048, 2048))


def child_env() -> dict[str, str]:
    return {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "NO_COLOR": "1"}


@pytest.mark.integration
def test_a_file_size_limit(project):
    """SIGXFSZ ignored (Python does at start-up): the write fails with EFBIG."""
    done = subprocess.run([sys.executable, "-m", "summcheck", "check", "summary.md", "--format",
                           "sarif", "--output", "report.json"], cwd=project, env=child_env(),
                          preexec_fn=_limit_file_size, capture_output=True, text=True,
                          timeout=120)
    assert_failed_cleanly(done.returncode, done.stderr, project, "report.json",
                          os.strerror(errno.EFBIG))


INTERRUPT_DURING_WRITE = """
import os, signal, sys
signum = getattr(signal, sys.argv[1])
real_fdopen = os.fdopen
def interrupted(fd, *args, **kwargs):
    handle = real_fdopen(fd, *args, **kwargs)
    real_write = handle.write
    def write(text):
        real_write(text[: len(text) // 2])
        os.kill(os.getpid(), signum)
        real_write(text[len(text) // 2 :])
    handle.write = write
    return handle
os.fdopen = interrupted
sys.argv = ["summcheck", "check", "summary.md", "--format", "json", "--output", "report.json"]
from summcheck.cli import main
main()
"""


@pytest.mark.integration
@pytest.mark.parametrize("signal_name", ["SIGINT", "SIGTERM"])
def test_an_interruption_during_the_write(project, signal_name):
    done = subprocess.run([sys.executable, "-c", INTERRUPT_DURING_WRITE, signal_name],
                          cwd=project, env=child_env(), capture_output=True, text=True,
                          timeout=120)
    assert_failed_cleanly(done.returncode, done.stderr, project, "summcheck: interrupted")


# ---------------------------------------------------------------- modes


def test_a_report_keeps_the_mode_of_the_file_it_replaces(project):
    os.chmod(project / "report.json", 0o640)
    assert run("check", "summary.md", "--format", "json", "-o", "report.json").exit_code == 0
    assert stat.S_IMODE((project / "report.json").stat().st_mode) == 0o640
    assert json.loads((project / "report.json").read_text(encoding="utf-8"))["summaries"]


@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_a_new_report_gets_the_mode_the_umask_gives(project, umask, mode):
    old = os.umask(umask)
    try:
        result = run("check", "summary.md", "--format", "json", "-o", "new.json")
    finally:
        os.umask(old)
    assert result.exit_code == 0, result.output
    assert stat.S_IMODE((project / "new.json").stat().st_mode) == mode


def test_the_action_writes_sarif_through_the_same_writer(project):
    from summcheck.action import ActionError, write_file

    os.chmod(project / "report.json", 0o644)
    write_file(project / "report.json", "{}\n")
    assert stat.S_IMODE((project / "report.json").stat().st_mode) == 0o644
    write_file(project / "sub" / "new.sarif", "{}\n")  # a missing folder is made
    assert (project / "sub" / "new.sarif").read_text(encoding="utf-8") == "{}\n"
    (project / "folder.sarif").mkdir()
    with pytest.raises(ActionError, match="sarif-file: .*folder.sarif"):
        write_file(project / "folder.sarif", "{}\n")
    assert leftovers(project) == [] and leftovers(project / "sub") == []


@pytest.mark.parametrize("signum, cause", [(signal.SIGTERM, "interrupted (SIGTERM)"),
                                           (signal.SIGINT, "interrupted")])
def test_a_cancelled_action_ends_with_one_error_and_exit_2(tmp_path, monkeypatch, capsys,
                                                           signum, cause):
    """GitHub cancels a job with SIGINT, then SIGTERM: the action says so in one annotation,
    sets its outputs and exits 2, and leaves the test process's own handlers as they were."""
    from summcheck import action

    before = signal.getsignal(signal.SIGTERM)

    def cancelled(env):
        os.kill(os.getpid(), signum)
        time.sleep(5)  # the handler raises before this ends
        return 0

    monkeypatch.setattr(action, "run", cancelled)
    outputs = tmp_path / "out.txt"
    code = action.main({"GITHUB_OUTPUT": str(outputs)})
    assert code == 2
    assert capsys.readouterr().out.splitlines() == [f"::error::summcheck: {cause}"]
    assert "exit-code=2" in outputs.read_text(encoding="utf-8")
    assert signal.getsignal(signal.SIGTERM) == before
