"""Plain data passed between the pipeline's stages: load → resolve → match → rules → render."""
from __future__ import annotations

import bisect
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Callable, Literal, Sequence

from .terminal.display import printable


class InputError(Exception):
    """The check cannot run (exit 2). The message is one line naming the file and the cause."""

    def __init__(self, message: str) -> None:
        # A key or file name quoted in the message may hold a line break (TOML's "a\rb"): the
        # message stays one line however it was built.
        super().__init__(printable(message))


# ---------------------------------------------------------------- source documents


@dataclass(frozen=True)
class Span:
    """Half-open character range [start, end) in `SourceDocument.text`."""

    start: int
    end: int


@dataclass(frozen=True)
class Page:
    number: int  # 1-based physical page
    label: str | None  # printed page label (PDF), None when the document defines none
    span: Span


@dataclass(frozen=True)
class Section:
    ident: str  # "4.2", "A.3", "17" — as the heading numbers it, without trailing dot
    title: str
    span: Span  # heading start to the start of the next heading of the same or a higher level
    line: int  # 1-based line of the heading in `text`
    level: int  # 1 for "4", 2 for "4.2", ...
    evidence: str = ""  # what placed it: "outline", "font", "numbering", "markdown", "sidecar" …


@dataclass(frozen=True)
class LineFont:
    """How a PDF line is set: fetched only for heading candidates and outline targets."""

    size: float  # font size of the line's first non-blank span, in points
    bold: bool
    x: float  # left edge, in points
    y: float  # top edge, in points


@dataclass(frozen=True)
class OutlineEntry:
    """One PDF outline (bookmark) entry with its destination."""

    level: int
    title: str
    page: int  # 1-based physical page, 0 when it points nowhere
    y: float | None  # top of the target point on that page, when the outline gives one


@dataclass(frozen=True)
class HeadingDecision:
    """Why a heading candidate was kept or dropped: the record `outline --explain` prints."""

    line: int  # 1-based line in the source text
    page: int  # 1-based physical page (1 for sources without pages)
    text: str  # the candidate line as it stands (cut to 100 characters)
    ident: str
    kept: bool
    reason: str  # "outline", "table of contents", "running header", "out of sequence", …


@dataclass
class Structure:
    """The sections of a source and the decisions that found them."""

    sections: list[Section]
    decisions: list[HeadingDecision] = field(default_factory=list)
    method: str = "text"  # how they were found: outline, text, markdown, sidecar


class LazySections(Sequence[Section]):
    """Sections found on first use: a check that cites no section never pays for detection."""

    def __init__(self, find: Callable[[], list[Section]]) -> None:
        self._find: Callable[[], list[Section]] | None = find
        self._items: list[Section] = []

    def _get(self) -> list[Section]:
        if self._find is not None:
            self._items, self._find = self._find(), None
        return self._items

    def __getitem__(self, index):  # type: ignore[override]
        return self._get()[index]

    def __len__(self) -> int:
        return len(self._get())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    def __repr__(self) -> str:
        return f"LazySections({self._get()!r})"


