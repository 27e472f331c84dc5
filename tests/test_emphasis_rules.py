"""The emphasis rules end to end, on real source text in English, German, Spanish and Portuguese:
SUM301 duplicate-claim, SUM302 strength-mismatch, SUM303 emphasis-drift, SUM304
dropped-requirement, and modal lexicons extended in configuration.

Each test writes summary.md, claims.jsonl and a copy of a fixture source
(tests/fixtures/emphasis/, provenance in its README) into tmp_path and runs the Python API
`summcheck.check()` (the configuration tests run `python -m summcheck check`). Quotes are copied
verbatim from the sources; summary sentences are written for the test.
"""
from __future__ import annotations

import json
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import run_summcheck

import summcheck

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "emphasis"

RFC4511 = "en/rfc4511-excerpt.txt"
GPL3 = "en/gpl3-s6.txt"
DSGVO = "de/dsgvo-excerpt.txt"
DUDH_ES = "es/dudh-excerpt.txt"
MANPATH_ES = "es/manpath.5.txt"
DUDH_PT = "pt/dudh-excerpt.txt"
MANPATH_PT = "pt/manpath.5.txt"
PASSWD_PT = "pt/passwd.5.txt"

# --- Quotes, copied from the fixture sources -------------------------------------------------
# RFC 4511 excerpt (line numbers of en/rfc4511-excerpt.txt)
EN_SHALL_NOT = ("lines 105-106", "Where the server attempts to locate the named object, it "
                "SHALL NOT perform alias dereferencing.")
EN_SHALL = ("lines 123-126", "simple AuthenticationChoice SHALL be transferred as UTF-8 "
            "[RFC3629] encoded [Unicode].")
EN_MUST_NOT = ("lines 59-60", "A client MUST NOT send a request with the same messageID as an "
               "earlier request in the same LDAP session")
EN_MUST = ("lines 264-265", "The client must individually abandon subsequent Search operations "
           "it wishes to.")
EN_SHOULD_NOT = ("lines 143-145", "servers SHOULD NOT process or respond to requests received "
                 "while processing a BindRequest.")
EN_RECOMMENDED = ("lines 288-289", "It is RECOMMENDED that the <scope> part be present to avoid "
                  "ambiguity.")
EN_NO_MODAL = ("lines 237", "The SearchResultReference is of the same data type as the Referral.")
EN_KEYWORDS = ("lines 3-5", 'The key words "MUST", "MUST NOT", "REQUIRED", "SHALL", "SHALL NOT", '
               '"SHOULD", "SHOULD NOT", "RECOMMENDED", and "MAY" in this document are to be '
               'interpreted as described in [RFC2119].')
EN_MAY = ("lines 154-156", "Clients may send multiple Bind requests to change the authentication "
          "and/or security associations or to complete a multi-stage Bind process.")
EN_NEED_NOT = ("lines 296-297", "The name of an unexplored subtree in a SearchResultReference "
               "need not be subordinate to the base object.")
EN_LOOP = ("lines 254-256", "They MUST NOT repeatedly contact the same server for the same "
           "request with the same parameters.")
EN_EXAMPLE = ("lines 335-337", "Client implementors should note that when following a "
              "SearchResultReference, additional SearchResultReference may be generated.")
# GPL-3 section 6
EN_GPL_OBLIGATED = ("section 6", "Regardless of what server hosts the Corresponding Source, you "
                    "remain obligated to ensure that it is available for as long as needed to "
                    "satisfy these requirements.")
EN_GPL_NEED_NOT_REQUIRE = ("section 6", "You need not require recipients to copy the "
                           "Corresponding Source along with the object code.")
# DSGVO excerpt
DE_MUSS = ("Artikel 7", "Beruht die Verarbeitung auf einer Einwilligung, muss der Verantwortliche "
           "nachweisen können, dass die betroffene Person in die Verarbeitung ihrer "
           "personenbezogenen Daten eingewilligt hat.")
DE_MUESSEN = ("Artikel 12", "Werden die Bildsymbole in elektronischer Form dargestellt, müssen "
              "sie maschinenlesbar sein.")
DE_SOLLTEN_60 = ("Zeile 11", "Werden die Bildsymbole in elektronischer Form dargestellt, so "
                 "sollten sie maschinenlesbar sein.")
DE_DARF_NICHT = ("Artikel 38", "Der Datenschutzbeauftragte darf von dem Verantwortlichen oder dem "
                 "Auftragsverarbeiter wegen der Erfüllung seiner Aufgaben nicht abberufen oder "
                 "benachteiligt werden.")
DE_STELLEN_SICHER = ("Artikel 38", "Der Verantwortliche und der Auftragsverarbeiter stellen "
                     "sicher, dass der Datenschutzbeauftragte ordnungsgemäß und frühzeitig in "
                     "alle mit dem Schutz personenbezogener Daten zusammenhängenden Fragen "
                     "eingebunden wird.")
DE_NO_MODAL = ("Artikel 38", "Der Datenschutzbeauftragte ist nach dem Recht der Union oder der "
               "Mitgliedstaaten bei der Erfüllung seiner Aufgaben an die Wahrung der "
               "Geheimhaltung oder der Vertraulichkeit gebunden.")
DE_SOLLTE_86 = ("Zeile 13", "Der für die Verarbeitung Verantwortliche sollte die betroffene "
                "Person unverzüglich von der Verletzung des Schutzes personenbezogener Daten "
                "benachrichtigen")
DE_SOLL_21 = ("Zeile 9", "Die genannte Richtlinie soll dazu beitragen, dass der Binnenmarkt "
              "einwandfrei funktioniert")
DE_HAT_ZU_5 = ("Zeile 5", "Die wirtschaftliche und soziale Integration als Folge eines "
               "funktionierenden Binnenmarkts hat zu einem deutlichen Anstieg des "
               "grenzüberschreitenden Verkehrs personenbezogener Daten geführt.")
