"""Whether a cache folder's entries may be believed (a committed entry could be forged: see
the package's doc): no symlink, owned by the user running summcheck, and nothing in it that
git tracks.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path

from ...files.git import run_git

GIT_TIMEOUT = 10


def owned(info: os.stat_result) -> bool:
    """Owned by the user running summcheck (where the system has owners)."""
    geteuid = getattr(os, "geteuid", None)
    return geteuid is None or info.st_uid == geteuid()


def folder_trusted(folder: Path, named: bool = False) -> bool:
    """Whether a cache folder's entries may be believed: no symlink, the user's own, and no
    file in it tracked by git (a committed entry is a forgery until proven otherwise). Outside
    a git work tree nothing tells a folder summcheck made from one that came with the files
    (an archive of a pull request): there only a folder the user `named`
    (SUMMCHECK_CACHE_DIR) is believed."""
    try:
        info = os.lstat(folder)
    except FileNotFoundError:
        return True  # nothing to read; it is made on the first write
    except (OSError, ValueError):
        return False
    if stat.S_ISLNK(info.st_mode) or not stat.S_ISDIR(info.st_mode) or not owned(info):
        return False
    real = Path(os.path.realpath(folder))
    top = next((d for d in (real, *real.parents) if (d / ".git").exists()), None)
    if top is None:
        return named
    # Asked from the top of the work tree, about the folder, with configured programs off
    # (the `.git/` may have come with the files: gitrun.py).
    pathspec = ":(literal)" + real.relative_to(top).as_posix()
    listed = run_git(top, "ls-files", "-z", "--", pathspec, timeout=GIT_TIMEOUT)
    return listed is not None and not listed  # no git to ask, or git failed: not trusted
