"""PDF sources through PyMuPDF: text per page, printed page labels, sections from the outline."""
from __future__ import annotations

import os
import sys
from pathlib import Path

from ..model import InputError, LazySections, Page, Section, SourceDocument, Span
from .headings import Head, build_sections, detect_sections, parse_heading
from .labels import decode_pdf_string, page_labels


def _reason(exc: BaseException) -> str:
    """A one-line cause from a MuPDF exception."""
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text[:160]


def _quiet(pymupdf) -> None:
    # MuPDF prints its errors and warnings on stderr; ours are reported as InputError/notes instead.
    tools = getattr(pymupdf, "TOOLS", None)
    for name in ("mupdf_display_errors", "mupdf_display_warnings"):
        setter = getattr(tools, name, None)
        if setter is not None:
            try:
                setter(False)
            except Exception:  # an older PyMuPDF without the switch: noise, not failure
                pass


PARALLEL_MIN_PAGES = 100  # below this a second process costs more than it saves


def _extract(pdf, first: int, last: int, name: str) -> list[str]:
    """Plain text of pages first..last-1 (0-based); a page that fails to load is a corrupt PDF."""
    texts = []
    for pno in range(first, last):
        try:
            texts.append(pdf.load_page(pno).get_text())
        except Exception as exc:
            cause = f"page {pno + 1} fails to load: {_reason(exc)}"
            raise InputError(f"{name}: corrupt PDF ({cause})") from None
    return texts


def _extract_in_child(data: bytes, first: int, last: int, name: str, conn) -> None:
    """Runs in the forked process: send back the pages' texts, or the error that stopped it."""
    try:
        import pymupdf

        _quiet(pymupdf)
        try:
            result: object = _extract(pymupdf.open(stream=data, filetype="pdf"), first, last, name)
        except InputError as exc:
            result = exc
        except Exception as exc:  # the parent extracts these pages itself
            result = RuntimeError(str(exc))
        conn.send(result)
    except BaseException:
        pass  # the parent has stopped listening or falls back; never print a traceback here
    finally:
        conn.close()


def _page_texts(pdf, data: bytes, count: int, name: str) -> list[str]:
    """Every page's text; a large PDF is split between this process and a forked one."""
    if count < PARALLEL_MIN_PAGES or (os.cpu_count() or 1) < 2 or not sys.platform.startswith("linux"):
        return _extract(pdf, 0, count, name)
    import multiprocessing

    middle = count // 2
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_extract_in_child, args=(data, middle, count, name, sender),
                            daemon=True)
    try:
        child.start()
    except OSError:  # no fork here (limits, sandbox): one process does it all
        receiver.close()
        return _extract(pdf, 0, count, name)
    finally:
        sender.close()
    try:
        first_half = _extract(pdf, 0, middle, name)
        try:
            second_half = receiver.recv()
        except EOFError:  # the child died without an answer
            second_half = None
    finally:
        receiver.close()
        child.join()
    if isinstance(second_half, InputError):
        raise second_half
    if not isinstance(second_half, list):
        second_half = _extract(pdf, middle, count, name)
    return first_half + second_half


def _label_rules(doc) -> list[tuple[int, str]]:
    """The raw /PageLabels rules; PyMuPDF's public parser mangles '/' and non-ASCII prefixes."""
    raw = getattr(doc, "_get_page_labels", None)
    if raw is not None:
        return [(int(start), str(rule)) for start, rule in raw()]
    rules = []
    for item in doc.get_page_labels():  # fallback: rebuild rule strings from the parsed dicts
        prefix = decode_pdf_string(item.get("prefix", ""))
        hexed = "<FEFF" + prefix.encode("utf-16-be").hex() + ">"
        rules.append((item["startpage"],
                      f"<</S/{item.get('style', '')}/P{hexed}/St {item.get('firstpagenum', 1)}>>"))
    return rules


def _find_heading(text: str, parsed, title: str, lo: int, hi: int) -> int:
    """Where an outline entry's heading stands between lo and hi: its title, else its number."""
    title = title.strip()
    if title:
        pos = text.find(title, lo, hi)
        if pos != -1:
            return pos
    if len(parsed.title) >= 4:  # the page may print the title without its number
        pos = text.find(parsed.title, lo, hi)
        if pos != -1 and not text[max(lo, text.rfind("\n", lo, pos) + 1):pos].strip():
            return pos
    ident = parsed.ident
    pos = text.find(ident, lo, hi)
    while pos != -1:
        line_start = max(lo, text.rfind("\n", lo, pos) + 1, text.rfind("\f", lo, pos) + 1)
        before = text[line_start:pos].strip()
        after = text[pos + len(ident):pos + len(ident) + 2]
        # The number must open its line ("3.1. Purpose", "Chapter 3. …") and not be "3.10" for "3.1".
        if (not before or before == "§" or before.rstrip(".").isalpha()) \
                and not (after[:1].isalnum() or (after[:1] == "." and after[1:2].isdigit())):
            return line_start
        pos = text.find(ident, pos + 1, hi)
    return lo


