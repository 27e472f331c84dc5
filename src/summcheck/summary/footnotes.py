"""Footnote definitions that are citations: `[^3]: Section 4.2.` is the locator of every
sentence that references `[^3]`, the usual citation form of legal and academic writing.

A definition is a citation when its one paragraph reads as a locator: alone (`Section 4.2.`,
`See p. 17.`), after the document's name and a comma (`RFC 3986, p. 17`), or before the
document's short name (`Art. 5 Abs. 1 GG`). Any other definition states sentences of its own,
which are checked like a paragraph's.
"""
from __future__ import annotations

from collections.abc import Sequence

from markdown_it.token import Token

from ..locators import LocatorSyntaxError, classify_group
from ..model import Locator, LocatorGroup, Summary
from .split import mask_inline
from .positions import FileLines, LineMap


def note_locator(text: str) -> Locator | LocatorSyntaxError | None:
    """The locator a footnote's text states, a LocatorSyntaxError for one that looks like a
    locator but does not parse, or None for prose."""
    text = " ".join(text.split()).rstrip(".").strip()
    alone = classify_group(text)
    if isinstance(alone, Locator) or not text:
        return alone
    document, comma, place = text.partition(",")
    if comma and document.strip() and isinstance(found := classify_group(place.strip()), Locator):
        return found
    place, space, name = text.rpartition(" ")
    if space and name.isalpha() and isinstance(found := classify_group(place), Locator):
        return found
    return alone


def citation_notes(tokens: Sequence[Token], lines: FileLines) -> dict[str, LocatorGroup]:
    """The footnote definitions that are citations, by label, each as the locator group the
    sentences that reference it take (placed at the definition's text)."""
    found: dict[str, LocatorGroup] = {}
    for i, tok in enumerate(tokens):
        if tok.type != "footnote_reference_open":
            continue
        label = tok.meta.get("label", "")
        inline = _only_paragraph(tokens, i)
        if inline is None or not inline.map or label in found:
            continue
        visible, _, _ = mask_inline(inline.content)
        if "\n" in visible.strip():
            continue  # a citation is one line
        read = note_locator(visible)
        if read is None:
            continue
        start = len(visible) - len(visible.lstrip())
        end = len(visible.rstrip().rstrip(".").rstrip())
        line_map = LineMap(inline.content, lines, inline.map[0])
        line, column = line_map.position(start)
        end_line, end_column = line_map.position(max(end - 1, start))
        found[label] = LocatorGroup(
            text=visible[start:end], line=line, column=column,
            locator=read.partial if isinstance(read, LocatorSyntaxError) else read,
            error=str(read) if isinstance(read, LocatorSyntaxError) else None,
            end_line=end_line, end_column=end_column + 1, note=label)
    return found


def settle_citations(summary: Summary, record_ids: set[str]) -> None:
    """Once the claims are read: a footnote labelled with a record's id (`[^C3]`) names that
    record, whatever its definition says; its reference is no citation."""
    for sentence in summary.sentences:
        naming = [b for b in sentence.cited if b.ids[0] in record_ids]
        if not naming:
            continue
        labels = {b.ids[0] for b in naming}
        sentence.groups = [g for g in sentence.groups if g.note not in labels]
        sentence.named = tuple(sorted((*sentence.named, *naming),
                                      key=lambda b: (b.line, b.column)))
        sentence.cited = tuple(b for b in sentence.cited if b not in naming)


def _only_paragraph(tokens: Sequence[Token], start: int) -> Token | None:
    """The inline token of a footnote definition made of one paragraph, else None."""
    inline = None
    for tok in tokens[start + 1:]:
        if tok.type == "footnote_reference_close":
            return inline
        if tok.type == "inline":
            if inline is not None:
                return None
            inline = tok
        elif tok.type not in ("paragraph_open", "paragraph_close"):
            return None
    return None


__all__ = ["note_locator", "citation_notes", "settle_citations"]
