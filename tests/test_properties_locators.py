"""Property-based tests of the locator grammar (English, German, Spanish, Portuguese).

A locator written in any supported form parses back to the values it was written from; whatever
else a summary or record holds is a `LocatorSyntaxError` with a short one-line message, never
another exception.
"""
from __future__ import annotations

import json
import re

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from summcheck.locators import (LocatorSyntaxError, classify_group, parse_locator, parse_locator_lenient,
                                parse_record_locator, starts_like_locator)
from summcheck.model import Locator
from summcheck.structure.numbering import to_roman

# Example counts come from the Hypothesis profile tests/conftest.py loads.
SETTINGS = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
MAX_MESSAGE = 600  # three malformed parts named, each cut to 40 characters, and a count

# Keyword spellings by kind; one keyword for a single place and one for a range in each language.
PAGE_KEYWORDS = ["p.", "pp.", "pg.", "pgs.", "page", "pages", "S.", "Seite", "Seiten", "pág.", "págs.",
                 "pag.", "página", "páginas", "pagina"]
SECTION_KEYWORDS = ["section", "sections", "sec.", "sect.", "§", "§§", "clause", "article", "art.",
                    "Art.", "Abschnitt", "Abschn.", "Artikel", "sección", "secciones", "apartado",
                    "artículo", "cláusula", "seção", "secção", "secao", "artigo", "artigos"]
LINE_KEYWORDS = ["line", "lines", "l.", "ll.", "Z.", "Zeile", "Zeilen", "línea", "líneas", "linha", "linhas"]
KEYWORDS = {"page": PAGE_KEYWORDS, "section": SECTION_KEYWORDS, "line": LINE_KEYWORDS}
# Keywords whose case carries meaning (`s.` is "siehe", `L.` an initial): written as listed.
CASE_SENSITIVE = {"S.", "Z.", "l.", "ll."}
RANGE_SEPARATORS = ["-", "–", "—", " - ", " – ", " to ", " through ", " bis ", " a ", " hasta ", " até "]
LIST_SEPARATORS = ["; ", ", ", " and ", " und ", " y ", " e ", " & ", ", and ", ";  "]
LEAD_INS = ["", "see ", "cf. ", "vgl. ", "siehe ", "siehe auch ", "véase ", "véase la ", "ver ", "veja ",
            "see also "]

numbers = st.integers(min_value=1, max_value=10**6)
# Front-matter page numbers in Roman numerals are recognised below 400 and up to nine letters
# (structure.numbering: `ccclxxxiii`, 383, is not, although its docstring says below 400).
MAX_ROMAN = 399
short_romans = st.integers(1, MAX_ROMAN).filter(lambda n: len(to_roman(n)) <= 9)
section_idents = st.lists(st.integers(0, 999), min_size=1, max_size=4).map(lambda xs: ".".join(map(str, xs)))


@st.composite
def parts(draw: st.DrawFn) -> tuple[str, str, str | None]:
    """(kind, start, end or None) with end after start: the values a locator part names."""
    kind = draw(st.sampled_from(sorted(KEYWORDS)))
    if kind == "section":
        start = draw(section_idents)
        if not draw(st.booleans()):
            return kind, start, None
        head, _, last = start.rpartition(".")
        end = (head + "." if head else "") + str(int(last) + draw(st.integers(1, 50)))
        return kind, start, end
    if kind == "page" and draw(st.booleans()):
        first, last = sorted(draw(st.lists(short_romans, min_size=2, max_size=2, unique=True)))
        if draw(st.booleans()):
            return kind, to_roman(first), None
        return kind, to_roman(first), to_roman(last)
    first = draw(numbers)
    end = first + draw(st.integers(1, 10**4)) if draw(st.booleans()) else None
    return kind, str(first), None if end is None else str(end)


def _keyword(draw: st.DrawFn, kind: str) -> str:
    word = draw(st.sampled_from(KEYWORDS[kind]))
    if word in CASE_SENSITIVE:
        return word
    case = draw(st.sampled_from(["as is", "lower", "upper", "title"]))
    return {"as is": word, "lower": word.lower(), "upper": word.upper(), "title": word.title()}[case]


def _space(draw: st.DrawFn) -> str:
    return draw(st.sampled_from([" ", "  ", "\u00a0", "\t", "\n", " \n "]))


@st.composite
def rendered(draw: st.DrawFn) -> tuple[str, list[tuple[str, str, str | None]]]:
    """A locator list rendered in a random language, case and spacing, and the parts it names."""
    values = draw(st.lists(parts(), min_size=1, max_size=4))
    pieces = [draw(st.sampled_from(LEAD_INS))]
    previous_kind = None
    for index, (kind, start, end) in enumerate(values):
        if index:
            pieces.append(draw(st.sampled_from(LIST_SEPARATORS)))
        # The keyword carries over to the next part of the same kind (`pp. 4, 6`).
        if kind != previous_kind or draw(st.booleans()):
            pieces.append(_keyword(draw, kind) + _space(draw))
        pieces.append(start)
        if end is not None:
            pieces.append(draw(st.sampled_from(RANGE_SEPARATORS)) + end)
        previous_kind = kind
    return "".join(pieces), values


def _values(loc: Locator) -> list[tuple[str, str, str | None]]:
    return [(p.kind, p.start, p.end) for p in loc.parts]


def _assert_documented(result: object) -> None:
    """A Locator with parts, or a LocatorSyntaxError with a short one-line message."""
    if isinstance(result, LocatorSyntaxError):
        message = str(result)
        assert message and "\n" not in message and len(message) <= MAX_MESSAGE, message
        if result.partial is not None:
            assert result.partial.parts
    elif result is not None:
        assert isinstance(result, Locator) and result.parts


