"""Locator grammar (English, German, Spanish, Portuguese).

A small hand-written scanner: every character is looked at a bounded number of times, so parsing
is linear in the length of the text and no regular expression can backtrack over user input.

    locator   := [lead-in] part (separator part)*
    part      := [keyword] ident [range-sep ident] [qualifiers]   (keyword carries over)
    separator := ";" | "," | "and" | "und" | "y" | "e" | "&"  (", and" too)
    range-sep := "-" | "–" | "—" | "to" | "through" | "bis" | "a" | "hasta" | "até"
"""
from __future__ import annotations

from .groups import classify_group, starts_like_locator
from .messages import LocatorSyntaxError
from .parser import parse_locator, parse_locator_lenient
from .records import parse_record_locator
from .words import DOTTED_WORDS

__all__ = [
    "DOTTED_WORDS",
    "LocatorSyntaxError",
    "classify_group",
    "parse_locator",
    "parse_locator_lenient",
    "parse_record_locator",
    "starts_like_locator",
]
