"""The evidence report's data: every sentence with its verdict, the records behind it and each
quote in its source context, the claim table and the coverage map — plain JSON-able data,
which the HTML renderer embeds and its script shows.

Which records back which sentence is not written out pair by pair: a summary of hundreds of
sentences citing a page where thousands of records stand would make a report of sentences ×
records. The data holds what the analysis derived it from instead, each part of a sentence
its locator's spans (`spans`) and each verified record its quote's places (`at`): a record
backs the part when one of its places lies inside one of the spans (the analysis's
`_BackingIndex.inside`), and the page's script finds both lists (a sentence's records, a
record's sentences) from them when it shows them. The one kind of backer this does not find,
a record whose quote stands at its locator more often than the analysis keeps places of (it
searched the span itself), is named by the part (`extra`: an index into the distinct lists of
`data["extra"]`).

Nothing here decides what is a finding: the verdicts come from the analysis and the findings
of the rules; this module only places them.
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from pathlib import Path

from ..analysis.facts import Analysis, PartResult, Places, RecordResult, SentenceResult
from ..matching.exact import QuoteHit
from ..claims.index import match_word
from ..model import Finding, InputError, Page, RecordStatus, SourceDocument, Span
from ..language.modality import classes, modal_words
from ..analysis.verdicts import VERDICTS, finding_sentence, sentence_verdict
from .pages import PdfPages

CONTEXT_LINES = 3  # lines of a text source shown either side of a quote
MAX_VIEWS_PER_RECORD = 3  # places of a repeated quote shown (the JSON report lists all kept)
CITED_LINES = 12  # lines of a text source's cited region shown for a quote not found there
MAX_VIEW_LINES = 40  # of one passage: its first and last halves when it is longer
MAX_LINE_CHARS = 400  # of one line: the stretch around the quote when it is longer
COVERAGE_LINE_BINS = 60  # a source without pages is mapped in this many slices of lines
MAX_SECTION_CELLS = 400
# Records whose views draw PDF pages (each a band per quote, every page once whole): bounds
# the report of a claims file of thousands of records with findings to some megabytes and
# seconds; the records beyond show their page's text lines.
MAX_DRAWN_VIEWS = 200
# A section is normative when its text holds a `requires` word: read in pieces, at most this
# much of the source per report (its sections beyond are not marked).
NORMATIVE_PIECE = 4_000
NORMATIVE_BUDGET = 2_000_000
_DIFF = re.compile(r"\[-(.*?)-\]|\{\+(.*?)\+\}", re.S)


@dataclass
class Evidence:
    data: dict  # what the page's script reads (see `build`)
    title: str


def build(analysis: Analysis, findings: list[Finding]) -> Evidence:
    """The report's data for one checked summary."""
    source = analysis.source
    pages = PdfPages(source) if source.kind == "pdf" else None
    try:
        return _Builder(analysis, findings, pages).build()
    finally:
        if pages is not None:
            pages.close()


