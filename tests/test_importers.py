"""`summcheck import anthropic` and `summcheck import langextract` on files in the shapes the
Messages API and LangExtract write, with non-ASCII text (code points, not bytes)."""
from __future__ import annotations

import codecs
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline_support import message
from summcheck import api
from summcheck.cli import app

SOURCE = ("Política de registros\n\n"
          "El operador 👷 debe registrar cada evento del sistema en el diario único.\n"
          "Los registros se conservan durante doce meses en el archivo central.\n\n"
          "Las claves 🔑 deberían rotarse cada noventa días según la política vigente.\n")


def run(*args: str):
    return CliRunner().invoke(app, list(args))


@pytest.fixture
def folder(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    # With a byte order mark: the document as sent (the file decoded as UTF-8) starts with it,
    # the text summcheck loads does not.
    (tmp_path / "policy.txt").write_bytes(codecs.BOM_UTF8 + SOURCE.encode("utf-8"))
    return tmp_path


def char_citation(sent: str, quote: str, shift: int = 0) -> dict:
    start = sent.index(quote) + shift
    return {"type": "char_location", "cited_text": quote, "document_index": 0,
            "document_title": "policy", "start_char_index": start, "end_char_index": start + len(quote)}


def test_a_response_with_char_locations_becomes_a_summary_that_passes(folder):
    sent = "\ufeff" + SOURCE
    q1 = "El operador 👷 debe registrar cada evento del sistema en el diario único."
    q2 = "Las claves 🔑 deberían rotarse cada noventa días según la política vigente."
    response = message([
        {"type": "text", "text": "Según la política:\n\n"},
        {"type": "text", "text": "El operador debe registrar cada evento.", "citations": [char_citation(sent, q1)]},
        {"type": "text", "text": " "},
        {"type": "text", "text": "Las claves deberían rotarse cada noventa días. Lo dice la política.",
         "citations": [char_citation(sent, q2)]},
    ])
    (folder / "response.json").write_text(json.dumps(response, ensure_ascii=False), encoding="utf-8")
    result = run("import", "anthropic", "response.json", "--source", "policy.txt", "-o", "SUMMARY.md")
    assert result.exit_code == 0, result.output
    summary = (folder / "SUMMARY.md").read_text(encoding="utf-8")
    assert summary.startswith("---\nsource: policy.txt\nclaims: SUMMARY.claims.jsonl\n---\n")
    assert "El operador debe registrar cada evento (line 3)." in summary
    # a block of two sentences: each carries the locator
    assert "cada noventa días (line 6). Lo dice la política (line 6)." in summary
    # the lead-in carries no claim: left out, and listed in the summary and on stderr
    body = summary.split("-->", 1)[1]
    assert "Según la política" not in body
    assert "- text block 1: a lead-in that introduces what follows ('Según la política:')" in summary
    assert "left out: text block 1: a lead-in" in result.stderr
    records = [json.loads(line) for line in (folder / "SUMMARY.claims.jsonl").read_text(encoding="utf-8").splitlines()]
    assert [r["quote"] for r in records] == [q1, q2]
    assert [r["strength"] for r in records] == ["requires", "recommends"]
    report = api.check(folder / "SUMMARY.md")
    assert not [f for f in report.findings if f.severity == "error"], report.findings
    assert report.summaries[0].verified == 2


def test_cited_text_that_disagrees_with_the_source_is_reported_and_fails_the_check(folder):
    sent = "\ufeff" + SOURCE
    q1 = "El operador 👷 debe registrar cada evento del sistema en el diario único."
    q2 = "Las claves 🔑 deberían rotarse cada noventa días según la política vigente."
    # q1's text at q2's offsets: the citation says it stands where it does not
    wrong = char_citation(sent, q2)
    wrong["cited_text"] = q1
    response = message([{"type": "text", "text": "El operador registra los eventos.", "citations": [wrong]}])
    (folder / "response.json").write_text(json.dumps(response), encoding="utf-8")
    result = run("import", "anthropic", "response.json", "--source", "policy.txt", "-o", "S.md")
    assert result.exit_code == 0, result.output
    assert "does not stand at the place given" in result.stderr
    report = api.check(folder / "S.md")
    assert "SUM202" in {f.rule for f in report.findings if f.severity == "error"}


def test_page_and_content_block_locations(folder):
    from pdf_builder import make_pdf

    make_pdf(folder / "manual.pdf", ["Introduction to the manual.",
                                      "The operator must sign the daily checklist.",
                                      "Spare parts should be ordered early."])
    response = message([
        {"type": "text", "text": "Operators sign the checklist.", "citations": [{
            "type": "page_location", "cited_text": "The operator must sign the daily checklist.",
            "document_index": 0, "document_title": None, "start_page_number": 2, "end_page_number": 3}]},
        {"type": "text", "text": "Parts are ordered early.", "citations": [{
            "type": "content_block_location", "cited_text": "Spare parts should be ordered early.",
            "document_index": 0, "document_title": None, "start_block_index": 0, "end_block_index": 1}]},
        {"type": "text", "text": "Another document.", "citations": [{
            "type": "page_location", "cited_text": "x", "document_index": 1, "document_title": None,
            "start_page_number": 1, "end_page_number": 2}]},
    ])
    (folder / "r.json").write_text(json.dumps(response), encoding="utf-8")
    result = run("import", "anthropic", "r.json", "--source", "manual.pdf", "-o", "manual.md")
    assert result.exit_code == 0, result.output
    summary = (folder / "manual.md").read_text(encoding="utf-8")
    assert "Operators sign the checklist (p. 2)." in summary
    assert "Parts are ordered early (p. 3)." in summary
    assert "'Another document.': backed only by document 1, which was not given" in result.stderr
    assert "Another document" not in summary.split("-->", 1)[1]
    report = api.check(folder / "manual.md")
    assert not [f for f in report.findings if f.severity == "error"], report.findings


def test_import_anthropic_refuses_what_is_no_response(folder):
    (folder / "bad.json").write_text('{"id": "x"}', encoding="utf-8")
    result = run("import", "anthropic", "bad.json", "--source", "policy.txt", "-o", "S.md")
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert "not a Messages API response" in result.stderr and not (folder / "S.md").exists()
    over = run("import", "anthropic", "bad.json", "--source", "policy.txt", "-o", "policy.txt")
    assert over.exit_code == 2 and "refusing to write" in over.stderr


# ---------------------------------------------------------------- LangExtract


def annotated(unit: str) -> dict:
    text = SOURCE  # LangExtract was given the text without the byte order mark

    def interval(quote: str, shift: int = 0) -> dict:
        start = text.index(quote) + shift
        end = start + len(quote)
        if unit == "utf8":
            start, end = len(text[:start].encode("utf-8")), len(text[:end].encode("utf-8"))
        return {"start_pos": start, "end_pos": end}

    q1 = "El operador 👷 debe registrar cada evento del sistema en el diario único."
    q2 = "Las claves 🔑 deberían rotarse cada noventa días según la política vigente."
    return {"document_id": "doc_1", "text": text, "extractions": [
        {"extraction_class": "duty", "extraction_text": q1, "char_interval": interval(q1),
         "alignment_status": "match_exact", "extraction_index": 1, "group_index": 0,
         "description": None, "attributes": {"strength": "requires"}},
        {"extraction_class": "advice", "extraction_text": "las claves deberian rotarse",
         "char_interval": interval("Las claves 🔑 deberían rotarse"), "alignment_status": "match_fuzzy",
         "extraction_index": 2, "group_index": 0, "description": None, "attributes": None},
        {"extraction_class": "duty", "extraction_text": "backups are encrypted", "char_interval": None,
         "alignment_status": None, "extraction_index": 3, "group_index": 0, "description": None,
         "attributes": None},
        {"extraction_class": "advice", "extraction_text": q2, "char_interval": interval(q2),
         "alignment_status": "match_exact", "extraction_index": 4, "group_index": 1,
         "description": None, "attributes": {}},
    ]}


@pytest.mark.parametrize("unit", ["codepoint", "utf8"])
def test_langextract_extractions_become_records_in_either_offset_unit(folder, unit):
    (folder / "out.jsonl").write_text(json.dumps(annotated(unit), ensure_ascii=False) + "\n", encoding="utf-8")
    result = run("import", "langextract", "out.jsonl", "--source", "policy.txt", "-o", "claims.jsonl",
                 "--offset-unit", unit)
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in (folder / "claims.jsonl").read_text(encoding="utf-8").splitlines()]
    assert [r["x-alignment-status"] for r in records] == ["match_exact", "match_fuzzy", None,
                                                          "match_exact"]
    assert records[1]["quote"] == "Las claves 🔑 deberían rotarse"  # the grounded text, verbatim
    assert [r["topic"] for r in records] == ["duty", "advice", "duty", "advice"]
    assert [r.get("locator") for r in records] == ["line 3", "line 6", None, "line 6"]
    # the ungrounded extraction is a record without a place, which check reports: never dropped
    assert records[2]["quote"] == "backups are encrypted"
    assert records[2]["x-not-placed"].startswith("not grounded by LangExtract's aligner")
    assert "not placed: extraction 3 ('backups are encrypted'): not grounded" in result.stderr
    assert "aligned only approximately (match_fuzzy)" in result.stderr
    summary = folder / "s.md"
    summary.write_text("---\nsource: policy.txt\nclaims: claims.jsonl\n---\n\n"
                       "El operador debe registrar cada evento (line 3).\n", encoding="utf-8")
    report = api.check(summary)
    assert report.summaries[0].verified == 3
    assert [(f.rule, f.line) for f in report.findings if f.severity == "error"] == [("SUM200", 3)]


