"""What the editor shows, from a summary's last check (editor/session.py): diagnostics, quick
fixes, hovers, definitions and completions, as plain data the server turns into the protocol's
types. Positions here are 0-based lines and code-point columns of the file as the editor holds
it; the server converts them to the client's units.

Nothing here decides a finding: the diagnostics are the check's findings, placed where the
text report underlines them; the quick fixes are `--fix`'s own edits (fixing.plan_fixes), a
synthesis label and a suppression comment.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..analysis.facts import Analysis, PartResult, RecordResult, SentenceResult
from ..model import Finding, LocatorGroup, NamedRecords, SourceDocument, Span
from .session import Checked

MAX_PASSAGE_LINES = 12  # of a source passage shown on hover
MAX_COMPLETIONS = 2_000


@dataclass(frozen=True)
class Range:
    line: int
    start: int
    end_line: int
    end: int

    def holds(self, line: int, column: int) -> bool:
        return (self.line, self.start) <= (line, column) <= (self.end_line, self.end)


@dataclass(frozen=True)
class Diagnostic:
    path: Path
    range: Range
    severity: str  # error | warning | info
    code: str
    message: str
    finding: Finding | None = None  # None: an input the check could not read


@dataclass(frozen=True)
class Edit:
    path: Path
    range: Range
    text: str


@dataclass(frozen=True)
class Action:
    title: str
    edits: tuple[Edit, ...]
    diagnostic: Diagnostic  # what it fixes
    preferred: bool = False


@dataclass(frozen=True)
class Target:
    """Where a definition is: a text file's line, or a PDF's page (`page`, 1-based)."""

    path: Path
    line: int = 0
    page: int | None = None


@dataclass(frozen=True)
class Completion:
    label: str
    kind: str  # record | section | page
    detail: str
    documentation: str = ""


# ---------------------------------------------------------------- diagnostics


def diagnostics(checked: Checked, lines_of) -> list[Diagnostic]:
    """The check's findings as diagnostics, each on its own file; an input error is one
    diagnostic on the file it names (its line when the message gives one)."""
    if checked.error is not None:
        return [_input_error(checked)]
    found = []
    lines: dict[Path, list[str]] = {}
    for finding in checked.findings:
        path = Path(finding.path).absolute()
        if path not in lines:
            lines[path] = lines_of(path)
        found.append(Diagnostic(path, _finding_range(finding, lines[path]), finding.severity,
                                finding.rule, _message(finding), finding))
    return found


def _message(finding: Finding) -> str:
    return f"{finding.message}\n{finding.help}" if finding.help else finding.message


def _finding_range(finding: Finding, lines: list[str]) -> Range:
    if finding.mark is not None:
        line = finding.mark.line - 1
        return Range(line, finding.mark.column - 1, line, finding.mark.end_column - 1)
    line = max(0, (finding.line or 1) - 1)
    text = lines[line] if line < len(lines) else ""
    start = max(0, (finding.column or 1) - 1)
    if start >= len(text):
        start = len(text) - len(text.lstrip())
    return Range(line, start, line, max(start, len(text.rstrip())))


_LINE = re.compile(r": line (\d+)")


def _input_error(checked: Checked) -> Diagnostic:
    message = checked.error or ""
    path = checked.summary
    claims = _named_file(message)
    if claims is not None:
        path = claims
    found = _LINE.search(message)
    line = int(found.group(1)) - 1 if found and path != checked.summary else 0
    return Diagnostic(path, Range(line, 0, line, 0), "error", "input", message)


def _named_file(message: str) -> Path | None:
    """The file an input error is about, when it starts by naming an existing one."""
    head = message.split(": ", 1)[0]
    path = Path(head)
    return path.absolute() if head and path.is_file() else None


# ---------------------------------------------------------------- code actions


def actions(checked: Checked, path: Path, wanted: Range, buffers: dict[Path, str],
            lines_of) -> list[Action]:
    """The quick fixes of the findings in `path` whose range meets `wanted`."""
    found = []
    for diagnostic in diagnostics(checked, lines_of):
        finding = diagnostic.finding
        if finding is None or diagnostic.path != path or not _meets(diagnostic.range, wanted):
            continue
        if finding.fix is not None:
            fixed = _fix_edit(checked, finding, buffers)
            if fixed is not None:
                found.append(Action(f"Fix {finding.rule}: {finding.fix.describe()}",
                                    (fixed,), diagnostic, preferred=True))
        if finding.rule == "SUM101" and path == checked.summary:
            label = _synthesis_edit(checked, finding, lines_of(path))
            if label is not None:
                found.append(Action("Label the sentence [synthesis]", (label,), diagnostic))
        if path == checked.summary and finding.line:
            found.append(Action(f"Ignore {finding.rule} on this line",
                                (_suppression(path, finding, lines_of(path)),), diagnostic))
    return found


def _meets(a: Range, b: Range) -> bool:
    return (a.line, a.start) <= (b.end_line, b.end) and (b.line, b.start) <= (a.end_line, a.end)


def _fix_edit(checked: Checked, finding: Finding, buffers: dict[Path, str]) -> Edit | None:
    """`--fix`'s edit of the claims file, as the smallest replacement of its text."""
    from ..fixing.apply import plan_fixes
    from .session import standing

    with standing(buffers):
        plan = plan_fixes([finding], [checked.summary], checked.options)
    if not plan.files:
        return None
    change = plan.files[0]
    return _replacement(Path(change.path).absolute(), change.before, change.after)


