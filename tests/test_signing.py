"""The user's secret key (signing.py): where it is made, with which mode, what two processes
making it at once end up with, and that a key that cannot be had never fails a run."""
from __future__ import annotations

import hashlib
import hmac
import multiprocessing
import os
from pathlib import Path

import pytest

from summcheck.files import signing


def fresh(monkeypatch, path: Path) -> Path:
    """SUMMCHECK_KEY_FILE at `path`, nothing of it remembered by this process yet."""
    monkeypatch.setenv("SUMMCHECK_KEY_FILE", str(path))
    monkeypatch.setattr(signing, "_keys", {})
    return path


def test_the_key_is_made_on_first_use_as_32_private_bytes(tmp_path, monkeypatch):
    path = fresh(monkeypatch, tmp_path / "state" / "summcheck" / "key")
    tag = signing.sign(b"data")
    key = path.read_bytes()
    assert len(key) == 32 and path.stat().st_mode & 0o777 == 0o600
    assert path.parent.stat().st_mode & 0o777 == 0o700
    assert tag == hmac.new(key, b"data", hashlib.sha256).hexdigest()
    assert signing.verify(b"data", tag) and not signing.verify(b"date", tag)
    assert not signing.verify(b"data", tag.upper()) and not signing.verify(b"data", None)
    assert not signing.verify(b"data", "\u00e9" * 64)  # no TypeError from compare_digest
    assert os.listdir(path.parent) == ["key"]  # no temporary file left
    monkeypatch.setattr(signing, "_keys", {})
    assert signing.sign(b"data") == tag and path.read_bytes() == key  # read, not made anew


def test_without_summcheck_key_file_the_key_is_in_the_xdg_state_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("SUMMCHECK_KEY_FILE")
    monkeypatch.setattr(signing, "_keys", {})
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    assert signing.key_path() == tmp_path / "state" / "summcheck" / "key"
    monkeypatch.setenv("XDG_STATE_HOME", "relative/state")  # ignored, as the XDG spec says
    assert signing.key_path() == tmp_path / "home" / ".local" / "state" / "summcheck" / "key"
    monkeypatch.delenv("XDG_STATE_HOME")
    assert signing.sign(b"x") is not None
    assert len((tmp_path / "home" / ".local" / "state" / "summcheck" / "key").read_bytes()) == 32


@pytest.mark.parametrize("case", ["under a file", "wrong size", "fifo", "folder"])
def test_a_key_that_cannot_be_read_or_made_signs_nothing(tmp_path, monkeypatch, case):
    if case == "under a file":  # as a read-only home: the folder cannot be made
        (tmp_path / "home").write_text("a file\n", encoding="utf-8")
        path = tmp_path / "home" / "summcheck" / "key"
    else:
        path = tmp_path / "key"
        if case == "wrong size":
            path.write_bytes(b"short")
        elif case == "fifo":
            os.mkfifo(path)  # must not block the run
        else:
            path.mkdir()
    fresh(monkeypatch, path)
    assert signing.sign(b"data") is None
    assert not signing.verify(b"data", "0" * 64)
    if case == "wrong size":
        assert path.read_bytes() == b"short"  # the user's file, never replaced


def test_the_process_that_loses_the_race_reads_the_winners_key(tmp_path, monkeypatch):
    path = fresh(monkeypatch, tmp_path / "key")
    winner = b"w" * 32
    real_link = os.link

    def link_after_the_winner(source, target, *args, **kwargs):
        Path(target).write_bytes(winner)  # another process linked its key first
        return real_link(source, target, *args, **kwargs)

    monkeypatch.setattr(os, "link", link_after_the_winner)
    assert signing.secret_key() == winner
    assert path.read_bytes() == winner and os.listdir(tmp_path) == ["key"]


def _key_in_a_new_process(path: str) -> bytes | None:
    os.environ["SUMMCHECK_KEY_FILE"] = path
    return signing.secret_key()


def test_processes_making_the_key_at_once_all_use_one(tmp_path):
    path = tmp_path / "racing" / "key"
    with multiprocessing.get_context("spawn").Pool(4) as pool:
        keys = pool.map(_key_in_a_new_process, [str(path)] * 8)
    assert keys == [path.read_bytes()] * 8
    assert os.listdir(path.parent) == ["key"]
