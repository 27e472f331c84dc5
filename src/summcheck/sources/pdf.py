"""PDF sources through PyMuPDF: text per page, printed page labels, the outline and line fonts."""
from __future__ import annotations

import ctypes
import os
import signal
import sys
from collections import Counter
from pathlib import Path

from ..interrupt import INTERRUPTING
from ..model import InputError, LineFont, OutlineEntry, Page, SourceDocument, Span
from .labels import decode_pdf_string, page_labels
from .pdf_lines import PageLines, page_lines


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
# Whether a large PDF's pages are split with a second process; off in the workers of
# `--jobs`, whose summaries already keep every core busy.
split_pages = True
SIZE_SAMPLE_PAGES = 20  # pages whose every span votes for the body font size


def _extract(pdf, first: int, last: int, name: str, sample_every: int,
             fonts: bool) -> list[PageLines]:
    """Text (and, with `fonts`, heading-line fonts) of pages first..last-1 (0-based); a page
    that fails to load is a corrupt PDF."""
    out = []
    for pno in range(first, last):
        try:
            page = pdf.load_page(pno)
            out.append(page_lines(page.get_textpage(), fonts=fonts,
                                  sample_sizes=pno % sample_every == 0))
        except Exception as exc:
            cause = f"page {pno + 1} fails to load: {_reason(exc)}"
            raise InputError(f"{name}: corrupt PDF ({cause})") from None
    return out


#: prctl(2) option: the signal the kernel sends this process when its parent dies.
PR_SET_PDEATHSIG = 1


def _tie_to_parent(parent: int) -> None:
    """Make the forked child unable to outlive its parent or to keep the parent's output open."""
    # The parent's handlers raise an exception that the child would swallow: die at once instead.
    for signum in INTERRUPTING:
        signal.signal(signum, signal.SIG_DFL)
    try:  # the kernel kills the child when the parent dies, even by SIGKILL
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (AttributeError, OSError):
        pass  # no prctl: the parent still kills the child whenever it stops early
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(0)
    # Whoever reads the parent's stdout or stderr waits until every holder has closed them.
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    os.close(devnull)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, INTERRUPTING)  # held since the fork


def _extract_in_child(data: bytes, first: int, last: int, name: str, sample_every: int,
                      fonts: bool, conn, parent_end, parent: int) -> None:
    """Runs in the forked process: send back the pages, or the error that stopped it."""
    try:
        # The fork copied the parent's end of the pipe: held here, it would keep a send
        # blocked forever on a full pipe once the parent stops reading.
        parent_end.close()
        _tie_to_parent(parent)
        import pymupdf

        _quiet(pymupdf)
        try:
            result: object = _extract(pymupdf.open(stream=data, filetype="pdf"), first, last, name,
                                      sample_every, fonts)
        except InputError as exc:
            result = exc
        except Exception as exc:  # the parent extracts these pages itself
            result = RuntimeError(str(exc))
        conn.send(result)
    except BaseException:
        pass  # the parent has stopped listening or falls back; never print a traceback here
    finally:
        conn.close()


def _page_texts(pdf, data: bytes, count: int, name: str, fonts: bool) -> list[PageLines]:
    """Every page's text; a large PDF is split between this process and a forked one."""
    sample_every = max(1, count // SIZE_SAMPLE_PAGES)
    if (not split_pages or count < PARALLEL_MIN_PAGES or (os.cpu_count() or 1) < 2
            or not sys.platform.startswith("linux")):
        return _extract(pdf, 0, count, name, sample_every, fonts)
    import multiprocessing

    middle = count // 2
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_extract_in_child,
                            args=(data, middle, count, name, sample_every, fonts, sender, receiver,
                                  os.getpid()), daemon=True)
    # Until the child has its own handlers, a signal (Ctrl-C reaches the whole process group)
    # would run the parent's handler in it: both processes hold those signals until then.
    held = signal.pthread_sigmask(signal.SIG_BLOCK, INTERRUPTING)
    try:
        child.start()
    except OSError:  # no fork here (limits, sandbox): one process does it all
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
        receiver.close()
        return _extract(pdf, 0, count, name, sample_every, fonts)
    finally:
        sender.close()
    answered = False
    try:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)  # a signal held meanwhile arrives here
        first_half = _extract(pdf, 0, middle, name, sample_every, fonts)
        try:
            second_half = receiver.recv()
        except EOFError:  # the child died without an answer
            second_half = None
        answered = True
    finally:
        receiver.close()
        if not answered:  # a corrupt page here, an interruption: the child's work is moot
            child.kill()
        child.join()
    if isinstance(second_half, InputError):
        raise second_half
    if not isinstance(second_half, list):
        second_half = _extract(pdf, middle, count, name, sample_every, fonts)
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


