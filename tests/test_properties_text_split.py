"""Property-based tests of the sentence splitter and the masking it works on.

Sentences come in order, do not overlap, are trimmed and non-empty, and the same text always
splits the same way; an abbreviation's period or a locator in parentheses never ends a sentence;
masking keeps every offset, so a sentence's span is its place in the paragraph as written.
"""
from __future__ import annotations

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from summcheck.summary.split import (ABBREVIATIONS, BEFORE_NUMBER, CODE_FILL, mask_inline, matched_groups,
                                  split_sentences)

# Example counts come from the Hypothesis profile tests/conftest.py loads.
SETTINGS = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])

WORDS = ["the", "rule", "Data", "must", "be", "encoded", "Die", "Regel", "gilt", "nicht", "La", "norma",
         "debe", "A", "norma", "deve", "URI", "42", "e.g.", "z. B.", "U.S.", "et al.", "No. 5", "Fig. 3"]
TERMINATORS = [".", "!", "?", ".)", ".\u201d", "?\"", ".*", "!**"]
# Locators as summaries write them in parentheses, in all four languages, with their periods.
LOCATORS = ["p. 4", "pp. 17–18", "S. 43 f.", "vgl. S. 4", "cf. p. 12", "see sec. 4.2", "sect. 3",
            "Art. 6 Abs. 1 lit. a", "Art. 6 Unterabs. 2 Satz 1", "Art. 6 UAbs. 2", "Abschn. 3",
            "§ 4 Nr. 2", "Z. 4", "ll. 4–5", "l. 7", "pág. 5", "págs. 4 a 6", "pag. 3", "arts. 5 e 6",
            "Art. 17.º", "P. 4", "PP. 4-6", "ART. 6 ABS. 1", "Sec. 4", "pg. 9", "pgs. 9–10",
            "p. iv", "S. IV", "véase la pág. 4", "ver o art. 5"]

paragraph_text = st.lists(st.sampled_from(WORDS + TERMINATORS + [" ", "\n", "(", ")", "`code.`", "<!-- x. -->",
                                                                "\u00a0", "\u2028", "«", "¿", "\\("])
                          | st.text(max_size=4), max_size=40).map("".join)


def _check_spans(scan: str, spans: list[tuple[int, int]]) -> None:
    previous_end = 0
    for start, end in spans:
        assert previous_end <= start < end <= len(scan), (spans, scan)
        piece = scan[start:end]
        assert piece == piece.strip() and piece, (piece, scan)
        previous_end = end


@SETTINGS
@given(paragraph_text, st.booleans())
@example("See the rule (p. 4). Then stop.", False)
@example("a." * 5000 + " B", False)
def test_sentences_are_ordered_disjoint_trimmed_and_deterministic(text: str, german: bool) -> None:
    visible, scan, _ = mask_inline(text)
    spans = split_sentences(scan, german)
    _check_spans(scan, spans)
    assert split_sentences(scan, german) == spans
    # Nothing but white space lies between sentences: no text is lost.
    covered = "".join(scan[a:b] for a, b in spans)
    assert "".join(covered.split()) == "".join(scan.split())


@SETTINGS
@given(paragraph_text)
def test_masking_keeps_every_offset(text: str) -> None:
    visible, scan, comments = mask_inline(text)
    assert len(visible) == len(scan) == len(text)
    # A character is either kept or blanked (comments to spaces, code to CODE_FILL), never moved.
    for original, shown, scanned in zip(text, visible, scan):
        assert shown in (original, " ", "\n") and scanned in (shown, CODE_FILL, "\\")
        assert (original == "\n") == (shown == "\n")
    for start, end in comments:
        assert text[start:start + 4] == "<!--" and text[end - 3:end] == "-->"
    for open_, close in matched_groups(scan):
        assert scan[open_] == "(" and scan[close] == ")" and open_ < close


