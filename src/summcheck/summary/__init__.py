"""Read a Markdown summary: front matter, checked sentences with their locator groups, suppressions."""
from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from markdown_it import MarkdownIt
from mdit_py_plugins.footnote import footnote_plugin

from ..model import Sentence, Summary, Units
from .split import looks_german, mask_inline
from .footnotes import citation_notes
from .html import ShiftedMap, segments, visible_text
from .positions import FileLines, LineMap
from .reading import SOURCE_KEY, read_as_written, read_text, split_front_matter
from .sentences import folded_labels, paragraph_sentences
from .suppressions import collect_suppressions, html_comments
from .tables import column_kind, row_unit, usual_keyword

__all__ = ["load_summary", "read_text", "split_front_matter"]


def _markdown() -> MarkdownIt:
    # Footnote definitions (`[^1]: …`) are blocks of their own: a citation, or notes whose
    # sentences are units (the plugin's `footnote_tail` rule, which would move them to the end
    # or drop them, is off: they stay where they stand, with their lines).
    md = MarkdownIt("commonmark").enable("table").use(footnote_plugin)
    # Only the block structure is needed: sentences are read from each inline token's source
    # text, so the (costly) inline pass would be wasted work.
    md.core.ruler.disable(["inline", "text_join", "footnote_tail"])
    return md


#: The comment that marks the table, footnote definition or HTML block after it as stating no
#: claim (a glossary, a list of files).
NOT_CLAIMS = re.compile(r"<!--\s*summcheck\s*:\s*not-claims\s*-->", re.IGNORECASE)
#: Tokens that open a block (a marker before one of these that is no table, footnote
#: definition or HTML block marks nothing).
_MARKED = ("table_open", "footnote_reference_open", "html_block")


def load_summary(path: Path, synthesis_labels: Sequence[str] | None = None,
                 units: Units | None = None) -> Summary:
    """Parse a Markdown summary into its units (the sentences of paragraphs, list items and
    block quotes, table rows, footnote definitions and HTML blocks, each with its locator
    groups), front matter and suppressions."""
    units = units or Units()
    path = Path(path)
    file_lines = FileLines(read_as_written(path))
    lines = file_lines.nfc
    total = len(lines) - 1 if len(lines) > 1 and lines[-1] == "" else len(lines)
    front, body_start = split_front_matter(path, lines)
    # Blank the front matter rather than cut it, so the parser's line numbers are the file's.
    body = "\n" * body_start + "\n".join(lines[body_start:])
    labels = folded_labels(synthesis_labels)
    german = looks_german(body)
    tokens = _markdown().parse(body)
    reader = _Reader(file_lines, labels, german, units, tokens)
    reader.read()
    source_line = next((k + 1 for k in range(1, max(body_start - 1, 1))
                        if SOURCE_KEY.match(lines[k])), None)
    return Summary(path=path, front_matter=front, sentences=reader.sentences,
                   suppressions=collect_suppressions(reader.comments, lines, total),
                   unused_markers=reader.unused_markers, source_line=source_line,
                   lines=lines)


