"""Cut a source into chunks along its structure, never at a fixed token count.

A text or Markdown source with sections is cut at its top-level sections; a section larger
than `max_chars` is cut at its subsections (its own text before the first one is a piece of
its own), and one without subsections at paragraphs (blank lines), then lines. A source
without sections is cut at its pages (form feeds, `[Page N]` footers) or, with one page, at
paragraphs. A PDF is cut at pages only, since a chunk is sent as those pages: pages are
grouped up to `max_chars`, a new chunk starting where a top-level section starts. Finally a
piece smaller than `min_chars` merges with a neighbour while the two fit in `max_chars`.

Each chunk names the range it covers as a locator that resolves to exactly its text where
one does ("section 4", "sections 4–5"), else its lines (text) or pages (PDF).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..terminal.display import printable
from ..locators import LocatorSyntaxError, parse_locator
from ..model import Section, SourceDocument, Span
from ..locators.resolve import Resolver

DEFAULT_MAX_CHARS = 8000
# A blank line (white space only) between two lines: where a paragraph ends.
_BLANK_LINE = re.compile(r"\n[ \t\r\f\v]*\n")


@dataclass(frozen=True)
class Chunk:
    index: int  # 1-based, in document order
    span: Span
    locator: str  # the range it covers: "sections 4–5", "lines 120–180", "pp. 3–5"
    unit: str  # what it was cut along: sections, pages, paragraphs
    lines: tuple[int, int]  # first and last 1-based line
    pages: tuple[int, int]  # first and last physical page

    @property
    def chars(self) -> int:
        return self.span.end - self.span.start

    def text(self, doc: SourceDocument) -> str:
        return doc.text[self.span.start:self.span.end]


@dataclass
class _Piece:
    span: Span
    unit: str
    sections: list[str] = field(default_factory=list)  # idents of the whole sections it is

    @property
    def size(self) -> int:
        return self.span.end - self.span.start


def plan_chunks(doc: SourceDocument, max_chars: int = DEFAULT_MAX_CHARS,
                min_chars: int | None = None, page_numbers: str = "auto") -> list[Chunk]:
    """The chunk plan of `doc`: contiguous chunks that cover its text, in order."""
    if max_chars < 1:
        raise ValueError("max_chars must be 1 or more")
    min_chars = max(1, max_chars // 8) if min_chars is None else min_chars
    if not doc.text.strip():
        return []
    if doc.kind == "pdf":
        pieces = _pdf_pieces(doc, max_chars, min_chars)
    else:
        tops = top_sections(doc.sections)
        if tops:
            pieces = _section_pieces(doc, tops, max_chars)
        elif len(doc.pages) > 1:
            pieces = [p for page in doc.pages
                      for p in _split_paragraphs(doc.text, page.span, max_chars, "pages")]
        else:
            pieces = _split_paragraphs(doc.text, Span(0, len(doc.text)), max_chars, "paragraphs")
        pieces = _merge_small(doc.text, _fill_gaps(pieces, len(doc.text)), max_chars, min_chars)
    resolver = Resolver(doc, page_numbers)  # type: ignore[arg-type]
    chunks = []
    for piece in pieces:
        if not doc.text[piece.span.start:piece.span.end].strip():
            continue
        first_page = doc.page_of(piece.span.start)
        last_page = doc.page_of(max(piece.span.start, piece.span.end - 1))
        pages = (first_page.number if first_page else 1, last_page.number if last_page else 1)
        lines = (doc.line_of(piece.span.start), doc.line_of(max(piece.span.start, piece.span.end - 1)))
        chunks.append(Chunk(len(chunks) + 1, piece.span,
                            _covering_locator(doc, piece, lines, pages, resolver),
                            piece.unit, lines, pages))
    return chunks


def top_sections(sections) -> list[Section]:
    """The sections no other section holds, in document order."""
    ordered = sorted(sections, key=lambda s: (s.span.start, -s.span.end))
    tops: list[Section] = []
    for section in ordered:
        if tops and section.span.start < tops[-1].span.end:
            continue  # inside the previous top-level section
        tops.append(section)
    return tops


def _children(section: Section, sections) -> list[Section]:
    inside = [s for s in sections if s is not section and section.span.start <= s.span.start
              and s.span.end <= section.span.end and s.span != section.span]
    return top_sections(inside)


def _section_pieces(doc: SourceDocument, tops: list[Section], max_chars: int) -> list[_Piece]:
    pieces: list[_Piece] = []
    if doc.text[:tops[0].span.start].strip():
        pieces += _split_paragraphs(doc.text, Span(0, tops[0].span.start), max_chars, "paragraphs")
    all_sections = list(doc.sections)
    for section in tops:
        pieces += _split_section(doc, section, all_sections, max_chars)
    return pieces


def _split_section(doc: SourceDocument, section: Section, sections: list[Section],
                   max_chars: int) -> list[_Piece]:
    if section.span.end - section.span.start <= max_chars:
        return [_Piece(section.span, "sections", [section.ident])]
    children = _children(section, sections)
    if not children:
        return _split_paragraphs(doc.text, section.span, max_chars, "paragraphs")
    pieces = []
    if children[0].span.start > section.span.start:  # the section's own text before them
        pieces += _split_paragraphs(doc.text, Span(section.span.start, children[0].span.start),
                                    max_chars, "sections")
    for child in children:
        pieces += _split_section(doc, child, sections, max_chars)
    return pieces


def _fill_gaps(pieces: list[_Piece], total: int) -> list[_Piece]:
    """The pieces with any text between them (and after the last) as pieces of its own."""
    filled: list[_Piece] = []
    at = 0
    for piece in sorted(pieces, key=lambda p: p.span.start):
        if piece.span.start > at:
            filled.append(_Piece(Span(at, piece.span.start), "paragraphs"))
        if piece.span.end > at:
            filled.append(_Piece(Span(max(at, piece.span.start), piece.span.end), piece.unit,
                                 piece.sections if piece.span.start >= at else []))
            at = piece.span.end
    if at < total:
        filled.append(_Piece(Span(at, total), "paragraphs"))
    return filled


def _split_paragraphs(text: str, span: Span, max_chars: int, unit: str) -> list[_Piece]:
    """`span` cut at blank lines into pieces of at most max_chars where paragraphs allow;
    a longer paragraph is cut at line breaks, and a longer line at a space."""
    if span.end - span.start <= max_chars:
        return [_Piece(span, unit)]
    cuts = [m.end() for m in _BLANK_LINE.finditer(text, span.start, span.end)]
    return [_Piece(s, unit) for s in _pack(text, span, cuts, max_chars, level=0)]


def _pack(text: str, span: Span, cuts: list[int], max_chars: int, level: int) -> list[Span]:
    """Greedy: the longest run of units between cuts that fits; a unit too long for one piece
    is cut at the next finer boundary (0: paragraphs, 1: lines, 2: spaces, 3: characters)."""
    bounds = [span.start] + [c for c in cuts if span.start < c < span.end] + [span.end]
    out: list[Span] = []
    start = bounds[0]
    last_fit = start
    for bound in bounds[1:]:
        if bound - start <= max_chars:
            last_fit = bound
            continue
        if last_fit > start:
            out.append(Span(start, last_fit))
            start = last_fit
        if bound - start <= max_chars:
            last_fit = bound
            continue
        out.extend(_finer(text, Span(start, bound), max_chars, level))
        start = last_fit = bound
    if start < span.end:
        out.append(Span(start, span.end))
    return out


def _finer(text: str, span: Span, max_chars: int, level: int) -> list[Span]:
    if level == 0:
        cuts = [i + 1 for i in _finditer(text, "\n", span)]
    elif level == 1:
        cuts = [i + 1 for i in _finditer(text, " ", span)]
    else:  # one word longer than a chunk: cut it where it must be cut
        return [Span(s, min(s + max_chars, span.end)) for s in range(span.start, span.end, max_chars)]
    return _pack(text, span, cuts, max_chars, level + 1)


def _finditer(text: str, needle: str, span: Span) -> list[int]:
    found, pos = [], text.find(needle, span.start, span.end)
    while pos != -1:
        found.append(pos)
        pos = text.find(needle, pos + 1, span.end)
    return found


def _merge_small(text: str, pieces: list[_Piece], max_chars: int, min_chars: int) -> list[_Piece]:
    """A piece below min_chars (or white space only) joins its next neighbour (else the one before) while the two
    fit in max_chars; a blank piece joins one in any case."""
    pieces = list(pieces)
    i = 0
    while i < len(pieces):
        piece = pieces[i]
        blank = not text[piece.span.start:piece.span.end].strip()
        if piece.size >= min_chars and not blank:
            i += 1
            continue
        neighbours = [j for j in (i + 1, i - 1) if 0 <= j < len(pieces)
                      and (pieces[j].size + piece.size <= max_chars or blank)]
        if not neighbours:
            i += 1
            continue
        j = neighbours[0]  # the next piece first: a heading belongs with what follows it
        a, b = (pieces[j], piece) if j < i else (piece, pieces[j])
        joined = _Piece(Span(a.span.start, b.span.end), a.unit if a.unit == b.unit else "sections"
                        if "sections" in (a.unit, b.unit) else a.unit,
                        a.sections + b.sections if a.sections and b.sections else [])
        lo = min(i, j)
        pieces[lo:lo + 2] = [joined]
        i = max(lo - 1, 0)
    return pieces


def _pdf_pieces(doc: SourceDocument, max_chars: int, min_chars: int) -> list[_Piece]:
    """Whole pages, grouped up to max_chars; a top-level section's first page opens a new
    chunk once the current one holds min_chars."""
    starts = {doc.page_of(s.span.start).number for s in top_sections(doc.sections)
              if doc.page_of(s.span.start) is not None}
    pieces: list[_Piece] = []
    group: list = []
    for page in doc.pages:
        size = page.span.end - page.span.start
        current = sum(p.span.end - p.span.start for p in group)
        if group and (current + size > max_chars or (page.number in starts and current >= min_chars)):
            pieces.append(_Piece(Span(group[0].span.start, group[-1].span.end), "pages"))
            group = []
        group.append(page)
    if group:
        pieces.append(_Piece(Span(group[0].span.start, group[-1].span.end), "pages"))
    return pieces


def _covering_locator(doc: SourceDocument, piece: _Piece, lines: tuple[int, int],
                      pages: tuple[int, int], resolver: Resolver) -> str:
    """A locator that resolves to exactly the piece's text where one does, else its lines or
    pages."""
    candidates = []
    if piece.sections:
        first, last = piece.sections[0], piece.sections[-1]
        candidates.append(f"section {first}" if first == last else f"sections {first}–{last}")
    if doc.kind == "pdf":
        labels = [doc.pages[n - 1].label for n in pages] if resolver.by_label else list(map(str, pages))
        if None not in labels:
            candidates.append(f"p. {labels[0]}" if pages[0] == pages[1] else f"pp. {labels[0]}–{labels[1]}")
        physical = f"p. {pages[0]}" if pages[0] == pages[1] else f"pp. {pages[0]}–{pages[1]}"
        return next((c for c in candidates if _resolves_around(c, piece.span, resolver, exact=False)),
                    f"{physical} (physical)")
    candidates.append(f"line {lines[0]}" if lines[0] == lines[1] else f"lines {lines[0]}–{lines[1]}")
    return next((c for c in candidates if _resolves_around(c, piece.span, resolver,
                                                           exact=c.startswith("section"))),
                candidates[-1])


def _resolves_around(text: str, span: Span, resolver: Resolver, exact: bool) -> bool:
    try:
        parts = parse_locator(text).parts
    except LocatorSyntaxError:
        return False
    resolution = resolver.resolve(parts[0])
    if len(parts) != 1 or not resolution.ok or resolution.problem or len(resolution.spans) != 1:
        return False
    region = resolution.spans[0]
    if exact:
        return region == span
    return region.start <= span.start and span.end <= region.end


# ---------------------------------------------------------------- rendering


def render_text(doc: SourceDocument, source: Path, chunks: list[Chunk], max_chars: int) -> str:
    units = sorted({c.unit for c in chunks})
    out = [f"{printable(str(source))}: {len(chunks)} chunk{'s' * (len(chunks) != 1)} along "
           f"{', '.join(units) or 'nothing'} (at most {max_chars:,} characters each where the "
           f"structure allows)"]
    by_pages = doc.kind == "pdf" or len(doc.pages) > 1
    rows = [("#", "locator", "characters", "length", "physical pages" if by_pages else "lines")]
    for c in chunks:
        first, last = c.pages if by_pages else c.lines
        rows.append((str(c.index), printable(c.locator), f"{c.span.start}–{c.span.end}",
                     f"{c.chars:,}", str(first) if first == last else f"{first}–{last}"))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:  # numbers right-aligned, words left-aligned
        cells = [row[0].rjust(widths[0]), row[1].ljust(widths[1]), row[2].ljust(widths[2]),
                 row[3].rjust(widths[3]), row[4]]
        out.append("  ".join(cells).rstrip())
    return "\n".join(out) + "\n"


def render_json(doc: SourceDocument, source: Path, chunks: list[Chunk], max_chars: int) -> str:
    data = {
        "source": str(source),
        "kind": doc.kind,
        "max_chars": max_chars,
        "chunks": [{"index": c.index, "locator": c.locator, "unit": c.unit,
                    "start": c.span.start, "end": c.span.end, "chars": c.chars,
                    "lines": list(c.lines), "pages": list(c.pages)} for c in chunks],
    }
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
