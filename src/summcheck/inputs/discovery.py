"""The summaries a run checks: those that named paths stand for, and those that changed
files touch.

A summary depends on three files: itself, its claim records and its source. `find_summaries`
turns the paths of `summcheck check PATH…` into summaries (a folder by the one walk, a source
or claims file into the summaries that use it); `summaries_for` turns a list of changed files
(as pre-commit passes them, or as `git diff --name-only` lists them) into the summaries to
check again:

- a changed summary maps to itself;
- a changed source or claims file maps to every summary under `root` that uses it: named in
  the summary's front matter, in the configuration's `summaries` mapping, or as the `source:`
  of the summary's claims file (`resolution.inputs_of`);
- any other file maps to nothing.

A changed file may be deleted (a pull request that removes a claims file): it still maps to
the summaries that name it, whose check then reports the missing input.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..config.file import Config
from .resolution import NOT_A_SUMMARY, inputs_of
from .summaries import MARKDOWN_SUFFIXES, is_summary, path_key
from .walk import exclude_rules, excluded, excluded_by, walk_summaries


@dataclass(frozen=True)
class SummaryError:
    """A summary (or a path the user named) that could not be checked: the run exits 2.

    `cause` says what is wrong without repeating the summary's name (`claims file
    notes/c.jsonl not found`); `message` is the error as raised, naming the file at fault."""

    path: Path
    cause: str
    message: str = ""

    def line(self, several: bool = True) -> str:
        """The one line for stderr: the summary and the cause, or (when it is the only thing
        checked) the error as raised."""
        from ..report.base import display_path

        if not several and self.message:
            return self.message
        return f"{display_path(self.path)}: {self.cause}"


def find_summaries(paths: list[Path], settings: Config | None = None,
                   explicit_inputs: bool = False, changed: bool = False,
                   exclude: Sequence[str] = ()) -> tuple[list[Path], list[SummaryError]]:
    """The summaries to check for the named paths, and the named paths that stand for none.

    A folder stands for every summary in it (Markdown files whose front matter names their
    inputs, or that the configuration's `summaries` globs map to a source); a folder with
    none is an error. A named file is a summary; or a source or claims file, standing for the
    summaries under the current folder that use it; or, when it is neither, an error: named
    explicitly, it must be checked (`README.md: not a summary: …`). With `changed` (the files a
    commit touched, as pre-commit passes them) a file no summary uses stands for nothing, and
    a deleted one for the summaries that name it. With --source or --claims
    (`explicit_inputs`) every named file is a summary. What `exclude` (--exclude) or the
    configuration's `exclude` matches is left out, also when it is named."""
    found: list[Path] = []
    errors: list[SummaryError] = []
    others: list[Path] = []
    for path in paths:
        if path.is_dir():
            candidates = walk_summaries(path, settings, exclude)
            if not candidates and not changed:
                errors.append(SummaryError(path, "no summary found (a Markdown file whose front "
                                                 "matter names source: and claims:)"))
            found.extend(candidates)
        elif not path.exists() and not path.is_symlink():
            if changed:
                others.append(path)
            else:
                errors.append(SummaryError(path, "no such file", f"{path}: no such file"))
        elif excluded(path, settings, exclude) is not None:
            continue  # the user asked for it to be left out
        elif explicit_inputs or not path.is_file() or is_summary(path, settings):
            found.append(path)
        else:
            others.append(path)
    if others:
        users = summaries_for(others, Path("."), settings, exclude)
        found.extend(users)
        if not changed:
            used: set[Path] = set()
            for summary in users:
                used |= inputs_of(summary, settings)
            for path in others:
                if path_key(path) not in used:
                    cause = (NOT_A_SUMMARY if path.suffix.lower() in MARKDOWN_SUFFIXES else
                             "not a summary, nor the source or claims file of one")
                    errors.append(SummaryError(path, cause, f"{path}: {cause}"))
    unique: dict[Path, Path] = {}
    for path in found:
        unique.setdefault(path_key(path), path)
    return list(unique.values()), errors


def summaries_for(changed: Iterable[Path], root: Path, config: Config | None = None,
                  exclude: Sequence[str] = ()) -> list[Path]:
    """The summaries to check when `changed` files changed: sorted, each once. A changed
    summary that `exclude` or the configuration's `exclude` matches is left out; the others
    are found by `walk_summaries(root, config, exclude)`."""
    config = config if config is not None else Config()
    changed = [Path(p) for p in changed]
    if not changed:
        return []
    excludes = exclude_rules(config, exclude)
    result: dict[Path, Path] = {}
    for path in changed:
        if is_summary(path, config) and excluded_by(path, excludes) is None:
            result.setdefault(path_key(path), path)
    wanted = {path_key(path) for path in changed}
    for summary in walk_summaries(root, config, exclude):
        key = path_key(summary)
        if key in wanted or (inputs_of(summary, config) & wanted):
            result[key] = summary  # the form found under root is the one to report
    return sorted(result.values(), key=lambda p: p.as_posix())


__all__ = ["SummaryError", "find_summaries", "summaries_for"]
