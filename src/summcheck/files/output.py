"""Where a report may be written: never over a file the run reads.

One decision for every writer (`check --output`, `table --output`, the action's SARIF file):
`run_inputs` collects each input of a run — the summaries, their sources, claims files and
structure sidecars however they are named (front matter, `--source`/`--claims`/`--structure`,
the configuration's `summaries` mapping, a claims file's own `source:`), the files named on the
command line and the configuration file itself — and `guard_output` refuses an output that is
any of them: the same path once symlinks are followed, or the same file (`os.path.samefile`:
a hard link, another spelling on a case-insensitive disk) where both exist.
"""
from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from ..inputs.resolution import inputs_for
from ..model import InputError


@dataclass(frozen=True)
class RunInput:
    """A file the run reads: its path, what it is, and the summary it belongs to (if any)."""

    path: Path
    role: str  # summary | source | claims | structure | configuration | named
    summary: Path | None = None

    def describe(self) -> str:
        """`the source of notes/gpl.md`, `the summary notes/gpl.md`, `the configuration file`."""
        from ..report.base import display_path

        if self.role == "configuration":
            return f"the configuration file {display_path(self.path)}"
        if self.role == "named":
            return f"{display_path(self.path)}, which the command line names as an input"
        if self.role == "summary":
            return f"the summary {display_path(self.path)}"
        what = {"claims": "the claims file", "structure": "the structure file"}.get(
            self.role, f"the {self.role}")
        return f"{what} of {display_path(self.summary)}" if self.summary is not None else what


def run_inputs(summaries: Iterable[Path], options, named: Iterable[Path] = ()) -> list[RunInput]:
    """Every input of a run that checks `summaries` with `options` (engine.Options), plus the
    `named` paths of the command line and the configuration file."""
    inputs: list[RunInput] = []
    config = options.config
    if config.path is not None:
        inputs.append(RunInput(Path(config.path), "configuration"))
    for summary in summaries:
        for role, path in inputs_for(summary, config, options).files():
            inputs.append(RunInput(Path(path), role, None if role == "summary" else Path(summary)))
    for key in ("source", "claims", "structure"):  # also when no summary is left to check
        value = getattr(options, key)
        if value is not None:
            inputs.append(RunInput(Path(value), key))
    inputs.extend(RunInput(Path(p), "named") for p in named)
    return inputs


def same_file(a: Path, b: Path) -> bool:
    """Whether writing `a` would replace `b`: the same path with symlinks followed, or the
    same file on disk."""
    try:
        if os.path.realpath(a) == os.path.realpath(b):
            return True
    except (OSError, ValueError):
        pass
    try:
        return os.path.exists(a) and os.path.exists(b) and os.path.samefile(a, b)
    except (OSError, ValueError):
        return False


def guard_output(output: Path, inputs: Iterable[RunInput], what: str = "report",
                 fix: str = "choose another file") -> None:
    """InputError (exit 2, nothing written) when `output` is one of `inputs`, naming both:
    `docs/GPL-3.txt: refusing to write the report over the source of notes/gpl.md`."""
    for item in inputs:
        if same_file(output, item.path):
            raise InputError(f"{output}: refusing to write the {what} over {item.describe()} "
                             f"(--output names an input file; {fix})")


def write_atomically(path: Path, text: str, what: str = "report", make_parents: bool = False) -> None:
    """Write `text` to `path` whole or not at all: the one writer of every report file.

    The text goes to a temporary file beside `path` that replaces it only once complete, so
    a full disk, a file-size limit or an interruption (Ctrl-C, SIGTERM: any exception) leaves
    the old file untouched and no temporary file behind. The file keeps an existing file's
    mode, or gets what the umask gives a new one (not mkstemp's 0600). Failure is an
    InputError naming the file (exit 2); `make_parents` creates a missing folder first."""
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    try:
        if path.is_dir():
            raise IsADirectoryError(errno.EISDIR, "is a folder")
        if make_parents:
            folder.mkdir(parents=True, exist_ok=True)
        mode = _mode_for(path)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    except (OSError, ValueError) as exc:
        raise InputError(f"{path}: cannot write the {what}: {_cause(exc)}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            os.fchmod(handle.fileno(), mode)
            handle.write(text)
        os.replace(tmp, path)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, (OSError, ValueError)):  # ValueError: text that cannot be encoded
            raise InputError(f"{path}: cannot write the {what}: {_cause(exc)}") from None
        raise


def _mode_for(path: Path) -> int:
    """The permission bits for the file at `path`: its own when it exists, else 0666 less
    the umask, as `open` would give a new file."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except FileNotFoundError:
        pass
    umask = os.umask(0o022)  # reading the umask means setting it; restored at once
    os.umask(umask)
    return 0o666 & ~umask


def _cause(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