def _outline_sections(toc: list, text: str, pages: list[Page], doc: SourceDocument) -> list[Section]:
    """Sections from the PDF outline entries whose titles carry a section number."""
    heads: list[Head] = []
    cursor_page, cursor = -1, 0
    for entry in toc:
        if len(entry) < 3:
            continue
        title, pno = str(entry[1]), entry[2]
        parsed = parse_heading(" ".join(title.split()), lenient=True)
        if parsed is None or not isinstance(pno, int) or not 1 <= pno <= len(pages):
            continue
        span = pages[pno - 1].span
        # Entries on one page appear in order: search after the previous one found there.
        lo = cursor if cursor_page == pno else span.start
        pos = _find_heading(text, parsed, " ".join(title.split()), lo, span.end)
        cursor_page, cursor = pno, pos
        heads.append(Head(pos, doc.line_of(pos), parsed))
    heads.sort(key=lambda h: h.start)
    return build_sections(heads, len(text))


def load_pdf(path: Path, data: bytes, *, page_numbers: str = "auto", ocr: bool = False) -> SourceDocument:
    """Load a PDF's text, pages, labels and sections; raise InputError when it cannot be read."""
    import pymupdf  # lazily: importing it costs half a second

    _quiet(pymupdf)
    name = str(path)
    try:
        pdf = pymupdf.open(stream=data, filetype="pdf")
    except Exception as exc:  # FileDataError, EmptyFileError, RuntimeError…
        raise InputError(f"{name}: corrupt PDF ({_reason(exc)})") from None
    try:
        if pdf.needs_pass:
            raise InputError(f"{name}: encrypted PDF (needs a password)")
        count = pdf.page_count
        if count <= 0:
            raise InputError(f"{name}: corrupt PDF (no page can be read)")
        parts = _page_texts(pdf, data, count, name)
        spans: list[Span] = []
        pos = 0
        for pno, part in enumerate(parts):
            if pno:
                pos += 1  # the form feed between two pages belongs to neither
            spans.append(Span(pos, pos + len(part)))
            pos += len(part)
        text = "\f".join(parts)
        notes: list[str] = []
        try:
            labels = page_labels(_label_rules(pdf), count)
        except Exception:  # a malformed /PageLabels tree: cite physical pages rather than fail
            labels = [None] * count
            notes.append("page labels unreadable; physical page numbers used")
        has_labels = any(label is not None for label in labels)
        if page_numbers == "label" and not has_labels:
            raise InputError(f"{name}: page-numbers is 'label' but the PDF defines no page labels")
        try:
            toc = pdf.get_toc(simple=True)
        except Exception:
            toc = []
            notes.append("outline unreadable; sections taken from the text")
        if pdf.is_repaired:
            notes.append("opened by repair")
        if not ocr:
            from .ocr_detect import ocr_evidence

            evidence = ocr_evidence(pdf)
            if evidence.is_ocr:  # a scan with an invisible text layer: match it fuzzily
                ocr = True
                notes.append(f"treated as OCR: {evidence.describe()}")
    finally:
        pdf.close()
    if not text.strip():
        notes.append("no text layer (a scanned PDF needs OCR first)")
    pages = [Page(i + 1, labels[i], spans[i]) for i in range(count)]
    doc = SourceDocument(path=path, kind="pdf", text=text, pages=pages, sections=[],
                         has_labels=has_labels, ocr=ocr, notes=notes)
    doc.sections = LazySections(lambda: _sections(toc, text, pages, doc))
    return doc


def _sections(toc: list, text: str, pages: list[Page], doc: SourceDocument) -> list[Section]:
    """The outline's sections, unless it is a mere subset of what the text numbers (chapters only)."""
    found = detect_sections(text, pages, style="pdf")
    outline = _outline_sections(toc, text, pages, doc) if toc else []
    shallow = {s.ident for s in outline} <= {s.ident for s in found} and len(found) > len(outline)
    return outline if outline and not shallow else found
