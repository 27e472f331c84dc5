"""Source loaders: text pages, numbered headings, PDF pages/labels/outline, and bad input."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import assert_scales_linearly
from tiny_project import RECORD, SENTENCE, write

from summcheck.model import InputError, SourceDocument
from summcheck.sources import load_source
from summcheck.structure.text import detect_sections, parse_heading
from summcheck.sources.labels import decode_pdf_string, page_labels
from summcheck.sources.text import decode_text, text_pages

FIXTURES = Path(__file__).parent / "fixtures" / "sources"


def _load_text(tmp_path: Path, text: str, name: str = "source.txt") -> SourceDocument:
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8"))
    return load_source(path)


def _idents(doc: SourceDocument) -> list[str]:
    return [s.ident for s in doc.sections]


def _within(inner, outer) -> bool:
    """Whether span `inner` lies inside span `outer`."""
    return outer.start <= inner.start and inner.end <= outer.end


def _section(doc: SourceDocument, ident: str):
    found = [s for s in doc.sections if s.ident == ident]
    assert len(found) == 1, f"{ident}: {found}"
    return found[0]


def _page_text(doc: SourceDocument, number: int) -> str:
    span = doc.pages[number - 1].span
    return doc.text[span.start:span.end]


# ---------------------------------------------------------------- decoding


def test_decoding_bom_utf16_and_lenient_utf8():
    assert decode_text("\ufeffHällo".encode("utf-8")) == ("Hällo", [])
    assert decode_text("\ufeffHällo\n".encode("utf-16-le")) == ("Hällo\n", [])
    assert decode_text("\ufeffHällo".encode("utf-16-be")) == ("Hällo", [])
    text, notes = decode_text(b"caf\xe9 ok")
    assert text == "caf\ufffd ok" and notes == ["decoded leniently: invalid UTF-8"]


def test_lenient_note_reaches_the_document(tmp_path):
    path = tmp_path / "latin1.txt"
    path.write_bytes(b"Stra\xdfe\n")
    doc = load_source(path)
    assert doc.notes == ["decoded leniently: invalid UTF-8"]
    assert doc.text == "Stra\ufffde\n"


def test_crlf_text_is_kept_and_lines_split_on_newline(tmp_path):
    doc = _load_text(tmp_path, "1.  Intro\r\n\r\nText here.\r\nfoot [Page 1]\r\nmore\r\n")
    assert doc.text.count("\r\n") == 5
    assert doc.line_count == 5
    assert len(doc.pages) == 2
    assert _page_text(doc, 1).endswith("[Page 1]\r\n")
    assert _idents(doc) == ["1"]


# ---------------------------------------------------------------- pages


def test_form_feed_pages_from_rfc_excerpt():
    doc = load_source(FIXTURES / "rfc3986-excerpt.txt")
    assert doc.kind == "text"
    # Seven pages, each closed by a form feed; the trailing form feed opens no empty page.
    assert [p.number for p in doc.pages] == [1, 2, 3, 4, 5, 6, 7]
    assert all(p.label is None for p in doc.pages)
    for page, nxt in zip(doc.pages, doc.pages[1:]):
        assert doc.text[page.span.end] == "\f"
        assert nxt.span.start == page.span.end + 1
    assert doc.pages[-1].span.end == len(doc.text) - 1
    for number in range(1, 8):
        body = _page_text(doc, number)
        assert "\f" not in body
        assert body.rstrip().endswith(f"[Page {number}]")
    assert _page_text(doc, 2).lstrip().startswith("RFC 3986")


def test_footer_pages_from_rfc_excerpt():
    doc = load_source(FIXTURES / "rfc4511-excerpt.txt")
    # Four "[Page N]" footers; the blank rest after the last one is no page.
    assert len(doc.pages) == 4
    assert doc.pages[0].span.start == 0
    assert doc.pages[-1].span.end == len(doc.text.rstrip()) + 1
    for page, nxt in zip(doc.pages, doc.pages[1:]):
        assert nxt.span.start == page.span.end
    assert _page_text(doc, 1).endswith("[Page 1]\n")
    assert _page_text(doc, 2).startswith("\nRFC 4511")


@pytest.mark.parametrize("text, expected", [
    ("one\ftwo\f", ["one", "two"]),  # trailing form feed
    ("one\ftwo\f\n", ["one", "two"]),  # only white space after the last form feed
    ("one\f\fthree", ["one", "", "three"]),  # a blank page in between stays a page
    ("one\ftwo", ["one", "two"]),
    ("x\nA  [Page 1]\ny\nB  [Page 2]\nrest\n", ["x\nA  [Page 1]\n", "y\nB  [Page 2]\n", "rest\n"]),
    ("x\nA  [Page 1]\n\n  \n", ["x\nA  [Page 1]\n"]),
    ("see [Page 3] of the book, which\nis prose\n", ["see [Page 3] of the book, which\nis prose\n"]),
    ("", [""]),
    ("just text\n", ["just text\n"]),
])
def test_text_pages(text, expected):
    pages = text_pages(text)
    assert [text[p.span.start:p.span.end] for p in pages] == expected
    assert [p.number for p in pages] == list(range(1, len(expected) + 1))


# ---------------------------------------------------------------- headings: real excerpts


def test_rfc_form_feed_excerpt_sections_skip_the_toc():
    doc = load_source(FIXTURES / "rfc3986-excerpt.txt")
    # The TOC on page 2 lists every section with dotted leaders: none of those lines is a heading.
    assert _idents(doc) == ["1", "1.1", "1.1.1", "1.1.2", "1.1.3"]
    intro, overview, generic = (_section(doc, i) for i in ("1", "1.1", "1.1.1"))
    assert intro.line == 170 and intro.title == "Introduction" and intro.level == 1
    assert doc.text[intro.span.start:].startswith("1.  Introduction")
    assert generic.level == 3 and generic.title == "Generic Syntax"
    # A section includes its subsections; siblings end where the next one starts.
    assert _within(overview.span, intro.span) and _within(generic.span, overview.span)
    assert generic.span.end == _section(doc, "1.1.2").span.start
    assert intro.span.end == len(doc.text)


def test_rfc_footer_excerpt_sections():
    doc = load_source(FIXTURES / "rfc4511-excerpt.txt")
    assert _idents(doc) == ["1", "1.1", "2", "3"]
    assert _section(doc, "1").span.end == _section(doc, "2").span.start
    assert _within(_section(doc, "1.1").span, _section(doc, "1").span)


def test_gpl_style_sections_and_the_wrapped_seven():
    doc = load_source(FIXTURES / "gpl-style.txt")
    assert _idents(doc) == ["0", "1", "2", "3", "4", "5", "6", "7"]
    five = _section(doc, "5")
    assert five.title == "Conveying Modified Versions." and five.line == 42
    body = doc.text[five.span.start:five.span.end]
    # "7.  This requirement…" wraps a list item inside section 5: it stays in section 5.
    assert "7.  This requirement modifies" in body
    assert "A compilation of a covered work" in body
    assert _section(doc, "7").title == "Additional Terms."


# Debian Reference 2.100 (GPL-2+), Spanish: lines of the Prefacio ("3." … "5.") and of
# "Capítulo 1", whose numbering starts again at 1 (tests/cases/_sources/, lines 84-460).
_DREF_ES = "\n".join([
    "3. Acerca de este documento", "",
    "3.1. Directrices", "",
    "\u00a0\u00a0\u00a0 El presente documento usa las siguientes directrices:", "",
    "3.6. Cómo informar de errores en este documento", "",
    "    Puede informar de un error en el paquete debian-reference",
    "\u00a0\u00a0\u00a0 utilizando reportbug(1). Por favor, incluya la corrección",
    "    ejecutando «diff -u» con el texto plano o la fuente.", "",
    "4. Consejos para usuarios noveles", "",
    "\u00a0\u00a0\u00a0 Aquí hay algunos consejos para usuarios noveles:", "",
    "5. Algunos comentarios para usuarios noveles", "",
    "\u00a0\u00a0\u00a0 Los usuarios noveles encontrarán esclarecedoras las siguientes",
    "    citas de la lista de correo de Debian:", "",
    "Capítulo 1. Tutoriales de GNU/Linux", "",
    "    Aprender a usar un sistema informático es como aprender un idioma",
    "\u00a0\u00a0\u00a0 nuevo. Aunque los libros de ayuda y la documentación son útiles,", "",
    "1.1. Introducción a la consola", "",
    "1.1.1. El cursor del intérprete de órdenes", "",
    "    Al iniciar el sistema, aparecerá la pantalla de inicio de sesión",
    "\u00a0\u00a0\u00a0 basada en caracteres si no instaló ningún entorno GUI como GNOME", "",
    "1.1.2. El indicador del intérprete de órdenes en GUI", "",
    "    Si ha instalado un entorno GUI durante la instalación, se",
    "    mostrará una pantalla gráfica de inicio de sesión al iniciar el", ""])

# The Portuguese translation: "3.4. popcon" is a heading with a lower-case title.
_DREF_PT = "\n".join([
    "3.3. Convenções", "",
    "    Este documento fornece informação através do seguinte estilo de",
    "\u00a0\u00a0\u00a0 apresentação simplificado com exemplos de comandos de shell bash", "",
    "3.4. popcon", "",
    "    Os dados popcon são apresentados como a medida objectiva da",
    "\u00a0\u00a0\u00a0 popularidade de cada pacote. Foi descarregado em 2023-02-02", "",
    "3.5. O tamanho do pacote", "",
    "    Os dados de tamanho do pacote são também apresentados como a",
    "    medida objectiva para cada pacote. São baseados no", ""])


def test_numbering_restarts_under_a_chapter_word(tmp_path):
    doc = _load_text(tmp_path, _DREF_ES)
    assert _idents(doc) == ["3", "3.1", "3.6", "4", "5", "1", "1.1", "1.1.1", "1.1.2"]
    chapter = doc.sections[5]
    assert chapter.title == "Tutoriales de GNU/Linux" and chapter.level == 1
    assert doc.text[chapter.span.start:].startswith("Capítulo 1.")
    assert chapter.span.end == len(doc.text)  # the chapter holds 1.1 … 1.1.2
    assert "1.1.1. El cursor" in doc.text[chapter.span.start:chapter.span.end]
    five = _section(doc, "5")
    assert five.span.end == chapter.span.start  # the restart closes the preface's section 5


def test_numbering_restarts_cleanly_or_after_a_part_line_and_lists_do_not(tmp_path):
    clean = "1. Scope\n\nText.\n\n2. Terms\n\nText.\n\n1. Design\n\n1.1. Goals\n\nText.\n\n1.2. Risks\n\nText.\n"
    assert _idents(_load_text(tmp_path, clean)) == ["1", "2", "1", "1.1", "1.2"]
    parts = "Part I\n\n1. Scope\n\nText.\n\n2. Terms\n\nText.\n\nPart II Practice\n\n1. Design\n\nText.\n"
    assert _idents(_load_text(tmp_path, parts)) == ["1", "2", "1"]
    # A list that starts again at "1." (in lower case or not) is no new numbering.
    lists = ("1. Scope\n\nText.\n\n2. Terms\n\nThe operator must:\n\n1. keep logs\n\n"
             "2. rotate keys\n\n3. Rules\n\nText.\n")
    assert _idents(_load_text(tmp_path, lists)) == ["1", "2", "3"]


def test_lower_case_title_where_the_numbering_vouches_for_it(tmp_path):
    doc = _load_text(tmp_path, _DREF_PT)
    assert _idents(doc) == ["3.3", "3.4", "3.5"]
    assert _section(doc, "3.4").title == "popcon"
    # Without the numbering around it, a lower-case numbered line stays prose.
    assert _idents(_load_text(tmp_path, "1. Scope\n\nText.\n\n3.4 popcon\n\nText.\n")) == ["1"]


# ---------------------------------------------------------------- headings: styles


def test_numbered_nesting_and_levels(tmp_path):
    doc = _load_text(tmp_path, (
        "4 Usage\n\nText.\n\n4.1 First\n\nText.\n\n4.2 Second\n\nText.\n\n"
        "4.2.1 Deep\n\nText.\n\n5 Next\n\nText.\n"))
    assert [(s.ident, s.level) for s in doc.sections] == [
        ("4", 1), ("4.1", 2), ("4.2", 2), ("4.2.1", 3), ("5", 1)]
    four, four_two = _section(doc, "4"), _section(doc, "4.2")
    assert _within(four_two.span, four.span)
    assert four.span.end == four_two.span.end == _section(doc, "5").span.start
    assert _section(doc, "5").span.end == len(doc.text)


@pytest.mark.parametrize("line, ident, level, title", [
    ("4.2 Title", "4.2", 2, "Title"),
    ("4.2.  Title", "4.2", 2, "Title"),
    ("4.2. Title", "4.2", 2, "Title"),
    ("8. Termination.", "8", 1, "Termination."),
    ("Section 4.2.", "4.2", 2, ""),
    ("Section 4.2 Title", "4.2", 2, "Title"),
    ("Article 17", "17", 1, ""),
    ("Artikel 17 Recht auf Löschung", "17", 1, "Recht auf Löschung"),
    ("Artículo 17. Derecho de supresión", "17", 1, "Derecho de supresión"),
    ("Artigo 17.º", "17", 1, ""),
    ("Artigo 17.º Direito ao apagamento", "17", 1, "Direito ao apagamento"),
    ("Appendix A.  Collected ABNF", "A", 1, "Collected ABNF"),
    ("A.3 Title", "A.3", 2, "Title"),
    ("D.1.  Additions", "D.1", 2, "Additions"),
    ("Anhang", "Anhang", 1, ""),
    ("§ 4", "4", 1, ""),
    ("§ 4.2 Pflichten", "4.2", 2, "Pflichten"),
    ("Chapter 3. The Filesystem", "3", 1, "The Filesystem"),
])
def test_parse_heading_styles(line, ident, level, title):
    parsed = parse_heading(line)
    assert parsed is not None
    assert (parsed.ident, parsed.level, parsed.title) == (ident, level, title)


@pytest.mark.parametrize("line", [
    "7.",  # a bare number
    "A.  If the input buffer begins with a prefix",  # algorithm step
    "3.14 is close to pi",  # prose
    "2.  While the input buffer is not empty, loop as follows:",
    "Artikel 16 Absatz 2 AEUV ermächtigt das Parlament",  # a cross-reference
    "Section 4.2 describes the syntax",
    "1.5 2.5 3.5",  # a table row
    "2005 January",
    "(1) Diese Verordnung",
])
def test_parse_heading_rejects(line):
    assert parse_heading(line) is None


def test_article_title_on_next_line_and_references_are_not_headings(tmp_path):
    doc = _load_text(tmp_path, (
        "(1) Gemäß Artikel 8 Absatz 1 der Charta gilt dies.\n\n"
        "(2) Artikel 16 Absatz 2 AEUV ermächtigt das Parlament.\n\n"
        "KAPITEL I\n\nAllgemeine Bestimmungen\n\n"
        "Artikel 1\n\nGegenstand und Ziele\n\n(1) Diese Verordnung enthält Vorschriften.\n\n"
        "Abschnitt 1\n\nTransparenz\n\n"
        "Artikel 2\n\nBegriffsbestimmungen\n\nIm Sinne dieser Verordnung bezeichnet der Ausdruck:\n\n"
        "1. „personenbezogene Daten“ alle Informationen;\n\n"
        "2. „Verarbeitung“\n\n"
        "Artikel 3\n\nRäumlicher Anwendungsbereich\n\nText.\n"))
    assert _idents(doc) == ["1", "2", "3"]
    assert [s.title for s in doc.sections] == [
        "Gegenstand und Ziele", "Begriffsbestimmungen", "Räumlicher Anwendungsbereich"]
    two = _section(doc, "2")
    assert "„Verarbeitung“" in doc.text[two.span.start:two.span.end]


def test_list_items_and_algorithm_steps_are_not_headings(tmp_path):
    doc = _load_text(tmp_path, (
        "1.  Introduction\n\n   Text.\n\n"
        "2.  Algorithm\n\n   Steps:\n\n"
        "   1.  The input buffer is initialized with the now-appended path\n"
        "       components and the output buffer is initialized.\n\n"
        "   2.  While the input buffer is not empty, loop as follows:\n\n"
        "       A.  If the input buffer begins with a prefix of \"../\",\n"
        "           then remove that prefix.\n\n"
        "   3.  Finally, the output buffer is returned as the result of\n"
        "       remove_dot_segments.\n\n"
        "3.  Next\n\n   Text.\n"))
    assert _idents(doc) == ["1", "2", "3"]


def test_numbered_list_in_prose_breaks_the_order(tmp_path):
    doc = _load_text(tmp_path, (
        "1. Scope\n\nText.\n\n2. Terms\n\nText.\n\n3. Rules\n\nThe operator must:\n\n"
        "1. Keep logs.\n\n2. Rotate keys.\n\n4. Audits\n\nText.\n"))
    assert _idents(doc) == ["1", "2", "3", "4"]
    assert "Rotate keys" in doc.text[_section(doc, "3").span.start:_section(doc, "3").span.end]


def test_leaderless_toc_at_start_is_not_headings(tmp_path):
    doc = _load_text(tmp_path, (
        "Contents\n\n1. Introduction\n2. Scope\n3. Terms\n\n"
        "1. Introduction\n\nText.\n\n2. Scope\n\nText.\n\n3. Terms\n\nText.\n"))
    assert _idents(doc) == ["1", "2", "3"]
    assert [s.line for s in doc.sections] == [7, 11, 15]


def test_spaced_toc_with_repeated_titles_is_not_headings(tmp_path):
    doc = _load_text(tmp_path, (
        "Contents\n\n1. Introduction\n\n2. Scope\n\n"
        "1. Introduction\n\nText.\n\n2. Scope\n\nText.\n"))
    assert [s.line for s in doc.sections] == [7, 11]


def test_toc_with_page_numbers_is_not_headings(tmp_path):
    doc = _load_text(tmp_path, (
        "   1.  Introduction . . . . . . . .  4\n"
        "   2.  Scope ....................... 5\n\n"
        "1.  Introduction\n\nText.\n\n2.  Scope\n\nText.\n"))
    assert [s.line for s in doc.sections] == [4, 8]


def test_duplicate_idents_are_kept(tmp_path):
    # Appendices that restart their numbering at 1, and a heading duplicated by mistake.
    doc = _load_text(tmp_path, (
        "1. Intro\n\nText.\n\n2. Scope\n\nText.\n\n"
        "Appendix A. Notes\n\nText.\n\n1. Background\n\nText.\n\n"
        "C.2.1.  Section 2.3\n\nText.\n\nC.2.1.  Section 4\n\nText.\n"))
    assert _idents(doc) == ["1", "2", "A", "1", "C.2.1", "C.2.1"]


def test_running_headers_are_not_headings(tmp_path):
    page = "Chapter 3. Things\n\nBody text of the page.\n\nMore text.\n"
    text = "1. Intro\n\nText.\n\f" + "\f".join([page] * 4)
    doc = _load_text(tmp_path, text)
    assert _idents(doc) == ["1"]


def test_markdown_headings(tmp_path):
    doc = _load_text(tmp_path, (
        "# Guide\n\n## 1 Scope\n\nText.\n\n1. a list item\n\n2. another item\n\n"
        "```\n## 9 Not a heading\n```\n\n"
        "## 2 Usage ##\n\n### 2.1 Details\n\nText.\n\n## Notes\n\nUnnumbered.\n"), name="guide.md")
    assert doc.kind == "markdown"
    assert _idents(doc) == ["1", "2", "2.1"]
    usage, details = _section(doc, "2"), _section(doc, "2.1")
    assert usage.title == "Usage" and details.level == 2
    # The unnumbered "## Notes" closes section 2 and its subsection.
    notes_at = doc.text.index("## Notes")
    assert usage.span.end == details.span.end == notes_at


def test_sections_in_text_without_blank_lines(tmp_path):
    # Converted text often has no blank lines; numbering alone then decides.
    doc = _load_text(tmp_path, (
        "Title of the report\n1. Introduction\nSome text.\n1.1 Purpose\nMore text here.\n"
        "17 A footnote that is long enough to be prose, not a heading, in any case.\n"
        "1.2 Method\nText.\n2. Results\nText.\n"))
    assert _idents(doc) == ["1", "1.1", "1.2", "2"]


def test_detection_is_linear_on_big_input():
    chunk = "".join(f"{i}. Heading {i}\n\nSome body text for section {i}.\n\n" for i in range(1, 1000))

    def run(n: int) -> None:
        text = chunk + ("word " * 40 + "\n") * n
        assert len(detect_sections(text, text_pages(text))) == 999

    assert_scales_linearly(run, 2_000)


# ---------------------------------------------------------------- PDF

pymupdf = pytest.importorskip("pymupdf")

from pdf_builder import make_pdf  # noqa: E402


def _pdf(path: Path, pages: list[str], *, labels=None, toc=None) -> Path:
    return make_pdf(path, pages, labels=labels, toc=toc)


def test_pdf_pages_text_and_spans(tmp_path):
    path = _pdf(tmp_path / "doc.pdf", ["First page text", "Second page", "Third"])
    doc = load_source(path)
    assert doc.kind == "pdf" and not doc.has_labels and doc.notes == []
    assert len(doc.pages) == 3
    assert all(p.label is None for p in doc.pages)
    with pymupdf.open(path) as raw:
        expected = [page.get_text() for page in raw]
    assert [_page_text(doc, n) for n in (1, 2, 3)] == expected
    assert doc.text == "\f".join(expected)
    for page, nxt in zip(doc.pages, doc.pages[1:]):
        assert doc.text[page.span.end] == "\f" and nxt.span.start == page.span.end + 1


def _many_pages(tmp_path: Path) -> Path:
    from summcheck.sources import pdf

    count = pdf.PARALLEL_MIN_PAGES + pdf.CHUNK_PAGES + 7  # chunks of both sizes, forked
    return _pdf(tmp_path / "long.pdf", [f"Page {n} says {n * 7} things." for n in range(count)])


@pytest.mark.skipif(not hasattr(os, "sched_getaffinity") or len(os.sched_getaffinity(0)) < 2,
                    reason="pages are extracted by several processes on Linux with two cores")
@pytest.mark.parametrize("with_work", [False, True])
def test_a_long_pdf_extracted_on_all_cores_reads_as_one_process_reads_it(tmp_path, monkeypatch,
                                                                         with_work):
    from summcheck.sources import pdf

    path = _many_pages(tmp_path)
    monkeypatch.setattr(pdf, "split_pages", False)
    alone = load_source(path)
    monkeypatch.setattr(pdf, "split_pages", True)
    calls: list[int] = []
    shared = load_source(path, meanwhile=(lambda: calls.append(os.getpid())) if with_work else None)
    assert shared.text == alone.text and shared.pages == alone.pages
    assert shared.fonts == alone.fonts and shared.body_font == alone.body_font
    assert calls == ([os.getpid()] if with_work else [])  # run once, here


@pytest.mark.skipif(not hasattr(os, "sched_getaffinity") or len(os.sched_getaffinity(0)) < 2,
                    reason="pages are extracted by several processes on Linux with two cores")
def test_the_chunks_of_a_child_that_dies_are_extracted_here(tmp_path, monkeypatch):
    from summcheck.sources import pdf

    path = _many_pages(tmp_path)
    monkeypatch.setattr(pdf, "split_pages", False)
    alone = load_source(path)
    monkeypatch.setattr(pdf, "split_pages", True)

    def die_after_taking(data, counter, *args):
        counter.take()  # a chunk taken and never sent
        os._exit(1)

    monkeypatch.setattr(pdf, "_extract_in_child", die_after_taking)
    assert load_source(path, meanwhile=lambda: None).text == alone.text


@pytest.mark.skipif(not hasattr(os, "sched_getaffinity") or len(os.sched_getaffinity(0)) < 2,
                    reason="pages are extracted by several processes on Linux with two cores")
def test_work_done_meanwhile_that_fails_stops_the_extraction_and_its_children(tmp_path):
    import multiprocessing

    path = _many_pages(tmp_path)

    def fail() -> None:
        raise RuntimeError("the claims file went away")

    with pytest.raises(RuntimeError, match="went away"):
        load_source(path, meanwhile=fail)
    assert multiprocessing.active_children() == []


def test_a_broken_claims_file_read_while_a_long_pdf_is_extracted_is_told_as_before(tmp_path):
    from conftest import run_summcheck

    _many_pages(tmp_path)
    (tmp_path / "claims.yaml").write_text("- claim: [unclosed\n", encoding="utf-8")
    (tmp_path / "summary.md").write_text(
        "---\nsource: long.pdf\nclaims: claims.yaml\n---\nPage 3 says 21 things (p. 4).\n",
        encoding="utf-8")
    done = run_summcheck("check", "summary.md", "--no-cache", cwd=tmp_path)
    assert done.returncode == 2
    assert "claims.yaml: invalid YAML at line 2" in done.stderr and "long.pdf" not in done.stderr


def test_pdf_labels_roman_then_decimal_with_a_duplicate(tmp_path):
    labels = [{"startpage": 0, "prefix": "", "style": "D", "firstpagenum": 1},
              {"startpage": 1, "prefix": "", "style": "D", "firstpagenum": 2},
              {"startpage": 2, "prefix": "", "style": "r", "firstpagenum": 1},
              {"startpage": 4, "prefix": "", "style": "D", "firstpagenum": 1}]
    path = _pdf(tmp_path / "labels.pdf", [f"page {i}" for i in range(7)], labels=labels)
    doc = load_source(path)
    assert doc.has_labels
    assert [p.label for p in doc.pages] == ["1", "2", "i", "ii", "1", "2", "3"]
    assert [p.number for p in doc.pages] == [1, 2, 3, 4, 5, 6, 7]
    assert load_source(path, page_numbers="label").has_labels
    # Physical citing is the resolver's choice; the labels stay on the pages.
    assert load_source(path, page_numbers="physical").pages[2].label == "i"


def test_pdf_label_prefixes_in_utf16_hex_and_escapes(tmp_path):
    path = _pdf(tmp_path / "hex.pdf", [f"page {i}" for i in range(5)])
    doc = pymupdf.open(path)
    doc.xref_set_key(doc.pdf_catalog(), "PageLabels",
                     "<</Nums[0<</S/r>>2<</P<FEFF00C40062002D>/S/D>>"
                     "3<</P<FEFF0041002F>/S/A/St 27>>4<</P(x\\(y\\))>>]>>")
    out = tmp_path / "hex2.pdf"
    doc.save(out)
    doc.close()
    assert [p.label for p in load_source(out).pages] == ["i", "ii", "Äb-1", "A/AA", "x(y)"]


def test_label_helpers():
    assert decode_pdf_string("<FEFF00C4>") == "Ä"
    assert decode_pdf_string("A\\303\\261exo-") == "Añexo-"  # UTF-8 bytes as octal escapes
    assert decode_pdf_string("(\\376\\377\\000A)") == "A"
    assert page_labels([(0, "<</S/a/St 26>>")], 3) == ["z", "aa", "bb"]
    assert page_labels([(1, "<</S/R>>")], 3) == [None, "I", "II"]


def test_pdf_label_mode_without_labels_is_an_input_error(tmp_path):
    path = _pdf(tmp_path / "plain.pdf", ["text"])
    with pytest.raises(InputError, match=r"plain\.pdf: .*no page labels"):
        load_source(path, page_numbers="label")


def test_pdf_sections_from_outline(tmp_path):
    pages = ["Preface\nSome words.", "1. Introduction\nBody one.\n1.1 Scope\nBody scope.",
             "Chapter 2. Usage\nBody two."]
    toc = [[1, "Cover", 1], [1, "1. Introduction", 2], [2, "1.1 Scope", 2],
           [1, "Chapter 2. Usage", 3]]
    doc = load_source(_pdf(tmp_path / "toc.pdf", pages, toc=toc))
    assert [(s.ident, s.level) for s in doc.sections] == [("1", 1), ("1.1", 2), ("2", 1)]
    one, scope, two = doc.sections
    assert doc.text[one.span.start:].startswith("1. Introduction")
    assert doc.text[scope.span.start:].startswith("1.1 Scope")
    assert doc.text[two.span.start:].startswith("Chapter 2. Usage")
    assert _within(scope.span, one.span) and one.span.end == two.span.start
    assert two.title == "Usage"
    assert doc.line_of(two.span.start) == two.line


def test_pdf_outline_titles_without_numbers_in_text_and_shallow_outlines(tmp_path):
    pages = ["Cover", "Introduction\nBody.\nMore body.", "Usage\nBody two."]
    toc = [[1, "1 Introduction", 2], [1, "2 Usage", 3]]
    doc = load_source(_pdf(tmp_path / "bare.pdf", pages, toc=toc))
    assert _idents(doc) == ["1", "2"]
    assert doc.text[doc.sections[1].span.start:].startswith("Usage")
    # An outline that lists chapters only gives way to the richer numbering of the text.
    pages = ["1. Intro\nText.\n1.1. Detail\nText.", "2. End\nText."]
    doc = load_source(_pdf(tmp_path / "shallow.pdf", pages, toc=[[1, "1. Intro", 1], [1, "2. End", 2]]))
    assert _idents(doc) == ["1", "1.1", "2"]


def test_pdf_sections_from_text_without_outline(tmp_path):
    pages = ["Contents\n1. Intro .......... 1\n2. Rules .......... 2",
             "1. Intro\nWelcome text.\n1.1. Purpose\nWhy.", "2. Rules\nThe rules."]
    doc = load_source(_pdf(tmp_path / "notoc.pdf", pages))
    assert _idents(doc) == ["1", "1.1", "2"]
    assert doc.page_of(_section(doc, "2").span.start).number == 3


def test_encrypted_pdf(tmp_path):
    path = tmp_path / "secret.pdf"
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), "secret")
    doc.save(path, encryption=pymupdf.PDF_ENCRYPT_AES_256, user_pw="x", owner_pw="y")
    doc.close()
    with pytest.raises(InputError, match=r"^.*secret\.pdf: encrypted PDF \(needs a password\)$"):
        load_source(path)


@pytest.mark.parametrize("data, message", [
    (b"%PDF-1.7\n%garbage", r"broken\.pdf: corrupt PDF"),
    (b"", r"broken\.pdf: not a PDF: the file is empty$"),
    (b"not a pdf at all\n" * 20, r"broken\.pdf: not a PDF: no %PDF- header in its first "
                                 r"1,024 bytes \(it holds text\)"),
])
def test_corrupt_pdf(tmp_path, data, message):
    path = tmp_path / "broken.pdf"
    path.write_bytes(data)
    with pytest.raises(InputError, match=message):
        load_source(path)


def test_truncated_pdf_is_corrupt_or_repaired(tmp_path):
    good = _pdf(tmp_path / "good.pdf", ["Alpha text", "Beta text"])
    data = good.read_bytes()
    half = tmp_path / "half.pdf"
    half.write_bytes(data[: len(data) // 3])
    with pytest.raises(InputError, match="corrupt PDF"):
        load_source(half)
    cut = tmp_path / "cut.pdf"
    cut.write_bytes(data[: data.rindex(b"startxref")])  # no xref pointer: MuPDF repairs
    doc = load_source(cut)
    assert "opened by repair" in doc.notes
    assert "Beta text" in doc.text


@pytest.mark.integration
def test_import_does_not_load_pymupdf():
    code = "import sys, summcheck.sources; print('pymupdf' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# ---------------------------------------------------------------- bad input


def test_missing_file(tmp_path):
    with pytest.raises(InputError, match=r"nope\.txt: no such file"):
        load_source(tmp_path / "nope.txt")


def test_directory(tmp_path):
    with pytest.raises(InputError, match="is a directory"):
        load_source(tmp_path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_fifo_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    with pytest.raises(InputError, match="not a regular file"):
        load_source(fifo)


def test_unreadable_file(tmp_path, monkeypatch):
    path = tmp_path / "locked.txt"
    path.write_text("text")

    def denied(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    from summcheck.files import reading

    monkeypatch.setattr(reading, "open", denied, raising=False)
    with pytest.raises(InputError, match=r"locked\.txt: permission denied"):
        load_source(path)


def test_too_large(tmp_path):
    path = tmp_path / "big.txt"
    path.write_text("x" * 100)
    with pytest.raises(InputError, match="too large"):
        load_source(path, max_bytes=10)
    assert load_source(path, max_bytes=100).text == "x" * 100


def test_invalid_page_numbers_value(tmp_path):
    path = tmp_path / "a.txt"
    path.write_text("text")
    with pytest.raises(InputError, match="page-numbers"):
        load_source(path, page_numbers="roman")


def test_label_mode_on_text_is_accepted(tmp_path):
    # Text pages carry no labels; their numbers are what the text prints in its footers.
    path = tmp_path / "a.txt"
    path.write_text("text")
    assert load_source(path, page_numbers="label").pages[0].label is None


def test_ocr_flag_is_kept(tmp_path):
    path = tmp_path / "scan.txt"
    path.write_text("page one\fpage two\f")
    doc = load_source(path, ocr=True)
    assert doc.ocr and len(doc.pages) == 2


# ---------------------------------------------------------------- the kind is the content's


def _docx(path: Path) -> Path:
    """A Word document as Word writes it: a ZIP archive of XML parts."""
    import zipfile

    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", '<?xml version="1.0"?><Types/>')
        archive.writestr("word/document.xml", "<w:document><w:body><w:p><w:r><w:t>Keys must "
                                              "be rotated.</w:t></w:r></w:p></w:body></w:document>")
    return path


def _png(path: Path) -> Path:
    """A one-pixel PNG image."""
    import struct
    import zlib

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = struct.pack(">I", zlib.crc32(kind + body))
        return struct.pack(">I", len(body)) + kind + body + crc

    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)  # 1 x 1, 8-bit RGB
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
                     + chunk(b"IDAT", zlib.compress(b"\x00\xff\xff\xff")) + chunk(b"IEND", b""))
    return path


def _gzip(path: Path) -> Path:
    import gzip

    path.write_bytes(gzip.compress(b"Keys must be rotated every ninety days.\n" * 20))
    return path


READS = "it reads PDF, plain text, Markdown and transcripts"


@pytest.mark.parametrize("make, name, what", [
    (_docx, "policy.docx", "DOCX Word document, a ZIP archive"),
    (_png, "scan.png", "PNG image"),
    (_gzip, "policy.txt.gz", "gzip-compressed data"),
    (_png, "scan.txt", "PNG image"),  # the name says text: the content decides
    (_docx, "policy.pdf", "DOCX Word document, a ZIP archive"),
])
def test_a_binary_source_is_refused_naming_what_it_is(tmp_path, make, name, what):
    path = make(tmp_path / name)
    named = ", not a PDF (no %PDF- header in its first 1,024 bytes)" if name.endswith(".pdf") \
        else ""
    with pytest.raises(InputError) as caught:
        load_source(path)
    assert str(caught.value) == \
        f"{path}: not a source summcheck reads: binary content ({what}){named}; {READS}"


@pytest.mark.parametrize("data, what", [
    (b"Keys\x00must\x00be\x00rotated.\n", "NUL bytes"),
    ("Keys must be rotated.\n".encode("utf-16-le"),
     "NUL bytes: UTF-16 text needs a byte-order mark"),
    (bytes(range(1, 8)) * 20 + b"Keys must be rotated.\n", "control characters"),
])
def test_a_source_that_is_no_text_is_refused(tmp_path, data, what):
    path = tmp_path / "notes.txt"
    path.write_bytes(data)
    with pytest.raises(InputError, match=rf"notes\.txt: not a source summcheck reads: binary "
                                         rf"content \({what}\); {READS}$"):
        load_source(path)


def test_a_pdf_by_any_name_is_read_as_a_pdf(tmp_path):
    data = _pdf(tmp_path / "real.pdf", ["First page text", "Second page"]).read_bytes()
    for name, content in (("renamed.txt", data), ("notes.md", data),
                          ("junk-first.txt", b"HTTP/1.1 200 OK\r\n\r\n" + data)):
        (tmp_path / name).write_bytes(content)
        doc = load_source(tmp_path / name)
        assert (doc.kind, len(doc.pages), doc.text) == ("pdf", 2, "First page text\n\fSecond page\n")
    (tmp_path / "cut.txt").write_bytes(data[:200])  # a header, then nothing a PDF reader finds
    with pytest.raises(InputError, match=r"cut\.txt: corrupt PDF \(.*\) \(read as a PDF: a %PDF- "
                                         r"header stands in its first 1,024 bytes\)$"):
        load_source(tmp_path / "cut.txt")


def test_a_pdf_name_on_text_is_no_pdf(tmp_path):
    page = tmp_path / "download.pdf"
    page.write_text("<!DOCTYPE html>\n<html><body>404 Not Found</body></html>\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"^.*download\.pdf: not a PDF: no %PDF- header in its "
                                         r"first 1,024 bytes \(it holds an HTML page\); a text "
                                         r"source needs a name other than \.pdf$"):
        load_source(page)


def test_text_in_any_encoding_summcheck_reads_is_still_text(tmp_path):
    text = "Schlüssel müssen rotiert werden.\n\fZweite Seite.\n"
    for encoding in ("utf-8-sig", "utf-16", "utf-16-be", "utf-32"):  # with a byte-order mark
        path = tmp_path / f"{encoding}.txt"
        path.write_bytes(text.encode(encoding) if encoding != "utf-16-be"
                         else b"\xfe\xff" + text.encode("utf-16-be"))
        doc = load_source(path)
        assert (doc.kind, doc.text, doc.notes, len(doc.pages)) == ("text", text, [], 2), encoding
    latin = tmp_path / "latin-1.md"  # decoded leniently, as before: text, never binary
    latin.write_bytes("# Straße\n\nSchlüssel \x1b[1mfett\x1b[0m.\n".encode("latin-1"))
    doc = load_source(latin)
    assert doc.kind == "markdown" and doc.notes == ["decoded leniently: invalid UTF-8"]
    assert load_source(_write_empty(tmp_path / "empty.txt")).text == ""


def _write_empty(path: Path) -> Path:
    path.write_bytes(b"")
    return path


@pytest.mark.parametrize("command", [["check", "summary.md"], ["outline", "scan.png"],
                                     ["locate", "scan.png", "line 1"],
                                     ["report", "summary.md", "-o", "report.html"],
                                     ["check", "summary.md", "--source", "scan.png"]])
def test_every_command_refuses_a_binary_source_in_one_line(tmp_path, run_line, command):
    _png(tmp_path / "scan.png")
    write(tmp_path / "claims.jsonl", json.dumps(RECORD) + "\n")
    write(tmp_path / "summary.md", f"---\nsource: scan.png\nclaims: claims.jsonl\n---\n\n{SENTENCE}")
    before = sorted(p.name for p in tmp_path.iterdir())
    result = run_line(*command, cwd=tmp_path)
    assert result.returncode == 2, result.stdout
    assert result.stdout == "" and result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.startswith("summcheck: error: ")
    assert result.stderr.endswith(f"scan.png: not a source summcheck reads: binary content "
                                  f"(PNG image); {READS}\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_numbered_paragraphs_are_a_regulations_recitals_not_an_articles_list():
    """The DSGVO's recitals (1)–(22) are its numbered paragraphs, each from its number to the
    next; a statute numbering (1), (2) again under every § (TTDSG), the UDHR's paragraphs
    numbered again in each article, and the GPL's numbered headings are none."""
    from summcheck.sources.paragraphs import numbered_paragraphs

    sources = Path(__file__).parent / "cases" / "_sources"
    recitals = load_source(sources / "dsgvo-oj1-4.txt")
    found = numbered_paragraphs(recitals)
    assert found is not None and (found.first, found.last, len(found.spans)) == (1, 22, 22)
    twelve = found.spans[12]
    assert recitals.text[twelve.start:twelve.end].startswith("(12) Artikel 16 Absatz 2 AEUV")
    assert recitals.text[twelve.start:twelve.end].rstrip().endswith("zu erlassen.")
    for name in ("ttdsg-1-13.md", "dudh-es.txt", "gpl3-s0-5.txt", "constitucion-es-1-31.md"):
        assert numbered_paragraphs(load_source(sources / name)) is None, name


def test_tex_spacing_accents_are_read_with_their_letters(tmp_path):
    """Old TeX fonts set an accent before its letter: MuPDF reads "L¨oschung", "secci´on". The
    source text holds the letters a reader sees, so a quote typed with them matches; a
    backtick or an accent no letter takes stays as printed."""
    from pdf_builder import make_pdf

    path = make_pdf(tmp_path / "tex.pdf", ["Die L\u00a8oschung erfolgt nach der Secci\u00b4on 4.\n"
                                           "Run `make` twice; \u00b41 is no letter."])
    text = load_source(path).text
    assert "Die Löschung erfolgt nach der Sección 4." in text
    assert "Run `make` twice; \u00b41 is no letter." in text
