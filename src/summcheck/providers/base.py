"""What a provider is asked and what it answers, as plain data."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol


class ProviderError(Exception):
    """The provider cannot answer (no key, no SDK, refused, unreachable): the run stops with
    this one line (exit 2). Chunks already finished stay in the state file."""


@dataclass(frozen=True)
class ProposedClaim:
    """A claim as the provider gives it; the pipeline verifies every field before use."""

    claim: str
    quote: str  # the cited text (citations) or the quote the program wrote (command)
    strength: str | None = None
    topic: str | None = None
    # Where the provider says the quote stands, in the chunk it was sent:
    location: str = "quote"  # char_location | page_location | content_block_location | quote
    start: int | None = None  # char_location: code points into the chunk text, end exclusive
    end: int | None = None
    pages: tuple[int, int] | None = None  # page_location: 1-based pages of the chunk, end exclusive


@dataclass
class Usage:
    requests: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    cache_creation_input_tokens: int = 0
    cache_read_input_tokens: int = 0

    def add(self, other: "Usage") -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def as_dict(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in self.__dataclass_fields__}

    @classmethod
    def from_dict(cls, data: object) -> "Usage":
        data = data if isinstance(data, dict) else {}
        return cls(**{name: int(data.get(name) or 0) for name in cls.__dataclass_fields__
                      if isinstance(data.get(name) or 0, int)})


@dataclass(frozen=True)
class ChunkRequest:
    """One chunk to extract claims from; `failures` (a re-ask) lists what failed before."""

    source_name: str
    kind: str  # text | markdown | pdf
    index: int
    locator: str
    start: int
    end: int
    text: str
    purpose: str
    system: str
    user: str
    prompt_version: str
    pdf: bytes | None = None  # the chunk's pages as a PDF of their own
    failures: tuple[dict, ...] = ()


@dataclass
class ExtractReply:
    claims: list[ProposedClaim]
    usage: Usage = field(default_factory=Usage)
    notes: list[str] = field(default_factory=list)  # e.g. "3 lines without a citation"


@dataclass(frozen=True)
class DraftRequest:
    purpose: str
    records: list[dict]  # id, claim, strength, topic, quote
    system: str
    user: str
    prompt_version: str
    findings: tuple[str, ...] = ()  # a repair: what the check found in `previous`
    previous: str = ""


@dataclass
class DraftReply:
    summary: str
    usage: Usage = field(default_factory=Usage)


class Provider(Protocol):
    name: str  # anthropic | command
    model: str

    def extract(self, request: ChunkRequest) -> ExtractReply: ...

    def draft(self, request: DraftRequest) -> DraftReply: ...
