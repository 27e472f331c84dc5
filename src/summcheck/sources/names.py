"""The names a source document gives itself, for locators that name their document
(`Art. 5 GG`, `Section 3.2 of RFC 3986`): an abbreviation in parentheses on its title line
(`Grundgesetz für die Bundesrepublik Deutschland (GG)`), and the number of a series it states
in its header (`Request for Comments: 3986` is `RFC 3986`). The summary's front matter adds
`cite-as` (engine/load.py)."""
from __future__ import annotations

import re

from ..locators.documents import normalized

#: Lines of a source's head that are read for its names.
HEAD_LINES = 60
_ABBREVIATION = re.compile(r"\((?P<name>[A-Z][A-Za-z]{0,8}[A-Z])\)")
_SERIES = re.compile(r"\b(?P<series>Request for Comments|RFC|ISO|DIN|BCP|STD)[ \t]*:?[ \t]*"
                     r"(?P<number>\d{1,6})\b")


def document_names(text: str) -> frozenset[str]:
    """The source's names, normalized (locators.documents.normalized)."""
    found = set()
    for line in text[:20_000].split("\n")[:HEAD_LINES]:
        for m in _ABBREVIATION.finditer(line):
            found.add(normalized(m["name"]))
        for m in _SERIES.finditer(line):
            series = "RFC" if m["series"] == "Request for Comments" else m["series"]
            found.add(normalized(f"{series} {m['number']}"))
    return frozenset(found)


__all__ = ["document_names", "HEAD_LINES"]
