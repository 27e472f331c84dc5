"""What a finding points at, for a report to underline: a Mark on one line of its file.

A problem on a sentence points at the locator group it names (found by its line and column),
else at the sentence's first line; a problem on a claim record at the value of the record key
it is about (the rule's POINTS_AT, or the problem's own), found in the claims file's text
(claims.positions) only when a record's problem is reported.
"""
from __future__ import annotations

from .facts import Analysis
from ..claims.positions import Layout, NotPlaced, layout, value_span
from ..files.lines import line_end
from ..model import Mark
from ..rules import Problem, Rule


class Marker:
    """The marks of one summary's problems (the claims file placed once, on first need)."""

    def __init__(self, analysis: Analysis) -> None:
        self.analysis = analysis
        self._layout: Layout | None | bool = False  # False: not placed yet; None: cannot be
        self._starts: dict[tuple[int, int], Mark] | None = None

    def mark(self, problem: Problem, rule: Rule) -> Mark | None:
        if problem.record is not None:
            return self._record_mark(problem, problem.points_at or rule.points_at)
        if problem.line is None or problem.column is None:
            return None
        return self._sentence_marks().get((problem.line, problem.column))

    def _record_mark(self, problem: Problem, key: str | None) -> Mark | None:
        origin = problem.record.record.origin  # type: ignore[union-attr]
        if origin is not None:  # an inline quotation: its marks and words in the summary
            return Mark(origin.line, origin.column, max(origin.end_column, origin.column + 1))
        claims = self.analysis.claims
        if key is None or claims.text is None or claims.format is None:
            return None
        if self._layout is False:
            if "layout" not in claims.places:
                try:
                    claims.places["layout"] = layout(claims.text, claims.format)
                except NotPlaced:
                    claims.places["layout"] = None
            self._layout = claims.places["layout"]
        if not isinstance(self._layout, Layout):
            return None
        span = value_span(self._layout, problem.record.record.index, key)  # type: ignore[union-attr]
        if span is None:
            return None
        return _mark(self._layout, *span)

    def _sentence_marks(self) -> dict[tuple[int, int], Mark]:
        """(line, column) of each sentence and locator group → its mark (a group wins)."""
        if self._starts is None:
            starts: dict[tuple[int, int], Mark] = {}
            for sentence in self.analysis.summary.sentences:
                first = sentence.text.split("\n", 1)[0].rstrip()
                if first:
                    starts[(sentence.line, sentence.column)] = Mark(
                        sentence.line, sentence.column, sentence.column + len(first))
            for sentence in self.analysis.summary.sentences:
                for group in sentence.groups:
                    if group.end_line == group.line and group.end_column is not None:
                        starts[(group.line, group.column)] = Mark(group.line, group.column,
                                                                  group.end_column)
            self._starts = starts
        return self._starts


def _mark(placed: Layout, start: int, end: int) -> Mark:
    """The mark of the text's [start:end], cut at the end of its first line."""
    line, column = placed.line_and_column(start)
    end = min(end, line_end(placed.text, start))
    return Mark(line, column, column + max(end - start, 1))
