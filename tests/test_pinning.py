"""Sources rewritten in the same change: `summcheck pin` writes `source: {path, sha256}` into a
summary's front matter, a check of a pinned source whose bytes changed is exit 2 naming both
digests, and `check --changed` tells a change set that edits a summary's source (SUM110).
Real inputs: the bundled RFC 3986 example, copied."""
from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

from conftest import run_summcheck

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "rfc3986"


def example(tmp_path: Path) -> Path:
    folder = tmp_path / "rfc"
    shutil.copytree(EXAMPLE, folder)
    (tmp_path / "summcheck.toml").write_text("", encoding="utf-8")  # the repository's root
    return folder


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_pin_writes_the_source_digest_and_keeps_every_other_byte(tmp_path):
    folder = example(tmp_path)
    summary = folder / "summary.md"
    before = summary.read_text("utf-8")
    result = run_summcheck("pin", "summary.md", cwd=folder)
    assert result.returncode == 0, result.stderr
    sha = digest(folder / "rfc3986.txt")
    assert result.stdout == f"summary.md: pinned: source rfc3986.txt sha256 {sha}\n"
    after = summary.read_text("utf-8")
    assert after == before.replace("source: rfc3986.txt\n",
                                   f"source: {{path: rfc3986.txt, sha256: {sha}}}\n", 1)
    assert run_summcheck("check", "summary.md", cwd=folder).returncode == 0
    again = run_summcheck("pin", "summary.md", cwd=folder)
    assert again.returncode == 0 and "already pinned" in again.stdout
    assert summary.read_text("utf-8") == after


def test_a_pinned_source_edited_in_place_stops_the_check_naming_both_digests(tmp_path):
    folder = example(tmp_path)
    run_summcheck("pin", "summary.md", cwd=folder)
    pinned = digest(folder / "rfc3986.txt")
    source = folder / "rfc3986.txt"
    text = source.read_text("utf-8")
    assert "URI" in text
    source.write_text(text.replace("URI", "URL", 1), "utf-8")  # a pull request's edit
    result = run_summcheck("check", "summary.md", "--no-cache", cwd=folder)
    assert result.returncode == 2 and result.stdout == ""
    line = result.stderr.strip()
    assert "\n" not in line and "Traceback" not in line
    assert f"pinned to sha256 {pinned}" in line and digest(source) in line
    assert "summcheck pin summary.md" in line
    assert run_summcheck("pin", "summary.md", cwd=folder).returncode == 0  # reviewed: refresh
    assert run_summcheck("check", "summary.md", "--no-cache", cwd=folder).returncode == 0


def test_pin_keeps_crlf_line_ends_and_a_byte_order_mark(tmp_path):
    folder = example(tmp_path)
    summary = folder / "summary.md"
    text = summary.read_text("utf-8").replace("source: rfc3986.txt\n",
                                              "source:\n  path: rfc3986.txt\n")
    summary.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8"))
    assert run_summcheck("pin", "summary.md", cwd=folder).returncode == 0
    written = summary.read_bytes()
    sha = digest(folder / "rfc3986.txt")
    assert written.startswith(b"\xef\xbb\xbf---\r\n")
    assert f"source: {{path: rfc3986.txt, sha256: {sha}}}\r\nclaims:".encode() in written
    assert written.count(b"\r\n") == text.count("\n") - 1  # one entry line for two


def test_pin_refuses_what_it_cannot_pin_and_writes_nothing(tmp_path):
    folder = example(tmp_path)
    other = folder / "other.md"
    other.write_text("# No front matter\n\nText (p. 1).\n", encoding="utf-8")
    before = (folder / "summary.md").read_bytes()
    result = run_summcheck("pin", "summary.md", "other.md", cwd=folder)
    assert result.returncode == 2 and "other.md: no source named in its front matter" in result.stderr
    assert (folder / "summary.md").read_bytes() == before  # the first is not written either
    summary = folder / "summary.md"
    summary.write_text(before.decode("utf-8").replace(
        "source: rfc3986.txt", "source: {path: rfc3986.txt, sha256: abc}"), encoding="utf-8")
    bad = run_summcheck("check", "summary.md", cwd=folder)
    assert bad.returncode == 2 and "sha256 must be 64 lower-case hex digits" in bad.stderr


def test_check_changed_tells_a_change_set_that_edits_the_source(tmp_path):
    folder = example(tmp_path)
    changed = run_summcheck("check", "--changed", "rfc3986.txt", "--format", "json", cwd=folder)
    findings = json.loads(changed.stdout)["findings"]
    assert [(f["rule"], f["path"], f["line"], f["severity"]) for f in findings] == [
        ("SUM110", "summary.md", 2, "warning")]
    assert changed.returncode == 0  # a warning; `severity = {SUM110 = "error"}` makes it fail
    unchanged = run_summcheck("check", "--changed", "summary.md", "--format", "json", cwd=folder)
    assert json.loads(unchanged.stdout)["findings"] == []
    (tmp_path / "summcheck.toml").write_text('[severity]\nSUM110 = "error"\n', encoding="utf-8")
    strict = run_summcheck("check", "--changed", "rfc3986.txt", cwd=folder)
    assert strict.returncode == 1 and "SUM110" in strict.stdout