def test_byte_offsets_read_as_code_points_are_caught(folder):
    (folder / "out.jsonl").write_text(json.dumps(annotated("utf8"), ensure_ascii=False) + "\n", encoding="utf-8")
    result = run("import", "langextract", "out.jsonl", "--source", "policy.txt", "-o", "claims.jsonl")
    assert result.exit_code == 0
    assert "disagrees: extraction 1 (" in result.stderr
    assert "does not stand at the place given" in result.stderr


def test_langextract_input_that_cannot_be_read_is_one_line(folder):
    (folder / "empty.jsonl").write_text('{"document_id": "d"}\n', encoding="utf-8")
    result = run("import", "langextract", "empty.jsonl", "--source", "policy.txt", "-o", "c.jsonl")
    assert result.exit_code == 2 and "no LangExtract annotated document" in result.stderr
    other = annotated("codepoint")
    other["text"] = "another text entirely"
    (folder / "other.jsonl").write_text(json.dumps(other) + "\n", encoding="utf-8")
    result = run("import", "langextract", "other.jsonl", "--source", "policy.txt", "-o", "c.jsonl")
    assert result.exit_code == 2 and "differs from the source" in result.stderr
    assert not (folder / "c.jsonl").exists()


# ---------------------------------------------------------------- hostile input


