"""Markdown summaries: sentences, positions, locator groups, synthesis labels, suppressions, bad input."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from conftest import assert_scales_linearly, cpu_seconds

from summcheck.model import InputError, Summary
from summcheck.summary import load_summary

RFC_LIKE = """\
---
source: rfc3986.txt
claims: claims.jsonl
purpose: What our URL library must do.
---

# RFC 3986 for implementers

<!-- Written from the claim records; one sentence per line. -->

A URI is a compact sequence of characters that identifies a resource (p. 1).
The grammar uses core rules such as `ALPHA`, `DIGIT` and `HEXDIG` (section 1.3).

## Characters

A percent-encoded octet is `%` followed by two hex digits, e.g. `%20` for a space (section 2.1).
Data that would conflict with a delimiter must be percent-encoded before the URI is formed (section 2.2).

Two rules about the encoded form matter most for a parser (section 2.4):

- Once produced, a URI is always in its percent-encoded form (p. 14).
- Implementations must not percent-encode or decode the same string more than once (section 2.4).

> The scheme and host are case-insensitive, so `HTTP://www.EXAMPLE.com/` equals `http://www.example.com/` (section 6.2.2.1).

Scheme names begin with a letter (section 3.1), followed by letters, digits, `+`, `.` and `-`.
Taken together, a parser can split any URI into its components [synthesis].

| component | delimiter | section |
|---|---|---|
| scheme | `:` (p. 99) | 3.1 |

```abnf
URI = scheme ":" hier-part (p. 5). Not a sentence.
```

    indented code (p. 6). Also not checked.

<div>
HTML block (p. 7).
</div>
"""

DSGVO_LIKE = """\
---
source: dsgvo.txt
---

# DSGVO

Der Widerruf der Einwilligung muss so einfach sein wie ihre Erteilung (S. 37).
Die betroffene Person kann eine Bestätigung verlangen (Artikel 15; S. 43).
Das Recht auf Löschung greift u. a., wenn Daten nicht mehr notwendig sind (Artikel 17).
Maßnahmen wie z. B. Pseudonymisierung dienen dem Datenschutz (S. 48).
Eine Datenpanne meldet der Verantwortliche binnen 72 Stunden (Artikel 33 und 34).
Die Verordnung gilt ab dem 25. Mai 2018 (S. 89).
Der Verantwortliche löscht Daten spätestens einen Monat nach dem Antrag.

> Verstöße gegen die Pflichten der Art. 25 bis 39 werden mit Geldbußen geahndet (Artikel 83).

