"""What the importer tests share: the real source they import against (the GPL's preamble, from
tests/cases/_sources), a folder that is a repository holding it as `gpl.txt`, and the command
line run in this process."""
from __future__ import annotations

import shutil
from pathlib import Path

from typer.testing import CliRunner

from summcheck.cli import app

GPL = Path(__file__).parent / "cases" / "_sources" / "gpl3-s0-5.txt"


def run(*args: str):
    return CliRunner().invoke(app, list(args))


def gpl_folder(tmp_path: Path, monkeypatch) -> Path:
    """`tmp_path` as the current folder and a repository's root, with the GPL as gpl.txt."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "summcheck.toml").write_text("", encoding="utf-8")
    shutil.copy(GPL, tmp_path / "gpl.txt")
    return tmp_path
