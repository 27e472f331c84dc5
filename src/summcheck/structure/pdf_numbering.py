"""PDF headings from the printed numbering: numbered rows in a heading font (or, where every row is
set like the body, by their numbers alone) that continue the numbering around the outline's."""
from __future__ import annotations

import re

from ..model import HeadingDecision, SourceDocument
from .numbering import Key, designator_number, ident_key, is_start, skips_few, successors
from .pdf_regions import running_headers
from .pdf_rows import Heading, Lines, Row, decision, fold, heading_font, lettered, parse_number

_MAX_HEADING_CHARS = 160
_MAX_GAP = 3  # numbers a printed heading may skip over the one before it
_HANGING_INDENT = 12.0  # points the text of a numbered paragraph stands right of its number
_LEADER = re.compile(r"(?:\.[ \t]?){3,}[ \t]*\S{0,8}[ \t]*\Z|[ \t]\d{1,4}\Z")
_NOT_TITLE_START = frozenset("©®™•·,;:=+*|)]}.")
_CANDIDATE_LINE = re.compile(
    r"^[ \t\f]{0,12}(?P<num>\d{1,3}(?:\.\d{1,3})+|[A-Z](?:\.\d{1,3})+)[.)]?(?:[ \t]|[^\W\d_]|$)"
    r"[^\n]{0,150}$",
    re.M)


def title_start(title: str) -> bool:
    """A heading's title opens like a name ("Purpose", "/bin", "¿Qué", "\\centering"), not
    like a sentence's continuation, a copyright line or a formula."""
    return not title[0].islower() and title[0] not in _NOT_TITLE_START


def _hanging(lines: Lines, row: Row, margin: float | None) -> Row | None:
    """The row below a numbered row whose number hangs at the headings' margin with its
    paragraph indented right of it (a requirement `1.1` set in the body font, its text a tab
    further on); None for a row set otherwise (a list item, an indented or flush paragraph)."""
    following = lines.next_row(row)
    if margin is None or row.font is None or following is None or following.font is None:
        return None
    at_margin = abs(row.font.x - margin) <= 2.0
    return following if at_margin and following.font.x >= row.font.x + _HANGING_INDENT else None


def _font_candidate(lines: Lines, doc: SourceDocument, line: int,
                    margin: float | None = None) -> Heading | str | None:
    """A numbered row set in a heading font that opens at `line`, or one below a kept heading
    whose number hangs at the headings' `margin`; why not, for a numbered row that is no
    heading; None for any other line."""
    row = lines.row_at(line)
    if row.first_line != line or len(row.text) > _MAX_HEADING_CHARS:
        return None
    parsed = parse_number(row.text)
    if parsed is None and heading_font(row.font, doc.body_font):
        parsed = lettered(row.text)
    if parsed is None:
        return None
    ident, title, reset = parsed
    if title and _LEADER.search(title):
        return "a contents entry (a page number after leaders)"
    if title and not title_start(title):
        return "not a title (a sentence's continuation or a formula)"
    if not heading_font(row.font, doc.body_font):
        hanging = _hanging(lines, row, margin)
        if hanging is None:
            return "set in the body font (a list item or a paragraph)"
        return Heading(row, ident, title or hanging.text, "hanging number", reset)
    if not title:  # "2.1" on its row, the title on the next ("Artefactos de cumplimiento:")
        following = lines.next_row(row)
        if following is None or not heading_font(following.font, doc.body_font):
            return "a number without a title"
        title = following.text
    if len(fold(title)) < 2:
        return "a figure's label"  # "6 2", "5 V"
    return Heading(row, ident, title, "font", reset)


def _deeper_lines(lines: Lines, doc: SourceDocument, anchors: list[Heading]) -> list[int]:
    """Lines whose number is a subsection of an outline heading that the outline lacks."""
    known = {a.ident for a in anchors} | {designator_number(a.ident) for a in anchors}
    out = []
    for m in _CANDIDATE_LINE.finditer(doc.text):
        ident = m.group("num")
        if ident in known or not _ancestors(ident) & known:
            continue
        parsed = parse_number(m.group(0).lstrip("\f"))
        if parsed and parsed[0] == ident:
            out.append(doc.line_of(m.start("num")))
    return out


def textual_heading(lines: Lines, line: int) -> Heading:
    """A numbered line as a heading by its numbering alone."""
    ident, title, reset = parse_number(lines.stripped(line)) or ("", "", False)
    return Heading(lines.row_at(line), ident, title, "numbering", reset)


def _ancestors(ident: str) -> set[str]:
    """"2.1.1" → {"2", "2.1"}."""
    parts = ident.split(".")
    return {".".join(parts[:n]) for n in range(1, len(parts))}


def _numbering_key(ident: str) -> Key:
    """The key the numbering below a heading continues from: a designator's number (`G3` is
    followed by 3.1), else the heading's own."""
    return ident_key(designator_number(ident) or ident)


def _is_subsection(ident: str, last: Heading | None) -> bool:
    """ident is a subsection of the last heading or of one of its parents."""
    parent = ident.rpartition(".")[0]
    return bool(parent) and last is not None and (
        last.ident == parent or last.ident.startswith(parent + ".")
        or designator_number(last.ident) == parent)


def near(prev: Key, key: Key) -> bool:
    """key follows prev closely: its next number at some depth (a few may be missing), a new
    first child, or a numbering that starts again (1.0 after 3)."""
    return (key in successors(prev) or (is_start(key) and len(key) >= len(prev))
            or skips_few(prev, key, _MAX_GAP, into_child=False))