Für unser Produkt heißt das vor allem: Einwilligungen belegen [Synthese].
"""


def write(tmp_path: Path, text: str, name: str = "summary.md") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def load(tmp_path: Path, text: str, **kw) -> Summary:
    return load_summary(write(tmp_path, text), **kw)


def test_rfc_like_sentences_and_lines(tmp_path: Path) -> None:
    summary = load(tmp_path, RFC_LIKE)
    assert summary.front_matter == {
        "source": "rfc3986.txt",
        "claims": "claims.jsonl",
        "purpose": "What our URL library must do.",
    }
    got = [(s.line, s.column) for s in summary.sentences]
    assert got == [(11, 1), (12, 1), (16, 1), (17, 1), (19, 1), (21, 3), (22, 3), (24, 3), (26, 1),
                   (27, 1), (31, 3), (40, 1)]
    assert [s.kind for s in summary.sentences][-3:] == ["sentence", "row", "html"]
    locs = [[(p.kind, p.start) for loc in s.locators for p in loc.parts] for s in summary.sentences]
    assert locs[:4] == [[("page", "1")], [("section", "1.3")], [("section", "2.1")], [("section", "2.2")]]
    assert locs[5] == [("page", "14")]
    assert locs[7] == [("section", "6.2.2.1")]
    assert [s.synthesis for s in summary.sentences] == [False] * 9 + [True, False, False]
    assert summary.sentences[9].groups == []
    # Locators mid-sentence count; the `(` column is the file's.
    mid = summary.sentences[8]
    assert mid.text.startswith("Scheme names begin with a letter (section 3.1)")
    assert (mid.groups[0].line, mid.groups[0].column) == (26, 34)


def test_skipped_blocks(tmp_path: Path) -> None:
    texts = " ".join(s.text for s in load(tmp_path, RFC_LIKE).sentences)
    for skipped in ("RFC 3986 for implementers", "Written from", "hier-part", "indented code",
                    "source: rfc3986", "component | delimiter"):
        assert skipped not in texts


def test_table_rows_footnotes_and_html_blocks_are_units(tmp_path: Path) -> None:
    """A body row is a unit whose locator is a group in a cell or the value under a header
    that names a locator kind; a footnote that is a citation is the locator of the sentences
    that reference it; a footnote with sentences of its own, and what an HTML block shows,
    are sentences."""
    summary = load(tmp_path, RFC_LIKE)
    row = summary.sentences[10]
    assert row.text == "scheme | `:` (p. 99)"  # the header row is no unit
    assert [(g.text, g.line, g.column) for g in row.groups] == [("p. 99", 31, 16),
                                                                ("3.1", 31, 26)]
    assert [(p.kind, p.start) for loc in row.locators for p in loc.parts] == [
        ("page", "99"), ("section", "3.1")]
    html = summary.sentences[11]
    assert (html.kind, html.text, html.line, html.column) == ("html", "HTML block (p. 7).", 40, 1)
    text = ("Lead (p. 1).\n\n"
            "| Seite | Aussage |\n|---|---|\n| 17 | Die Frist beträgt 30 Tage. |\n"
            "| — | Ohne Fundstelle. |\n\n"
            "Cited twice.[^a] Once more.[^a] Explained.[^n]\n\n"
            "[^a]: RFC 3986, p. 17.\n"
            "[^n]: A note with a claim of its own.\n\n"
            "<ul><li>One &amp; two</li><li>Three (p. 3)</li></ul>\n")
    units = load(tmp_path, text).sentences
    assert [(u.kind, u.line, u.text) for u in units] == [
        ("sentence", 1, "Lead (p. 1)."),
        ("row", 5, "Die Frist beträgt 30 Tage."), ("row", 6, "Ohne Fundstelle."),
        ("sentence", 8, "Cited twice."), ("sentence", 8, "Once more."),
        ("sentence", 8, "Explained."),
        ("note", 11, "A note with a claim of its own."),
        ("html", 13, "One & two"), ("html", 13, "Three (p. 3)")]
    assert [(p.kind, p.start) for p in units[1].locators[0].parts] == [("page", "17")]
    assert units[2].groups == []  # "—": no locator
    for cited in units[3:5]:
        assert [(g.text, g.line, g.column) for g in cited.groups] == [("RFC 3986, p. 17", 10, 7)]
        assert cited.named == ()
    assert units[6].note == "n" and units[8].groups[0].column == 37


def test_not_claims_marks_the_next_table_and_is_reported_when_it_marks_nothing(tmp_path):
    text = ("<!-- summcheck: not-claims -->\n| term | meaning |\n|---|---|\n| URI | identifier |\n\n"
            "<!-- summcheck: not-claims -->\nA paragraph is no table (p. 2).\n\n"
            "<!-- summcheck: not-claims -->\n[^g]: A glossary note.\n\n"
            "Text.[^g]\n\n<!-- summcheck: not-claims -->\n")
    summary = load(tmp_path, text)
    assert [(s.kind, s.line) for s in summary.sentences] == [("sentence", 7), ("sentence", 12)]
    assert summary.unused_markers == [6, 14]


def test_dsgvo_like(tmp_path: Path) -> None:
    summary = load(tmp_path, DSGVO_LIKE)
    assert [s.line for s in summary.sentences] == [7, 8, 9, 10, 11, 12, 13, 15, 17]
    assert summary.sentences[7].column == 3
    assert summary.sentences[5].text == "Die Verordnung gilt ab dem 25. Mai 2018 (S. 89)."
    assert summary.sentences[6].groups == []
    assert [p.start for p in summary.sentences[4].locators[0].parts] == ["33", "34"]
    assert summary.sentences[-1].synthesis


def test_hard_wrapped_paragraph(tmp_path: Path) -> None:
    text = ("Intro line.\n\n"
            "The first sentence runs over\ntwo lines (pp. 3–4). The second starts mid-line\n"
            "  and ends here (section\n4.2).\n")
    summary = load(tmp_path, text)
    assert [(s.line, s.column) for s in summary.sentences] == [(1, 1), (3, 1), (4, 22)]
    assert summary.sentences[1].text == "The first sentence runs over two lines (pp. 3–4)."
    assert summary.sentences[2].locators[0].parts[0].start == "4.2"
    assert (summary.sentences[2].groups[0].line, summary.sentences[2].groups[0].column) == (5, 17)


@pytest.mark.parametrize(
    "sentence",
    [
        "See p. 17 for the rule (p. 17).",
        "Pages pp. 3–4 say so (pp. 3–4).",
        "Siehe S. 4 dazu (S. 4).",
        "Use a placeholder, e.g. Example, here (p. 2).",
        "Use the canonical form, i.e. Lowercase, here (p. 2).",
        "Maßnahmen wie z. B. Pseudonymisierung helfen (S. 48).",
        "Das greift u. a. Bei Löschung (S. 3).",
        "Das heißt d. h. Sofort (S. 3).",
        "Under Art. 5 the rule holds (Art. 5).",
        "Section 4.2.1 defines it (section 4.2.1).",
        "Agencies in the U.S. Government use it (p. 3).",
        "Items such as keys, tokens, etc. are covered (p. 3).",
        "Nach Nr. 3 gilt das (S. 3).",
        "Vgl. Art. 6 zur Rechtmäßigkeit (Art. 6).",
        "Este caso, p. ej. Madrid, es claro (p. 3).",
        "Sr. García lo dijo (p. 3).",
        "Dr. Smith agreed (p. 3).",
        "The ratio is 2.5 to 1 (p. 3).",
        "Before the URI is formed it is encoded (section 2.2).",
        "The value `a. B` is literal (p. 3).",
        "Figure No. 5 shows it (p. 3).",
        "It was published in Sept. 2015 by the group (p. 3).",
        "It took effect on 25. May 2018 (p. 3).",
    ],
)
def test_abbreviations_do_not_split(tmp_path: Path, sentence: str) -> None:
    summary = load(tmp_path, sentence + "\n")
    assert [s.text for s in summary.sentences] == [sentence]


@pytest.mark.parametrize(
    "text, count",
    [
        ("First (p. 1). Second (p. 2).", 2),
        ("First (p. 1)! Second (p. 2)? Third (p. 3).", 3),
        ('He said "stop." Then left (p. 2).', 2),
        ("First (p. 1). `code` starts the second (p. 2).", 2),
        ("First (p. 1). 2019 was the year (p. 2).", 2),
        ("It ended in 2019. The next began (p. 2).", 2),
        ("The limit is 30 days. Then it expires (p. 2).", 2),
        ("Keys etc. The next sentence (p. 2).", 2),
        ("**Bold sentence.** Next one (p. 2).", 2),
        # A lower-case word opens a sentence after a locator, or when it is a name written
        # so (issue 29: the finding landed on the sentence before).
        ("first (p. 1). lower case starts a sentence after a locator (p. 2).", 2),
        ("Macros expand (p. 4). ε-TeX adds registers (p. 5).", 2),
        ("Apple ships it. iOS runs apps (p. 3).", 2),
        ("Water is neutral. pH is seven (p. 3).", 2),
        ("See e.g. iOS for details (p. 3).", 1),
        ("It is fine. and then some (p. 3).", 1),
        ("Version 2.5 is current. Version 3 is next (p. 2).", 2),
    ],
)
def test_sentence_boundaries(tmp_path: Path, text: str, count: int) -> None:
    assert len(load(tmp_path, text + "\n").sentences) == count


def test_code_spans_are_opaque(tmp_path: Path) -> None:
    summary = load(tmp_path, "Run `foo (p. 3). Bar [synthesis]` and ``x ` (section 9)`` here (p. 4).\n")
    [sentence] = summary.sentences
    assert [g.text for g in sentence.groups] == ["p. 4"]
    assert not sentence.synthesis
    assert "`foo (p. 3). Bar [synthesis]`" in sentence.text


def test_groups_nested_and_malformed(tmp_path: Path) -> None:
    text = (
        "Nested identifiers belong to the article (Art. 17(1)(a)).\n"
        "Prose groups (for example the host) and (RFC 2119) are not locators (p. 3).\n"
        "Empty page (p. ).\n"
        "Empty section (section ).\n"
        "Open range (lines 174-).\n"
        "Words (section three).\n"
        "Example (z. B. Pseudonymisierung) and (p. ej. la red) and (e.g. hosts) are prose (p. 4).\n"
        "A reference (as defined in section 4.2 of RFC 3986) is prose.\n"
        "Escaped \\(p. 3\\) is text.\n"
    )
    s = load(tmp_path, text).sentences
    assert [(g.text, g.locator.parts[0].start) for g in s[0].groups] == [("Art. 17(1)(a)", "17(1)(a)")]
    assert [g.text for g in s[1].groups] == ["p. 3"]
    for idx, (inner, col) in enumerate([("p. ", 12), ("section ", 15), ("lines 174-", 12), ("section three", 7)], 2):
        [group] = s[idx].groups
        assert group.locator is None and group.error
        assert (group.text, group.line, group.column) == (inner, idx + 1, col)
    assert [g.text for g in s[6].groups] == ["p. 4"]
    assert s[7].groups == [] and s[8].groups == []


def test_malformed_part_in_a_list(tmp_path: Path) -> None:
    # SPEC: a keyword followed by anything else is SUM104; the list's other parts still count.
    text = ("A URI identifies a resource (section three; p. 4).\n"
            "Another (p. 5; section three).\n")
    s = load(tmp_path, text).sentences
    for sentence, column, page in ((s[0], 29, "4"), (s[1], 9, "5")):
        [group] = sentence.groups
        assert group.error and "part 'section three'" in group.error
        assert (group.line, group.column) == (sentence.line, column)
        assert [(p.kind, p.start) for loc in sentence.locators for p in loc.parts] == [("page", page)]


@pytest.mark.parametrize(
    "inner, expected",
    [
        ("p.&nbsp;4", [("page", "4", None)]),
        ("p.&#160;4", [("page", "4", None)]),
        ("p.&#xA0;4", [("page", "4", None)]),
        ("S.&nbsp;4", [("page", "4", None)]),
        ("pp. 3&ndash;4", [("page", "3", "4")]),
        ("pp. 3&#8211;4", [("page", "3", "4")]),
        ("&sect; 4.2", [("section", "4.2", None)]),
        ("&sect;&nbsp;4.2", [("section", "4.2", None)]),
        ("p. 4 &amp; 5", [("page", "4", None), ("page", "5", None)]),
        ("**p. 4**", [("page", "4", None)]),
        ("*p. 4*", [("page", "4", None)]),
        ("__p. 4__", [("page", "4", None)]),
        ("*see* p. 4", [("page", "4", None)]),
        ("p. **4**", [("page", "4", None)]),
        ("_section 4.2_", [("section", "4.2", None)]),
    ],
)
def test_groups_read_as_rendered(tmp_path: Path, inner: str, expected: list) -> None:
    # Markdown renders entities and emphasis; the locator is what the reader sees.
    summary = load(tmp_path, f"Intro.\nA URI is a compact means of identifying a resource ({inner}).\n")
    [_, sentence] = summary.sentences
    [group] = sentence.groups
    assert group.error is None, group.error
    assert [(p.kind, p.start, p.end) for p in group.locator.parts] == expected
    assert group.text == inner  # reported as written
    assert (group.line, group.column) == (2, 52)


@pytest.mark.parametrize(
    "inner",
    ["`p.&nbsp;4`", "&nbsp;", "**not a locator**", "snake_case &amp; more", "p&nbsp;4", "&nosuchentity; 4"],
)
def test_rendered_groups_that_are_no_locators(tmp_path: Path, inner: str) -> None:
    [sentence] = load(tmp_path, f"Some text ({inner}) here.\n").sentences
    assert sentence.groups == []


def test_escaped_entity_is_not_decoded(tmp_path: Path) -> None:
    # `\&nbsp;` is literal text in Markdown, so the group is malformed (SUM104), as written.
    [sentence] = load(tmp_path, "Text (p.\\&nbsp;4).\n").sentences
    [group] = sentence.groups
    assert group.error and "'p.' is followed by" in group.error


def test_synthesis_labels(tmp_path: Path) -> None:
    text = ("One [SYNTHESIS] here.\nZwei [Synthese].\nTres [síntesis].\nQuatro [síntese].\n"
            "Five [summary].\n")
    assert [s.synthesis for s in load(tmp_path, text).sentences] == [True, True, True, True, False]
    custom = load_summary(tmp_path / "summary.md", synthesis_labels=["summary", "[Zusammenfassung]"])
    assert [s.synthesis for s in custom.sentences] == [False, False, False, False, True]


def test_link_label_source_text(tmp_path: Path) -> None:
    text = "[synthesis]: https://example.com\n\nAll of it together [synthesis].\n"
    [sentence] = load(tmp_path, text).sentences
    assert sentence.synthesis


def test_nested_list_intro_is_its_own_sentence(tmp_path: Path) -> None:
    text = ("- Two rules matter most for a parser (section 2.4):\n"
            "  - Once produced, a URI is encoded (p. 14).\n"
            "  - Never decode twice (section 2.4).\n"
            "1. Numbered item (section 8).\n")
    s = load(tmp_path, text).sentences
    assert [(x.line, x.column, x.text) for x in s] == [
        (1, 3, "Two rules matter most for a parser (section 2.4):"),
        (2, 5, "Once produced, a URI is encoded (p. 14)."),
        (3, 5, "Never decode twice (section 2.4)."),
        (4, 4, "Numbered item (section 8)."),
    ]


def test_blockquote_list_positions(tmp_path: Path) -> None:
    text = "> - quoted item (p. 3).\n>   More of it (p. 4).\n"
    s = load(tmp_path, text).sentences
    assert [(x.line, x.column) for x in s] == [(1, 5), (2, 5)]
    assert [(g.line, g.column) for x in s for g in x.groups] == [(1, 17), (2, 16)]


def test_setext_heading_and_comment_only_paragraph(tmp_path: Path) -> None:
    text = "Heading (p. 1)\n===\n\nText <!-- note --> (p. 2).\n\n<!-- a comment --> Prose after it (p. 3).\n"
    s = load(tmp_path, text).sentences
    assert [(x.line, x.column, x.text) for x in s] == [(4, 1, "Text (p. 2)."), (6, 20, "Prose after it (p. 3).")]


def test_suppressions(tmp_path: Path) -> None:
    text = (
        "---\nsource: a.txt\n---\n"                                  # 1-3
        "<!-- summcheck-disable-next-line SUM103, missing-locator -->\n"  # 4
        "\n"                                                           # 5
        "First (p. 1).\n"                                              # 6
        "<!-- summcheck-disable sum101 SUM103 -->\n"                   # 7
        "Second.\n"                                                    # 8
        "<!-- summcheck-enable SUM101 -->\n"                           # 9
        "Third (p. 3). <!-- summcheck-disable-next-line -->\n"         # 10
        "Fourth.\n"                                                    # 11
        "<!-- summcheck-disable -->\n"                                 # 12
        "Fifth.\n"                                                     # 13
        "<!-- summcheck-enable -->\n"                                  # 14
        "```\n<!-- summcheck-disable-file -->\n```\n"                  # 15-17
        "Sixth `<!-- summcheck-disable-file -->`.\n"                   # 18
        "<!-- summcheck-disable-line SUM104 --> Seventh (p. ).\n"      # 19
        "<!-- not-summcheck -->\n"                                     # 20
    )
    sup = load(tmp_path, text).suppressions
    got = [(s.codes, s.first_line, s.last_line, s.comment_line) for s in sup]
    assert got == [
        (frozenset({"SUM103", "missing-locator"}), 6, 6, 4),
        (frozenset({"SUM101"}), 7, 9, 7),
        (frozenset({"SUM103"}), 7, 14, 7),  # a bare enable ends every range
        (None, 11, 11, 10),
        (None, 12, 14, 12),
        (frozenset({"SUM104"}), 19, 19, 19),
    ]


def test_disable_file(tmp_path: Path) -> None:
    text = "# Title <!-- summcheck-disable-file -->\n\nA (p. 1).\nB (p. 2).\n"
    [sup] = load(tmp_path, text).suppressions
    assert (sup.codes, sup.first_line, sup.last_line, sup.comment_line) == (None, 1, 4, 1)


def test_stacked_next_line_comments(tmp_path: Path) -> None:
    text = ("<!-- summcheck-disable-next-line SUM101 -->\n<!-- summcheck-disable-next-line SUM103 -->\n"
            "Sentence.\n")
    assert [(s.first_line, s.last_line) for s in load(tmp_path, text).suppressions] == [(3, 3), (3, 3)]


def test_no_front_matter_and_empty_front_matter(tmp_path: Path) -> None:
    assert load(tmp_path, "Text (p. 1).\n").front_matter == {}
    summary = load(tmp_path, "---\n---\nText (p. 1).\n")
    assert summary.front_matter == {} and summary.sentences[0].line == 3


def test_bom_crlf_and_nfc(tmp_path: Path) -> None:
    path = tmp_path / "s.md"
    path.write_bytes(b"\xef\xbb\xbf---\r\nsource: a.txt\r\n---\r\nCafe\xcc\x81 (p. 1).\r\n")
    summary = load_summary(path)
    assert summary.front_matter == {"source": "a.txt"}
    assert summary.sentences[0].text == "Café (p. 1)."
    # Columns count the characters as written: "Cafe\u0301 " is six (issue 16).
    assert (summary.sentences[0].line, summary.sentences[0].groups[0].column) == (4, 7)


def test_utf16_with_bom(tmp_path: Path) -> None:
    path = tmp_path / "s.md"
    path.write_bytes("Satz (S. 4).\n".encode("utf-16"))
    assert load_summary(path).sentences[0].locators[0].parts[0].start == "4"


@pytest.mark.parametrize(
    "content, cause",
    [
        (b"Caf\xe9 (p. 1).\n", "not valid UTF-8"),
        (b"---\nsource: [a\n---\nText.\n", "invalid YAML front matter"),
        (b"---\n- a\n- b\n---\nText.\n", "not a mapping"),
        (b"---\njust text\n---\nText.\n", "not a mapping"),
        (b"---\nsource: a\nText.\n", "never closed"),
        (b"---\n!!python/object/apply:os.system ['true']\n---\n", "invalid YAML front matter"),
    ],
)
def test_input_errors(tmp_path: Path, content: bytes, cause: str) -> None:
    path = tmp_path / "bad.md"
    path.write_bytes(content)
    with pytest.raises(InputError, match=cause) as info:
        load_summary(path)
    assert str(info.value).startswith(f"{path}: ")
    assert "\n" not in str(info.value)


def test_missing_and_directory(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        load_summary(tmp_path / "missing.md")
    with pytest.raises(InputError, match="is a directory"):
        load_summary(tmp_path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
def test_fifo_is_not_read(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.md"
    os.mkfifo(fifo)
    with pytest.raises(InputError, match="not a regular file"):
        load_summary(fifo)


def test_large_summary_is_linear(tmp_path: Path) -> None:
    para = "A sentence about a rule, e.g. `x (p. 9)` here (p. 17). Another one [synthesis].\n\n"

    def run(n: int) -> None:
        path = write(tmp_path, para * n)  # 2,400 paragraphs: about 0.2 MB
        assert len(load_summary(path).sentences) == 2 * n

    # Catches quadratic behaviour, not a slow machine: four times the paragraphs, about four
    # times the CPU time.
    assert_scales_linearly(run, 600)


@pytest.mark.parametrize(
    "body",
    ["(" * 200_000 + ")" * 200_000, "a." * 300_000, "`a``b```c" * 50_000, "<!--" * 100_000,
     "x (" * 200_000],
)
def test_pathological_inputs(tmp_path: Path, body: str) -> None:
    assert cpu_seconds(lambda: load(tmp_path, body)) < 30


def test_reading_many_rows_notes_and_html_blocks_is_about_linear(tmp_path: Path) -> None:
    """A summary of thousands of table rows (each with a section column), footnote citations
    and HTML list items costs about its size to read, not its size squared."""
    import gc

    from conftest import assert_scales_linearly

    def text(count: int) -> str:
        rows = "".join(f"| item {n} | the value {n} stands here | {n % 9 + 1}.{n % 7} |\n"
                       for n in range(count))
        notes = "".join(f"Sentence {n} is cited.[^n{n}]\n\n[^n{n}]: Section {n % 9 + 1}.\n\n"
                        for n in range(count // 4))
        items = "".join(f"<li>Item {n} says something (p. {n % 50 + 1}).</li>"
                        for n in range(count // 4))
        return (f"| name | claim | section |\n|---|---|---|\n{rows}\n{notes}"
                f"<ul>{items}</ul>\n")

    sizes = {}

    def run(count: int) -> None:
        if count not in sizes:
            (tmp_path / str(count)).mkdir()
            sizes[count] = write(tmp_path / str(count), text(count))
        gc.disable()  # as on the command line
        try:
            summary = load_summary(sizes[count])
        finally:
            gc.enable()
        assert len(summary.sentences) == count + 2 * (count // 4)

    assert_scales_linearly(run, 2500)


def test_html_headings_labels_and_code_are_not_claims(tmp_path: Path) -> None:
    text = ('<p align="center"><img src="logo.png" alt="logo"></p>\n'
            '<h1 align="center">RFC 3986 in brief</h1>\n\n'
            "<details><summary>Where the rules stand</summary>\n"
            "The scheme is case-insensitive (section 3.1).\n"
            "<pre>scheme = ALPHA *( ALPHA / DIGIT )</pre>\n"
            "<table><tr><th>part</th><th>where</th></tr>\n"
            "<tr><td>query</td><td>starts at the first question mark (section 3.4)</td></tr>\n"
            "</table>\n</details>\n")
    units = load(tmp_path, text).sentences
    assert [(u.kind, u.line, u.text) for u in units] == [
        ("html", 5, "The scheme is case-insensitive (section 3.1)."),
        ("html", 8, "query starts at the first question mark (section 3.4)")]
