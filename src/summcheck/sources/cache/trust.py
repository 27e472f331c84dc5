"""Whether a cache folder's entries may be believed (a committed entry could be forged: see
the package's doc): no symlink, owned by the user running summcheck, and nothing in it that
git tracks.
"""
from __future__ import annotations

import os
import stat
import subprocess
from pathlib import Path

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
    # Asked from the top of the work tree, about the folder, with none of the variables a git
    # hook runs with (GIT_DIR, GIT_INDEX_FILE, … may be relative to where the hook started).
    env = {k: v for k, v in os.environ.items() if k not in _GIT_LOCATIONS}
    pathspec = ":(literal)" + real.relative_to(top).as_posix()
    try:
        listed = subprocess.run(["git", "ls-files", "-z", "--", pathspec], cwd=top, env=env,
                                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, timeout=GIT_TIMEOUT,
                                check=False)
    except (OSError, subprocess.SubprocessError, ValueError):
        return False  # no git to ask: not trusted
    return listed.returncode == 0 and not listed.stdout


_GIT_LOCATIONS = frozenset((
    "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR", "GIT_OBJECT_DIRECTORY",
    "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_NAMESPACE", "GIT_PREFIX", "GIT_CEILING_DIRECTORIES",
    "GIT_DISCOVERY_ACROSS_FILESYSTEM"))
