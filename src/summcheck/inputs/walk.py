"""The one folder walk: every summary below a folder, as `summcheck check FOLDER`, the
pre-commit hooks and the GitHub Action find them. It

- takes Markdown files (`.md`, `.markdown`, any case) whose front matter names `source:` or
  `claims:`, and any file that the configuration's `summaries` globs map;
- honours `.gitignore` with git's semantics (`pathspec.GitIgnoreSpec`): the `.gitignore` of
  every folder it enters, and those of the folders above it up to the top of the git work
  tree, with `.git/info/exclude`; a deeper file overrides a shallower one, the last matching
  line of a file wins, and nothing below an ignored folder is re-included. A folder that is
  named explicitly is searched even when an ignore file above it ignores it (then only the
  ignore files inside it apply). `core.excludesFile` (a per-user setting) is not read, so
  every machine finds the same summaries;
- skips folders whose name starts with a dot (`.git`, `.venv`, …), `node_modules`,
  `__pycache__` and `site-packages` (below the folder named);
- leaves out what `--exclude` (relative to the current folder) or the configuration's
  `exclude` (relative to the configuration file) match. Both use .gitignore syntax: a pattern
  without a slash matches at any depth (`drafts`, `*.draft.md`), one with a slash is anchored
  (`docs/old/`), `**` spans folders, a trailing slash matches folders only. Unlike
  `.gitignore`, these also apply to a file that is named or changed (`excluded`), so that the
  pre-commit hook, which passes files by name, honours them.
"""
from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..config.file import Config
from ..model import InputError
from .summaries import MARKDOWN_SUFFIXES, is_summary

#: Folders never searched for summaries (besides every folder whose name starts with a dot).
SKIP_DIRS = frozenset({"node_modules", "__pycache__", "site-packages"})
IGNORE_FILE = ".gitignore"


def walk_summaries(root: Path, config: Config | None = None,
                   exclude: Sequence[str] = ()) -> list[Path]:
    """Every summary under the folder `root`: the one folder walk (see the module's doc).

    `config` gives the `summaries` globs and `exclude` patterns (None: neither); `exclude`
    holds the `--exclude` patterns, relative to the current folder. The paths returned start
    with `root` as given (`Path("docs")` gives `docs/a.md`), sorted. A `root` that is a file
    gives itself when it is a summary that nothing excludes. An invalid pattern is an
    InputError (exit 2).
    """
    return sorted(_walk(Path(root), config, exclude))


def excluded(path: Path, config: Config | None = None, exclude: Sequence[str] = ()) -> str | None:
    """Why `--exclude` (`exclude`) or the configuration's `exclude` leaves `path` out, e.g.
    "excluded by --exclude 'drafts/'", or None when neither does. For a file that is named on
    the command line or passed by pre-commit: `.gitignore` does not apply to those (git passes
    no ignored file, and a file named is the user's to check), the exclude patterns do."""
    return excluded_by(Path(path), exclude_rules(config, exclude))


@dataclass(frozen=True)
class _Rules:
    """Compiled .gitignore-syntax patterns, relative to the folder `base` (absolute)."""

    base: Path
    spec: Any  # pathspec.GitIgnoreSpec
    origin: str  # where they come from, for messages

    def check(self, path: Path, is_dir: bool) -> tuple[bool | None, str]:
        """(True: ignored, False: re-included by a `!` line, None: no line matches; the line).
        The base folder itself matches nothing (git never matches a work tree's top)."""
        relative = _relative(path, self.base)
        if relative in (".", ""):
            return None, ""
        result = self.spec.check_file(relative + ("/" if is_dir else ""))
        if result.include is None:
            return None, ""
        return result.include, _pattern_at(self.spec, result.index)


def _walk(root: Path, config: Config | None, exclude: Sequence[str]) -> Iterator[Path]:
    excludes = exclude_rules(config, exclude)
    if not root.is_dir():
        if root.is_file() and is_summary(root, config) and excluded_by(root, excludes) is None:
            yield root
        return
    if excluded_by(root, excludes, is_dir=True) is not None:
        return  # an exclude pattern leaves the folder out even when it is named
    mapped = config is not None and bool(config.summaries)
    absolute = _absolute(root)
    # Depth first; each stack entry carries the ignore rules in force in its folder.
    stack: list[tuple[Path, Path, list[_Rules]]] = [(root, absolute, _inherited_rules(absolute))]
    while stack:
        folder, folder_abs, rules = stack.pop()
        own = _ignore_file_rules(folder_abs)
        if own is not None:
            rules = [*rules, own]
        try:
            with os.scandir(folder) as scan:
                entries = sorted(scan, key=lambda e: e.name)
        except OSError:
            continue  # unreadable or vanished folder: nothing in it is found
        folders = []
        for entry in entries:
            path, path_abs = folder / entry.name, folder_abs / entry.name
            try:
                is_dir = entry.is_dir(follow_symlinks=False)  # git does not follow links
                is_file = not is_dir and entry.is_file()
            except OSError:
                continue
            if is_dir:
                if (entry.name.startswith(".") or entry.name in SKIP_DIRS
                        or _ignored(path_abs, True, rules)
                        or excluded_by(path_abs, excludes, is_dir=True, ancestors=False)):
                    continue
                folders.append((path, path_abs, rules))
            elif is_file:
                if not (mapped or entry.name.lower().endswith(MARKDOWN_SUFFIXES)):
                    continue
                if (_ignored(path_abs, False, rules)
                        or excluded_by(path_abs, excludes, ancestors=False)):
                    continue
                if is_summary(path, config):
                    yield path
        stack.extend(reversed(folders))


