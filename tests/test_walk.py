"""The one folder walk (`summcheck.inputs.walk.walk_summaries`): `.gitignore` with git's semantics
(root and nested files, the files above the folder searched, no re-inclusion below an ignored
folder), `.md` and `.markdown`, `--exclude` and the configuration's `exclude`; the pre-commit
and action path (`summaries_for`) and `summcheck check FOLDER` find the same summaries.

Every tree is made of real files in tmp_path. Where git is installed, the walk is also compared
with what git itself lists (`git ls-files --cached --others --exclude-standard`).
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from summcheck.inputs.discovery import summaries_for
from summcheck.inputs.summaries import is_summary
from summcheck.inputs.walk import excluded, walk_summaries
from summcheck.cli import app
from summcheck.config.file import load_config
from summcheck.model import InputError

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
GIT_ENV = {"GIT_AUTHOR_NAME": "summcheck tests", "GIT_AUTHOR_EMAIL": "tests@example.invalid",
           "GIT_COMMITTER_NAME": "summcheck tests", "GIT_COMMITTER_EMAIL": "tests@example.invalid",
           "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull}


def summary(path: Path, source: str = "source.txt") -> Path:
    """A file that is a summary by its front matter (its inputs need not exist to be found)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"---\nsource: {source}\nclaims: claims.jsonl\n---\nA sentence (p. 1).\n",
                    encoding="utf-8")
    return path


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def posix(paths) -> list[str]:
    return [Path(p).as_posix() for p in paths]