@SETTINGS
@given(st.lists(st.sampled_from(["It holds", "Es gilt", "Se aplica", "Vale"]), min_size=1, max_size=3),
       st.sampled_from(LOCATORS), st.sampled_from(["Then", "Das", "La", "A", "4", "\u201cQuoted\u201d"]),
       st.booleans())
@example(["Es gilt"], "vgl. S. 43 f.", "Das", True)
@example(["Es gilt"], "Art. 6 Unterabs. 2", "Das", True)
def test_a_locator_in_parentheses_never_ends_a_sentence(words: list[str], locator: str, after: str,
                                                         german: bool) -> None:
    first = f"{' '.join(words)} ({locator})"
    second = f"{after} follows (p. 2)."
    text = f"{first} {second}"
    spans = split_sentences(mask_inline(text)[1], german)
    # The group does not end the sentence: either the whole text is one (no terminator between),
    # or it splits only after the group's closing parenthesis, never inside it.
    assert all(not (text.index("(") < end < text.index(")")) for _, end in spans), (text, spans)
    assert spans[0][0] == 0 and spans[0][1] >= len(first)


@SETTINGS
@given(st.sampled_from(sorted(ABBREVIATIONS)), st.sampled_from(["Smith", "Müller", "García", "Ação", "URI"]),
       st.sampled_from(["", "(", "*"]), st.booleans())
def test_an_abbreviation_never_ends_a_sentence(abbreviation: str, name: str, opener: str, title: bool) -> None:
    word = abbreviation.title() if title else abbreviation
    text = f"The rule is {word}. {opener}{name} wrote it."
    assert len(split_sentences(mask_inline(text)[1])) == 1, text


@SETTINGS
@given(st.sampled_from(sorted(BEFORE_NUMBER)), st.integers(0, 9999), st.booleans())
def test_an_abbreviation_before_a_number_never_ends_a_sentence(abbreviation: str, number: int, title: bool) -> None:
    word = abbreviation.title() if title else abbreviation
    text = f"It is in {word}. {number} of the text."
    assert len(split_sentences(mask_inline(text)[1])) == 1, text


@SETTINGS
@given(st.lists(st.sampled_from(["The rule holds.", "Die Regel gilt!", "¿La norma vale?", "A norma vale.",
                                 "It is (p. 4) true.", "It says \u201cso.\u201d"]), min_size=1, max_size=6))
def test_plain_sentences_split_where_they_end(sentences: list[str]) -> None:
    text = " ".join(sentences)
    spans = split_sentences(mask_inline(text)[1])
    assert [text[a:b] for a, b in spans] == sentences


SUMMARY_SENTENCES = ["The rule holds (p. 4).", "Die Regel gilt (vgl. S. 43 f.) immer.", "¿La norma vale (pág. 5)?",
                     "A norma vale (art. 5 e 6).", "It says `so. Then` here!", "See e.g. the U.S. rule.",
                     "It holds (Art. 6 Abs. 1 lit. a) too.", "Es gilt am 25. Mai.", "Ação é *boa* (S. IV)."]


@SETTINGS
@given(st.lists(st.lists(st.sampled_from(SUMMARY_SENTENCES), min_size=1, max_size=3), min_size=1, max_size=3),
       st.sampled_from(["", "# Heading\n\n", "---\nsource: s.txt\n---\n"]))
def test_summary_sentences_stand_at_their_line_and_column(paragraphs: list[list[str]], head: str) -> None:
    import tempfile
    from pathlib import Path

    from summcheck.summary import load_summary

    # One sentence per line inside each paragraph, paragraphs separated by blank lines.
    text = head + "\n\n".join("\n".join(p) for p in paragraphs) + "\n"
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "summary.md"
        path.write_text(text, encoding="utf-8")
        sentences = load_summary(path).sentences
    lines = text.split("\n")
    assert [s.text for s in sentences] == [s for p in paragraphs for s in p]
    for sentence in sentences:
        first = sentence.text.split("\n")[0]
        assert lines[sentence.line - 1][sentence.column - 1:].startswith(first), sentence