def _ignored(path: Path, is_dir: bool, rules: list[_Rules]) -> bool:
    """git's verdict: the deepest ignore file with a matching line decides, by its last one."""
    for rule in reversed(rules):
        verdict, _ = rule.check(path, is_dir)
        if verdict is not None:
            return verdict
    return False


def _inherited_rules(root: Path) -> list[_Rules]:
    """The ignore rules that apply inside `root` from above it: `.git/info/exclude` and the
    `.gitignore` files from the top of the work tree down to `root`'s parent. Empty when there
    is no work tree above, or when those rules ignore `root` or a folder above it (it was
    named explicitly: then only the ignore files inside it count)."""
    top = next((d for d in (root, *root.parents) if (d / ".git").exists()), None)
    if top is None:
        return []
    rules: list[_Rules] = []
    info = _load_rules(top / ".git" / "info" / "exclude", top)
    if info is not None:
        rules.append(info)
    folder = top
    for part in root.relative_to(top).parts:
        own = _ignore_file_rules(folder)
        if own is not None:
            rules.append(own)
        folder = folder / part
        if _ignored(folder, True, rules):
            return []
    return rules


def _ignore_file_rules(folder: Path) -> _Rules | None:
    return _load_rules(folder / IGNORE_FILE, folder)


def _load_rules(path: Path, base: Path) -> _Rules | None:
    """An ignore file's patterns, or None when there is none. Lines git would not accept are
    dropped, as git drops them; an unreadable file counts as empty."""
    try:
        if not path.is_file():
            return None
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    lines = text.lstrip("\ufeff").splitlines()
    spec, lines = _compile(lines, lenient=True)
    return _Rules(base, spec, str(path)) if lines else None


def _compile(lines: list[str], lenient: bool) -> tuple[Any, list[str]]:
    """A GitIgnoreSpec of `lines`; with `lenient`, invalid lines are dropped, else the first
    one raises ValueError."""
    from pathspec import GitIgnoreSpec

    try:
        return GitIgnoreSpec.from_lines(lines), lines
    except ValueError:
        if not lenient:
            raise
    kept = []
    for line in lines:
        try:
            GitIgnoreSpec.from_lines([line])
        except ValueError:
            continue
        kept.append(line)
    return GitIgnoreSpec.from_lines(kept), kept


def _pattern_at(spec: Any, index: int | None) -> str:
    if index is None:
        return ""
    try:
        pattern = spec.patterns[index]
    except (IndexError, AttributeError, TypeError):
        return ""
    return str(getattr(pattern, "pattern", "") or "")


def exclude_rules(config: Config | None, exclude: Sequence[str]) -> list[_Rules]:
    """The `exclude` patterns of the configuration (relative to its file) and of the command
    line (relative to the current folder), compiled; an invalid one is an InputError."""
    found = []
    configured = list(getattr(config, "exclude", None) or []) if config is not None else []
    if configured:
        origin = f"{config.path}: exclude" if config.path is not None else "exclude"
        found.append(_exclude_set(configured, _absolute(config.root), origin))
    if exclude:
        found.append(_exclude_set(list(exclude), _absolute(Path(".")), "--exclude"))
    return found


def _exclude_set(patterns: list[str], base: Path, origin: str) -> _Rules:
    for pattern in patterns:
        if not isinstance(pattern, str) or not pattern.strip():
            raise InputError(f"{origin}: {pattern!r} is not a pattern (use .gitignore syntax, "
                             f"e.g. 'drafts/' or '*.draft.md')")
        try:
            _compile([pattern], lenient=False)
        except ValueError as exc:
            raise InputError(f"{origin}: invalid pattern {pattern!r}: {exc}") from None
    spec, _ = _compile(patterns, lenient=False)
    return _Rules(base, spec, origin)


def excluded_by(path: Path, excludes: list[_Rules], is_dir: bool = False,
                 ancestors: bool = True) -> str | None:
    """The reason an exclude pattern leaves `path` out, or None. With `ancestors`, a folder
    above `path` (below the patterns' base) that a pattern excludes excludes it too, as in
    the walk, which never enters such a folder."""
    if not excludes:
        return None
    absolute = _absolute(path)
    for rules in excludes:
        candidates = [(absolute, is_dir)]
        if ancestors:
            above = [p for p in absolute.parents if _is_within(p, rules.base) and p != rules.base]
            candidates = [(p, True) for p in reversed(above)] + candidates
        for candidate, as_dir in candidates:
            verdict, pattern = rules.check(candidate, as_dir)
            if verdict:
                return f"excluded by {rules.origin} {pattern!r}"
    return None


def _absolute(path: Path) -> Path:
    """Absolute, `..` folded, symlinks kept (git sees the work tree's paths, not their targets)."""
    return Path(os.path.abspath(path))


def _is_within(path: Path, base: Path) -> bool:
    try:
        path.relative_to(base)
    except ValueError:
        return False
    return True


def _relative(path: Path, base: Path) -> str:
    """`path` relative to `base`, POSIX-style; outside `base`, the absolute path without its
    root, so that patterns without a slash (`*.draft.md`) still match by name."""
    try:
        return path.relative_to(base).as_posix()
    except ValueError:
        return path.as_posix().lstrip("/")


__all__ = ["walk_summaries", "excluded", "exclude_rules", "excluded_by", "SKIP_DIRS"]
