"""Where a piece of a Markdown block stands in the file: 1-based line and column as written."""
from __future__ import annotations

import bisect
import re
import unicodedata


class FileLines:
    """The summary's lines, NFC-normalised (what is parsed), and as written (what columns count).

    NFC never joins or splits lines, so both lists have the same lines; within one, a
    decomposed "e\u0301" is one character parsed and two written.
    """

    def __init__(self, written: str) -> None:
        nfc = unicodedata.normalize("NFC", written)
        self.nfc = nfc.split("\n")
        self.written = self.nfc if nfc == written else written.split("\n")
        self._offsets: dict[int, list[int] | None] = {}  # None: the line is written in NFC

    def __len__(self) -> int:
        return len(self.nfc)

    def __getitem__(self, line: int) -> str:
        return self.nfc[line]

    def written_column(self, line: int, column: int) -> int:
        """The 0-based column as written of 0-based `column` in the NFC form of 0-based `line`."""
        if self.written is self.nfc or line >= len(self.nfc):
            return column
        if line not in self._offsets:
            same = self.nfc[line] == self.written[line]
            self._offsets[line] = None if same else _nfc_offsets(self.written[line], self.nfc[line])
        offsets = self._offsets[line]
        if offsets is None:
            return column
        if 0 <= column < len(offsets):
            return offsets[column]
        return column + len(self.written[line]) - len(self.nfc[line])


def _nfc_offsets(written: str, nfc: str) -> list[int]:
    """For each character of `nfc` (the NFC form of `written`), where in `written` it begins.

    The text is cut before every character that composes with nothing before it (combining
    class 0, no Hangul vowel or final); each piece is normalised alone. Should that not give
    `nfc` (a script whose class-0 characters compose), every character maps to the line start.
    """
    cuts = [i for i, c in enumerate(written)
            if i == 0 or (not unicodedata.combining(c) and not "\u1160" <= c <= "\u11ff")]
    cuts.append(len(written))
    pieces = [unicodedata.normalize("NFC", written[a:b]) for a, b in zip(cuts, cuts[1:])]
    if "".join(pieces) != nfc:
        return [0] * len(nfc)
    offsets: list[int] = []
    for start, end, piece in zip(cuts, cuts[1:], pieces):
        # A piece that keeps its length maps one for one; one that composed maps to its start.
        offsets += [start + k if len(piece) == end - start else start for k in range(len(piece))]
    return offsets


class LineMap:
    """Maps offsets in a block's inline content to 1-based (line, column) in the file."""

    def __init__(self, content: str, lines: FileLines, first_line: int) -> None:
        self.starts = [0] + [m.end() for m in re.finditer("\n", content)]
        self.first = first_line  # 0-based file line of the content's first line
        self.lines = lines
        self.cols: list[int] = []
        pieces = content.split("\n")
        for idx, piece in enumerate(pieces):
            src = lines[first_line + idx] if first_line + idx < len(lines) else ""
            self.cols.append(_column_of(piece, src))

    @classmethod
    def exact(cls, lines: FileLines, line: int) -> "LineMap":
        """The map of content that is file line `line` (0-based) itself, character for
        character: offsets are columns."""
        found = cls.__new__(cls)
        found.starts, found.first, found.lines, found.cols = [0], line, lines, [0]
        return found

    def position(self, offset: int) -> tuple[int, int]:
        """1-based (line, column) of the file as written (columns count characters as typed)."""
        idx = bisect.bisect_right(self.starts, offset) - 1
        col = max(self.cols[idx] + offset - self.starts[idx], 0)
        return self.first + idx + 1, self.lines.written_column(self.first + idx, col) + 1


def _column_of(piece: str, src: str) -> int:
    """0-based column in `src` where the content line `piece` begins (markers, indent removed)."""
    core = piece.lstrip()
    lead = len(piece) - len(core)
    core_r, src_r = core.rstrip(), src.rstrip()
    if core_r and src_r.endswith(core_r):
        return len(src_r) - len(core_r) - lead
    found = src.find(core_r) if core_r else -1
    return (found if found >= 0 else 0) - lead