DE_NICHT_VERPFLICHTET = ("Artikel 11", "so ist dieser nicht verpflichtet, zur bloßen Einhaltung "
                         "dieser Verordnung zusätzliche Informationen aufzubewahren, einzuholen "
                         "oder zu verarbeiten, um die betroffene Person zu identifizieren.")
DE_ANHANG_97 = ("Abschnitt A", "Derartige Datenschutzbeauftragte sollten unabhängig davon, ob es "
                "sich bei ihnen um Beschäftigte des Verantwortlichen handelt oder nicht, ihre "
                "Pflichten und Aufgaben in vollständiger Unabhängigkeit ausüben können.")
# DUDH (es) excerpt and manpath(5) (es)
ES_DEBE = ("artículo 26", "La educación debe ser gratuita, al menos en lo concerniente a la "
           "instrucción elemental y fundamental.")
ES_OBLIGATORIA = ("artículo 26", "La instrucción elemental será obligatoria.")
ES_NO_MODAL = ("artículo 29", "Toda persona tiene deberes respecto a la comunidad, puesto que "
               "sólo en ella")
ES_PREAMBULO = ("sección A", "Proclama la presente Declaración Universal de los Derechos Humanos "
                "como ideal común")
ES_DEBERIA = ("línea 31", "Las líneas de esta forma indican rutas de manual que todo $MANPATH "
              "generado automáticamente debería contener.")
ES_DEBERIAN = ("línea 20", "La mayoría de los usuarios no deberían necesitar establecerla.")
# DUDH (pt) excerpt, manpath(5) (pt), passwd(5) (pt_BR)
PT_DEVE = ("artigo 26.º", "A educação deve ser gratuita, pelo menos a correspondente ao ensino "
           "elementar fundamental.")
PT_OBRIGATORIO = ("artigo 26.º", "O ensino elementar é obrigatório.")
PT_NO_MODAL = ("artigo 29.º", "O indivíduo tem deveres para com a comunidade")
PT_PREAMBULO = ("secção A", "A Assembleia Geral proclama a presente Declaração Universal dos "
                "Direitos Humanos como ideal comum")
PT_DEVERIA = ("linha 21", "Ele não deveria conter letras maiúsculas.")
PT_DEVE_CONTER = ("linha 31", "Linhas desta forma indicam manpaths que todo o $MANPATH gerado "
                  "automaticamente deve conter.")


# --- Running a check -------------------------------------------------------------------------

def record(rid: str, quote: tuple[str, str], strength: str, claim: str | None = None,
           **extra) -> dict:
    locator, text = quote
    return {"id": rid, "claim": claim or f"Claim {rid}.", "locator": locator, "quote": text,
            "strength": strength, **{k: v for k, v in extra.items() if v is not None}}


@dataclass
class Run:
    report: summcheck.Report
    sentence_lines: list[int]  # summary line of each sentence, in order

    def findings(self, rule: str, file: str | None = None):
        return [f for f in self.report.findings
                if f.rule == rule and (file is None or Path(f.path).name == file)]

    def lines(self, rule: str, file: str | None = None) -> list[int]:
        return sorted(f.line for f in self.findings(rule, file))

    def at(self, rule: str, file: str, line: int):
        (finding,) = [f for f in self.findings(rule, file) if f.line == line]
        return finding


def write_case(folder: Path, source: str, records: list[dict], sentences: list[str],
               source_text: str | None = None) -> list[int]:
    folder.mkdir(parents=True, exist_ok=True)
    if source_text is None:
        shutil.copyfile(FIXTURES / source, folder / "source.txt")
    else:
        (folder / "source.txt").write_text(source_text, encoding="utf-8")
    (folder / "claims.jsonl").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    head = ["---", "source: source.txt", "claims: claims.jsonl", "---", ""]
    lines, body = [], []
    for sentence in sentences:
        lines.append(len(head) + len(body) + 1)
        body += [sentence, ""]
    (folder / "summary.md").write_text("\n".join(head + body), encoding="utf-8")
    return lines


def check(tmp_path: Path, source: str, records: list[dict], sentences: list[str], *,
          source_text: str | None = None, verified: bool = True) -> Run:
    lines = write_case(tmp_path, source, records, sentences, source_text)
    report = summcheck.check(tmp_path / "summary.md")
    if verified:  # every quote of the test stands at its locator: no error, nothing unbacked
        errors = [(f.rule, f.line, f.message) for f in report.findings if f.severity == "error"]
        assert errors == []
        assert report.summaries[0].verified == len(records)
    return Run(report, lines)


def cli(folder: Path, *args: str) -> subprocess.CompletedProcess:
    return run_summcheck("check", "summary.md", "--format", "json", *args, cwd=folder)


def json_findings(proc: subprocess.CompletedProcess, rule: str) -> list[dict]:
    assert proc.returncode in (0, 1), proc.stderr
    return [f for f in json.loads(proc.stdout)["findings"] if f["rule"] == rule]


# === SUM302 strength-mismatch =================================================================

