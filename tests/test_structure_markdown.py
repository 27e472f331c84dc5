"""Markdown structure: headings as CommonMark reads them, laws set in Markdown."""
from __future__ import annotations

from pathlib import Path

from summcheck.sources import load_source
from summcheck.structure.markdown import markdown_sections
from summcheck.sources.text import text_pages


def _md(text: str):
    return markdown_sections(text, text_pages(text))


def _ids_lines(structure) -> list[tuple[str, int]]:
    return [(s.ident, s.line) for s in structure.sections]


# lex-es/constitucion: '#####Artículo 1' with no space after the hashes, groupings above.
_CONSTITUCION = """\
% Constitución española

<!-- #constitucion, ##titulo -->

##TÍTULO PRELIMINAR

#####Artículo 1

1. España se constituye en un Estado social y democrático de Derecho.

2. La soberanía nacional reside en el pueblo español.

#####Artículo 2

La Constitución se fundamenta en la indisoluble unidad de la Nación española.

##TÍTULO I. De los derechos y deberes fundamentales

###CAPÍTULO PRIMERO. De los españoles y los extranjeros

#####Artículo 3

1. El castellano es la lengua española oficial del Estado.

####Sección 1.ª De los derechos fundamentales

##### Artículo 4

La bandera de España está formada por tres franjas.
"""


def test_headings_without_a_space_after_the_hashes():
    st = _md(_CONSTITUCION)
    assert _ids_lines(st) == [("1", 7), ("2", 13), ("3", 21), ("4", 27)]
    assert {s.evidence for s in st.sections} == {"markdown"}
    # The grouping headings close the article before them; they are no sections.
    text = _CONSTITUCION
    assert st.sections[1].span.end == text.index("##TÍTULO I.")
    assert st.sections[2].span.end == text.index("####Sección")
    groupings = [d for d in st.decisions if d.reason == "grouping heading"]
    assert [d.line for d in groupings] == [5, 17, 19, 25]


def test_a_few_hash_words_are_no_headings():
    st = _md("#hashtag one\n\nText.\n\n#2 Beta\n\nText.\n")
    assert st.sections == []


# abjur/constituicao: articles as bold paragraph leads; '§ 1º' numbers inside each article;
# the transitional act restarts the numbering at 'Art. 1º'.
_CONSTITUICAO = """\
# Constituição da República Federativa do Brasil

## Título I: Dos Princípios Fundamentais

**Art. 1º** A República Federativa do Brasil tem como fundamentos:

  I - a soberania;

 **Parágrafo único.** Todo o poder emana do povo.

**Art. 2º** São Poderes da União o Legislativo, o Executivo e o Judiciário.

 **§ 1º** Primeiro parágrafo.

 **§ 2º** Segundo parágrafo.

**Art. 2-A.** Artigo inserido.

**Art. 3º** Constituem objetivos fundamentais:

 **§ 1º** Primeiro parágrafo.

## Ato das Disposições Constitucionais Transitórias

**Art. 1º** O Presidente da República prestará o compromisso.

**Art. 2º** No dia 21 de abril de 1993 o eleitorado definirá.

 **§ 1º** Será assegurada gratuidade.

**Art. 3º** A revisão constitucional será realizada.
"""


def test_bold_article_leads_and_a_restart():
    st = _md(_CONSTITUICAO)
    assert _ids_lines(st) == [("1", 5), ("2", 11), ("2-A", 17), ("3", 19), ("1", 25), ("2", 27),
                              ("3", 31)]
    assert {s.evidence for s in st.sections} == {"bold lead"}
    reasons = {d.line: d.reason for d in st.decisions if not d.kept}
    assert reasons == {3: "grouping heading", 13: "paragraph inside an article",
                       15: "paragraph inside an article", 21: "paragraph inside an article",
                       29: "paragraph inside an article"}
    # An article runs to the next article or heading.
    assert st.sections[3].span.end == _CONSTITUICAO.index("## Ato das")


