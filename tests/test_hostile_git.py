"""Hostile trees: a `.git/` that came with the files must not make summcheck run a program,
and a configuration file in the checked tree must not switch confinement off."""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from cache_files import git
from planted_git import plant_programs
from tiny_project import RECORD, SENTENCE, SOURCE, write

from summcheck.sources.cache import FOLDER_NAME

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

def tiny_repo(folder: Path) -> Path:
    write(folder / "source.txt", SOURCE)
    write(folder / "claims.jsonl", json.dumps(RECORD) + "\n")
    write(folder / "summary.md", "---\nsource: source.txt\nclaims: claims.jsonl\n---\n"
          + SENTENCE)
    git(folder, "init", "-q")
    return folder


def test_an_archives_git_config_runs_no_program_when_the_cache_is_read(tmp_path, run_line):
    """An unpacked archive with its own `.git/config` whose fsmonitor (and pager, hooks, diff
    and filter drivers…) name a program: two runs of `summcheck check` that read the cache
    folder run none of them."""
    repo = tiny_repo(tmp_path / "archive")
    (repo / FOLDER_NAME).mkdir()  # an archive may ship an empty one: the first run reads it
    marker = tmp_path / "ran.txt"
    plant_programs(repo, marker)
    # What the planted config does to a plain git call: the test plants what it says it does.
    git(repo, "ls-files")
    assert marker.exists()
    marker.unlink()
    for _ in range(2):
        done = run_line("check", "summary.md", "--format", "json", cwd=repo,
                        env={"SUMMCHECK_CACHE_DIR": ""})
        assert done.code == 0, done.stdout + done.stderr
    assert not marker.exists(), marker.read_text()
    assert any((repo / FOLDER_NAME).iterdir())  # git was asked, and the folder was used


def test_git_is_asked_with_every_program_setting_overridden(tmp_path):
    """The cache's trust check still tells tracked from untracked with the planted config."""
    from summcheck.sources.cache import folder_trusted

    repo = tiny_repo(tmp_path / "repo")
    tracked = repo / "docs" / FOLDER_NAME
    write(tracked / "x.source", "")
    git(repo, "add", "-f", f"docs/{FOLDER_NAME}/x.source")
    untracked = repo / FOLDER_NAME
    write(untracked / "x.source", "")
    marker = tmp_path / "ran.txt"
    plant_programs(repo, marker)
    assert folder_trusted(untracked)
    assert not folder_trusted(tracked)
    assert not marker.exists(), marker.read_text()


def test_git_runs_with_configured_programs_off_and_safe_directory_kept():
    from summcheck.files import git as gitrun

    assert not any(setting.startswith("safe.directory") for setting in gitrun.SAFE_SETTINGS)
    command = gitrun.git_command("ls-files")
    assert command[:2] == ["git", "--no-pager"]
    assert "core.fsmonitor=false" in command
    env = gitrun.git_environment({"GIT_DIR": "elsewhere", "GIT_EXTERNAL_DIFF": "x",
                                  "PATH": "/bin"})
    assert env["GIT_CONFIG_NOSYSTEM"] == "1" and env["PATH"] == "/bin"
    assert "GIT_DIR" not in env and "GIT_EXTERNAL_DIFF" not in env


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                    reason="giving a repository to another user needs root")
def test_a_repository_another_user_owns_is_not_asked(tmp_path, monkeypatch):
    """git refuses a repository another user owns (`safe.directory`); summcheck does not widen
    that, so the cache folder in it is not trusted."""
    from summcheck.sources.cache import folder_trusted

    monkeypatch.setenv("HOME", str(tmp_path))  # no global safe.directory of the machine's
    repo = tiny_repo(tmp_path / "repo")
    cache = repo / FOLDER_NAME
    write(cache / "x.source", "")
    assert folder_trusted(cache)
    os.chown(repo, 4321, 4321)
    os.chown(repo / ".git", 4321, 4321)
    assert not folder_trusted(cache)


TOKEN = "AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46Z2hzX1NFQ1JFVA=="


@pytest.mark.parametrize("how", ["front matter", "front matter, --allow-outside",
                                 "--source", "report --allow-outside", "locate", "outline"])
def test_nothing_inside_a_git_folder_is_read(tmp_path, run_line, how):
    """`.git/config` holds the checkout's token; no way of naming it gets it read, so no
    closest passage, annotation or evidence report can show it."""
    repo = tiny_repo(tmp_path / "repo")
    git(repo, "config", "http.https://github.com/.extraheader", TOKEN)
    write(repo / "claims.jsonl", json.dumps({"claim": "x", "locator": "line 1",
                                             "quote": TOKEN[:-4] + "XYZ==",
                                             "strength": "states"}) + "\n")
    write(repo / "summary.md", "---\nsource: .git/config\nclaims: claims.jsonl\n---\n"
          "The header is set (line 1).\n")
    args = {"front matter": ["check", "summary.md", "--format", "github"],
            "front matter, --allow-outside": ["check", "summary.md", "--allow-outside"],
            "--source": ["check", "summary.md", "--source", ".git/config", "--allow-outside"],
            "report --allow-outside": ["report", "summary.md", "--allow-outside"],
            "locate": ["locate", ".git/config", "line 1"],
            "outline": ["outline", "./sub/../.git/config"]}[how]
    done = run_line(*args, cwd=repo)
    assert done.code == 2, done.stdout + done.stderr
    assert "inside a .git folder" in done.stderr and len(done.stderr.splitlines()) == 1
    assert "eC1hY2Nlc3MtdG9rZW46" not in done.stdout + done.stderr
    assert not (repo / "report.html").exists()
