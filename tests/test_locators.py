"""Locator grammar: every keyword in each language, ranges, lists, objects, malformed and prose groups."""
from __future__ import annotations


from pathlib import Path

import pytest
from conftest import assert_scales_linearly

from summcheck.locators import (
    LocatorSyntaxError,
    classify_group,
    parse_locator,
    parse_record_locator,
)
from summcheck.model import Locator


def parts(loc: Locator) -> list[tuple[str, str, str | None]]:
    return [(p.kind, p.start, p.end) for p in loc.parts]


@pytest.mark.parametrize(
    "text, expected",
    [
        # English
        ("p. 17", [("page", "17", None)]),
        ("P. 17", [("page", "17", None)]),
        ("pp. 17–18", [("page", "17", "18")]),
        ("pp. 17-18", [("page", "17", "18")]),
        ("pp. 17—18", [("page", "17", "18")]),
        ("page 17", [("page", "17", None)]),
        ("pages 3 to 5", [("page", "3", "5")]),
        ("p. iv", [("page", "iv", None)]),
        ("p. i", [("page", "i", None)]),
        ("pp. i–iv", [("page", "i", "iv")]),
        ("p. A-3", [("page", "A-3", None)]),
        ("p. A3", [("page", "A3", None)]),
        ("section 4.2", [("section", "4.2", None)]),
        ("Section 4.2.1", [("section", "4.2.1", None)]),
        ("section A.3", [("section", "A.3", None)]),
        ("section 3.2.2.", [("section", "3.2.2", None)]),
        ("sec. 4", [("section", "4", None)]),
        ("secs. 4 and 5", [("section", "4", None), ("section", "5", None)]),
        ("§ 4.2", [("section", "4.2", None)]),
        ("§4.2", [("section", "4.2", None)]),
        ("§§ 4.2–4.4", [("section", "4.2", "4.4")]),
        ("clause 7", [("section", "7", None)]),
        ("clauses 7, 8", [("section", "7", None), ("section", "8", None)]),
        ("article 5", [("section", "5", None)]),
        ("articles 5 and 6", [("section", "5", None), ("section", "6", None)]),
        ("art. 17(1)(a)", [("section", "17(1)(a)", None)]),
        ("line 12", [("line", "12", None)]),
        ("lines 120–134", [("line", "120", "134")]),
        ("l. 7", [("line", "7", None)]),
        ("ll. 3–4", [("line", "3", "4")]),
        # German
        ("S. 4", [("page", "4", None)]),
        ("Seite 17", [("page", "17", None)]),
        ("Seiten 17 bis 19", [("page", "17", "19")]),
        ("S. 43 f.", [("page", "43", "44")]),
        ("Abschnitt 4.2", [("section", "4.2", None)]),
        ("Abschnitte 4 und 5", [("section", "4", None), ("section", "5", None)]),
        ("Artikel 7", [("section", "7", None)]),
        ("Art. 12", [("section", "12", None)]),
        ("Art. 25 bis 39", [("section", "25", "39")]),
        ("Art. 6 Abs. 1 lit. a", [("section", "6(1)(a)", None)]),
        ("Zeile 5", [("line", "5", None)]),
        ("Zeilen 5 bis 9", [("line", "5", "9")]),
        ("Z. 5", [("line", "5", None)]),
        # Spanish
        ("pág. 4", [("page", "4", None)]),
        ("págs. 4-6", [("page", "4", "6")]),
        ("página 3", [("page", "3", None)]),
        ("páginas 3 a 5", [("page", "3", "5")]),
        ("sección 4.2", [("section", "4.2", None)]),
        ("secciones 4 y 5", [("section", "4", None), ("section", "5", None)]),
        ("apartado 2", [("section", "2", None)]),
        ("artículo 17", [("section", "17", None)]),
        ("artículos 5 y 6", [("section", "5", None), ("section", "6", None)]),
        ("cláusula 7", [("section", "7", None)]),
        ("línea 12", [("line", "12", None)]),
        ("líneas 12–14", [("line", "12", "14")]),
        # Portuguese
        ("página 9", [("page", "9", None)]),
        ("seção 2.1", [("section", "2.1", None)]),
        ("secção 3", [("section", "3", None)]),
        ("seções 2 e 3", [("section", "2", None), ("section", "3", None)]),
        ("artigo 17.º", [("section", "17", None)]),
        ("Artigo 17º", [("section", "17", None)]),
        ("artigos 5.º e 6.º", [("section", "5", None), ("section", "6", None)]),
        ("cláusula 4", [("section", "4", None)]),
        ("linha 3", [("line", "3", None)]),
        ("linhas 10 até 20", [("line", "10", "20")]),
    ],
)
def test_forms(text: str, expected: list) -> None:
    assert parts(parse_locator(text)) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("p. 17; section 4.2", [("page", "17", None), ("section", "4.2", None)]),
        ("p. 17, section 4.2", [("page", "17", None), ("section", "4.2", None)]),
        ("sections 4.2 and 4.3", [("section", "4.2", None), ("section", "4.3", None)]),
        ("sections 4.4, 4.9, and 5", [("section", "4.4", None), ("section", "4.9", None), ("section", "5", None)]),
        ("pp. 3, 5", [("page", "3", None), ("page", "5", None)]),
        ("pp. 3, 5–7", [("page", "3", None), ("page", "5", "7")]),
        ("Artikel 33 und 34", [("section", "33", None), ("section", "34", None)]),
        ("Artikel 15; S. 43", [("section", "15", None), ("page", "43", None)]),
        ("lines 204–233; lines 247–249", [("line", "204", "233"), ("line", "247", "249")]),
        ("p. 19; section 3.2.2", [("page", "19", None), ("section", "3.2.2", None)]),
        ("sections 3 & 4", [("section", "3", None), ("section", "4", None)]),
    ],
)
def test_lists_and_carry_over(text: str, expected: list) -> None:
    assert parts(parse_locator(text)) == expected


