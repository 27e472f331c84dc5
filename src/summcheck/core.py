"""Which implementation does the per-claim text work: the compiled core (`rust/`, built into
`summcheck._core` when a Rust toolchain was there at install time) or its Python twin, which is
the test oracle and gives the same answers byte for byte (tests/test_core.py).

`SUMMCHECK_CORE=python` in the environment makes a run use the Python twin although the core
is built: to compare the two, or to rule the core out when something looks wrong.
"""
from __future__ import annotations

import os
from types import ModuleType


def _load() -> ModuleType | None:
    if os.environ.get("SUMMCHECK_CORE", "").strip().lower() == "python":
        return None
    try:
        from . import _core  # type: ignore[attr-defined]
    except ImportError:  # not built: no Rust toolchain at install time, or an old build
        return None
    return _core


#: The compiled module, or None where the Python twin does the work.
native: ModuleType | None = _load()


def name() -> str:
    """How `summcheck --version` names the core in use."""
    if native is not None:
        return f"compiled core {native.__version__} (Rust)"
    if os.environ.get("SUMMCHECK_CORE", "").strip().lower() == "python":
        return "Python core (SUMMCHECK_CORE=python)"
    return "Python core (the compiled core is not built)"


__all__ = ["native", "name"]