def git(cwd: Path, *args: str) -> str:
    env = {**os.environ, **GIT_ENV, "HOME": str(cwd)}
    done = subprocess.run(["git", "-c", "init.defaultBranch=main", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, check=True)
    return done.stdout


# ---------------------------------------------------------------- .gitignore


def test_root_gitignore_is_honoured(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    summary(tmp_path / "docs/a.md")
    summary(tmp_path / "vendor/pkg/readme-summary.md")      # an ignored folder
    summary(tmp_path / "docs/b.generated.md")               # an ignored file pattern
    summary(tmp_path / "build")  # a *file* named build: `build/` ignores folders only
    summary(tmp_path / "out/build/c.md")                    # `build/` at any depth
    write(tmp_path / ".gitignore", "# generated\nvendor/\n*.generated.md\nbuild/\n")
    assert posix(walk_summaries(Path("."))) == ["docs/a.md"]


def test_nested_gitignore_files_apply_below_their_folder_and_override_shallower_ones(
        tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path / ".gitignore", "*.tmp.md\n")
    summary(tmp_path / "top.tmp.md")                   # ignored by the root file
    summary(tmp_path / "docs/kept.tmp.md")             # re-included by docs/.gitignore
    summary(tmp_path / "docs/other.tmp.md")            # still ignored by the root file
    summary(tmp_path / "docs/local.md")                # `/local.md`: anchored to docs/
    summary(tmp_path / "docs/sub/local.md")            # not anchored here: kept
    summary(tmp_path / "docs/drafts/x.md")             # `drafts/` of docs/.gitignore
    summary(tmp_path / "drafts/y.md")                  # docs' rules do not reach up here
    summary(tmp_path / "docs/sub/deeper/z.md")         # ignored by docs/sub/.gitignore
    write(tmp_path / "docs/.gitignore", "!kept.tmp.md\n/local.md\ndrafts/\n")
    write(tmp_path / "docs/sub/.gitignore", "deeper\n")
    assert posix(walk_summaries(Path("."))) == [
        "docs/kept.tmp.md", "docs/sub/local.md", "drafts/y.md"]
    # the same from inside docs/: docs/.gitignore is the folder's own, the root's lies above
    # it, which counts inside a git work tree (git's rules), and not outside one
    assert posix(walk_summaries(Path("docs"))) == [
        "docs/kept.tmp.md", "docs/other.tmp.md", "docs/sub/local.md"]
    (tmp_path / ".git").mkdir()
    assert posix(walk_summaries(Path("docs"))) == ["docs/kept.tmp.md", "docs/sub/local.md"]


def test_nothing_below_an_ignored_folder_is_re_included(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path / ".gitignore", "archive/\n!archive/keep.md\n")
    summary(tmp_path / "archive/keep.md")
    summary(tmp_path / "docs/a.md")
    assert posix(walk_summaries(Path("."))) == ["docs/a.md"]


def test_gitignore_files_above_the_folder_apply_up_to_the_work_tree_top(tmp_path, monkeypatch):
    project = tmp_path / "project"
    project.mkdir()
    (project / ".git").mkdir()  # the top of a work tree (what git rev-parse --show-toplevel finds)
    write(project / ".gitignore", "generated/\n")
    write(project / ".git/info/exclude", "*.local.md\n")
    write(tmp_path / ".gitignore", "*\n")  # above the work tree: not git's business
    summary(project / "docs/a.md")
    summary(project / "docs/generated/b.md")
    summary(project / "docs/c.local.md")
    monkeypatch.chdir(project / "docs")
    assert posix(walk_summaries(Path("."))) == ["a.md"]
    monkeypatch.chdir(project)
    assert posix(walk_summaries(Path("docs"))) == ["docs/a.md"]
    # without a work tree, the folder's own .gitignore files still count, none above it
    shutil.rmtree(project / ".git")
    assert posix(walk_summaries(Path("docs"))) == ["docs/a.md", "docs/c.local.md",
                                                 "docs/generated/b.md"]


def test_a_folder_named_explicitly_is_searched_even_if_ignored(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".git").mkdir()
    write(tmp_path / ".gitignore", "build/\n")
    summary(tmp_path / "build/report.md")
    write(tmp_path / "build/.gitignore", "old/\n")
    summary(tmp_path / "build/old/x.md")
    assert walk_summaries(Path(".")) == []
    assert posix(walk_summaries(Path("build"))) == ["build/report.md"]


def test_hidden_and_tool_folders_are_still_skipped(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    summary(tmp_path / ".venv/lib/a.md")
    summary(tmp_path / "node_modules/pkg/b.md")
    summary(tmp_path / "docs/c.md")
    assert posix(walk_summaries(Path("."))) == ["docs/c.md"]


def test_markdown_suffixes_and_what_is_no_summary(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    summary(tmp_path / "a.md")
    summary(tmp_path / "b.markdown")
    summary(tmp_path / "C.MARKDOWN")
    summary(tmp_path / "d.txt")                                    # not Markdown, not mapped
    write(tmp_path / "README.md", "# A project\n")                 # no front matter
    write(tmp_path / "page.md", "---\ntitle: docs\n---\n# Docs\n")  # names no inputs
    assert posix(walk_summaries(Path("."))) == ["C.MARKDOWN", "a.md", "b.markdown"]


def test_mapped_summaries_are_found_and_gitignore_applies_to_them(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "summcheck.toml",
          '[summaries."notes/*.txt"]\nsource = "src.txt"\nclaims = "claims.jsonl"\n')
    write(tmp_path / "notes/a.txt", "A sentence (p. 1).\n")
    write(tmp_path / "notes/b.txt", "A sentence (p. 1).\n")
    write(tmp_path / "notes/.gitignore", "b.txt\n")
    config = load_config(tmp_path / "summcheck.toml")
    assert posix(walk_summaries(Path("."), config)) == ["notes/a.txt"]


def test_the_walk_agrees_with_git(tmp_path, monkeypatch):
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    monkeypatch.chdir(tmp_path)
    git(tmp_path, "init", "-q")
    write(tmp_path / ".gitignore", "*.tmp.md\nbuild/\n/top-only.md\nlogs/**/*.md\n"
                                   "!logs/**/keep.md\narchive/\n!archive/keep.md\n")
    write(tmp_path / "docs/.gitignore", "!*.tmp.md\nprivate\n\\#literal.md\n")
    write(tmp_path / "docs/sub/.gitignore", "*.md\n!wanted.md\n")
    write(tmp_path / ".git/info/exclude", "scratch/\n")
    names = ["a.md", "b.tmp.md", "top-only.md", "docs/top-only.md", "docs/b.tmp.md",
             "docs/private/x.md", "docs/#literal.md", "docs/ok.markdown",
             "docs/sub/no.md", "docs/sub/wanted.md", "build/x.md", "src/build/y.md",
             "logs/2024/a.md", "logs/2024/keep.md", "archive/keep.md", "scratch/z.md",
             "we ird/spaced name.md", "unicode/ünï.md"]
    for name in names:
        summary(tmp_path / name)
    listed = git(tmp_path, "-c", "core.quotepath=off", "ls-files", "--cached", "--others",
                 "--exclude-standard", "-z").split("\0")
    expected = sorted(Path(p) for p in listed
                      if p.lower().endswith((".md", ".markdown")))
    expected = [p for p in expected if is_summary(p)]
    assert walk_summaries(Path(".")) == expected
    assert posix(expected) == [  # what git says, spelled out
        "a.md", "docs/b.tmp.md", "docs/ok.markdown", "docs/sub/wanted.md", "docs/top-only.md",
        "logs/2024/keep.md", "unicode/ünï.md", "we ird/spaced name.md"]


def test_unreadable_or_odd_gitignore_lines_are_dropped_as_git_drops_them(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path / ".gitignore", "\ufeffignored.md\n!\nfoo\\\n")  # a BOM, two invalid lines
    summary(tmp_path / "ignored.md")
    summary(tmp_path / "kept.md")
    assert posix(walk_summaries(Path("."))) == ["kept.md"]


# ---------------------------------------------------------------- --exclude and `exclude`


def test_exclude_patterns_use_gitignore_syntax_relative_to_the_current_folder(
        tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name in ("docs/a.md", "docs/a.draft.md", "drafts/b.md", "docs/drafts/c.md",
                 "docs/old/d.md", "old/e.md"):
        summary(tmp_path / name)
    root = Path(".")
    assert posix(walk_summaries(root, None, ["*.draft.md"])) == [
        "docs/a.md", "docs/drafts/c.md", "docs/old/d.md", "drafts/b.md", "old/e.md"]
    assert posix(walk_summaries(root)) == [
        "docs/a.draft.md", "docs/a.md", "docs/drafts/c.md", "docs/old/d.md", "drafts/b.md",
        "old/e.md"]
    assert posix(walk_summaries(root, None, ["drafts/", "docs/old/"])) == [
        "docs/a.draft.md", "docs/a.md", "old/e.md"]
    assert posix(walk_summaries(root, None, ["/drafts"])) == [
        "docs/a.draft.md", "docs/a.md", "docs/drafts/c.md", "docs/old/d.md", "old/e.md"]
    assert posix(walk_summaries(root, None, ["**/*.md", "!docs/a.md"])) == ["docs/a.md"]
    # the folder the patterns are relative to is never matched itself
    assert len(walk_summaries(root, None, [".*", "*/"])) == 0
    assert len(walk_summaries(root, None, [".*"])) == 6
    # relative to the current folder, not to the folder searched
    monkeypatch.chdir(tmp_path / "docs")
    assert posix(walk_summaries(Path("."), None, ["old/"])) == [
        "a.draft.md", "a.md", "drafts/c.md"]


def test_an_excluded_folder_is_not_searched_even_when_named(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    summary(tmp_path / "drafts/a.md")
    summary(tmp_path / "drafts/keep.md")
    assert walk_summaries(Path("drafts"), None, ["drafts/", "!drafts/keep.md"]) == []
    assert walk_summaries(Path("drafts/a.md"), None, ["drafts/"]) == []
    assert walk_summaries(Path("drafts/a.md"), None, []) == [Path("drafts/a.md")]


def test_configuration_exclude_is_relative_to_the_configuration_file(tmp_path, monkeypatch):
    write(tmp_path / "summcheck.toml", 'exclude = ["archive/", "*.wip.md"]\n')
    for name in ("docs/a.md", "docs/b.wip.md", "archive/c.md", "docs/archive/d.md"):
        summary(tmp_path / name)
    config = load_config(tmp_path / "summcheck.toml")
    assert config.exclude == ["archive/", "*.wip.md"]
    monkeypatch.chdir(tmp_path / "docs")  # patterns stay relative to the file, not the cwd
    assert posix(walk_summaries(Path(".."), config)) == ["../docs/a.md"]
    assert posix(walk_summaries(Path("."), config)) == ["a.md"]
    # and --exclude adds to it
    assert walk_summaries(Path("."), config, ["a.md"]) == []


def test_configuration_exclude_bad_values_are_input_errors_naming_the_key(tmp_path):
    path = write(tmp_path / "summcheck.toml", "exclude = 3\n")
    with pytest.raises(InputError, match=r"summcheck\.toml: exclude: must be a list of globs"):
        load_config(path)
    write(path, "[tool.summcheck]\nexclude = ['x']\n")
    pyproject = write(tmp_path / "pyproject.toml", "[tool.summcheck]\nexclude = [1]\n")
    with pytest.raises(InputError, match=r"\[tool\.summcheck\]\.exclude: must be a list"):
        load_config(pyproject)
    write(path, 'exclude = ["!"]\n')
    config = load_config(path)
    with pytest.raises(InputError, match=r"summcheck\.toml: exclude: invalid pattern '!'"):
        walk_summaries(tmp_path, config)
    with pytest.raises(InputError, match=r"--exclude: '' is not a pattern"):
        walk_summaries(tmp_path, None, [""])


def test_excluded_names_the_pattern_for_a_named_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "summcheck.toml", 'exclude = ["drafts/"]\n')
    config = load_config(tmp_path / "summcheck.toml")
    named = summary(tmp_path / "drafts/sub/a.md")
    assert excluded(Path("drafts/sub/a.md"), config) == (
        f"excluded by {tmp_path / 'summcheck.toml'}: exclude 'drafts/'")
    assert excluded(named, None, ["*.md"]) == "excluded by --exclude '*.md'"
    assert excluded(Path("drafts/sub/a.md"), None, ["drafts/", "!drafts/sub/a.md"]) is not None
    assert excluded(Path("docs/a.md"), config, ["drafts"]) is None


# ---------------------------------------------------------------- one walk for every path


def test_summaries_for_uses_the_walk(tmp_path, monkeypatch):
    """The pre-commit/action path: a changed source maps to the summaries that use it, found
    by the same walk (an ignored copy and an excluded one are not among them)."""
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "source.txt", "1. Intro\n")
    summary(tmp_path / "docs/a.md", source="../source.txt")
    summary(tmp_path / "docs/b.markdown", source="../source.txt")
    summary(tmp_path / "vendor/c.md", source="../source.txt")
    summary(tmp_path / "drafts/d.md", source="../source.txt")
    write(tmp_path / ".gitignore", "vendor/\n")
    write(tmp_path / "summcheck.toml", 'exclude = ["drafts/"]\n')
    config = load_config(tmp_path / "summcheck.toml")
    root = Path(".")
    assert posix(summaries_for([Path("source.txt")], root, config)) == [
        "docs/a.md", "docs/b.markdown"]
    # a changed summary that the configuration excludes is not checked (pre-commit passes
    # files by name); one that is only gitignored is, since git passed it
    assert summaries_for([Path("drafts/d.md")], root, config) == []
    assert posix(summaries_for([Path("vendor/c.md")], root, config)) == ["vendor/c.md"]
    assert summaries_for([Path("docs/a.md")], root, config, ["docs/"]) == []


def copy_example(target: Path, name: str = "summary.md") -> Path:
    """A self-contained copy of the passing RFC 3986 example, its summary named `name`."""
    shutil.copytree(EXAMPLES / "rfc3986", target)
    if name != "summary.md":
        (target / "summary.md").rename(target / name)
    return target / name


def check_json(*args: str):
    result = CliRunner().invoke(app, ["check", "--format", "json", *args])
    paths = []
    if result.exit_code in (0, 1):
        paths = [s["path"] for s in json.loads(result.stdout)["summaries"]]
    return result, paths


def test_check_folder_uses_the_walk(tmp_path, monkeypatch):
    """`summcheck check FOLDER` honours .gitignore (root and nested), takes .markdown, and
    finds exactly what summaries_for's walk finds."""
    project = tmp_path / "p"
    copy_example(project / "kept")
    copy_example(project / "notes", "summary.markdown")
    copy_example(project / "vendor")
    copy_example(project / "docs/generated")
    write(project / ".gitignore", "vendor/\n")
    write(project / "docs/.gitignore", "generated/\n")
    monkeypatch.chdir(project)
    result, paths = check_json(".")
    assert result.exit_code == 0, result.output
    assert paths == ["kept/summary.md", "notes/summary.markdown"]
    assert paths == posix(walk_summaries(Path(".")))


def test_check_exclude_option_and_configuration(tmp_path, monkeypatch):
    project = tmp_path / "p"
    copy_example(project / "kept")
    copy_example(project / "drafts")
    copy_example(project / "archive")
    write(project / "summcheck.toml", 'exclude = ["archive/"]\n')
    monkeypatch.chdir(project)
    result, paths = check_json(".")
    assert result.exit_code == 0, result.output
    assert paths == ["drafts/summary.md", "kept/summary.md"]
    result, paths = check_json(".", "--exclude", "drafts/", "--exclude", "*.nothing")
    assert result.exit_code == 0, result.output
    assert paths == ["kept/summary.md"]
