"""A one-record project (a two-line source, its claims and a summary) for tests about files."""
from __future__ import annotations

from pathlib import Path

SOURCE = "Packages must install their files below /usr.\nConfiguration files belong in /etc.\n"
RECORD = {"claim": "Packages install below /usr.", "locator": "line 1",
          "quote": "Packages must install their files below /usr.", "strength": "requires"}
SENTENCE = "Packages must install their files below /usr (line 1).\n"


def write(path: Path, text: str) -> Path:
    """`text` written to `path` (folders made as needed)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path
