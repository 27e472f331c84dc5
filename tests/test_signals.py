"""Signals (issue 16): interrupting `summcheck check` while it extracts a large PDF (half of the
pages in a forked child) ends with one line and exit 2, and no child outlives its parent or
keeps the parent's output pipes open, so whatever reads the output sees EOF at once."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pdf_builder import make_pdf

PAGES = 300  # above sources.pdf.PARALLEL_MIN_PAGES: the extraction forks

pytestmark = [pytest.mark.integration,
              pytest.mark.skipif(not sys.platform.startswith("linux") or (os.cpu_count() or 1) < 2,
                                reason="the extraction forks only on Linux with two cores")]


@pytest.fixture(scope="module")
def big_pdf_project(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("signals")
    lines = "\n".join(f"Line {j} of this page states that packages install below /usr."
                      for j in range(45))
    make_pdf(root / "big.pdf", [f"Page {i}.\n{lines}" for i in range(PAGES)])
    record = {"claim": "Packages install below /usr.", "locator": "p. 2", "strength": "states",
              "quote": "Line 3 of this page states that packages install below /usr."}
    (root / "claims.jsonl").write_text(json.dumps(record) + "\n", encoding="utf-8")
    (root / "summary.md").write_text("---\nsource: big.pdf\nclaims: claims.jsonl\n---\n\n"
                                     "Packages install below /usr (p. 2).\n", encoding="utf-8")
    (root / "summcheck.toml").write_text("", encoding="utf-8")
    return root


def children_of(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="utf-8") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(entry))
    return found


def alive(pid: int) -> bool:
    """Running or sleeping; a zombie (dead, not yet reaped by whoever adopted it) is not."""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def start_and_wait_for_the_child(project: Path) -> tuple[subprocess.Popen, list[int]]:
    process = subprocess.Popen([sys.executable, "-m", "summcheck", "check", "summary.md"],
                               cwd=project, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env={**os.environ, "NO_COLOR": "1"}, start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        kids = children_of(process.pid)
        if kids:
            return process, kids
        time.sleep(0.005)
    process.kill()
    process.communicate()
    pytest.fail("summcheck never forked its PDF extraction child")


def assert_children_end(kids: list[int], seconds: float = 5) -> None:
    """The extraction children end within `seconds` of their parent."""
    deadline = time.monotonic() + seconds
    while any(alive(pid) for pid in kids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(alive(pid) for pid in kids), "the extraction child outlived its parent"


def stop_leftovers(process: subprocess.Popen, kids: list[int]) -> None:
    for pid in [process.pid, *kids]:
        if alive(pid):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


@pytest.mark.parametrize("how", ["SIGINT", "SIGTERM", "SIGINT to the group"])
def test_an_interrupted_check_ends_with_one_line_and_no_child_left(big_pdf_project, how):
    process, kids = start_and_wait_for_the_child(big_pdf_project)
    try:
        signum = getattr(signal, how.split()[0])
        if how.endswith("group"):  # what Ctrl-C in a terminal does
            os.killpg(process.pid, signum)
        else:
            process.send_signal(signum)
        try:
            stdout, stderr = process.communicate(timeout=15)  # EOF on both pipes
        except subprocess.TimeoutExpired:
            pytest.fail("the output pipes stay open after the interruption")
        assert process.returncode == 2, stderr
        assert stderr.decode().splitlines() == [
            "summcheck: interrupted" + ("" if signum == signal.SIGINT else " (SIGTERM)")]
        assert stdout == b""  # nothing half-written
        assert_children_end(kids)
    finally:
        stop_leftovers(process, kids)


def test_a_killed_check_takes_its_child_along(big_pdf_project):
    """SIGKILL runs no handler: the kernel ends the child (PR_SET_PDEATHSIG)."""
    process, kids = start_and_wait_for_the_child(big_pdf_project)
    try:
        time.sleep(0.2)  # past the child's start-up, where it ties itself to its parent
        process.kill()
        try:
            process.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            pytest.fail("the child keeps the killed parent's output pipes open")
        assert_children_end(kids)
    finally:
        stop_leftovers(process, kids)


def test_an_uninterrupted_check_still_reads_every_page(big_pdf_project):
    done = subprocess.run([sys.executable, "-m", "summcheck", "check", "summary.md", "--format",
                           "json"], cwd=big_pdf_project, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode in (0, 1), done.stderr
    assert json.loads(done.stdout)["summaries"][0]["verified"] == 1
