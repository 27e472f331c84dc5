"""Binding and the faithfulness comparisons, on their own and end to end: the number grammar
of each language, the brackets that name records, a sentence that passed on an unrelated
quote (libtasn1's p. 22, remade with PyMuPDF) and what the reports show of its binding.

The rule cases (tests/cases/faithfulness-*.yaml, binding.yaml) judge the rules on real
summaries; these pin the pieces they are made of."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run_summcheck
from pdf_builder import make_pdf

from summcheck.faithfulness.compare import (Reading, negation_difference, number_differences,
                                            scope_difference)
from summcheck.faithfulness.lexicon import identify, lexicons
from summcheck.faithfulness.numbers import quantities
from summcheck.faithfulness.tokens import tokens, words
from summcheck.language.modality import modal_words


def read(language: str, text: str) -> list[tuple]:
    found = quantities(text, tokens(text), lexicons()[language])
    return [(q.text, q.value, q.family, q.comparator, q.date) for q in found]


@pytest.mark.parametrize("language, text, expected", [
    ("en", "within 30 days", [("30 days", 30.0, "time", "at_most", None)]),
    ("en", "at least 8 characters", [("8 characters", 8.0, "~chara", "at_least", None)]),
    ("en", "3,700 kbytes", [("3,700 kbytes", 3700.0, "bytes", None, None)]),
    ("en", "sixty-four bytes", [("sixty-four bytes", 64.0, "bytes", None, None)]),
    ("en", "on 25 May 2018", [("25 May 2018", None, None, None, (2018, 5, 25))]),
    ("de", "3.700 kB", [("3.700 kB", 3700.0, "bytes", None, None)]),
    ("de", "1,5 Prozent", [("1,5 Prozent", 1.5, "percent", None, None)]),
    ("de", "das sechzehnte Lebensjahr vollendet",
     [("sechzehnte Lebensjahr", 16.0, "months", "at_least", None)]),
    ("de", "dreiundzwanzig Tage", [("dreiundzwanzig Tage", 23.0, "time", None, None)]),
    ("de", "Geldbußen von bis zu 10 000 000 EUR",
     [("10 000 000 EUR", 10_000_000.0, "eur", "at_most", None)]),
    ("es", "treinta y un días", [("treinta y un días", 31.0, "time", None, None)]),
    ("es", "el 25 de mayo de 2018", [("25 de mayo de 2018", None, None, None, (2018, 5, 25))]),
    ("pt", "vinte e cinco dias", [("vinte e cinco dias", 25.0, "time", None, None)]),
    ("pt", "pelo menos cinqüenta por cento",
     [("cinqüenta por cento", 50.0, "percent", "at_least", None)]),
])
def test_the_grammar_reads_numbers_as_each_language_writes_them(language, text, expected):
    assert read(language, text) == expected


@pytest.mark.parametrize("language, text", [
    ("en", "as section 4.2 of RFC 3986 says"),
    ("de", "nach Art. 8 Abs. 1 der Verordnung (EU) 2016/679"),
    ("es", "el artículo 14, apartado (2)"),
    ("en", "one of the following"),  # a weak number word, no unit after it
])
def test_references_and_pronouns_are_no_quantities(language, text):
    assert read(language, text) == []


def test_a_list_of_numbers_is_not_one_number():
    # "dezesseis e dezoito" is 16 and 18 (the joiner adds units to tens only).
    assert [q[1] for q in read("pt", "entre dezesseis e dezoito anos")] == [16.0, 18.0]
    assert [q[1] for q in read("es", "entre treinta y sesenta días")] == [30.0, 60.0]


def test_equal_amounts_in_other_units_and_words_support_each_other():
    quote = [Reading("The server must answer within 72 hours of the request.")]
    assert number_differences(Reading("The server answers within three days."), quote) == []
    said = number_differences(Reading("The server answers within 30 hours."), quote)
    assert [(d.said, d.quoted) for d in said] == [("30 hours", "within 72 hours")]
    about = [Reading("bunzip2 will require about 3700 kbytes to decompress")]
    assert number_differences(Reading("bunzip2 needs about 3.7 MB."), about) == []


def test_a_flipped_comparator_is_a_number_mismatch_but_a_complement_is_not():
    quote = [Reading("Memorized secrets SHALL be at least 8 characters in length.")]
    flipped = number_differences(Reading("Memorized secrets may be at most 8 characters."), quote)
    assert [d.what for d in flipped] == ["comparator"]
    # "under 8" for "at least 8" describes the other side of the limit: no contradiction.
    assert number_differences(Reading("Secrets under 8 characters are refused."), quote) == []


def test_negation_differences_and_their_paraphrases():
    quote = [Reading("implementations must not provide the version flag")]
    dropped = negation_difference(Reading("Implementations must provide the version flag."), quote)
    assert dropped is not None and "not" in dropped.quoted
    for faithful in ("Implementations are forbidden to provide the version flag.",
                     "Implementations must never provide the version flag."):
        assert negation_difference(Reading(faithful), quote) is None, faithful
    # Spanish negations agree rather than cancel; "sin" negates its noun.
    concord = [Reading("La guía se ofrece sin ninguna garantía.")]
    assert negation_difference(Reading("La guía se ofrece sin garantía alguna."), concord) is None


def test_scope_changes_and_what_is_no_change():
    quote = [Reading("Some controllers must keep records of processing activities.")]
    assert scope_difference(Reading("All controllers must keep records of processing."),
                            quote).what == "quantifier"
    assert scope_difference(Reading("Controllers must keep records of processing."),
                            quote) is None  # a quantifier left out changes no scope
    stressed = [Reading("O arquivo contém atualmente apenas 68980 pacotes.")]
    assert scope_difference(Reading("O arquivo contém atualmente 68980 pacotes."),
                            stressed) is None  # "apenas" before a number stresses it


@pytest.mark.parametrize("quote, sentence", [
    # A class narrowed to a part: the quote's "all" (its noun right after) read as "only".
    ("All printing ASCII characters as well as the space character SHOULD be acceptable.",
     "Only printing ASCII characters and the space should be acceptable."),
    ("Alle Verantwortlichen müssen die Daten löschen.",
     "Nur Verantwortliche müssen die Daten löschen."),
    # An alternative dropped: "A or B" read as "only A".
    ("El Estado podrá concertar tratados con los países iberoamericanos o con aquellos que "
     "tengan una particular vinculación con España.",
     "El Estado solo puede concertar tratados con los países iberoamericanos."),
    ("Os dados podem ser guardados pelo controlador ou por um operador externo.",
     "Os dados só podem ser guardados pelo controlador."),
])
def test_an_added_only_that_narrows_the_quote(quote, sentence):
    assert scope_difference(Reading(sentence), [Reading(quote)]).what == "only added"


@pytest.mark.parametrize("quote, sentence", [
    # Stress, or the quote's own restriction said with "only".
    ("The scheme is case-insensitive.", "Only the scheme is case-insensitive."),
    ("Personal data may be transferred to a third country or an international organisation "
     "if the Commission has decided that it ensures an adequate level of protection.",
     "Personal data may be transferred to a third country only if the Commission has decided "
     "that it ensures an adequate level of protection."),  # "only if": a condition
    ("All passwords must be hashed before they are stored.",
     "Only hashed passwords may be stored."),  # the same rule, said of another noun
    ("Keys must not be stored in software or in plain text files.",
     "Keys may only be stored in software."),  # a negation: SUM402's, not SUM403's
    ("The server may answer with a redirect or with an error.",
     "The server may answer only with a redirect or with an error."),  # keeps both
    ("Data may be kept by the controller or by a processor.",
     "Only the controller or a processor may keep data."),  # the alternative kept
])
def test_an_added_only_that_says_what_the_quote_says(quote, sentence):
    difference = scope_difference(Reading(sentence), [Reading(quote)])
    assert difference is None or difference.what != "only added"


def test_each_text_is_read_in_its_own_language():
    assert identify(words("Nadie estará sometido a esclavitud")).language == "es"
    assert identify(words("A manifestação do pensamento é livre")).language == "pt"
    assert identify(words("Die Verordnung gilt nicht")).language == "de"
    assert identify(words("Clients must retry")).language == "en"


def test_a_modal_word_in_an_unless_clause_sets_no_strength():
    text = ("When processing queries with QCLASS=*, the response should never be authoritative "
            "unless the server can guarantee that the response covers all classes.")
    assert [w.cls for w in modal_words(text)] == ["recommends"]
    german = "Sie sollten die Verarbeitung vermeiden, außer es ist unbedingt erforderlich."
    assert [w.cls for w in modal_words(german)] == ["recommends"]


# ---------------------------------------------------------------- end to end


PAGES = [
    "GNU Libtasn1 Reference Manual\nVersion 4.19",
    "asn1_decode_simple_ber decodes a simple BER encoded type.\n"
    "It returns an allocated copy of the decoded data in str.\n"
    "perror prints a string to stderr describing the error.",
]


def libtasn1(folder: Path, summary: str, records: list[dict]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    make_pdf(folder / "manual.pdf", PAGES)
    (folder / "claims.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records),
                                         encoding="utf-8")
    (folder / "summary.md").write_text("---\nsource: manual.pdf\nclaims: claims.jsonl\n---\n"
                                       + summary, encoding="utf-8")
    return folder


OWN = {"id": "C1", "claim": "The decoder returns a copy.", "locator": "p. 2",
       "quote": "asn1_decode_simple_ber returns a freshly allocated copy", "strength": "states"}
PERROR = {"id": "C2", "claim": "perror prints the error.", "locator": "p. 2",
          "quote": "perror prints a string to stderr describing the error.", "strength": "states"}


def test_a_sentence_no_longer_passes_on_an_unrelated_quote_at_its_page(tmp_path):
    """The sentence's own record fails (SUM201); the verified record beside it at p. 2 is
    about perror: before binding the sentence was backed by it, now SUM108 says so."""
    folder = libtasn1(tmp_path, "The decoder returns an allocated copy of the data (p. 2).\n",
                      [OWN, PERROR])
    done = run_summcheck("check", "summary.md", "--format", "json", "--no-cache", cwd=folder)
    report = json.loads(done.stdout)
    assert sorted((f["rule"], f["path"]) for f in report["findings"]) == [
        ("SUM108", "summary.md"), ("SUM201", "claims.jsonl")], report["findings"]
    [binding] = report["summaries"][0]["bindings"]
    assert binding["records"] == [{"record": "C1", "line": 1, "how": "content",
                                   "verified": False}]
    # The evidence report shows the failing record as the sentence's evidence, not perror.
    run_summcheck("report", "summary.md", "--no-cache", cwd=folder)
    page = (folder / "report.html").read_text(encoding="utf-8")
    assert '"bound": 0' in page and '"extra": [[0]]' in page


def test_named_records_back_a_sentence_without_a_locator(tmp_path):
    good = dict(OWN, quote="It returns an allocated copy of the decoded data in str.")
    folder = libtasn1(tmp_path, "The decoder returns an allocated copy [C1]. It prints errors "
                                "to stderr.[^C2] Its buffers are freed by the caller [C9].\n",
                      [good, PERROR])
    done = run_summcheck("check", "summary.md", "--format", "json", "--no-cache", cwd=folder)
    report = json.loads(done.stdout)
    assert [(f["rule"], f["line"]) for f in report["findings"]] == [("SUM106", 5)]
    assert "'C9'" in report["findings"][0]["message"]
    hows = [[(r["record"], r["how"]) for r in b["records"]]
            for b in report["summaries"][0]["bindings"]]
    assert hows == [[("C1", "named")], [("C2", "named")], []]


def test_a_named_record_standing_elsewhere_is_reported_once(tmp_path):
    good = dict(OWN, quote="It returns an allocated copy of the decoded data in str.")
    folder = libtasn1(tmp_path, "The decoder returns an allocated copy (p. 1) [C1].\n", [good])
    done = run_summcheck("check", "summary.md", "--format", "concise", "--no-cache", cwd=folder)
    assert done.returncode == 1
    assert [line.split()[1] for line in done.stdout.splitlines() if ": SUM" in line] == ["SUM107"]
    assert "stands at 'p. 2', outside the sentence's locator 'p. 1'" in done.stdout


def test_checking_long_sentences_and_quotes_is_about_linear(tmp_path):
    """A sentence and a quote of hundreds of clauses: the clause pairs the comparisons make
    grow with the square of their length, so texts over MAX_COMPARED_CHARS are not compared;
    the check stays about linear in their length."""
    from conftest import assert_scales_linearly

    clause = "the operator must not keep logs of system {n} unless all users agree; "

    def check(n: int) -> None:
        folder = tmp_path / str(n)
        folder.mkdir(exist_ok=True)
        text = "".join(clause.format(n=i) for i in range(n))
        (folder / "source.txt").write_text(text + "\n", encoding="utf-8")
        (folder / "claims.jsonl").write_text(json.dumps(
            {"claim": text, "locator": "line 1", "quote": text, "strength": "requires"}) + "\n",
            encoding="utf-8")
        (folder / "summary.md").write_text(
            "---\nsource: source.txt\nclaims: claims.jsonl\n---\n"
            + text.replace("not ", "").replace(";", ",") + " (line 1).\n", encoding="utf-8")
        done = run_summcheck("check", "summary.md", "--no-cache", "--format", "json", cwd=folder)
        assert done.returncode == 0, done.stdout

    assert_scales_linearly(check, 150)


def test_a_sentence_rests_on_at_most_twenty_records_and_says_there_are_more(tmp_path):
    lines = [f"The operator keeps log {i} of the system." for i in range(25)]
    (tmp_path / "source.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (tmp_path / "claims.jsonl").write_text("".join(json.dumps(
        {"claim": f"Log {i}.", "locator": f"line {i + 1}", "quote": line, "strength": "states"})
        + "\n" for i, line in enumerate(lines)), encoding="utf-8")
    (tmp_path / "summary.md").write_text("---\nsource: source.txt\nclaims: claims.jsonl\n---\n"
                                         "The operator keeps logs (lines 1-25).\n"
                                         "The operator keeps log 3 (line 4).\n", encoding="utf-8")
    done = run_summcheck("check", "summary.md", "--format", "json", "--no-cache", cwd=tmp_path)
    assert done.returncode == 0, done.stdout
    many, one = json.loads(done.stdout)["summaries"][0]["bindings"]
    assert [r["line"] for r in many["records"]] == list(range(1, 21)) and many["more"] is True
    assert [r["line"] for r in one["records"]] == [4] and one["more"] is False