@dataclass
class SourceDocument:
    """A source as summcheck loads it; every locator resolves to spans of `text`."""

    path: Path
    kind: Literal["pdf", "text", "markdown"]
    text: str
    pages: list[Page]
    sections: Sequence[Section]  # a list, or LazySections
    has_labels: bool = False  # PDF defines printed page labels
    ocr: bool = False
    notes: list[str] = field(default_factory=list)  # e.g. "opened by repair", "decoded leniently"
    outline: list[OutlineEntry] = field(default_factory=list)  # PDF bookmarks
    fonts: dict[int, LineFont] = field(default_factory=dict, repr=False)  # line → PDF font evidence
    # Reads the fonts of more pages (0-based) on demand: a PDF with an outline fetches them
    # only where the structure stage asks.
    font_reader: Callable[[list[int]], dict[int, LineFont]] | None = field(
        default=None, repr=False, compare=False)
    _font_pages: set[int] = field(default_factory=set, repr=False, compare=False)
    body_font: float | None = None  # the size most of a PDF's text is set in
    structure_finder: Callable[["SourceDocument"], Structure] | None = field(
        default=None, repr=False, compare=False)
    _structure: Structure | None = field(default=None, repr=False, compare=False)
    _line_starts: list[int] | None = field(default=None, repr=False, compare=False)
    _page_starts: list[int] | None = field(default=None, repr=False, compare=False)
    _section_order: list[Section] | None = field(default=None, repr=False, compare=False)
    _section_starts: list[int] = field(default_factory=list, repr=False, compare=False)
    # What a later stage builds from the source once and every summary of it reuses (the
    # matching's folded text and word index, the resolved locator parts), by the name of the
    # stage that built it.
    derived: dict[str, object] = field(default_factory=dict, repr=False, compare=False)

    @property
    def structure(self) -> Structure:
        """Sections and the decisions behind them, found on first use."""
        if self._structure is None:
            finder = self.structure_finder
            self._structure = finder(self) if finder is not None else Structure(list(self.sections))
        return self._structure

    def fonts_of_pages(self, pages) -> dict[int, LineFont]:
        """`fonts`, completed for the given 0-based pages where the loader can read them."""
        missing = sorted(set(pages) - self._font_pages)
        if missing and self.font_reader is not None:
            self.fonts.update(self.font_reader(missing))
        self._font_pages.update(missing)
        return self.fonts

    @property
    def line_starts(self) -> list[int]:
        """Offsets where each 1-based line begins (split on \\n only)."""
        if self._line_starts is None:
            starts = [0]
            find = self.text.find
            pos = find("\n")
            while pos != -1:
                starts.append(pos + 1)
                pos = find("\n", pos + 1)
            self._line_starts = starts
        return self._line_starts

    @property
    def line_count(self) -> int:
        starts = self.line_starts
        # A trailing newline does not open an extra line.
        return len(starts) - 1 if starts[-1] == len(self.text) and len(starts) > 1 else len(starts)

    def line_span(self, first: int, last: int) -> Span:
        """Span of 1-based lines first..last inclusive (caller checks bounds)."""
        starts = self.line_starts
        end = starts[last] if last < len(starts) else len(self.text)
        return Span(starts[first - 1], end)

    def line_of(self, offset: int) -> int:
        return bisect.bisect_right(self.line_starts, offset)

    @property
    def page_starts(self) -> list[int]:
        """Where each page's span begins, in page order (for bisecting an offset)."""
        if self._page_starts is None:
            self._page_starts = [page.span.start for page in self.pages]
        return self._page_starts

    def page_of(self, offset: int) -> Page | None:
        """The page whose span holds `offset` (None between pages)."""
        i = bisect.bisect_right(self.page_starts, offset) - 1
        if i >= 0 and offset < self.pages[i].span.end:
            return self.pages[i]
        return None

    def innermost_section(self, offset: int) -> Section | None:
        """The deepest section whose span holds `offset`."""
        if self._section_order is None:
            self._section_order = sorted(self.sections, key=lambda s: (s.span.start, -s.span.end))
            self._section_starts = [s.span.start for s in self._section_order]
        i = bisect.bisect_right(self._section_starts, offset) - 1
        while i >= 0:  # the nearest heading before `offset` whose section still runs there
            section = self._section_order[i]
            if offset < section.span.end:
                return section
            i -= 1
        return None


# ---------------------------------------------------------------- locators

LocatorKind = Literal["page", "section", "line", "paragraph", "chars"]


@dataclass(frozen=True)
class LocatorPart:
    """One place a locator names: a page, section, line or numbered paragraph, a range of them,
    or a char range."""

    kind: LocatorKind
    start: str  # page label/number, section ident, line number, or start_char
    end: str | None = None  # inclusive end of a range (exclusive for chars); None: a single place
    text: str = ""  # as written, e.g. "pp. 17–18"
    document: str | None = None  # the document it names beside the place: "GG", "RFC 3986"

    def describe(self) -> str:
        if self.text:
            return self.text
        names = {"page": "p.", "section": "section", "line": "line", "paragraph": "para.",
                 "chars": "chars"}
        where = self.start if self.end is None else f"{self.start}–{self.end}"
        return f"{names[self.kind]} {where}"