SUM302_CASES = [
    # (id, source, quote, recorded strength, fires?, modal word the message quotes)
    ("en-SHALL-NOT-as-recommends", RFC4511, EN_SHALL_NOT, "recommends", True, "SHALL NOT"),
    ("en-SHALL-NOT-as-states", RFC4511, EN_SHALL_NOT, "states", True, "SHALL NOT"),
    ("en-SHALL-as-states", RFC4511, EN_SHALL, "states", True, "SHALL"),
    ("en-MUST-NOT-as-recommends", RFC4511, EN_MUST_NOT, "recommends", True, "MUST NOT"),
    ("en-MUST-NOT-as-states", RFC4511, EN_MUST_NOT, "states", True, "MUST NOT"),
    ("en-must-as-reports", RFC4511, EN_MUST, "reports", True, "must"),
    ("en-MUST-NOT-as-requires", RFC4511, EN_MUST_NOT, "requires", False, None),
    ("en-SHALL-NOT-as-requires", RFC4511, EN_SHALL_NOT, "requires", False, None),
    ("en-SHOULD-NOT-as-requires", RFC4511, EN_SHOULD_NOT, "requires", True, "SHOULD NOT"),
    ("en-SHOULD-NOT-as-states", RFC4511, EN_SHOULD_NOT, "states", True, "SHOULD NOT"),
    ("en-RECOMMENDED-as-requires", RFC4511, EN_RECOMMENDED, "requires", True, "RECOMMENDED"),
    ("en-SHOULD-NOT-as-recommends", RFC4511, EN_SHOULD_NOT, "recommends", False, None),
    ("en-SHOULD-NOT-as-reports", RFC4511, EN_SHOULD_NOT, "reports", False, None),
    ("en-no-modal-as-requires", RFC4511, EN_NO_MODAL, "requires", False, None),
    ("en-no-modal-as-recommends", RFC4511, EN_NO_MODAL, "recommends", False, None),
    ("en-no-modal-as-states", RFC4511, EN_NO_MODAL, "states", False, None),
    ("en-quoted-keywords-as-states", RFC4511, EN_KEYWORDS, "states", False, None),
    ("en-may-as-requires", RFC4511, EN_MAY, "requires", False, None),
    ("en-need-not-as-states", RFC4511, EN_NEED_NOT, "states", False, None),
    ("de-muss-as-recommends", DSGVO, DE_MUSS, "recommends", True, "muss"),
    ("de-muss-as-empfehlend", DSGVO, DE_MUSS, "empfehlend", True, "muss"),
    ("de-muss-as-fordernd", DSGVO, DE_MUSS, "fordernd", False, None),
    ("de-darf-nicht-as-states", DSGVO, DE_DARF_NICHT, "states", True, "darf … nicht"),
    ("de-darf-nicht-as-requires", DSGVO, DE_DARF_NICHT, "requires", False, None),
    ("de-sollte-as-requires", DSGVO, DE_SOLLTE_86, "requires", True, "sollte"),
    ("de-sollte-as-states", DSGVO, DE_SOLLTE_86, "states", True, "sollte"),
    ("de-muessen-as-states", DSGVO, DE_MUESSEN, "states", True, "müssen"),
    ("de-soll-legal-as-feststellend", DSGVO, DE_SOLL_21, "feststellend", True, "soll"),
    ("de-soll-legal-as-recommends", DSGVO, DE_SOLL_21, "recommends", False, None),
    ("de-no-modal-as-requires", DSGVO, DE_NO_MODAL, "requires", False, None),
    ("es-debe-as-afirma", DUDH_ES, ES_DEBE, "afirma", True, "debe"),
    ("es-obligatoria-as-recomienda", DUDH_ES, ES_OBLIGATORIA, "recomienda", True, "obligatoria"),
    ("es-debe-as-exige", DUDH_ES, ES_DEBE, "exige", False, None),
    ("es-deberia-as-exige", MANPATH_ES, ES_DEBERIA, "exige", True, "debería"),
    ("es-deberian-as-states", MANPATH_ES, ES_DEBERIAN, "states", True, "deberían"),
    ("es-deberia-as-recommends", MANPATH_ES, ES_DEBERIA, "recommends", False, None),
    ("es-no-modal-as-requires", DUDH_ES, ES_NO_MODAL, "requires", False, None),
    ("pt-deve-as-recomenda", DUDH_PT, PT_DEVE, "recomenda", True, "deve"),
    ("pt-obrigatorio-as-afirma", DUDH_PT, PT_OBRIGATORIO, "afirma", True, "obrigatório"),
    ("pt-deve-as-exige", DUDH_PT, PT_DEVE, "exige", False, None),
    ("pt-deveria-as-exige", PASSWD_PT, PT_DEVERIA, "exige", True, "deveria"),
    ("pt-deveria-as-afirma", PASSWD_PT, PT_DEVERIA, "afirma", True, "deveria"),
    ("pt-deveria-as-relata", PASSWD_PT, PT_DEVERIA, "relata", False, None),
    ("pt-deve-conter-as-recommends", MANPATH_PT, PT_DEVE_CONTER, "recommends", True, "deve"),
    ("pt-no-modal-as-requires", DUDH_PT, PT_NO_MODAL, "requires", False, None),
]


@pytest.mark.parametrize("source,quote,strength,fires,word",
                         [pytest.param(*c[1:], id=c[0]) for c in SUM302_CASES])
def test_sum302_strength_mismatch(tmp_path, source, quote, strength, fires, word):
    # The record follows one with another quote, so its finding must land on line 2.
    other = {RFC4511: EN_NO_MODAL, DSGVO: DE_NO_MODAL, DUDH_ES: ES_NO_MODAL,
             DUDH_PT: PT_NO_MODAL}.get(source)
    records = ([record("plain", other, "states")] if other and other != quote else []) + [
        record("r2", quote, strength)]
    run = check(tmp_path, source, records, [])
    line = len(records)
    assert [f.line for f in run.findings("SUM302")] == ([line] if fires else [])
    if not fires:
        return
    finding = run.at("SUM302", "claims.jsonl", line)
    assert finding.severity == "warning" and finding.name == "strength-mismatch"
    assert f'"{word}"' in finding.message
    assert "'r2'" in finding.message
    # The message names the canonical strength it was recorded as.
    canonical = {"afirma": "states", "recomienda": "recommends", "exige": "requires",
                 "recomenda": "recommends", "empfehlend": "recommends",
                 "feststellend": "states", "relata": "reports"}.get(strength, strength)
    assert f"'{canonical}'" in finding.message


@pytest.mark.parametrize("source,quote,strength", [
    pytest.param(GPL3, EN_GPL_NEED_NOT_REQUIRE, "states", id="en-gpl3-need-not-require",),
    pytest.param(DSGVO, DE_HAT_ZU_5, "states", id="de-dsgvo-hat-zu",),
    pytest.param(DSGVO, DE_NICHT_VERPFLICHTET, "states", id="de-dsgvo-nicht-verpflichtet",),
])
def test_sum302_no_false_positive_on_real_text(tmp_path, source, quote, strength):
    run = check(tmp_path, source, [record("r1", quote, strength)], [])
    assert run.findings("SUM302") == []


