"""The checked sentences of a paragraph, each with the locator groups it holds."""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence

from ..language import synthesis_labels
from ..locators import LocatorSyntaxError, classify_group, starts_like_locator
from ..model import LocatorGroup, NamedRecords, Sentence
from .split import mask_inline, matched_groups, rendered_group, split_sentences
from .positions import FileLines, LineMap

# `[synthesis]`, `[Synthese]`, `[síntesis]`, `[síntese]`: the language files' `synthesis_labels`.
DEFAULT_SYNTHESIS_LABELS: tuple[str, ...] = synthesis_labels()
# A locator is short; a longer parenthesised group is prose and is not classified (this also
# keeps deeply nested parentheses linear) — unless it starts like a locator, with a keyword and
# a number (`p. 1000…` with 10,000 digits): that one is a locator, and once accepted it covers
# the groups nested in it, so the scan stays linear.
MAX_GROUP_CHARS = 300


def folded_labels(synthesis_labels: Sequence[str] | None) -> list[str]:
    """The synthesis labels a sentence is searched for: bracketed, NFC, case-folded."""
    labels = DEFAULT_SYNTHESIS_LABELS if synthesis_labels is None else synthesis_labels
    out = []
    for label in labels:
        label = unicodedata.normalize("NFC", str(label).strip())
        if label and not label.startswith("["):
            label = f"[{label}]"  # a configured `synthesis` means the bracketed label
        if label:
            out.append(label.casefold())
    return out


def groups_of(visible: str, scan: str, line_map: LineMap) -> list[tuple[int, LocatorGroup]]:
    """Locator groups of a paragraph, with the content offset of each `(`."""
    found: list[tuple[int, LocatorGroup]] = []
    covered = -1
    for open_, close in matched_groups(scan):
        # Parentheses inside an accepted group belong to it: `Art. 17(1)(a)`.
        if open_ < covered:
            continue
        if close - open_ - 1 > MAX_GROUP_CHARS and not starts_like_locator(
                scan[open_ + 1:min(close, open_ + 1 + MAX_GROUP_CHARS)]):
            continue
        inner = visible[open_ + 1:close]
        # Read the group as Markdown renders it (`p.&nbsp;4`, `**p. 4**`); report it as written.
        result = classify_group(rendered_group(inner, scan[open_ + 1:close]))
        if result is None:
            continue
        line, col = line_map.position(open_)
        end_line, end_col = line_map.position(close)
        if isinstance(result, LocatorSyntaxError):
            # A list may hold parts that parse beside a malformed one: those are still checked.
            group = LocatorGroup(text=inner, line=line, column=col, locator=result.partial,
                                 error=str(result), end_line=end_line, end_column=end_col + 1)
        else:
            group = LocatorGroup(text=inner, line=line, column=col, locator=result,
                                 end_line=end_line, end_column=end_col + 1)
        found.append((open_, group))
        covered = close
    return found


_FOOTNOTE_REF = re.compile(r"\[\^([^\]\s]+)\]")
# `[C3]`, `[C3, C5]`, `[C3; C5]`, `[^C3]`: not an image, a link's text (`[a](u)`, `[a][b]`) or
# a reference definition (`[a]: u`).
_ID = r"[^\W_][\w.:-]*"
_NAMED = re.compile(rf"(?<![!\]\w])\[(\^?)({_ID}(?:[ \t]*[,;][ \t]*{_ID})*)\](?![(\[:])")
_ID_SPLIT = re.compile(r"[ \t]*[,;][ \t]*")
MAX_NAMED_CHARS = 200  # a bracket longer than this names no records: it is prose


def named_records_of(scan: str, line_map: LineMap, labels: list[str], notes: frozenset[str]
                     ) -> list[tuple[int, NamedRecords]]:
    """The brackets of a paragraph that may name records, with the content offset of each."""
    if "[" not in scan:
        return []
    found = []
    for match in _NAMED.finditer(scan):
        text = match.group(0)
        if len(text) > MAX_NAMED_CHARS or text.casefold() in labels:
            continue
        footnote = bool(match.group(1))
        ids = tuple(_ID_SPLIT.split(match.group(2)))
        if footnote and len(ids) > 1:
            continue
        line, column = line_map.position(match.start())
        found.append((match.start(), NamedRecords(ids, text, line, column, footnote,
                                                  footnote and ids[0] in notes)))
    return found