@dataclass(frozen=True)
class Locator:
    parts: tuple[LocatorPart, ...]
    text: str  # the whole locator as written


# ---------------------------------------------------------------- summary


@dataclass(frozen=True)
class LocatorGroup:
    """A parenthesised group in a sentence that is (or looks like) a locator."""

    text: str  # inside the parentheses
    line: int
    column: int  # 1-based column of "("
    locator: Locator | None  # the parts that parse; None when none does
    error: str | None = None  # why (a part of) it is malformed (SUM104)
    end_line: int | None = None  # where the group ends: the line of ")" …
    end_column: int | None = None  # … and the column just after it (1-based, as written)
    note: str | None = None  # the label of the footnote definition that states it, if one does


@dataclass(frozen=True)
class NamedRecords:
    """A bracket in a sentence that may name claim records: `[C3]`, `[C3, C5]`, `[^C3]`.

    Whether it does is decided once the claims are read (binding in analysis.py): a bracket
    none of whose ids a record has, and that does not look like one, is prose (`[sic]`)."""

    ids: tuple[str, ...]
    text: str  # as written, brackets included
    line: int
    column: int  # 1-based column of "["
    footnote: bool = False  # `[^C3]`
    note_defined: bool = False  # a footnote of the summary has this label: prose if no id


@dataclass
class Sentence:
    text: str
    line: int  # 1-based line in the summary file
    column: int  # 1-based column
    groups: list[LocatorGroup]
    synthesis: bool
    named: tuple[NamedRecords, ...] = ()  # brackets that may name records
    kind: str = "sentence"  # the unit: a sentence of a paragraph, a table "row", a "note"
    # (a sentence of a footnote definition) or a sentence of an "html" block
    note: str | None = None  # the label of the footnote definition a note belongs to
    # References to footnotes whose definitions gave it a locator (`[^3]`, `[^3]: Section 4.2.`)
    cited: tuple[NamedRecords, ...] = ()

    @property
    def locators(self) -> list[Locator]:
        return [g.locator for g in self.groups if g.locator is not None]


@dataclass
class Suppression:
    """`<!-- summcheck-disable… -->` comments, resolved to line ranges."""

    codes: frozenset[str] | None  # None: every rule
    first_line: int
    last_line: int  # inclusive
    comment_line: int  # where the comment stands, for reporting unused suppressions


@dataclass(frozen=True)
class Units:
    """Which constructs of a summary state claims: `tables` "rows" (each body row a unit) or
    "off"; `footnotes` "notes" (a definition's own sentences) or "off" (a definition that is a
    citation is a locator either way); `html` "text" (what a raw HTML block shows) or "off"."""

    tables: str = "rows"
    footnotes: str = "notes"
    html: str = "text"


#: Each of Units' fields, by its configuration key, with the values it takes (the first the
#: default).
UNIT_MODES = {"tables": ("rows", "off"), "footnotes": ("notes", "off"),
              "html-blocks": ("text", "off")}


@dataclass
class Summary:
    path: Path
    front_matter: dict
    sentences: list[Sentence]
    suppressions: list[Suppression] = field(default_factory=list)
    # Lines of `<!-- summcheck: not-claims -->` comments before no table, footnote definition
    # or HTML block (SUM100).
    unused_markers: list[int] = field(default_factory=list)
    source_line: int | None = None  # the line of the front matter's `source:` key
    # The file's lines as parsed (NFC): where an inline quotation stands (summary/inline.py).
    lines: list[str] = field(default_factory=list, repr=False, compare=False)


# ---------------------------------------------------------------- claim records



@dataclass(frozen=True)
class RecordError:
    json_path: str  # e.g. "$[3].strength"
    message: str


@dataclass(frozen=True)
class RecordOrigin:
    """Where a record that a summary states inline stands (summary/inline.py): a finding on
    it points there, not into a claims file."""

    path: Path
    line: int
    column: int
    end_column: int  # just after the closing quotation mark, on `line`
    sentence: tuple[int, int]  # the line and column of the sentence that quotes it