def _all_parsers(text: str) -> None:
    for parse in (parse_locator, parse_locator_lenient, classify_group):
        try:
            result = parse(text)
        except LocatorSyntaxError as err:
            result = err
        _assert_documented(result)
    assert isinstance(starts_like_locator(text), bool)


# Fragments of the grammar, so that random text reaches deep into the scanner, not just its first test.
FRAGMENTS = sorted({*PAGE_KEYWORDS, *SECTION_KEYWORDS, *LINE_KEYWORDS, *RANGE_SEPARATORS, *LIST_SEPARATORS,
                    *LEAD_INS, "Abs.", "lit.", "Nr.", "Satz", "f.", "ff.", "(", ")", "(1)", "º", ".", " ", "\n",
                    "4", "17", "0", "iv", "A", "a", "3.2.", "17a", "A-3", "-", "\u2028", "\x00", "9" * 500})
grammar_soup = st.lists(st.sampled_from(FRAGMENTS) | st.text(max_size=3), max_size=16).map("".join)


@SETTINGS
@given(st.one_of(st.text(max_size=80), grammar_soup))
@example("p. " + "9" * 10_000 + "\n::warning file=x::y")
@example("pp. 6–4")
@example("; ".join(["section three"] * 50))
def test_any_text_gives_a_locator_or_a_documented_error(text: str) -> None:
    _all_parsers(text)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10) | grammar_soup,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["page", "pages", "section", "line", "lines", "start_char", "end_char", "x"]) | st.text(max_size=5),
        inner, max_size=3),
    max_leaves=8)


@SETTINGS
@given(json_values)
@example({"page": 10**5000})
@example({"start_char": 10**5000, "end_char": 1})
@example({str(n): n for n in range(1000)})
def test_any_record_locator_gives_a_locator_or_a_documented_error(value: object) -> None:
    try:
        result = parse_record_locator(value)
    except LocatorSyntaxError as err:
        result = err
    _assert_documented(result)


@SETTINGS
@given(rendered())
@example(("vgl. S. 43 bis 45 und Abschnitt 4.2", [("page", "43", "45"), ("section", "4.2", None)]))
@example(("véase la pág. 4 a 6", [("page", "4", "6")]))
@example(("ver o artigo 5 e seção 6", [("section", "5", None), ("section", "6", None)]))
def test_rendered_locator_parses_back_to_its_values(case: tuple[str, list]) -> None:
    text, values = case
    assert _values(parse_locator(text)) == values
    assert _values(classify_group(text)) == values
    # The same locator inside a summary's parentheses (what `classify_group` sees) is no prose.
    lenient = parse_locator_lenient(text)
    assert isinstance(lenient, Locator) and _values(lenient) == values


@SETTINGS
@given(st.sampled_from(sorted(KEYWORDS)), numbers, st.sampled_from(RANGE_SEPARATORS))
def test_ranges_are_normalised(kind: str, number: int, separator: str) -> None:
    keyword = KEYWORDS[kind][0]
    # A range from a place to itself names that place; a reversed range is an error.
    assert _values(parse_locator(f"{keyword} {number}{separator}{number}")) == [(kind, str(number), None)]
    reversed_range = f"{keyword} {number + 1}{separator}{number}"
    try:
        parse_locator(reversed_range)
    except LocatorSyntaxError as err:
        assert "reversed range" in str(err)
    else:
        raise AssertionError(f"{reversed_range!r} parsed")


@SETTINGS
@given(st.integers(1, 999), st.integers(1, 20), st.sampled_from("abcdefgh"),
       st.sampled_from(["Art.", "Artikel", "§"]), st.sampled_from(["Abs.", "Absatz"]),
       st.sampled_from(["lit.", "Buchst.", "Nr."]))
def test_german_statute_qualifiers_become_parenthesised(article: int, paragraph: int, letter: str,
                                                        keyword: str, abs_word: str, lit_word: str) -> None:
    text = f"{keyword} {article} {abs_word} {paragraph} {lit_word} {letter}"
    assert _values(parse_locator(text)) == [("section", f"{article}({paragraph})({letter})", None)]


@SETTINGS
@given(st.sampled_from(["page", "pages", "line", "lines", "section"]), numbers, st.integers(0, 10**4))
def test_record_locator_objects_name_their_values(key: str, first: int, more: int) -> None:
    kind = {"page": "page", "pages": "page", "line": "line", "lines": "line", "section": "section"}[key]
    if key in ("pages", "lines"):
        value: object = [first, first + more]
        expected = (kind, str(first), str(first + more) if more else None)
    else:
        value = first
        expected = (kind, str(first), None)
    assert _values(parse_record_locator({key: value})) == [expected]
    # JSON and YAML give the same object; the string form names the same place.
    assert _values(parse_record_locator(json.loads(json.dumps({key: value})))) == [expected]


@SETTINGS
@given(st.integers(0, 10**9), st.integers(1, 10**6))
def test_character_locators(start: int, length: int) -> None:
    loc = parse_record_locator({"start_char": start, "end_char": start + length})
    assert _values(loc) == [("chars", str(start), str(start + length))]


@SETTINGS
@given(rendered())
def test_messages_of_broken_lists_stay_short(case: tuple[str, list]) -> None:
    text, _ = case
    broken = re.sub(r"\d+", "three", text, count=1)
    result = parse_locator_lenient(broken + "; " + "; ".join(["section three"] * 20))
    _assert_documented(result)
