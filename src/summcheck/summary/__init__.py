"""Read a Markdown summary: front matter, checked sentences with their locator groups, suppressions."""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from markdown_it import MarkdownIt
from mdit_py_plugins.footnote import footnote_plugin

from ..model import Sentence, Summary
from ..text_split import looks_german, mask_inline
from .positions import FileLines, LineMap
from .reading import read_as_written, read_text, split_front_matter
from .sentences import after_comment, folded_labels, paragraph_sentences
from .suppressions import collect_suppressions, html_comments

__all__ = ["load_summary", "read_text", "split_front_matter"]


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
    file_lines = FileLines(read_as_written(path))
    lines = file_lines.nfc
    total = len(lines) - 1 if len(lines) > 1 and lines[-1] == "" else len(lines)
    front, body_start = split_front_matter(path, lines)
    # Blank the front matter rather than cut it, so the parser's line numbers are the file's.
    body = "\n" * body_start + "\n".join(lines[body_start:])
    labels = folded_labels(synthesis_labels)
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
            comments.extend(html_comments(tok.content, tok.map[0]))
            if not in_footnote:
                sentences.extend(after_comment(tok.content, file_lines, tok.map[0], labels, german))
        elif tok.type == "inline" and tok.map:
            if not in_table and not in_footnote and idx > 0 \
                    and tokens[idx - 1].type == "paragraph_open":
                sentences.extend(paragraph_sentences(tok.content, file_lines, tok.map[0], labels, german,
                                                     comments, notes))
            elif "<!--" in tok.content:  # headings, cells, footnotes: only suppression comments
                _, _, spans = mask_inline(tok.content)
                line_map = LineMap(tok.content, file_lines, tok.map[0])
                for start, end in spans:
                    comments.append((tok.content[start:end], line_map.position(start)[0],
                                     line_map.position(end - 1)[0]))
    return Summary(path=path, front_matter=front, sentences=sentences,
                   suppressions=collect_suppressions(comments, lines, total))
