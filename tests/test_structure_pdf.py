"""PDF structure from evidence: outline destinations, the number beside or above a title, fonts."""
from __future__ import annotations

from pathlib import Path

import pytest

from summcheck.sources import load_source
from summcheck.structure.pdf_numbering import near
from summcheck.structure.pdf_rows import parse_number as _parse_number
from summcheck.structure.numbering import ident_key

pymupdf = pytest.importorskip("pymupdf")

BODY = ("The body of this section is set in the regular size and runs over a few lines "
        "so that the page looks like a page of a real manual with ordinary paragraphs.")


def _page(doc, rows: list[tuple]) -> None:
    """rows: (text, size, bold, x) placed one below the other; text may be a list of runs
    set side by side on one row (number and title as separate runs)."""
    page = doc.new_page()
    y = 72.0
    for text, size, bold, x in rows:
        runs = text if isinstance(text, list) else [text]
        rx = x
        for run in runs:
            page.insert_text((rx, y), run, fontsize=size, fontname="hebo" if bold else "helv")
            rx += pymupdf.get_text_length(run, fontname="hebo" if bold else "helv", fontsize=size) + 12
        y += size * 1.6


def _body(n: int = 3) -> list[tuple]:
    return [(BODY[:90], 10, False, 72)] * n


def _save(doc, path: Path, toc=None) -> Path:
    if toc is not None:
        doc.set_toc(toc)
    doc.save(path)
    doc.close()
    return path


def _found(path: Path) -> list[tuple[str, int]]:
    doc = load_source(path)
    return [(s.ident, doc.page_of(s.span.start).number) for s in doc.sections]


def test_number_on_its_own_row_above_an_unnumbered_outline_title(tmp_path):
    """DocBook (dblatex): 'Kapitel 1' above the chapter title, '1.1' beside the section title."""
    doc = pymupdf.open()
    _page(doc, [("Kapitel 1", 18, True, 72), ("Definitionen und Überblick", 22, True, 72),
                *_body(), (["1.1", "Was ist diese FAQ?"], 14, True, 72), *_body()])
    _page(doc, [*_body(), ("1.1.2", 12, True, 72), ("Die Shell-Eingabeaufforderung", 12, True, 72),
                *_body()])
    toc = [[1, "Definitionen und Überblick", 1], [2, "Was ist diese FAQ?", 1],
           [3, "Die Shell-Eingabeaufforderung", 2]]
    path = _save(doc, tmp_path / "docbook.pdf", toc)
    assert _found(path) == [("1", 1), ("1.1", 1), ("1.1.2", 2)]
    structure = load_source(path).structure
    assert structure.method == "outline"
    assert [d.reason for d in structure.decisions if d.kept] == [
        "outline + printed number"] * 3


def test_chapter_only_outline_keeps_the_printed_subsections(tmp_path):
    """Texinfo: the outline numbers chapters only; the page prints '2.1 ASN.1 syntax'."""
    doc = pymupdf.open()
    _page(doc, [("1 Introduction", 18, True, 72), *_body(), ("1.1 Scope", 13, True, 72), *_body()])
    _page(doc, [("2 Structure", 18, True, 72), *_body(), ("2.1 ASN.1 syntax", 13, True, 72),
                *_body(), ("2.1.1 Details", 11, True, 72), *_body(),
                ("3 Using formula (4), the value is set in the body.", 10, False, 72)])
    path = _save(doc, tmp_path / "texinfo.pdf", [[1, "1 Introduction", 1], [1, "2 Structure", 2]])
    assert _found(path) == [("1", 1), ("1.1", 1), ("2", 2), ("2.1", 2), ("2.1.1", 2)]


def test_without_outline_heading_fonts_decide_and_the_contents_page_is_masked(tmp_path):
    doc = pymupdf.open()
    _page(doc, [("Contents", 16, True, 72)] + [
        (f"{n} {title}", 10, n.count(".") == 0, 72) for n, title in
        (("1", "Scope"), ("1.1", "Purpose"), ("2", "Terms"), ("2.1", "Program"))] + [
        (". . . . . . . . . . . . . 3", 10, False, 300)] * 5)
    _page(doc, [("1 Scope", 16, True, 72), *_body(), ("1.1 Purpose", 12, True, 72), *_body(),
                ("1 The numbered list item in the body is no heading.", 10, False, 90)])
    _page(doc, [("2 Terms", 16, True, 72), *_body(), ("2.1", 11, True, 72),
                ("Program:", 11, True, 72), *_body()])
    path = _save(doc, tmp_path / "word.pdf")
    assert _found(path) == [("1", 2), ("1.1", 2), ("2", 3), ("2.1", 3)]
    structure = load_source(path).structure
    assert structure.method == "font"
    assert all(s.evidence == "font" for s in structure.sections)


