"""Read a Markdown summary: front matter, checked sentences with their locator groups, suppressions."""
from __future__ import annotations

import bisect
import re
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml
from markdown_it import MarkdownIt
from mdit_py_plugins.footnote import footnote_plugin

from .claimfiles.yamlfmt import expanded_size
from .display import quoted, shorten
from .files import decode, read_input
from .language import synthesis_labels
from .locators import LocatorSyntaxError, classify_group, starts_like_locator
from .model import InputError, LocatorGroup, Sentence, Summary, Suppression
from .text_split import looks_german, mask_inline, matched_groups, rendered_group, split_sentences

# `[synthesis]`, `[Synthese]`, `[síntesis]`, `[síntese]`: the language files' `synthesis_labels`.
DEFAULT_SYNTHESIS_LABELS: tuple[str, ...] = synthesis_labels()
# A locator is short; a longer parenthesised group is prose and is not classified (this also
# keeps deeply nested parentheses linear) — unless it starts like a locator, with a keyword and
# a number (`p. 1000…` with 10,000 digits): that one is a locator, and once accepted it covers
# the groups nested in it, so the scan stays linear.
MAX_GROUP_CHARS = 300
MAX_SUMMARY_BYTES = 50 * 1024 * 1024
# Front matter names a few files and options; a value standing for more is an attack.
MAX_FRONT_MATTER_VALUES = 10_000

_CODE_RE = re.compile(r"sum\d+", re.IGNORECASE)
_CODE_SPLIT = re.compile(r"[\s,]+")
_DIRECTIVES = ("summcheck-disable-next-line", "summcheck-disable-line", "summcheck-disable-file",
               "summcheck-disable", "summcheck-enable")


# ---------------------------------------------------------------- reading the file


def read_text(path: Path) -> str:
    """Decode a UTF-8 file (BOM allowed; UTF-16/32 with BOM too), NFC-normalised, `\\n` line ends."""
    return unicodedata.normalize("NFC", _read_as_written(path))


def _read_as_written(path: Path) -> str:
    """The file's text as written, but for `\\n` line ends (and NUL shown as U+FFFD)."""
    text = decode(read_input(path, MAX_SUMMARY_BYTES, "summary"), str(path))
    # Markdown treats \r\n and a lone \r as line ends; so do we, to keep line numbers in step.
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if "\0" in text:
        text = text.replace("\0", "\ufffd")  # as Markdown does; keeps our text and its in step
    return text


def split_front_matter(path: Path, lines: list[str]) -> tuple[dict, int]:
    """(front matter, number of lines it occupies); ({}, 0) without front matter."""
    if not lines or lines[0].rstrip() != "---":
        return {}, 0
    close = next((k for k in range(1, len(lines)) if lines[k].rstrip() in ("---", "...")), None)
    if close is None:
        raise InputError(f"{path}: front matter opened by '---' on line 1 is never closed")
    yaml_text = "\n".join(lines[1:close])
    try:
        data = _front_matter_data(path, yaml_text)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        # YAML also breaks lines at U+0085, U+2028, U+2029; the file's lines are its `\n` lines.
        where = f" at line {yaml_text.count(chr(10), 0, mark.index) + 2}" if mark is not None else ""
        problem = getattr(err, "problem", None) or str(err).split("\n")[0]
        raise InputError(f"{path}: invalid YAML front matter{where}: {shorten(problem, 120)}") from None
    except (RecursionError, ValueError, OverflowError) as err:
        raise InputError(f"{path}: invalid YAML front matter: {shorten(str(err), 120)}") from None
    if data is None:
        return {}, close + 1
    if not isinstance(data, dict):
        raise InputError(f"{path}: front matter is not a mapping (got {type(data).__name__})")
    return data, close + 1


def _front_matter_data(path: Path, text: str) -> Any:
    """The front matter's data, built only once no value's aliases expand beyond reason.

    Built, aliases share objects; but a "billion laughs" tree of them is expanded by whatever
    walks the value without sharing (a message quoting it, a report), so it is refused here.
    """
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        if isinstance(node, yaml.MappingNode):
            sizes: dict[int, int] = {}
            for key_node, value_node in node.value:
                if expanded_size(value_node, sizes) > MAX_FRONT_MATTER_VALUES:
                    key = key_node.value if isinstance(key_node, yaml.ScalarNode) else "a key"
                    kind = "a list" if isinstance(value_node, yaml.SequenceNode) else "a mapping"
                    raise InputError(
                        f"{path}: front matter: {quoted(str(key), 40)} holds {kind} whose YAML "
                        f"aliases expand to more than {MAX_FRONT_MATTER_VALUES:,} values (front "
                        f"matter names files and options)")
        return loader.construct_document(node) if node is not None else None
    finally:
        loader.dispose()


# ---------------------------------------------------------------- positions


class _FileLines:
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