def test_sum302_only_checks_verified_records(tmp_path):
    # A "shall" quote recorded as recommends but cited at the wrong place is SUM202, not SUM302.
    misplaced = ("lines 59-60", EN_SHALL_NOT[1])
    run = check(tmp_path, RFC4511, [record("r1", misplaced, "recommends")], [], verified=False)
    assert run.lines("SUM202", "claims.jsonl") == [1]
    assert run.findings("SUM302") == []


def test_sum302_record_ignore(tmp_path):
    run = check(tmp_path, RFC4511, [record("r1", EN_SHALL_NOT, "recommends", ignore=["SUM302"]),
                                    record("r2", EN_SHALL_NOT, "recommends",
                                           ignore=["strength-mismatch"])], [])
    assert run.findings("SUM302") == []


# === SUM303 emphasis-drift ====================================================================

def sum303(run: Run) -> dict[int, str]:
    return {f.line: f.message for f in run.findings("SUM303", "summary.md")}


def test_sum303_english_rfc4511(tmp_path):
    records = [record("msgid", EN_MUST_NOT, "requires"),
               record("bind", EN_SHOULD_NOT, "recommends"),
               record("scope", EN_RECOMMENDED, "recommends")]
    run = check(tmp_path, RFC4511, records, [
        # 0 overstated: "must not" backed only by a SHOULD NOT record
        "Servers must not process requests that arrive while a Bind is in progress "
        "(lines 143–145).",
        # 1 understated: "should not" backed only by a MUST NOT record
        "Clients should not reuse the messageID of a request still being serviced (lines 59–60).",
        # 2, 3 modality matches its claims
        "A client must not reuse the messageID of a request still being serviced (lines 59–60).",
        "Servers should not process requests that arrive while a Bind is in progress "
        "(lines 143–145).",
        # 4 "required" in the sentence, RECOMMENDED behind it: overstated
        "The <scope> part of a referral URL is required (lines 288–289).",
        # 5, 6 only a permits word: never compared
        "Servers may still answer requests during a Bind, against the RFC's advice "
        "(lines 143–145).",
        "A client may reuse a messageID once the server no longer services the earlier request "
        "(lines 59–60).",
        # 7 reported speech: the sentence does not assert the "must"
        "The 2005 draft said servers must stop processing requests during a Bind "
        "(lines 143–145).",
        # 8 the keywords are mentioned in quotation marks, not asserted
        'The RFC writes "SHOULD NOT", not "MUST NOT", for servers during a Bind (lines 143–145).',
        # 9 inline code
        "The keyword `MUST NOT` is not used for servers here (lines 143–145).",
        # 10 backed by a requires and a recommends record: a "must" is not overstated ...
        "Clients must not reuse a messageID, and servers must wait out a Bind "
        "(lines 59–60, 143–145).",
        # 11 ... and a "should" is not understated (not every backing claim is requires)
        "Clients and servers should take care around Binds (lines 59–60, 143–145).",
        # 12 a "must" with a "should" in the same sentence is overstated when nothing requires
        "Servers must not, and should not, process requests during a Bind (lines 143–145).",
    ])
    found = sum303(run)
    lines = run.sentence_lines
    assert sorted(found) == [lines[0], lines[1], lines[4], lines[12]]
    over, under = found[lines[0]], found[lines[1]]
    assert over.startswith("overstated") and '"must not"' in over and '"SHOULD NOT"' in over
    assert "'bind'" in over and "recommends" in over
    assert under.startswith("understated") and '"should not"' in under and '"MUST NOT"' in under
    assert "'msgid'" in under
    assert '"required"' in found[lines[4]] and '"RECOMMENDED"' in found[lines[4]]
    for finding in run.findings("SUM303"):
        assert finding.severity == "warning" and finding.name == "emphasis-drift"


def test_sum303_german_dsgvo(tmp_path):
    records = [record("art12", DE_MUESSEN, "fordernd"),
               record("ew60", DE_SOLLTEN_60, "empfehlend"),
               record("art38", DE_DARF_NICHT, "requires"),
               record("ew86", DE_SOLLTE_86, "recommends")]
    run = check(tmp_path, DSGVO, records, [
        # 0 overstated: the recital says "sollten", the sentence "müssen"
        "Elektronisch dargestellte Bildsymbole müssen maschinenlesbar sein (Zeile 11).",
        # 1 understated: the article says "müssen", the sentence "sollten"
        "Elektronisch dargestellte Bildsymbole sollten maschinenlesbar sein (Artikel 12).",
        # 2 matches
        "Elektronisch dargestellte Bildsymbole müssen maschinenlesbar sein (Artikel 12).",
        # 3 "darf … nicht" in the sentence, "darf … nicht" behind it
        "Der Datenschutzbeauftragte darf wegen seiner Aufgaben nicht abberufen werden "
        "(Artikel 38).",
        # 4 "soll" is recommends (also in a legal text): understated against "darf … nicht"
        "Der Datenschutzbeauftragte soll wegen seiner Aufgaben nicht abberufen werden "
        "(Artikel 38).",
        # 5 permits word only
        "Der Datenschutzbeauftragte kann andere Aufgaben wahrnehmen (Artikel 38).",
        # 6 reported speech ("sagte … müsse")
        "Die Kommission sagte, der Verantwortliche müsse Betroffene sofort benachrichtigen "
        "(Zeile 13).",
        # 7 mentioned in „…“
        "Erwägungsgrund 86 verwendet „sollte“ und nicht „muss“ (Zeile 13).",
        # 8 overstated with "ist verpflichtet"
        "Der Verantwortliche ist verpflichtet, Betroffene unverzüglich zu benachrichtigen "
        "(Zeile 13).",
    ])
    found = sum303(run)
    lines = run.sentence_lines
    assert sorted(found) == [lines[0], lines[1], lines[4], lines[8]]
    assert found[lines[0]].startswith("overstated")
    assert '"müssen"' in found[lines[0]] and '"sollten"' in found[lines[0]]
    assert found[lines[1]].startswith("understated")
    assert '"sollten"' in found[lines[1]] and '"müssen"' in found[lines[1]]
    assert '"soll"' in found[lines[4]] and '"darf … nicht"' in found[lines[4]]
    assert '"ist verpflichtet"' in found[lines[8]] and '"sollte"' in found[lines[8]]