def _replacement(path: Path, before: str, after: str) -> Edit:
    start = 0
    limit = min(len(before), len(after))
    while start < limit and before[start] == after[start]:
        start += 1
    end_before, end_after = len(before), len(after)
    while end_before > start and end_after > start and \
            before[end_before - 1] == after[end_after - 1]:
        end_before -= 1
        end_after -= 1
    first, last = _position(before, start), _position(before, end_before)
    return Edit(path, Range(*first, *last), after[start:end_after])


def _position(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset)
    return line, offset - (text.rfind("\n", 0, offset) + 1)


def _synthesis_edit(checked: Checked, finding: Finding, lines: list[str]) -> Edit | None:
    """` [synthesis]` before the sentence's closing punctuation."""
    result = _sentence_at(checked, (finding.line or 1) - 1, (finding.column or 1) - 1)
    if result is None:
        return None
    sentence = result.sentence
    label = (checked.options.synthesis_labels or ["synthesis"])[0] if checked.options else \
        "synthesis"
    label = label if label.startswith("[") else f"[{label}]"
    text = "\n".join(lines)
    start = sum(len(line) + 1 for line in lines[:sentence.line - 1]) + sentence.column - 1
    tail = sentence.text.rstrip()[-16:]
    at = text.find(tail, start, start + 2 * len(sentence.text) + 200) if tail else -1
    if at < 0:
        return None
    end = at + len(tail)
    if tail[-1] in ".!?":
        end -= 1
    line, column = _position(text, end)
    return Edit(checked.summary, Range(line, column, line, column), f" {label}")


def _suppression(path: Path, finding: Finding, lines: list[str]) -> Edit:
    line = (finding.line or 1) - 1
    text = lines[line] if line < len(lines) else ""
    indent = text[:len(text) - len(text.lstrip(" \t"))]
    comment = f"{indent}<!-- summcheck-disable-next-line {finding.rule} -->\n"
    return Edit(path, Range(line, 0, line, 0), comment)


# ---------------------------------------------------------------- the summary's places


def _sentence_at(checked: Checked, line: int, column: int
                 ) -> SentenceResult | None:
    """The sentence that holds (line, column) of the summary, from any pass."""
    best = None
    for _, analysis in checked.passes:
        for result in analysis.sentences:
            start = (result.sentence.line - 1, result.sentence.column - 1)
            if start <= (line, column) and (best is None or start >= (
                    best.sentence.line - 1, best.sentence.column - 1)):
                best = result
    return best


def _group_range(group: LocatorGroup) -> Range:
    end_line = (group.end_line or group.line) - 1
    end = (group.end_column or (group.column + len(group.text) + 2)) - 1
    return Range(group.line - 1, group.column - 1, end_line, end)


def _bracket_range(bracket: NamedRecords) -> Range:
    return Range(bracket.line - 1, bracket.column - 1, bracket.line - 1,
                 bracket.column - 1 + len(bracket.text))


def _group_at(checked: Checked, line: int, column: int):
    """(analysis, sentence result, group, its parts) of the locator at (line, column)."""
    for _, analysis in checked.passes:
        for result in analysis.sentences:
            for group in result.sentence.groups:
                if group.locator is not None and _group_range(group).holds(line, column):
                    parts = [p for p in result.parts
                             if any(p.resolution.part is q for q in group.locator.parts)]
                    if parts:
                        return analysis, result, group, parts
    return None


def _named_at(checked: Checked, line: int, column: int) -> list[tuple[Analysis, RecordResult]]:
    """The records a bracket at (line, column) of the summary names."""
    for _, analysis in checked.passes:
        for result in analysis.sentences:
            for bracket in result.sentence.named:
                if _bracket_range(bracket).holds(line, column):
                    return [(analysis, r) for r in analysis.records
                            if r.record.id is not None and str(r.record.id) in bracket.ids]
    return []


