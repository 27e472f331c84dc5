"""Write the rule-case folders under tests/cases/ (run: python tests/cases/_tools/build_cases.py).

Every quote is cut from a shared source in tests/cases/_sources/ by casekit.cut(); casekit checks,
independently of summcheck, that each record's quote stands at its locator (or, for a planted
defect, does not). Sentences avoid modal verbs unless the records behind them carry the same
strength, so the emphasis rules (SUM3xx) have nothing to report in any case.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from casekit import BUILT, CASES, R, Raw, case, char_span, cut, rec  # noqa: E402

RFC = "rfc3986-p1-12.txt"
GPL = "gpl3-s0-5.txt"
DSGVO = "dsgvo-oj32-38.txt"
DUDH_ES = "dudh-es.txt"
DUDH_PT = "dudh-pt.txt"
DREF_ES = "debian-reference-es-prefacio-1.1.txt"
DREF_PT = "debian-reference-pt-prefacio-1.1.txt"

# --------------------------------------------------------------------------------------------
# Quotes (cut from the sources; never typed)
# --------------------------------------------------------------------------------------------

# RFC 3986, pages 1-12 (form-feed pages; sections 1-2.2)
R_P4 = cut(RFC, "A Uniform Resource Identifier (URI) provides a simple and extensible",
           "means for identifying a resource.")
R_P5_SCOPE = cut(RFC, "This specification does not limit the scope of what might be a resource")
R_P5_INTERNET = cut(RFC, "A resource is not necessarily accessible via the Internet")
R_P6_GLOBAL = cut(RFC, "URIs have a global scope and are interpreted consistently regardless",
                  "of context")
R_111 = cut(RFC, "A parser of the generic URI syntax can parse any URI reference into",
            "its major components.")
R_111_FED = cut(RFC, "the URI syntax is a federated and extensible naming system")
R_112 = cut(RFC, "The following example URIs illustrate several URI schemes and",
            "variations in their common syntax components:")
R_113 = cut(RFC, "A URI can be further classified as a locator, a name, or both.")
R_121 = cut(RFC, "The URI syntax has been designed with global transcription as one of",
            "its main considerations.")
R_121_SAMKIM = cut(RFC, "Imagine two colleagues, Sam and Kim, sitting in a pub")
R_122 = cut(RFC, "The URI itself only provides identification; access to the resource is neither",
            "implied by the presence of a URI.")
R_123 = cut(RFC, "Relative referencing of URIs allows document trees to be partially",
            "independent of their location and access scheme.")
R_13 = cut(RFC, "This specification uses the Augmented Backus-Naur Form (ABNF)",
           "notation of [RFC2234]")
R_2 = cut(RFC, "This specification does not mandate any particular character encoding")
R_21 = cut(RFC, "A percent-encoded octet is encoded as a character triplet")
R_22 = cut(RFC, "URIs include components and subcomponents that are delimited by",
           "characters in the \"reserved\" set.")
R_L622 = cut(RFC, "A URI is composed from a limited set of characters")
R_L631 = cut(RFC, "A percent-encoding mechanism is used to represent a data octet in a component")
R_L644 = cut(RFC, "The uppercase hexadecimal digits 'A' through 'F' are equivalent to",
             "the lowercase digits 'a' through 'f', respectively.")
R_P9_CROSS = cut(RFC, "In such cases, the resource referred to by the URI is actually a sameness",
                 "perhaps elucidated by additional comments or assertions made by the resource provider.")
R_P5_CROSS = cut(RFC, "Nevertheless, nothing in this", "prevents an application from limiting itself to "
                 "particular types of resources")
R_11_UNIFORM = cut(RFC, "Uniformity provides several benefits.")
R_11_PRE = cut(RFC, "thus permitting new applications or protocols to leverage a pre-",
               "existing, large, and widely used set of resource identifiers.")
R_RESOURCE_EG = cut(RFC, "Familiar examples include an electronic document, an image")

# GPL-3, preamble and sections 0-5
G_0 = cut(GPL, "\"This License\" refers to version 3 of the GNU General Public License.")
G_0_CONVEY = cut(GPL, "To \"convey\" a work means any kind of propagation that enables other",
                 "parties to make or receive copies.")
G_1 = cut(GPL, "The \"source code\" for a work means the preferred form of the work",
          "for making modifications to it.")
G_2 = cut(GPL, "This License explicitly affirms your unlimited",
          "permission to run the unmodified Program.")
G_3 = cut(GPL, "When you convey a covered work, you waive any legal power to forbid",
          "circumvention of technological measures")
G_4 = cut(GPL, "You may charge any price or no price for each copy that you convey")
G_5A = cut(GPL, "The work must carry prominent notices stating that you modified",
           "it, and giving a relevant date.")

# DSGVO (Regulation (EU) 2016/679, German), OJ pages 32-38 = excerpt pages 1-7
D_S1 = cut(DSGVO, "Diese Verordnung enthält Vorschriften zum Schutz natürlicher Personen",
           "und zum freien Verkehr solcher Daten.")
D_Z15 = cut(DSGVO, "Diese Verordnung schützt die Grundrechte und Grundfreiheiten natürlicher Personen")
D_Z23 = cut(DSGVO, "Diese Verordnung gilt für die ganz oder teilweise automatisierte Verarbeitung "
            "personenbezogener Daten")
D_S2 = cut(DSGVO, "durch einen nicht in der Union niedergelassenen Verantwortlichen an einem Ort, der "
           "aufgrund Völkerrechts dem Recht eines Mitgliedstaats unterliegt.")
D_CROSS_2_3 = cut(DSGVO, "Behörden, die im Rahmen eines", "gelten jedoch nicht als Empfänger")
D_Z64 = cut(DSGVO, "die Markierung gespeicherter personenbezogener Daten mit dem Ziel",
            "einzuschränken;")
D_ART5 = cut(DSGVO, "Der Verantwortliche ist für die Einhaltung des Absatzes 1 verantwortlich und muss "
             "dessen Einhaltung nachweisen können")
D_ART6A = cut(DSGVO, "Die betroffene Person hat ihre Einwilligung zu der Verarbeitung der sie "
              "betreffenden personenbezogenen Daten für einen oder mehrere bestimmte Zwecke gegeben;")
D_ART7 = cut(DSGVO, "Die betroffene Person hat das Recht, ihre Einwilligung jederzeit zu widerrufen.")
D_ART7_PROOF = cut(DSGVO, "Beruht die Verarbeitung auf einer Einwilligung, muss der Verantwortliche "
                   "nachweisen können")
D_ART8 = cut(DSGVO, "so ist die Verarbeitung der personenbezogenen Daten des Kindes rechtmäßig, wenn das "
             "Kind das sechzehnte Lebensjahr vollendet hat.")
D_ART3 = cut(DSGVO, "Diese Verordnung findet Anwendung auf die Verarbeitung personenbezogener Daten, "
             "soweit diese im Rahmen der Tätigkeiten einer Niederlassung")
D_ART4_PROFILING = cut(DSGVO, "jede Art der automatisierten Verarbeitung personenbezogener Daten, die "
                       "darin besteht")
D_RECHENSCHAFT = cut(DSGVO, "muss dessen Einhaltung nachweisen können („Rechenschaftspflicht“).")
D_ART6_QUAL = cut(DSGVO, "die Verarbeitung ist für die Erfüllung eines Vertrags, dessen Vertragspartei "
                  "die betroffene Person ist")

# DUDH (Universal Declaration of Human Rights), Spanish
E_P1 = cut(DUDH_ES, "Considerando esencial que los derechos humanos sean protegidos por un",
           "régimen de Derecho")
E_ART1 = cut(DUDH_ES, "Todos los seres humanos nacen libres e iguales en dignidad y derechos")
E_ART3 = cut(DUDH_ES, "Todo individuo tiene derecho a la vida, a la libertad y a la seguridad",
             "de su persona.")
E_ART4 = cut(DUDH_ES, "Nadie estará sometido a esclavitud ni a servidumbre")
E_ART5 = cut(DUDH_ES, "Nadie será sometido a torturas ni a penas o tratos crueles")
E_ART8 = cut(DUDH_ES, "Toda persona tiene derecho a un recurso efectivo ante los tribunales",
             "nacionales competentes")
E_L90 = cut(DUDH_ES, "Todos son iguales ante la ley")
E_ART15 = cut(DUDH_ES, "Toda persona tiene derecho a una nacionalidad.")
E_L239 = cut(DUDH_ES, "Toda persona tiene derecho al descanso, al disfrute del tiempo libre")
E_ART19 = cut(DUDH_ES, "Todo individuo tiene derecho a la libertad de opinión y de expresión;")
E_ART26 = cut(DUDH_ES, "La instrucción elemental será obligatoria.")
E_ART22 = cut(DUDH_ES, "Toda persona, como miembro de la sociedad, tiene derecho a la seguridad",
              "social")
E_ART30 = cut(DUDH_ES, "Nada en esta Declaración podrá interpretarse en el sentido de que",
              "confiere derecho alguno al Estado")
E_ART13_REPEAT = cut(DUDH_ES, "Toda persona tiene derecho a", nth=1)  # several times in Art. 13

# DUDH, Portuguese (Portugal)
P_P1 = cut(DUDH_PT, "Considerando que é essencial encorajar o desenvolvimento de relações",
           "amistosas entre as nações")
P_ART1_DEVEM = cut(DUDH_PT, "Dotados de razão e de consciência, devem agir uns para com os",
                   "outros em espírito de fraternidade.")
P_ART1 = cut(DUDH_PT, "Todos os seres humanos nascem livres e iguais em dignidade e em direitos.")
P_ART3 = cut(DUDH_PT, "Todo o indivíduo tem direito à vida, à liberdade e à segurança pessoal.")
P_ART4 = cut(DUDH_PT, "Ninguém será mantido em escravatura ou em servidão")
P_ART5 = cut(DUDH_PT, "Ninguém será submetido a tortura nem a penas ou tratamentos cruéis,",
             "desumanos ou degradantes.")
P_ART8 = cut(DUDH_PT, "Toda a pessoa tem direito a recurso efectivo para as jurisdições",
             "nacionais competentes")
P_L83 = cut(DUDH_PT, "Todos são iguais perante a lei")
P_L149 = cut(DUDH_PT, "A partir da idade núbil, o homem e a mulher têm o direito de",
             "casar e de constituir família")
P_ART15 = cut(DUDH_PT, "Todo o indivíduo tem direito a ter uma nacionalidade.")
P_ART19 = cut(DUDH_PT, "Todo o indivíduo tem direito à liberdade de opinião e de expressão")
P_ART22 = cut(DUDH_PT, "Toda a pessoa, como membro da sociedade, tem direito à segurança social;")

# Debian Reference 2.100, Spanish: Prefacio and Capítulo 1 up to 1.1.9
ES_2 = cut(DREF_ES, "El Proyecto Debian es una comunidad de personas cuya finalidad es",
           "crear un sistema operativo libre.")
ES_31 = cut(DREF_ES, "proporciona un visión global evitando los casos menos",
            "frecuentes (visión holística)")
ES_32 = cut(DREF_ES, "Este documento ofrece un punto de partida.")
ES_33 = cut(DREF_ES, "Todos los ejemplos de comandos se ejecutan en la configuración",
            "regional en inglés")
ES_34 = cut(DREF_ES, "El objetivo de datos de las estadísticas de uso es determinar la",
            "popularidad de cada paquete.")
ES_35 = cut(DREF_ES, "El tamaño que tenga un paquete es una medida objetiva.")
ES_36 = cut(DREF_ES, "Puede informar de un error en el paquete debian-reference",
            "utilizando reportbug(1).")
ES_4 = cut(DREF_ES, "Aquí hay algunos consejos para usuarios noveles:")
ES_1_AVISO = cut(DREF_ES, "Esta guía se ofrece sin ninguna garantía.")
ES_CAP1 = cut(DREF_ES, "Aprender a usar un sistema informático es como aprender un idioma",
              "nuevo.")
ES_111 = cut(DREF_ES, "Al iniciar el sistema, aparecerá la pantalla de inicio de sesión",
             "basada en caracteres")
ES_GUILLEMETS = cut(DREF_ES, "El sistema empieza mostrando el mensaje de bienvenida almacenado",
                    "en «/etc/motd» (Mensaje del día)")
ES_ELLIPSIS = cut(DREF_ES, "tenga a mano un medio alternativo de arranque (dispositivo de",
                  "memoria USB, CD…)")
ES_DASHES = cut(DREF_ES, "«Así es Unix. Te ofrece suficiente cuerda para que te",
                "ahorques tu mismo.» --- Miquel van Smoorenburg")

# Debian Reference 2.100, Portuguese (Portugal): Prefácio and Capítulo 1 up to 1.1.9
PT_2 = cut(DREF_PT, "O Projeto Debian é uma associação de indivíduos que fizeram causa",
           "comum para criar um sistema operacional livre.")
PT_31 = cut(DREF_PT, "Dar uma visão geral e saltar casos não comuns.")
PT_32 = cut(DREF_PT, "Este documento apenas oferece", "pontos de arranque eficientes.")
PT_33 = cut(DREF_PT, "Este documento fornece informação através do seguinte estilo de",
            "apresentação simplificado")
PT_35 = cut(DREF_PT, "Os dados de tamanho do pacote são também apresentados como a",
            "medida objectiva para cada pacote.")
PT_36 = cut(DREF_PT, "Se encontrar quaisquer problemas neste documento por favor",
            "preencha um relatório de bug contra o pacote debian-reference")
PT_4 = cut(DREF_PT, "Aqui estão alguns memorandos para os novos utilizadores:")
PT_1_AVISO = cut(DREF_PT, "Todas as garantias são recusadas.")
PT_111 = cut(DREF_PT, "Upon starting the system, you are presented with the character",
             "based login screen")
PT_QUOTES = cut(DREF_PT, "Um tamanho de pacote seguido por \"(*)\" indica que o pacote no",
                "lançamento unstable está em falta")


def build() -> None:
    # ============================================================================== locator forms
    case("en-rfc3986-locator-forms",
         "English locator forms on RFC 3986 (form-feed pages, numbered sections, lines): p., page, "
         "pp. with '-' and '–' ranges, pages, section, sections with 'and' and ',' lists, sec., §, §§ "
         "range, line, lines range, l., ll., a mixed '(p. 6; section 1.1.1)', lead-ins 'see'/'cf.', a "
         "section backed by a quote in its subsection, a list item, a block quote and a synthesis "
         "sentence. Records use the same forms. Clean: no finding.",
         source=RFC, purpose="What RFC 3986 says a URI is, for the URL library's design notes.",
         summary=[
             "# What a URI is",
             "",
             "A URI is a compact means of identifying a resource (p. 4).",
             "The specification puts no limit on what a resource may be (page 5).",
             "Resources such as people or bound books need not be reachable online (pp. 5-6).",
             "URIs have a global scope, whatever the context of their use (pp. 5–6).",
             "A generic parser splits any URI reference into its major components (section 1.1.1).",
             "The naming system is federated and extensible (p. 6; section 1.1.1).",
             "Each URI can be a locator, a name, or both (sec. 1.1.3).",
             "URIs were designed to survive transcription, e.g. from a napkin to a keyboard (§ 1.2.1).",
             "Relative references make document trees independent of their location (§§ 1.2.2–1.2.3).",
             "Identification and interaction are separate concerns, and hierarchy supports relative referencing (sections 1.2.2 and 1.2.3).",
             "Percent-encoding and the reserved set are the two character mechanisms (sections 2.1, 2.2).",
             "The URI character set is deliberately small (line 622).",
             "Percent-encoding represents a data octet in a component (lines 631–634).",
             "URIs draw on digits, letters and a few graphic symbols (l. 622).",
             "Uppercase and lowercase hexadecimal digits are equivalent (ll. 644-645).",
             "The grammar is written in ABNF (see section 1.3).",
             "Examples of URIs in several schemes are listed (cf. section 1.1.2).",
             "",
             "- Uniform syntax gives several benefits (section 1.1).",
             "",
             "> The specification does not mandate any character encoding (section 2).",
             "",
             "Taken together, these sections define what a URI is before any grammar is given [synthesis].",
         ],
         claims=[
             rec("A URI identifies a resource.", "p. 4", R_P4),
             rec("No limit on resources.", "page 5", R_P5_SCOPE),
             rec("Resources need not be online.", "p. 5", R_P5_INTERNET),
             rec("Global scope.", "pp. 5–6", R_P6_GLOBAL),
             rec("Generic parser.", "section 1.1.1", R_111),
             rec("Federated naming.", "p. 6", R_111_FED),
             rec("Locator or name.", "sec. 1.1.3", R_113),
             rec("Transcription.", "§ 1.2.1", R_121),
             rec("Identification only.", "§ 1.2.2", R_122),
             rec("Relative referencing.", "section 1.2.3", R_123),
             rec("Percent-encoded octets.", "section 2.1", R_21),
             rec("Reserved set.", "section 2.2", R_22),
             rec("Small character set.", "line 622", R_L622),
             rec("Percent-encoding mechanism.", "lines 631-634", R_L631),
             rec("Hex digits are case-insensitive.", "ll. 644–645", R_L644),
             rec("ABNF notation.", "§ 1.3", R_13),
             rec("Example URIs.", "section 1.1.2", R_112),
             rec("Uniformity benefits.", "section 1.1", R_11_UNIFORM),
             rec("No mandated encoding.", "section 2", R_2),
         ])

    case("en-gpl3-clause-article-forms",
         "English 'clause', 'clauses' list, 'article', 'art.', 'articles' range and lead-ins on the "
         "GPL-3 (sections '0. Definitions.' to '5.'); a wrapped line beginning '7.  This requirement' "
         "and 'article\\n11 of the WIPO' are no headings. Clean: no finding.",
         source=GPL, purpose="Licence obligations when we ship binaries.",
         summary=[
             "# GPL-3: what conveying means",
             "",
             "The licence text is version 3 of the GNU GPL (clause 0).",
             "Conveying is propagation that lets others make or receive copies (article 0).",
             "Source code is the preferred form for making modifications (art. 1).",
             "Running the unmodified program is an unlimited permission (clause 2).",
             "Conveying a covered work waives the power to forbid circumvention (see art. 3).",
             "Copies may be sold at any price or given away (clauses 4 and 5).",
             "Modified versions carry prominent, dated notices (cf. clause 5).",
             "Definitions, source code and basic permissions come first (articles 0–2).",
             "The licence is built around copying, modifying and conveying [synthesis].",
         ],
         claims=[
             rec("This License is GPL-3.", "clause 0", G_0),
             rec("Conveying defined.", "article 0", G_0_CONVEY),
             rec("Source code defined.", "art. 1", G_1),
             rec("Unlimited permission to run.", "clause 2", G_2),
             rec("Anti-circumvention waiver.", "article 3", G_3),
             rec("Any price or none.", "clause 4", G_4),
             rec("Modified versions need dated notices.", "clause 5", G_5A, "requires"),
         ])

    case("de-dsgvo-locator-forms",
         "German locator forms on the GDPR (DSGVO) excerpt, one form-feed page per OJ page: S., Seite, "
         "Seiten range across a page break, Artikel, Art. with 'Abs. 1 lit. a', 'Artikel 5 und 7', "
         "'Art. 5–7', Zeile, Zeilen range, Z., lead-ins 'vgl.'/'siehe', a mixed '(S. 1; Artikel 1)', "
         "'z. B.' inside a sentence and '(z. B. …)' that is no locator, a 'muss' sentence backed by "
         "a fordernd record, [Synthese]. German strengths. Clean: no finding.",
         source=DSGVO, purpose="Grundbegriffe der DSGVO für das Datenschutz-Onboarding.",
         summary=[
             "# DSGVO: Anwendungsbereich und Grundsätze",
             "",
             "Die Verordnung schützt natürliche Personen bei der Verarbeitung ihrer Daten (S. 1).",
             "Sie gilt auch für Verantwortliche an Orten, an denen das Recht eines Mitgliedstaats gilt (Seite 2).",
             "Behörden, die Daten im Rahmen eines Untersuchungsauftrags erhalten, gelten nicht als Empfänger (Seiten 2–3).",
             "Der Verantwortliche muss die Einhaltung der Grundsätze nachweisen können (Artikel 5).",
             "Eine Einwilligung für bestimmte Zwecke macht die Verarbeitung rechtmäßig (Art. 6 Abs. 1 lit. a).",
             "Die Einwilligung lässt sich jederzeit widerrufen (vgl. Artikel 7).",
             "Rechenschaft und Widerruf gehören zusammen (Artikel 5 und 7).",
             "Grundsätze, Rechtmäßigkeit und Einwilligung bilden einen Block (Art. 5–7).",
             "Die Verordnung schützt Grundrechte und Grundfreiheiten (Zeile 15).",
             "Sie gilt für ganz oder teilweise automatisierte Verarbeitung (Zeilen 20–25).",
             "Die Einschränkung der Verarbeitung ist eine Markierung gespeicherter Daten (Z. 64).",
             "Ziel und Gegenstand der Verordnung stehen am Anfang (S. 1; Artikel 1).",
             "Der Widerruf ist auf derselben Seite geregelt wie der Nachweis (siehe S. 6).",
             "Profiling bewertet persönliche Aspekte, z. B. Arbeitsleistung oder Gesundheit (Artikel 4).",
             "Kinder (z. B. in sozialen Netzwerken) willigen ab sechzehn Jahren selbst ein (Artikel 8).",
             "Die Grundsätze gelten für jede Verarbeitung [Synthese].",
         ],
         claims=[
             rec("Gegenstand der Verordnung.", "S. 1", D_S1, "feststellend"),
             rec("Anwendung an Orten mit Recht eines Mitgliedstaats.", "Seite 2", D_S2, "feststellend"),
             rec("Behörden sind keine Empfänger.", "Seiten 2–3", D_CROSS_2_3, "feststellend"),
             rec("Rechenschaftspflicht.", "Artikel 5", D_ART5, "fordernd"),
             rec("Einwilligung als Rechtsgrundlage.", "Art. 6 Abs. 1 lit. a", D_ART6A, "feststellend"),
             rec("Widerruf jederzeit.", "Artikel 7", D_ART7, "feststellend"),
             rec("Schutz der Grundrechte.", "Zeile 15", D_Z15, "feststellend"),
             rec("Sachlicher Anwendungsbereich.", "Zeilen 20–25", D_Z23, "feststellend"),
             rec("Einschränkung der Verarbeitung.", "Z. 64", D_Z64, "feststellend"),
             rec("Profiling.", "Artikel 4", D_ART4_PROFILING, "feststellend"),
             rec("Altersgrenze sechzehn Jahre.", "Artikel 8", D_ART8, "feststellend"),
         ])

    case("de-rfc3986-abschnitt",
         "A German summary of the English RFC 3986: Abschnitt, Abschnitte with 'und', S., Seiten "
         "range, Zeilen range, and German strengths on English quotes. Clean: no finding.",
         source=RFC, purpose="Deutsche Notiz zur URI-Syntax für das Team.",
         summary=[
             "# RFC 3986 auf Deutsch",
             "",
             "Ein generischer Parser zerlegt jede URI-Referenz in ihre Hauptbestandteile (Abschnitt 1.1.1).",
             "Transkription und Trennung von Identifikation und Zugriff sind Entwurfsziele (Abschnitte 1.2.1 und 1.2.2).",
             "Ein URI identifiziert eine Ressource auf einfache Weise (S. 4).",
             "Zwei Kollegen in einem Pub illustrieren die Transkription (Seiten 8–9).",
             "Der Zeichenvorrat eines URI ist klein (Zeilen 620–627).",
         ],
         claims=[
             rec("Generischer Parser.", "Abschnitt 1.1.1", R_111, "feststellend"),
             rec("Transkription.", "Abschnitt 1.2.1", R_121, "feststellend"),
             rec("Nur Identifikation.", "Abschnitt 1.2.2", R_122, "feststellend"),
             rec("URI identifiziert Ressource.", "S. 4", R_P4, "feststellend"),
             rec("Sam und Kim.", "S. 8", R_121_SAMKIM, "berichtend"),
             rec("Kleiner Zeichenvorrat.", "Zeilen 620–627", R_L622, "feststellend"),
         ])

    case("es-dudh-locator-forms",
         "Spanish locator forms on the Universal Declaration of Human Rights (Spanish text, a title page "
         "and one form-feed page per five articles): p., pág., página, páginas range, págs., artículo, "
         "'artículos 3 y 4', 'artículos 6–8', línea, líneas range, '(véase el artículo 19)', '(p. ej. …)' "
         "that is no locator, an 'obligatoria' sentence backed by an 'exige' record, [síntesis]. Spanish "
         "strengths. Clean: no finding.",
         source=DUDH_ES, purpose="Resumen de derechos para un taller escolar.",
         summary=[
             "# Declaración Universal: derechos básicos",
             "",
             "El preámbulo pide un régimen de Derecho que proteja los derechos humanos (p. 1).",
             "Todo individuo tiene derecho a la vida, a la libertad y a la seguridad (pág. 2).",
             "Existe un recurso efectivo ante los tribunales nacionales (página 3).",
             "La nacionalidad es un derecho de toda persona (páginas 4–5).",
             "Todos nacen libres e iguales en dignidad y derechos (artículo 1).",
             "La vida, la libertad y la prohibición de la esclavitud van juntas (artículos 3 y 4).",
             "La personalidad jurídica, la igualdad ante la ley y el recurso efectivo forman un bloque (artículos 6–8).",
             "La igualdad ante la ley es general (línea 90).",
             "El descanso y el tiempo libre son derechos, p. ej. las vacaciones pagadas (líneas 239–241).",
             "La libertad de opinión incluye difundir informaciones (véase el artículo 19).",
             "Los derechos (p. ej. el derecho al trabajo) se enumeran uno a uno (pág. 6).",
             "La instrucción elemental es obligatoria (artículo 26).",
             "La Declaración combina derechos civiles y sociales [síntesis].",
         ],
         claims=[
             rec("Régimen de Derecho.", "p. 1", E_P1, "afirma"),
             rec("Derecho a la vida.", "pág. 2", E_ART3, "afirma"),
             rec("Recurso efectivo.", "página 3", E_ART8, "afirma"),
             rec("Derecho a una nacionalidad.", "págs. 4–5", E_ART15, "afirma"),
             rec("Libres e iguales.", "artículo 1", E_ART1, "afirma"),
             rec("Prohibición de la esclavitud.", "artículo 4", E_ART4, "afirma"),
             rec("Igualdad ante la ley.", "línea 90", E_L90, "afirma"),
             rec("Descanso y tiempo libre.", "líneas 239–241", E_L239, "afirma"),
             rec("Libertad de opinión.", "artículo 19", E_ART19, "afirma"),
             rec("Seguridad social.", "página 6", E_ART22, "informa"),
             rec("Instrucción elemental obligatoria.", "artículo 26", E_ART26, "exige"),
         ])

    case("es-debian-reference-seccion-apartado",
         "Spanish 'sección', 'secciones … y …', 'apartado', lead-in 'véase' on the Spanish Debian "
         "Reference (Prefacio with sections 1-5 and its table of contents, which is no heading); a "
         "sentence citing section 3 is backed by a quote in 3.1. Clean: no finding.",
         source=DREF_ES, purpose="Qué cubre la guía de referencia de Debian.",
         summary=[
             "# Guía de referencia de Debian: prefacio",
             "",
             "Debian es una comunidad que crea un sistema operativo libre (sección 2).",
             "El documento da una visión global y evita los casos poco frecuentes (sección 3).",
             "La guía es solo un punto de partida y los ejemplos están en inglés (secciones 3.2 y 3.3).",
             "El tamaño de un paquete es una medida objetiva (apartado 3.5).",
             "Los errores del documento se informan con reportbug (véase la sección 3.6).",
             "Hay consejos para usuarios noveles (sección 4).",
             "Las estadísticas de uso miden la popularidad de los paquetes (apartado 3.4).",
             "El prefacio explica el alcance antes del primer capítulo [síntesis].",
         ],
         claims=[
             rec("Debian es una comunidad.", "sección 2", ES_2, "afirma"),
             rec("Visión global.", "sección 3.1", ES_31, "afirma"),
             rec("Punto de partida.", "sección 3.2", ES_32, "afirma"),
             rec("Ejemplos en inglés.", "apartado 3.3", ES_33, "afirma"),
             rec("Tamaño objetivo.", "sección 3.5", ES_35, "afirma"),
             rec("Informar errores.", "sección 3.6", ES_36, "afirma"),
             rec("Consejos.", "sección 4", ES_4, "afirma"),
             rec("Popularidad.", "sección 3.4", ES_34, "afirma"),
         ])

    case("es-gpl3-clausula",
         "A Spanish summary of the English GPL-3: 'cláusula', 'cláusulas 2 y 3', a range "
         "'cláusulas 0–1', Spanish strengths on English quotes. Clean: no finding.",
         source=GPL, purpose="Resumen de la GPL-3 para el equipo legal.",
         summary=[
             "# GPL-3 en resumen",
             "",
             "Se pueden vender copias a cualquier precio o regalarlas (cláusula 4).",
             "Ejecutar el programa sin modificar es un permiso ilimitado, y transmitirlo renuncia a prohibir la elusión (cláusulas 2 y 3).",
             "Las definiciones y el código fuente vienen primero (cláusulas 0–1).",
             "Las versiones modificadas llevan avisos con fecha (cláusula 5).",
         ],
         claims=[
             rec("Cualquier precio.", "cláusula 4", G_4, "afirma"),
             rec("Permiso ilimitado.", "cláusula 2", G_2, "afirma"),
             rec("Renuncia a prohibir la elusión.", "cláusula 3", G_3, "afirma"),
             rec("Código fuente.", "cláusula 1", G_1, "afirma"),
             rec("Avisos con fecha.", "cláusula 5", G_5A, "exige"),
         ])

    case("pt-dudh-locator-forms",
         "Portuguese locator forms on the Universal Declaration of Human Rights (pt-PT text, 'Artigo N.º' "
         "headings, form-feed pages): p., pág., página, páginas range, artigo with and without '.º', "
         "'artigos 3.º e 4.º', 'artigos 6.º–8.º', linha, linhas range, lead-in 'ver', a 'devem' "
         "sentence backed by an 'exige' record, [síntese]. Portuguese strengths. Clean: no finding.",
         source=DUDH_PT, purpose="Resumo de direitos para uma aula de cidadania.",
         summary=[
             "# Declaração Universal: direitos básicos",
             "",
             "O preâmbulo encoraja relações amistosas entre as nações (p. 1).",
             "Todo o indivíduo tem direito à vida, à liberdade e à segurança pessoal (pág. 2).",
             "Há recurso efectivo para as jurisdições nacionais (página 3).",
             "A nacionalidade é um direito de todo o indivíduo (páginas 4–5).",
             "Os seres humanos devem agir em espírito de fraternidade (artigo 1.º).",
             "Ninguém é submetido a tortura (artigo 5.º).",
             "A vida e a proibição da escravatura vêm lado a lado (artigos 3.º e 4.º).",
             "Personalidade jurídica, igualdade e recurso efectivo formam um bloco (artigos 6.º–8.º).",
             "A igualdade perante a lei é geral (linha 83).",
             "O casamento é um direito a partir da idade núbil (linhas 149–152).",
             "A liberdade de opinião inclui difundir informações (ver artigo 19.º).",
             "A Declaração junta direitos civis e sociais [síntese].",
         ],
         claims=[
             rec("Relações amistosas.", "p. 1", P_P1, "afirma"),
             rec("Direito à vida.", "pág. 2", P_ART3, "afirma"),
             rec("Recurso efectivo.", "página 3", P_ART8, "afirma"),
             rec("Nacionalidade.", "páginas 4–5", P_ART15, "afirma"),
             rec("Agir em fraternidade.", "artigo 1.º", P_ART1_DEVEM, "exige"),
             rec("Proibição da tortura.", "artigo 5.º", P_ART5, "afirma"),
             rec("Proibição da escravatura.", "artigo 4", P_ART4, "afirma"),
             rec("Igualdade perante a lei.", "linha 83", P_L83, "afirma"),
             rec("Casamento.", "linhas 149–152", P_L149, "afirma"),
             rec("Liberdade de opinião.", "artigo 19.º", P_ART19, "relata"),
         ])

    case("pt-debian-reference-secao-seccao",
         "Portuguese 'seção' (pt-BR spelling) and 'secção'/'secções … e …' (pt-PT), lead-in 'ver' on "
         "the Portuguese Debian Reference preface; a section cited as a whole is backed by a quote in "
         "a subsection. Clean: no finding.",
         source=DREF_PT, purpose="O que cobre a referência Debian.",
         summary=[
             "# Referência Debian: prefácio",
             "",
             "O Debian é uma associação de indivíduos que cria um sistema operativo livre (seção 2).",
             "O documento dá uma visão geral e salta casos raros (secção 3.1).",
             "É apenas um ponto de partida com um estilo de apresentação simplificado (secções 3.2 e 3.3).",
             "O tamanho do pacote é uma medida objectiva (ver secção 3.5).",
             "Os problemas do documento reportam-se com o reportbug (seção 3.6).",
             "O prefácio trata do próprio documento (secção 3).",
             "Há memorandos para novos utilizadores (seção 4).",
         ],
         claims=[
             rec("Associação de indivíduos.", "seção 2", PT_2, "afirma"),
             rec("Visão geral.", "secção 3.1", PT_31, "afirma"),
             rec("Ponto de partida.", "secção 3.2", PT_32, "afirma"),
             rec("Estilo simplificado.", "seção 3.3", PT_33, "afirma"),
             rec("Tamanho objectivo.", "secção 3.5", PT_35, "afirma"),
             rec("Reportar problemas.", "secção 3.6", PT_36, "afirma"),
             rec("Memorandos.", "secção 4", PT_4, "afirma"),
         ])

    case("pt-gpl3-clausula",
         "A Portuguese summary of the English GPL-3: 'cláusula', 'cláusulas 0 e 1', 'cláusulas 2–3', "
         "Portuguese strengths on English quotes. Clean: no finding.",
         source=GPL, purpose="Resumo da GPL-3 para a equipa jurídica.",
         summary=[
             "# GPL-3 em resumo",
             "",
             "As cópias podem ser vendidas a qualquer preço (cláusula 4).",
             "A licença é a versão 3 da GPL e o código-fonte é a forma preferida para modificar (cláusulas 0 e 1).",
             "Executar o programa e renunciar a proibir a evasão vêm a seguir (cláusulas 2–3).",
         ],
         claims=[
             rec("Qualquer preço.", "cláusula 4", G_4, "afirma"),
             rec("Versão 3.", "cláusula 0", G_0, "afirma"),
             rec("Código-fonte.", "cláusula 1", G_1, "afirma"),
             rec("Permissão ilimitada.", "cláusula 2", G_2, "afirma"),
         ])



def build_defects() -> None:
    # ============================================================== locator defects per language
    case("en-rfc3986-locator-defects",
         "English locator defects on RFC 3986: no locator (SUM101); a section, a page, a line, a range "
         "end and a 20-digit page the excerpt does not have, and the missing part of 'sections 1.1 and "
         "7' (SUM102, no SUM103 for those parts); '(p. )', '(section three)' and the reversed ranges "
         "'pp. 9–7' and 'lines 40–30' (SUM104 only); a section no record backs and the unbacked part "
         "of 'sections 1.1.2 and 1.1.3' (SUM103).",
         source=RFC,
         summary=[
             "# URI review notes (draft)",
             "",
             "A URI is a compact means of identifying a resource (p. 4).",
             ("URIs are everywhere in modern software.", "SUM101"),
             ("The syntax of IPv6 literals is given later (section 9.9).", "SUM102"),
             ("The excerpt stops before the security considerations (p. 13).", "SUM102"),
             ("Line numbers past the end resolve nowhere (line 9999).", "SUM102"),
             ("Uniformity and a section beyond the excerpt are listed together (sections 1.1 and 7).", "SUM102"),
             ("Percent-encoding is discussed over several pages (pp. 11–14).", "SUM102"),
             ("An absurd page number resolves nowhere (p. 99999999999999999999).", "SUM102"),
             ("A URI is composed from a limited set of characters (p. ).", "SUM104"),
             ("The terms URL and URN are historical (section three).", "SUM104"),
             ("Transcription and interaction come next (pp. 9–7).", "SUM104"),
             ("The ABNF core rules are listed (lines 40–30).", "SUM104"),
             ("Transcription is a design consideration (section 1.2.1).", "SUM103"),
             ("Examples and the URL/URN distinction are covered (sections 1.1.2 and 1.1.3).", "SUM103"),
         ],
         claims=[
             rec("A URI identifies a resource.", "p. 4", R_P4),
             rec("Uniformity benefits.", "section 1.1", R_11_UNIFORM),
             rec("Locator or name.", "section 1.1.3", R_113),
         ])

    case("de-dsgvo-locator-defects",
         "German locator and record defects on the DSGVO excerpt: no locator (SUM101); 'Artikel 99', "
         "'S. 8', 'Zeile 300', 'Seiten 6–9' do not exist (SUM102); 'Artikel drei', reversed 'Seiten "
         "5–3' and an empty 'S. ' (SUM104); 'Artikel 2' unbacked (SUM103); a quote with two words added "
         "(SUM201); an Article 6 quote filed under Artikel 5 and a page-2 quote filed under S. 3 (SUM202); "
         "records citing 'Artikel 12' and 'Zeile 400' (SUM206 only).",
         source=DSGVO,
         summary=[
             "# DSGVO-Notizen (Entwurf)",
             "",
             "Die Verordnung schützt natürliche Personen bei der Verarbeitung ihrer Daten (S. 1).",
             ("Die Verordnung gilt in der ganzen Union.", "SUM101"),
             ("Geldbußen sind später geregelt (Artikel 99).", "SUM102"),
             ("Das Inkrafttreten steht am Ende (S. 8).", "SUM102"),
             ("Die Schlussbestimmungen folgen (Zeile 300).", "SUM102"),
             ("Die Einwilligung wird über mehrere Seiten behandelt (Seiten 6–9).", "SUM102"),
             ("Der räumliche Anwendungsbereich ist geregelt (Artikel drei).", "SUM104"),
             ("Die Grundsätze stehen vor der Rechtmäßigkeit (Seiten 5–3).", "SUM104"),
             ("Begriffe werden definiert (S. ).", "SUM104"),
             ("Die Haushaltsausnahme gilt für private Tätigkeiten (Artikel 2).", "SUM103"),
             "Der Widerruf der Einwilligung ist jederzeit möglich (Artikel 7).",
         ],
         claims=[
             rec("Gegenstand der Verordnung.", "S. 1", D_S1, "feststellend"),
             rec("Widerruf jederzeit und formlos.", "Artikel 7",
                 D_ART7.replace("jederzeit", "jederzeit und formlos"), "feststellend", expect="SUM201"),
             rec("Nachweis der Einwilligung.", "Artikel 7", D_ART7_PROOF, "fordernd"),
             rec("Einwilligung als Rechtsgrundlage.", "Artikel 5", D_ART6A, "feststellend",
                 expect="SUM202"),
             rec("Anwendung an Orten mit Recht eines Mitgliedstaats.", "S. 3", D_S2, "feststellend",
                 expect="SUM202"),
             rec("Altersgrenze sechzehn Jahre.", "Artikel 12", D_ART8, "feststellend", expect="SUM206"),
             rec("Schutz der Grundrechte.", "Zeile 400", D_Z15, "feststellend", expect="SUM206"),
         ])

    case("es-dudh-locator-defects",
         "Spanish locator and record defects on the Spanish UDHR: no locator (SUM101); 'artículo 31', "
         "'página 8', 'línea 400' and the range 'artículos 29–31' do not exist (SUM102); 'artículo "
         "tres', reversed 'págs. 5–3' and an empty 'línea ' (SUM104); 'artículo 12' unbacked (SUM103); "
         "a quote with a word added (SUM201); an Article 5 quote filed under 'artículo 4' (SUM202); "
         "records citing 'artículo 45' and 'línea 999' (SUM206).",
         source=DUDH_ES,
         summary=[
             "# Declaración Universal (borrador)",
             "",
             "Todos nacen libres e iguales en dignidad y derechos (artículo 1).",
             ("La Declaración fue adoptada por la Asamblea General.", "SUM101"),
             ("Hay un artículo sobre el medio ambiente (artículo 31).", "SUM102"),
             ("El texto termina con una firma (página 8).", "SUM102"),
             ("La última línea cierra la Declaración (línea 400).", "SUM102"),
             ("Los deberes y límites cierran el texto (artículos 29–31).", "SUM102"),
             ("La seguridad de la persona está protegida (artículo tres).", "SUM104"),
             ("La familia aparece antes que el asilo (págs. 5–3).", "SUM104"),
             ("La propiedad está protegida (línea ).", "SUM104"),
             ("La vida privada está protegida contra injerencias (artículo 12).", "SUM103"),
             "Todo individuo tiene derecho a la vida y a la libertad (artículo 3).",
             "Nadie está sometido a esclavitud (artículo 4).",
         ],
         claims=[
             rec("Libres e iguales.", "artículo 1", E_ART1, "afirma"),
             rec("Derecho a la vida digna.", "artículo 3", E_ART3.replace("a la vida", "a la vida digna"),
                 "afirma", expect="SUM201"),
             rec("Derecho a la vida.", "artículo 3", E_ART3, "afirma"),
             rec("Esclavitud prohibida.", "artículo 4", E_ART4, "afirma"),
             rec("Prohibición de la tortura.", "artículo 4", E_ART5, "afirma", expect="SUM202"),
             rec("Libertad de opinión.", "artículo 45", E_ART19, "afirma", expect="SUM206"),
             rec("Igualdad ante la ley.", "línea 999", E_L90, "afirma", expect="SUM206"),
         ])

    case("pt-dudh-locator-defects",
         "Portuguese locator and record defects on the pt-PT UDHR: no locator (SUM101); 'artigo 31.º', "
         "'pág. 9', 'linha 500' and 'artigos 28.º–31.º' do not exist (SUM102); 'artigo três', reversed "
         "'páginas 6–2' and an empty 'pág. ' (SUM104); 'artigo 12.º' unbacked (SUM103); a quote with a "
         "word changed (SUM201); an Article 5 quote filed under 'artigo 4.º' (SUM202); records citing "
         "'artigo 40.º' and 'linha 900' (SUM206).",
         source=DUDH_PT,
         summary=[
             "# Declaração Universal (rascunho)",
             "",
             "Todos nascem livres e iguais em dignidade e em direitos (artigo 1.º).",
             ("A Declaração foi adoptada pela Assembleia Geral.", "SUM101"),
             ("Existe um artigo sobre o ambiente (artigo 31.º).", "SUM102"),
             ("O texto termina com as assinaturas (pág. 9).", "SUM102"),
             ("A última linha encerra a Declaração (linha 500).", "SUM102"),
             ("Os artigos finais tratam de deveres e limites (artigos 28.º–31.º).", "SUM102"),
             ("A segurança pessoal é protegida (artigo três).", "SUM104"),
             ("A família aparece antes do asilo (páginas 6–2).", "SUM104"),
             ("A propriedade é protegida (pág. ).", "SUM104"),
             ("A vida privada é protegida contra intromissões (artigo 12.º).", "SUM103"),
             "Todo o indivíduo tem direito à vida e à liberdade (artigo 3.º).",
             "Ninguém é mantido em escravatura (artigo 4.º).",
         ],
         claims=[
             rec("Livres e iguais.", "artigo 1.º", P_ART1, "afirma"),
             rec("Direito à vida digna.", "artigo 3.º", P_ART3.replace("à vida", "à vida digna"),
                 "afirma", expect="SUM201"),
             rec("Direito à vida.", "artigo 3.º", P_ART3, "afirma"),
             rec("Escravatura proibida.", "artigo 4.º", P_ART4, "afirma"),
             rec("Proibição da tortura.", "artigo 4.º", P_ART5, "afirma", expect="SUM202"),
             rec("Liberdade de opinião.", "artigo 40.º", P_ART19, "afirma", expect="SUM206"),
             rec("Igualdade perante a lei.", "linha 900", P_L83, "afirma", expect="SUM206"),
         ])


# RFC quotes that carry modal verbs (for strength translations)
R_SHOULD_DEF = cut(RFC, "Such a definition should specify the", "character encoding used to map those "
                   "characters to octets")
R_MUST_GLOBAL = cut(RFC, "action intended to refer to a globally unique thing must use a URI",
        "that distinguishes that resource from all other things.")
R_MUST_PCT = cut(RFC, "the conflicting data must be", "percent-encoded before the URI is formed.")
R_SHOULD_URI = cut(RFC, "Future specifications and related documentation should",
                   "use the general term \"URI\"")
R_SHOULD_DESIGN = cut(RFC, "designers of new URI schemes should use a syntax consistent with the "
                      "generic syntax's hierarchical")
R_SMS = cut(RFC, "a service (e.g., an HTTP-to-SMS gateway)")
R_111_SCHEME = cut(RFC, "thus defines the syntax and semantics needed to implement a scheme-",
        "independent parsing mechanism for URI references")
E_VIDA = cut(DUDH_ES, "derecho a la vida")
R_CONFLICT = cut(RFC, "If data for a URI component would conflict with a reserved")
E_NADIE = cut(DUDH_ES, "Nadie será sometido")
E_PROT_LEY = cut(DUDH_ES, "protección de la ley")


def build_rules() -> None:
    # ================================================================================= SUM101
    case("sum101-missing-locator",
         "SUM101: sentences with neither locator nor synthesis label in a paragraph, a bullet, a "
         "numbered list item, a block quote, as the second sentence of a line, and one whose only "
         "parenthesis is '(e.g. …)'. Headings, a table, a code block and an HTML comment are not "
         "sentences.",
         source=RFC,
         summary=[
             "# Review notes",
             "",
             "A URI is a compact means of identifying a resource (p. 4).",
             ("Every web address is a URI.", "SUM101"),
             "",
             ("- Relative references are resolved against a base.", "SUM101"),
             ("1. A parser splits references into components.", "SUM101"),
             "",
             ("> Identifiers outlive the systems that created them.", "SUM101"),
             "",
             ("URIs are characterized as uniform (section 1.1). Uniformity has several benefits.", "SUM101"),
             ("Some URIs name abstract things (e.g. numbers or relationships).", "SUM101"),
             "",
             "## A heading without a locator",
             "",
             "| term | meaning |",
             "|---|---|",
             "| URI | an identifier without a locator |",
             "",
             "```",
             "a code line without a locator.",
             "```",
             "",
             "<!-- An HTML comment without a locator. -->",
         ],
         claims=[
             rec("A URI identifies a resource.", "p. 4", R_P4),
             rec("Uniformity benefits.", "section 1.1", R_11_UNIFORM),
         ])

    case("sum101-synthesis-labels-ok",
         "SUM101 negative: synthesis labels in four languages ([synthesis], [Synthese], [síntesis], "
         "[síntese]), in any case ([SYNTHESIS], [Synthesis]) and anywhere in the sentence; no finding.",
         source=RFC,
         summary=[
             "# Synthesis labels",
             "",
             "A URI is a compact means of identifying a resource (p. 4).",
             "The specification, read as a whole, favours uniformity over convenience [synthesis].",
             "[Synthesis] Transcription drives the choice of characters.",
             "Relative references and hierarchy belong together [SYNTHESIS], as the design sections show.",
             "Das Dokument trennt Identifikation und Zugriff [Synthese].",
             "El documento separa identificación y acceso [síntesis].",
             "O documento separa identificação e acesso [síntese].",
             "- A list item can be a synthesis too [synthesis].",
             "> So can a block quote [Synthese].",
         ],
         claims=[rec("A URI identifies a resource.", "p. 4", R_P4)])

    # ================================================================================= SUM102
    case("sum102-boundaries-ok",
         "SUM102 negative: the last page, the last section, the last lines and a range ending on the "
         "last page of the RFC excerpt resolve; 'artículo 30', 'página 7' and 'línea 317' are the last "
         "ones of the Spanish UDHR (second summary line uses the RFC only). No finding.",
         source=RFC,
         summary=[
             "# The end of the excerpt",
             "",
             "Reserved characters delimit components (p. 12).",
             "They are called reserved because they may act as delimiters (section 2.2).",
             "Percent-encoding and the reserved set close the excerpt (pp. 11–12).",
             "Conflicting data is percent-encoded before the URI is formed (lines 653–669).",
         ],
         claims=[
             rec("Reserved set.", "p. 12", R_22),
             rec("Conflicting data is percent-encoded.", "section 2.2", R_MUST_PCT, "requires"),
         ])

    case("sum102-last-article-page-line-ok-es",
         "SUM102 negative (Spanish): 'artículo 30', 'página 7', 'líneas 316–317' and 'líneas 311–317' "
         "are the last article, page and lines of the Spanish UDHR and resolve. No finding.",
         source=DUDH_ES,
         summary=[
             "# Último artículo",
             "",
             "Nada en la Declaración confiere derecho alguno a destruir los derechos (artículo 30).",
             "La última página contiene los artículos 26 a 30 (página 7).",
             "La Declaración termina con la palabra Declaración (líneas 316–317).",
             "El artículo 30 ocupa las últimas líneas (líneas 311–317).",
         ],
         claims=[
             rec("Nada autoriza a destruir derechos.", "artículo 30", E_ART30, "afirma"),
             rec("Última línea.", "línea 316", cut(DUDH_ES, "supresión de cualquiera de los derechos y"),
                 "afirma"),
             rec("Última línea del texto.", {"lines": [316, 317]},
                 cut(DUDH_ES, "libertades proclamados en esta Declaración."), "afirma"),
         ])

    # ================================================================================= SUM103
    case("sum103-unbacked-sentences",
         "SUM103: a sentence whose only record is misplaced (SUM202 on the record, SUM103 on the "
         "sentence), one whose only record is fabricated (SUM201 + SUM103), one whose only record is "
         "schema-invalid (SUM200 + SUM103), and '(p. 4; section 1.2.1)' whose second part no record "
         "backs. Only verified records back sentences.",
         source=RFC,
         summary=[
             "# Unbacked sentences",
             "",
             ("Generic parsers split references into components (section 1.1.1).", "SUM103"),
             ("Identification and access are separate (section 1.2.2).", "SUM103"),
             ("Relative referencing makes trees relocatable (section 1.2.3).", "SUM103"),
             ("URIs identify resources and survive transcription (p. 4; section 1.2.1).", "SUM103"),
         ],
         claims=[
             rec("Generic parser.", "section 1.1.2", R_111, expect="SUM202"),
             rec("Identification only.", "section 1.2.2",
                 R_122.replace("neither guaranteed nor", "always guaranteed and"), expect="SUM201"),
             rec("Relative referencing.", "section 1.2.3", R_123, "mandatory", expect="SUM200"),
             rec("A URI identifies a resource.", "p. 4", R_P4),
         ])

    case("sum103-backing-ok",
         "SUM103 negative: a range part backed by a quote on one of its pages; a section sentence backed "
         "by a record located by page, by lines and by character offsets; a parent section backed by a "
         "quote in its subsection; a page sentence backed by a record located by section; a quote "
         "crossing the page 9/10 break cited as 'pp. 9-10'. No finding.",
         source=RFC,
         summary=[
             "# Backing through other locators",
             "",
             "URIs keep a global scope regardless of context (pp. 5–7).",
             "A URI is a locator, a name, or both (section 1.1.3).",
             "The URI syntax is a federated naming system (section 1.1.1).",
             "Relative referencing frees document trees from their location (section 1.2.3).",
             "Design considerations cover transcription (section 1.2).",
             "A generic parser handles every URI reference (p. 6).",
             "A URI reference denotes a sameness of characteristics over time (pp. 9-10).",
         ],
         claims=[
             rec("Global scope.", "p. 6", R_P6_GLOBAL),
             rec("Locator or name.", "p. 7", R_113),
             rec("Federated naming.", {"lines": [305, 307]}, R_111_FED),
             rec("Relative referencing.", dict(zip(("start_char", "end_char"), char_span(RFC, R_123))),
                 R_123),
             rec("Transcription.", "section 1.2.1", R_121),
             rec("Generic parser.", "section 1.1.1", R_111),
             rec("Sameness over time.", "pp. 9-10", R_P9_CROSS),
         ])

    # ================================================================================= SUM104
    case("sum104-not-locators-ok",
         "SUM104 negative: parentheses that are no locators — '(e.g. …)', '(i.e. …)', '(z. B. …)', "
         "'(p. ej. …)', '(RFC 2396)', '(2005)', '(ABNF)' — next to real locators, lead-ins 'see', 'cf.', "
         "'vgl.', 'siehe', 'véase', and abbreviations and numbers inside sentences (e.g., U.S., Art. 5, "
         "1.2.3, z. B.). No finding.",
         source=RFC,
         summary=[
             "# Parentheses that are no locators",
             "",
             "A resource can be abstract (e.g. a number) or concrete (i.e. a document) (see p. 5).",
             "Ressourcen sind z. B. Dokumente oder Bilder (z. B. ein Wetterbericht) (vgl. S. 5).",
             "Un recurso puede ser abstracto (p. ej. un número) (véase la p. 5).",
             "The ABNF of RFC 2234 (ABNF) is used throughout (cf. section 1.3).",
             "This document obsoletes an older one (RFC 2396) from before 2005 (2005) (siehe Abschnitt 1).",
             "Section numbers such as 1.2.3 appear in running text, as in a U.S. style guide (section 1.2.3).",
             "Art. 5 of some other law is not cited here; the RFC is (section 1.2.3).",
         ],
         claims=[
             rec("Abstract resources.", "p. 5", R_RESOURCE_EG),
             rec("ABNF notation.", "section 1.3", R_13),
             rec("Obsoletes RFC 2396.", "section 1", cut(RFC, "This document obsoletes [RFC2396]")),
             rec("Relative referencing.", "section 1.2.3", R_123),
         ])

    # ================================================================================= SUM105
    case("sum105-es-restarted-section-numbering", description=
         "SUM105 (Spanish): the Debian Reference numbers its Prefacio '1. Aviso' … '5.' and then starts "
         "'Capítulo 1.' with '1.1.', '1.1.1.': section 1 heads two places, so '(sección 1)' is ambiguous "
         "(warning on the sentence, exit 0) and resolves to both; a record located by 'sección 1' is "
         "ambiguous too. Its quote stands in Capítulo 1, one of the candidates, so it verifies.",
         source=DREF_ES,
         summary=[
             "# Prefacio y capítulo 1",
             "",
             ("La guía se ofrece sin garantía alguna (sección 1).", "SUM105"),
             "Aprender un sistema es como aprender un idioma nuevo [síntesis].",
         ],
         claims=[
             rec("Sin garantía.", {"lines": [33, 40]}, ES_1_AVISO, "afirma"),
             rec("Como aprender un idioma.", "sección 1", ES_CAP1, "afirma", expect="SUM105",
                 where="unchecked"),
         ])

    case("sum105-pt-restarted-section-numbering", description=
         "SUM105 (Portuguese): the Debian Reference preface has '1. Aviso Legal' and the book then "
         "starts 'Capítulo 1.', so '(secção 1)' heads two places: a warning on the sentence, exit 0.",
         source=DREF_PT,
         summary=[
             "# Prefácio e capítulo 1",
             "",
             ("As garantias são recusadas (secção 1).", "SUM105"),
         ],
         claims=[
             rec("Sem garantias.", {"lines": [33, 40]}, PT_1_AVISO, "afirma"),
         ])

    case("sections-after-restart-resolve-es", description=
         "Headings '1.1.' and '1.1.1.' after the Prefacio's '1.'–'5.' (and 'Capítulo 1.') are numbered "
         "headings of the source: 'sección 1.1.1' and 'sección 1.1' resolve and are backed (SPEC: "
         "sections come from numbered headings; only ambiguity is reported). No finding.",
         source=DREF_ES,
         summary=[
             "# Capítulo 1",
             "",
             "Sin entorno gráfico aparece una pantalla de inicio de sesión en modo texto (sección 1.1.1).",
             "La introducción a la consola explica el inicio de sesión (sección 1.1).",
         ],
         claims=[
             rec("Pantalla de inicio de sesión.", "sección 1.1.1", ES_111, "afirma", where="unchecked"),
         ])

    case("sections-after-restart-resolve-pt", description=
         "Portuguese twin of sections-after-restart-resolve-es: 'secção 1.1.1' after the preface's "
         "'1.'–'5.' resolves and is backed. No finding.",
         source=DREF_PT,
         summary=[
             "# Capítulo 1",
             "",
             "Sem ambiente gráfico aparece um ecrã de login em modo texto (secção 1.1.1).",
         ],
         claims=[
             rec("Ecrã de login.", "secção 1.1.1", PT_111, "afirma", where="unchecked"),
         ])

    case("sum105-unique-sections-ok",
         "SUM105 negative: in the same Debian Reference, sections 3.4 and 2 head one place each, so "
         "'(sección 3.4)' and '(apartado 2)' are not ambiguous. No finding.",
         source=DREF_ES,
         summary=[
             "# Secciones únicas",
             "",
             "Las estadísticas de uso miden la popularidad de cada paquete (sección 3.4).",
             "Debian es una comunidad que crea un sistema libre (apartado 2).",
         ],
         claims=[
             rec("Popularidad.", "apartado 3.4", ES_34, "afirma"),
             rec("Comunidad.", "sección 2", ES_2, "afirma"),
         ])

    # ================================================================================= SUM200
    good_gpl = [
        rec("Source code defined.", "section 1", G_1),
        rec("Any price or none.", "section 4", G_4),
    ]
    gpl_summary = [
        "# GPL-3 notes",
        "",
        "Source code is the preferred form for making modifications (section 1).",
        "Copies may be sold at any price or given away (section 4).",
    ]
    case("sum200-unknown-key-typo",
         "SUM200: a record spells 'qoute' for 'quote' (unknown key, and the required quote is missing); "
         "a key beginning with 'x-' is allowed. One finding on the record's line.",
         source=GPL, summary=gpl_summary,
         claims=[good_gpl[0],
                 Raw('{"claim": "Unlimited permission to run.", "locator": "section 2", "qoute": '
                     + __import__("json").dumps(G_2) + ', "strength": "states"}', ["SUM200"]),
                 rec("Any price or none.", "section 4", G_4, x_reviewer="legal team")])

    case("sum200-bad-strength",
         "SUM200: strengths 'mandatory' and 'verpflichtend' are not in the vocabulary (states, recommends, "
         "requires, reports and their Spanish, German and Portuguese translations).",
         source=GPL, summary=gpl_summary,
         claims=good_gpl + [
             rec("Unlimited permission to run.", "section 2", G_2, "mandatory", expect="SUM200"),
             rec("Anti-circumvention waiver.", "section 3", G_3, "verpflichtend", expect="SUM200"),
         ])

    case("sum200-blank-quote",
         "SUM200: an empty quote and a whitespace-only quote (spaces, a tab, a no-break space) break "
         "the schema; so does an empty claim.",
         source=GPL, summary=gpl_summary,
         claims=good_gpl + [
             rec("Empty quote.", "section 2", "", expect="SUM200"),
             rec("Blank quote.", "section 2", "  \t\u00a0 ", expect="SUM200"),
             rec("", "section 3", G_3, expect="SUM200"),
         ])

    case("sum200-jsonl-line-not-json",
         "SUM200 in JSONL: a line of YAML-ish text, a truncated object, and JSON that is no record (an "
         "array, a string) are each SUM200 at their own line; the other lines are still checked.",
         source=GPL, summary=gpl_summary,
         claims=[good_gpl[0],
                 Raw("claim: not JSON at all", ["SUM200"]),
                 Raw('{"claim": "Truncated.", "locator": "section 2", "quote": "This License', ["SUM200"]),
                 Raw('["section 2", "states"]', ["SUM200"]),
                 Raw('"just a string"', ["SUM200"]),
                 good_gpl[1]])

    case("sum200-nul-byte-in-jsonl-line",
         "SUM200: a raw NUL byte inside a JSONL line makes that line SUM200 (SPEC: 'in a JSONL line it is "
         "SUM200 at that line'); the other records are checked.",
         source=GPL, summary=gpl_summary,
         claims=[good_gpl[0],
                 Raw('{"claim": "Unlimited\x00 permission.", "locator": "section 2", "quote": "x", '
                     '"strength": "states"}', ["SUM200"]),
                 good_gpl[1]])

    case("sum200-missing-and-mistyped-fields",
         "SUM200: a record without strength, one without locator, one whose locator is a number, one "
         "whose claim is a list, and an object locator with an unknown key.",
         source=GPL, summary=gpl_summary,
         claims=good_gpl + [
             Raw('{"claim": "No strength.", "locator": "section 2", "quote": '
                 + __import__("json").dumps(G_2) + '}', ["SUM200"]),
             Raw('{"claim": "No locator.", "quote": ' + __import__("json").dumps(G_3)
                 + ', "strength": "states"}', ["SUM200"]),
             rec("Numeric locator.", 2, G_2, expect="SUM200"),
             rec(["a", "list"], "section 3", G_3, expect="SUM200"),
             rec("Unknown locator key.", {"pages": 2}, G_0, expect="SUM200"),
         ])

    case("sum200-valid-records-ok",
         "SUM200 negative: optional fields (id as string and integer, topic, ignore, x- keys) and every "
         "strength translation: afirma/feststellend (states), recomienda/empfehlend/recomenda "
         "(recommends), exige/fordernd (requires), informa/berichtend/relata (reports), each matching "
         "its quote's modal verb. No finding.",
         source=RFC,
         summary=[
             "# Records with every strength",
             "",
             "A URI is a compact means of identifying a resource (p. 4).",
             "A generic parser handles any URI reference (section 1.1.1).",
             "A character encoding for percent-encoded octets is specified by the definition that allows them (section 1.2.1).",
             "Documentation prefers the term URI (section 1.1.3).",
             "Schemes keep relative referencing possible (section 1.2.3).",
             "A globally unique reference uses a URI that distinguishes the resource (section 1.1).",
             "Conflicting data is percent-encoded (section 2.2).",
             "Sam and Kim illustrate transcription (section 1.2.1).",
             "Example URIs cover several schemes (section 1.1.2).",
             "Percent-encoding represents data octets (section 2.1).",
         ],
         claims=[
             rec("A URI identifies a resource.", "p. 4", R_P4, "afirma", id="c1", topic="basics"),
             rec("Generic parser.", "section 1.1.1", R_111, "feststellend", id=2),
             rec("Encoding is specified.", "section 1.2.1", R_SHOULD_DEF, "recomienda"),
             rec("Prefer the term URI.", "section 1.1.3", R_SHOULD_URI, "empfehlend"),
             rec("Schemes stay hierarchical.", "section 1.2.3", R_SHOULD_DESIGN, "recomenda"),
             rec("Globally unique things use URIs.", "section 1.1", R_MUST_GLOBAL, "exige"),
             rec("Conflicting data is encoded.", "section 2.2", R_MUST_PCT, "fordernd", x_note="2119"),
             rec("Sam and Kim.", "section 1.2.1", R_121_SAMKIM, "informa"),
             rec("Example URIs.", "section 1.1.2", R_112, "berichtend"),
             rec("Percent-encoded octets.", "section 2.1", R_21, "relata", ignore=[]),
         ])

    # ================================================================================= SUM201
    case("sum201-quote-not-found",
         "SUM201: an invented sentence, a quote with its first letter lower-cased (matching is "
         "case-sensitive), one with a right-to-left override (bidi controls are never folded away), one "
         "with a Cyrillic 'а' in 'classified' (look-alikes never match), and two sentences glued from "
         "different paragraphs. Sentences stay backed by good records at the same places.",
         source=RFC,
         summary=[
             "# Quotes that stand nowhere",
             "",
             "A URI is a compact means of identifying a resource (p. 4).",
             "Each URI can be a locator, a name, or both (section 1.1.3).",
             "The URI syntax was designed for transcription (section 1.2.1).",
         ],
         claims=[
             rec("A URI identifies a resource.", "p. 4", R_P4),
             rec("Locator or name.", "section 1.1.3", R_113),
             rec("Transcription.", "section 1.2.1", R_121),
             rec("URIs never change.", "p. 4",
                 "A URI is guaranteed to identify the same resource forever.", expect="SUM201"),
             rec("Lower-cased quote.", "section 1.2.1", R_121[0].lower() + R_121[1:], expect="SUM201"),
             rec("Quote with a bidi override.", "p. 4", R_P4.replace("simple", "sim\u202eple"),
                 expect="SUM201"),
             rec("Quote with a Cyrillic letter.", "section 1.1.3",
                 R_113.replace("classified", "cl\u0430ssified"), expect="SUM201"),
             rec("Glued quote.", "section 1.1.3", R_113 + " " + R_112, expect="SUM201"),
         ])

    case("sum201-multiline-quotes-ok",
         "SUM201 negative: quotes that run over line breaks and indentation (RFC layout), over an "
         "NBSP-indented line (Debian Reference), and over the page break of an RFC (footer and header "
         "lines included) match exactly after white-space normalisation. No finding.",
         source=RFC,
         summary=[
             "# Multi-line quotes",
             "",
             "The URI syntax is organised hierarchically, in order of decreasing significance (section 1.2.3).",
             "Nothing in the specification stops an application from limiting itself to some resources (pp. 5–6).",
         ],
         claims=[
             rec("Hierarchical syntax.", "section 1.2.3",
                 cut(RFC, "The URI syntax is organized hierarchically, with components listed in",
                     "order of decreasing significance from left to right.")),
             rec("Applications may limit themselves.", "pp. 5–6", R_P5_CROSS),
         ])

    # ================================================================================= SUM202
    case("sum202-quote-misplaced",
         "SUM202: quotes that stand in the RFC but not where their records say — by page, section, "
         "lines, and object locators {page}, {section}, {start_char, end_char}. Each sentence stays "
         "backed by a good record at its place.",
         source=RFC,
         summary=[
             "# Misplaced quotes",
             "",
             "A URI is a compact means of identifying a resource (p. 4).",
             "Relative referencing frees document trees from their location (section 1.2.3).",
             "The URI character set is small (line 622).",
             "Reserved characters delimit components (section 2.2).",
             "Each URI can be a locator, a name, or both (section 1.1.3).",
         ],
         claims=[
             rec("A URI identifies a resource.", "p. 4", R_P4),
             rec("Relative referencing.", "section 1.2.3", R_123),
             rec("Small character set.", "line 622", R_L622),
             rec("Reserved set.", "section 2.2", R_22),
             rec("Locator or name.", "section 1.1.3", R_113),
             rec("No limit on resources.", "p. 4", R_P5_SCOPE, expect="SUM202"),
             rec("Relative referencing, filed under 1.2.2.", "section 1.2.2", R_123, expect="SUM202"),
             rec("Small set, wrong lines.", "lines 600–610", R_L622, expect="SUM202"),
             rec("A URI identifies, wrong page.", {"page": 7}, R_P4, expect="SUM202"),
             rec("Reserved set, wrong section.", {"section": "2.1"}, R_22, expect="SUM202"),
             rec("Locator or name, wrong offsets.",
                 dict(zip(("start_char", "end_char"), char_span(RFC, R_112))), R_113, expect="SUM202"),
         ])

    case("sum202-cross-page-range-ok",
         "SUM202 negative: a quote that crosses the page 5/6 break (running footer and header included) "
         "is at 'pp. 5–6', and one crossing the DSGVO page 2/3 break is at 'Seiten 2–3'. No finding.",
         source=RFC,
         summary=[
             "# Quotes across a page break",
             "",
             "Applications can limit themselves to some types of resources (pp. 5–6).",
         ],
         claims=[rec("Applications may limit themselves.", "pp. 5-6", R_P5_CROSS)])

    # ================================================================================= SUM205
    short_summary = [
        "# Short quotes",
        "",
        "Everyone has the right to life (artículo 3).",
        "Nobody is subjected to torture (artículo 5).",
        "Everyone has the right to move freely and to leave any country (artículo 13).",
        "Everyone has equal protection of the law (artículo 7).",
    ]
    short_claims = [
        rec("Derecho a la vida.", "artículo 3", E_VIDA, "afirma", expect="SUM205"),
        rec("Nadie sometido a tortura.", "artículo 5", E_NADIE, "afirma", expect="SUM205"),
        rec("Circulación y salida.", "artículo 13", E_ART13_REPEAT, "afirma", expect="SUM205"),
        rec("Protección de la ley.", "artículo 7", E_PROT_LEY, "afirma"),
    ]
    case("sum205-ambiguous-quote",
         "SUM205 (warning, exit 0): a 4-word quote of 17 characters, a 3-word quote, and a quote that "
         "stands twice inside its locator (Artículo 13). Each still verifies and backs its sentence; a "
         "quote of exactly 4 words and 20 characters ('protección de la ley', once in Artículo 7) is "
         "long enough.",
         source=DUDH_ES, summary=short_summary, claims=short_claims)

    case("sum205-fail-on-warning",
         "SUM205 with --fail-on warning: the same warnings make the run exit 1.",
         source=DUDH_ES, summary=short_summary, claims=short_claims,
         args=["--fail-on", "warning"], exit=1)

    # ================================================================================= SUM206
    case("sum206-unresolved-claim-locator",
         "SUM206: records citing page 99, a 23-digit page, section 7.7, lines 900–910, characters beyond "
         "the text, {page: 13} and {section: '9'} — each SUM206 only, whether its quote stands elsewhere "
         "(no SUM202) or nowhere (no SUM201).",
         source=RFC,
         summary=[
             "# Records citing places the source lacks",
             "",
             "A URI is a compact means of identifying a resource (p. 4).",
         ],
         claims=[
             rec("A URI identifies a resource.", "p. 4", R_P4),
             rec("Page 99.", "p. 99", R_P5_SCOPE, expect="SUM206"),
             rec("Huge page.", "p. 99999999999999999999999", R_2, expect="SUM206"),
             rec("Section 7.7.", "section 7.7", R_113, expect="SUM206"),
             rec("Lines beyond.", {"lines": [900, 910]}, R_L622, expect="SUM206"),
             rec("Characters beyond.", {"start_char": 999999, "end_char": 1000010}, R_21, expect="SUM206"),
             rec("Page 13.", {"page": 13}, R_22, expect="SUM206"),
             rec("Fabricated at section 9.", {"section": "9"},
                 "URI schemes are registered with IANA within thirty days.", expect="SUM206"),
         ])

    case("sum206-boundaries-ok",
         "SUM206 negative: records at the last page (string and object), the last section, the last "
         "lines and character offsets on the last page of the RFC excerpt resolve. No finding.",
         source=RFC,
         summary=[
             "# Records at the end of the excerpt",
             "",
             "Reserved characters delimit components, and conflicting data is percent-encoded (p. 12).",
         ],
         claims=[
             rec("Reserved set.", "p. 12", R_22),
             rec("Conflicting data is percent-encoded.", {"page": 12}, R_MUST_PCT, "requires"),
             rec("Reserved, may be delimiters.", {"section": "2.2"},
                 cut(RFC, "These characters are called", "\"reserved\" because they")),
             rec("Implementation-specific syntax.", {"lines": [657, 657]},
                 cut(RFC, "implementation-specific syntax of a URI's dereferencing algorithm.")),
             rec("Conflicting data.", dict(zip(("start_char", "end_char"), char_span(RFC, R_CONFLICT))),
                 R_CONFLICT),
         ])

    # ========================================================================= object locators
    case("object-locators-ok",
         "Object locators in JSONL records: {page}, {section}, {lines} and {start_char, end_char} "
         "(offsets into the source text as loaded, end exclusive; cut by script), each backing a "
         "sentence. No finding.",
         source=RFC,
         summary=[
             "# Object locators",
             "",
             "A URI is a compact means of identifying a resource (p. 4).",
             "Each URI can be a locator, a name, or both (section 1.1.3).",
             "The URI character set is small (line 622).",
             "Relative referencing frees document trees from their location (section 1.2.3).",
         ],
         claims=[
             rec("A URI identifies a resource.", {"page": 4}, R_P4),
             rec("Locator or name.", {"section": "1.1.3"}, R_113),
             rec("Small character set.", {"lines": [622, 622]}, R_L622),
             rec("Relative referencing.", dict(zip(("start_char", "end_char"), char_span(RFC, R_123))),
                 R_123),
         ])


def build_formats() -> None:
    # =========================================================================== normalized level
    case("normalized-match-en",
         "Normalized level (accepted, no finding): quotes as a word processor or PDF copy would give them "
         "— curly quotes for the RFC's straight ones, en dashes for hyphens, a line-end hyphen closed up "
         "('pre-\\n existing' quoted 'pre-existing', 'scheme-\\n independent' quoted "
         "'scheme-independent'), an 'ﬁ' ligature, a soft hyphen, a zero-width space — and a no-break "
         "space (white space at the exact level).",
         source=RFC,
         summary=[
             "# Typography in quotes",
             "",
             "Reserved characters delimit components (section 2.2).",
             "An HTTP-to-SMS gateway is a resource too (p. 5).",
             "Uniform syntax lets new applications reuse existing identifiers (section 1.1).",
             "Parsing can be independent of the scheme (section 1.1.1).",
             "No character encoding is mandated (section 2).",
             "Relative referencing frees document trees from their location (section 1.2.3).",
             "The URI syntax was designed for transcription (section 1.2.1).",
             "Each URI can be a locator, a name, or both (section 1.1.3).",
         ],
         claims=[
             rec("Reserved set (curly quotes).", "section 2.2",
                 R_22.replace('"reserved"', "\u201creserved\u201d"), where="unchecked"),
             rec("HTTP-to-SMS (en dashes).", "p. 5", R_SMS.replace("-", "\u2013"), where="unchecked"),
             rec("Pre-existing (line-end hyphen).", "section 1.1",
                 R_11_PRE.replace("pre- existing", "pre-existing"), where="unchecked"),
             rec("Scheme-independent (line-end hyphen).", "section 1.1.1",
                 R_111_SCHEME.replace("scheme- independent", "scheme-independent"), where="unchecked"),
             rec("No mandated encoding (ligature).", "section 2", R_2.replace("fi", "\ufb01"),
                 where="unchecked"),
             rec("Relative referencing (soft hyphen).", "section 1.2.3",
                 R_123.replace("Relative", "Rela\u00adtive"), where="unchecked"),
             rec("Transcription (zero-width space).", "section 1.2.1",
                 R_121.replace("transcription", "trans\u200bcription"), where="unchecked"),
             rec("Locator or name (no-break spaces).", "section 1.1.3", R_113.replace(" ", "\u00a0")),
         ])

    case("normalized-match-de",
         "Normalized level, German (no finding): straight quotes for the DSGVO's „…“ in "
         "'(„Rechenschaftspflicht“)'.",
         source=DSGVO,
         summary=[
             "# Rechenschaftspflicht",
             "",
             "Der Verantwortliche muss die Einhaltung nachweisen können (Artikel 5).",
         ],
         claims=[
             rec("Rechenschaftspflicht (gerade Anführungszeichen).", "Artikel 5",
                 D_RECHENSCHAFT.replace("\u201e", '"').replace("\u201c", '"'), "fordernd",
                 where="unchecked"),
         ])

    case("normalized-match-es",
         "Normalized level, Spanish (no finding): straight quotes for the Debian Reference's «…» and "
         "three dots for its '…' (NFKC); a quote holding «…» and '---' as the source has them stands "
         "exactly.",
         source=DREF_ES,
         summary=[
             "# Comillas y puntos suspensivos",
             "",
             "Tras el inicio de sesión se muestra el mensaje del día (líneas 435–437).",
             "Conviene tener un medio de arranque alternativo [síntesis].",
             "Tener a mano un medio alternativo de arranque es un consejo para noveles (sección 4).",
             "Una cita de la lista de correo habla de la cuerda que ofrece Unix (sección 5).",
         ],
         claims=[
             rec("Mensaje del día (comillas rectas).", "líneas 435–437",
                 ES_GUILLEMETS.replace("«", '"').replace("»", '"'), "afirma", where="unchecked"),
             rec("Medio de arranque (tres puntos).", "sección 4", ES_ELLIPSIS.replace("…", "..."),
                 "afirma", where="unchecked"),
             rec("Cita sobre Unix.", "sección 5", ES_DASHES, "informa"),
         ])

    case("normalized-match-pt",
         "Normalized level, Portuguese (no finding): curly quotes “(*)” for the Debian Reference's "
         "straight \"(*)\".",
         source=DREF_PT,
         summary=[
             "# Aspas",
             "",
             "Um tamanho seguido de (*) indica que o pacote falta no unstable (secção 3.5).",
         ],
         claims=[
             rec("Tamanho com (*).", "secção 3.5",
                 PT_QUOTES.replace('"(*)"', "\u201c(*)\u201d"), "afirma", where="unchecked"),
         ])

    # ========================================================================= YAML and JSON
    case("yaml-claims-mapping-ok",
         "YAML claim file, mapping form with source:, purpose: and claims:; object locators written as "
         "flow ({page: 2}) and block mappings ({start_char, end_char}); Spanish strengths. No finding.",
         source=DUDH_ES, fmt="yaml",
         claims_header={"source": "../_sources/dudh-es.txt", "purpose": "Derechos básicos."},
         summary=[
             "# Derechos básicos",
             "",
             "Todo individuo tiene derecho a la vida (pág. 2).",
             "La nacionalidad es un derecho (artículo 15).",
             "La libertad de opinión incluye difundir informaciones (artículo 19).",
             "La igualdad ante la ley es general (línea 90).",
         ],
         claims=[
             rec("Derecho a la vida.", {"page": 2}, E_ART3, "afirma"),
             rec("Nacionalidad.", {"section": "15"}, E_ART15, "afirma"),
             rec("Libertad de opinión.",
                 dict(zip(("start_char", "end_char"), char_span(DUDH_ES, E_ART19))), E_ART19, "afirma"),
             rec("Igualdad.", "línea 90", E_L90, "afirma", topic="igualdad"),
         ])

    case("yaml-claims-list-defects",
         "YAML claim file as a bare list: a misplaced quote (SUM202), a fabricated one (SUM201), a typo "
         "key 'qoute' (SUM200) and a record citing 'artículo 31' (SUM206), each reported on the line "
         "where its record starts ('- claim:').",
         source=DUDH_ES, fmt="yaml", yaml_list=True,
         summary=[
             "# Derechos (borrador)",
             "",
             "Todo individuo tiene derecho a la vida (artículo 3).",
         ],
         claims=[
             rec("Derecho a la vida.", "artículo 3", E_ART3, "afirma"),
             rec("Esclavitud, en otro artículo.", "artículo 3", E_ART4, "afirma", expect="SUM202"),
             rec("Inventado.", "artículo 3", "Todo individuo tiene derecho a un salario mínimo universal.",
                 "afirma", expect="SUM201"),
             rec("Libertad de opinión.", "artículo 31", E_ART19, "afirma", expect="SUM206"),
             R("Clave mal escrita.", "artículo 3", None, "afirma", ["SUM200"],
               {"qoute": E_ART3}, "unchecked"),
         ])

    case("json-claims-ok",
         "JSON claim file, mapping form, pretty-printed (one record over several lines); Portuguese "
         "strengths and an object locator. No finding.",
         source=DUDH_PT, fmt="json", claims_header={"purpose": "Direitos básicos."},
         summary=[
             "# Direitos básicos",
             "",
             "Todo o indivíduo tem direito à vida (artigo 3.º).",
             "A nacionalidade é um direito (pág. 4).",
             "A segurança social é um direito de todos (artigo 22.º).",
         ],
         claims=[
             rec("Direito à vida.", "artigo 3.º", P_ART3, "afirma"),
             rec("Nacionalidade.", {"page": 4}, P_ART15, "afirma"),
             rec("Segurança social.", "artigo 22.º", P_ART22, "relata"),
         ])

    case("json-claims-defects",
         "JSON claim file: a misplaced quote (SUM202), an unknown strength (SUM200) and a record citing "
         "'artigo 40.º' (SUM206), reported on the line where each record's '{' stands.",
         source=DUDH_PT, fmt="json",
         summary=[
             "# Direitos (rascunho)",
             "",
             "Todo o indivíduo tem direito à vida (artigo 3.º).",
         ],
         claims=[
             rec("Direito à vida.", "artigo 3.º", P_ART3, "afirma"),
             rec("Tortura, no artigo errado.", "artigo 3.º", P_ART5, "afirma", expect="SUM202"),
             rec("Força desconhecida.", "artigo 3.º", P_ART3, "obrigatoria", expect="SUM200"),
             rec("Artigo inexistente.", "artigo 40.º", P_ART19, "afirma", expect="SUM206"),
         ])

    # ============================================================================== suppression
    base_claims = [rec("A URI identifies a resource.", "p. 4", R_P4),
                   rec("Locator or name.", "section 1.1.3", R_113)]
    case("suppress-disable-next-line",
         "'<!-- summcheck-disable-next-line SUM101 -->' silences SUM101 on the next line only; a second "
         "unlabelled sentence further down is still SUM101, and a disable-next-line for SUM103 does not "
         "silence a SUM101 (that comment suppresses nothing: SUM100 unused-suppression, a warning).",
         source=RFC,
         summary=[
             "# Suppression",
             "",
             "A URI is a compact means of identifying a resource (p. 4).",
             "<!-- summcheck-disable-next-line SUM101 -->",
             "This sentence is known to have no locator yet.",
             ("This one has none either and is not covered.", "SUM101"),
             ("<!-- summcheck-disable-next-line SUM103 -->", "SUM100"),
             ("A wrong code does not silence this one.", "SUM101"),
         ],
         claims=base_claims)

    case("suppress-disable-enable-block",
         "'<!-- summcheck-disable SUM103 -->' … '<!-- summcheck-enable SUM103 -->' silences SUM103 "
         "between the comments only, by code or kebab name; SUM102 inside the block is still reported, "
         "and SUM103 after the block is reported.",
         source=RFC,
         summary=[
             "# Suppression blocks",
             "",
             "A URI is a compact means of identifying a resource (p. 4).",
             "<!-- summcheck-disable SUM103 -->",
             "Transcription is a design consideration (section 1.2.1).",
             "Relative references are covered (section 1.2.3).",
             ("The excerpt has no section 9 (section 9).", "SUM102"),
             "<!-- summcheck-enable SUM103 -->",
             ("Identification and interaction are separated (section 1.2.2).", "SUM103"),
             "<!-- summcheck-disable unbacked-sentence -->",
             "Examples of URIs are listed (section 1.1.2).",
             "<!-- summcheck-enable unbacked-sentence -->",
         ],
         claims=base_claims)

    case("suppress-disable-file",
         "'<!-- summcheck-disable-file -->' silences every finding on the summary: SUM101, SUM102, "
         "SUM103 and SUM104 are planted, the records are clean; exit 0.",
         source=RFC,
         summary=[
             "<!-- summcheck-disable-file -->",
             "# Work in progress",
             "",
             "A URI is a compact means of identifying a resource (p. 4).",
             "No locator here.",
             "A missing section (section 9).",
             "An unbacked section (section 1.2.1).",
             "A malformed locator (section three).",
         ],
         claims=base_claims)

    case("suppress-record-ignore",
         "The record 'ignore' field: ['SUM205'] silences a short quote's warning, ['quote-misplaced'] "
         "(kebab name) a misplaced quote; a record that ignores SUM201 but is misplaced still gets "
         "SUM202, and its unused 'SUM201' entry is SUM100 (unused-suppression, a warning).",
         source=DUDH_ES,
         summary=[
             "# Ignore en los registros",
             "",
             "Todo individuo tiene derecho a la vida (artículo 3).",
         ],
         claims=[
             rec("Derecho a la vida.", "artículo 3", E_VIDA, "afirma", ignore=["SUM205"]),
             rec("Tortura, bajo otro artículo.", "artículo 4", E_ART5, "afirma", ignore=["quote-misplaced"],
                 where="misplaced"),
             rec("Esclavitud, bajo otro artículo.", "artículo 5", E_ART4, "afirma", ignore=["SUM201"],
                 expect=["SUM202", "SUM100"]),
         ])

    # ================================================================================ CLI options
    cli_summary = [
        "# Options",
        "",
        "A URI is a compact means of identifying a resource (p. 4).",
        ("Every web address is a URI.", "SUM101"),
        ("The excerpt has no section 9 (section 9).", "SUM102"),
        ("Transcription is a design consideration (section 1.2.1).", "SUM103"),
    ]
    cli_claims = [
        rec("A URI identifies a resource.", "p. 4", R_P4),
        rec("Invented.", "p. 4", "A URI is guaranteed to identify the same resource forever.",
            expect="SUM201"),
        rec("Misplaced.", "p. 4", R_P5_SCOPE, expect="SUM202"),
        rec("Short.", "section 1.1.3", cut(RFC, "a name, or both."), expect="SUM205"),
    ]

    def only(rules):
        return [(s if not isinstance(s, tuple) else (s[0], [r for r in ([s[1]] if isinstance(s[1], str) else s[1]) if r in rules]))
                for s in cli_summary], \
            [R(c.claim, c.locator, c.quote, c.strength, [r for r in c.expect if r in rules], c.extra, c.where)
             for c in cli_claims]

    s_, c_ = only({"SUM201", "SUM202", "SUM205"})
    case("cli-select-prefix",
         "--select SUM2 (a code prefix) reports only SUM2xx findings: the records' SUM201, SUM202 and "
         "SUM205, not the summary's SUM101/102/103.",
         source=RFC, summary=s_, claims=c_, args=["--select", "SUM2"])

    s_, c_ = only({"SUM102", "SUM103", "SUM202", "SUM205"})
    case("cli-ignore-names-comma",
         "--ignore with kebab names, comma-separated: 'missing-locator,quote-not-found' drops SUM101 and "
         "SUM201; everything else is reported.",
         source=RFC, summary=s_, claims=c_, args=["--ignore", "missing-locator,quote-not-found"])

    s_, c_ = only({"SUM103", "SUM201", "SUM202", "SUM205"})
    case("cli-ignore-repeatable",
         "--ignore is repeatable and mixes codes and names: '--ignore SUM101 --ignore unresolved-locator'.",
         source=RFC, summary=s_, claims=c_, args=["--ignore", "SUM101", "--ignore", "unresolved-locator"])

    case("cli-fail-on-never",
         "--fail-on never reports every finding and exits 0.",
         source=RFC, summary=cli_summary, claims=cli_claims, args=["--fail-on", "never"], exit=0)

    case("cli-unknown-rule-exit2",
         "An unknown rule in --select is exit 2 (bad option), with a one-line cause.",
         source=RFC, summary=cli_summary, claims=cli_claims, args=["--select", "SUM999"], exit=2)

    case("cli-output-names-input-exit2",
         "--output naming an input file (the summary itself) is exit 2; inputs are never modified.",
         source=RFC, summary=cli_summary, claims=cli_claims, args=["--output", "summary.md"], exit=2)

    case("cli-source-override",
         "--source on the command line overrides a front matter source that does not exist. No finding.",
         source=None, front={"source": "missing-source.txt"},
         summary=["# Override", "", "A URI is a compact means of identifying a resource (p. 4)."],
         claims=[rec("A URI identifies a resource.", "p. 4", R_P4)], verify=False,
         args=["--source", "../_sources/rfc3986-p1-12.txt"])


def build_exit2() -> None:
    ok_summary = ["# Exit 2", "", "A URI is a compact means of identifying a resource (p. 4)."]
    ok_claims = [rec("A URI identifies a resource.", "p. 4", R_P4)]

    case("exit2-missing-source",
         "The front matter names a source that does not exist: exit 2 with a one-line cause.",
         source=None, front={"source": "../_sources/no-such-source.txt"}, summary=ok_summary,
         claims=ok_claims, verify=False, exit=2)
    case("exit2-source-is-directory",
         "The front matter's source is a directory: exit 2.",
         source=None, front={"source": "../_sources"}, summary=ok_summary, claims=ok_claims,
         verify=False, exit=2)
    case("exit2-missing-claims",
         "The claims file named in the front matter does not exist: exit 2.",
         source=RFC, summary=ok_summary, claims=None, exit=2)
    case("exit2-claims-is-directory",
         "The claims path is a directory: exit 2.",
         source=RFC, summary=ok_summary, claims=None, files={"claims.jsonl": None}, exit=2)
    case("exit2-invalid-yaml-claims",
         "A YAML claim file that does not parse (an unclosed double quote): exit 2.",
         source=RFC, summary=ok_summary, fmt="yaml", exit=2,
         claims_bytes=b'claims:\n  - claim: "unclosed\n    locator: p. 4\n    strength: states\n')
    case("exit2-nul-byte-in-yaml",
         "A raw NUL byte in a YAML claim file: exit 2 (SPEC: 'A raw NUL byte in YAML is exit 2').",
         source=RFC, summary=ok_summary, fmt="yaml", exit=2,
         claims_bytes=("claims:\n  - claim: A URI identifies a resource.\n    locator: p. 4\n"
                       "    quote: \"" + R_P4 + "\"\n    strength: st\x00ates\n").encode("utf-8"))
    case("yaml-python-object-apply-tag",
         "A '!!python/object/apply:os.system' tag inside a record never runs (no file appears in the "
         "folder): the contract allows exit 2 or SUM200 on that record; the other record backs the "
         "sentence.",
         source=RFC, summary=ok_summary, fmt="yaml", exit=[1, 2],
         claims_bytes=("claims:\n"
                       "  - claim: !!python/object/apply:os.system [\"touch summcheck-pwned\"]\n"
                       "    locator: p. 4\n"
                       "    quote: \"" + R_P5_SCOPE + "\"\n"
                       "    strength: states\n"
                       "  - claim: A URI identifies a resource.\n"
                       "    locator: p. 4\n"
                       "    quote: \"" + R_P4 + "\"\n"
                       "    strength: states\n").encode("utf-8"),
         extra_expect=[{"rule": "SUM200", "path": "claims.yaml", "line": 2}])
    case("exit2-yaml-python-tag-document",
         "A claim file that is nothing but a '!!python/object/apply' tag: never run, exit 2.",
         source=RFC, summary=ok_summary, fmt="yaml", exit=2,
         claims_bytes=b'!!python/object/apply:os.system ["touch summcheck-pwned"]\n')
    case("exit2-invalid-utf8-summary",
         "A summary with an invalid UTF-8 sequence (0xC3 0x28): exit 2.",
         source=RFC, summary=ok_summary, claims=ok_claims, exit=2,
         post={"summary.md": lambda b: b.replace("compact".encode(), b"comp\xc3\x28ct")})
    case("exit2-invalid-utf8-claims",
         "A JSONL claim file with a Latin-1 byte (0xE9) where UTF-8 is required: exit 2.",
         source=RFC, summary=ok_summary, claims=ok_claims, exit=2,
         post={"claims.jsonl": lambda b: b.replace(b"identifies", b"identifi\xe9s")})
    case("exit2-front-matter-page-numbers-printed",
         "Invalid front matter: 'page-numbers: printed' is none of auto, label, physical: exit 2.",
         source=RFC, front={"page-numbers": "printed"}, summary=ok_summary, claims=ok_claims, exit=2)
    case("exit2-front-matter-ocr-not-boolean",
         "Invalid front matter: 'ocr: maybe' is not a boolean: exit 2.",
         source=RFC, front={"ocr": "maybe"}, summary=ok_summary, claims=ok_claims, exit=2)
    case("exit2-front-matter-source-is-list",
         "Invalid front matter: 'source:' holds a list instead of a path: exit 2.",
         source=None, front={"source": "[../_sources/rfc3986-p1-12.txt, ../_sources/gpl3-s0-5.txt]"},
         summary=ok_summary, claims=ok_claims, verify=False, exit=2)
    case("exit2-front-matter-unparseable",
         "Front matter that is not YAML (an unclosed flow sequence): exit 2.",
         source=RFC, front={"purpose": "[unclosed"}, summary=ok_summary, claims=ok_claims, exit=2)
    case("exit2-front-matter-not-a-mapping",
         "Front matter that is a YAML list, not a mapping: exit 2.",
         source=RFC, summary=ok_summary, claims=ok_claims, exit=2,
         post={"summary.md": lambda b: b.replace(b"---\nsource:", b"---\n- a list item\n- another\n#source:", 1)
               .replace(b"\nclaims: claims.jsonl", b"\n#claims: claims.jsonl")})
    case("exit2-claims-scalar",
         "A YAML claim file that parses to a scalar, not a list or a mapping with claims: exit 2.",
         source=RFC, summary=ok_summary, fmt="yaml", exit=2, claims_bytes=b"just a sentence\n")
    case("exit2-claims-mapping-without-claims",
         "A JSON claim file that is a mapping without 'claims:' (records under 'records'): exit 2.",
         source=RFC, summary=ok_summary, fmt="json", exit=2,
         claims_bytes=('{"records": [{"claim": "A URI identifies a resource.", "locator": "p. 4", '
                       '"quote": "' + R_P4 + '", "strength": "states"}]}\n').encode("utf-8"))
    case("exit2-invalid-json-claims",
         "A JSON claim file that does not parse (truncated): exit 2.",
         source=RFC, summary=ok_summary, fmt="json", exit=2,
         claims_bytes=b'{"claims": [{"claim": "A URI identifies a resource.", "locator": "p. 4",\n')
    case("exit2-absurdly-nested-yaml",
         "A YAML claim file nested 20,000 levels deep: exit 2 (not a crash, no traceback).",
         source=RFC, summary=ok_summary, fmt="yaml", exit=2,
         claims_bytes=b"claims: " + b"[" * 20000 + b"]" * 20000 + b"\n")


def build_encoding_markdown() -> None:
    def bom_crlf(b: bytes) -> bytes:
        return b"\xef\xbb\xbf" + b.replace(b"\n", b"\r\n")

    case("encoding-bom-crlf-ok",
         "A summary and a JSONL claim file with a UTF-8 BOM and CRLF line ends check like plain UTF-8 "
         "(SPEC: UTF-8 with or without a BOM). No finding.",
         source=DUDH_ES,
         summary=["# BOM y CRLF", "", "Todo individuo tiene derecho a la vida (artículo 3).",
                  "Nadie estará sometido a esclavitud (artículo 4)."],
         claims=[rec("Derecho a la vida.", "artículo 3", E_ART3, "afirma"),
                 rec("Esclavitud.", "artículo 4", E_ART4, "afirma")],
         post={"summary.md": bom_crlf, "claims.jsonl": bom_crlf})

    case("encoding-bom-crlf-lines",
         "With a BOM and CRLF line ends, findings keep their 1-based lines: SUM101 on summary line 8 and "
         "SUM201 on claims line 2.",
         source=DUDH_ES,
         summary=["# BOM y CRLF", "", "Todo individuo tiene derecho a la vida (artículo 3).",
                  ("La Declaración tiene treinta artículos.", "SUM101")],
         claims=[rec("Derecho a la vida.", "artículo 3", E_ART3, "afirma"),
                 rec("Inventado.", "artículo 3", "Todo individuo tiene derecho a vivir para siempre.",
                     "afirma", expect="SUM201")],
         post={"summary.md": bom_crlf, "claims.jsonl": bom_crlf})

    def nfd(b: bytes) -> bytes:
        import unicodedata
        return unicodedata.normalize("NFD", b.decode("utf-8")).encode("utf-8")

    case("encoding-nfd-ok",
         "Summary and records written in NFD (decomposed accents, as some editors save them) are "
         "NFC-normalised before parsing: 'página', 'artículo', 'línea' are still keywords and the "
         "quotes match the NFC source. No finding.",
         source=DUDH_ES,
         summary=["# Forma NFD", "", "Existe un recurso efectivo ante los tribunales (página 3).",
                  "La libertad de opinión incluye difundir informaciones (artículo 19).",
                  "La igualdad ante la ley es general (línea 90)."],
         claims=[rec("Recurso efectivo.", "página 3", E_ART8, "afirma"),
                 rec("Libertad de opinión.", "artículo 19", E_ART19, "afirma"),
                 rec("Igualdad.", "línea 90", E_L90, "afirma")],
         post={"summary.md": nfd, "claims.jsonl": nfd})

    case("markdown-structure-ok",
         "Markdown structure: two sentences on one line, a sentence soft-wrapped over two lines, nested "
         "and numbered list items, a block quote holding a list, emphasis, a link and a code span inside "
         "sentences; a table, a fenced code block, an HTML comment and headings hold no sentences. No "
         "finding.",
         source=RFC,
         summary=[
             "# Structure",
             "",
             "A URI is a compact means of identifying a resource (p. 4). Each URI can be a locator, a name, or both (section 1.1.3).",
             "The `http` and `ftp` schemes appear among the *examples* of",
             "[RFC 3986](https://www.rfc-editor.org/rfc/rfc3986) (section 1.1.2).",
             "",
             "1. Transcription shaped the character set (section 1.2.1).",
             "2. Relative references keep trees movable (section 1.2.3).",
             "   - Nested items are sentences too (section 1.2.3).",
             "",
             "> Block quotes are checked (p. 4).",
             ">",
             "> - So are lists inside them (section 1.1.3).",
             "",
             "| rule | where |",
             "|---|---|",
             "| no locator in a table | anywhere |",
             "",
             "```text",
             "No locator in code either.",
             "```",
             "",
             "<!--",
             "A multi-line comment without a locator.",
             "-->",
             "",
             "## Heading without a locator",
         ],
         claims=[
             rec("A URI identifies a resource.", "p. 4", R_P4),
             rec("Locator or name.", "section 1.1.3", R_113),
             rec("Example URIs.", "section 1.1.2", R_112),
             rec("Transcription.", "section 1.2.1", R_121),
             rec("Relative referencing.", "section 1.2.3", R_123),
         ])


RFF = "rfc3986-p1-7-footers.txt"
GPL_CRLF = "gpl3-s0-5-crlf.txt"
DUDH_PT_MD = "dudh-pt.md"


def build_sources_and_more_forms() -> None:
    # ======================================================================= other source layouts
    case("footer-pages-rfc-ok",
         "A text source without form feeds is paged by its '[Page N]' footer lines (RFC 3986 pages 1-6 "
         "and the start of page 7): the footer ends page N, and the text after the last footer is page "
         "7. A quote crossing the page 5/6 footer is at 'pp. 5–6'. No finding.",
         source=RFF,
         summary=[
             "# RFC 3986 without form feeds",
             "",
             "A URI is a compact means of identifying a resource (p. 4).",
             "The specification puts no limit on what a resource may be (p. 5).",
             "Applications can limit themselves to some types of resources (pp. 5–6).",
             "Example URIs cover several schemes (p. 7).",
             "A generic parser handles any URI reference (section 1.1.1).",
         ],
         claims=[
             rec("A URI identifies a resource.", "p. 4", R_P4),
             rec("No limit on resources.", "p. 5", R_P5_SCOPE),
             rec("Applications may limit themselves.", "pp. 5–6", R_P5_CROSS),
             rec("Example URIs.", "p. 7", R_112),
             rec("Generic parser.", "section 1.1.1", R_111),
         ])

    case("footer-pages-rfc-defects",
         "Footer-paged RFC text: page 8 does not exist (SUM102 in the summary, SUM206 in a record); the "
         "paragraph right after the '[Page 4]' footer is on page 5, so filed as 'p. 4' it is SUM202.",
         source=RFF,
         summary=[
             "# RFC 3986 without form feeds (draft)",
             "",
             "A URI is a compact means of identifying a resource (p. 4).",
             ("The excerpt has no eighth page (p. 8).", "SUM102"),
         ],
         claims=[
             rec("A URI identifies a resource.", "p. 4", R_P4),
             rec("No limit on resources.", "p. 4", R_P5_SCOPE, expect="SUM202"),
             rec("Example URIs.", "p. 8", R_112, expect="SUM206"),
         ])

    case("crlf-source-lines-ok",
         "A text source with CRLF line ends (the GPL-3 excerpt as a Windows checkout leaves it): lines "
         "split on \\r\\n count as on \\n, headings are found, quotes match across CRLF breaks. No finding.",
         source=GPL_CRLF,
         summary=[
             "# GPL-3 (CRLF)",
             "",
             "Verbatim copies of the source are allowed in any medium (lines 197–203).",
             "Copies may be sold at any price (line 205).",
             "This License means version 3 of the GPL (section 0).",
         ],
         claims=[
             rec("Verbatim copies.", "lines 197–203", cut(GPL_CRLF, "You may convey verbatim copies of the "
                                                          "Program's source code as you", "receive it, in any medium")),
             rec("Any price or none.", "line 205", cut(GPL_CRLF, "You may charge any price or no price")),
             rec("This License is GPL-3.", "section 0", cut(GPL_CRLF, "\"This License\" refers to version 3 "
                                                          "of the GNU General Public License.")),
         ])

    case("crlf-source-lines-defects",
         "CRLF text source: a quote on line 205 filed as line 197 is SUM202; line 244 is past the end "
         "(SUM102 and SUM206).",
         source=GPL_CRLF,
         summary=[
             "# GPL-3 (CRLF, draft)",
             "",
             "Copies may be sold at any price (line 205).",
             ("There is nothing after the last line (line 244).", "SUM102"),
         ],
         claims=[
             rec("Any price or none.", "line 205", cut(GPL_CRLF, "You may charge any price or no price")),
             rec("Any price, wrong line.", "line 197",
                 cut(GPL_CRLF, "and you may offer support or warranty protection for a fee."), expect="SUM202"),
             rec("Past the end.", "line 244", cut(GPL_CRLF, "Conveying under any other circumstances is "
                                                  "permitted solely"), expect="SUM206"),
         ])

    case("markdown-source-pt-ok",
         "A Markdown source (the pt-PT UDHR with '## Artigo N.º' headings and Markdown ordered lists for "
         "numbered paragraphs, which are no headings): 'artigo 1.º' is not ambiguous with the list items "
         "'1. …', 'artigos 3.º, 4.º e 5.º', 'artigo 29', 'linha', 'p. 1'. No finding.",
         source=DUDH_PT_MD,
         summary=[
             "# Declaração em Markdown",
             "",
             "Os seres humanos devem agir em espírito de fraternidade (artigo 1.º).",
             "Vida, proibição da escravatura e da tortura vêm juntas (artigos 3.º, 4.º e 5.º).",
             "O indivíduo tem deveres para com a comunidade (artigo 29).",
             "A igualdade perante a lei é geral (linha 49).",
             "O preâmbulo encoraja relações amistosas entre as nações (p. 1).",
         ],
         claims=[
             rec("Agir em fraternidade.", "artigo 1.º", P_ART1_DEVEM, "exige"),
             rec("Vida.", "artigo 3.º", P_ART3, "afirma"),
             rec("Escravatura.", "artigo 4.º", P_ART4, "afirma"),
             rec("Tortura.", "artigo 5.º", P_ART5, "afirma"),
             rec("Comunidade.", "artigo 29.º",
                 cut(DUDH_PT_MD, "O indivíduo tem", "para com a comunidade"), "afirma"),
             rec("Igualdade.", "linha 49", P_L83, "afirma"),
             rec("Relações amistosas.", "p. 1", P_P1, "afirma"),
         ])

    # ================================================================= more locator forms per language
    case("en-locator-forms-capitalized-inline",
         "English: capitalised keywords '(Section 1.1.3)', '(Page 4)', '(Sections 1.2.2 and 1.2.3)', "
         "'(See section 1.2.1)', and a locator inside the sentence rather than at its end. No finding.",
         source=RFC,
         summary=[
             "# Capitals and inline locators",
             "",
             "Each URI can be a locator, a name, or both (Section 1.1.3).",
             "A URI is a compact means of identifying a resource (Page 4).",
             "Identification and hierarchy are treated in turn (Sections 1.2.2 and 1.2.3).",
             "Transcription drives the character set (See section 1.2.1).",
             "As the overview explains (section 1.1), uniform syntax has several benefits.",
         ],
         claims=[
             rec("Locator or name.", "Section 1.1.3", R_113),
             rec("A URI identifies a resource.", "Page 4", R_P4),
             rec("Identification only.", "section 1.2.2", R_122),
             rec("Relative referencing.", "section 1.2.3", R_123),
             rec("Transcription.", "section 1.2.1", R_121),
             rec("Uniformity benefits.", "section 1.1", R_11_UNIFORM),
         ])

    case("de-artikel-absatz-forms",
         "German: 'Artikel 6(1)(a)' resolves at least to Artikel 6 (SPEC: 17(1)(a)), 'Art. 6 Abs. 1 "
         "Buchst. a', the list 'Artikel 1, 2 und 3', a hyphen range 'Zeilen 13-15', capitalised "
         "'Seite' at the start of the group. No finding.",
         source=DSGVO,
         summary=[
             "# DSGVO: weitere Fundstellen",
             "",
             "Eine Einwilligung für bestimmte Zwecke macht die Verarbeitung rechtmäßig (Artikel 6(1)(a)).",
             "Dasselbe gilt für die Erfüllung eines Vertrags (Art. 6 Abs. 1 Buchst. b).",
             "Gegenstand, sachlicher und räumlicher Anwendungsbereich stehen am Anfang (Artikel 1, 2 und 3).",
             "Die Verordnung schützt Grundrechte und Grundfreiheiten (Zeilen 13-15).",
         ],
         claims=[
             rec("Einwilligung.", "Artikel 6(1)(a)", D_ART6A, "feststellend"),
             rec("Vertrag.", "Art. 6 Abs. 1 lit. b", D_ART6_QUAL, "feststellend"),
             rec("Gegenstand.", "Artikel 1", D_S1, "feststellend"),
             rec("Sachlich.", "Artikel 2", D_Z23, "feststellend"),
             rec("Räumlich.", "Artikel 3", D_ART3, "feststellend"),
             rec("Grundrechte.", "Zeilen 13-15", D_Z15, "feststellend"),
         ])

    case("es-extra-locator-forms",
         "Spanish: a ';' list mixing kinds '(artículo 1; página 2)', a ',' and 'y' list 'artículos 3, 4 y "
         "5', a hyphen range 'líneas 52-54', capitalised 'Artículo'. No finding.",
         source=DUDH_ES,
         summary=[
             "# Más formas",
             "",
             "La libertad y la vida van juntas (artículo 1; página 2).",
             "Vida, esclavitud y tortura forman un bloque (artículos 3, 4 y 5).",
             "Todos nacen libres e iguales (líneas 52-54).",
             "La seguridad de la persona está protegida (Artículo 3).",
         ],
         claims=[
             rec("Libres e iguales.", "artículo 1", E_ART1, "afirma"),
             rec("Derecho a la vida.", "página 2", E_ART3, "afirma"),
             rec("Esclavitud.", "artículo 4", E_ART4, "afirma"),
             rec("Tortura.", "artículo 5", E_ART5, "afirma"),
         ])

    case("pt-extra-locator-forms",
         "Portuguese: a ';' list '(pág. 2; artigo 1.º)', a ',' and 'e' list 'artigos 3.º, 4.º e 5.º', a "
         "hyphen range 'linhas 46-48', capitalised 'Artigo'. No finding.",
         source=DUDH_PT,
         summary=[
             "# Mais formas",
             "",
             "A fraternidade abre a Declaração (pág. 2; artigo 1.º).",
             "Vida, escravatura e tortura formam um bloco (artigos 3.º, 4.º e 5.º).",
             "Todos nascem livres e iguais (linhas 46-48).",
             "A segurança pessoal é protegida (Artigo 3.º).",
         ],
         claims=[
             rec("Livres e iguais.", "artigo 1.º", P_ART1, "afirma"),
             rec("Vida.", "artigo 3.º", P_ART3, "afirma"),
             rec("Escravatura.", "artigo 4.º", P_ART4, "afirma"),
             rec("Tortura.", "artigo 5.º", P_ART5, "afirma"),
         ])

    case("jsonl-blank-lines-ok",
         "Blank lines between JSONL records (and a trailing one) are no records and no SUM200; the "
         "records keep their physical line numbers. No finding.",
         source=GPL,
         summary=["# GPL-3", "", "Source code is the preferred form for making modifications (section 1).",
                  "Copies may be sold at any price or given away (section 4)."],
         claims=[rec("Source code defined.", "section 1", G_1), Raw(""),
                 rec("Any price or none.", "section 4", G_4), Raw("   ")])


def build_more_defects() -> None:
    case("sum104-malformed-part-in-list", description=
         "A locator list whose first part is malformed: '(section three; p. 4)' is SUM104 for 'section "
         "three' (and no SUM101: the group is a locator, its 'p. 4' part is backed).",
         source=RFC,
         summary=["# Malformed part", "",
                  ("A URI is a compact means of identifying a resource (section three; p. 4).", "SUM104")],
         claims=[rec("A URI identifies a resource.", "p. 4", R_P4)])

    case("sum102-sum104-more-defects",
         "More locator defects: '(sections 1.2.1 and 9)' has an unresolved part (SUM102) and an unbacked "
         "one (SUM103) on the same line; '(§§ 1.2.3–1.2.1)' is a reversed section range (SUM104); "
         "'(p. 0)', '(line 0)' and '(section 0)' name nothing (SUM102); '(p. 4, 5)' has an unbacked "
         "second page (SUM103).",
         source=RFC,
         summary=[
             "# More defects",
             "",
             ("Transcription is a design consideration (sections 1.2.1 and 9).", ["SUM102", "SUM103"]),
             ("Design considerations run backwards (§§ 1.2.3–1.2.1).", "SUM104"),
             ("Nothing stands on page zero (p. 0).", "SUM102"),
             ("Nothing stands on line zero (line 0).", "SUM102"),
             ("The RFC has no section 0 (section 0).", "SUM102"),
             ("A URI is a compact means of identifying a resource (p. 4, 5).", "SUM103"),
         ],
         claims=[rec("A URI identifies a resource.", "p. 4", R_P4)])

    case("sum104-record-locators",
         "Malformed locators in records: reversed ranges 'pp. 6–5' and {lines: [200, 100]}, 'section "
         "three', an empty 'p. ' and start_char after end_char are SUM104 on the record (SPEC: a "
         "reversed range is SUM104; README: a record locator that cannot be parsed is SUM104); page 0 "
         "in an object locator breaks the schema (SUM200).",
         source=RFC,
         summary=["# Records with malformed locators", "",
                  "A URI is a compact means of identifying a resource (p. 4)."],
         claims=[
             rec("A URI identifies a resource.", "p. 4", R_P4),
             rec("Reversed pages.", "pp. 6–5", R_P6_GLOBAL, expect="SUM104"),
             rec("Reversed lines.", {"lines": [200, 100]}, R_11_UNIFORM, expect="SUM104"),
             rec("Words for numbers.", "section three", R_113, expect="SUM104"),
             rec("Empty page.", "p. ", R_121, expect="SUM104"),
             rec("Reversed offsets.", {"start_char": 900, "end_char": 100}, R_123, expect="SUM104"),
             rec("Page zero.", {"page": 0}, R_2, expect="SUM200"),
         ])

    case("locator-nbsp-ok",
         "No-break spaces inside locators, as typographers set them: 'p.\\u00a04', 'S.\\u202f1' (narrow "
         "no-break space, German style), 'pp.\\u00a04\\u20135', 'section\\u00a01.1.3', 'p.\\u20094' (thin "
         "space). No finding.",
         source=RFC,
         summary=[
             "# No-break spaces",
             "",
             "A URI is a compact means of identifying a resource (p.\u00a04).",
             "Ein URI identifiziert eine Ressource (S.\u202f4).",
             "URIs keep a global scope (pp.\u00a05\u20136).",
             "Each URI can be a locator, a name, or both (section\u00a01.1.3).",
             "A URI identifies a resource (p.\u20094).",
         ],
         claims=[rec("A URI identifies a resource.", "p. 4", R_P4),
                 rec("Global scope.", "pp. 5–6", R_P6_GLOBAL),
                 rec("Locator or name.", "section 1.1.3", R_113)])

    case("locator-html-entity-nbsp", description=
         "'&nbsp;' in a Markdown summary renders as a no-break space: '(p.&nbsp;4)' and "
         "'(S.&nbsp;4)' are the locators p. 4 and S. 4; other character references render too: "
         "'(pp.&nbsp;5&ndash;6)', '(&sect;&#160;1.1.3)'. No finding.",
         source=RFC,
         summary=["# Entities", "",
                  "A URI is a compact means of identifying a resource (p.&nbsp;4).",
                  "Ein URI identifiziert eine Ressource (S.&nbsp;4).",
                  "URIs keep a global scope (pp.&nbsp;5&ndash;6).",
                  "Each URI can be a locator, a name, or both (&sect;&#160;1.1.3)."],
         claims=[rec("A URI identifies a resource.", "p. 4", R_P4),
                 rec("Global scope.", "pp. 5–6", R_P6_GLOBAL),
                 rec("Locator or name.", "section 1.1.3", R_113)])

    case("locator-emphasis-inside-group",
         "Emphasis inside a locator group renders away: '(**p. 4**)', '(*see* p. 4)' and "
         "'(_section 1.1.3_)' are locators, not prose (no SUM101). No finding.",
         source=RFC,
         summary=["# Emphasis", "",
                  "A URI is a compact means of identifying a resource (**p. 4**).",
                  "A URI identifies a resource (*see* p. 4).",
                  "Each URI can be a locator, a name, or both (_section 1.1.3_)."],
         claims=[rec("A URI identifies a resource.", "p. 4", R_P4),
                 rec("Locator or name.", "section 1.1.3", R_113)])

    case("sum205-once-inside-locator-ok",
         "SUM205 negative: 'Toda persona tiene derecho a la libertad de' stands twice in the document "
         "(Artículos 18 and 20) but once inside 'artículo 18', so it pins the place down. No finding.",
         source=DUDH_ES,
         summary=["# Libertades", "", "Existe la libertad de pensamiento (artículo 18)."],
         claims=[rec("Libertad de pensamiento.", "artículo 18",
                     cut(DUDH_ES, "Toda persona tiene derecho a la libertad de"), "afirma")])

    case("sum205-repeated-on-page",
         "SUM205: the same quote cited by 'página 5' stands twice on that page (Artículos 18 and 20): a "
         "warning; it still backs the sentence. Exit 0.",
         source=DUDH_ES,
         summary=["# Libertades", "", "Existe la libertad de pensamiento y de reunión (página 5)."],
         claims=[rec("Libertades.", "página 5", cut(DUDH_ES, "Toda persona tiene derecho a la libertad de"),
                     "afirma", expect="SUM205")])

    case("cli-claims-override",
         "--claims on the command line overrides a front matter claims file that does not exist. No "
         "finding.",
         source=RFC, claims_name="claims.jsonl",
         summary=["# Override", "", "A URI is a compact means of identifying a resource (p. 4)."],
         claims=[rec("A URI identifies a resource.", "p. 4", R_P4)],
         post={"summary.md": lambda b: b.replace(b"claims: claims.jsonl", b"claims: missing.jsonl")},
         args=["--claims", "claims.jsonl"])

    config_summary = ["# Config", "", "A URI is a compact means of identifying a resource (p. 4).",
                      "This sentence has no locator, and the config ignores SUM101."]
    case("config-summcheck-toml-ignore", description=
         "summcheck.toml beside the summary with 'ignore = [\"SUM101\"]' drops SUM101. No finding.",
         source=RFC, summary=config_summary,
         claims=[rec("A URI identifies a resource.", "p. 4", R_P4)],
         files={"summcheck.toml": 'ignore = ["SUM101"]\n'})
    case("config-pyproject-ignore", description=
         "[tool.summcheck] in a pyproject.toml beside the summary with 'ignore = [\"missing-locator\"]' "
         "drops SUM101. No finding.",
         source=RFC, summary=config_summary,
         claims=[rec("A URI identifies a resource.", "p. 4", R_P4)],
         files={"pyproject.toml": '[project]\nname = "docs"\n\n[tool.summcheck]\nignore = ["missing-locator"]\n'})

    case("config-severity-override",
         "summcheck.toml '[severity] SUM205 = \"error\"' makes a short quote an error: exit 1.",
         source=DUDH_ES, summary=["# Config", "", "Todo individuo tiene derecho a la vida (artículo 3)."],
         claims=[rec("Derecho a la vida.", "artículo 3", E_VIDA, "afirma", expect="SUM205")],
         files={"summcheck.toml": '[severity]\nSUM205 = "error"\n'}, exit=1)
    case("config-per-file-ignores",
         "summcheck.toml '[per-file-ignores] \"summary.md\" = [\"SUM103\"]' drops the unbacked "
         "sentence; SUM101 on the same file is still reported.",
         source=RFC,
         summary=["# Config", "", "Transcription is a design consideration (section 1.2.1).",
                  ("This sentence has no locator.", "SUM101")],
         claims=[rec("A URI identifies a resource.", "p. 4", R_P4)],
         files={"summcheck.toml": '[per-file-ignores]\n"summary.md" = ["SUM103"]\n'})
    case("config-synthesis-labels",
         "summcheck.toml 'synthesis-labels = [\"[synthesis]\", \"[Fazit]\"]': a sentence labelled "
         "[Fazit] needs no locator. No finding.",
         source=DSGVO,
         summary=["# Config", "", "Die Verordnung schützt natürliche Personen (S. 1).",
                  "Insgesamt geht es um den Schutz von Personen [Fazit]."],
         claims=[rec("Gegenstand.", "S. 1", D_S1, "feststellend")],
         files={"summcheck.toml": 'synthesis-labels = ["[synthesis]", "[Fazit]"]\n'})
    case("config-explicit-file",
         "--config names a file in a subfolder ('fail-on = \"warning\"'): the short quote's warning "
         "fails the run.",
         source=DUDH_ES, summary=["# Config", "", "Todo individuo tiene derecho a la vida (artículo 3)."],
         claims=[rec("Derecho a la vida.", "artículo 3", E_VIDA, "afirma", expect="SUM205")],
         files={"conf": None, "conf/strict.toml": 'fail-on = "warning"\n'},
         args=["--config", "conf/strict.toml"], exit=1)
    case("config-invalid-value-exit2",
         "An invalid configuration value ('fail-on = \"sometimes\"') is exit 2 naming the key.",
         source=RFC, summary=["# Config", "", "A URI is a compact means of identifying a resource (p. 4)."],
         claims=[rec("A URI identifies a resource.", "p. 4", R_P4)],
         files={"summcheck.toml": 'fail-on = "sometimes"\n'}, exit=2)
    case("config-summaries-mapping",
         "A summary without front matter: summcheck.toml '[summaries.\"summary.md\"]' maps it to its "
         "source and claims (paths relative to the configuration file). No finding.",
         source=RFC, summary=["# Config", "", "A URI is a compact means of identifying a resource (p. 4)."],
         claims=[rec("A URI identifies a resource.", "p. 4", R_P4)],
         files={"summcheck.toml": '[summaries."summary.md"]\nsource = "../_sources/rfc3986-p1-12.txt"\n'
                                  'claims = "claims.jsonl"\n'},
         post={"summary.md": lambda b: b[b.index(b"\n---\n") + 5:]})

    levels = ['x-l0: &l0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for n in range(1, 8):
        levels.append(f"x-l{n}: &l{n} [" + ", ".join([f"*l{n - 1}"] * 9) + "]")
    bomb_head = "\n".join(levels) + "\nclaims:\n"
    bomb = (bomb_head
            + "  - claim: A URI identifies a resource.\n    locator: p. 4\n"
            + "    quote: \"" + R_P4 + "\"\n    strength: states\n"
            + "  - claim: An alias bomb in the quote.\n    locator: p. 4\n"
            + "    quote: *l7\n    strength: states\n")
    bomb_line = bomb_head.count("\n") + 5  # the second record's "- claim:" line
    case("yaml-alias-bomb-bounded", description=
         "A claims file of 800 bytes whose second record's quote is a YAML alias nesting 8 levels "
         "deep (9^8 references, the 'billion laughs' shape) must not be expanded: within 3 seconds the "
         "run either refuses the file (exit 2) or reports that record as SUM200 (a quote must be text) "
         "and checks the other one (exit 1).",
         source=RFC, fmt="yaml", exit=[1, 2],
         summary=["# Alias bomb", "", "A URI is a compact means of identifying a resource (p. 4)."],
         claims_bytes=bomb.encode("utf-8"), extra_max_seconds=3,
         extra_expect=[{"rule": "SUM200", "path": "claims.yaml", "line": bomb_line}])


PDF = "rfc3986-labels.pdf"
R_STATUS = cut(RFC, "Distribution of this memo is unlimited.")


def build_pdf_cases() -> None:
    """Cases on rfc3986-labels.pdf: RFC 3986 paragraphs typeset by tests/test_pdf_rules.py, printed
    labels i, ii, 1-5 on 8 sheets (label 5 on sheets 7 and 8), an outline 1-2.1."""
    case("pdf-labels-ok",
         "A PDF with printed page labels is cited by label under page-numbers: auto: 'p. 1' is sheet 3, "
         "'p. ii' the roman front matter, 'pp. 1–2' a label range, and outline sections resolve. No "
         "finding.",
         source=PDF, verify=False,
         summary=["# RFC 3986 (PDF)", "",
                  "A URI is a compact means of identifying a resource (p. 1).",
                  "The memo may be distributed without limit (p. ii).",
                  "Introduction and overview open the document (pp. 1–2).",
                  "Uniform syntax has several benefits (section 1.1)."],
         claims=[rec("A URI identifies a resource.", "p. 1", R_P4),
                 rec("Unlimited distribution.", "p. ii", R_STATUS),
                 rec("Uniformity benefits.", "p. 2", R_11_UNIFORM)])

    case("sum105-pdf-duplicated-page-label",
         "SUM105 on a PDF: label 5 is printed on sheets 7 and 8, so '(p. 5)' in a sentence and 'p. 5' "
         "in a record are ambiguous (warnings, exit 0); both resolve to the two sheets, so the record "
         "verifies and the sentence is backed.",
         source=PDF, verify=False,
         summary=["# RFC 3986 (PDF)", "",
                  ("Percent-encoding represents a data octet in a component (p. 5).", "SUM105")],
         claims=[rec("Percent-encoding.", "p. 5", R_L631, expect="SUM105")])

    case("pdf-physical-page-cited",
         "A PDF with labels cited by physical page under page-numbers: auto: the Uniformity paragraph "
         "is on sheet 4 (label 2), so 'p. 4' (label 4, sheet 6) misplaces it (SUM202) and the sentence "
         "it alone backs is unbacked (SUM103); 'p. 7' is no label at all (SUM102, no fallback to sheets).",
         source=PDF, verify=False,
         summary=["# RFC 3986 (PDF)", "",
                  ("Uniform syntax has several benefits (p. 4).", "SUM103"),
                  ("The URI syntax encodes data as characters (p. 7).", "SUM102")],
         claims=[rec("Uniformity benefits.", "p. 4", R_11_UNIFORM, expect="SUM202")])

    case("pdf-page-numbers-physical-ok",
         "'page-numbers: physical' in the front matter: 'p. 4' and 'p. 3' are sheets 4 and 3 whatever "
         "their labels. No finding.",
         source=PDF, verify=False, front={"page-numbers": "physical"},
         summary=["# RFC 3986 (PDF)", "",
                  "Uniform syntax has several benefits (p. 4).",
                  "A URI is a compact means of identifying a resource (p. 3)."],
         claims=[rec("Uniformity benefits.", "p. 4", R_11_UNIFORM),
                 rec("A URI identifies a resource.", "p. 3", R_P4)])


def main() -> None:
    build()
    build_defects()
    build_rules()
    build_formats()
    build_exit2()
    build_encoding_markdown()
    build_sources_and_more_forms()
    build_more_defects()
    build_pdf_cases()
    for extra in sorted(p.name for p in CASES.iterdir() if p.is_dir()):
        if not extra.startswith("_") and extra not in BUILT:
            print(f"note: {extra} is not written by this script", file=sys.stderr)
    print(f"{len(BUILT)} cases written")


if __name__ == "__main__":
    main()