class _Builder:
    def __init__(self, analysis: Analysis, findings: list[Finding], pages: PdfPages | None) -> None:
        self.analysis = analysis
        self.source = analysis.source
        self.findings = sorted(findings, key=Finding.sort_key)
        self.pdf = pages
        self.images: dict[int, dict] = {}
        # The text of each line a view shows whole and unmarked, once: neighbouring quotes
        # share their context lines, which written into every view would repeat each line
        # some 2 * CONTEXT_LINES + 1 times.
        self.shown_lines: dict[int, str] = {}
        self.drawn_views = 0  # records whose views draw their PDF pages
        self.normative_budget = NORMATIVE_BUDGET
        self.record_index = {id(result): i for i, result in enumerate(analysis.records)}
        self.cited: set[int] = set()  # records that back a sentence
        # Verified records whose quote stands more often than their kept places: a part they
        # back without one of those places inside it names them (see the module's docstring).
        self.repeated = {i for i, r in enumerate(analysis.records) if r.verified and r.more_hits}
        self.extra_lists: list[list[int]] = []
        self._extra_at: dict[tuple[int, ...], int] = {}
        # Where each record that failed cites (misplaced, not found, unreadable): a part no
        # record backs shows those whose place overlaps it, the records meant to back it.
        self.failing = Places(
            (span.start, span.end, i) for i, r in enumerate(analysis.records)
            if not r.verified for span in (r.locator_spans or r.intended_spans))

    def build(self) -> Evidence:
        analysis = self.analysis
        sentence_of = finding_sentence(analysis)
        summary_path = Path(analysis.summary.path)
        claims_path = Path(analysis.claims.path) if analysis.claims.path else None
        findings = []
        by_sentence: dict[int, list[int]] = {}
        by_record: dict[int, list[int]] = {}
        record_of_line = {r.record.line: i for i, r in enumerate(analysis.records)
                          if r.record.line is not None}
        for number, finding in enumerate(self.findings):
            sentence, record = sentence_of(finding), None
            if sentence is None and claims_path is not None and Path(finding.path) == claims_path:
                record = record_of_line.get(finding.line)
            if sentence is not None:
                by_sentence.setdefault(sentence, []).append(number)
            if record is not None:
                by_record.setdefault(record, []).append(number)
            findings.append({"rule": finding.rule, "name": finding.name,
                             "severity": finding.severity, "path": Path(finding.path).as_posix(),
                             "line": finding.line, "column": finding.column,
                             "message": finding.message, "sentence": sentence, "record": record,
                             "differs": None if finding.differs is None else list(finding.differs)})
        sentences = [self._sentence(result, by_sentence.get(number, []))
                     for number, result in enumerate(analysis.sentences)]
        # The records a sentence cites are drawn first, then those a finding names, while the
        # budget of drawn views lasts; the list keeps the claims file's order.
        cited = self.cited
        order = sorted(range(len(analysis.records)),
                       key=lambda i: (i not in cited, i not in by_record, i))
        drawn = {i: self._record(analysis.records[i], by_record.get(i, []), i in cited)
                 for i in order}
        records = [drawn[i] for i in range(len(analysis.records))]
        data = {
            "summary": summary_path.as_posix(),
            "source": Path(self.source.path).as_posix(),
            "claims": claims_path.as_posix() if claims_path else None,
            "kind": self.source.kind,
            "ocr": self.source.ocr,
            "sentences": sentences,
            "records": records,
            "extra": self.extra_lists,
            "findings": findings,
            "pages": {str(n): image for n, image in sorted(self.images.items())},
            "lines": {str(n): text for n, text in sorted(self.shown_lines.items())},
            "coverage": self._coverage(records),
            "counts": counts(sentences, records, findings),
            "drawnLimit": MAX_DRAWN_VIEWS if self.drawn_views >= MAX_DRAWN_VIEWS else None,
        }
        return Evidence(data, summary_path.as_posix())

    # -- sentences and records

    def _sentence(self, result: SentenceResult, findings: list[int]) -> dict:
        sentence = result.sentence
        verdict = sentence_verdict(result, [self.findings[i] for i in findings])
        return {
            "line": sentence.line, "column": sentence.column, "text": sentence.text,
            "verdict": verdict,
            "locators": [group.text for group in sentence.groups],
            "parts": [self._part(part) for part in result.parts],
            "bound": self._bound(result),
            "findings": findings,
        }

    def _bound(self, result: SentenceResult) -> int | None:
        """The records the sentence rests on (binding.py), as an index into the distinct lists
        of `extra`, or None when they are the verified records its parts hold (the page finds
        those from the spans): a sentence's evidence is its bound records, failing ones
        included, never an unrelated one."""
        index = self.record_index
        self.cited.update(index[id(b)] for b in result.backers)
        if result.exact and not result.named:
            return None
        return self._extra(tuple(index[id(b.result)] for b in result.bound))

    def _extra(self, records: tuple[int, ...]) -> int:
        """The index of a list of records in `extra`, each distinct list stored once."""
        at = self._extra_at.setdefault(records, len(self.extra_lists))
        if at == len(self.extra_lists):
            self.extra_lists.append(list(records))
        return at

    def _part(self, part: PartResult) -> dict:
        """A locator part: its spans, from which the page finds the records inside, and the
        backers it would not find there (`extra`, or None)."""
        # One pass over the backers, which keeps no list of them: the page needs none.
        index = self.record_index
        self.cited.update(map(index.__getitem__, map(id, part.backers)))
        spans = part.resolution.spans
        extra = None
        if self.repeated and part.backers:
            missed = tuple(i for i in map(index.__getitem__, map(id, part.backers))
                           if i in self.repeated
                           and not _inside(self.analysis.records[i].hits, spans))
            if missed:
                extra = self._extra(missed)
        citing = self._citing(spans) if part.unbacked else ()
        return {"locator": part.resolution.part.describe(), "resolved": part.resolution.ok,
                "problem": part.resolution.message,
                "spans": [[span.start, span.end] for span in spans], "extra": extra,
                "backed": bool(part.backers), "unrelated": len(part.unrelated),
                "citing": self._extra(citing) if citing else None}

    def _citing(self, spans: tuple[Span, ...]) -> tuple[int, ...]:
        """The failing records whose cited place overlaps one of the spans, in file order."""
        return tuple(sorted(self.failing.overlapping(spans)))

    def _record(self, result: RecordResult, findings: list[int], cited: bool) -> dict:
        record = result.record
        status = result.status
        # A PDF's pages are drawn for the records a reader reaches from a sentence or a
        # finding; the others (a claims file may hold thousands) show the page's text lines,
        # which keeps the report's size to what the summary cites.
        pictured = self.pdf is not None and (cited or bool(findings)) \
            and self.drawn_views < MAX_DRAWN_VIEWS
        if pictured:
            self.drawn_views += 1
        views = []
        if status in (RecordStatus.VERIFIED, RecordStatus.CRITICAL):
            for hit in result.hits[:MAX_VIEWS_PER_RECORD]:
                views.append(self._view("found", "Where the quote stands", hit, pictured))
        elif status is RecordStatus.MISPLACED:
            for span in result.locator_spans[:1]:
                views.append(self._region("cited", "Where the record cites it", span))
            for hit in result.elsewhere[:MAX_VIEWS_PER_RECORD]:
                views.append(self._view("elsewhere", "Where the quote really stands", hit,
                                        pictured))
        elif status is RecordStatus.NOT_FOUND:
            closest = result.closest.difference if result.closest is not None else None
            if closest is not None:
                views.append({"kind": "closest", "label": "Closest passage at the locator",
                              "score": round(closest.score, 1),
                              "diff": _diff_parts(closest.diff) if closest.diff
                              else [[closest.passage, None]]})
            for span in result.locator_spans[:1]:
                views.append(self._region("cited", "The cited place", span))
        return {
            "id": record.id, "line": record.line, "claim": record.claim, "topic": record.topic,
            "strength": record.strength, "quote": record.quote,
            "locator": record.locator.text if record.locator is not None else "",
            "status": status.value,
            "verified": status is RecordStatus.VERIFIED, "match": match_word(result),
            "critical": list(result.critical), "views": views, "findings": findings,
            # where the quote stands, for the page to find the sentences whose spans hold it
            "at": [[hit.span.start, hit.span.end] for hit in result.hits] if result.verified
            else [],
        }

    # -- views of the source

    def _view(self, kind: str, label: str, hit: QuoteHit, pictured: bool) -> dict:
        span = hit.span
        view = {"kind": kind, "label": label, "level": hit.level,
                "score": round(hit.score, 1) if hit.score is not None else None,
                "text": self.source.text[span.start:span.end],
                "where": _where(self.source, span)}
        # An elided quotation: its fragments marked, what its elisions leave out struck through.
        omitted = tuple(Span(a.end, b.start) for a, b in zip(hit.fragments, hit.fragments[1:]))
        if hit.fragments:
            view["fragments"] = [self.source.text[f.start:f.end] for f in hit.fragments]
        view.update(self._pdf_view(span, highlight=True, parts=hit.fragments) if pictured
                    else self._text_view(span, highlight=True, omitted=omitted))
        return view

    def _region(self, kind: str, label: str, span: Span) -> dict:
        """The text of the place a record cites (its first lines), to read what stands there:
        with nothing to highlight, a page's image would only be a thumbnail of it."""
        view = {"kind": kind, "label": label, "where": _where(self.source, span)}
        first = self.source.line_of(span.start)
        last = min(self.source.line_of(max(span.start, span.end - 1)), first + CITED_LINES - 1)
        view.update(self._lines(first, last, None))
        return view

    def _text_view(self, span: Span, highlight: bool, omitted: tuple[Span, ...] = ()) -> dict:
        first = self.source.line_of(span.start)
        last = self.source.line_of(max(span.start, span.end - 1))
        return self._lines(max(1, first - CONTEXT_LINES),
                           min(self.source.line_count, last + CONTEXT_LINES),
                           span if highlight else None, omitted)

    def _lines(self, first: int, last: int, mark: Span | None,
               omitted: tuple[Span, ...] = ()) -> dict:
        """Lines first..last with the mark's part of each; a passage longer than
        MAX_VIEW_LINES keeps its ends, and a line longer than MAX_LINE_CHARS the stretch
        around the mark (a source may hold a megabyte on one line, a quote span thousands).
        A line shown whole without a mark is its number alone, its text in `shown_lines`."""
        numbers = list(range(first, last + 1))
        if len(numbers) > MAX_VIEW_LINES:
            half = MAX_VIEW_LINES // 2
            numbers = numbers[:half] + numbers[-half:]
        starts = self.source.line_starts
        text = self.source.text
        lines = []
        for number in numbers:
            start = starts[number - 1]
            end = starts[number] - 1 if number < len(starts) else len(text)
            lo = hi = start
            if mark is not None and mark.start < end and start < mark.end:
                lo, hi = max(start, mark.start), min(end, mark.end)
            if end - start > MAX_LINE_CHARS:  # a window around the mark, cut with ellipses
                shown_hi = min(hi, lo + MAX_LINE_CHARS // 2)
                left = max(start, lo - MAX_LINE_CHARS // 4)
                right = min(end, shown_hi + MAX_LINE_CHARS // 4)
                parts = [["…" if left > start else "", False], [text[left:lo], False],
                         [text[lo:shown_hi], True], ["…" if shown_hi < hi else "", True],
                         [text[shown_hi:right] if shown_hi >= hi else "", False],
                         ["…" if right < end else "", False]]
            elif lo == hi:
                self.shown_lines.setdefault(number, text[start:end])
                lines.append({"n": number})
                continue
            else:
                parts = [[text[start:lo], False], *_marked(text, lo, hi, omitted),
                         [text[hi:end], False]]
            lines.append({"n": number, "parts": [p for p in parts if p[0]] or [["", False]]})
        return {"view": "text", "lines": lines}

    def _pdf_view(self, span: Span, highlight: bool, parts: tuple[Span, ...] = ()) -> dict:
        """The pages a span stands on: with `highlight`, each with its boxes (of each of
        `parts` alone, when given: an elided quotation's fragments) and the band of the page
        they cover; every page also whole (embedded once, however often shown)."""
        assert self.pdf is not None
        by_page: dict = {}
        if highlight:
            for part in parts or (span,):
                for number, boxes in self.pdf.boxes(part).items():
                    by_page.setdefault(number, []).extend(boxes)
        numbers = sorted(by_page) or self._pages_of(span)
        shown = []
        for number in numbers[:2]:  # a quote runs over two pages at most in practice
            self._overview(number)
            boxes = by_page.get(number, [])
            entry: dict = {"page": number, "boxes": [[round(v, 5) for v in box] for box in boxes]}
            if boxes:
                band = self.pdf.band(number, boxes)
                entry["band"] = {"uri": band.data_uri, "width": band.width,
                                 "height": band.height, "top": band.top, "bottom": band.bottom}
            shown.append(entry)
        return {"view": "pdf", "pages": shown}

    def _pages_of(self, span: Span) -> list[int]:
        return [page.number for page in self.source.pages
                if page.span.start < max(span.end, span.start + 1) and span.start < page.span.end
                ][:1]

    def _overview(self, number: int) -> None:
        if number in self.images or self.pdf is None:
            return
        image = self.pdf.overview(number)
        page = self.source.pages[number - 1]
        self.images[number] = {"uri": image.data_uri, "width": image.width,
                               "height": image.height,
                               "label": page.label if page.label is not None else str(number)}

    # -- coverage

    def _coverage(self, records: list[dict]) -> dict:
        """The source as strips of cells (its pages, or slices of lines; and its top sections),
        each with the verified records and cited sentences that fall there."""
        source = self.source
        if len(source.pages) > 1:
            unit = "page"
            cells = [{"label": page.label or str(page.number), "title": _page_name(page),
                      "span": page.span} for page in source.pages]
        else:
            unit = "lines"
            count = max(1, source.line_count)
            size = max(1, -(-count // COVERAGE_LINE_BINS))
            cells = [{"label": str(first), "title": f"lines {first}–{min(count, first + size - 1)}",
                      "span": source.line_span(first, min(count, first + size - 1))}
                     for first in range(1, count + 1, size)]
        sections = [{"label": section.ident, "title": f"section {section.ident} {section.title}".strip(),
                     "span": section.span, "normative": self._normative(section.span)}
                    for section in self._top_sections()]
        return {"unit": unit, "cells": self._fill(cells, records),
                "sections": self._fill(sections, records)}

    def _top_sections(self):
        """The outermost sections that divide the source (their children where only one is
        outermost), or none when the source has no structure."""
        try:
            found = list(self.source.structure.sections)
        except InputError:
            return []
        if not found:
            return []
        top = min(section.level for section in found)
        outer = [section for section in found if section.level == top]
        if len(outer) == 1:
            inner = [section for section in found if section.level == top + 1]
            outer = inner or outer
        return sorted(outer, key=lambda section: section.span.start)[:MAX_SECTION_CELLS]

    def _normative(self, span: Span) -> bool:
        """Whether the text asserts a requirement (a `requires` modal word of the lexicons),
        read in pieces of lines until one does, within the report's reading budget."""
        text = self.source.text
        start = span.start
        while start < span.end and self.normative_budget > 0:
            end = min(span.end, start + NORMATIVE_PIECE)
            if end < span.end:  # end the piece at a line end, so no sentence is cut mid-word
                cut = text.rfind("\n", start, end)
                end = cut + 1 if cut > start else end
            self.normative_budget -= end - start
            if "requires" in classes(modal_words(text[start:end], self.analysis.lexicon)):
                return True
            start = end
        return False

    def _fill(self, cells: list[dict], records: list[dict]) -> list[dict]:
        starts = [cell["span"].start for cell in cells]

        def cell_of(offset: int) -> dict | None:
            i = bisect.bisect_right(starts, offset) - 1
            return cells[i] if i >= 0 and offset < cells[i]["span"].end else None

        for cell in cells:
            cell.update(verified=0, cited=0, uncitedRequires=0, records=[], sentences=[])
        for number, result in enumerate(self.analysis.records):
            if not result.verified or not result.hits:
                continue
            cell = cell_of(result.hits[0].span.start)
            if cell is None:
                continue
            cell["verified"] += 1
            cell["records"].append(number)
            if records[number]["strength"] == "requires" and number not in self.cited:
                cell["uncitedRequires"] += 1
        for number, result in enumerate(self.analysis.sentences):
            seen: set[int] = set()
            for part in result.parts:
                for span in part.resolution.spans[:1]:
                    cell = cell_of(span.start)
                    if cell is not None and id(cell) not in seen:
                        seen.add(id(cell))
                        cell["cited"] += 1
                        cell["sentences"].append(number)
        for cell in cells:
            del cell["span"]
            if cell.pop("normative", False) and not cell["cited"]:
                cell["uncitedNormative"] = True
        return cells


def _marked(text: str, lo: int, hi: int, omitted: tuple[Span, ...]) -> list[list]:
    """The parts of text[lo:hi] as a view marks them: the quote's (True), and what an elided
    quotation leaves out there ("elided")."""
    parts: list[list] = []
    pos = lo
    for gap in omitted:
        a, b = max(gap.start, lo), min(gap.end, hi)
        if a >= b:
            continue
        parts += [[text[pos:a], True], [text[a:b], "elided"]]
        pos = b
    parts.append([text[pos:hi], True])
    return parts


def _inside(hits: list[QuoteHit], spans: tuple[Span, ...]) -> bool:
    """Whether one of the places lies inside one of the spans, as the page's script tests it
    (and the analysis's backing index)."""
    return any(span.start <= hit.span.start < span.end and hit.span.end <= span.end
               for hit in hits for span in spans)


def _where(source: SourceDocument, span: Span) -> str:
    """Where a span stands, in words: `page 3 (physical 10)` in a paged source, else
    `lines 120–121`."""
    page = source.page_of(span.start) if len(source.pages) > 1 else None
    if page is not None:
        return _page_name(page)
    first = source.line_of(span.start)
    last = source.line_of(max(span.start, span.end - 1))
    return f"line {first}" if first == last else f"lines {first}–{last}"


def _page_name(page: Page) -> str:
    """`page 3 (physical 10)`, or `page 10` where the label is the physical number."""
    label = page.label or str(page.number)
    physical = f" (physical {page.number})" if label != str(page.number) else ""
    return f"page {label}{physical}"


def _diff_parts(diff: str) -> list[list]:
    """`a [-b-]{+c+} d` as [["a ", None], ["b", "quote"], ["c", "source"], [" d", None]]."""
    parts: list[list] = []
    last = 0
    for m in _DIFF.finditer(diff):
        if m.start() > last:
            parts.append([diff[last:m.start()], None])
        if m.group(1) is not None:
            parts.append([m.group(1), "quote"])
        else:
            parts.append([m.group(2), "source"])
        last = m.end()
    if last < len(diff):
        parts.append([diff[last:], None])
    return parts


def counts(sentences: list[dict], records: list[dict], findings: list[dict]) -> dict:
    counts = {verdict: 0 for verdict in VERDICTS}
    for sentence in sentences:
        counts[sentence["verdict"]] += 1
    severity = {"error": 0, "warning": 0, "info": 0}
    for finding in findings:
        severity[finding["severity"]] += 1
    return {"sentences": len(sentences), **counts, "records": len(records),
            "verified": sum(r["verified"] for r in records), "findings": len(findings),
            **severity}
