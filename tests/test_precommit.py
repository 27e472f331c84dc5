"""The pre-commit hooks, run by the real pre-commit against temporary git repositories.

Also covers what the hooks rely on: `summcheck.inputs.discovery.summaries_for` and `summcheck check`
given files that are not summaries (a source, a claims file, a README), which pre-commit passes
for every changed file.

The hook repository is a copy of this checkout's working tree, committed in a temporary git
repository (pre-commit installs hooks from a commit, and the working tree may hold changes not
yet committed). `pre-commit try-repo` installs the hook into a fresh environment on every call
(about a minute: it pip-installs summcheck and its dependencies), so one test uses try-repo and
the others run `pre-commit run` with a config that names the same hook repository, whose
environment pre-commit installs once per test session and then reuses.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from summcheck.inputs.discovery import summaries_for
from summcheck.inputs.resolution import inputs_of
from summcheck.inputs.summaries import is_summary
from summcheck.cli import app
from summcheck.config.file import load_config

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples"
HOOKS_FILE = REPO / ".pre-commit-hooks.yaml"
COPY_IGNORE = shutil.ignore_patterns(".git", ".venv", "venv", "__pycache__", ".pytest_cache",
                                     "*.egg-info", "build", "dist", "node_modules", "_data",
                                     ".mypy_cache", ".ruff_cache", "*.sarif")
GIT_ENV = {"GIT_AUTHOR_NAME": "summcheck tests", "GIT_AUTHOR_EMAIL": "tests@example.invalid",
           "GIT_COMMITTER_NAME": "summcheck tests", "GIT_COMMITTER_EMAIL": "tests@example.invalid",
           "GIT_CONFIG_NOSYSTEM": "1"}

QUERY_QUOTE = "may represent data within the query component"  # claims.jsonl, one line
SOURCE_PHRASE = 'question mark ("?") may represent data'  # rfc3986.txt (the line wraps after)


# ---------------------------------------------------------------- helpers


def git(cwd: Path, *args: str) -> str:
    env = {**os.environ, **GIT_ENV, "HOME": str(cwd)}
    done = subprocess.run(["git", "-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false",
                           *args], cwd=cwd, env=env, capture_output=True, text=True, check=True)
    return done.stdout


def commit_all(repo: Path, message: str) -> str:
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "--no-verify", "-m", message)
    return git(repo, "rev-parse", "HEAD").strip()


def make_project(root: Path, *examples: str) -> Path:
    """A git repository holding copies of the bundled examples (and a README), committed."""
    root.mkdir(parents=True, exist_ok=True)
    for name in examples:
        shutil.copytree(EXAMPLES / name, root / "examples" / name)
    (root / "README.md").write_text("# A project\n\nNot a summary: no front matter.\n",
                                    encoding="utf-8")
    git(root, "init", "-q")
    commit_all(root, "examples")
    return root


def replace_in(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def pre_commit_command() -> list[str]:
    pytest.importorskip("pre_commit", reason="pre-commit is not installed (it is in the test "
                                             "extra: pip install -e '.[test]')")
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    return [sys.executable, "-m", "pre_commit"]


def run_pre_commit(project: Path, home: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, **GIT_ENV, "PRE_COMMIT_HOME": str(home), "PRE_COMMIT_COLOR": "never",
           "NO_COLOR": "1"}
    env.pop("SKIP", None)
    return subprocess.run([*pre_commit_command(), *args], cwd=project, env=env,
                          capture_output=True, text=True, timeout=900)


@pytest.fixture(scope="session")
def hook_repo(tmp_path_factory) -> tuple[Path, str]:
    """This checkout's working tree, committed in a temporary git repository."""
    pre_commit_command()
    repo = tmp_path_factory.mktemp("hook-repo") / "summcheck"
    shutil.copytree(REPO, repo, symlinks=True, ignore=COPY_IGNORE)
    git(repo, "init", "-q")
    return repo, commit_all(repo, "summcheck as it is in the working tree")