def test_running_headers_and_folios_are_not_headings(tmp_path):
    doc = pymupdf.open()
    for n in range(1, 5):
        rows = [([str(n + 10), "Kapitel 1. Allgemeines"], 11, True, 72), *_body()]
        if n == 1:
            rows += [("1 Allgemeines", 18, True, 72), *_body()]
        if n == 3:
            rows += [("1.1 Zweck", 13, True, 72), *_body()]
        _page(doc, rows)
    path = _save(doc, tmp_path / "headers.pdf")
    assert _found(path) == [("1", 1), ("1.1", 3)]


def test_row_numbers_glued_to_titles_drop_capitals_and_words():
    assert _parse_number("2.1Erste Schritte")[:2] == ("2.1", "Erste Schritte")
    assert _parse_number("4.4.5salsa.debian.org: Git")[:2] == ("4.4.5", "salsa.debian.org: Git")
    assert _parse_number("KAPITEL 3")[:2] == ("3", "")
    assert _parse_number("Ap´endice A Plantillas")[:3] == ("A", "Plantillas", True)
    assert _parse_number("A. References")[:3] == ("A", "References", True)
    for text in ("G NU/Linux", "404main", "A Gentle Introduction", "IV", "N.B. : también"):
        assert _parse_number(text) is None, text


def test_gap_repair_allows_a_few_missing_numbers_not_a_jump():
    def follows(a: str, b: str) -> bool:
        return near(ident_key(a), ident_key(b))

    assert follows("2.3", "2.4") and follows("2.3", "2.5") and follows("2.3", "3") and follows("3", "3.1")
    assert follows("3", "1.0")  # a numbering that starts again (requirements under a clause)
    assert not follows("2.3", "2.9") and not follows("3.10", "100")


def test_direct_outline_targets_are_read_from_the_top_of_the_page(tmp_path):
    """WeasyPrint, LibreOffice and asciidoctor-pdf write direct destinations: PyMuPDF gives
    their points from the top already. Of two rows printing the title, the one at the
    target is the heading."""
    doc = pymupdf.open()
    _page(doc, [("Conveying", 13, True, 72), *_body(), ("Conveying", 13, True, 72), *_body()])
    toc = [[1, "3 Conveying", 1, {"kind": pymupdf.LINK_GOTO, "page": 0, "to": pymupdf.Point(72, 55)}]]
    loaded = load_source(_save(doc, tmp_path / "direct.pdf", toc))
    assert [(s.ident, s.line) for s in loaded.sections] == [("3", 1)]
    assert loaded.outline[0].y == pytest.approx(55, abs=1)


def test_spelled_chapter_numbers_and_titles_that_wrap(tmp_path):
    """Sphinx prints "CHAPTER" / "TWO" above an English chapter title; long titles wrap."""
    doc = pymupdf.open()
    _page(doc, [("CHAPTER", 10, True, 72), ("TWO", 14, True, 72), ("GETTING STARTED", 14, True, 72),
                *_body(), ("2.1 Hello Proofs", 12, True, 72), *_body()])
    _page(doc, [("Kapitel 8", 20, True, 72), ("Die", 24, True, 72),
                ("Debian-Paketverwaltungswerkzeuge", 24, True, 72), *_body()])
    toc = [[1, "Getting Started", 1], [2, "Hello Proofs", 1],
           [1, "Die Debian-Paketverwaltungswerkzeuge", 2]]
    path = _save(doc, tmp_path / "sphinx.pdf", toc)
    assert _found(path) == [("2", 1), ("2.1", 1), ("8", 2)]


