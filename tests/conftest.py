"""Shared test machinery.

`run_line` (a fixture) and `run_summcheck` (the same as a plain function, for module-level
helpers) run the command line in this process: `summcheck.cli.main()` with the arguments in
`sys.argv`, as `python -m summcheck` runs it, but without the half-second interpreter start-up.
The streams are what a CI runner gives (UTF-8, strict: a surrogate that reaches them is an
error, as it is there), stdin is empty, and everything `main()` changes for the process it owns
(working directory, environment, the cyclic collector, signal handlers) is put back afterwards.

The dozen tests where the process boundary is the point (signals, PYTHONHASHSEED determinism,
the `python -m summcheck` entry, real installs, pre-commit, actionlint) keep a real child process
and carry the `integration` marker; the default `python -m pytest -q` leaves them out and
`python -m pytest -q -m integration` runs them (`.ci/run` runs both).

The default run spreads the tests over one pytest-xdist worker a core (`-n auto` in pyproject's
addopts; `pytest_xdist_auto_num_workers` below keeps named tests and `-m integration` in one
process; `-n 0` runs without workers). Each worker is a test process of its own: its own
temporary folders, session fixtures and in-process runs.

Hypothesis runs a modest number of examples by default (profile "default");
SUMMCHECK_HYPOTHESIS_PROFILE=deep runs many more, SUMMCHECK_HYPOTHESIS_EXAMPLES=N exactly N.
"""
from __future__ import annotations

import gc
import io
import os
import signal
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator, Mapping

import pytest

try:
    from hypothesis import HealthCheck, settings as _hypothesis_settings
except ImportError:  # pragma: no cover - hypothesis is a test extra
    pass
else:
    # The property tests take their example counts from the profile loaded here: a modest
    # "default", "deep" for a long run (SUMMCHECK_HYPOTHESIS_PROFILE=deep), or an exact count
    # (SUMMCHECK_HYPOTHESIS_EXAMPLES=N).
    _quiet = [HealthCheck.too_slow, HealthCheck.data_too_large]
    _hypothesis_settings.register_profile("default", max_examples=30, deadline=None,
                                          suppress_health_check=_quiet)
    _hypothesis_settings.register_profile("deep", max_examples=1000, deadline=None,
                                          suppress_health_check=_quiet)
    _hypothesis_settings.load_profile(os.environ.get("SUMMCHECK_HYPOTHESIS_PROFILE", "default"))
    if os.environ.get("SUMMCHECK_HYPOTHESIS_EXAMPLES"):
        _hypothesis_settings.register_profile(
            "explicit", _hypothesis_settings.default,
            max_examples=int(os.environ["SUMMCHECK_HYPOTHESIS_EXAMPLES"]))
        _hypothesis_settings.load_profile("explicit")


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """How many pytest-xdist workers `-n auto` (in pyproject's addopts) starts: one a core
    (xdist's own count) for the default suite, whose tests are in-process and keep to their
    own temporary folders; none, so that the tests run in this process as they would without
    xdist, for a run of named tests (`tests/test_x.py::test_y`: starting workers would cost
    more than it saves) or any other marker selection, such as `-m integration`, whose child
    processes, installs, signal timings and session-wide pre-commit environment are not meant
    to share the cores. `-n N` on the command line overrides this; so does `-n 0`, which, not
    `-p no:xdist`, is the way to run without workers (addopts names `-n`)."""
    if " ".join(config.option.markexpr.split()) != "not integration":
        return 0
    if any("::" in str(arg) for arg in config.args):
        return 0
    return None  # xdist's default: PYTEST_XDIST_AUTO_NUM_WORKERS, else the number of CPUs

# What a CI job does not set but a developer's shell may: left out of every run, as the
# subprocess tests left them out of the child's environment where it mattered.
_CI_VARIABLES = ("GITHUB_ACTIONS", "FORCE_COLOR", "CI")
_SIGNALS = [getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP", "SIGPIPE", "SIGQUIT")
            if hasattr(signal, name)]


def _stream(data: bytes = b"") -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="strict", write_through=True)


def _bytes(stream: io.TextIOWrapper) -> bytes:
    stream.flush()
    return stream.buffer.getvalue()  # type: ignore[attr-defined]


@contextmanager
def _process_state(cwd: Path | str | None, env: Mapping[str, str] | None,
                   unset: tuple[str, ...], replace_env: bool = False) -> Iterator[None]:
    saved_env = dict(os.environ)
    saved_cwd = os.getcwd()
    saved_argv = sys.argv
    saved_streams = sys.stdin, sys.stdout, sys.stderr
    saved_handlers = {signum: signal.getsignal(signum) for signum in _SIGNALS}
    gc_was_enabled = gc.isenabled()
    try:
        if replace_env:
            os.environ.clear()
        for name in unset:
            os.environ.pop(name, None)
        if env:
            os.environ.update({str(k): str(v) for k, v in env.items()})
        if cwd is not None:
            os.chdir(cwd)
        yield
    finally:
        sys.argv = saved_argv
        sys.stdin, sys.stdout, sys.stderr = saved_streams
        os.chdir(saved_cwd)
        os.environ.clear()
        os.environ.update(saved_env)
        for signum, handler in saved_handlers.items():
            if handler is not None:
                signal.signal(signum, handler)
        if gc_was_enabled:
            gc.enable()  # main() turns the collector off for the process it owns


class Result(subprocess.CompletedProcess):
    """A finished in-process run, shaped like the `subprocess.run(..., text=True)` result the
    tests used to get: `returncode`, `stdout` and `stderr` as str (undecodable bytes, which the
    strict streams never let through, would show as backslash escapes); the raw bytes in
    `stdout_bytes` and `stderr_bytes`."""

    def __init__(self, args: list[str], returncode: int, out: bytes, err: bytes) -> None:
        super().__init__(["summcheck", *args], returncode,
                         out.decode("utf-8", "backslashreplace"),
                         err.decode("utf-8", "backslashreplace"))
        self.stdout_bytes, self.stderr_bytes = out, err

    @property
    def code(self) -> int:
        return self.returncode


