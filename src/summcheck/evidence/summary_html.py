"""The summary rendered as its author wrote it, each checked sentence wrapped in an element the
report's script makes clickable.

Markdown is rendered by markdown-it with raw HTML off, so whatever the summary holds is shown
as text; a paragraph is cut at the sentence boundaries the checker found (the same split, the
same positions), and each piece is rendered inline on its own.
"""
from __future__ import annotations

import re
from html import escape
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.token import Token
from mdit_py_plugins.footnote import footnote_plugin

from ..model import Sentence
from ..summary.html import segments, visible_text
from ..summary.positions import FileLines, LineMap
from ..summary.reading import read_as_written, split_front_matter
from ..summary.split import looks_german, mask_inline, split_sentences

_COMMENT = re.compile(r"<!--.*?-->", re.S)


def _markdown() -> MarkdownIt:
    # "commonmark" with html off: an author's `<script>` is text. Links keep markdown-it's own
    # check, which refuses javascript:, vbscript:, file: and most data: URLs.
    return MarkdownIt("commonmark", {"html": False}).enable("table").use(footnote_plugin)


def render_summary(path: Path, sentences: list[Sentence], verdicts: list[str]) -> str:
    """The summary's body as HTML; sentence i is `<span class="sentence" data-sentence=i>`."""
    file_lines = FileLines(read_as_written(path))
    lines = file_lines.nfc
    _, body_start = split_front_matter(path, lines)
    body = "\n" * body_start + "\n".join(lines[body_start:])
    german = looks_german(body)
    md = _markdown()
    tokens = md.parse(body)
    number_at = {(s.line, s.column): i for i, s in enumerate(sentences)}
    row_at = {s.line: i for i, s in enumerate(sentences) if s.kind == "row"}
    html_lines = {s.line for s in sentences if s.kind == "html"}
    for index, token in enumerate(tokens):
        if token.type == "html_block":
            token.content = ""  # comments (suppressions); raw HTML is off, so nothing else
        elif token.type == "tr_open" and token.map and token.map[0] + 1 in row_at:
            # A table row is one unit: the row itself is the element the script makes
            # clickable.
            number = row_at[token.map[0] + 1]
            for name, value in (("class", "sentence"), ("data-sentence", str(number)),
                                ("data-verdict", verdicts[number]), ("tabindex", "0"),
                                ("role", "button"), ("aria-pressed", "false")):
                token.attrSet(name, value)
        elif token.type == "inline" and token.map and index > 0 \
                and tokens[index - 1].type == "paragraph_open":
            # Raw HTML is shown as text; where the checker read what it shows, its sentences
            # are cut where the checker cut them.
            html = any(token.map[0] < line <= token.map[1] for line in html_lines)
            rendered = _paragraph(md, token.content, file_lines, token.map[0], german,
                                  number_at, verdicts, html)
            token.children = [_raw(rendered)]
    return md.renderer.render(tokens, md.options, {})


def _paragraph(md: MarkdownIt, content: str, file_lines: FileLines, first_line: int,
               german: bool, number_at: dict[tuple[int, int], int], verdicts: list[str],
               html: bool = False) -> str:
    line_map = LineMap(content, file_lines, first_line)
    if html:
        visible, boundaries = visible_text(content)
        stretches = segments(visible, boundaries)
    else:
        visible, stretches = content, [(0, len(content))]
    pieces: list[str] = []
    last = 0
    for a, b in stretches:
        _, scan, _ = mask_inline(visible[a:b])
        for start, end in split_sentences(scan, german):
            start, end = a + start, a + end
            number = number_at.get(line_map.position(start))
            if number is None:
                continue
            if start > last:
                pieces.append(_inline(md, content[last:start]))
            pieces.append(f'<span class="sentence" data-sentence="{number}" '
                          f'data-verdict="{escape(verdicts[number])}" tabindex="0" '
                          f'role="button" aria-pressed="false">'
                          f'{_inline(md, content[start:end])}</span>')
            last = end
    if last < len(content):
        pieces.append(_inline(md, content[last:]))
    return "".join(pieces)


def _inline(md: MarkdownIt, text: str) -> str:
    return md.renderInline(_COMMENT.sub("", text))


def _raw(html: str) -> Token:
    token = Token("html_inline", "", 0)
    token.content = html
    return token