@dataclass
class ClaimRecord:
    index: int  # 0-based position in the file
    line: int | None  # 1-based line where the record starts (None when unknown)
    id: str | None
    claim: str
    locator: Locator | None
    quote: str
    strength: str  # canonical English value
    topic: str | None = None
    ignore: frozenset[str] = frozenset()
    locator_error: str | None = None  # a locator string that does not parse
    errors: list[RecordError] = field(default_factory=list)  # schema violations (SUM200)
    raw: object = None
    origin: RecordOrigin | None = None  # an inline quotation of the summary (no claims file line)
    source: str | None = None  # in a summary of several sources, the key of the one it quotes

    @property
    def valid(self) -> bool:
        return not self.errors


@dataclass
class ClaimsFile:
    path: Path
    records: list[ClaimRecord]
    source: str | None = None  # `source:` named in a mapping-style file
    purpose: str | None = None
    # The text the records were read from and its format (json, jsonl, yaml): where a finding
    # on a record points (claims.positions) is looked up in it only when one is reported.
    text: str | None = field(default=None, repr=False, compare=False)
    format: str | None = field(default=None, repr=False, compare=False)
    # The places of the records in `text`, found once when a finding first asks (marks.py);
    # shared by the copies a check makes of a claims file read once a run.
    places: dict = field(default_factory=dict, repr=False, compare=False)


# ---------------------------------------------------------------- matching


class RecordStatus(Enum):
    """What became of a claim record's locator and quote; decided in one place,
    `analysis.RecordResult.status`."""

    INVALID = "invalid"  # the schema rejects the record
    BAD_LOCATOR = "bad-locator"  # its locator does not parse
    UNRESOLVED = "unresolved"  # its locator names no place of the source
    VERIFIED = "verified"  # the quote stands at the locator
    CRITICAL = "critical"  # OCR: it stands there fuzzily, but says something else
    TOO_SHORT = "too-short"  # OCR: too short to match fuzzily
    MISPLACED = "misplaced"  # it stands elsewhere in the source
    NOT_FOUND = "not-found"  # it stands nowhere


@dataclass(frozen=True)
class FuzzySettings:
    """How quotes are matched fuzzily on OCR sources."""

    threshold: float  # `fuzzy-threshold` (SUM203)
    min_words: int  # below these a quote is too short to match fuzzily (SUM205)
    min_chars: int


# ---------------------------------------------------------------- findings

Severity = Literal["error", "warning", "info"]
SEVERITY_RANK = {"info": 0, "warning": 1, "error": 2}


@dataclass(frozen=True)
class Mark:
    """The text a finding is about, on one line of its file: what a report underlines."""

    line: int  # 1-based
    column: int  # 1-based, characters as written
    end_column: int  # exclusive


@dataclass(frozen=True)
class Fix:
    """An edit of a claims file that is mechanically certain to resolve a finding: `set` the
    record's `key` to `value`, or `remove` the record (the summary is never edited)."""

    action: Literal["set", "remove"]
    record: int  # the record's 0-based index in its claims file
    key: str | None = None  # for `set`: the record's key, "locator" or "strength"
    value: str | None = None  # for `set`: the new value as JSON text (`"p. 4"`, `{"page": 4}`)

    def describe(self) -> str:
        """`set the locator to "p. 4"`, `remove the record`."""
        if self.action == "remove":
            return "remove the record"
        return f"set the {self.key} to {self.value}"


@dataclass(frozen=True)
class Finding:
    rule: str  # code, e.g. "SUM201"
    name: str  # kebab name
    severity: Severity
    path: Path
    line: int | None
    message: str
    column: int | None = None
    record_id: str | None = None
    mark: Mark | None = None  # the locator, quote or sentence to underline
    help: str | None = None  # how to fix it, when the rule knows more than its doc's "Fix"
    fix: Fix | None = None  # the edit `--fix` applies
    # The sentence's and the quote's words that differ (SUM401-SUM404): what a report
    # highlights on both sides.
    differs: tuple[str, str] | None = None

    def sort_key(self) -> tuple:
        return (str(self.path), self.line or 0, self.column or 0, self.rule, self.message)
