"""Exact and normalized quote matching, misplaced search, and the offset map back to the source."""
from __future__ import annotations

from pathlib import Path

import pytest

from summcheck.matching.exact import Matcher
from summcheck.matching.nearest import closest_difference
from summcheck.matching.normalize import FoldedQuote, bidi_characters, fold
from summcheck.model import Page, SourceDocument, Span

# RFC 3986, section 2.1, as the RFC's plain text lays it out (three-space indent, hard wraps).
RFC_2_1 = (
    "2.1.  Percent-Encoding\n\n"
    "   A percent-encoding mechanism is used to represent a data octet in a\n"
    "   component when that octet's corresponding character is outside the\n"
    "   allowed set or is being used as a delimiter of, or within, the\n"
    "   component.  A percent-encoded octet is encoded as a character\n"
    "   triplet, consisting of the percent character \"%\" followed by the two\n"
    "   hexadecimal digits representing that octet's numeric value.\n"
)

# FHS 3.0 as PyMuPDF extracts it: ligatures, a soft hyphen at a line end, a hard line-end hyphen,
# no-break spaces, curly quotes and an en dash.
FHS_PDF_TEXT = (
    "The contents of the root ﬁlesystem must be adequate to boot, restore, re\u00ad\n"
    "cover, and/or repair the system. Programs may need run-\ntime data in\u00a0/run.\n"
    "The \u201cshareable\u201d data \u2013 for example /usr \u2013 is read-only.\n"
)


def doc_of(text: str) -> SourceDocument:
    return SourceDocument(Path("src.txt"), "text", text, [Page(1, None, Span(0, len(text)))], [])


def find(text: str, quote: str, span: Span | None = None):
    matcher = Matcher(doc_of(text))
    return matcher.find_in(FoldedQuote.of(quote), [span or Span(0, len(text))], quote)


def test_exact_match_across_hard_wraps_maps_back_to_the_original_span():
    quote = "A percent-encoded octet is encoded as a character triplet"
    hits = find(RFC_2_1, quote)
    assert len(hits) == 1 and hits[0].level == "exact"
    original = RFC_2_1[hits[0].span.start:hits[0].span.end]
    assert original == "A percent-encoded octet is encoded as a character\n   triplet"


def test_case_and_wording_changes_do_not_match():
    assert find(RFC_2_1, "a percent-encoded octet is encoded as a character triplet") == []
    assert find(RFC_2_1, "A percent-encoded octet is written as a character triplet") == []


def test_normalized_level_folds_ligatures_soft_hyphens_quotes_dashes_and_nbsp():
    cases = [
        "root filesystem must be adequate to boot, restore, recover, and/or repair the system.",
        'The "shareable" data - for example /usr - is read-only.',
        "Programs may need run-time data in /run.",
        "Programs may need runtime data in /run.",
    ]
    for quote in cases:
        hits = find(FHS_PDF_TEXT, quote)
        assert [h.level for h in hits] == ["normalized"], quote


def test_ligature_in_the_quote_matches_plain_letters_in_the_source():
    hits = find("the root filesystem must be adequate", "root ﬁlesystem must be adequate")
    assert [h.level for h in hits] == ["normalized"]


def test_exact_level_treats_no_break_space_as_white_space():
    hits = find("data in\u00a0/run is volatile", "data in /run is volatile")
    assert [h.level for h in hits] == ["exact"]


def test_hyphen_inside_a_line_is_not_optional():
    assert find("a start-up script runs first", "a startup script runs first") == []
    assert find("a startup script runs first", "a start-up script runs first") == []
    assert len(find("a start-\nup script runs first", "a startup script runs first")) == 1


def test_quote_outside_the_locator_span_is_not_found_there_but_anywhere():
    text = "Page one says nothing.\fKeys shall be rotated at least every 90 days.\f"
    doc = doc_of(text)
    matcher = Matcher(doc)
    quote = "Keys shall be rotated at least every 90 days."
    folded = FoldedQuote.of(quote)
    assert matcher.find_in(folded, [Span(0, 23)], quote) == []
    [anywhere] = matcher.find_anywhere([(folded, quote)])
    assert [text[h.span.start:h.span.end] for h in anywhere] == [quote]