def _blank_footnote_refs(visible: str, scan: str, notes: frozenset[str]) -> tuple[str, str]:
    """Blank the references `[^1]` to the summary's footnotes (outside code spans).

    A reference after a full stop (`… (p. 4).[^1] Next …`) would otherwise join two sentences.
    """
    if not notes or "[^" not in scan:
        return visible, scan
    spans = [m.span() for m in _FOOTNOTE_REF.finditer(scan) if m.group(1) in notes]
    if not spans:
        return visible, scan

    def blank(text: str) -> str:  # one pass, offsets kept
        pieces, last = [], 0
        for start, end in spans:
            pieces += [text[last:start], " " * (end - start)]
            last = end
        pieces.append(text[last:])
        return "".join(pieces)

    return blank(visible), blank(scan)


def paragraph_sentences(content: str, lines: FileLines, first_line: int, labels: list[str],
                        german: bool, comments_out: list[tuple[str, int, int]],
                        notes: frozenset[str] = frozenset(),
                        locator_notes: Mapping[str, LocatorGroup] | None = None,
                        line_map: LineMap | None = None, kind: str = "sentence",
                        note: str | None = None) -> list[Sentence]:
    """The sentences of a paragraph's inline `content` (its first line the file's 0-based
    `first_line`, or placed by `line_map`). A reference to a footnote whose definition is a
    locator (`locator_notes`, by label) gives the sentence that locator."""
    if line_map is None:
        line_map = LineMap(content, lines, first_line)
    visible, scan, comments = mask_inline(content)
    named = named_records_of(scan, line_map, labels, notes)
    visible, scan = _blank_footnote_refs(visible, scan, notes)
    # `… 60 days.[^C7] Next …`: the full stop still ends a sentence (one pass, offsets kept).
    references = [(offset, offset + len(b.text)) for offset, b in named if b.footnote]
    if references:
        pieces, last = [], 0
        for start, end in references:
            pieces += [scan[last:start], " " * (end - start)]
            last = end
        scan = "".join(pieces) + scan[last:]
    for start, end in comments:
        comments_out.append((content[start:end], line_map.position(start)[0],
                             line_map.position(end - 1)[0]))
    groups = groups_of(visible, scan, line_map)
    out: list[Sentence] = []
    next_group = next_named = 0
    for start, end in split_sentences(scan, german):
        mine: list[LocatorGroup] = []
        while next_group < len(groups) and groups[next_group][0] < end:
            if groups[next_group][0] >= start:
                mine.append(groups[next_group][1])
            next_group += 1
        names: list[NamedRecords] = []
        while next_named < len(named) and named[next_named][0] < end:
            offset, bracket = named[next_named]
            if out and not scan[start:offset].strip() and out[-1].line <= bracket.line:
                # A bracket after the full stop (`… 60 days.[^C7] Next …`) opens no sentence:
                # it belongs to the one before it.
                out[-1].named = (*out[-1].named, bracket)
            else:
                names.append(bracket)
            next_named += 1
        body = scan[start:end]
        if not any(c.isalnum() for c in body):
            continue  # only markup or punctuation left (e.g. a lone comment)
        folded = body.casefold()
        line, col = line_map.position(start)
        out.append(Sentence(
            text=" ".join(visible[start:end].split()),
            line=line,
            column=col,
            groups=mine,
            synthesis=any(label in folded for label in labels),
            named=tuple(names),
            kind=kind,
            note=note,
        ))
    if out and next_named < len(named):
        # Brackets after the last full stop (`… 60 days.[^C7]` ending the paragraph) belong to
        # the last sentence.
        out[-1].named = (*out[-1].named, *(bracket for _, bracket in named[next_named:]))
    if locator_notes:
        for sentence in out:
            _cited_by_notes(sentence, locator_notes)
    return out


def _cited_by_notes(sentence: Sentence, locator_notes: Mapping[str, LocatorGroup]) -> None:
    """A footnote reference whose definition is a locator (`[^3]` with `[^3]: Section 4.2.`)
    is the sentence's locator, not a bracket naming records."""
    cited = [b for b in sentence.named if b.footnote and b.ids[0] in locator_notes]
    if cited:
        sentence.groups = sentence.groups + [locator_notes[b.ids[0]] for b in cited]
        sentence.named = tuple(b for b in sentence.named if b not in cited)
        sentence.cited = tuple(cited)