def _record_at_line(checked: Checked, line: int) -> tuple[Analysis, RecordResult] | None:
    """The record of the claims file whose lines hold `line` (0-based)."""
    best = None
    for _, analysis in checked.passes:
        for result in analysis.file_records:
            start = result.record.line
            if start is not None and start - 1 <= line and (
                    best is None or start > best[1].record.line):
                best = (analysis, result)
    return best


# ---------------------------------------------------------------- hover


def hover(checked: Checked, path: Path, line: int, column: int) -> str | None:
    """Markdown for the place at (line, column) of the summary or its claims file."""
    if path == checked.claims:
        found = _record_at_line(checked, line)
        return _record_text(*found) if found else None
    if path != checked.summary:
        return None
    at = _group_at(checked, line, column)
    if at is not None:
        analysis, _, group, parts = at
        return "\n\n".join(_part_text(analysis, part) for part in parts)
    named = _named_at(checked, line, column)
    if named:
        return "\n\n---\n\n".join(_record_text(a, r) for a, r in named)
    result = _sentence_at(checked, line, column)
    return _sentence_text(checked, result) if result is not None else None


def _part_text(analysis: Analysis, part: PartResult) -> str:
    resolution = part.resolution
    head = f"**{resolution.part.describe()}**"
    if not resolution.ok or not resolution.spans:
        return f"{head}: {resolution.message or 'not in the source'}"
    source = analysis.source
    span = resolution.spans[0]
    where = _where(analysis, span.start)
    named = resolution.part.describe()
    # `p. 39 — p. 39, section 6.1 …`: the place the locator names is not said twice.
    out = [f"{head} — {where.removeprefix(named + ', ')}"]
    quoted = [hit.span for backer in part.backers for hit in backer.hits
              if span.start <= hit.span.start and hit.span.end <= span.end]
    out.append(_passage(source, quoted[0] if quoted else Span(span.start, span.start),
                        span))
    if part.backers:
        out.append("Backed by " + ", ".join(f"`{b.record.id or '#' + str(b.record.index + 1)}`"
                                            for b in part.backers))
    else:
        out.append("No verified claim record stands here.")
    return "\n\n".join(out)


def _where(analysis: Analysis, offset: int) -> str:
    """Page label and physical page, section number and title, line."""
    from ..locators.resolve import describe_offset

    source = analysis.source
    place = describe_offset(source, offset, analysis.pages_by_label)
    section = source.innermost_section(offset)
    if section is not None and section.title:
        named = f"section {section.ident}"
        place = place.replace(named, f"{named} ({_escape(section.title)})", 1)
    return f"{place} of `{Path(source.path).name}`"


def _passage(source: SourceDocument, mark: Span, within: Span) -> str:
    """The source's lines around `mark` inside `within`, the marked text in bold, as a
    Markdown block quote."""
    text = source.text
    first = source.line_of(max(within.start, mark.start)) - 1
    last = source.line_of(max(mark.start, min(mark.end, within.end) - 1)) - 1
    if mark.end <= mark.start:
        last = min(source.line_of(max(within.start, within.end - 1)) - 1,
                   first + MAX_PASSAGE_LINES - 1)
    first = max(first - 2, source.line_of(within.start) - 1)
    last = min(last + 2, first + MAX_PASSAGE_LINES - 1)
    starts = source.line_starts
    lo = starts[first]
    hi = starts[last + 1] - 1 if last + 1 < len(starts) else len(text)
    shown = []
    for piece, marked in ((text[lo:max(lo, mark.start)], False),
                          (text[max(lo, mark.start):min(hi, mark.end)], True),
                          (text[max(lo, mark.end):hi], False)):
        piece = _escape(piece.replace("\f", ""))
        shown.append(f"**{piece}**" if marked and piece.strip() else piece)
    body = "".join(shown).strip("\n")
    return "\n".join("> " + line.strip() if line.strip() else ">" for line in body.split("\n"))


_MARKDOWN = re.compile(r"([\\`*_{}\[\]<>#|])")


def _escape(text: str) -> str:
    return _MARKDOWN.sub(r"\\\1", text)