class _LineMap:
    """Maps offsets in a block's inline content to 1-based (line, column) in the file."""

    def __init__(self, content: str, lines: _FileLines, first_line: int) -> None:
        self.starts = [0] + [m.end() for m in re.finditer("\n", content)]
        self.first = first_line  # 0-based file line of the content's first line
        self.lines = lines
        self.cols: list[int] = []
        pieces = content.split("\n")
        for idx, piece in enumerate(pieces):
            src = lines[first_line + idx] if first_line + idx < len(lines) else ""
            self.cols.append(_column_of(piece, src))

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


# ---------------------------------------------------------------- sentences


def _labels(synthesis_labels: Sequence[str] | None) -> list[str]:
    labels = DEFAULT_SYNTHESIS_LABELS if synthesis_labels is None else synthesis_labels
    out = []
    for label in labels:
        label = unicodedata.normalize("NFC", str(label).strip())
        if label and not label.startswith("["):
            label = f"[{label}]"  # a configured `synthesis` means the bracketed label
        if label:
            out.append(label.casefold())
    return out


def _groups(visible: str, scan: str, lm: _LineMap) -> list[tuple[int, LocatorGroup]]:
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
        line, col = lm.position(open_)
        if isinstance(result, LocatorSyntaxError):
            # A list may hold parts that parse beside a malformed one: those are still checked.
            group = LocatorGroup(text=inner, line=line, column=col, locator=result.partial, error=str(result))
        else:
            group = LocatorGroup(text=inner, line=line, column=col, locator=result)
        found.append((open_, group))
        covered = close
    return found


_FOOTNOTE_REF = re.compile(r"\[\^([^\]\s]+)\]")


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


def _sentences(content: str, lines: _FileLines, first_line: int, labels: list[str], german: bool,
               comments_out: list[tuple[str, int, int]],
               notes: frozenset[str] = frozenset()) -> list[Sentence]:
    lm = _LineMap(content, lines, first_line)
    visible, scan, comments = mask_inline(content)
    visible, scan = _blank_footnote_refs(visible, scan, notes)
    for start, end in comments:
        comments_out.append((content[start:end], lm.position(start)[0], lm.position(end - 1)[0]))
    groups = _groups(visible, scan, lm)
    out: list[Sentence] = []
    g = 0
    for start, end in split_sentences(scan, german):
        mine: list[LocatorGroup] = []
        while g < len(groups) and groups[g][0] < end:
            if groups[g][0] >= start:
                mine.append(groups[g][1])
            g += 1
        body = scan[start:end]
        if not any(c.isalnum() for c in body):
            continue  # only markup or punctuation left (e.g. a lone comment)
        folded = body.casefold()
        line, col = lm.position(start)
        out.append(Sentence(
            text=" ".join(visible[start:end].split()),
            line=line,
            column=col,
            groups=mine,
            synthesis=any(label in folded for label in labels),
        ))
    return out


def _after_comment(content: str, lines: _FileLines, first_line: int, labels: list[str],
                   german: bool) -> list[Sentence]:
    """Prose after a comment on the comment's last line (`<!-- … --> Text.`).

    CommonMark makes that whole line an HTML block, yet the text is rendered, so it is checked.
    """
    if not content.startswith("<!--"):
        return []
    end = content.find("-->")
    if end == -1:
        return []
    end += 3
    rest = content[end:].rstrip("\n")
    if "\n" in rest or not any(c.isalnum() for c in rest):
        return []
    line = first_line + content.count("\n", 0, end)
    line_start = content.rfind("\n", 0, end) + 1
    # Keep the comment's columns (as spaces) so positions stay those of the file.
    padded = " " * (end - line_start) + rest
    # Comments in `rest` were already collected from the whole block; discard the duplicates.
    return _sentences(padded, lines, line, labels, german, [])


# ---------------------------------------------------------------- suppressions


def _html_comments(content: str, first_line: int) -> list[tuple[str, int, int]]:
    """(comment, first line, last line) of each `<!-- … -->` in an HTML block."""
    out = []
    pos, line, counted = 0, first_line + 1, 0
    while True:
        start = content.find("<!--", pos)
        if start == -1:
            return out
        end = content.find("-->", start + 4)
        if end == -1:
            return out
        line += content.count("\n", counted, start)
        counted = start
        out.append((content[start:end + 3], line, line + content.count("\n", start, end)))
        pos = end + 3


def _directive(comment: str) -> tuple[str, frozenset[str] | None] | None:
    """(directive, codes or None for all rules) of a `<!-- summcheck-… -->` comment."""
    words = [w for w in _CODE_SPLIT.split(comment[4:-3]) if w]
    if not words or words[0].lower() not in _DIRECTIVES:
        return None
    codes: list[str] = []
    for word in words[1:]:
        if word == "--":  # `-- reason` ends the list of rules
            break
        codes.append(word.upper() if _CODE_RE.fullmatch(word) else word.lower())
    return words[0].lower(), (frozenset(codes) if codes else None)