@pytest.fixture(scope="session")
def pre_commit_home(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("pre-commit-home")


@pytest.fixture
def run_hook(hook_repo, pre_commit_home):
    """Run a hook of the hook repository in a project through `pre-commit run`."""
    repo, rev = hook_repo

    def run(project: Path, hook: str, *args: str) -> subprocess.CompletedProcess:
        config = project / ".pre-commit-config.yaml"
        if not config.exists():
            config.write_text(f"repos:\n  - repo: {repo.as_posix()}\n    rev: {rev}\n"
                              f"    hooks:\n      - id: summcheck\n      - id: summcheck-all\n",
                              encoding="utf-8")
            commit_all(project, "pre-commit config")
        return run_pre_commit(project, pre_commit_home, "run", hook, "--verbose", *args)

    return run


# ---------------------------------------------------------------- the hooks file


def test_hooks_file_declares_both_hooks():
    import re

    import yaml

    hooks = {h["id"]: h for h in yaml.safe_load(HOOKS_FILE.read_text(encoding="utf-8"))}
    assert set(hooks) == {"summcheck", "summcheck-all"}
    one, every = hooks["summcheck"], hooks["summcheck-all"]
    # Changed files come after --changed and an end of options ("--"), so that a file named
    # "--output=README.md" is a file name, never an option.
    assert one["entry"] == "summcheck check --changed --"
    assert every["entry"] == "summcheck check"
    assert one["language"] == every["language"] == "python"
    assert one["pass_filenames"] is True and one["require_serial"] is True
    assert every["pass_filenames"] is False and every["always_run"] is True
    assert all("minimum_pre_commit_version" in h for h in hooks.values())
    # Every changed file is passed: a source may have any name or none (`MPL-2.0`), and
    # --changed leaves out what no summary uses.
    assert "files" not in one and "types" not in one


# ---------------------------------------------------------------- mapping changed files


def test_summaries_for_maps_sources_and_claims_to_their_summaries(tmp_path, monkeypatch):
    project = make_project(tmp_path / "p", "rfc3986", "fhs", "defects")
    monkeypatch.chdir(project)
    ex = Path("examples")
    rfc, fhs, defects = (ex / "rfc3986/summary.md", ex / "fhs/summary.md",
                         ex / "defects/summary.md")
    root = Path(".")
    assert summaries_for([rfc], root) == [rfc]
    assert summaries_for([ex / "rfc3986/claims.jsonl"], root) == [rfc]
    assert summaries_for([ex / "rfc3986/rfc3986.txt"], root) == [rfc]
    # the FHS PDF is the source of two summaries (defects names it as ../fhs/fhs-3.0.pdf)
    assert summaries_for([ex / "fhs/fhs-3.0.pdf"], root) == [defects, fhs]
    assert summaries_for([Path("README.md"), Path("nothing.txt")], root) == []
    # sorted and unique, however the files are named
    both = summaries_for([ex / "fhs/fhs-3.0.pdf", (project / rfc), ex / "defects/claims.jsonl",
                          Path("./examples/../examples/rfc3986/claims.jsonl")], root)
    assert both == [defects, fhs, rfc]
    # a deleted claims file still maps to the summary that names it
    (ex / "rfc3986/claims.jsonl").unlink()
    assert summaries_for([ex / "rfc3986/claims.jsonl"], root) == [rfc]
    # a deleted summary maps to nothing
    rfc.unlink()
    assert summaries_for([rfc], root) == []


def test_summaries_for_uses_the_configuration_and_the_claims_files_source(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    docs = tmp_path / "docs"
    docs.mkdir()
    shutil.copy(EXAMPLES / "rfc3986/rfc3986.txt", docs / "rfc3986.txt")
    shutil.copy(EXAMPLES / "rfc3986/claims.jsonl", docs / "claims.jsonl")
    body = (EXAMPLES / "rfc3986/summary.md").read_text(encoding="utf-8").split("---\n", 2)[2]
    (docs / "mapped.md").write_text(body, encoding="utf-8")  # no front matter at all
    (tmp_path / "summcheck.toml").write_text(
        '[summaries."docs/mapped.md"]\nsource = "docs/rfc3986.txt"\nclaims = "docs/claims.jsonl"\n',
        encoding="utf-8")
    # a summary whose claims file (mapping form) names the source
    (docs / "claims.yaml").write_text("source: other.txt\nclaims: []\n", encoding="utf-8")
    (docs / "other.txt").write_text("1.  Intro\n\nSome text.\n", encoding="utf-8")
    (docs / "via-claims.md").write_text("---\nclaims: claims.yaml\n---\n# Nothing\n",
                                        encoding="utf-8")
    (docs / "plain.md").write_text("---\ntitle: a page of docs\n---\n# Docs\n", encoding="utf-8")
    config = load_config(tmp_path / "summcheck.toml")
    root = Path(".")
    mapped, via = Path("docs/mapped.md"), Path("docs/via-claims.md")
    assert is_summary(mapped, config) and not is_summary(mapped, None)
    assert not is_summary(Path("docs/plain.md"), config)
    assert summaries_for([Path("docs/rfc3986.txt")], root, config) == [mapped]
    assert summaries_for([Path("docs/claims.jsonl")], root, config) == [mapped]
    assert summaries_for([Path("docs/rfc3986.txt")], root, None) == []
    assert summaries_for([Path("docs/other.txt")], root, config) == [via]
    assert inputs_of(via, config) == {(docs / "claims.yaml").resolve(),
                                      (docs / "other.txt").resolve()}
    assert summaries_for([Path("docs/plain.md")], root, config) == []


def test_summaries_for_skips_hidden_folders(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copytree(EXAMPLES / "rfc3986", tmp_path / ".cache" / "rfc3986")
    shutil.copytree(EXAMPLES / "rfc3986", tmp_path / "node_modules" / "rfc3986")
    assert summaries_for([Path(".cache/rfc3986/rfc3986.txt")], Path(".")) == []
    # a changed summary is itself checked wherever it lies
    assert summaries_for([Path(".cache/rfc3986/summary.md")], Path(".")) == [
        Path(".cache/rfc3986/summary.md")]


# ---------------------------------------------------------------- summcheck check FILE…


def cli(project: Path, monkeypatch, *args: str):
    monkeypatch.chdir(project)
    return CliRunner().invoke(app, ["check", "--format", "json", *args])


def checked(result) -> list[str]:
    import json

    return [s["path"] for s in json.loads(result.stdout)["summaries"]]


def test_check_maps_non_summary_files_to_their_summaries(tmp_path, monkeypatch):
    """The hook passes changed files with --changed: each maps to the summaries using it."""
    project = make_project(tmp_path / "p", "rfc3986", "fhs", "defects")
    (project / "workflow.yml").write_text("on: push\n", encoding="utf-8")
    result = cli(project, monkeypatch, "--changed", "examples/rfc3986/claims.jsonl",
                 "README.md", "workflow.yml")
    assert result.exit_code == 0, result.output
    assert checked(result) == ["examples/rfc3986/summary.md"]
    result = cli(project, monkeypatch, "--changed", "examples/rfc3986/summary.md",
                 "examples/rfc3986/rfc3986.txt")
    assert result.exit_code == 0 and checked(result) == ["examples/rfc3986/summary.md"]
    result = cli(project, monkeypatch, "--changed", "examples/fhs/fhs-3.0.pdf")
    assert result.exit_code == 1
    assert checked(result) == ["examples/defects/summary.md", "examples/fhs/summary.md"]
    # a changed file nothing uses: ignored silently, nothing checked, exit 0
    result = cli(project, monkeypatch, "--changed", "README.md")
    assert result.exit_code == 0 and checked(result) == []
    # named without --changed it must be a summary: no vacuous pass
    result = cli(project, monkeypatch, "README.md")
    assert result.exit_code == 2 and "README.md: not a summary" in result.stderr
    # a missing path named explicitly is exit 2
    result = cli(project, monkeypatch, "examples/rfc3986/missing.jsonl")
    assert result.exit_code == 2 and "no such file" in result.stderr


def test_check_keeps_named_summaries_without_front_matter_given_source_and_claims(
        tmp_path, monkeypatch):
    shutil.copytree(EXAMPLES / "rfc3986", tmp_path / "rfc")
    body = (tmp_path / "rfc/summary.md").read_text(encoding="utf-8").split("---\n", 2)[2]
    (tmp_path / "rfc/bare.md").write_text(body, encoding="utf-8")
    result = cli(tmp_path, monkeypatch, "rfc/bare.md", "--source", "rfc/rfc3986.txt",
                 "--claims", "rfc/claims.jsonl")
    assert result.exit_code == 0, result.output
    assert checked(result) == ["rfc/bare.md"]
    # without them it is no summary: named explicitly, that is an error
    result = cli(tmp_path, monkeypatch, "rfc/bare.md")
    assert result.exit_code == 2 and "not a summary" in result.stderr


def test_check_still_reports_a_summary_with_broken_front_matter(tmp_path, monkeypatch):
    (tmp_path / "s.md").write_text("---\n- a list\n---\n# S\n\nText (p. 1).\n", encoding="utf-8")
    result = cli(tmp_path, monkeypatch, "s.md")
    assert result.exit_code == 2 and "front matter" in result.stderr


# ---------------------------------------------------------------- the real pre-commit


@pytest.mark.integration
def test_try_repo_passes_a_clean_summary_and_maps_changed_files(tmp_path, hook_repo):
    """`pre-commit try-repo` with this checkout's hooks, as a user would try them."""
    repo, _ = hook_repo
    project = make_project(tmp_path / "project", "rfc3986")
    replace_in(project / "examples/rfc3986/claims.jsonl", QUERY_QUOTE,
               QUERY_QUOTE.replace("may", "must"))
    done = run_pre_commit(project, tmp_path / "home", "try-repo", str(repo), "summcheck",
                          "--verbose", "--files", "README.md", "examples/rfc3986/claims.jsonl")
    out = done.stdout + done.stderr
    assert done.returncode == 1, out
    assert "summcheck" in out and "Failed" in out
    assert "SUM201" in out and "examples/rfc3986/claims.jsonl" in out
    assert "examples/rfc3986/summary.md" in out


@pytest.mark.integration
def test_hook_passes_a_clean_summary(tmp_path, run_hook):
    project = make_project(tmp_path / "project", "rfc3986", "fhs", "defects")
    done = run_hook(project, "summcheck", "--files", "examples/rfc3986/summary.md")
    out = done.stdout + done.stderr
    assert done.returncode == 0, out
    assert "Passed" in out and "Checked examples/rfc3986/summary.md" in out


@pytest.mark.integration
def test_hook_fails_a_summary_with_defects(tmp_path, run_hook):
    project = make_project(tmp_path / "project", "rfc3986", "fhs", "defects")
    done = run_hook(project, "summcheck", "--files", "examples/defects/summary.md")
    out = done.stdout + done.stderr
    assert done.returncode == 1, out
    assert "Failed" in out
    for code in ("SUM101", "SUM102", "SUM103", "SUM104", "SUM201", "SUM202"):
        assert code in out, code
    assert "examples/rfc3986" not in out


@pytest.mark.integration
def test_hook_rechecks_the_summary_when_only_its_claims_change(tmp_path, run_hook):
    project = make_project(tmp_path / "project", "rfc3986", "fhs", "defects")
    claims = "examples/rfc3986/claims.jsonl"
    done = run_hook(project, "summcheck", "--files", claims)
    assert done.returncode == 0, done.stdout
    assert "Checked examples/rfc3986/summary.md" in done.stdout
    replace_in(project / claims, QUERY_QUOTE, QUERY_QUOTE.replace("may", "must"))
    done = run_hook(project, "summcheck", "--files", claims)
    assert done.returncode == 1, done.stdout
    assert "SUM201" in done.stdout and "examples/rfc3986/summary.md" in done.stdout
    assert "examples/defects" not in done.stdout


@pytest.mark.integration
def test_hook_rechecks_the_summary_when_only_its_source_changes(tmp_path, run_hook):
    project = make_project(tmp_path / "project", "rfc3986", "fhs", "defects")
    source = "examples/rfc3986/rfc3986.txt"
    replace_in(project / source, SOURCE_PHRASE, SOURCE_PHRASE.replace("may", "can"))
    done = run_hook(project, "summcheck", "--files", source)
    assert done.returncode == 1, done.stdout
    assert "SUM201" in done.stdout and "examples/rfc3986/summary.md" in done.stdout


@pytest.mark.integration
def test_hook_rechecks_the_summary_when_its_extensionless_source_changes(tmp_path, run_hook):
    project = make_project(tmp_path / "project", "rfc3986")
    folder = project / "examples" / "rfc3986"
    (folder / "rfc3986.txt").rename(folder / "RFC-3986")
    replace_in(folder / "summary.md", "source: rfc3986.txt", "source: RFC-3986")
    done = run_hook(project, "summcheck", "--files", "examples/rfc3986/RFC-3986")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Checked examples/rfc3986/summary.md" in done.stdout
    replace_in(folder / "RFC-3986", SOURCE_PHRASE, SOURCE_PHRASE.replace("may", "can"))
    done = run_hook(project, "summcheck", "--files", "examples/rfc3986/RFC-3986")
    assert done.returncode == 1, done.stdout
    assert "SUM201" in done.stdout and "examples/rfc3986/summary.md" in done.stdout


@pytest.mark.integration
def test_hook_ignores_files_that_no_summary_uses(tmp_path, run_hook):
    project = make_project(tmp_path / "project", "rfc3986", "fhs", "defects")
    (project / "notes.txt").write_text("unrelated\n", encoding="utf-8")
    (project / "data.yaml").write_text("a: 1\n", encoding="utf-8")
    done = run_hook(project, "summcheck", "--files", "README.md", "notes.txt", "data.yaml")
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.integration
def test_hook_runs_on_staged_files_as_a_commit_would(tmp_path, run_hook):
    project = make_project(tmp_path / "project", "rfc3986", "fhs", "defects")
    run_hook(project, "summcheck", "--files", "README.md")  # writes and commits the config
    replace_in(project / "examples/rfc3986/rfc3986.txt", SOURCE_PHRASE,
               SOURCE_PHRASE.replace("may", "can"))
    git(project, "add", "examples/rfc3986/rfc3986.txt")
    done = run_hook(project, "summcheck")
    assert done.returncode == 1, done.stdout
    assert "examples/rfc3986/summary.md" in done.stdout


@pytest.mark.integration
def test_all_hook_checks_the_whole_project(tmp_path, run_hook):
    clean = make_project(tmp_path / "clean", "rfc3986", "fhs")
    done = run_hook(clean, "summcheck-all", "--all-files")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "examples/rfc3986/summary.md" in done.stdout and "examples/fhs/summary.md" in done.stdout
    dirty = make_project(tmp_path / "dirty", "rfc3986", "fhs", "defects")
    done = run_hook(dirty, "summcheck-all", "--all-files")
    assert done.returncode == 1, done.stdout
    assert "examples/defects/summary.md" in done.stdout
    # it runs even when the files a commit touches are none of its business
    done = run_hook(dirty, "summcheck-all", "--files", "README.md")
    assert done.returncode == 1, done.stdout


@pytest.mark.integration
def test_a_file_named_like_an_option_stays_a_file_name(tmp_path, run_hook):
    """Issue 16: a committed `--output=README.md` reaches both hooks as a file name, never as
    an option (`--` ends the options of `summcheck`; `summcheck-all` passes no file names)."""
    project = make_project(tmp_path / "project", "rfc3986")
    readme = (project / "README.md").read_bytes()
    (project / "--output=README.md").write_text("# Named like an option\n", encoding="utf-8")
    commit_all(project, "a file named like an option")
    for hook in ("summcheck", "summcheck-all"):
        done = run_hook(project, hook, "--all-files")
        assert done.returncode == 0, done.stdout + done.stderr
        assert (project / "README.md").read_bytes() == readme, hook
    import yaml

    hooks = {h["id"]: h for h in yaml.safe_load(HOOKS_FILE.read_text(encoding="utf-8"))}
    assert hooks["summcheck"]["entry"].split()[-1] == "--"
    assert hooks["summcheck-all"]["pass_filenames"] is False
