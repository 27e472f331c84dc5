"""`summcheck outline`: a source's pages, page labels and sections, as text or as JSON.

The JSON form is what schemas/outline.schema.json describes; the text form is for people (and
for scripts that read its section rows, whose shape therefore stays fixed).
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ..model import HeadingDecision, Page, SourceDocument
from ..structure.numbering import roman_value, to_roman
from ..terminal.display import line_start, printable
from .base import display_path, dump_json

_TRAILING_DIGITS = re.compile(r"(.*?)(\d+)\Z", re.S)
_TRAILING_ROMAN = re.compile(r"(.*?)([ivxlc]+|[IVXLC]+)\Z", re.S)
_TRAILING_LETTERS = re.compile(r"(.*?)(([a-z])\3*|([A-Z])\4*)\Z", re.S)


# ---------------------------------------------------------------- pages


def _paged(doc: SourceDocument) -> bool:
    """Whether pages mean anything: a PDF always, a text only when it has page breaks."""
    return doc.kind == "pdf" or len(doc.pages) > 1


def _page_at(doc: SourceDocument, offset: int) -> Page | None:
    """The page holding `offset`, or the next one when it falls on a page break."""
    page = doc.page_of(offset)
    if page is None:
        page = next((p for p in doc.pages if p.span.start >= offset), None) or (
            doc.pages[-1] if doc.pages else None)
    return page


def cited_page(doc: SourceDocument, page: Page, page_numbers: str = "auto") -> str:
    """How a locator cites `page`: its printed label when the PDF has labels, else its number."""
    if doc.has_labels and page_numbers != "physical" and page.label:
        return page.label
    return str(page.number)


def _next_labels(label: str) -> dict[str, str]:
    """The label that continues `label` by +1, per numbering style it may be written in."""
    out: dict[str, str] = {}
    m = _TRAILING_DIGITS.match(label)
    if m:
        digits = m[2]
        out["decimal"] = m[1] + str(int(digits) + 1).zfill(len(digits))
    m = _TRAILING_ROMAN.match(label)
    if m:
        # The longest roman suffix may swallow a prefix letter ("C-i"); try each suffix.
        for cut in range(len(m[1]), len(label)):
            value = roman_value(label[cut:])
            if value is not None and value + 1 < 400:
                numeral = to_roman(value + 1)
                style = "roman" if label[cut:].islower() else "ROMAN"
                out[style] = label[:cut] + (numeral if style == "roman" else numeral.upper())
                break
    m = _TRAILING_LETTERS.match(label)
    if m:
        letters = m[2]
        letter = letters[0]
        # PDF letter style: a … z, then aa … zz, aaa …
        if letter in "zZ":
            nxt = ("a" if letter == "z" else "A") * (len(letters) + 1)
        else:
            nxt = chr(ord(letter) + 1) * len(letters)
        out["letters" if letter.islower() else "LETTERS"] = m[1] + nxt
    return out


def label_runs(pages: list[Page]) -> list[list[Page]]:
    """Consecutive pages whose labels continue one numbering style by +1 (unlabelled pages
    run together too)."""
    runs: list[list[Page]] = []
    styles: set[str] = set()
    for page in pages:
        if runs:
            last = runs[-1][-1]
            if last.label is None and page.label is None:
                runs[-1].append(page)
                continue
            if last.label is not None and page.label is not None:
                following = _next_labels(last.label)
                matched = {s for s in following if following[s] == page.label
                           and (len(runs[-1]) == 1 or s in styles)}
                if matched:
                    runs[-1].append(page)
                    styles = matched
                    continue
        runs.append([page])
        styles = set()
    return runs


def label_summary(pages: list[Page]) -> str:
    """`1→i … 28→xxvii, 29→1 … 276→248`: runs of three or more pages print their ends."""
    parts: list[str] = []
    for run in label_runs(pages):
        pairs = [f"{p.number}→{p.label or '-'}" for p in run]
        parts.append(f"{pairs[0]} … {pairs[-1]}" if len(pairs) > 2 else ", ".join(pairs))
    return ", ".join(parts)


# ---------------------------------------------------------------- data


def _where(doc: SourceDocument, offset: int, page_numbers: str) -> dict[str, Any]:
    page = _page_at(doc, offset)
    if page is None:
        return {"page": None, "page_label": None, "physical_page": 1}
    return {"page": cited_page(doc, page, page_numbers) if _paged(doc) else None,
            "page_label": page.label, "physical_page": page.number}


def _decision_where(doc: SourceDocument, decision: HeadingDecision,
                    page_numbers: str) -> dict[str, Any]:
    page = doc.pages[decision.page - 1] if 1 <= decision.page <= len(doc.pages) else None
    if page is None:
        return {"page": None, "page_label": None, "physical_page": decision.page}
    return {"page": cited_page(doc, page, page_numbers) if _paged(doc) else None,
            "page_label": page.label, "physical_page": page.number}


def outline_data(doc: SourceDocument, source: Path, *, explain: bool = False,
                 page_numbers: str = "auto") -> dict[str, Any]:
    """The outline as plain data (schemas/outline.schema.json)."""
    structure = doc.structure
    data: dict[str, Any] = {
        "source": display_path(source),
        "kind": doc.kind,
        "method": structure.method,
        "pages": [{"number": p.number, "label": p.label, "start": p.span.start,
                   "end": p.span.end} for p in doc.pages],
        "sections": [
            {"id": s.ident, "title": s.title, "level": s.level,
             **_where(doc, s.span.start, page_numbers), "line": s.line,
             "start": s.span.start, "end": s.span.end, "evidence": s.evidence}
            for s in structure.sections],
        "notes": list(doc.notes),
    }
    if explain:
        data["decisions"] = [
            {"line": d.line, **_decision_where(doc, d, page_numbers), "text": d.text,
             "id": d.ident, "kept": d.kept, "reason": d.reason}
            for d in structure.decisions]
    return data


def render_json(doc: SourceDocument, source: Path, *, explain: bool = False,
                page_numbers: str = "auto") -> str:
    """`summcheck outline --format json`."""
    data = outline_data(doc, source, explain=explain, page_numbers=page_numbers)
    return dump_json(data)


# ---------------------------------------------------------------- text


def render_text(doc: SourceDocument, source: Path, *, explain: bool = False,
                page_numbers: str = "auto") -> str:
    """`summcheck outline`: a header, the notes, the page-label runs, the sections."""
    structure = doc.structure
    sections = structure.sections
    n = len(doc.pages)
    # Titles, idents, labels and notes come from the source (or a sidecar): printable, and no
    # row may begin with `::`.
    out = [f"{line_start(str(source))}: {doc.kind}, {n} page{'s' * (n != 1)}, "
           f"{doc.line_count} lines, {len(sections)} sections (by {structure.method})"]
    out.extend(f"note: {line_start(str(source))}: {printable(note)}" for note in doc.notes)
    if doc.has_labels:
        out.append(f"page labels (physical → printed): {printable(label_summary(doc.pages))}")
    out.append("sections:")
    for section in sections:
        # Scripts parse these rows: `  {indent}{ident}  {title}  (p. LABEL, line N)`.
        page = _page_at(doc, section.span.start)
        label = printable(cited_page(doc, page, page_numbers)) if page and n > 1 else ""
        where = f"p. {label}" if label else ""
        where += f"{', ' if where else ''}line {section.line}"
        out.append(f"  {'  ' * (section.level - 1)}{line_start(section.ident)}  "
                   f"{printable(section.title)}  ({where})")
    if explain:
        out.extend(_explain_lines(doc, structure.decisions, page_numbers))
    return "\n".join(out) + "\n"


def _shown_text(decision: HeadingDecision) -> str:
    """The candidate's text without its leading number, which the ident column shows."""
    text = " ".join(decision.text.split())
    ident = decision.ident
    if ident and text.startswith(ident) and text[len(ident):len(ident) + 1] in ("", " ", ".", ")", ":"):
        text = text[len(ident):].lstrip(".:) ")
    return text


def _explain_lines(doc: SourceDocument, decisions: list[HeadingDecision],
                   page_numbers: str) -> list[str]:
    """One aligned row per heading candidate: where, kept or dropped, ident, text, reason."""
    kept = sum(d.kept for d in decisions)
    if not decisions:
        return ["heading candidates: none recorded"]
    out = [f"heading candidates ({kept} kept, {len(decisions) - kept} dropped):"]
    paged = _paged(doc)
    rows = []
    for d in decisions:
        page = doc.pages[d.page - 1] if 1 <= d.page <= len(doc.pages) else None
        label = cited_page(doc, page, page_numbers) if page is not None else str(d.page)
        rows.append((f"line {d.line}", f"p. {printable(label)}" if paged else "",
                     "kept" if d.kept else "dropped", printable(d.ident or "-"),
                     printable(_shown_text(d)), printable(d.reason)))
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    for r in rows:
        cells = [r[i].ljust(widths[i]) for i in range(4) if widths[i]]
        text = f"{r[4]} — {r[5]}" if r[4] else f"— {r[5]}"
        out.append("  " + "  ".join(cells) + "  " + text)
    return out
