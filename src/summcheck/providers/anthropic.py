"""The Anthropic Messages API through the official `anthropic` SDK (`summcheck[extract]`).

A chunk goes out as a document content block with citations enabled: plain text (the reply
cites `char_location`, code points into the chunk) or, for a PDF, the chunk's pages as a PDF
of their own (`page_location`, 1-based, end exclusive). Citations cannot be combined with
structured JSON output, so the claims are read from the reply's text, one a line, and each
claim's quote is the text its citation gives, never words the model typed. Retries on 429,
529 and 5xx, with backoff that honours `retry-after`, are the SDK's own (`max_retries`).

The key comes from ANTHROPIC_API_KEY alone and is never written anywhere; the SDK is imported
only when a client is made, so nothing else in summcheck needs it.
"""
from __future__ import annotations

import base64
import os
import re
from typing import Any

from ..terminal.display import printable
from .base import (ChunkRequest, DraftReply, DraftRequest, ExtractReply, ProposedClaim,
                   ProviderError, Usage)

DEFAULT_MODEL = "claude-sonnet-4-5"
DEFAULT_MAX_RETRIES = 4
EXTRA_MISSING = ("the anthropic provider needs the extract extra, which is not installed: "
                 "pip install 'summcheck[extract]'")
KEY_MISSING = ("ANTHROPIC_API_KEY is not set: the anthropic provider reads its key from the "
               "environment only")

# `- [requires | key rotation] Keys must be rotated.`: the strength and topic before a claim.
_TAG = re.compile(r"^\s*(?:[-*•]|\d{1,4}[.)])?\s*\[\s*([A-Za-z]+)\s*(?:\|\s*([^\]]*?))?\s*\]\s*(.*)$")
_BULLET = re.compile(r"^\s*(?:[-*•]|\d{1,4}[.)])\s+")


def make_client(max_retries: int = DEFAULT_MAX_RETRIES, timeout: float = 600.0) -> Any:
    """An `anthropic.Anthropic` client with the key from the environment; ProviderError
    (one line) without the extra or the key."""
    try:
        import anthropic
    except ImportError:
        raise ProviderError(EXTRA_MISSING) from None
    key = os.environ.get("ANTHROPIC_API_KEY", "").strip()
    if not key:
        raise ProviderError(KEY_MISSING)
    return anthropic.Anthropic(api_key=key, max_retries=max_retries, timeout=timeout)


class AnthropicProvider:
    name = "anthropic"

    def __init__(self, model: str = DEFAULT_MODEL, *, client: Any = None,
                 max_tokens: int = 4096, max_retries: int = DEFAULT_MAX_RETRIES) -> None:
        self.model = model
        self.max_tokens = max_tokens
        self.client = client if client is not None else make_client(max_retries)

    # -- the two tasks
    def extract(self, request: ChunkRequest) -> ExtractReply:
        if request.pdf is not None:
            source = {"type": "base64", "media_type": "application/pdf",
                      "data": base64.standard_b64encode(request.pdf).decode("ascii")}
        else:
            source = {"type": "text", "media_type": "text/plain", "data": request.text}
        document = {"type": "document", "source": source, "citations": {"enabled": True},
                    "title": f"{request.source_name}, {request.locator}"}
        message = self._create(request.system, [document, {"type": "text", "text": request.user}])
        data = message_dict(message)
        claims, uncited = claims_from_content(data.get("content") or [])
        notes = [f"{uncited} line{'s' * (uncited != 1)} without a citation left out"] if uncited else []
        return ExtractReply(claims, usage_of(data), notes)

    def draft(self, request: DraftRequest) -> DraftReply:
        message = self._create(request.system, [{"type": "text", "text": request.user}])
        data = message_dict(message)
        text = "".join(block.get("text") or "" for block in data.get("content") or []
                       if isinstance(block, dict) and block.get("type") == "text")
        return DraftReply(text, usage_of(data))

    def _create(self, system: str, content: list[dict]) -> Any:
        import anthropic

        try:
            return self.client.messages.create(
                model=self.model, max_tokens=self.max_tokens, system=system,
                messages=[{"role": "user", "content": content}])
        except anthropic.AuthenticationError:
            raise ProviderError("the Anthropic API refused the key in ANTHROPIC_API_KEY (401)") from None
        except anthropic.APIStatusError as exc:
            retries = getattr(self.client, "max_retries", "its")
            raise ProviderError(f"the Anthropic API answered {exc.status_code} (after {retries} "
                                f"retries): {self._scrubbed(_message_of(exc))}") from None
        except anthropic.APIConnectionError as exc:
            raise ProviderError(f"cannot reach the Anthropic API: {self._scrubbed(str(exc))}") from None

    def _scrubbed(self, text: str) -> str:
        """The text with the key, should an error ever echo it, blanked."""
        key = getattr(self.client, "api_key", None)
        if isinstance(key, str) and len(key) >= 8:
            text = text.replace(key, "[ANTHROPIC_API_KEY]")
        return printable(" ".join(text.split()))[:300]


