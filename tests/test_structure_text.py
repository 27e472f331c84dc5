"""Plain-text structure: real licence layouts, RFC shapes, and the steps one by one."""
from __future__ import annotations

from pathlib import Path

import pytest

from summcheck.sources import load_source
from summcheck.sources.text import text_pages
from summcheck.structure.candidates import Cand, scan_text
from summcheck.structure.fit import Profile, chain, fit, learn_profile
from summcheck.structure.headings import (grouping_word, is_noise, parse_heading, parse_weak,
                                          run_in_title)
from summcheck.structure.regions import mark_toc_runs, underlined, unbox
from summcheck.structure.text import detect_sections, text_structure

LICENCES = Path(__file__).parent / "fixtures" / "licences"


def _structure(tmp_path: Path, text: str, name: str = "source.txt"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return text_structure(load_source(path))


def _ids_lines(structure) -> list[tuple[str, int]]:
    return [(s.ident, s.line) for s in structure.sections]


# ---------------------------------------------------------------- real licence texts


def test_apache_hanging_terms_are_sections():
    # "   4. Redistribution. You may …" with the body indented to the title: the document's own
    # heading shape (all nine terms), not a list item.
    st = text_structure(load_source(LICENCES / "Apache-2.0.txt"))
    numbered = [(s.ident, s.line) for s in st.sections if s.ident[0].isdigit()]
    assert numbered == [("1", 8), ("2", 67), ("3", 74), ("4", 90), ("5", 131), ("6", 139),
                        ("7", 144), ("8", 154), ("9", 166)]
    titles = {s.ident: s.title for s in st.sections}
    assert titles["4"] == "Redistribution." and titles["1"] == "Definitions."
    assert titles["9"] == "Accepting Warranty or Additional Liability."
    # The unnumbered appendix is named by its word, as any "Appendix"/"Anhang" heading.
    assert [s.ident for s in st.sections if not s.ident[0].isdigit()] == ["APPENDIX"]


def test_gpl2_section_whose_first_line_ends_in_a_comma():
    st = text_structure(load_source(LICENCES / "GPL-2.txt"))
    assert _ids_lines(st) == [("0", 62), ("1", 79), ("2", 90), ("3", 134), ("4", 172),
                              ("5", 180), ("6", 189), ("7", 197), ("8", 229), ("9", 237),
                              ("10", 250), ("11", 260), ("12", 270)]
    three = st.sections[3]
    assert three.evidence == "numbering (gap repair)"
    assert three.title.startswith("You may copy and distribute the Program")
    # "a)" … "c)" inside section 2 stay in section 2.
    assert three.span.start > st.sections[2].span.start


def test_mpl2_sections_in_an_asterisk_box():
    st = text_structure(load_source(LICENCES / "MPL-2.0.txt"))
    ids = [s.ident for s in st.sections]
    assert ids == (["1"] + [f"1.{i}" for i in range(1, 15)] + ["2"] + [f"2.{i}" for i in range(1, 8)]
                   + ["3"] + [f"3.{i}" for i in range(1, 6)] + ["4", "5", "5.1", "5.2", "5.3",
                   "6", "7", "8", "9", "10", "10.1", "10.2", "10.3", "10.4"])
    by_id = {s.ident: s for s in st.sections}
    assert (by_id["6"].line, by_id["6"].title, by_id["6"].evidence) == (
        263, "Disclaimer of Warranty", "underline")
    assert (by_id["7"].line, by_id["7"].title) == (282, "Limitation of Liability")
    assert by_id["1.1"].evidence == "numbering"
    # Section 5 holds 5.1-5.3 and ends where the boxed section 6 begins.
    assert by_id["5"].span.end == by_id["6"].span.start


# ---------------------------------------------------------------- RFC and other text shapes

_RFC_LIST = """\
2.3.  Terminology

   Text of the terminology section.

2.4.  Design Choices

   The design rests on four observations:

   1.  messages are small and frequent, so they are sent
       unframed;

   2.  servers are many;

   3.  The stateless nature of the protocol keeps servers simple.

   4.  Clients may retry any request.

3.  Protocol Overview

   Text of the overview.

3.1.  Messages

   Text.

4.  Security Considerations

   Text.
"""


def test_rfc_list_items_inside_a_section_are_not_sections(tmp_path):
    st = _structure(tmp_path, _RFC_LIST)
    # Items 1 and 2 are no candidates (lower case); "3." would continue 2.4 by itself, but the
    # headings set at column 0 continue the numbering without it.
    assert _ids_lines(st) == [("2.3", 1), ("2.4", 5), ("3", 18), ("3.1", 22), ("4", 26)]
    reasons = {d.line: d.reason for d in st.decisions if not d.kept}
    assert reasons == {14: "list item inside a section", 16: "list item inside a section"}
    assert st.sections[1].span.end == st.sections[2].span.start  # 2.4 holds its list


def test_a_formula_line_is_no_section(tmp_path):
    text = ("Abstract\n\n   The bound follows from the model.\n\n"
            "1 Using formula (4), the value of v′ is bounded by the mean.\n\n"
            "1 Introduction\n\nText.\n\n2 Model\n\nText.\n")
    assert parse_heading("1 Using formula (4), the value of v′") is None
    assert _ids_lines(_structure(tmp_path, text)) == [("1", 7), ("2", 11)]


def test_underlined_headings_and_lettered_appendices(tmp_path):
    # reStructuredText (Ravenbrook MPS procedures): the numbered procedure steps are list
    # items; "A. References" is a heading by its underline.
    text = ("1. Introduction\n---------------\n\nText.\n\n"
            "2. Procedure\n------------\n\n1. Merge the branch.\n\n2. Build it locally.\n\n"
            "3. Maybe build and test locally.\n\n   Text.\n\n"
            "3. Rationale\n------------\n\n3.1. Why not rebase?\n....................\n\nText.\n\n"
            "A. References\n-------------\n\nText.\n\nB. Document History\n-------------------\n\nText.\n")
    st = _structure(tmp_path, text, "procedure.rst")
    assert _ids_lines(st) == [("1", 1), ("2", 6), ("3", 17), ("3.1", 20), ("A", 25), ("B", 30)]
    assert {s.evidence for s in st.sections} == {"underline"}
    assert [d.line for d in st.decisions if d.reason == "list item inside a section"] == [9, 11, 13]


def test_xml_element_titles(tmp_path):
    # RFC 6787 9.6.3.1: a title that starts with an element name.
    text = ("9.6.3.  Elements and Attributes\n\n"
            "9.6.3.1.  <result> Root Element\n\n   Text.\n\n"
            "9.6.3.2.  <interpretation> Element\n\n   Text.\n")
    assert parse_heading("9.6.3.1.  <result> Root Element").title == "<result> Root Element"
    assert [s.ident for s in detect_sections(text, text_pages(text))] == ["9.6.3", "9.6.3.1", "9.6.3.2"]


_FAQ = """\
8.1.2. APT

    APT ist das Advanced Package Tool.

8.1.3. aptitude

    aptitude ist ein Frontend.

8.1.4. synaptic

    synaptic ist grafisch.

8.2. Gibt es Werkzeuge, die alle Pakete auflisten, die installiert sind,
oder nicht?

    Text.

8.3. Warum?

    Text.

8.4. die nächste Frage ist ein ganzer Satz mit vielen Wörtern

    Text.
"""


def test_lower_case_and_wrapped_titles_where_the_numbering_vouches(tmp_path):
    st = _structure(tmp_path, _FAQ)
    assert _ids_lines(st) == [("8.1.2", 1), ("8.1.3", 5), ("8.1.4", 9), ("8.2", 13), ("8.3", 18)]
    assert st.sections[1].title == "aptitude"
    assert st.sections[3].title.endswith("installiert sind, oder nicht?")
    assert [s.evidence for s in st.sections] == [
        "numbering", "numbering (gap repair)", "numbering (gap repair)", "numbering (gap repair)",
        "numbering"]
    # A lower-case sentence is still prose: "8.4. die nächste …" is too long for a name.
    assert not any(d.ident == "8.4" for d in st.decisions)


def test_toc_with_leaders_on_the_next_line_is_not_headings(tmp_path):
    text = ("Inhalt\n\n1. Einleitung\n   . . . . . . . . . . 3\n2. Umfang\n   . . . . . . . . . . 5\n"
            "3. Begriffe\n   . . . . . . . . . . 7\n\n"
            "1. Einleitung\n\nText.\n\n2. Umfang\n\nText.\n\n3. Begriffe\n\nText.\n")
    st = _structure(tmp_path, text)
    assert [s.line for s in st.sections] == [10, 14, 18]
    assert [d.reason for d in st.decisions if not d.kept] == ["table of contents"] * 3


def test_decisions_explain_every_candidate(tmp_path):
    st = _structure(tmp_path, "Contents\n\n1. Intro\n2. Scope\n3. Terms\n\n"
                              "1. Intro\n\nText.\n\n2. Scope\n\nText.\n\n3. Terms\n\nText.\n")
    kept = [(d.line, d.ident, d.reason) for d in st.decisions if d.kept]
    assert kept == [(7, "1", "kept: numbering"), (11, "2", "kept: numbering"),
                    (15, "3", "kept: numbering")]
    assert {s.evidence for s in st.sections} == {"numbering"}


# ---------------------------------------------------------------- the steps


def test_unbox_keeps_columns_and_blanks_borders():
    lines = ["*" * 30, "*  6. Disclaimer of Warranty *", "*  ---------------------     *",
             "*" * 30, "8. Next"]
    out, boxes = unbox(lines)
    assert boxes == 1
    assert out[0].strip() == out[3].strip() == ""
    assert out[1] == "   6. Disclaimer of Warranty  " and len(out[1]) == len(lines[1])
    assert out[4] == "8. Next"
    assert unbox(["*" * 30, "not a box", "*" * 30]) == (["*" * 30, "not a box", "*" * 30], 0)


def test_underlined_needs_a_matching_rule():
    lines = ["1. Introduction", "---------------", "", "Name   Value", "----  -----", "x", "--"]
    assert underlined(lines) == {0}


@pytest.mark.parametrize("line, ident, why", [
    ("8.1.3. aptitude", "8.1.3", "lower-case title"),
    ("3. You may copy and distribute the Program (or a work based on it,", "3", "title runs on"),
    ("11.11. Einige Benutzer mögen mawk, andere gawk; einige mögen vim,", "11.11", "title runs on"),
])
def test_parse_weak(line, ident, why):
    assert parse_heading(line) is None
    parsed, reason = parse_weak(line)
    assert (parsed.ident, reason) == (ident, why)


@pytest.mark.parametrize("line", [
    "1. the operator shall keep all logs for a year.",  # a sentence, not a name
    "4.2 Title",  # a heading already
    "x. y",
    "2. - item,",
])
def test_parse_weak_refuses_sentences_and_headings(line):
    assert parse_weak(line) is None


def test_parse_heading_sure_forms_and_articles():
    assert parse_heading("A. References") is None
    assert parse_heading("A. References", sure=True).ident == "A"
    assert parse_heading("Art. 29-A.").ident == "29-A"
    assert parse_heading("§ 1º").ident == "1"
    assert parse_heading("Art. 227").ident == "227"


@pytest.mark.parametrize("line, word", [
    ("TÍTULO I. De los derechos", "TÍTULO"), ("Capítulo II: Dos Direitos", "Capítulo"),
    ("Sección 1.ª De los derechos", "Sección"), ("Teil 1 - Allgemeine Vorschriften", "Teil"),
    ("Kapitel 2 - Verkehrsdaten", "Kapitel"), ("Seção II: Da Cultura", "Seção"),
    ("Artículo 14", None), ("§ 3 Vertraulichkeit", None), ("Particular cases", None),
])
def test_grouping_word(line, word):
    assert grouping_word(line) == word


def test_run_in_title_and_noise():
    assert run_in_title("Redistribution. You may reproduce and distribute") == "Redistribution."
    assert run_in_title("U.S. Export Rules") == "U.S. Export Rules"
    assert run_in_title("Definitions.") == "Definitions."
    assert is_noise(". . . . . . . . 12") and is_noise("........") and is_noise("iv")
    assert not is_noise("Body text.")


def _cands(text: str) -> list[Cand]:
    return scan_text(text.split("\n"), text_pages(text), "text", loose=False)


def test_scan_records_shape():
    cands = _cands("   4. Redistribution. You may reproduce\n      and distribute copies.\n\n"
                   "5.  Next\n\nText.\n")
    four, five = cands
    assert (four.indent, four.mark, four.hanging, four.title_col) == (3, ".", True, 6)
    assert four.parsed.title == "Redistribution."
    assert (five.indent, five.hanging, five.blank_after, five.text_after) == (0, False, True, True)


def test_toc_runs_are_masked_in_any_language():
    cands = _cands("Índice\n\n1. Objeto\n2. Ámbito\n3. Definiciones\n\n1. Objeto\n\nTexto.\n")
    mark_toc_runs(cands, 3)
    assert [c.drop for c in cands] == ["table of contents"] * 3 + [""]


def test_fit_repairs_a_gap_only_between_exact_neighbours():
    text = ("  0. This License applies.\n\n  1. You may copy.\n\n  2. You may modify.\n\n"
            "  3. You may copy and distribute the Program (or a work based on it,\n"
            "under Section 2) in object code.\n\n  4. You may not copy.\n\n"
            "  9. You may not sublicense it,\n\n")
    cands = _cands(text)
    assert [c.weak for c in cands] == ["", "", "", "title runs on", "", "title runs on"]
    kept, profile = fit(cands, loose=False)
    assert [c.parsed.ident for c in kept] == ["0", "1", "2", "3", "4"]
    assert profile == Profile(2, ".", False, False, ((1, 2),))


def test_profile_learns_hanging_terms_and_underlines():
    cands = _cands("   1. Definitions.\n\n   2. Grant. Each Contributor\n      grants.\n\n"
                   "   3. Patents. Each Contributor\n      grants.\n")
    profile = learn_profile(cands)
    assert profile.hanging and profile.indent == 3
    assert [cands[i].parsed.ident for i in chain(cands, profile, loose=False)] == ["1", "2", "3"]


def test_fit_prefers_the_longer_numbering_to_a_list_that_continues_it():
    cands = _cands(_RFC_LIST)
    kept, _ = fit(cands, loose=False)
    assert [c.line for c in kept] == [1, 5, 18, 22, 26]


def test_every_roman_numeral_below_400_reads_back():
    """Numbering reads every canonical numeral it promises (`ccclxxxviii` has eleven letters)."""
    from summcheck.structure.numbering import roman_value, to_roman

    assert all(roman_value(to_roman(n)) == n for n in range(1, 400))
    assert roman_value(to_roman(400)) is None and roman_value("iiii") is None


def test_groff_text_output_with_overstrikes_is_read_as_printed(tmp_path):
    """nroff bold (`X\\bX`) and underline (`_\\bX`) are removed before anything reads the text:
    the numbered headings are found, and a quote over bold and underlined words verifies at
    its section (tests/fixtures/groff: a man page, as `man` writes it to a file)."""
    import json
    import shutil

    import summcheck

    fixture = Path(__file__).resolve().parent / "fixtures" / "groff" / "retention.txt"
    assert b"\b" in fixture.read_bytes()
    source = load_source(fixture)
    assert "\b" not in source.text and "Invoices must be kept" in source.text
    assert [(s.ident, s.title) for s in source.sections] == [
        ("1", "INTRODUCTION"), ("2", "RETENTION"), ("2.1", "Periods"), ("2.2", "Deletion"),
        ("3", "EXCEPTIONS")]
    shutil.copyfile(fixture, tmp_path / "retention.txt")
    records = [{"id": "keep", "claim": "Invoices are kept ten years.", "locator": "section 2.1",
                "quote": "Invoices must be kept for ten years", "strength": "requires"},
               {"id": "delete", "claim": "Deletion within thirty days.",
                "locator": "section 2.2",
                "quote": "Records must be deleted within thirty days", "strength": "requires"}]
    (tmp_path / "claims.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records),
                                           encoding="utf-8")
    (tmp_path / "summary.md").write_text(
        "---\nsource: retention.txt\nclaims: claims.jsonl\n---\n"
        "Invoices must be kept for ten years (section 2.1).\n"
        "Records must be deleted within thirty days (section 2.2).\n", encoding="utf-8")
    report = summcheck.check(tmp_path / "summary.md", config=False)
    assert [f.rule for f in report.findings if f.severity != "info"] == []
    assert report.summaries[0].verified == 2


def test_makeinfo_portuguese_headings_close_their_number_with_a_comma(tmp_path):
    """`makeinfo --plaintext` in Portuguese writes `1.1, Obrigações` and `Apêndice A,
    Conservação` over their underlines: sections, as `1.1 Obligations` is in English."""
    text = ("Manual\n******\n\n1, Âmbito\n*********\n\nEsta parte explica o que a regra exige.\n\n"
            "1.1, Obrigações\n===============\n\nEsta parte explica o que a regra exige.\n\n"
            "2, Definições\n*************\n\nEsta parte explica o que a regra exige.\n\n"
            "Apêndice A, Conservação\n***********************\n\nEsta parte explica o que a regra exige.\n")
    st = _structure(tmp_path, text)
    assert _ids_lines(st) == [("1", 4), ("1.1", 9), ("2", 14), ("A", 19)]


def test_appendices_numbered_by_a_bare_letter_as_the_headings_are_set(tmp_path):
    """groff -ms/-me text output sets appendices `A.  Obligations` exactly as `1.  Scope`: at the
    headings' indent, with their mark, blank lines around. Lettered steps indented like a list,
    or run on into their text, are no sections."""
    body = "     This part explains what the rule requires and to whom\nit applies in practice.\n\n"
    text = ("1.  Scope\n\n" + body + "   A.  Open the file\n\n   B.  Read the header\n\n" + body
            + "2.  Definitions\n\n" + body + "A.  Obligations\n\n" + body
            + "B.  Records\n" + body)
    st = _structure(tmp_path, text)
    assert _ids_lines(st) == [("1", 1), ("2", 13), ("A", 18)]
