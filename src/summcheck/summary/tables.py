"""Table rows as units of a summary: each body row is checked like a sentence.

A row's locator is a locator group in any of its cells (`(section 5.1)`), or the value of a
column whose header names a locator kind: `5.1` under `section` is `section 5.1`, `17` under
`page` or `S.` is `p. 17`; under a header that names a whole locator (`locator`, `source`,
`Fundstelle`, `fuente`, `fonte`: the language files' `locators.columns`) the value is read as
it stands. The header row states no claim. Cells are split as markdown-it splits them: at
every `|` not escaped with a backslash.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from ..language import merged
from ..locators import LocatorSyntaxError, classify_group
from ..model import Locator, LocatorGroup, Sentence
from .split import mask_inline
from .positions import FileLines, LineMap
from .sentences import groups_of, named_records_of

#: How a column's cells are read: as the value after the header's keyword, or as a locator.
AFTER_KEYWORD, WHOLE = "after keyword", "whole"


def split_row(line: str) -> list[tuple[int, int]]:
    """The (start, end) of each cell of a table row, as offsets of `line`, trimmed of spaces:
    cut at every `|` not escaped, the leading and trailing pipes (and any blockquote or list
    prefix before the first) not cells."""
    end = len(line.rstrip())
    i = len(line) - len(line.lstrip(" \t>"))
    if line[i:i + 1] == "|":
        i += 1
    cells, start = [], i
    j = i
    while j < end:
        if line[j] == "\\":
            j += 2
            continue
        if line[j] == "|":
            cells.append((start, j))
            start = j + 1
        j += 1
    if start < end:
        cells.append((start, end))
    out = []
    for a, b in cells:
        while a < b and line[a] in " \t":
            a += 1
        while b > a and line[b - 1] in " \t":
            b -= 1
        out.append((a, b))
    return out


def cell_text(raw: str) -> str:
    """A cell as markdown-it reads it: `\\|` is a pipe."""
    return raw.replace("\\|", "|")


@lru_cache(maxsize=256)
def column_kind(header: str) -> tuple[str, str] | None:
    """How the cells under `header` are read, and the keyword they follow: (AFTER_KEYWORD,
    keyword) for a header that is or ends or starts with a locator keyword (`section`, `p.`,
    `Seite`, `§`, `printed page`), (WHOLE, "") for a column of locators (`locator`, `source`),
    else None."""
    name = _header_name(header)
    if not name or any(c.isdigit() for c in name):
        return None
    words = name.split()
    for keyword in dict.fromkeys((name, words[-1], words[0])):
        if isinstance(classify_group(f"{keyword} 1"), Locator):
            return AFTER_KEYWORD, keyword
    if name.casefold() in _whole_columns():
        return WHOLE, ""
    return None


def _header_name(header: str) -> str:
    """A header cell's words, without emphasis marks and a closing colon."""
    return " ".join(header.replace("*", " ").replace("_", " ").replace("`", " ").split()
                    ).rstrip(":").strip()


@lru_cache(maxsize=1)
def _whole_columns() -> frozenset[str]:
    return frozenset(w.casefold() for w in merged().words("locators", "columns"))


def column_locator(kind: tuple[str, str], value: str, usual: str | None = None
                   ) -> Locator | LocatorSyntaxError | None:
    """The locator a cell under a locator column states (None for an empty or other cell:
    `—`, `n/a`). A bare value under a column of locators (`4, 5` under `where`) is read as
    the kind of locator the summary cites most, `usual` (its keyword: `section`, `p.`)."""
    if not any(c.isalnum() for c in value):
        return None
    alone = classify_group(value)
    how, keyword = kind
    if isinstance(alone, Locator):
        return alone
    if how == WHOLE:
        keyword = usual or ""
        if not keyword:
            return alone
    prefixed = classify_group(f"{keyword} {value}")
    if how == WHOLE and not isinstance(prefixed, Locator):
        return alone
    return prefixed if prefixed is not None else alone


def row_unit(line: str, lines: FileLines, line_index: int,
             kinds: Sequence[tuple[str, str] | None], labels: list[str],
             notes: frozenset[str], usual: str | None = None) -> Sentence | None:
    """The unit one body row states (None: a row with nothing to check), at file line
    `line_index` (0-based); `usual`: the keyword of the kind of locator the summary cites
    most (column_locator)."""
    cells = split_row(line)
    claim_cells: list[tuple[int, int]] = []
    column_groups: list[LocatorGroup] = []
    for k, (a, b) in enumerate(cells):
        kind = kinds[k] if k < len(kinds) else None
        if kind is None:
            claim_cells.append((a, b))
            continue
        value = cell_text(line[a:b])
        found = column_locator(kind, value, usual)
        if found is None:
            continue
        written_column = lines.written_column(line_index, a) + 1
        end_column = lines.written_column(line_index, b) + 1
        column_groups.append(LocatorGroup(
            text=value, line=line_index + 1, column=written_column,
            locator=found.partial if isinstance(found, LocatorSyntaxError) else found,
            error=str(found) if isinstance(found, LocatorSyntaxError) else None,
            end_line=line_index + 1, end_column=end_column))
    texts = [cell_text(line[a:b]) for a, b in claim_cells]
    if not any(any(c.isalnum() for c in t) for t in texts):
        return None
    # The claim cells as the row holds them, every other character blanked: offsets are
    # columns, so the groups and brackets found in them point at their cells.
    pieces, last = [], 0
    for a, b in claim_cells:
        pieces += [" " * (a - last), line[a:b]]
        last = b
    content = "".join(pieces) + " " * (len(line) - last)
    line_map = LineMap.exact(lines, line_index)
    visible, scan, _ = mask_inline(content)
    groups = [group for _, group in groups_of(visible, scan, line_map)]
    named = [bracket for _, bracket in named_records_of(scan, line_map, labels, notes)]
    first = next((a for a, b in claim_cells if any(c.isalnum() for c in line[a:b])),
                 claim_cells[0][0])
    folded = " ".join(texts).casefold()
    return Sentence(
        text=" | ".join(" ".join(t.split()) for t in texts if t.strip()),
        line=line_index + 1,
        column=lines.written_column(line_index, first) + 1,
        groups=sorted(groups + column_groups, key=lambda g: (g.line, g.column)),
        synthesis=any(label in folded for label in labels),
        named=tuple(named),
        kind="row")


#: The keyword a bare value of each kind of locator is read after.
KEYWORDS = {"section": "section", "page": "p.", "line": "line"}


def usual_keyword(sentences: Sequence[Sentence]) -> str | None:
    """The keyword of the kind of locator the sentences cite most (None: none, or a tie)."""
    counts = Counter(part.kind for s in sentences for locator in s.locators
                     for part in locator.parts)
    ranked = counts.most_common(2)
    if not ranked or (len(ranked) > 1 and ranked[0][1] == ranked[1][1]):
        return None
    return KEYWORDS.get(ranked[0][0])


__all__ = ["split_row", "column_kind", "column_locator", "row_unit", "usual_keyword"]
