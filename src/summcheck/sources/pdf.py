"""PDF sources through PyMuPDF: text per page, printed page labels, the outline and line fonts."""
from __future__ import annotations

import ctypes
import os
import signal
import sys
from collections import Counter
from pathlib import Path
from typing import Callable

from ..terminal.interrupt import INTERRUPTING
from ..model import InputError, LineFont, OutlineEntry, Page, SourceDocument, Span
from ..terminal.ticks import tick
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


CHUNK_PAGES = 25  # pages a process takes from the shared counter at a time


class _PageCounter:
    """The next chunk of pages to extract, shared by the processes that extract one PDF (made
    before they fork): whoever is free takes the next, so the work balances itself whatever
    else a process has to do."""

    def __init__(self, count: int, context) -> None:
        self.count = count
        self._next = context.RawValue("l", 0)
        self._lock = context.Lock()

    @property
    def taken(self) -> int:
        """The pages taken so far (extracted, or being extracted)."""
        return min(self._next.value, self.count)

    def take(self) -> tuple[int, int] | None:
        with self._lock:
            first = self._next.value
            if first >= self.count:
                return None
            self._next.value = min(first + CHUNK_PAGES, self.count)
        return first, min(first + CHUNK_PAGES, self.count)


def _extract_chunks(pdf, counter: _PageCounter, name: str, sample_every: int, fonts: bool,
                    parent: bool = False) -> dict[int, list[PageLines]]:
    """The chunks this process takes until none is left, by their first page; the `parent`
    tells a progress bar how many pages all the processes have taken."""
    done: dict[int, list[PageLines]] = {}
    while (chunk := counter.take()) is not None:
        done[chunk[0]] = _extract(pdf, chunk[0], chunk[1], name, sample_every, fonts)
        if parent:
            tick("pages", counter.taken, counter.count)
    return done


def _extract_in_child(data: bytes, counter: _PageCounter, name: str, sample_every: int,
                      fonts: bool, conn, parent_end, parent: int) -> None:
    """Runs in the forked process: send back the chunks it extracted, or the error that
    stopped it."""
    try:
        # The fork copied the parent's end of the pipe: held here, it would keep a send
        # blocked forever on a full pipe once the parent stops reading.
        parent_end.close()
        _tie_to_parent(parent)
        import pymupdf

        _quiet(pymupdf)
        try:
            result: object = _extract_chunks(pymupdf.open(stream=data, filetype="pdf"), counter,
                                             name, sample_every, fonts)
        except InputError as exc:
            result = exc
        except Exception as exc:  # the parent extracts the missing chunks itself
            result = RuntimeError(str(exc))
        conn.send(result)
    except BaseException:
        pass  # the parent has stopped listening or falls back; never print a traceback here
    finally:
        conn.close()


class _Child:
    """A forked process taking chunks of pages from the shared counter."""

    def __init__(self, context, data: bytes, counter: _PageCounter, name: str,
                 sample_every: int, fonts: bool) -> None:
        self.receiver, sender = context.Pipe(duplex=False)
        self.process = context.Process(
            target=_extract_in_child,
            args=(data, counter, name, sample_every, fonts, sender, self.receiver, os.getpid()),
            daemon=True)
        try:
            self.process.start()
        except OSError:  # no fork here (limits, sandbox)
            self.receiver.close()
            raise
        finally:
            sender.close()

    def receive(self) -> object:
        """The child's chunks, its InputError, or None when it died without an answer."""
        try:
            answer = self.receiver.recv()
        except EOFError:
            answer = None
        self.receiver.close()
        self.process.join()
        return answer

    def stop(self) -> None:
        """Stop the child whose work is moot (a corrupt page, an interruption)."""
        self.receiver.close()
        self.process.kill()
        self.process.join()


def _start_children(context, number: int, data: bytes, counter: _PageCounter, name: str,
                    sample_every: int, fonts: bool) -> list[_Child]:
    """`number` children taking from `counter`; fewer (none) when this process cannot fork."""
    # Until a child has its own handlers, a signal (Ctrl-C reaches the whole process group)
    # would run the parent's handler in it: every process holds those signals until then.
    held = signal.pthread_sigmask(signal.SIG_BLOCK, INTERRUPTING)
    children: list[_Child] = []
    try:
        for _ in range(number):
            children.append(_Child(context, data, counter, name, sample_every, fonts))
    except OSError:
        pass  # the children started so far, and this process, do the work
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)  # a signal held meanwhile arrives here
    return children


def _page_texts(pdf, data: bytes, count: int, name: str, fonts: bool,
                meanwhile: Callable[[], None] | None = None) -> list[PageLines]:
    """Every page's text. A large PDF's pages are extracted in chunks by this process and
    forked ones, one a core; with work to do `meanwhile` (the claims file to read), this
    process does that first and then joins in. `meanwhile` is run here, once, in any case."""
    sample_every = max(1, count // SIZE_SAMPLE_PAGES)
    # Linux only (fork is safe there): elsewhere one process does it all.
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1
    if not split_pages or count < PARALLEL_MIN_PAGES or cores < 2:
        if meanwhile is not None:
            meanwhile()
        pages: list[PageLines] = []
        for first in range(0, count, CHUNK_PAGES):
            last = min(first + CHUNK_PAGES, count)
            pages += _extract(pdf, first, last, name, sample_every, fonts)
            tick("pages", last, count)
        return pages
    import multiprocessing

    context = multiprocessing.get_context("fork")
    counter = _PageCounter(count, context)
    children = _start_children(context, cores if meanwhile is not None else cores - 1, data,
                               counter, name, sample_every, fonts)
    chunks: dict[int, list[PageLines]] = {}
    waiting = list(children)
    if meanwhile is not None:
        try:
            meanwhile()  # what it raises is its own failure, not a page's
        except BaseException:
            for child in waiting:
                child.stop()
            raise
    try:
        chunks.update(_extract_chunks(pdf, counter, name, sample_every, fonts, parent=True))
        while waiting:
            answer = waiting[0].receive()
            waiting.pop(0)
            if isinstance(answer, InputError):
                raise answer
            if isinstance(answer, dict):
                chunks.update(answer)
    except InputError:
        # Which corrupt page is named must not depend on who took which chunk: the first.
        for child in waiting:
            child.stop()
        waiting = []
        _extract(pdf, 0, count, name, sample_every, fonts)
        raise
    finally:
        for child in waiting:  # stopped early: the children's work is moot
            child.stop()
    pages: list[PageLines] = []
    for first in range(0, count, CHUNK_PAGES):
        # A chunk of a child that died unanswered is extracted here.
        pages += chunks.get(first) or _extract(pdf, first, min(first + CHUNK_PAGES, count),
                                               name, sample_every, fonts)
    tick("pages", count, count)
    return pages


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


def load_pdf(path: Path, data: bytes, *, page_numbers: str = "auto", ocr: bool = False,
             meanwhile: Callable[[], None] | None = None) -> SourceDocument:
    """Load a PDF's text, pages, labels and sections; raise InputError when it cannot be read.
    `meanwhile`, if given, is run once while the pages are extracted (see `_page_texts`)."""
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
        parts = _page_texts(pdf, data, count, name, eager_fonts, meanwhile)
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