def _message_of(exc: Exception) -> str:
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        error = body.get("error")
        if isinstance(error, dict) and isinstance(error.get("message"), str):
            return error["message"]
    return str(getattr(exc, "message", "") or exc)


def message_dict(message: Any) -> dict:
    """An SDK Message (or a dict already) as plain JSON data."""
    if isinstance(message, dict):
        return message
    for method in ("to_dict", "model_dump"):
        dump = getattr(message, method, None)
        if callable(dump):
            return dump()
    raise ProviderError(f"unexpected reply from the Anthropic SDK: {type(message).__name__}")


def usage_of(data: dict) -> Usage:
    usage = data.get("usage") if isinstance(data.get("usage"), dict) else {}
    counts = Usage.from_dict(usage)
    counts.requests = 1
    return counts


def cited_lines(content: list) -> list[tuple[str, list[dict]]]:
    """The reply's text, line by line, each line with the citations of the text blocks that
    make it up (the API cuts its text into blocks where citations begin and end)."""
    text = ""
    pieces: list[tuple[int, int, list[dict]]] = []
    for block in content:
        if not isinstance(block, dict) or block.get("type") != "text":
            continue
        piece = block.get("text") if isinstance(block.get("text"), str) else ""
        citations = [c for c in block.get("citations") or [] if isinstance(c, dict)]
        pieces.append((len(text), len(text) + len(piece), citations))
        text += piece
    lines = []
    start = 0
    for line in text.split("\n"):
        end = start + len(line)
        citations = [c for a, b, cs in pieces if a < max(end, start + 1) and b > start for c in cs]
        lines.append((line, citations))
        start = end + 1
    return lines


def parse_claim_line(line: str) -> tuple[str, str | None, str | None]:
    """(claim, strength, topic) of a line `- [requires | topic] claim`; a line without the
    tag is a claim without either."""
    m = _TAG.match(line)
    if m:
        strength, topic, claim = m.group(1), m.group(2), m.group(3)
        return " ".join(claim.split()), strength.lower(), (" ".join(topic.split()) or None) if topic else None
    return " ".join(_BULLET.sub("", line).split()), None, None


def proposed_from_citation(claim: str, strength: str | None, topic: str | None,
                           citation: dict) -> ProposedClaim | None:
    """A claim with the place one citation gives it; None for a citation of another kind."""
    kind = citation.get("type")
    quote = citation.get("cited_text") if isinstance(citation.get("cited_text"), str) else ""
    if kind == "char_location":
        return ProposedClaim(claim, quote, strength, topic, kind,
                             start=_int(citation.get("start_char_index")),
                             end=_int(citation.get("end_char_index")))
    if kind == "page_location":
        first, last = _int(citation.get("start_page_number")), _int(citation.get("end_page_number"))
        return ProposedClaim(claim, quote, strength, topic, kind,
                             pages=(first, last) if first is not None and last is not None else None)
    if kind == "content_block_location":
        return ProposedClaim(claim, quote, strength, topic, kind,
                             start=_int(citation.get("start_block_index")),
                             end=_int(citation.get("end_block_index")))
    return None


def claims_from_content(content: list) -> tuple[list[ProposedClaim], int]:
    """The claims of a reply (one per citation of each cited line) and how many non-empty
    lines cited nothing."""
    claims: list[ProposedClaim] = []
    uncited = 0
    for line, citations in cited_lines(content):
        if not line.strip():
            continue
        claim, strength, topic = parse_claim_line(line)
        if not citations:
            uncited += 1
            continue
        for citation in citations:
            proposed = proposed_from_citation(claim or "", strength, topic, citation)
            if proposed is not None and proposed.claim:
                claims.append(proposed)
    return claims, uncited


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None
