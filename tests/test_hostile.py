"""The hostile corpus: tests/hostile/<case>/ holds what an attacker can put into a pull request
(summaries, claim files, sources, configurations, file names) and case.yaml says what summcheck
must do with it. tests/hostile/README.md describes the format.

Every case runs in a temporary copy of its folder (no git repository and no configuration
above it, so the copy is the repository root), in-process unless it asks for a child process.
Besides its own expectations, every case must hold the invariants a CI gate owes its users:
no traceback, no input changed, nothing created but the outputs it names (no temporary file left
behind), exit 2 only with a cause on stderr, and no line of stdout or stderr that a CI runner
would execute as a workflow command other than the annotations the format itself emits.
"""
from __future__ import annotations

import codecs
import gc
import io
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

HOSTILE = Path(__file__).resolve().parent / "hostile"
CASE_KEYS = {"description", "issue", "args", "setup", "env", "subprocess", "timeout", "expect"}
EXPECT_KEYS = {"exit", "stdout", "stderr", "commands", "created"}
# The workflow commands of the GitHub runner (and those it still parses although deprecated).
WORKFLOW_COMMANDS = {"error", "warning", "notice", "debug", "group", "endgroup", "add-mask",
                     "set-output", "set-env", "add-path", "save-state", "stop-commands",
                     "echo", "add-matcher", "remove-matcher"}


def unescape(text: str) -> str:
    r"""A name as a case writes it: `\xff` escapes stand for bytes (a file name that is not
    UTF-8); the result is the str Python uses for those bytes (surrogateescape)."""
    if "\\" not in text:
        return text
    return os.fsdecode(codecs.escape_decode(text.encode("utf-8"))[0])


def _case_dirs() -> list[Path]:
    return sorted(p for p in HOSTILE.iterdir() if (p / "case.yaml").is_file())


def _load(folder: Path) -> dict:
    case = yaml.safe_load((folder / "case.yaml").read_text(encoding="utf-8"))
    assert isinstance(case, dict), f"{folder.name}/case.yaml is no mapping"
    return case


def _params():
    for folder in _case_dirs():
        yield pytest.param(folder, id=folder.name)


def _prepare(folder: Path, work: Path, setup: dict) -> None:
    """Copy the case and make what git cannot hold: symlinks, FIFOs, names that are not UTF-8."""
    shutil.copytree(folder, work, symlinks=True, ignore=shutil.ignore_patterns("case.yaml"))
    for old, new in (setup.get("rename") or {}).items():
        os.rename(work / old, work / unescape(new))
    for name, target in (setup.get("symlinks") or {}).items():
        os.symlink(unescape(target), work / unescape(name))
    for name in setup.get("fifos") or []:
        os.mkfifo(work / unescape(name))


def _snapshot(root: Path) -> dict[str, bytes | str | None]:
    """Every entry under `root`: a file's bytes, a link's target, None for anything else."""
    entries: dict[str, bytes | str | None] = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            path = Path(dirpath) / name
            key = path.relative_to(root).as_posix()
            if path.is_symlink():
                entries[key] = "-> " + os.readlink(path)
            elif path.is_file():
                entries[key] = path.read_bytes()
            else:
                entries[key] = None
    return entries


class _Run:
    def __init__(self, code: int, stdout: str, stderr: str, seconds: float) -> None:
        self.code, self.stdout, self.stderr, self.seconds = code, stdout, stderr, seconds


def _stream() -> io.TextIOWrapper:
    # What a CI runner gives: UTF-8, strict (a surrogate that reaches it is an error, as there).
    return io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict", write_through=True)


def _text(stream: io.TextIOWrapper) -> str:
    stream.flush()
    return stream.buffer.getvalue().decode("utf-8", "backslashreplace")  # type: ignore[attr-defined]


def run_in_process(args: list[str], work: Path, env: dict[str, str], monkeypatch) -> _Run:
    from summcheck import cli

    monkeypatch.chdir(work)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(sys, "argv", ["summcheck", *args])
    out, err = _stream(), _stream()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    started = time.monotonic()
    code = 0
    try:
        cli.main()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    finally:
        gc.enable()  # main() turns the collector off for the process it owns
    return _Run(code, _text(out), _text(err), time.monotonic() - started)


