"""A repository whose `.git/config` and hooks name a program that leaves a marker file: what an
unpacked archive or corpus can bring along."""
from __future__ import annotations

import shutil
import stat
import subprocess
from pathlib import Path

#: Each key of a repository's config that names a program git could start.
PROGRAM_KEYS = ("core.fsmonitor", "core.pager", "pager.ls-files", "pager.diff", "diff.external",
                "core.sshCommand", "credential.helper", "core.askPass", "core.editor")


def plant_programs(repo: Path, marker: Path) -> None:
    """Make `repo`'s `.git/config` name a program that writes `marker` for every key that can,
    and give it hooks that do the same (post-index-change runs when the index is written)."""
    program = repo.parent / "planted.sh"
    program.write_text(f"#!/bin/sh\necho \"$0 $*\" >> '{marker}'\n", encoding="utf-8")
    program.chmod(program.stat().st_mode | stat.S_IXUSR)
    for key in PROGRAM_KEYS:
        _config(repo, key, str(program))
    _config(repo, "diff.planted.textconv", str(program))
    _config(repo, "filter.planted.clean", str(program))
    _config(repo, "filter.planted.process", str(program))
    hooks = repo.parent / "planted-hooks"
    hooks.mkdir(exist_ok=True)
    for hook in ("post-index-change", "reference-transaction", "post-checkout"):
        shutil.copy(program, hooks / hook)
    _config(repo, "core.hooksPath", str(hooks))
    (repo / ".gitattributes").write_text("* diff=planted filter=planted\n", encoding="utf-8")


def _config(repo: Path, key: str, value: str) -> None:
    subprocess.run(["git", "config", key, value], cwd=repo, check=True, capture_output=True)