def test_lettered_appendices_in_the_outline_are_sections(tmp_path):
    """`A The Vector Product`, `B Online Resources`: appendices numbered by a bare letter in
    the outline (as the page prints them) are sections beside `A.1`; a lone `A Guide to …` is
    a title."""
    doc = pymupdf.open()
    _page(doc, [(["1", "Introduction"], 16, True, 72), *_body(),
                ("A Guide to Reading", 12, True, 72), *_body()])
    _page(doc, [(["A", "The Vector Product"], 16, True, 72), *_body(),
                (["A.1", "Definitions"], 13, True, 72), *_body()])
    _page(doc, [(["B", "Online Resources"], 16, True, 72), *_body()])
    toc = [[1, "1 Introduction", 1], [2, "A Guide to Reading", 1],
           [1, "A The Vector Product", 2], [2, "A.1 Definitions", 2],
           [1, "B Online Resources", 3]]
    path = _save(doc, tmp_path / "appendices.pdf", toc)
    assert _found(path) == [("1", 1), ("A", 2), ("A.1", 2), ("B", 3)]


def test_a_few_wrong_candidates_lose_not_every_heading_after_them(tmp_path):
    """A manual shows, in bold, what headings look like (`1.1 Basic Concepts`, `2. Code
    Generation` as example output): they lose, and the real 1.2, 1.3 and 2 after them are
    kept (the sequence was once fit greedily, and dropped them all as out of sequence)."""
    doc = pymupdf.open()
    _page(doc, [(["1", "Overview"], 16, True, 72), *_body(),
                (["1.1", "Getting started"], 13, True, 72), *_body()])
    _page(doc, [*_body(2), (["1.1", "Basic Concepts"], 13, True, 90),
                (["2.", "Code Generation"], 13, True, 90), *_body(2),
                (["1.2", "Options"], 13, True, 72), *_body(), (["1.3", "Files"], 13, True, 72),
                *_body()])
    _page(doc, [(["2", "Reference"], 16, True, 72), *_body(),
                (["2.1", "Commands"], 13, True, 72), *_body(), (["2.2", "Output"], 13, True, 72),
                *_body()])
    path = _save(doc, tmp_path / "manual.pdf")
    assert _found(path) == [("1", 1), ("1.1", 1), ("1.2", 2), ("1.3", 2), ("2", 3), ("2.1", 3),
                            ("2.2", 3)]


def test_designated_goals_hold_requirements_whose_numbers_hang_in_the_margin(tmp_path):
    """A Word-exported specification: goals labelled `G1:`, `G2:` in the outline, each holding
    requirements `1.1`, `2.1` set in the body font with the number at the headings' margin and
    the text a tab further right. The requirements are sections (cited as `section 2.1`); the
    bulleted verification items `1.1.1` indented with the text, and a numbered paragraph set
    flush with its text, are not."""
    doc = pymupdf.open()
    _page(doc, [(["1)", "Requirements"], 20, True, 72),
                ("G1: Know your responsibilities", 16, False, 72),
                ("1.1", 10, False, 72), ("A written policy exists that governs compliance.", 10, False, 108),
                ("and is communicated to every participant.", 10, False, 108),
                ("1.1.1 A documented policy exists.", 10, False, 108),
                ("1.2", 10, False, 72), ("Mandatory training for every software staff member.", 10, False, 108),
                *_body(2)])
    _page(doc, [("G2: Assign responsibility", 16, False, 72),
                ("2.1", 10, False, 72), ("Identify the person who receives inquiries.", 10, False, 108),
                ("2.2 The roles are identified and documented for the whole", 10, False, 72),
                ("program, flush with the number like any other paragraph.", 10, False, 72),
                *_body(2)])
    toc = [[1, "1) Requirements", 1], [2, "G1: Know your responsibilities", 1],
           [2, "G2: Assign responsibility", 2]]
    path = _save(doc, tmp_path / "specification.pdf", toc)
    assert _found(path) == [("1", 1), ("G1", 1), ("1.1", 1), ("1.2", 1), ("G2", 2), ("2.1", 2)]


def test_a_lone_designator_in_the_outline_is_a_title_not_a_label(tmp_path):
    """`B2: Results` alone (no `B1:`) is an outline title, not a designated group."""
    doc = pymupdf.open()
    _page(doc, [(["1", "Introduction"], 16, True, 72), *_body(),
                ("B2: Results", 16, False, 72), *_body()])
    path = _save(doc, tmp_path / "lone.pdf", [[1, "1 Introduction", 1], [1, "B2: Results", 1]])
    assert _found(path) == [("1", 1)]