def test_sum303_spanish(tmp_path):
    run = check(tmp_path / "manpath", MANPATH_ES, [record("m31", ES_DEBERIA, "recomienda")], [
        # overstated: the man page says "debería contener"
        "Todo $MANPATH generado automáticamente debe contener las entradas MANDATORY_MANPATH "
        "(línea 31).",
        "Todo $MANPATH generado automáticamente debería contener las entradas MANDATORY_MANPATH "
        "(línea 31).",
        "El traductor dijo que todo $MANPATH debe contener esas rutas (línea 31).",
        "La palabra «debe» no aparece en esta línea (línea 31).",
    ])
    found = sum303(run)
    assert sorted(found) == [run.sentence_lines[0]]
    assert '"debe"' in found[run.sentence_lines[0]] and '"debería"' in found[run.sentence_lines[0]]

    run = check(tmp_path / "dudh", DUDH_ES, [record("a26", ES_DEBE, "exige")], [
        # understated: the Declaration says "debe ser gratuita"
        "La educación elemental debería ser gratuita (artículo 26).",
        "La educación elemental debe ser gratuita (artículo 26).",
        "La educación elemental tiene que ser gratuita (artículo 26).",
        "La educación elemental puede ser gratuita o no (artículo 26).",
    ])
    found = sum303(run)
    assert sorted(found) == [run.sentence_lines[0]]
    message = found[run.sentence_lines[0]]
    assert message.startswith("understated") and '"debería"' in message and '"debe"' in message


def test_sum303_portuguese(tmp_path):
    run = check(tmp_path / "passwd", PASSWD_PT, [record("p21", PT_DEVERIA, "recomenda")], [
        # overstated: passwd(5) says "não deveria conter"
        "O nome da conta não deve conter letras maiúsculas (linha 21).",
        "O nome da conta não deveria conter letras maiúsculas (linha 21).",
        "O relator disse que o nome da conta deve ser minúsculo (linha 21).",
    ])
    found = sum303(run)
    assert sorted(found) == [run.sentence_lines[0]]
    message = found[run.sentence_lines[0]]
    assert message.startswith("overstated") and '"não deve"' in message and '"deveria"' in message

    run = check(tmp_path / "dudh", DUDH_PT, [record("a26", PT_DEVE, "exige"),
                                             record("a26b", PT_OBRIGATORIO, "exige")], [
        # understated: the Declaration says "deve ser gratuita"
        "A educação deveria ser gratuita (artigo 26.º).",
        "A educação deve ser gratuita e o ensino elementar é obrigatório (artigo 26.º).",
        "A educação tem de ser gratuita (artigo 26.º).",
    ])
    found = sum303(run)
    assert sorted(found) == [run.sentence_lines[0]]
    message = found[run.sentence_lines[0]]
    assert message.startswith("understated") and '"deveria"' in message and '"deve"' in message

    # The Portuguese man page really says "deve conter" where the Spanish one says "debería".
    run = check(tmp_path / "manpath", MANPATH_PT, [record("m31", PT_DEVE_CONTER, "requires")], [
        "Todo o $MANPATH gerado automaticamente deve conter as entradas MANDATORY_MANPATH "
        "(linha 31).",
        "Todo o $MANPATH gerado automaticamente deveria conter as entradas MANDATORY_MANPATH "
        "(linha 31).",
    ])
    assert sorted(sum303(run)) == [run.sentence_lines[1]]


def test_sum303_unbacked_or_synthesis_sentences_are_not_compared(tmp_path):
    run = check(tmp_path, RFC4511, [record("bind", EN_SHOULD_NOT, "recommends")], [
        "Every implementation must follow the RFC to the letter [synthesis].",
    ])
    assert run.findings("SUM303") == []


def test_sum303_as_stated_in_still_asserts(tmp_path):
    run = check(tmp_path, RFC4511, [record("bind", EN_SHOULD_NOT, "recommends")], [
        "As stated in section 4.2.1, servers must not process requests during a Bind "
        "(lines 143–145).",
    ])
    assert sorted(sum303(run)) == run.sentence_lines


def test_sum303_single_quoted_keyword_is_mentioned(tmp_path):
    run = check(tmp_path, RFC4511, [record("bind", EN_SHOULD_NOT, "recommends")], [
        "The RFC uses 'SHOULD NOT', not 'MUST NOT', for servers during a Bind (lines 143–145).",
    ])
    assert sum303(run) == {}


# === SUM301 duplicate-claim ===================================================================

# (source, a long quote, a quote inside it, a quote overlapping the long one's end, a distinct
#  quote elsewhere) per language.
DUPLICATES = {
    "en": (RFC4511, EN_MUST_NOT,
           ("lines 59-60", "send a request with the same messageID as an earlier request"),
           ("lines 59-61", "as an earlier request in the same LDAP session unless it can be "
                           "determined"),
           EN_SHOULD_NOT),
    "de": (DSGVO, DE_DARF_NICHT,
           ("Artikel 38", "wegen der Erfüllung seiner Aufgaben nicht abberufen oder "
                          "benachteiligt werden"),
           ("Artikel 38", "nicht abberufen oder benachteiligt werden. Der "
                          "Datenschutzbeauftragte berichtet unmittelbar"),
           DE_NO_MODAL),
    "es": (DUDH_ES, ES_DEBE,
           ("artículo 26", "La educación debe ser gratuita"),
           ("artículo 26", "instrucción elemental y fundamental. La instrucción elemental será "
                           "obligatoria."),
           ES_NO_MODAL),
    "pt": (DUDH_PT, PT_DEVE,
           ("artigo 26.º", "A educação deve ser gratuita"),
           ("artigo 26.º", "ao ensino elementar fundamental. O ensino elementar é obrigatório."),
           PT_NO_MODAL),
}
LANGS = list(DUPLICATES)