def _record_text(analysis: Analysis, result: RecordResult) -> str:
    from ..claims.index import match_word

    record = result.record
    name = record.id or f"#{record.index + 1}"
    verdict = result.status.value.replace("-", " ")
    match = match_word(result)
    out = [f"**Record `{name}`** — {verdict}" + (f" ({match})" if match != verdict else ""),
           f"{_escape(record.claim or '')}",
           f"{record.strength or ''} · `{record.locator.text if record.locator else ''}`"]
    hits = result.hits or result.elsewhere
    if hits:
        span = hits[0].span
        label = "Quote" if result.hits else "Quote, found elsewhere"
        out.append(f"{label} at {_where(analysis, span.start)}:")
        out.append(_passage(analysis.source, span, Span(0, len(analysis.source.text))))
    else:
        out.append(f"Quote (not found): “{_escape(record.quote or '')}”")
    return "\n\n".join(out)


def _sentence_text(checked: Checked, result: SentenceResult) -> str:
    from ..analysis.verdicts import sentence_verdict

    findings = [f for f in checked.findings if Path(f.path).absolute() == checked.summary
                and f.line == result.sentence.line]
    verdict = sentence_verdict(result, findings)
    out = [f"**Sentence** — {verdict}"]
    for bound in result.bound:
        record = bound.result.record
        state = "verified" if bound.result.verified else bound.result.status.value
        out.append(f"- `{record.id or '#' + str(record.index + 1)}` ({state}, {bound.how}): "
                   f"{_escape(record.claim or '')}")
    if not result.bound:
        out.append("No claim record backs it." if result.parts else
                   "It cites no place." if not result.sentence.synthesis else "A synthesis.")
    return "\n".join(out)


# ---------------------------------------------------------------- definition


def definition(checked: Checked, path: Path, line: int, column: int) -> list[Target]:
    """Where a locator points (the source at its place), a bracket's records stand (the
    claims file), or a record's quote stands (the source)."""
    if path == checked.summary:
        at = _group_at(checked, line, column)
        if at is not None:
            analysis, _, _, parts = at
            return [_target(analysis, part.resolution.spans[0].start)
                    for part in parts if part.resolution.ok and part.resolution.spans][:1]
        return [Target(Path(a.claims.path).absolute(), (r.record.line or 1) - 1)
                for a, r in _named_at(checked, line, column) if r.record.line is not None]
    if path == checked.claims:
        found = _record_at_line(checked, line)
        if found is not None:
            analysis, result = found
            hits = result.hits or result.elsewhere
            if hits:
                return [_target(analysis, hits[0].span.start)]
    return []


def _target(analysis: Analysis, offset: int) -> Target:
    source = analysis.source
    path = Path(source.path).absolute()
    if source.kind == "pdf":
        page = source.page_of(offset)
        return Target(path, 0, page.number if page is not None else 1)
    return Target(path, source.line_of(offset) - 1)


# ---------------------------------------------------------------- completion

_AFTER_BRACKET = re.compile(r"\[([^\]\s(]*)$")
_AFTER_PAREN = re.compile(r"\(([^()]*)$")


def completions(checked: Checked, before: str) -> list[Completion]:
    """Record ids after `[`, locators (sections, pages) inside `(`: `before` is the line's
    text up to the cursor."""
    if _AFTER_BRACKET.search(before):
        found, seen = [], set()
        for _, analysis in checked.passes:
            for result in analysis.file_records:
                record = result.record
                if record.id is None or str(record.id) in seen:
                    continue
                seen.add(str(record.id))
                found.append(Completion(str(record.id), "record",
                                        f"{record.claim or ''}"[:80], record.quote or ""))
        return found[:MAX_COMPLETIONS]
    if _AFTER_PAREN.search(before):
        found = []
        several = len(checked.passes) > 1
        for key, analysis in checked.passes:
            prefix = f"{key} " if several and key else ""
            found += _locators(analysis, prefix)
        return found[:MAX_COMPLETIONS]
    return []


def _locators(analysis: Analysis, prefix: str) -> list[Completion]:
    from ..model import InputError

    source = analysis.source
    found = []
    try:
        sections = list(source.structure.sections)
    except InputError:
        sections = []
    for section in sections:
        found.append(Completion(f"{prefix}section {section.ident}", "section",
                                section.title or "", _page_of(analysis, section.span.start)))
    if len(source.pages) > 1:
        for page in source.pages:
            label = page.label if analysis.pages_by_label and page.label else str(page.number)
            detail = f"physical page {page.number}" if label != str(page.number) else ""
            found.append(Completion(f"{prefix}p. {label}", "page", detail))
    return found


def _page_of(analysis: Analysis, offset: int) -> str:
    page = analysis.source.page_of(offset)
    return f"p. {page.label or page.number}" if page is not None and \
        len(analysis.source.pages) > 1 else ""