def _is_comment_only(line: str) -> bool:
    s = line.strip()
    return s.startswith("<!--") and s.endswith("-->") and "summcheck-" in s


def _suppressions(comments: list[tuple[str, int, int]], lines: list[str], total: int) -> list[Suppression]:
    out: list[Suppression] = []
    open_ranges: list[tuple[frozenset[str] | None, int, int]] = []  # (codes, first line, comment line)
    for comment, line, last_line in sorted(comments, key=lambda c: (c[1], c[2])):
        parsed = _directive(comment)
        if parsed is None:
            continue
        directive, codes = parsed
        if directive == "summcheck-disable-file":
            out.append(Suppression(codes, 1, total, line))
        elif directive == "summcheck-disable-line":
            out.append(Suppression(codes, line, last_line, line))
        elif directive == "summcheck-disable-next-line":
            target = last_line + 1
            # Skip blank lines and stacked suppression comments to reach the text they annotate.
            while target <= len(lines) and (not lines[target - 1].strip() or _is_comment_only(lines[target - 1])):
                target += 1
            out.append(Suppression(codes, target, target, line))
        elif directive == "summcheck-disable":
            open_ranges.append((codes, line, line))
        else:  # summcheck-enable
            still_open = []
            for r_codes, first, c_line in open_ranges:
                if codes is None:
                    out.append(Suppression(r_codes, first, line, c_line))
                elif r_codes is None:
                    still_open.append((r_codes, first, c_line))  # only a bare enable ends "all rules"
                else:
                    ended = r_codes & codes
                    if ended:
                        out.append(Suppression(frozenset(ended), first, line, c_line))
                    if r_codes - codes:
                        still_open.append((frozenset(r_codes - codes), first, c_line))
            open_ranges = still_open
    for r_codes, first, c_line in open_ranges:
        out.append(Suppression(r_codes, first, total, c_line))
    out.sort(key=lambda s: (s.comment_line, s.first_line, sorted(s.codes or ())))
    return out


# ---------------------------------------------------------------- entry point


def _markdown() -> MarkdownIt:
    # Footnote definitions (`[^1]: …`) are notes on the text, not sentences of the summary: the
    # plugin marks them as blocks, which are skipped (its `footnote_tail` rule, which would move
    # them to the end or drop them, is off: they stay where they stand, with their lines).
    md = MarkdownIt("commonmark").enable("table").use(footnote_plugin)
    # Only the block structure is needed: sentences are read from each inline token's source
    # text, so the (costly) inline pass would be wasted work.
    md.core.ruler.disable(["inline", "text_join", "footnote_tail"])
    return md


def load_summary(path: Path, synthesis_labels: Sequence[str] | None = None) -> Summary:
    """Parse a Markdown summary into sentences (with locator groups), front matter and suppressions."""
    path = Path(path)
    file_lines = _FileLines(_read_as_written(path))
    lines = file_lines.nfc
    total = len(lines) - 1 if len(lines) > 1 and lines[-1] == "" else len(lines)
    front, body_start = split_front_matter(path, lines)
    # Blank the front matter rather than cut it, so the parser's line numbers are the file's.
    body = "\n" * body_start + "\n".join(lines[body_start:])
    labels = _labels(synthesis_labels)
    german = looks_german(body)
    tokens = _markdown().parse(body)
    sentences: list[Sentence] = []
    comments: list[tuple[str, int, int]] = []
    notes = frozenset(tok.meta.get("label", "") for tok in tokens
                      if tok.type == "footnote_reference_open")
    in_table = in_footnote = 0
    for idx, tok in enumerate(tokens):
        if tok.type == "table_open":
            in_table += 1
        elif tok.type == "table_close":
            in_table -= 1
        elif tok.type == "footnote_reference_open":
            in_footnote += 1
        elif tok.type == "footnote_reference_close":
            in_footnote -= 1
        elif tok.type == "html_block" and tok.map:
            comments.extend(_html_comments(tok.content, tok.map[0]))
            if not in_footnote:
                sentences.extend(_after_comment(tok.content, file_lines, tok.map[0], labels, german))
        elif tok.type == "inline" and tok.map:
            if not in_table and not in_footnote and idx > 0 \
                    and tokens[idx - 1].type == "paragraph_open":
                sentences.extend(_sentences(tok.content, file_lines, tok.map[0], labels, german, comments,
                                            notes))
            elif "<!--" in tok.content:  # headings, cells, footnotes: only suppression comments
                _, _, spans = mask_inline(tok.content)
                lm = _LineMap(tok.content, file_lines, tok.map[0])
                for start, end in spans:
                    comments.append((tok.content[start:end], lm.position(start)[0], lm.position(end - 1)[0]))
    return Summary(path=path, front_matter=front, sentences=sentences,
                   suppressions=_suppressions(comments, lines, total))