def test_part_text_is_as_written() -> None:
    loc = parse_locator("  sections 4.2 and 4.3 ")
    assert loc.text == "sections 4.2 and 4.3"
    assert [p.text for p in loc.parts] == ["sections 4.2", "4.3"]
    assert parse_locator("pp. 17–18").parts[0].text == "pp. 17–18"


@pytest.mark.parametrize(
    "text, expected",
    [
        ("see section 4.2", [("section", "4.2", None)]),
        ("see also p. 3", [("page", "3", None)]),
        ("cf. p. 3", [("page", "3", None)]),
        ("vgl. Art. 5", [("section", "5", None)]),
        ("siehe S. 4", [("page", "4", None)]),
        ("véase la sección 4", [("section", "4", None)]),
        ("ver artigo 5", [("section", "5", None)]),
    ],
)
def test_lead_ins(text: str, expected: list) -> None:
    assert parts(parse_locator(text)) == expected


def test_huge_numbers_stay_strings() -> None:
    big = "9" * 5000
    assert parts(parse_locator("p. 99999999999999999999")) == [("page", "99999999999999999999", None)]
    assert parse_locator(f"lines 1–{big}").parts[0].end == big
    with pytest.raises(LocatorSyntaxError):
        parse_locator(f"lines {big}–1")


def test_equal_range_collapses() -> None:
    assert parts(parse_locator("lines 161–161")) == [("line", "161", None)]


@pytest.mark.parametrize(
    "text, reason",
    [
        ("p. ", "followed by nothing"),
        ("p.", "followed by nothing"),
        ("section ", "followed by nothing"),
        ("section three", "not a section number"),
        ("lines 174-", "has no end"),
        ("pp. 5–3", "reversed"),
        ("lines 30–20", "reversed"),
        ("§§ 4.4–4.2", "reversed"),
        ("lines a-b", "whole numbers"),
        ("line 12a", "whole numbers"),
        ("p. 17,", "followed by nothing"),
        ("p. 17 of the report", "unexpected"),
        ("17", "not a locator keyword"),
        ("", "empty"),
        ("S. 43 ff.", "ff."),
    ],
)
def test_malformed(text: str, reason: str) -> None:
    with pytest.raises(LocatorSyntaxError, match=reason):
        parse_locator(text)


