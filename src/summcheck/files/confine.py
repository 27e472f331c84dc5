"""Which files a run may read: the one decision for the linter, the hooks, the action and the API.

Two rules, checked before a file is opened:

- A special file is never read, whoever names it: anything under `/proc`, `/sys` or `/dev`,
  anything inside a `.git` folder, and anything that is not a regular file or a folder once
  symlinks are followed (a FIFO, a socket, a device). `/proc/self/environ` is where CI keeps
  its tokens, `.git/config` where `actions/checkout` keeps the job's; a FIFO blocks forever.
- A file that a summary, the configuration or an audit manifest names (front matter
  `source:`/`claims:`/`structure:`, the configuration's `summaries` mapping, a claims file's
  own `source:`) must lie inside the repository root once symlinks are followed, unless the
  user opts in with `--allow-outside` on the command line (a configuration file's
  `allow-outside` is not obeyed: config.py). Files the user names on the command line are the
  user's choice and are not confined.

The repository of a summary is what lies below the folder of the configuration file or below
the top of the git work tree the summary is in (a configuration deeper in a work tree does not
cut off the sources the rest of the repository shares); with neither, the current folder (or
the summary's own folder, for a summary outside the current folder). The `.git` folder is never
part of it, whatever the options.
"""
from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from ..model import InputError

#: Trees of the file system whose files are the kernel's, never a document.
SPECIAL_TREES = (Path("/proc"), Path("/sys"), Path("/dev"))
#: The folder git keeps a repository's config (and actions/checkout the job's token) in.
GIT_FOLDER = ".git"
OPT_IN = "pass --allow-outside on the command line to allow it"


def special_reason(path: Path) -> str | None:
    """Why `path` is a file summcheck never reads (`a special file under /proc`), or None.

    A path that does not exist, or a folder outside the special trees, is not special: the
    loader that opens it reports what is wrong."""
    if "\0" in os.fspath(path):
        return "a path with a NUL character"
    real = Path(os.path.realpath(path))
    for tree in SPECIAL_TREES:
        if real == tree or tree in real.parents:
            return f"a special file under {tree}"
    if GIT_FOLDER in real.parts or GIT_FOLDER in Path(os.path.abspath(path)).parts:
        return "inside a .git folder"
    try:
        mode = os.stat(real).st_mode
    except (OSError, ValueError):
        return None
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    return "not a regular file (FIFO, socket or device)"


def refuse_special(path: Path, what: str = "file") -> None:
    """InputError naming `path` when it is a special file (the rule for every path)."""
    reason = special_reason(path)
    if reason is not None:
        raise InputError(f"{_shown(path)}: not read: the {what} is {reason}")


def repository_roots(summary: Path, config_path: Path | None = None) -> tuple[Path, ...]:
    """The folders a summary's inputs must stay in (see the module's doc), symlinks resolved."""
    real = Path(os.path.realpath(summary))
    roots = []
    if config_path is not None:
        roots.append(Path(os.path.realpath(config_path)).parent)
    top = next((d for d in real.parents if (d / ".git").exists()), None)
    if top is not None and top not in roots:
        roots.append(top)
    if not roots:
        cwd = Path(os.path.realpath("."))
        roots.append(cwd if _within(real, cwd) else real.parent)
    return tuple(roots)


@dataclass(frozen=True)
class Confinement:
    """Where the files named by one summary may lie."""

    summary: Path
    roots: tuple[Path, ...]  # resolved
    allow_outside: bool = False

    @classmethod
    def of(cls, summary: Path, config_path: Path | None = None,
           allow_outside: bool = False) -> "Confinement":
        """The confinement of `summary` under the configuration file at `config_path`."""
        return cls(Path(summary), repository_roots(summary, config_path), allow_outside)

    def check(self, path: Path, role: str) -> None:
        """InputError naming the summary when it may not read `path` (the summary's `role`,
        e.g. `source`, `claims file`): a special file, or one outside the root."""
        reason = special_reason(path)
        if reason is not None:
            raise InputError(f"{_shown(self.summary)}: {role} {_shown(path)} not read: it is "
                             f"{reason}")
        real = Path(os.path.realpath(path))
        if self.allow_outside or any(_within(real, root) for root in self.roots):
            return
        where = "outside the repository root " + " and ".join(map(_shown, self.roots))
        raise InputError(f"{_shown(self.summary)}: {role} {_shown(path)} lies {where} (after "
                         f"following symlinks); {OPT_IN}")

def _within(path: Path, root: Path) -> bool:
    return path == root or root in path.parents


def _shown(path: Path) -> str:
    """A path as a message names it: a NUL shown as `\\0`, never raw."""
    return os.fspath(path).replace("\0", "\\0")


__all__ = ["Confinement", "refuse_special", "special_reason", "repository_roots", "OPT_IN"]