class _Reader:
    """One walk over a summary's block tokens, collecting its units and comments."""

    def __init__(self, lines: FileLines, labels: list[str], german: bool, units: Units,
                 tokens: list) -> None:
        self.lines, self.labels, self.german, self.units = lines, labels, german, units
        self.tokens = tokens
        self.sentences: list[Sentence] = []
        self.comments: list[tuple[str, int, int]] = []
        self.unused_markers: list[int] = []
        self.rows: list[tuple[int, list]] = []  # (line, column kinds) of each body row
        self.notes = frozenset(tok.meta.get("label", "") for tok in tokens
                               if tok.type == "footnote_reference_open")
        self.citations = citation_notes(tokens, lines)

    def read(self) -> None:
        tokens = self.tokens
        marker: int | None = None  # the line of a not-claims comment not yet spent
        skipped = 0  # how deep inside a construct whose units are not read
        table: list[tuple[str, str] | None] | None = None
        in_table = in_footnote = 0
        in_body = False
        note: str | None = None
        for idx, tok in enumerate(tokens):
            if tok.type == "html_block" and tok.map:
                found = html_comments(tok.content, tok.map[0])
                self.comments.extend(found)
                marks = [line for text, line, _ in found if NOT_CLAIMS.search(text)]
                visible, boundaries = visible_text(tok.content)
                if not any(c.isalnum() for c in visible):  # comments alone
                    if marks:
                        if marker is not None:
                            self.unused_markers.append(marker)
                        marker = marks[-1]
                    continue
                marked, marker = marker is not None, None
                if marked or skipped or self.units.html == "off" or in_table:
                    continue
                if in_footnote and (note is None or self.units.footnotes == "off"):
                    continue
                self._html(tok, visible, boundaries, note)
                continue
            if tok.map and marker is not None and tok.type not in _MARKED:
                self.unused_markers.append(marker)  # a paragraph, heading, list: not marked
                marker = None
            if tok.type == "table_open":
                in_table += 1
                off = marker is not None or self.units.tables == "off"
                marker = None
                if off:
                    skipped += 1
                table = self._header(idx)
            elif tok.type == "table_close":
                in_table -= 1
                if skipped:
                    skipped -= 1
                table = None
            elif tok.type in ("tbody_open", "tbody_close"):
                in_body = tok.type == "tbody_open"
            elif tok.type == "tr_open" and tok.map and in_body and table is not None \
                    and not skipped:
                self._row(tok.map[0], table)
            elif tok.type == "footnote_reference_open":
                in_footnote += 1
                label = tok.meta.get("label", "")
                spent, marker = marker is not None, None
                cited = label in self.citations
                note = None if (spent or cited or self.units.footnotes == "off") else label
            elif tok.type == "footnote_reference_close":
                in_footnote -= 1
                note = None
            elif tok.type == "inline" and tok.map:
                paragraph = idx > 0 and tokens[idx - 1].type == "paragraph_open"
                if paragraph and not in_table and not in_footnote:
                    self.sentences.extend(paragraph_sentences(
                        tok.content, self.lines, tok.map[0], self.labels, self.german,
                        self.comments, self.notes, self.citations))
                elif paragraph and in_footnote and note is not None:
                    self.sentences.extend(paragraph_sentences(
                        tok.content, self.lines, tok.map[0], self.labels, self.german,
                        self.comments, self.notes, self.citations, kind="note", note=note))
                elif "<!--" in tok.content:  # headings, cells, footnotes: only suppression comments
                    _, _, spans = mask_inline(tok.content)
                    line_map = LineMap(tok.content, self.lines, tok.map[0])
                    for start, end in spans:
                        self.comments.append((tok.content[start:end], line_map.position(start)[0],
                                              line_map.position(end - 1)[0]))
        if marker is not None:
            self.unused_markers.append(marker)
        self._add_rows()

    def _header(self, idx: int) -> list[tuple[str, str] | None]:
        """How each column of the table opened at token `idx` reads (tables.column_kind)."""
        kinds = []
        for tok in self.tokens[idx + 1:]:
            if tok.type == "inline":
                kinds.append(column_kind(tok.content))
            elif tok.type in ("thead_close", "table_close"):
                break
        return kinds

    def _row(self, line_index: int, kinds: list[tuple[str, str] | None]) -> None:
        self.rows.append((line_index, kinds))

    def _add_rows(self) -> None:
        """The table rows, read once the summary's own locators tell which kind a bare value
        in a column of locators is (tables.column_locator), placed in the file's order."""
        if not self.rows:
            return
        usual = usual_keyword(self.sentences)
        rows = [unit for line_index, kinds in self.rows
                for unit in (row_unit(self.lines[line_index], self.lines, line_index, kinds,
                                      self.labels, self.notes, usual),) if unit is not None]
        self.sentences = sorted(self.sentences + rows, key=lambda u: (u.line, u.column))

    def _html(self, tok, visible: str, boundaries: list[int], note: str | None) -> None:
        base = LineMap(tok.content, self.lines, tok.map[0])
        for start, end in segments(visible, boundaries):
            self.sentences.extend(paragraph_sentences(
                visible[start:end], self.lines, tok.map[0], self.labels, self.german, [],
                self.notes, self.citations, line_map=ShiftedMap(base, start),
                kind="note" if note else "html", note=note))