@pytest.mark.parametrize(
    "value, expected, text",
    [
        ({"page": 17}, [("page", "17", None)], "p. 17"),
        ({"page": "iv"}, [("page", "iv", None)], "p. iv"),
        ({"pages": [17, 18]}, [("page", "17", "18")], "pp. 17–18"),
        ({"pages": "17-18"}, [("page", "17", "18")], "pp. 17-18"),
        ({"section": "4.2"}, [("section", "4.2", None)], "section 4.2"),
        ({"section": 4.2}, [("section", "4.2", None)], "section 4.2"),
        ({"section": 17}, [("section", "17", None)], "section 17"),
        ({"lines": [120, 134]}, [("line", "120", "134")], "lines 120–134"),
        ({"lines": [161, 161]}, [("line", "161", None)], "lines 161–161"),
        ({"line": 12}, [("line", "12", None)], "line 12"),
        ({"start_char": 1234, "end_char": 1300}, [("chars", "1234", "1300")], "chars 1234–1300"),
        ({"start_char": 0, "end_char": 1}, [("chars", "0", "1")], "chars 0–1"),
        ("p. 3", [("page", "3", None)], "p. 3"),
    ],
)
def test_record_locators(value: object, expected: list, text: str) -> None:
    loc = parse_record_locator(value)
    assert parts(loc) == expected
    assert loc.text == text


@pytest.mark.parametrize(
    "value",
    [
        {"page": 0},
        {"page": -1},
        {"page": True},
        {"page": None},
        {"page": 1.5},
        {"lines": [5, 3]},
        {"lines": [1, 2, 3]},
        {"lines": []},
        {"line": [1, 2]},
        {"section": "three"},
        {"start_char": 5, "end_char": 5},
        {"start_char": 9, "end_char": 5},
        {"start_char": -1, "end_char": 5},
        {"start_char": 1.0, "end_char": 5},
        {"start_char": 1},
        {"start_char": 1, "end_char": 2, "page": 3},
        {"foo": 1},
        {},
        {"page": 1, "section": "2"},
        [1],
        None,
        17,
        "",
        "lines 174-",
    ],
)
def test_record_locator_errors(value: object) -> None:
    with pytest.raises(LocatorSyntaxError):
        parse_record_locator(value)


@pytest.mark.parametrize(
    "inner, expected",
    [
        ("p. 17", [("page", "17", None)]),
        ("p. i", [("page", "i", None)]),
        ("section 2.2", [("section", "2.2", None)]),
        ("see section 4.2", [("section", "4.2", None)]),
        ("S. 37", [("page", "37", None)]),
        ("Artikel 15; S. 43", [("section", "15", None), ("page", "43", None)]),
        ("Z. 5", [("line", "5", None)]),
        ("l. 7", [("line", "7", None)]),
        ("art. 5", [("section", "5", None)]),
        ("pág. 4", [("page", "4", None)]),
        ("§ 3.3", [("section", "3.3", None)]),
    ],
)
def test_classify_locator(inner: str, expected: list) -> None:
    result = classify_group(inner)
    assert isinstance(result, Locator)
    assert parts(result) == expected


@pytest.mark.parametrize(
    "inner",
    [
        "z. B. Pseudonymisierung",
        "Z. B. Pseudonymisierung",
        "p. ej. la red",
        "p. ex. Lisboa",
        "e.g. the host",
        "i.e. that one",
        "u. a. Löschung",
        "d. h. sofort",
        "for example the host",
        "RFC 2119",
        "2 % of turnover",
        "as defined in section 4.2 of RFC 3986",
        "see RFC 2119",
        "P. Smith",
        "S. A. Müller",
        "s. o.",
        "l. c.",
        "art. deco",
        "line-based",
        "page numbers refer to the print edition",
        "a",
        "",
        "   ",
    ],
)
def test_classify_not_a_locator(inner: str) -> None:
    assert classify_group(inner) is None


