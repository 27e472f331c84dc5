"""Language knowledge as data (summcheck.language): one file per language, united once.

A fifth language is one more file: loaded through the same loader, its words reach the modal
lexicon, the locator keywords, the sentence splitter's abbreviations and the heading words.
"""
from __future__ import annotations

import re
import shutil
from importlib.resources import files

import pytest

from summcheck import language
from summcheck.locators.words import keyword_tables
from summcheck.language.modality import build_lexicon, modal_words

PACKAGED = ("de", "en", "es", "pt")
KEYS = {"language", "modality", "locators", "sentences", "negations", "near_negations",
        "informative", "synthesis_labels", "headings", "faithfulness", "quotations"}

# Italian, as a project would add it: the same keys as every packaged file.
ITALIAN = """\
language: it
modality:
  requires: [deve, devono]
  recommends: [dovrebbe]
  permits: [può]
locators:
  keywords:
    page:
      strong: [pagina, pagine]
    section:
      strong: [sezione, sezioni]
  lead_ins: [vedi]
  range_words: [fino a]
  list_words: [ed]
sentences:
  abbreviations: [sig, dott]
  months: [gennaio, febbraio]
negations: [non, mai]
informative: [esempio, esempi]
synthesis_labels: ["[sintesi]"]
headings:
  section: [sezione]
  appendix: [appendice]
"""


def test_the_packaged_languages_are_the_files():
    assert language.languages() == PACKAGED
    for lang in PACKAGED:
        data = language.language_data(lang)
        assert data["language"] == lang
        assert set(data) == KEYS, (lang, set(data) ^ KEYS)


def test_the_packaged_files_are_read_once():
    assert language.merged() is language.merged()


def test_every_word_is_a_string():
    # YAML reads a bare `no` or `on` as a boolean; every list must hold words.
    merged = language.merged()
    for lang, data in merged.data.items():
        for key in ("negations", "near_negations", "informative", "synthesis_labels"):
            assert all(isinstance(w, str) for w in data[key]), (lang, key)
    assert "no" in language.negations()
    assert "on" in merged.words("sentences", "function_words")


def test_a_word_that_is_no_string_is_refused(tmp_path):
    (tmp_path / "xx.yaml").write_text("language: xx\nnegations: [no]\n", encoding="utf-8")
    with pytest.raises(ValueError, match="negations"):
        language.load(tmp_path).words("negations")


@pytest.fixture
def five_languages(tmp_path):
    """The packaged files and an Italian one, in a directory of their own."""
    for lang in PACKAGED:
        shutil.copy(str(files("summcheck.language") / f"{lang}.yaml"), tmp_path / f"{lang}.yaml")
    (tmp_path / "it.yaml").write_text(ITALIAN, encoding="utf-8")
    return language.load(tmp_path)


def test_a_fifth_language_is_one_file(five_languages):
    assert tuple(five_languages.data) == ("de", "en", "es", "it", "pt")
    # Modal words: the Italian ones count, the packaged ones still do.
    lexicon = build_lexicon(languages=five_languages)
    assert [(w.text, w.cls) for w in modal_words("Il fornitore deve notificare.", lexicon)] == [
        ("deve", "requires")]
    assert [w.cls for w in modal_words("Il cliente può recedere.", lexicon)] == ["permits"]
    assert [w.cls for w in modal_words("The supplier must notify.", lexicon)] == ["requires"]
    assert modal_words("Il cliente può recedere.", build_lexicon()) == []
    # Locator keywords, sentence words, negations, labels and heading words.
    keywords, exact = keyword_tables(five_languages)
    assert keywords["pagina"] == ("page", False) and keywords["sezione"] == ("section", False)
    assert keywords["seite"] == ("page", False) and exact["S."] == ("page", True)
    assert "vedi" in five_languages.lowered("locators", "lead_ins")
    assert {"sig", "dott", "vgl"} <= five_languages.lowered("sentences", "abbreviations")
    assert {"non", "nicht", "não"} <= five_languages.lowered("negations")
    assert "[sintesi]" in five_languages.words("synthesis_labels")
    assert "appendice" in five_languages.words("headings", "appendix")
    assert {"sezione", "abschnitt", "seção"} <= set(five_languages.words("headings", "section"))


def test_a_keyword_with_two_meanings_is_refused(tmp_path):
    (tmp_path / "a.yaml").write_text(
        "locators: {keywords: {page: {strong: [blatt]}}}\n", encoding="utf-8")
    (tmp_path / "b.yaml").write_text(
        "locators: {keywords: {line: {strong: [blatt]}}}\n", encoding="utf-8")
    with pytest.raises(ValueError, match="blatt"):
        keyword_tables(language.load(tmp_path))


def test_config_extends_the_languages_as_it_extends_modality():
    extended = language.load(extra={"en": {"modality": {"requires": ["is bound to"]}}})
    lexicon = build_lexicon(languages=extended)
    assert [w.cls for w in modal_words("The seller is bound to deliver.", lexicon)] == ["requires"]
    # The same as the modality table of the configuration does:
    lexicon = build_lexicon({"en": {"requires": ["is bound to"]}})
    assert [w.cls for w in modal_words("The seller is bound to deliver.", lexicon)] == ["requires"]


def test_an_alternation_escapes_and_puts_longer_words_first():
    pattern = re.compile(rf"(?:{language.alternation(['art.', 'article', 'a+b'])})\Z")
    assert pattern.match("article") and pattern.match("art.") and pattern.match("a+b")
    assert not pattern.match("artx") and not pattern.match("aab")
    assert language.alternation(["part", "parte"]).split("|") == ["parte", "part"]


@pytest.mark.parametrize("heading, informative", [
    ("Appendix A", True), ("Anhang B", True), ("Anmerkungen", True), ("Ejemplos", True),
    ("Exemplo 3", True), ("Annotations", False), ("Scope", False), ("Notable", False)])
def test_informative_words(heading, informative):
    assert bool(language.informative_pattern().search(heading)) is informative
