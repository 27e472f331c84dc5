"""Any local program as the provider: a JSON request on its standard input, JSON on its
standard output (README, "The optional stage", documents both shapes).

The command line is split as a POSIX shell would split it (`shlex`) and run without a shell.
The program's quotes get the same verification as cited text: a quote is kept only where it
stands in the chunk, and offsets it gives are checked against summcheck's own text.
"""
from __future__ import annotations

import json
import shlex
import subprocess
from typing import Any

from .. import __version__
from ..terminal.display import printable
from .base import (ChunkRequest, DraftReply, DraftRequest, ExtractReply, ProposedClaim,
                   ProviderError, Usage)

REQUEST_VERSION = 1
MAX_REPLY_BYTES = 50 * 1024 * 1024


class CommandProvider:
    name = "command"

    def __init__(self, command: str, *, model: str | None = None, timeout: float = 600.0) -> None:
        try:
            self.argv = shlex.split(command)
        except ValueError as exc:
            raise ProviderError(f"--command: cannot split {command!r}: {exc}") from None
        if not self.argv:
            raise ProviderError("--command names no program")
        self.command = command
        self.model = model or self.argv[0]
        self.timeout = timeout

    def extract(self, request: ChunkRequest) -> ExtractReply:
        reply = self._run({
            "summcheck": __version__, "version": REQUEST_VERSION, "task": "extract",
            "prompt_version": request.prompt_version, "instructions": request.system,
            "prompt": request.user, "purpose": request.purpose,
            "source": {"name": request.source_name, "kind": request.kind},
            "chunk": {"index": request.index, "locator": request.locator,
                      "start": request.start, "end": request.end, "text": request.text},
            "retry": list(request.failures),
        })
        items = reply.get("claims")
        if not isinstance(items, list):
            raise ProviderError(f"{self._name()}: the reply has no \"claims\" list")
        claims = []
        notes = []
        for n, item in enumerate(items, 1):
            proposed = _proposed(item)
            if proposed is None:
                notes.append(f"claim {n} of the reply lacks a \"claim\" or \"quote\" text")
                continue
            claims.append(proposed)
        return ExtractReply(claims, _usage(reply), notes)

    def draft(self, request: DraftRequest) -> DraftReply:
        reply = self._run({
            "summcheck": __version__, "version": REQUEST_VERSION, "task": "draft",
            "prompt_version": request.prompt_version, "instructions": request.system,
            "prompt": request.user, "purpose": request.purpose, "records": request.records,
            "findings": list(request.findings), "previous": request.previous,
        })
        summary = reply.get("summary")
        if not isinstance(summary, str):
            raise ProviderError(f"{self._name()}: the reply has no \"summary\" text")
        return DraftReply(summary, _usage(reply))

    def _name(self) -> str:
        return f"--command {printable(self.argv[0])}"

    def _run(self, request: dict) -> dict:
        try:
            done = subprocess.run(self.argv, input=json.dumps(request, ensure_ascii=False).encode("utf-8"),
                                  capture_output=True, timeout=self.timeout, check=False)
        except FileNotFoundError:
            raise ProviderError(f"{self._name()}: no such program") from None
        except PermissionError:
            raise ProviderError(f"{self._name()}: not executable") from None
        except subprocess.TimeoutExpired:
            raise ProviderError(f"{self._name()}: no reply within {self.timeout:g} seconds") from None
        except OSError as exc:
            raise ProviderError(f"{self._name()}: cannot run: {exc.strerror or exc}") from None
        if done.returncode != 0:
            last = (done.stderr.decode("utf-8", "replace").strip().splitlines() or [""])[-1]
            raise ProviderError(f"{self._name()} exited with {done.returncode}"
                                + (f": {printable(last)[:200]}" if last else ""))
        if len(done.stdout) > MAX_REPLY_BYTES:
            raise ProviderError(f"{self._name()}: reply larger than {MAX_REPLY_BYTES:,} bytes")
        try:
            reply = json.loads(done.stdout.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as exc:
            raise ProviderError(f"{self._name()}: the reply is not JSON ({printable(str(exc))[:120]})") from None
        if not isinstance(reply, dict):
            raise ProviderError(f"{self._name()}: the reply is not a JSON object")
        return reply


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) and value.strip() else None


def _proposed(item: Any) -> ProposedClaim | None:
    if not isinstance(item, dict):
        return None
    claim, quote = _text(item.get("claim")), _text(item.get("quote"))
    if claim is None or quote is None:
        return None
    start, end = item.get("start"), item.get("end")
    has_offsets = all(isinstance(v, int) and not isinstance(v, bool) for v in (start, end))
    return ProposedClaim(" ".join(claim.split()), quote, _text(item.get("strength")),
                         _text(item.get("topic")), "char_location" if has_offsets else "quote",
                         start=start if has_offsets else None, end=end if has_offsets else None)


def _usage(reply: dict) -> Usage:
    usage = Usage.from_dict(reply.get("usage"))
    usage.requests = 1
    return usage