def sum301(run: Run) -> dict[int, str]:
    return {f.line: f.message for f in run.findings("SUM301", "claims.jsonl")}


@pytest.mark.parametrize("lang", LANGS)
def test_sum301_same_quote_same_place(tmp_path, lang):
    source, long, inner, overlapping, distinct = DUPLICATES[lang]
    run = check(tmp_path, source, [record("first", long, "requires"),
                                   record("other", distinct, "states"),
                                   record("again", long, "requires", claim="Said once more.")], [])
    found = sum301(run)
    assert sorted(found) == [3]
    assert "'again'" in found[3] and "'first'" in found[3]
    assert run.at("SUM301", "claims.jsonl", 3).severity == "warning"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("order", ["long-first", "inner-first"])
def test_sum301_one_quote_inside_another_either_order(tmp_path, lang, order):
    source, long, inner, overlapping, distinct = DUPLICATES[lang]
    pair = [record("long", long, "requires"), record("inner", inner, "requires")]
    if order == "inner-first":
        pair.reverse()
    run = check(tmp_path, source, pair, [])
    found = sum301(run)
    assert sorted(found) == [2]  # on the later record ...
    later, earlier = pair[1]["id"], pair[0]["id"]
    assert f"'{later}'" in found[2] and f"'{earlier}'" in found[2]  # ... naming the earlier one


@pytest.mark.parametrize("lang", LANGS)
def test_sum301_partly_overlapping_quotes(tmp_path, lang):
    source, long, inner, overlapping, distinct = DUPLICATES[lang]
    run = check(tmp_path, source, [record("a", long, "requires"),
                                   record("b", overlapping, "requires")], [])
    assert sorted(sum301(run)) == [2]


@pytest.mark.parametrize("lang", LANGS)
def test_sum301_different_quotes_and_claims(tmp_path, lang):
    source, long, inner, overlapping, distinct = DUPLICATES[lang]
    run = check(tmp_path, source, [record("a", long, "requires"),
                                   record("b", distinct, "states")], [])
    assert run.findings("SUM301") == []


CLAIM_TWINS = {
    "en": ("Clients MUST NOT reuse a messageID.", "  clients must not reuse a\tmessageID "),
    "de": ("Der Datenschutzbeauftragte darf nicht abberufen werden.",
           "der Datenschutzbeauftragte darf NICHT abberufen werden!"),
    "es": ("La educación elemental es obligatoria.", "La educación  elemental es obligatoria"),
    "pt": ("O ensino elementar é obrigatório.", "o ensino elementar é obrigatório;"),
}


@pytest.mark.parametrize("lang", LANGS)
def test_sum301_same_claim_after_normalisation(tmp_path, lang):
    source, long, inner, overlapping, distinct = DUPLICATES[lang]
    first, second = CLAIM_TWINS[lang]
    run = check(tmp_path, source, [record("c1", long, "requires", claim=first),
                                   record("c2", distinct, "states", claim=second)], [])
    found = sum301(run)
    assert sorted(found) == [2]
    assert "'c2'" in found[2] and "'c1'" in found[2]


def test_sum301_same_claim_in_decomposed_unicode(tmp_path):
    import unicodedata
    claim = "La educación elemental es obligatoria."
    run = check(tmp_path, DUDH_ES, [
        record("nfc", ES_DEBE, "requires", claim=claim),
        record("nfd", ES_NO_MODAL, "states", claim=unicodedata.normalize("NFD", claim))], [])
    assert sorted(sum301(run)) == [2]


def test_sum301_same_quote_at_two_places_is_no_duplicate(tmp_path):
    # "a BindResponse with the resultCode set to authMethodNotSupported" stands in section 4.2
    # (lines 110–111) and in 4.2.1 (lines 180–181): two places, two claims.
    quote = "a BindResponse with the resultCode set to authMethodNotSupported"
    run = check(tmp_path, RFC4511, [
        record("unsupported-choice", ("lines 108-111", quote), "states"),
        record("empty-mechanism", ("lines 179-183", quote), "requires")], [])
    assert run.findings("SUM301") == []


def test_sum301_record_ignore(tmp_path):
    run = check(tmp_path, RFC4511, [record("a", EN_MUST_NOT, "requires"),
                                    record("b", EN_MUST_NOT, "requires", ignore=["SUM301"])], [])
    assert run.findings("SUM301") == []


# === SUM304 dropped-requirement ===============================================================

DROPPED = {
    # (source, a requires quote, a sentence citing it, a recommends/states quote)
    "en": (RFC4511, EN_MUST_NOT,
           "A client must not reuse the messageID of a request still being serviced "
           "(lines 59–60).", EN_SHOULD_NOT),
    "de": (DSGVO, DE_DARF_NICHT,
           "Der Datenschutzbeauftragte darf wegen seiner Aufgaben nicht abberufen werden "
           "(Artikel 38).", DE_SOLLTE_86),
    "es": (DUDH_ES, ES_DEBE, "La educación elemental debe ser gratuita (artículo 26).",
           ES_NO_MODAL),
    "pt": (DUDH_PT, PT_DEVE, "A educação deve ser gratuita (artigo 26.º).", PT_NO_MODAL),
}


@pytest.mark.parametrize("lang", LANGS)
def test_sum304_uncited_requirement(tmp_path, lang):
    source, required, sentence, other = DROPPED[lang]
    run = check(tmp_path / "dropped", source, [record("other", other, "recommends"),
                                               record("req", required, "requires")], [])
    (finding,) = run.findings("SUM304")
    assert (Path(finding.path).name, finding.line, finding.severity) == ("claims.jsonl", 2, "info")
    assert finding.name == "dropped-requirement"
    assert "'req'" in finding.message and required[0] in finding.message
    # Cited by a sentence: nothing to report; an uncited recommends record is never reported.
    run = check(tmp_path / "cited", source, [record("other", other, "recommends"),
                                             record("req", required, "requires")], [sentence])
    assert run.findings("SUM304") == []


