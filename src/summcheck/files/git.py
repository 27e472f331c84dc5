"""The one way summcheck runs git: read-only questions, with every configured program disabled.

summcheck asks git two things: whether the cache folder holds tracked files (`ls-files`) and
which files a pull request changes (`rev-parse`, `diff --name-only`). The repository it asks
about may not be the user's own: an unpacked archive or a corpus can bring a `.git/` whose
config names programs (`core.fsmonitor`, `core.pager`, `core.hooksPath`, `diff.external`, a
remote helper behind a lazy fetch, a credential helper…). A repository's own config cannot be
switched off as a whole, but configuration given with `-c` outranks every file, so each key
that names a program is set to a harmless value here, and the environment closes the rest:

- no system configuration (`GIT_CONFIG_NOSYSTEM`); the user's own global configuration is
  theirs and is kept, `safe.directory` included (git refuses a repository another user owns;
  summcheck never widens that);
- no pager, no terminal prompt, no optional locks (nothing written to the index), no lazy
  fetch of a partial clone and no transport at all (`protocol.allow=never`);
- none of the variables a git hook runs with (`GIT_DIR`, `GIT_INDEX_FILE`, … may be relative
  to where the hook started): the repository is found from `cwd`.
"""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

#: Settings given with `-c`: each key of a read-only command that could start a program.
SAFE_SETTINGS = (
    "core.fsmonitor=false",
    f"core.hooksPath={os.devnull}",
    "core.pager=cat",
    "core.askPass=",
    "core.sshCommand=",
    "core.gitProxy=",
    "credential.helper=",
    "diff.external=",
    "protocol.allow=never",
    "gc.auto=0",
    "maintenance.auto=false",
    "core.untrackedCache=false",
    "safe.bareRepository=explicit",
    "core.quotepath=off",
)

#: Variables that point git at another repository or index than the one `cwd` is in.
_LOCATION_VARIABLES = frozenset((
    "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR", "GIT_OBJECT_DIRECTORY",
    "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_NAMESPACE", "GIT_PREFIX", "GIT_CEILING_DIRECTORIES",
    "GIT_DISCOVERY_ACROSS_FILESYSTEM"))

#: Variables that name a program git would run; the values below replace them.
_PROGRAM_VARIABLES = frozenset((
    "GIT_EXTERNAL_DIFF", "GIT_SSH", "GIT_SSH_COMMAND", "GIT_ASKPASS", "SSH_ASKPASS",
    "GIT_EDITOR", "GIT_SEQUENCE_EDITOR", "GIT_PROXY_COMMAND"))

_QUIET_ENVIRONMENT = {
    "GIT_CONFIG_NOSYSTEM": "1",
    "GIT_PAGER": "cat",
    "PAGER": "cat",
    "GIT_TERMINAL_PROMPT": "0",
    "GIT_OPTIONAL_LOCKS": "0",
    "GIT_NO_LAZY_FETCH": "1",
    "GIT_NO_REPLACE_OBJECTS": "1",
}


def git_environment(environ: dict[str, str] | None = None) -> dict[str, str]:
    """The environment git runs in: the caller's, less locations and programs, plus the
    settings that keep it quiet."""
    source = os.environ if environ is None else environ
    kept = {k: v for k, v in source.items()
            if k not in _LOCATION_VARIABLES and k not in _PROGRAM_VARIABLES}
    kept.update(_QUIET_ENVIRONMENT)
    return kept


def git_command(*args: str) -> list[str]:
    """The argument list of `git ARGS` with every program-naming setting overridden."""
    command = ["git", "--no-pager"]
    for setting in SAFE_SETTINGS:
        command += ["-c", setting]
    return [*command, *args]


def run_git(cwd: Path, *args: str, timeout: float = 60) -> bytes | None:
    """What `git ARGS` printed in `cwd`, or None when git is missing, fails or times out."""
    try:
        done = subprocess.run(git_command(*args), cwd=cwd, env=git_environment(),
                              stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, timeout=timeout, check=False)
    except (OSError, subprocess.SubprocessError, ValueError):
        return None
    return done.stdout if done.returncode == 0 else None


__all__ = ["SAFE_SETTINGS", "git_command", "git_environment", "run_git"]