@pytest.mark.parametrize(
    "inner",
    ["p. ", "section ", "section three", "lines 174-", "pp. 5–3", "sections", "S. ",
     "section 4.2 of this document"],
)
def test_classify_malformed(inner: str) -> None:
    assert isinstance(classify_group(inner), LocatorSyntaxError)


@pytest.mark.parametrize(
    "inner, kept, bad",
    [
        ("section three; p. 4", [("page", "4", None)], ["section three"]),
        ("p. 4; section three", [("page", "4", None)], ["section three"]),
        ("see section three; p. 4", [("page", "4", None)], ["section three"]),
        ("section three and p. 4", [("page", "4", None)], ["section three"]),
        ("section three, and p. 4", [("page", "4", None)], ["section three"]),
        ("p. ; p. 4", [("page", "4", None)], ["p."]),
        ("pp. 5–3; section 1.2", [("section", "1.2", None)], ["pp. 5–3"]),
        ("p. 4 of the annex; p. 5", [("page", "5", None)], ["p. 4 of the annex"]),
        ("p. 17,", [("page", "17", None)], ["p. 17,"]),
        ("section one, two", [], ["section one", "two"]),
    ],
)
def test_classify_keeps_the_parts_that_parse(inner: str, kept: list, bad: list) -> None:
    # SPEC: a keyword followed by anything else is SUM104, and every other part is still checked.
    result = classify_group(inner)
    assert isinstance(result, LocatorSyntaxError)
    assert (parts(result.partial) if result.partial is not None else []) == kept
    assert [part for part, _ in result.problems] == bad
    if kept and bad != [inner]:
        assert all(f"part '{part}'" in str(result) for part in bad)
    with pytest.raises(LocatorSyntaxError):  # records and `summcheck locate` stay strict
        parse_locator(inner)


def test_classify_malformed_single_part_message_unchanged() -> None:
    result = classify_group("section three")
    assert isinstance(result, LocatorSyntaxError) and result.partial is None
    assert str(result) == "'three' is not a section number"


@pytest.mark.parametrize(
    "inner",
    ["section three, which covers the rest", "page numbers refer to the print; see p. 4",
     "section on e-mail and p. 4 of it", "section one; section two"],
)
def test_classify_prose_with_a_later_locator_stays_prose(inner: str) -> None:
    assert classify_group(inner) is None


def test_lenient_parse_is_linear() -> None:
    def run(n: int) -> None:
        result = classify_group("; ".join(["section x y"] * n + ["p. 4"]))
        assert isinstance(result, LocatorSyntaxError) and parts(result.partial) == [("page", "4", None)]

    assert_scales_linearly(run, 1_500)


def test_linear_on_long_input() -> None:
    long_list = "pp. " + ", ".join(str(i) for i in range(1, 50_000))
    assert len(parse_locator(long_list).parts) == 49_999
    with pytest.raises(LocatorSyntaxError):
        parse_locator("section " + "1." * 200_000 + "x y")


@pytest.mark.parametrize("inner, parts", [
    ("Art. 5 GG", [("section", "5", "GG")]),
    ("Art. 5 Abs. 1 S. 1 GG", [("section", "5(1)(1)", "GG")]),
    ("§ 823 Abs. 1 BGB", [("section", "823(1)", "BGB")]),
    ("art. 14 CE", [("section", "14", "CE")]),
    ("artículo 14, apartado 2", [("section", "14(2)", None)]),
    ("art. 5º, inciso XXXV, da CF", [("section", "5(XXXV)", "CF")]),
    ("Art. 6(1)(a) GDPR", [("section", "6(1)(a)", "GDPR")]),
    ("Section 3.2.2 of RFC 3986", [("section", "3.2.2", "RFC 3986")]),
    ("RFC 3986, §3.2.2", [("section", "3.2.2", "RFC 3986")]),
    ("GG Art. 5", [("section", "5", "GG")]),
    ("Art. 5 der DSGVO; Art. 6 DSGVO", [("section", "5", "DSGVO"), ("section", "6", "DSGVO")]),
    ("Art. 5, S. 17", [("section", "5", None), ("page", "17", None)]),
    ("clause 12.3(b)", [("section", "12.3(b)", None)]),
    ("Schedule 2, para. 4", [("section", "2(4)", None)]),
    ("Annex II", [("section", "II", None)]),
    ("Anhang 1", [("section", "1", None)]),
    ("Anexo I", [("section", "I", None)]),
    ("recital 12", [("paragraph", "12", None)]),
    ("Erwägungsgrund 12", [("paragraph", "12", None)]),
    ("considerando 12", [("paragraph", "12", None)]),
    ("para. 12", [("paragraph", "12", None)]),
    ("¶ 12", [("paragraph", "12", None)]),
    ("Rn. 12", [("paragraph", "12", None)]),
    ("Rz. 12", [("paragraph", "12", None)]),
    ("p. 4; para. 7", [("page", "4", None), ("paragraph", "7", None)]),
])
def test_citation_forms_name_their_document(inner: str, parts) -> None:
    """Statute citations with their qualifiers and the law's abbreviation, and RFC citations
    with the document named before or after the place (issue 25)."""
    found = classify_group(inner)
    assert [(p.kind, p.start, p.document) for p in found.parts] == parts


