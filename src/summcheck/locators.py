"""Locator grammar (English, German, Spanish, Portuguese). STUB — being written."""
from __future__ import annotations

from .model import Locator, LocatorPart


class LocatorSyntaxError(ValueError):
    """A locator that cannot be parsed (SUM104 in summaries, SUM200/SUM104 in records)."""


def parse_locator(text: str) -> Locator:
    """Parse a locator string such as 'pp. 17–18; section 4.2'."""
    raise NotImplementedError


def parse_record_locator(value: object) -> Locator:
    """Parse a claim record's locator: a string or an object ({page}, {section}, {lines}, {start_char,end_char})."""
    raise NotImplementedError
