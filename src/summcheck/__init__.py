"""summcheck: a deterministic gate for document summaries."""
from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["__version__", "check"]


def __getattr__(name: str):
    # The API pulls in the whole engine; keep `import summcheck` (and --version) cheap.
    if name in ("check", "Report"):
        from . import api

        return getattr(api, name)
    raise AttributeError(name)
