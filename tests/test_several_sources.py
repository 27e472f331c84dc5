"""Summaries of several documents (inputs/documents.py): front matter `sources: {KEY: FILE}`,
locators naming their document by key, records by `source: KEY`. Three real documents: a
standard (RFC 3986), a licence (the GPL) and a meeting transcript (QMSum's AMI ES2004a)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import run_summcheck
from summcheck import api

SOURCES = Path(__file__).parent / "cases" / "_sources"
RFC = "rfc3986-p1-12.txt"
GPL = "gpl3-s0-5.txt"
MEETING = "qmsum-es2004a-1-40.txt"


def _cut(name: str, start: str, end: str) -> str:
    text = " ".join((SOURCES / name).read_text(encoding="utf-8").split())
    a = text.index(start)
    return text[a:text.index(end, a) + len(end)]


RECORDS = [
    {"id": "R1", "claim": "A URI identifies a resource.", "locator": "RFC3986 p. 4",
     "quote": _cut(RFC, "A Uniform Resource Identifier (URI) provides", "identifying a resource."),
     "strength": "states"},
    {"id": "G1", "claim": "Free software is about freedom.", "locator": "lines 22–23",
     "source": "GPL", "quote": _cut(GPL, "When we speak of free software", "not price."),
     "strength": "states"},
    {"id": "M1", "claim": "The team develops a remote control.", "locator": "AMI line 15",
     "quote": "Now , we're developing a remote control which you probably already know .",
     "strength": "reports"},
]

SUMMARY = """\
---
sources:
  RFC3986: {rfc}
  GPL: {gpl}
  AMI: {meeting}
claims: claims.jsonl
---

# Three documents

