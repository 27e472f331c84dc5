"""The document a locator names beside its place: `Art. 5 GG`, `§ 823 Abs. 1 BGB`, `art. 14 CE`,
`Art. 6(1)(a) GDPR`, `Section 3.2.2 of RFC 3986`, `RFC 3986, §3.2.2`, `GG Art. 5`.

A document's name is an abbreviation (two to ten letters, at least two of them capitals:
`GG`, `BGB`, `StGB`, `DSGVO`, `CE`) or a numbered series (`RFC 3986`, `ISO 9001`), after the
place (with a connector, `of`, `der`, `del`, `da`…: the language files'
`locators.document_connectors`) or before it. Whether it names the summary's source is the
resolver's to decide (resolve.py): a name the source gives itself or the front matter's
`cite-as` resolves; any other is a finding.
"""
from __future__ import annotations

import re

from .. import language as _language

_CONNECTORS = sorted(_language.merged().lowered("locators", "document_connectors"),
                     key=lambda w: (-len(w), w))
_NAME = r"(?:(?:RFC|ISO|IEC|DIN|EN|BCP|STD|FIPS|SP)[ \t]?\d{1,6}(?:[-:.]\d{1,6})*|[A-Z][A-Za-z]{0,8}[A-Z])(?![\w-])"
_CONNECTOR = "|".join(re.escape(w).replace(r"\ ", r"[ \t]+") for w in _CONNECTORS)
#: After a place: `[,] [connector] NAME`, to the end of the locator or a list separator.
TRAILING = re.compile(rf"[ \t]*,?[ \t]*(?:(?i:{_CONNECTOR})[ \t]+)?(?P<name>{_NAME})[ \t]*(?=[;,]|\Z)")
#: Before the first place: `NAME[,] ` and a keyword must follow (the parser checks it).
LEADING = re.compile(rf"[ \t]*(?P<name>{_NAME})[ \t]*,?[ \t]+")


def capitals(name: str) -> bool:
    """Whether an abbreviation has the two capitals a document's name has (`GG`, `StGB`;
    not `Art`)."""
    return sum(c.isupper() for c in name) >= 2 or any(c.isdigit() for c in name)


def is_name(text: str) -> bool:
    """Whether `text` is written as a document's name, as a locator can name it (`GPL`,
    `RFC3986`, `StGB`; not `meeting`)."""
    return re.fullmatch(_NAME, text) is not None and capitals(text)


def normalized(name: str) -> str:
    """How names are compared: case and spaces aside (`RFC 3986` = `rfc3986`)."""
    return "".join(name.split()).casefold()


__all__ = ["TRAILING", "LEADING", "capitals", "is_name", "normalized"]