DEEP = 100_000  # far past the JSON parser's recursion limit


@pytest.mark.parametrize("importer, name, text, where", [
    ("anthropic", "response.json", "[" * DEEP + "]" * DEEP, "response.json"),
    ("anthropic", "response.json",
     '{"content": [{"type": "text", "text": "x", "x": ' + "[" * 70 + "]" * 70 + "}]}",
     "response.json"),
    ("langextract", "out.json", "[" * DEEP + "]" * DEEP, "out.json"),
    ("langextract", "out.jsonl", json.dumps(annotated("codepoint")) + "\n"
     + '{"extractions": [], "x": ' + "{\"a\": " * DEEP + "1" + "}" * DEEP + "}\n", "out.jsonl:2"),
])
def test_deeply_nested_input_is_one_line_naming_the_file(folder, run_line, importer, name,
                                                         text, where):
    (folder / name).write_text(text, encoding="utf-8")
    output = "SUMMARY.md" if importer == "anthropic" else "claims.jsonl"
    result = run_line("import", importer, name, "--source", "policy.txt", "-o", output,
                      cwd=folder)
    assert result.returncode == 2, result.stderr
    assert result.stderr == (f"summcheck: error: {where}: nested more than 64 levels "
                             f"deep\n")
    assert sorted(p.name for p in folder.iterdir()) == sorted(["policy.txt", name])


def test_a_lone_surrogate_in_a_response_is_the_response_s_fault(folder, run_line):
    sent = "\ufeff" + SOURCE
    quote = "El operador 👷 debe registrar cada evento del sistema en el diario único."
    response = message([
        {"type": "text", "text": "El operador SURROGATE debe registrar cada evento.",
         "citations": [char_citation(sent, quote)]},
    ])
    text = json.dumps(response, ensure_ascii=True).replace("SURROGATE", "\\ud800")
    (folder / "response.json").write_text(text, encoding="ascii")
    result = run_line("import", "anthropic", "response.json", "--source", "policy.txt",
                      "-o", "SUMMARY.md", cwd=folder)
    assert result.returncode == 2, result.stderr
    assert result.stderr == (
        "summcheck: error: response.json: $.content[0].text holds a lone surrogate (\\ud800, "
        "half of a UTF-16 pair), which is no character; fix the text there\n")
    assert sorted(p.name for p in folder.iterdir()) == ["policy.txt", "response.json"]


def test_a_lone_surrogate_in_an_extraction_names_the_jsonl_line(folder, run_line):
    document = annotated("codepoint")
    document["extractions"][0]["attributes"] = {"strength": "SURROGATE"}
    text = json.dumps(document, ensure_ascii=True).replace("SURROGATE", "\\udfff")
    (folder / "out.jsonl").write_text("\n" + text + "\n", encoding="ascii")
    result = run_line("import", "langextract", "out.jsonl", "--source", "policy.txt",
                      "-o", "claims.jsonl", cwd=folder)
    assert result.returncode == 2, result.stderr
    assert result.stderr.startswith(
        "summcheck: error: out.jsonl:2: $.extractions[0].attributes.strength holds a lone "
        "surrogate (\\udfff,")
    assert result.stderr.count("\n") == 1 and not (folder / "claims.jsonl").exists()
