"""Modal word detection (summcheck.modality) on real sentences in English, German, Spanish and
Portuguese, the hard cases the issue names, and lexicon extension by configuration.

The sentences and their provenance live in tests/fixtures/emphasis/modality-sentences.yaml
(see the README next to it). Known false positives/negatives are strict xfails there.
"""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from summcheck.language import language_data, languages
from summcheck.language.modality import (
    CLASSES,
    build_lexicon,
    default_lexicon,
    modal_words,
    quote_words,
)

LANGUAGES = languages()  # the languages that have a file in language/

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "emphasis"
SENTENCES = yaml.safe_load((FIXTURES / "modality-sentences.yaml").read_text(encoding="utf-8"))


def found(text: str, lexicon=None) -> list[list[str]]:
    """[[word as written, class], ...] in order."""
    return [[w.text, w.cls] for w in modal_words(text, lexicon)]


def _params():
    for lang, cases in SENTENCES.items():
        for case in cases:
            marks = ()
            if "xfail" in case:
                marks = (pytest.mark.xfail(reason=case["xfail"], strict=True),)
            yield pytest.param(case, id=f"{lang}-{case['id']}", marks=marks)


@pytest.mark.parametrize("case", list(_params()))
def test_sentence(case):
    words = found(case["text"])
    if "expect" in case:
        assert words == [[str(w), c] for w, c in case["expect"]], case.get("source")
    if "classes" in case:
        assert {c for _, c in words} == set(case["classes"]), words
    if "not_classes" in case:
        assert not {c for _, c in words} & set(case["not_classes"]), words


def test_every_language_has_cases_for_every_class():
    for lang in LANGUAGES:
        seen = {c for case in SENTENCES[lang] if "xfail" not in case
                for _, c in case.get("expect", [])}
        assert seen == set(CLASSES), (lang, seen)


# --- The lexicons are data, and they name what the contract names -------------------------

