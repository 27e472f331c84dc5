"""Fuzz one target with atheris: `python tests/fuzz/fuzz_one.py TARGET [libFuzzer options] [corpus dirs]`.

tests/fuzz/run.py starts this once per target; run it by hand to fuzz one parser for longer.
"""
from __future__ import annotations

import atexit
import shlex
import shutil
import sys
import tempfile
from pathlib import Path

import atheris

sys.path.insert(0, str(Path(__file__).resolve().parent))

# Coverage guidance needs the parsers instrumented: summcheck and the pure-Python parsers it
# builds on (YAML, TOML, Markdown), whose branches decide what reaches summcheck's code.
with atheris.instrument_imports(include=["summcheck", "yaml", "tomllib", "markdown_it",
                                         "mdit_py_plugins", "fuzz_targets"]):
    import fuzz_targets


def _relauncher(target: str) -> str:
    """An executable that starts this script for `target` again.

    libFuzzer's -merge runs argv[0] as a child with its own options; this script takes the
    target first, and is not executable itself, so the child needs a launcher.
    """
    folder = Path(tempfile.mkdtemp(prefix="summcheck-fuzz-launch-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    launcher = folder / f"fuzz-{target}"
    command = " ".join(shlex.quote(part) for part in (sys.executable, str(Path(__file__).resolve()), target))
    launcher.write_text(f'#!/bin/sh\nexec {command} "$@"\n', encoding="utf-8")
    launcher.chmod(0o700)
    return str(launcher)


def main() -> None:
    """Hand the named target and the remaining arguments to libFuzzer."""
    if len(sys.argv) < 2 or sys.argv[1] not in fuzz_targets.TARGETS:
        sys.exit(f"usage: fuzz_one.py TARGET [libFuzzer options]; targets: {', '.join(fuzz_targets.TARGETS)}")
    name = sys.argv[1]
    atheris.Setup([_relauncher(name), *sys.argv[2:]], fuzz_targets.TARGETS[name])
    atheris.Fuzz()


if __name__ == "__main__":
    main()