def run_in_child(args: list[str], work: Path, env: dict[str, str], timeout: float) -> _Run:
    child_env = dict(os.environ, NO_COLOR="1", PYTHONIOENCODING="utf-8:strict", **env)
    for name in ("GITHUB_ACTIONS", "FORCE_COLOR", "CI"):
        if name not in env:
            child_env.pop(name, None)
    started = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "summcheck", *args], cwd=work, env=child_env,
                          capture_output=True, stdin=subprocess.DEVNULL, timeout=timeout)
    return _Run(proc.returncode, proc.stdout.decode("utf-8", "backslashreplace"),
                proc.stderr.decode("utf-8", "backslashreplace"), time.monotonic() - started)


def injected_commands(output: str, allowed: set[str]) -> list[str]:
    """The lines of `output` that a GitHub runner would execute as a workflow command it
    should not: `::name ...::` (leading whitespace is ignored by the runner) with a name
    other than the `allowed` ones."""
    found = []
    for line in output.split("\n"):
        stripped = line.lstrip()
        if not stripped.startswith("::"):
            continue
        name = stripped[2:].split("::", 1)[0].split(" ", 1)[0].lower()
        if name not in allowed:
            found.append(line)
    return found


def _expect_text(stream: str, where: str, rules: dict) -> None:
    for needle in rules.get("contains", []) or []:
        assert needle in stream, f"{where} lacks {needle!r}:\n{stream[-3000:]}"
    for needle in rules.get("lacks", []) or []:
        assert needle not in stream, f"{where} holds {needle!r}:\n{stream[-3000:]}"


@pytest.mark.parametrize("folder", list(_params()))
def test_hostile_case(folder: Path, tmp_path: Path, monkeypatch) -> None:
    case = _load(folder)
    assert set(case) <= CASE_KEYS, f"unknown keys {set(case) - CASE_KEYS}"
    expect = case.get("expect") or {}
    assert set(expect) <= EXPECT_KEYS, f"unknown expect keys {set(expect) - EXPECT_KEYS}"
    work = tmp_path / "case"
    _prepare(folder, work, case.get("setup") or {})
    args = [unescape(str(a)) for a in case["args"]]
    env = {str(k): str(v) for k, v in (case.get("env") or {}).items()}
    timeout = float(case.get("timeout", 60))
    before = _snapshot(work)
    if case.get("subprocess"):
        run = run_in_child(args, work, env, timeout)
    else:
        run = run_in_process(args, work, env, monkeypatch)
    detail = f"\n--- stdout\n{run.stdout[-3000:]}\n--- stderr\n{run.stderr[-2000:]}"

    exits = expect.get("exit", [0, 1])
    exits = exits if isinstance(exits, list) else [exits]
    assert run.code in exits, f"exit {run.code}, expected {exits}{detail}"
    assert run.seconds <= timeout, f"took {run.seconds:.1f} s, allowed {timeout} s"
    both = run.stdout + run.stderr
    assert "Traceback" not in both and "internal error" not in both, detail
    if run.code == 2:
        assert run.stderr.strip(), "exit 2 without a cause on stderr"
    _expect_text(run.stdout, "stdout", expect.get("stdout") or {})
    _expect_text(run.stderr, "stderr", expect.get("stderr") or {})
    allowed = {str(c).lower() for c in expect.get("commands", [])}
    for where, stream in (("stdout", run.stdout), ("stderr", run.stderr)):
        bad = injected_commands(stream, allowed)
        assert not bad, f"{where} holds workflow commands: {bad[:3]}{detail}"

    after = _snapshot(work)
    created = {unescape(str(p)) for p in expect.get("created", [])}
    for name, content in before.items():
        assert after.get(name) == content, f"{name} changed or disappeared{detail}"
    appeared = sorted(set(after) - set(before) - created)
    assert not appeared, f"files appeared: {appeared}{detail}"


def test_the_corpus_covers_the_hardening_issues() -> None:
    """Every case is well formed, says what it checks, and belongs to issue 15, 16 or 23."""
    folders = _case_dirs()
    assert folders, "no hostile cases"
    for folder in folders:
        case = _load(folder)
        assert case.get("description"), folder.name
        assert case.get("issue") in (15, 16, 23), folder.name
        assert isinstance(case.get("args"), list) and case["args"], folder.name


def test_injected_commands_sees_what_a_runner_executes() -> None:
    output = "ok\n::error file=a.md,line=1::fine\n  ::set-output name=x::y\nnot ::warning::\n"
    assert injected_commands(output, {"error"}) == ["  ::set-output name=x::y"]
    assert injected_commands("a\\n::warning::x", set()) == []