CONTRACT_WORDS = {
    # SPEC "Emphasis (SUM3xx)": the lists name each class.
    "en": {"requires": ["must", "shall", "required", "has to", "may not", "must not"],
           "recommends": ["should", "ought", "recommended"],
           "permits": ["may", "can", "need not"]},
    "de": {"requires": ["muss", "müssen", "ist verpflichtet", "darf nicht"],
           "recommends": ["soll", "sollte", "sollten", "empfohlen"],
           "permits": ["kann", "darf"]},
    "es": {"requires": ["debe", "deben", "deberá", "tiene que", "obligatorio"],
           "recommends": ["debería", "deberían", "se recomienda"],
           "permits": ["puede"]},
    "pt": {"requires": ["deve", "devem", "deverá", "tem de", "tem que", "obrigatório"],
           "recommends": ["deveria", "recomenda-se"],
           "permits": ["pode"]},
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_packaged_lexicon_lists_the_contract_words(lang):
    data = language_data(lang)
    assert data.get("language", lang) == lang
    data = data["modality"]
    for cls, words in CONTRACT_WORDS[lang].items():
        assert set(words) <= set(data[cls]), (lang, cls, set(words) - set(data[cls]))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_contract_words_alone_get_their_class(lang):
    for cls, words in CONTRACT_WORDS[lang].items():
        for word in words:
            assert found(word) == [[word, cls]], (lang, word)


def test_rfc2119_keywords_in_capitals_count():
    for word, cls in [("MUST", "requires"), ("MUST NOT", "requires"), ("REQUIRED", "requires"),
                      ("SHALL", "requires"), ("SHALL NOT", "requires"),
                      ("SHOULD", "recommends"), ("SHOULD NOT", "recommends"),
                      ("RECOMMENDED", "recommends"), ("NOT RECOMMENDED", "recommends"),
                      ("MAY", "permits"), ("OPTIONAL", "permits")]:
        assert found(f"Implementations {word} do this.") == [[word, cls]], word


def test_negated_forms_keep_their_strength():
    # "must not" requires; "should not" recommends; "need not", "muss nicht", "no tiene que",
    # "não precisa" permit (they lift a requirement).
    # RFC 3986, section 2.4:
    assert found("Implementations must not percent-encode or decode the same string more than "
                 "once, as decoding an already decoded string might lead to misinterpreting a "
                 "percent data octet as the beginning of a percent-encoding, or vice versa in "
                 "the case of percent-encoding an already percent-encoded string.") == [
        ["must not", "requires"], ["might", "permits"]]
    # RFC 3986, section 3.2.1:
    assert found('Applications should not render as clear text any data after the first colon '
                 '(":") character found within a userinfo subcomponent unless the data after '
                 'the colon is the empty string (indicating no password).') == [
        ["should not", "recommends"]]
    # dpkg-name(1), dpkg-dev 1.21.22, German translation:
    assert found("Das Sektionsfeld muss nicht angegeben werden, daher werden viele Pakete ihren "
                 "Weg in das no-section-Gebiet finden.") == [["muss nicht", "permits"]]


def test_longest_phrase_wins_may_not_over_may():
    # GPL-3, section 10: "You may not impose any further restrictions …"
    words = found("You may not impose any further restrictions on the exercise of the rights "
                  "granted or affirmed under this License.")
    assert words == [["may not", "requires"]]


def test_quote_words_lists_each_word_once_per_class():
    text = ("Clients MUST NOT invoke operations between two Bind requests made as part of a "
            "multi-stage Bind. Clients MUST NOT send further LDAP PDUs. Servers SHOULD NOT "
            "process requests.")
    words = modal_words(text)
    assert quote_words(words, "requires") == '"MUST NOT"'
    assert quote_words(words, "recommends") == '"SHOULD NOT"'
    assert quote_words(words, "permits") == ""


def test_modal_word_offsets_point_into_the_text():
    text = "Der Datenschutzbeauftragte darf von dem Verantwortlichen nicht abberufen werden."
    (word,) = modal_words(text)
    assert word.text == "darf … nicht"
    assert text[word.start:word.start + 4] == "darf"


# --- Configuration extends the lexicons ---------------------------------------------------

GPL3_OBLIGATED = ("Regardless of what server hosts the Corresponding Source, you remain "
                  "obligated to ensure that it is available for as long as needed to satisfy "
                  "these requirements.")  # GPL-3, section 6d
DSGVO_STELLEN_SICHER = ("Der Verantwortliche und der Auftragsverarbeiter stellen sicher, dass der "
                        "Datenschutzbeauftragte ordnungsgemäß und frühzeitig in alle mit dem "
                        "Schutz personenbezogener Daten zusammenhängenden Fragen eingebunden "
                        "wird.")  # DSGVO Artikel 38 Absatz 1


def test_config_adds_a_contracts_own_obligation_phrase():
    assert found(GPL3_OBLIGATED) == []
    lexicon = build_lexicon({"en": {"requires": ["remain obligated to"]}})
    assert found(GPL3_OBLIGATED, lexicon) == [["remain obligated to", "requires"]]
    # The packaged words are still there.
    assert found("The client must individually abandon them.", lexicon) == [["must", "requires"]]


def test_config_phrase_in_another_language_and_class():
    assert found(DSGVO_STELLEN_SICHER) == []
    lexicon = build_lexicon({"de": {"requires": ["stellen sicher", "stellt sicher"]},
                             "es": {"recommends": ["es aconsejable"]}})
    assert found(DSGVO_STELLEN_SICHER, lexicon) == [["stellen sicher", "requires"]]
    assert found("Es aconsejable leer la página de manual.", lexicon) == [
        ["Es aconsejable", "recommends"]]


def test_config_phrase_is_obliged_to():
    # The example of a contract term; it is in the packaged English list already, and
    # adding it again changes nothing.
    text = "The Licensee is obliged to keep the notices intact."
    assert found(text) == [["is obliged to", "requires"]]
    assert found(text, build_lexicon({"en": {"requires": ["is obliged to"]}})) == [
        ["is obliged to", "requires"]]


def test_config_gapped_phrase():
    lexicon = build_lexicon({"de": {"requires": ["hat ... sicherzustellen"]}})
    text = "Der Verantwortliche hat die Einhaltung der Grundsätze sicherzustellen."
    assert found(text) == []
    assert found(text, lexicon) == [["hat … sicherzustellen", "requires"]]


def test_config_can_reclassify_a_packaged_word():
    # A project that reads "soll" in its legal texts as an obligation says so in config; the
    # phrase added last wins.
    lexicon = build_lexicon({"de": {"requires": ["soll"]}})
    text = "Die genannte Richtlinie soll dazu beitragen, dass der Binnenmarkt funktioniert."
    assert found(text) == [["soll", "recommends"]]
    assert found(text, lexicon) == [["soll", "requires"]]


def test_default_lexicon_is_shared_and_unchanged_by_extensions():
    before = dict(default_lexicon().phrases)
    build_lexicon({"en": {"requires": ["remain obligated to"]}})
    assert default_lexicon().phrases == before
    assert ("remain", "obligated", "to") not in default_lexicon().phrases