@pytest.mark.parametrize("text, expected", [
    ("paras. 12–14", [("paragraph", "12", "14")]),
    ("¶¶ 12-14", [("paragraph", "12", "14")]),
    ("Erwägungsgründe 12 bis 13", [("paragraph", "12", "13")]),
    ("considerandos 3 a 5", [("paragraph", "3", "5")]),
    ("Randnummer 3", [("paragraph", "3", None)]),
])
def test_paragraph_ranges(text: str, expected: list) -> None:
    """Numbered paragraphs, recitals and margin numbers are a place of their own, with ranges."""
    assert parts(parse_locator(text)) == expected


@pytest.mark.parametrize("text", ["para. 4a", "¶ iv", "recital A"])
def test_paragraph_numbers_are_whole_numbers(text: str) -> None:
    with pytest.raises(LocatorSyntaxError, match="paragraph numbers are whole numbers"):
        parse_locator(text)


_RFC3986 = Path(__file__).resolve().parents[2] / "shared" / "acceptance" / "cases" / "rfc3986-clean" / "rfc3986.txt"


@pytest.mark.skipif(not _RFC3986.is_file(), reason="the shared acceptance cases are not beside the repository")
@pytest.mark.parametrize("inner, heading", [
    ("Annex A", "Appendix A.  Collected ABNF for URI"),
    ("Anhang B", "Appendix B.  Parsing a URI Reference"),
    ("Anexo C", "Appendix C.  Delimiting a URI in Context"),
    ("apêndice D", "Appendix D.  Changes from RFC 2396"),
    ("clause 3.2.2", "3.2.2.  Host"),
    ("Section 3.2.2 of RFC 3986", "3.2.2.  Host"),
    ("RFC 3986, §3.2.2", "3.2.2.  Host"),
    ("Schedule 3, para. 2", "3.  Syntax Components"),  # its paragraphs unnumbered: the whole of it
])
def test_appendix_and_clause_citations_resolve_on_rfc3986(inner: str, heading: str) -> None:
    """The appendix words of four languages name an RFC's lettered appendices; a clause, a
    section of the RFC named before or after it, and a schedule's paragraph resolve to the
    section that holds them."""
    from summcheck.locators.resolve import Resolver
    from summcheck.sources import load_source

    source = load_source(_RFC3986)
    resolver = Resolver(source)
    spans = [span for part in classify_group(inner).parts for span in resolver.resolve(part).spans]
    assert len(spans) == 1
    assert source.text[spans[0].start:spans[0].end].lstrip().startswith(heading)


@pytest.mark.parametrize("inner", ["considerando 5 factores", "considerando los 5 factores",
                                   "paragraph 2 explains it", "recital twelve"])
def test_a_paragraph_word_in_prose_is_no_locator(inner: str) -> None:
    """Spanish `considerando` is also "considering", English `paragraph` a word of remarks: a
    group that reads on as prose after one is prose, not a malformed locator (SUM104)."""
    assert classify_group(inner) is None