def test_repeated_quote_is_found_every_time_it_stands():
    text = "the Program is free. You may convey the Program. End."
    assert len(find(text, "the Program")) == 2


def test_bidi_controls_never_fold_away_and_are_named():
    text = "Payment is due within 30 days."
    quote = "Payment is due within \u202e30 days."
    assert find(text, quote) == []
    assert bidi_characters(quote) == ["U+202E RIGHT-TO-LEFT OVERRIDE"]


def test_zero_width_space_is_removed_at_the_normalized_level():
    hits = find("Payment is due within 30 days.", "Payment is due\u200b within 30 days.")
    assert [h.level for h in hits] == ["normalized"]


def test_offsets_round_trip_through_the_fold():
    folded = fold(FHS_PDF_TEXT)
    for word in ("adequate", "repair", "runtime", "read-only"):
        fpos = folded.text.find(word.replace("-", ""))
        assert fpos >= 0
        assert folded.to_folded(folded.to_original(fpos)) == fpos


def test_word_keyed_search_agrees_with_a_plain_scan_on_a_long_text():
    words = [f"w{i % 97}x{i % 13}" for i in range(20000)]
    text = " ".join(words)
    matcher = Matcher(doc_of(text))
    quote = " ".join(words[5000:5012])
    [hits] = matcher.find_anywhere([(FoldedQuote.of(quote), quote)], limit=1000)
    expected = []
    pos = text.find(quote)
    while pos != -1:
        expected.append(pos)
        pos = text.find(quote, pos + 1)
    assert [h.span.start for h in hits] == expected


def test_closest_passage_points_at_the_real_wording():
    closest = closest_difference(RFC_2_1, "A percent-encoded octet is encoded as a character quadruplet")
    assert closest.passage == "A percent-encoded octet is encoded as a character triplet,"
    assert 85 < closest.score < 100


@pytest.mark.parametrize("quote", ["", "   "])
def test_blank_quotes_find_nothing(quote):
    assert find(RFC_2_1, quote) == []


def test_quote_copied_from_extracted_text_keeps_the_line_end_hyphen_as_hyphen_space():
    text = "the generic syntax is scheme-\nindependent and applies to all URIs"
    hits = find(text, "the generic syntax is scheme- independent and applies")
    assert [h.level for h in hits] == ["exact"]
    assert [h.level for h in find(text, "syntax is scheme-independent and")] == ["normalized"]
    assert [h.level for h in find(text, "syntax is schemeindependent and")] == ["normalized"]


def test_suspended_hyphen_inside_a_line_must_be_quoted_as_it_stands():
    text = "Daten aus dem Gesundheits- oder Sozialbereich werden verarbeitet"
    assert [h.level for h in find(text, "dem Gesundheits- oder Sozialbereich")] == ["exact"]
    assert find(text, "dem Gesundheitsoder Sozialbereich") == []
    assert find(text, "dem Gesundheits-oder Sozialbereich") == []


def test_dash_between_digits_matches_a_hyphen():
    assert [h.level for h in find("see pages 17–18 for the grammar", "see pages 17-18 for")] == [
        "normalized"]


def test_decomposed_accents_in_the_source_match_composed_quotes():
    text = "La persona interesada tendra\u0301 derecho a obtener la rectificacio\u0301n"
    hits = find(text, "tendrá derecho a obtener la rectificación")
    assert [h.level for h in hits] == ["normalized"]


def test_quote_that_ends_on_a_line_end_hyphen_matches():
    text = "schemes define additional subcomponents that consist of case-\nsensitive names"
    hits = find(text, "define additional subcomponents that consist of case-")
    assert [h.level for h in hits] == ["exact"]
    assert text[hits[0].span.start:hits[0].span.end].endswith("case-")
    assert find("that consist of case sensitive names", "that consist of case-") == []


def test_quote_cut_after_a_suspended_hyphen_matches():
    text = "Während dieser Amts- beziehungsweise Dienstzeit gilt"
    hits = find(text, "Während dieser Amts-")
    assert [h.level for h in hits] == ["exact"]
    assert text[hits[0].span.start:hits[0].span.end] == "Während dieser Amts-"