def read_outline(pdf, pymupdf) -> list[OutlineEntry]:
    """The bookmarks with their destinations: page, and the target's top measured from the
    top of the page as text lines are."""
    entries = []
    matrices: dict[int, object] = {}
    for item in pdf.get_toc(simple=False):
        if len(item) < 3:
            continue
        level, title, pno = item[0], " ".join(str(item[1]).split()), item[2]
        dest = item[3] if len(item) > 3 and isinstance(item[3], dict) else {}
        page = pno if isinstance(pno, int) and 1 <= pno <= pdf.page_count else 0
        point = dest.get("to")
        y = None
        if page and point is not None:
            y = float(point.y)
            if dest.get("kind") == pymupdf.LINK_NAMED:
                # PyMuPDF turns a direct destination's point to page space, but leaves a
                # named one's in PDF points (origin bottom left).
                if page not in matrices:
                    matrices[page] = pdf.load_page(page - 1).transformation_matrix
                y = float((pymupdf.Point(0, point.y) * matrices[page]).y)
        entries.append(OutlineEntry(int(level), title, page, y))
    return entries


def load_pdf(path: Path, data: bytes, *, page_numbers: str = "auto", ocr: bool = False) -> SourceDocument:
    """Load a PDF's text, pages, labels and sections; raise InputError when it cannot be read."""
    import pymupdf  # lazily: the import is slow, and a run without PDFs needs none

    _quiet(pymupdf)
    name = str(path)
    try:
        pdf = pymupdf.open(stream=data, filetype="pdf")
    except Exception as exc:  # FileDataError, EmptyFileError, RuntimeError…
        raise InputError(f"{name}: corrupt PDF ({_reason(exc)})") from None
    try:
        try:
            encrypted, count = pdf.needs_pass, pdf.page_count
        except Exception as exc:  # a page tree cut short opens fine and fails on first use
            raise InputError(f"{name}: corrupt PDF ({_reason(exc)})") from None
        if encrypted:
            raise InputError(f"{name}: encrypted PDF (needs a password)")
        if count <= 0:
            raise InputError(f"{name}: corrupt PDF (no page can be read)")
        notes: list[str] = []
        try:
            outline = read_outline(pdf, pymupdf)
        except Exception:
            outline = []
            notes.append("outline unreadable; sections taken from the text")
        # With an outline the structure stage asks for the few pages it needs fonts of;
        # without one every page with a heading candidate is read here, on all cores.
        eager_fonts = not outline
        parts = _page_texts(pdf, data, count, name, eager_fonts)
        spans: list[Span] = []
        fonts: dict[int, LineFont] = {}
        sizes: Counter = Counter()
        pos, line = 0, 1
        first_lines: list[int] = []
        for pno, part in enumerate(parts):
            if pno:
                pos += 1  # the form feed between two pages belongs to neither
            spans.append(Span(pos, pos + len(part.text)))
            pos += len(part.text)
            first_lines.append(line)
            for index, font in part.fonts.items():
                fonts[line + index] = font
            line += part.text.count("\n")
            sizes.update(part.sizes)
        text = "\f".join(part.text for part in parts)
        try:
            labels = page_labels(_label_rules(pdf), count)
        except Exception:  # a malformed /PageLabels tree: cite physical pages rather than fail
            labels = [None] * count
            notes.append("page labels unreadable; physical page numbers used")
        has_labels = any(label is not None for label in labels)
        if page_numbers == "label" and not has_labels:
            raise InputError(f"{name}: page-numbers is 'label' but the PDF defines no page labels")
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
    body = max(sizes.items(), key=lambda item: (item[1], -item[0]))[0] if sizes else None
    doc = SourceDocument(path=path, kind="pdf", text=text, pages=pages, sections=[],
                         has_labels=has_labels, ocr=ocr, notes=notes, outline=outline,
                         fonts=fonts, body_font=body,
                         font_reader=None if eager_fonts else _font_reader(data, first_lines))
    return doc


def _font_reader(data: bytes, first_lines: list[int]):
    """Reads the heading-candidate fonts of given pages again from the PDF's bytes (the
    document is opened on the first call and kept)."""
    opened: list = []

    def read(pages: list[int]) -> dict[int, LineFont]:
        import pymupdf

        found: dict[int, LineFont] = {}
        if not opened:
            _quiet(pymupdf)
            try:
                opened.append(pymupdf.open(stream=data, filetype="pdf"))
            except Exception:  # it opened once; fonts are evidence, not a requirement
                opened.append(None)
        pdf = opened[0]
        if pdf is None:
            return found
        for pno in pages:
            try:
                part = page_lines(pdf.load_page(pno).get_textpage())
            except Exception:
                continue
            for index, font in part.fonts.items():
                found[first_lines[pno] + index] = font
        return found

    return read