def run_in_process(entry: Callable[[], object], *, cwd: Path | str | None = None,
                   env: Mapping[str, str] | None = None, replace_env: bool = False,
                   stdin: bytes | str = b"", argv: list[str] | None = None,
                   unset: tuple[str, ...] = _CI_VARIABLES) -> Result:
    """`entry()` as a process's main program: in `cwd`, with `env` added to the environment (or,
    with `replace_env`, as the whole environment), strict UTF-8 streams and `sys.argv = argv`.
    The exit code is that of the SystemExit raised, or what `entry` returns (None is 0)."""
    argv = argv or ["summcheck"]
    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    out, err = _stream(), _stream()
    with _process_state(cwd, env, () if replace_env else unset, replace_env):
        sys.argv = list(argv)
        sys.stdin, sys.stdout, sys.stderr = _stream(data), out, err
        try:
            returned = entry()
            code = returned if isinstance(returned, int) else 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    return Result(argv[1:], code, _bytes(out), _bytes(err))


def run_summcheck(*args: str | os.PathLike, cwd: Path | str | None = None,
                  env: Mapping[str, str] | None = None, stdin: bytes | str = b"",
                  unset: tuple[str, ...] = _CI_VARIABLES) -> Result:
    """`summcheck ARGS` in `cwd`, in this process; `env` adds to (or overrides) the environment
    for the run. NO_COLOR is set, as a CI log has no colours, unless `env` sets it."""
    from summcheck import cli

    return run_in_process(cli.main, cwd=cwd, env={"NO_COLOR": "1", **(env or {})}, stdin=stdin,
                          argv=["summcheck", *(os.fspath(a) for a in args)], unset=unset)


@pytest.fixture(autouse=True)
def _own_source_cache(tmp_path_factory, monkeypatch):
    """Every test its own, empty cache of loaded sources (SUMMCHECK_CACHE_DIR): no entry one
    test wrote (or a run from the work tree left) answers another's load, and none is written
    into the repository. tests/test_cache.py tests the cache itself."""
    monkeypatch.setenv("SUMMCHECK_CACHE_DIR", str(tmp_path_factory.mktemp("source-cache")))


@pytest.fixture(autouse=True, scope="session")
def _own_key_file(tmp_path_factory):
    """The test session's own secret key (SUMMCHECK_KEY_FILE, made on first use: signing.py),
    so that no test writes one into the user's home. For the session, not a test: module
    fixtures run audits too, and they start before a test's own fixtures."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SUMMCHECK_KEY_FILE", str(tmp_path_factory.mktemp("key") / "key"))
        yield


@pytest.fixture
def run_line():
    """`run_line(*args, cwd=..., env=...)`: the command line in this process (see the module
    docstring), like check-jsonschema's fixture of the same name."""
    return run_summcheck


# ---------------------------------------------------------------- cost in CPU time

def cpu_seconds(run: Callable[[], object]) -> float:
    """The CPU time this process spends in `run()` (not wall-clock time: the machine may be
    shared, and a test must not fail because another job took the cores), the cyclic
    collector off."""
    import time

    # With the collector off, as the command line runs: a full collection walks every live
    # object, so how often it runs would make the cost of big inputs look superlinear.
    # Before it, the young generations are collected: what the last timed run left (made with
    # the collector off, so still young) is freed, and no collection is due during `run()`.
    # Not a full collection: that walks every long-lived object of the test process, a tenth
    # of a second each time late in a session, and frees nothing the timing depends on.
    enabled = gc.isenabled()
    gc.collect(1)
    gc.disable()
    try:
        started = time.process_time()
        run()
        return time.process_time() - started
    finally:
        if enabled:
            gc.enable()


def assert_scales_linearly(run: Callable[[int], object], n: int, *, factor: int = 4,
                           slack: float = 5.0, floor: float = 0.1, rounds: int = 3) -> None:
    """`run(factor * n)` costs at most `slack` times `run(n)` in CPU time: linear work passes
    (about `factor` times), quadratic work (about `factor` squared) fails. Each size is timed
    up to `rounds` times, interleaved, and the fastest run of each taken (the least disturbed
    by other jobs); below `floor` seconds timing is noise, so it counts as `floor`. Keep the
    sizes modest (a big run's data falling out of the CPU caches is slower per item without
    being worse than linear).

    The check is made after each round and ends at the first that passes: another round is
    only worth its cost when load elsewhere has spoilt the timings so far. Work that really
    grows quadratically fails every round, as it failed the fastest of all of them (`factor`
    squared is over three times the `slack`, far beyond what CPU-time noise makes of it), once
    its smaller run is above `slack * floor / factor**2` (31 ms with the defaults): sizes may
    grow, never shrink below that. Each round times the big input first, so that whatever a
    first call pays once (imports, compiled patterns, caches) counts against passing, never
    for it."""
    smalls: list[float] = []
    bigs: list[float] = []
    for _ in range(rounds):  # interleaved, so that a burst of load elsewhere hits both sizes
        bigs.append(cpu_seconds(lambda: run(factor * n)))
        smalls.append(cpu_seconds(lambda: run(n)))
        small, big = min(smalls), min(bigs)
        if big <= slack * max(small, floor):
            return
    raise AssertionError(
        f"{factor}x the input took {big:.3f} s of CPU time, {big / max(small, 1e-9):.1f}x the "
        f"{small:.3f} s of the smaller one (linear is about {factor}x), fastest of {rounds} "
        f"rounds")
