"""The text a reader sees of a raw HTML block: what a Markdown renderer shows of `<p>`,
`<div>`, `<li>`, `<td>`, `<details>`… is split into sentences and checked like a paragraph's.

Tags and comments show nothing; neither do the elements GitHub's sanitiser removes or that
hold code (`script`, `style`, `template`, `pre`…), nor headings and labels (`<h1>`, `<th>`,
`<summary>`), which are no more claims than a Markdown heading. An entity shows its
character. Where a
block element opens or closes, a sentence ends (`<li>One</li><li>Two</li>` are two); the
cells of an HTML table row read on as one stretch, as the row does.
"""
from __future__ import annotations

import html
import re

from .positions import LineMap

_TAG = re.compile(
    r"<!--.*?(?:-->|\Z)|<!\[CDATA\[.*?(?:\]\]>|\Z)|<![^>]*>|<\?.*?(?:\?>|\Z)"
    # No `<` inside a tag: a stray one ends the attempt, so a text of unclosed tags stays
    # linear.
    r"|</?([A-Za-z][A-Za-z0-9-]*)(?:[^<>\"']|\"[^\"<>]*\"|'[^'<>]*')*>", re.S)
#: Elements whose content a reader does not see as prose: code, what the sanitiser removes,
#: and the headings and labels a Markdown heading or header row would be (`<h2>`, a table's
#: `<th>`, a `<details>` block's `<summary>`), which state no claim either.
_HIDDEN = frozenset(("script", "style", "template", "textarea", "pre", "noscript", "svg",
                     "math", "iframe", "object", "select", "head", "title", "h1", "h2", "h3",
                     "h4", "h5", "h6", "th", "summary", "caption"))
#: Elements that start a block of their own: no sentence runs across one (a table's cells,
#: `<td>`, are not: a row reads as one stretch).
_BLOCKS = frozenset((
    "address", "article", "aside", "blockquote", "br", "caption", "center", "dd", "details",
    "dialog", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1",
    "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p", "section",
    "summary", "table", "tbody", "tfoot", "th", "thead", "tr", "ul"))
_ENTITY = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")


def visible_text(content: str) -> tuple[str, list[int]]:
    """(the block as a reader sees it, offset for offset: what shows nothing as spaces, with
    its line breaks kept; the offsets where a block element opens or closes)."""
    pieces: list[str] = []
    boundaries: list[int] = []
    last = 0
    hidden: str | None = None  # the element whose content is being blanked
    for match in _TAG.finditer(content):
        name = (match.group(1) or "").lower()
        closing = match.group(0).startswith("</")
        text = content[last:match.start()]
        pieces.append(_blank(text) if hidden else _entities(text))
        pieces.append(_blank(match.group(0)))
        last = match.end()
        if hidden:
            if closing and name == hidden:
                hidden = None
                boundaries.append(match.start())
            continue
        if name in _HIDDEN and not closing and not match.group(0).endswith("/>"):
            hidden = name
        if name in _BLOCKS or name in _HIDDEN:
            boundaries.append(match.start())
    rest = content[last:]
    pieces.append(_blank(rest) if hidden else _entities(rest))
    return "".join(pieces), boundaries


def _blank(text: str) -> str:
    return re.sub(r"[^\n]", " ", text)


def _entities(text: str) -> str:
    """Each entity as the character it stands for, then spaces to its length."""
    if "&" not in text:
        return text

    def shown(match: re.Match) -> str:
        char = html.unescape(match.group(0))
        if len(char) != 1 or char == "\n":
            return match.group(0)  # unknown, or more than one character: as written
        return char + " " * (len(match.group(0)) - 1)

    return _ENTITY.sub(shown, text)


class ShiftedMap:
    """Positions of a piece of a block's content that starts `shift` characters into it."""

    def __init__(self, base: LineMap, shift: int) -> None:
        self.base, self.shift = base, shift

    def position(self, offset: int) -> tuple[int, int]:
        return self.base.position(self.shift + offset)


def segments(visible: str, boundaries: list[int]) -> list[tuple[int, int]]:
    """The (start, end) of each stretch between block boundaries that shows any text."""
    cuts = [0, *boundaries, len(visible)]
    return [(a, b) for a, b in zip(cuts, cuts[1:]) if b > a and any(c.isalnum() for c in
                                                                     visible[a:b])]


__all__ = ["visible_text", "segments", "ShiftedMap"]