def fit_numbering(candidates: list[Heading], anchors: list[Heading],
                  decisions: list[HeadingDecision]) -> list[Heading]:
    """Candidates that continue the numbering around the anchors (gap repair: a few missing
    numbers between two kept ones are allowed, a jump or a step backwards is not)."""
    if not anchors:
        return _longest_numbering(candidates, decisions)
    taken = {(a.ident, a.row.page) for a in anchors}
    named = {(a.ident, fold(a.title)) for a in anchors}
    events = sorted([(a.row.start, 0, a) for a in anchors] + [(c.row.start, 1, c) for c in candidates],
                    key=lambda e: (e[0], e[1]))
    kept: list[Heading] = []
    last: Heading | None = None
    for _, kind, heading in events:
        if kind == 0:
            last = heading
            continue
        reason = None
        key = ident_key(heading.ident)
        if (heading.ident, heading.row.page) in taken or (heading.ident, fold(heading.title)) in named:
            reason = "repeats a heading"  # a running header or an echo of a kept heading
        elif anchors and not _is_subsection(heading.ident, last):
            reason = "not below a kept heading"  # the outline covers this level
        elif last is None:
            reason = None if is_start(key) or heading.reset else "out of sequence"
        elif not (near(_numbering_key(last.ident), key) or heading.reset):
            reason = "out of sequence"
        if reason is not None:
            decisions.append(decision(heading, False, reason))
            continue
        kept.append(heading)
        named.add((heading.ident, fold(heading.title)))
        last = heading
    return kept


#: How many candidates before one are tried as the heading it follows: a wrong candidate or
#: a run of them (an example of output set in a heading font) is skipped within this reach.
_REACH = 64


def _longest_numbering(candidates: list[Heading],
                       decisions: list[HeadingDecision]) -> list[Heading]:
    """Without anchors: the longest run of candidates each of which continues the numbering of
    the one before (a start, or `near` it), so that a few wrong candidates lose, not every
    heading after them (a manual showing `1.1 Basic Concepts` as example output in bold). Of
    runs as long, the one that keeps the earlier candidate at each step (a number's first
    heading is the heading; a later one an echo or an example), and a number never follows
    itself; then a heading that repeats one kept before it is dropped."""
    ordered = sorted(candidates, key=lambda c: c.row.start)
    keys = [ident_key(c.ident) for c in ordered]
    best: list[int] = []
    before: list[int] = []
    for i, heading in enumerate(ordered):
        start_ok = is_start(keys[i]) or heading.reset
        length, prev = (1, -1) if start_ok else (0, -1)
        for j in range(max(0, i - _REACH), i):
            if best[j] and best[j] + 1 > length and keys[j] != keys[i] and (
                    near(keys[j], keys[i]) or heading.reset):
                length, prev = best[j] + 1, j
        best.append(length)
        before.append(prev)
    chosen: set[int] = set()
    if best and max(best):
        top = max(best)
        i = min(k for k, length in enumerate(best) if length == top)
        while i != -1:
            chosen.add(i)
            i = before[i]
    kept: list[Heading] = []
    named: set[tuple[str, str]] = set()
    for i, heading in enumerate(ordered):
        name = (heading.ident, fold(heading.title))
        if i not in chosen:
            decisions.append(decision(heading, False, "out of sequence"))
        elif name in named:
            decisions.append(decision(heading, False, "repeats a heading"))
        else:
            kept.append(heading)
            named.add(name)
    return kept


def numbered_candidates(lines: Lines, doc: SourceDocument, anchors: list[Heading],
                        masked: set[int], decisions: list[HeadingDecision]) -> list[Heading]:
    """Numbered rows beside the anchors: by font, or by numbering where fonts say nothing."""
    anchored = {a.row.first_line for a in anchors}
    if anchors:
        deeper = _deeper_lines(lines, doc, anchors)
        # Only rows whose numbering could continue a kept heading are worth their fonts.
        textual = [textual_heading(lines, line) for line in deeper]
        deeper = [h.row.first_line for h in fit_numbering(textual, anchors, [])]
        fonts = doc.fonts_of_pages({lines.page_of_line(line) for line in deeper})
        flat = not any(heading_font(a.row.font or fonts.get(a.row.first_line), doc.body_font)
                       for a in anchors if a.row.first_line in fonts)
        if flat and any(a.row.first_line in fonts for a in anchors):
            # Headings set like the body: the numbering alone proposes.
            candidates = []
            for line in deeper:
                row = lines.row_at(line)
                parsed = parse_number(row.text)
                if parsed and parsed[1] and title_start(parsed[1]):
                    candidates.append(Heading(row, parsed[0], parsed[1], "numbering", parsed[2]))
            return candidates
        considered = deeper
        margin = min((font.x for a in anchors
                      if (font := a.row.font or fonts.get(a.row.first_line)) is not None), default=None)
    else:
        considered, margin = sorted(doc.fonts), None
    candidates = []
    for line in considered:
        if line in anchored:
            continue
        found = _font_candidate(lines, doc, line, margin)
        if found is not None and lines.page_of_line(line) in masked:
            decisions.append(decision(textual_heading(lines, line), False, "table of contents"))
        elif isinstance(found, Heading):
            candidates.append(found)
        elif found is not None:
            decisions.append(decision(textual_heading(lines, line), False, found))
    unique = {c.row.first_line: c for c in candidates}
    candidates = sorted(unique.values(), key=lambda c: c.row.start)
    headers = running_headers(lines, candidates, lambda c: c.row)
    for c in candidates:
        if id(c) in headers:
            decisions.append(decision(c, False, "running header"))
    return [c for c in candidates if id(c) not in headers]
