"""The numbered paragraphs of a source: a judgment's `12.` or `[12]`, a regulation's recitals
`(12)`, a commentary's `¶ 12`, which `para. 12`, `recital 12`, `Rn. 12` cite.

A source numbers its paragraphs when one style of marker at the start of a line runs 1, 2, 3 …
far longer than any other run of that style: a regulation's recitals (1) to (173) beside the
(1), (2) of each article. Numbering that starts again in every section (a statute's `(1)`,
`(2)` under each article, and nothing longer) is no paragraph numbering of the document: those
paragraphs are cited through their section (`Art. 5 Abs. 1`, `section 4(2)`). A numbered
heading is a section, not a paragraph."""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..model import SourceDocument, Span

#: A marker opening a line, before the paragraph's first word (a letter or an opening quote).
_MARKER = re.compile(
    r"^[ \t\f]{0,8}(?:\((?P<paren>\d{1,4})\)|\[(?P<bracket>\d{1,4})\]|(?P<dot>\d{1,4})\."
    r"|¶[ \t]?(?P<pilcrow>\d{1,4}))[ \t]+(?=[^\W\d_]|[\"“„«'‘])", re.M)
_STYLES = ("paren", "bracket", "dot", "pilcrow")
_MIN_RUN = 3  # markers a numbering runs through, at least
# Paragraphs of a judgment or recitals run to several sentences; the items of a numbered list
# (a law's catalogue `1. das bürgerliche Recht, …`) to a line or two.
_MIN_MEDIAN_CHARS = 160
_MAX_STEP = 2  # a number may skip one (a paragraph the extraction lost)
_LAST_PARAGRAPH_CHARS = 4000  # how far the last paragraph reaches when no section ends it


@dataclass(frozen=True)
class Paragraphs:
    """The document's numbered paragraphs: number → span, in the order of the text."""

    spans: dict[int, Span]
    style: str  # "paren", "bracket", "dot" or "pilcrow"

    @property
    def first(self) -> int:
        return min(self.spans)

    @property
    def last(self) -> int:
        return max(self.spans)

    def number_at(self, offset: int) -> int | None:
        """The number of the paragraph that holds `offset`, if one does."""
        return next((n for n, span in self.spans.items() if span.start <= offset < span.end), None)


def numbered_paragraphs(source: SourceDocument) -> Paragraphs | None:
    """The source's paragraph numbering (kept with the source), or None when it has none."""
    cached = source.derived.get("paragraphs", False)
    if cached is False:
        cached = source.derived["paragraphs"] = _find(source)
    return cached  # type: ignore[return-value]


def _find(source: SourceDocument) -> Paragraphs | None:
    headings = {s.line for s in source.sections}
    markers: dict[str, list[tuple[int, int]]] = {style: [] for style in _STYLES}
    for m in _MARKER.finditer(source.text):
        style = m.lastgroup or ""
        start = m.start() + len(m[0]) - len(m[0].lstrip(" \t\f"))
        if source.line_of(start) not in headings:
            markers[style].append((int(m[style]), start))
    best: tuple[list[tuple[int, int]], str] | None = None
    for style in _STYLES:
        runs = sorted(_runs(markers[style]), key=len, reverse=True)
        if not runs or len(runs[0]) < _MIN_RUN:
            continue
        # Far longer than the next run of its style: numbering that starts again in every
        # section makes many runs of about one length instead.
        if len(runs) > 1 and len(runs[0]) < 2 * len(runs[1]):
            continue
        lengths = sorted(b[1] - a[1] for a, b in zip(runs[0], runs[0][1:]))
        if lengths[len(lengths) // 2] < _MIN_MEDIAN_CHARS:
            continue
        if best is None or len(runs[0]) > len(best[0]):
            best = (runs[0], style)
    if best is None:
        return None
    run, style = best
    spans: dict[int, Span] = {}
    for (number, start), following in zip(run, [*run[1:], None]):
        end = following[1] if following else _last_end(source, start)
        spans.setdefault(number, Span(start, end))
    return Paragraphs(spans, style)


def _runs(markers: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """The stretches of consecutive markers whose numbers rise by one (or two)."""
    runs: list[list[tuple[int, int]]] = []
    for marker in markers:
        if runs and 0 < marker[0] - runs[-1][-1][0] <= _MAX_STEP:
            runs[-1].append(marker)
        else:
            runs.append([marker])
    return runs


def _last_end(source: SourceDocument, start: int) -> int:
    """Where the last numbered paragraph ends: at the next section, or a few pages on."""
    following = [s.span.start for s in source.sections if s.span.start > start]
    cap = min(len(source.text), start + _LAST_PARAGRAPH_CHARS)
    return min([cap, *following])