def test_sum304_unverified_requirement_is_not_reported(tmp_path):
    misplaced = ("lines 143-145", EN_MUST_NOT[1])
    run = check(tmp_path, RFC4511, [record("req", misplaced, "requires")], [], verified=False)
    assert run.lines("SUM202", "claims.jsonl") == [1]
    assert run.findings("SUM304") == []


# A normative requirement and an informative passage of the same topic, per language:
# (source text, normative requires quote, informative quote, its strength, a sentence citing
#  only the informative passage).
def _replace_heading(fixture: str, old: str, new: str) -> str:
    text = (FIXTURES / fixture).read_text(encoding="utf-8")
    assert text.count(f"\n{old}\n") == 1
    return text.replace(f"\n{old}\n", f"\n{new}\n")


INFORMATIVE = {
    "en-examples": (RFC4511, None, EN_LOOP, EN_EXAMPLE, "recommends",
                    "Following a reference can yield further references, which client "
                    "implementors should note (section 4.5.3.1)."),
    "en-notes": (RFC4511, ("4.5.3.1.  Examples", "4.5.3.1.  Notes on Referrals"), EN_LOOP,
                 EN_EXAMPLE, "recommends",
                 "Following a reference can yield further references, which client "
                 "implementors should note (section 4.5.3.1)."),
    "en-informative": (RFC4511, ("4.5.3.1.  Examples", "4.5.3.1.  Informative Guidance"),
                       EN_LOOP, EN_EXAMPLE, "recommends",
                       "Following a reference can yield further references, which client "
                       "implementors should note (section 4.5.3.1)."),
    "de-anhang-a": (DSGVO, None, DE_DARF_NICHT, DE_ANHANG_97, "empfehlend",
                    "Datenschutzbeauftragte sollten ihre Aufgaben in vollständiger "
                    "Unabhängigkeit ausüben können (Abschnitt A)."),
    "es-anexo-a": (DUDH_ES, None, ES_DEBE, ES_PREAMBULO, "afirma",
                   "La Declaración se proclama como ideal común de todos los pueblos "
                   "(sección A)."),
    "pt-anexo-a": (DUDH_PT, None, PT_DEVE, PT_PREAMBULO, "afirma",
                   "A Declaração é proclamada como ideal comum de todos os povos (secção A)."),
}


def _informative_case(tmp_path, key, *, topics=("t", "t"), cite_normative=False, extra=()):
    source, heading, normative, informative, strength, sentence = INFORMATIVE[key]
    text = _replace_heading(source, *heading) if heading else None
    records = [record("norm", normative, "requires", topic=topics[0]),
               record("info", informative, strength, topic=topics[1]), *extra]
    sentences = [sentence]
    if cite_normative:
        sentences.append(f"The requirement stands: {normative[1]} ({normative[0]}).")
    return check(tmp_path, source, records, sentences, source_text=text)


@pytest.mark.parametrize("key", list(INFORMATIVE))
def test_sum304_informative_sentence_while_normative_requirement_dropped(tmp_path, key):
    run = _informative_case(tmp_path, key)
    assert run.lines("SUM304", "claims.jsonl") == [1]  # the dropped requirement itself
    (finding,) = run.findings("SUM304", "summary.md")  # the sentence kept instead of it
    assert finding.line == run.sentence_lines[0] and finding.severity == "info"
    assert "'norm'" in finding.message and "'t'" in finding.message
    assert INFORMATIVE[key][2][0] in finding.message  # where the requirement stands


@pytest.mark.parametrize("key", ["en-examples", "de-anhang-a", "es-anexo-a", "pt-anexo-a"])
def test_sum304_informative_sentence_other_topic_or_requirement_cited(tmp_path, key):
    run = _informative_case(tmp_path / "topics", key, topics=("a", "b"))
    assert run.findings("SUM304", "summary.md") == []
    assert run.lines("SUM304", "claims.jsonl") == [1]
    run = _informative_case(tmp_path / "untopical", key, topics=(None, None))
    assert run.findings("SUM304", "summary.md") == []
    run = _informative_case(tmp_path / "cited", key, cite_normative=True)
    assert run.findings("SUM304") == []


def test_sum304_sentence_backed_also_by_normative_text_is_not_reported(tmp_path):
    # The sentence cites the example and the RECOMMENDED rule of section 4.5.3; the dropped
    # MUST NOT of the same topic is reported on its record only.
    run = check(tmp_path, RFC4511, [
        record("norm", EN_LOOP, "requires", topic="t"),
        record("info", EN_EXAMPLE, "recommends", topic="t"),
        record("scope", EN_RECOMMENDED, "recommends", topic="t")], [
        "Client implementors should note that references multiply and should keep the <scope> "
        "part (lines 288–289, 335–337)."])
    assert run.lines("SUM304", "claims.jsonl") == [1]
    assert run.findings("SUM304", "summary.md") == []


def test_sum304_requirement_in_informative_text_does_not_outrank(tmp_path):
    # Both records stand in the Examples subsection: the dropped one is reported on its record,
    # but no sentence is "outranked" by it.
    example_req = ("lines 335-337", "additional SearchResultReference may be generated")
    run = check(tmp_path, RFC4511, [
        record("ex-req", example_req, "requires", topic="t"),
        record("ex", ("lines 335-336", "Client implementors should note that when following a "
                                       "SearchResultReference"), "recommends", topic="t")], [
        "Client implementors should take note of this (lines 335–336)."])
    assert [f.line for f in run.findings("SUM304", "claims.jsonl")] == [1]
    assert run.findings("SUM304", "summary.md") == []