def test_report_chapters_open_their_pages_without_being_running_headers(tmp_path):
    """LaTeX's report class opens every chapter's page with `Chapter 1` in a large font, its
    title below: recurring at the top of three pages, numbers aside, it is still no running
    header (a header is set no larger than the body)."""
    doc = pymupdf.open()
    for number, title in enumerate(("Scope", "Definitions", "Obligations"), start=1):
        _page(doc, [(f"Chapter {number}", 20, True, 72), (title, 24, True, 72), *_body(),
                    ([f"{number}.1", "Records"], 13, True, 72), *_body()])
    path = _save(doc, tmp_path / "report.pdf")
    assert _found(path) == [("1", 1), ("1.1", 1), ("2", 2), ("2.1", 2), ("3", 3), ("3.1", 3)]


def test_appendices_numbered_by_a_bare_letter_in_a_heading_font(tmp_path):
    """LaTeX's `\\appendix` sets `A` beside its title as it sets `1` beside `Scope` (no outline),
    and pandoc's bookmarks name the title alone while the page prints `A` above it; a drop
    capital (`T` + `he`) is no appendix."""
    doc = pymupdf.open()
    _page(doc, [(["1", "Scope"], 14, True, 72), *_body(), (["2", "Definitions"], 14, True, 72),
                *_body(), (["A", "Obligations"], 14, True, 72), *_body(),
                (["T", "he rest of the text"], 14, True, 72), *_body(),
                (["B", "Records"], 14, True, 72), *_body()])
    path = _save(doc, tmp_path / "article.pdf")
    assert _found(path) == [("1", 1), ("2", 1), ("A", 1), ("B", 1)]
    doc = pymupdf.open()
    _page(doc, [(["1", "Scope"], 14, True, 72), *_body(), ("A", 14, True, 72),
                ("Obligations", 14, True, 72), *_body()])
    path = _save(doc, tmp_path / "pandoc.pdf", [[1, "Scope", 1], [1, "Obligations", 1]])
    assert _found(path) == [("1", 1), ("A", 1)]


def test_an_outline_of_unnumbered_entries_alone_leaves_the_fonts_to_decide(tmp_path):
    """abnTeX2 bookmarks only its contents page ("Sumário") and no starred heading: the
    outline places nothing, and the headings are read by their fonts on every page, not only
    on the pages the outline pointed at."""
    doc = pymupdf.open()
    # The contents heading twice on page 1: its fonts are read to place the bookmark.
    _page(doc, [("Sumário", 16, True, 72), ("Sumário", 10, False, 72),
                ("Article 1. Scope", 14, True, 72), *_body(2)])
    for number, title in enumerate(("Definitions", "Records"), start=2):
        _page(doc, [(f"Article {number}. {title}", 14, True, 72), *_body()])
    path = _save(doc, tmp_path / "abntex2.pdf", [[1, "Sumário", 1]])
    assert _found(path) == [("1", 1), ("2", 2), ("3", 3)]


def test_a_title_only_bookmark_over_a_lettered_row(tmp_path):
    """The bookmark says `Obligations`, the page prints `A Obligations` on one line: appendix A."""
    doc = pymupdf.open()
    _page(doc, [("1 Scope", 16, True, 72), *_body()])
    _page(doc, [("A Obligations", 16, True, 72), *_body()])
    path = _save(doc, tmp_path / "bookmarks.pdf", [[1, "Scope", 1], [1, "Obligations", 2]])
    assert _found(path) == [("1", 1), ("A", 2)]


def test_one_rule_of_a_jump_serves_both_fits():
    """structure/numbering.skips_few: the text fit (a wide gap, into children) and the PDF's
    printed numbering (a narrow gap, children from their first number) read one rule."""
    from summcheck.structure.numbering import ident_key, skips_few

    def skips(a: str, b: str, gap: int, into_child: bool) -> bool:
        return skips_few(ident_key(a), ident_key(b), gap, into_child=into_child)

    assert skips("3.1", "3.6", 10, into_child=True) and not skips("3.1", "3.6", 3, into_child=False)
    assert skips("2.4", "4", 3, into_child=False)  # a chapter skipped, back to the top level
    assert not skips("2.4", "4.3", 3, into_child=False)  # below the new number: starts at 1
    assert skips("3", "3.4", 10, into_child=True) and not skips("3", "3.4", 3, into_child=False)
    assert skips("3", "3.1", 3, into_child=False)
    assert not skips("3.6", "3.1", 10, into_child=True)  # backwards is no jump
    assert not skips("A.2", "3", 10, into_child=True)  # a letter to a number: another numbering
