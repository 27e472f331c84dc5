"""The state file of an extraction: one JSON line a finished chunk, so a re-run sends no
finished chunk again.

It lies beside the output (`claims.yaml` → `claims.yaml.state.jsonl`). A chunk's key is the
hash of what decides its answer: the chunk's text, the provider, model and prompt version, the
purpose and how locators are chosen; a changed chunk, model or prompt is sent anew. A line cut
short by an interruption is ignored (that chunk is sent again).
"""
from __future__ import annotations

import hashlib
import json
import os
import threading
from pathlib import Path

from ..model import InputError


def state_path(output: Path) -> Path:
    return output.with_name(output.name + ".state.jsonl")


def chunk_key(text: str, *, provider: str, model: str, prompt_version: str, purpose: str,
              settings: str) -> str:
    digest = hashlib.sha256()
    for part in (text, provider, model, prompt_version, purpose, settings):
        digest.update(part.encode("utf-8", "surrogatepass"))
        digest.update(b"\x00")
    return digest.hexdigest()


class ResumeState:
    """Finished chunks by key; `record` appends one (thread-safe) and flushes it at once."""

    def __init__(self, path: Path, fresh: bool = False) -> None:
        self.path = path
        self.finished: dict[str, dict] = {}
        self._lock = threading.Lock()
        if fresh:
            self._reset()
        elif path.exists():
            self._read()

    def _reset(self) -> None:
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass
        except OSError as exc:
            raise InputError(f"{self.path}: cannot remove the state file: {exc.strerror}") from None

    def _read(self) -> None:
        try:
            lines = self.path.read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError as exc:
            raise InputError(f"{self.path}: cannot read the state file: {exc.strerror}") from None
        for line in lines:
            try:
                entry = json.loads(line)
            except ValueError:
                continue  # a line cut short: that chunk is sent again
            if isinstance(entry, dict) and isinstance(entry.get("key"), str):
                self.finished[entry["key"]] = entry

    def record(self, entry: dict) -> None:
        line = json.dumps(entry, ensure_ascii=False) + "\n"
        with self._lock:
            try:
                with open(self.path, "a", encoding="utf-8") as handle:
                    handle.write(line)
                    handle.flush()
                    os.fsync(handle.fileno())
            except OSError as exc:
                raise InputError(f"{self.path}: cannot write the state file: {exc.strerror}") from None
            # What a later run reads back, so this run writes the same bytes as a resumed one.
            self.finished[entry["key"]] = json.loads(line)