A URI identifies a resource (RFC3986 p. 4). Free software is about freedom, not price
(GPL lines 22–23). The team is developing a remote control (AMI line 15).
"""


@pytest.fixture
def folder(tmp_path) -> Path:
    for name in (RFC, GPL, MEETING):
        shutil.copy(SOURCES / name, tmp_path / name)
    (tmp_path / "summcheck.toml").write_text("", encoding="utf-8")
    return tmp_path


def _write(folder: Path, records: list[dict], summary: str = SUMMARY) -> Path:
    (folder / "claims.jsonl").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    path = folder / "summary.md"
    path.write_text(summary.format(rfc=RFC, gpl=GPL, meeting=MEETING), encoding="utf-8")
    return path


def test_a_summary_of_three_documents_passes(folder):
    report = api.check(_write(folder, RECORDS))
    assert not report.findings, report.findings
    summary = report.summaries[0]
    assert (summary.sentences, summary.records, summary.verified, summary.backed) == (3, 3, 3, 3)
    assert summary.notes[0].startswith("sources: RFC3986 (")
    result = run_summcheck("check", "summary.md", "--format", "json", cwd=folder)
    assert result.returncode == 0 and len(json.loads(result.stdout)["summaries"][0]["quotes"]) == 3


def test_a_record_citing_the_wrong_document_is_told_where_its_quote_stands(folder):
    wrong = [dict(r) for r in RECORDS]
    wrong[1]["source"] = "RFC3986"  # the GPL's words, said to stand in the standard
    wrong[1]["locator"] = "p. 5"
    report = api.check(_write(folder, wrong))
    found = [f for f in report.findings if f.rule == "SUM201"]
    assert len(found) == 1 and found[0].line == 2
    assert "it stands in source 'GPL' at line 22: give the record source: GPL" in found[0].message


def test_a_locator_naming_no_document_is_a_finding_unless_one_is_the_default(folder):
    plain = SUMMARY.replace("(AMI line 15)", "(line 15)")
    report = api.check(_write(folder, RECORDS, plain))
    assert [(f.rule, f.line) for f in report.findings if f.severity == "error"] == [("SUM104", 12)]
    assert "it names no source, and the summary has several (RFC3986, GPL, AMI)" in \
        report.findings[0].message
    default = plain.replace("  AMI: {meeting}", "  AMI: {{path: {meeting}, default: true}}")
    records = [dict(r) for r in RECORDS]
    records[2]["locator"] = "line 15"
    assert not api.check(_write(folder, records, default)).findings


def test_a_record_named_in_brackets_is_checked_with_its_own_source(folder):
    # One claims file numbers the records of all three sources C1, C2, C3: a sentence naming
    # another source's record, or none but a record, rests on it; an id no record has is told
    # once.
    records = [{**r, "id": f"C{n}"} for n, r in enumerate(RECORDS, 1)]
    named = SUMMARY.replace("(GPL lines 22–23)", "[C2]").replace(
        "(AMI line 15)", "(AMI line 15) [C1]")
    report = api.check(_write(folder, records, named))
    assert not report.findings, report.findings
    assert report.summaries[0].backed == 3
    unknown = api.check(_write(folder, records, named.replace("[C1]", "[C1, C9]")))
    assert [(f.rule, f.line) for f in unknown.findings] == [("SUM106", 12)]
    assert "'C9'" in unknown.findings[0].message


@pytest.mark.parametrize("sources, message", [
    ("sources: rfc.txt", "sources must map keys to files"),
    ("sources:\n  RFC3986: missing.txt", "source RFC3986 missing.txt not found"),
    ("sources:\n  RFC3986: {path: " + RFC + ", default: yes please}", "must be a file, or {path: FILE, default: true}"),
    ("sources:\n  meeting: " + RFC, "must be a name a locator can use"),
    ("source: " + RFC + "\nsources:\n  RFC3986: " + RFC, "give source or sources, not both"),
])
def test_sources_that_cannot_be_read_are_one_line(folder, sources, message):
    (folder / "claims.jsonl").write_text(json.dumps(RECORDS[0]) + "\n", encoding="utf-8")
    (folder / "summary.md").write_text(f"---\n{sources}\nclaims: claims.jsonl\n---\n\nA URI "
                                       f"(RFC3986 p. 4).\n", encoding="utf-8")
    result = run_summcheck("check", "summary.md", cwd=folder)
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert message in result.stderr


def test_a_source_outside_the_repository_is_refused(folder, tmp_path_factory):
    outside = tmp_path_factory.mktemp("outside")
    shutil.copy(SOURCES / RFC, outside / RFC)
    _write(folder, RECORDS[:1], SUMMARY.replace("RFC3986: {rfc}", f"RFC3986: {outside / RFC}"))
    result = run_summcheck("check", "summary.md", cwd=folder)
    assert result.returncode == 2 and "outside the repository root" in result.stderr


def test_table_and_export_read_every_source(folder):
    _write(folder, RECORDS)
    table = run_summcheck("table", "summary.md", cwd=folder)
    assert table.returncode == 0, table.stderr
    assert "| RFC3986 p. 4 |" in table.stdout and "| GPL: lines 22–23 |" in table.stdout
    assert "| AMI line 15 |" in table.stdout
    exported = run_summcheck("export", "w3c", "summary.md", cwd=folder)
    targets = [i["target"]["source"] for i in json.loads(exported.stdout)["items"]]
    assert targets == [RFC, GPL, MEETING]


def test_an_audit_of_a_summary_of_several_sources(folder):
    _write(folder, RECORDS)
    (folder / "manifest.jsonl").write_text('{"summary": "summary.md"}\n', encoding="utf-8")
    result = run_summcheck("audit", "manifest.jsonl", "-o", "results.jsonl", cwd=folder)
    assert result.returncode == 0, result.stderr
    line = json.loads((folder / "results.jsonl").read_text(encoding="utf-8").splitlines()[0])
    summary = line["report"]["summaries"][0]
    assert (summary["records"], summary["verified"]) == (3, 3)
    assert summary["notes"][0].startswith("sources: RFC3986")


def test_the_evidence_report_has_one_panel_per_document(folder):
    import re

    wrong = [dict(r) for r in RECORDS]
    wrong[2]["quote"] = "We are building a toaster ."
    _write(folder, wrong)
    result = run_summcheck("report", "summary.md", "-o", "report.html", cwd=folder)
    assert result.returncode == 0, result.stderr
    page = (folder / "report.html").read_text(encoding="utf-8")
    data = json.loads(re.search(r'id="evidence-data">(.*?)</script>', page, re.S).group(1))
    panels = {d["key"]: d["data"] for d in data["documents"]}
    assert [(k, p["source"], len(p["records"])) for k, p in panels.items()] == [
        ("RFC3986", RFC, 1), ("GPL", GPL, 1), ("AMI", MEETING, 1)]
    # Every panel numbers the summary's three sentences alike; a sentence another document's
    # pass checked names it.
    assert [s.get("elsewhere") for s in panels["GPL"]["sentences"]] == [["RFC3986"], None,
                                                                        ["AMI"]]
    assert [f["rule"] for f in panels["AMI"]["findings"]] == ["SUM201", "SUM103"]
    assert panels["AMI"]["findings"][1]["sentence"] == 2
    assert (data["counts"]["sentences"], data["counts"]["backed"]) == (3, 2)
    assert "Sources RFC3986" in page and 'data-document="2"' in page


def test_an_unchanged_summary_of_several_sources_reuses_its_outcome(folder, monkeypatch):
    import summcheck.engine.run

    monkeypatch.setenv("SUMMCHECK_CACHE_DIR", str(folder / "cache"))
    real, calls = summcheck.engine.run.load, []
    monkeypatch.setattr(summcheck.engine.run, "load", lambda *a, **k: calls.append(1) or real(*a, **k))
    _write(folder, RECORDS)

    def check() -> bytes:
        result = run_summcheck("check", "summary.md", "--format", "json", cwd=folder)
        assert result.returncode in (0, 1), result.stderr
        return result.stdout_bytes

    cold = check()
    assert len(calls) == 4  # the summary read, then one pass a source
    assert check() == cold and len(calls) == 4, "the warm run checked the summary again"
    # Any one of the sources changed: checked again, and the change is seen.
    gpl = folder / GPL
    gpl.write_text(gpl.read_text(encoding="utf-8").replace("When we speak", "When we talk"),
                   encoding="utf-8")
    changed = json.loads(check())
    assert len(calls) == 8 and [f["rule"] for f in changed["findings"]] == ["SUM201", "SUM103"]


@pytest.mark.parametrize("manifest, text", [
    ("manifest.jsonl", '{"summary": "summary.md", "sources": {"RFC3986": "%s", "GPL": "%s", '
                       '"AMI": "%s"}}\n' % (RFC, GPL, MEETING)),
    ("manifest.csv", f"summary,sources\nsummary.md,RFC3986={RFC};GPL={GPL};AMI={MEETING}\n"),
])
def test_an_audit_manifest_names_the_sources_of_a_summary(folder, manifest, text):
    # The summary names no source: the manifest does, and the totals group it under them.
    _write(folder, RECORDS, SUMMARY.replace(
        "sources:\n  RFC3986: {rfc}\n  GPL: {gpl}\n  AMI: {meeting}\n", ""))
    (folder / manifest).write_text(text, encoding="utf-8")
    result = run_summcheck("audit", manifest, "-o", "results.jsonl", cwd=folder)
    assert result.returncode == 0, result.stderr
    line = json.loads((folder / "results.jsonl").read_text(encoding="utf-8"))
    assert line["entry"]["sources"] == {"RFC3986": RFC, "GPL": GPL, "AMI": MEETING}
    assert (line["report"]["summaries"][0]["verified"], line["report"]["findings"]) == (3, [])
    assert f"{RFC} + {GPL} + {MEETING}" in result.stdout and "(source unknown)" not in \
        result.stdout
    # A source changed since: the resumed audit checks the summary again.
    gpl = folder / GPL
    gpl.write_text(gpl.read_text(encoding="utf-8").replace("When we speak", "When we talk"),
                   encoding="utf-8")
    again = run_summcheck("audit", manifest, "-o", "results.jsonl", cwd=folder)
    assert again.returncode == 1 and "SUM201" in again.stdout


@pytest.mark.parametrize("value, message", [
    ('{"meeting": "x.txt"}', "sources: key 'meeting' must be a name a locator can use"),
    ('{"AMI": "missing.txt"}', "sources.AMI"),
    ('"AMI"', "sources must be KEY=PATH pairs"),
    ('[]', "sources must map keys to paths"),
])
def test_a_manifest_sources_value_that_cannot_be_read_is_one_line(folder, value, message):
    _write(folder, RECORDS)
    (folder / "manifest.jsonl").write_text(
        '{"summary": "summary.md", "sources": %s}\n' % value, encoding="utf-8")
    result = run_summcheck("audit", "manifest.jsonl", "-o", "results.jsonl", cwd=folder)
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
    assert "manifest.jsonl: line 1: " in result.stderr and message in result.stderr


def test_outline_lists_each_source_of_a_summary_under_its_key(folder):
    import importlib.resources

    import jsonschema

    _write(folder, RECORDS)
    text = run_summcheck("outline", "--summary", "summary.md", cwd=folder)
    assert text.returncode == 0, text.stderr
    assert [line for line in text.stdout.splitlines() if line.startswith("source ")] == [
        "source RFC3986:", "source GPL:", "source AMI:"]
    assert f"{RFC}: text, 12 pages" in text.stdout
    found = run_summcheck("outline", "--summary", "summary.md", "--format", "json", cwd=folder)
    outlines = json.loads(found.stdout)
    schema = json.loads((importlib.resources.files("summcheck") / "schemas" /
                         "outline.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(outlines, schema)
    assert [(o["key"], o["source"]) for o in outlines] == [("RFC3986", RFC), ("GPL", GPL),
                                                           ("AMI", MEETING)]
    assert outlines[0]["sections"][0]["title"] == "Introduction"
    # A summary of one source: its outline, as `outline SOURCE` gives it.
    (folder / "one.md").write_text(f"---\nsource: {GPL}\nclaims: claims.jsonl\n---\n\nText.\n",
                                   encoding="utf-8")
    one = run_summcheck("outline", "--summary", "one.md", "--format", "json", cwd=folder)
    assert one.stdout == run_summcheck("outline", GPL, "--format", "json", cwd=folder).stdout
    neither = run_summcheck("outline", cwd=folder)
    assert neither.returncode == 2 and "name a source, or a summary with --summary" in \
        neither.stderr


def test_each_source_has_its_own_structure_sidecar(folder):
    # The transcript has no headings: its sidecar states its parts. The standard's sections
    # are still found in its own text, and a sidecar for the whole summary is refused.
    (folder / "ami.sections.yaml").write_text(
        "sections:\n  - {id: '1', line: 1, title: Opening}\n"
        "  - {id: '2', line: 30, title: Roles}\n", encoding="utf-8")
    records = [dict(r) for r in RECORDS]
    records[0]["locator"] = "RFC3986 section 1"
    records[2]["locator"] = "AMI section 1"
    summary = SUMMARY.replace("AMI: {meeting}", "AMI: {{path: {meeting}, structure: "
                              "ami.sections.yaml}}").replace(
        "(AMI line 15)", "(AMI section 1)").replace("(RFC3986 p. 4)", "(RFC3986 section 1)")
    report = api.check(_write(folder, records, summary))
    assert not report.findings, report.findings
    assert report.summaries[0].backed == 3
    outline = run_summcheck("outline", "--summary", "summary.md", cwd=folder).stdout
    assert "1  Opening" in outline and "1.1  Overview of URIs" in outline
    shared = summary.replace("claims: claims.jsonl", "claims: claims.jsonl\nstructure: "
                             "ami.sections.yaml")
    result = run_summcheck("check", _write(folder, records, shared).name, cwd=folder)
    assert result.returncode == 2 and "give each source its own" in result.stderr


def test_pin_pins_every_source_and_a_changed_one_stops_the_check(folder):
    import hashlib

    summary = SUMMARY.replace("AMI: {meeting}", "AMI: {{path: {meeting}, default: true}}")
    path = _write(folder, RECORDS, summary)
    before = path.read_text(encoding="utf-8")
    result = run_summcheck("pin", "summary.md", cwd=folder)
    assert result.returncode == 0, result.stderr
    digests = {name: hashlib.sha256((folder / name).read_bytes()).hexdigest()
               for name in (RFC, GPL, MEETING)}
    assert result.stdout.splitlines() == [
        f"summary.md: pinned: source {key} {name} sha256 {digests[name]}"
        for key, name in (("RFC3986", RFC), ("GPL", GPL), ("AMI", MEETING))]
    after = path.read_text(encoding="utf-8")
    # Only the sources entry changed, to one flow mapping keeping each source's settings.
    assert after.replace(after.splitlines()[1] + "\n", "") == \
        before.replace("sources:\n  RFC3986: rfc3986-p1-12.txt\n  GPL: gpl3-s0-5.txt\n"
                       "  AMI: {path: qmsum-es2004a-1-40.txt, default: true}\n", "")
    assert f"AMI: {{path: {MEETING}, default: true, sha256: {digests[MEETING]}}}" in after
    assert run_summcheck("check", "summary.md", cwd=folder).returncode == 0
    assert run_summcheck("pin", "summary.md", cwd=folder).stdout.count("already pinned") == 3
    gpl = folder / GPL
    gpl.write_text(gpl.read_text(encoding="utf-8") + "\nAdded.\n", encoding="utf-8")
    stopped = run_summcheck("check", "summary.md", cwd=folder)
    assert stopped.returncode == 2 and f"source {GPL} is pinned to sha256" in stopped.stderr
