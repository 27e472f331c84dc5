"""The claim-side work that needs no source: every record's quote folded for the search, and
the modal words its quote asserts.

It is done while a large PDF's pages are extracted on other cores (engine/load.py reads the
claims file in that time, then does this), and the match stage and the rules read it instead of
doing it again: the same functions on the same texts, so the report is the same byte for byte.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..matching.normalize import FoldedQuote
from ..language.modality import Lexicon, ModalWord, default_lexicon, modal_words
from ..model import ClaimsFile


@dataclass(frozen=True)
class ClaimWork:
    """By record, in the order of the claims file; None for a record whose quote is never
    searched for (an invalid record)."""

    folded: tuple[FoldedQuote | None, ...]
    modal: tuple[list[ModalWord] | None, ...]


def prepare(claims: ClaimsFile, lexicon: Lexicon | None) -> ClaimWork:
    lexicon = lexicon or default_lexicon()
    folded: list[FoldedQuote | None] = []
    modal: list[list[ModalWord] | None] = []
    for record in claims.records:
        if record.valid and record.quote:
            folded.append(FoldedQuote.of(record.quote))
            modal.append(modal_words(record.quote, lexicon))
        else:
            folded.append(None)
            modal.append(None)
    return ClaimWork(tuple(folded), tuple(modal))