# bundestag/gesetze (TTDSG): '## Teil 1 - …', '### Kapitel 1 - …' restart their numbers.
_TTDSG = """\
---
Title: Gesetz über den Datenschutz
jurabk: TTDSG
---

# Gesetz über den Datenschutz (TTDSG)

## Teil 1 - Allgemeine Vorschriften

### § 1 Anwendungsbereich des Gesetzes

(1) Dieses Gesetz regelt

1.  das Fernmeldegeheimnis,
2.  den Schutz personenbezogener Daten.

### § 2 Begriffsbestimmungen

Text.

## Teil 2 - Datenschutz in der Telekommunikation

### Kapitel 1 - Vertraulichkeit der Kommunikation

#### § 3 Vertraulichkeit der Kommunikation

Text.

### Kapitel 2 - Verkehrsdaten

#### § 4 Verarbeitung von Verkehrsdaten

Text.
"""


def test_law_groupings_are_no_sections():
    st = _md(_TTDSG)
    assert _ids_lines(st) == [("1", 10), ("2", 17), ("3", 25), ("4", 31)]
    assert [s.title for s in st.sections][:2] == ["Anwendungsbereich des Gesetzes",
                                                  "Begriffsbestimmungen"]
    dropped = [(d.line, d.ident, d.reason) for d in st.decisions if not d.kept]
    assert (23, "1", "grouping heading") in dropped and (29, "2", "grouping heading") in dropped
    # The front matter is no setext heading, the numbered list no section.
    assert not any(d.line in (2, 3, 14, 15) for d in st.decisions)


# usnistgov/800-63-3: HTML anchors before or after the number.
_NIST = """\
## 5 <a name="AAL_SEC5"></a>Authenticator and Verifier Requirements

### <a name="reqauthtype"></a> 5.1 Requirements by Authenticator Type

#### <a name="lusa"></a>5.1.1 Memorized Secrets

Verifiers SHALL follow Section 5.1.1.2.

#### 5.1.1.1 <a name="mfotpa"></a>Memorized Secret Authenticators

#### 5.2 General Authenticator Requirements
"""


def test_inline_html_is_stripped_from_headings():
    st = _md(_NIST)
    assert [(s.ident, s.title, s.line) for s in st.sections] == [
        ("5", "Authenticator and Verifier Requirements", 1),
        ("5.1", "Requirements by Authenticator Type", 3),
        ("5.1.1", "Memorized Secrets", 5),
        ("5.1.1.1", "Memorized Secret Authenticators", 9),
        ("5.2", "General Authenticator Requirements", 11)]
    # Levels follow the numbering, not the '#' count.
    assert [s.level for s in st.sections] == [1, 2, 3, 4, 2]


def test_without_numbered_headings_numbered_lines_are_judged_as_text(tmp_path):
    path = tmp_path / "notes.md"
    path.write_text("# Notes\n\n1. Scope\n\nText.\n\n2. Terms\n\nText.\n\n"
                    "```\n3. Not a heading\n```\n\n> 3. Quoted\n", encoding="utf-8")
    doc = load_source(path)
    assert [(s.ident, s.line) for s in doc.sections] == [("1", 3), ("2", 7)]


def test_markdown_structure_method(tmp_path):
    path = Path(tmp_path) / "law.md"
    path.write_text(_TTDSG, encoding="utf-8")
    doc = load_source(path)
    assert doc.structure.method == "markdown"
    assert [s.ident for s in doc.sections] == ["1", "2", "3", "4"]


def test_setext_headings_numbered_with_a_dot_and_titles_ending_in_a_colon():
    """`1. Introduction` over `---` is a setext heading (CommonMark reads a list item and a
    rule); a title ending in a colon is a heading; a numbered list after a paragraph, or one
    whose item is followed by a blank line before a rule, stays a list."""
    text = ("1. Introduction\n---------------\n\nText here.\n\n"
            "2. Scope\n========\n\nThe scope:\n1. one thing\n---\n\n"
            "2.1. Grundlagen für das Seitenlayout:\n-------------------------------------\n\n"
            "More.\n\n3. Notes\n\n---\n")
    assert _ids_lines(_md(text)) == [("1", 1), ("2", 6), ("2.1", 13)]