ANHANG_VARIANTS = [
    pytest.param("Anhang B  Erwägungsgründe (Auszug)", id="Anhang-B"),
    pytest.param("Anhang  Erwägungsgründe (Auszug)", id="Anhang-bare-with-title"),
    pytest.param("Anhang 1 – Erwägungsgründe (Auszug)", id="Anhang-1"),
    pytest.param("Anhang II – Erwägungsgründe (Auszug)", id="Anhang-II"),
    pytest.param("Anlage 1  Erwägungsgründe (Auszug)", id="Anlage-1"),
]


@pytest.mark.parametrize("heading", ANHANG_VARIANTS)
def test_sum304_every_annex_heading_is_informative(tmp_path, heading):
    text = _replace_heading(DSGVO, "Anhang A  Erwägungsgründe (Auszug)", heading)
    run = check(tmp_path, DSGVO, [
        record("norm", DE_DARF_NICHT, "requires", topic="t"),
        record("info", ("Zeilen 65-66", DE_ANHANG_97[1]), "recommends", topic="t")], [
        "Datenschutzbeauftragte sollten ihre Aufgaben in vollständiger Unabhängigkeit ausüben "
        "können (Zeilen 65–66)."], source_text=text)
    assert [f.line for f in run.findings("SUM304", "summary.md")] == run.sentence_lines


def test_sum304_anexo_roman_numeral_is_informative(tmp_path):
    text = _replace_heading(DUDH_ES, "Anexo A  Preámbulo (extracto)", "Anexo II  Preámbulo")
    run = check(tmp_path, DUDH_ES, [
        record("norm", ES_DEBE, "requires", topic="t"),
        record("info", ("líneas 49-50", ES_PREAMBULO[1]), "states", topic="t")], [
        "La Declaración se proclama como ideal común de todos los pueblos (líneas 49–50)."],
        source_text=text)
    assert [f.line for f in run.findings("SUM304", "summary.md")] == run.sentence_lines


# === Modal lexicons extended in configuration ================================================

def test_config_summcheck_toml_adds_obligation_phrase(tmp_path):
    # GPL-3 section 6d: "you remain obligated to ensure …" is an obligation the packaged
    # lexicon does not know; a project names it in summcheck.toml.
    write_case(tmp_path, GPL3, [record("gpl6d", EN_GPL_OBLIGATED, "states")], [
        "Whoever conveys object code by network access remains responsible for the Corresponding "
        "Source being available (section 6)."])
    assert json_findings(cli(tmp_path), "SUM302") == []
    (tmp_path / "summcheck.toml").write_text(
        '[modality.en]\nrequires = ["remain obligated to"]\n', encoding="utf-8")
    (finding,) = json_findings(cli(tmp_path), "SUM302")
    assert (finding["path"], finding["line"]) == ("claims.jsonl", 1)
    assert '"remain obligated to"' in finding["message"]


def test_config_pyproject_extends_german_for_both_rules(tmp_path):
    # DSGVO Art. 38(1) states an obligation in the present tense ("stellen sicher"); a project
    # that counts it as requires sees the record (SUM302) and the sentence (SUM303) checked.
    lines = write_case(tmp_path, DSGVO, [record("art38-1", DE_STELLEN_SICHER, "feststellend")], [
        "Der Verantwortliche stellt sicher, dass der Datenschutzbeauftragte frühzeitig "
        "eingebunden wird (Artikel 38)."])
    before = cli(tmp_path)
    assert json_findings(before, "SUM302") == [] and json_findings(before, "SUM303") == []
    (tmp_path / "pyproject.toml").write_text(
        '[tool.summcheck.modality.de]\nrequires = ["stellen sicher", "stellt sicher"]\n',
        encoding="utf-8")
    after = cli(tmp_path)
    (mismatch,) = json_findings(after, "SUM302")
    assert mismatch["line"] == 1 and '"stellen sicher"' in mismatch["message"]
    (drift,) = json_findings(after, "SUM303")
    assert (drift["path"], drift["line"]) == ("summary.md", lines[0])
    assert drift["message"].startswith("overstated") and '"stellt sicher"' in drift["message"]


def test_config_extension_via_config_option(tmp_path):
    write_case(tmp_path / "case", GPL3, [record("gpl6d", EN_GPL_OBLIGATED, "states")], [])
    config = tmp_path / "lexicon.toml"
    config.write_text('[modality.en]\nrequires = ["remain obligated to"]\n', encoding="utf-8")
    proc = cli(tmp_path / "case", "--config", str(config))
    assert [f["line"] for f in json_findings(proc, "SUM302")] == [1]


@pytest.mark.parametrize("toml", [
    '[modality.en]\nmandatory = ["is obliged to"]\n',  # no such class
    '[modality.en]\nrequires = [1, 2]\n',  # not phrases
    '[modality]\nen = ["is obliged to"]\n',  # not a table of classes
])
def test_config_invalid_modality_is_exit_2(tmp_path, toml):
    write_case(tmp_path, GPL3, [record("gpl6d", EN_GPL_OBLIGATED, "states")], [])
    (tmp_path / "summcheck.toml").write_text(toml, encoding="utf-8")
    proc = cli(tmp_path)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert len(proc.stderr.strip().splitlines()) == 1 and "modality" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_config_single_phrase_string_is_accepted(tmp_path):
    # Like the other list options of the config, a single string is one phrase.
    write_case(tmp_path, GPL3, [record("gpl6d", EN_GPL_OBLIGATED, "states")], [])
    (tmp_path / "summcheck.toml").write_text(
        '[modality.en]\nrequires = "remain obligated to"\n', encoding="utf-8")
    assert [f["line"] for f in json_findings(cli(tmp_path), "SUM302")] == [1]


def test_config_extension_applies_to_python_api(tmp_path):
    write_case(tmp_path, GPL3, [record("gpl6d", EN_GPL_OBLIGATED, "states")], [])
    (tmp_path / "summcheck.toml").write_text(
        '[modality.en]\nrequires = ["remain obligated to"]\n', encoding="utf-8")
    report = summcheck.check(tmp_path / "summary.md")
    assert [f.line for f in report.findings if f.rule == "SUM302"] == [1]
