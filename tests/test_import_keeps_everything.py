"""An audit sees everything the other tool claimed: `summcheck import` keeps every sentence of
the answer, never drops a citation it cannot place, and says what it leaves out.

The source is a real document (the GPL's preamble, tests/cases/_sources); the responses are
shaped as the Messages API documents citations: the answer's text split into blocks, the
cited stretches in blocks of their own with `char_location` (code points of the document as
sent) or `page_location` citations, the text between them in uncited blocks.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from pipeline_support import message
from import_support import GPL, gpl_folder, run
from summcheck import api

HERE = Path(__file__).parent
Q_FREEDOM = "When we speak of free software, we are referring to freedom, not\nprice."
Q_PASS_ON = ("you must pass on to the recipients the same\nfreedoms that you received.")
UNCITED = "The licence won the 2008 Open Source Award for clarity."


@pytest.fixture
def folder(tmp_path, monkeypatch) -> Path:
    return gpl_folder(tmp_path, monkeypatch)


def cite(quote: str, document: int = 0, **changes) -> dict:
    text = GPL.read_text(encoding="utf-8")
    start = text.index(quote)
    citation = {"type": "char_location", "cited_text": quote, "document_index": document,
                "document_title": "GPL", "start_char_index": start,
                "end_char_index": start + len(quote)}
    citation.update(changes)
    return citation


def answer(*blocks: dict) -> dict:
    return message(list(blocks))


def text(value: str, *citations: dict) -> dict:
    block: dict = {"type": "text", "text": value}
    if citations:
        block["citations"] = list(citations)
    return block


def write(folder: Path, response: dict, name: str = "response.json") -> str:
    (folder / name).write_text(json.dumps(response, ensure_ascii=False), encoding="utf-8")
    return name


def import_and_check(folder: Path, response: dict, *extra: str):
    result = run("import", "anthropic", write(folder, response), "--source", "gpl.txt",
                 "-o", "S.md", *extra)
    assert result.exit_code == 0, result.output
    return result, api.check(folder / "S.md")


def errors(report) -> list[tuple[str, str]]:
    return sorted((f.rule, f.path.name) for f in report.findings if f.severity == "error")


def body(folder: Path, name: str = "S.md") -> str:
    """The summary's text after its front matter and the import's note."""
    return (folder / name).read_text(encoding="utf-8").split("-->", 1)[1]


def test_an_answer_cited_throughout_passes(folder):
    result, report = import_and_check(folder, answer(
        text("According to the preamble, "),
        text("freedom is not a matter of price", cite(Q_FREEDOM)),
        text(". Those who distribute copies "),
        text("must pass on the freedoms they received", cite(Q_PASS_ON)),
        text("."),
    ))
    assert body(folder).strip() == (
        "According to the preamble, freedom is not a matter of price (lines 22–23). Those who "
        "distribute copies must pass on the freedoms they received (lines 35–36).")
    assert errors(report) == [] and report.summaries[0].verified == 2
    assert "left out" not in result.stderr and "wrote S.md (2 sentences)" in result.stderr


def test_an_uncited_claim_reaches_the_summary_and_fails_the_check(folder):
    """The new user's case: the answer's first block is an uncited claim."""
    result, report = import_and_check(folder, answer(
        text(UNCITED + " "),
        text("Free software is about freedom, not price.", cite(Q_FREEDOM)),
    ))
    assert body(folder).strip().startswith(UNCITED + " Free software is about freedom")
    assert errors(report) == [("SUM101", "S.md")]
    assert "left out" not in result.stderr


def test_headings_white_space_and_lead_ins_are_left_out_and_listed(folder):
    result, report = import_and_check(folder, answer(
        text("## What the preamble says\n\n"),
        text("In short, the preamble makes these points:\n\n"),
        text("   \n"),
        text("Free software is about freedom, not price.", cite(Q_FREEDOM)),
    ))
    summary = (folder / "S.md").read_text(encoding="utf-8")
    assert body(folder).strip() == "Free software is about freedom, not price (lines 22–23)."
    assert "- text block 1: a Markdown heading ('## What the preamble says')" in summary
    assert ("- text block 2: a lead-in that introduces what follows ('In short, the preamble "
            "makes these points:')") in summary
    assert result.stderr.count("left out: ") == 2
    assert "2 items left out" in result.stderr
    assert errors(report) == []


def test_a_sentence_backed_by_a_document_not_given_is_left_out_until_it_is_given(folder):
    (folder / "other.txt").write_text("Copies may be sold for a fee.\n", encoding="utf-8")
    response = answer(
        text("Free software is about freedom, not price.", cite(Q_FREEDOM)),
        text(" Copies may be sold.", {"type": "char_location", "cited_text": "Copies may be sold",
                                      "document_index": 1, "document_title": "other",
                                      "start_char_index": 0, "end_char_index": 18}),
    )
    result, report = import_and_check(folder, response)
    assert "Copies may be sold" not in body(folder)
    assert ("left out: 'Copies may be sold.': backed only by document 1, which was not given; "
            "give it with a further --source to check it too") in result.stderr
    assert errors(report) == []
    # given as a further source, it is checked too, in a summary of its own
    again = run("import", "anthropic", "response.json", "--source", "gpl.txt", "--source",
                "other.txt", "-o", "S.md")
    assert again.exit_code == 0, again.output
    assert "left out" not in again.stderr
    assert body(folder, "S.doc1.md").strip() == "Copies may be sold (line 1)."
    second = api.check(folder / "S.doc1.md")
    assert errors(second) == [] and second.summaries[0].verified == 1
    assert "Copies may be sold" not in body(folder)


UNPLACEABLE = {
    "negative offsets": {"start_char_index": -40},
    "reversed offsets": {"start_char_index": 900, "end_char_index": 800},
    "past the end": {"start_char_index": 10**6, "end_char_index": 10**6 + 50},
    "offsets as text": {"start_char_index": "800"},
    "a boolean offset": {"end_char_index": True},
    "a page the source lacks": {"type": "page_location", "start_page_number": 3,
                                "end_page_number": 4},
    "no cited text": {"cited_text": "  "},
    "a web search result": {"type": "web_search_result_location", "url": "https://example.org"},
}


@pytest.mark.parametrize("change", list(UNPLACEABLE), ids=list(UNPLACEABLE))
def test_a_citation_that_cannot_be_placed_keeps_its_sentence_and_never_passes(folder, change):
    citation = cite(Q_FREEDOM, **UNPLACEABLE[change])
    result, report = import_and_check(folder, answer(
        text("Free software is about freedom, not price.", citation)))
    assert body(folder).strip() == "Free software is about freedom, not price."
    assert "not placed: text block 1, citation 1: " in result.stderr
    assert "1 citation not placed" in result.stderr
    summary = (folder / "S.md").read_text(encoding="utf-8")
    assert "Not placed:\n- text block 1, citation 1: " in summary
    record = json.loads((folder / "S.claims.jsonl").read_text(encoding="utf-8"))
    assert "locator" not in record and record["x-not-placed"]
    assert "SUM101" in {rule for rule, _ in errors(report)}


def test_a_page_outside_a_pdf_keeps_its_sentence(folder):
    from pdf_builder import make_pdf

    make_pdf(folder / "manual.pdf", ["The operator must sign the daily checklist.",
                                     "Spare parts should be ordered early."])
    result = run("import", "anthropic", write(folder, answer(
        text("Operators sign the checklist.", {
            "type": "page_location", "cited_text": "The operator must sign the daily checklist.",
            "document_index": 0, "document_title": None, "start_page_number": 5,
            "end_page_number": 6}))), "--source", "manual.pdf", "-o", "M.md")
    assert result.exit_code == 0, result.output
    assert "pages 5–6 (end exclusive) are not pages of the source (2)" in result.stderr
    assert body(folder, "M.md").strip() == "Operators sign the checklist."
    assert "SUM101" in {rule for rule, _ in errors(api.check(folder / "M.md"))}


@pytest.mark.parametrize("content, field", [
    ([{"type": "text", "text": "Free software.", "citations": "char_location"}],
     "content[0].citations: expected a list"),
    ([{"type": "text", "text": "A.", "citations": []}, "text"], "content[1]: expected an object"),
    ([{"type": "text", "text": 7}], "content[0].text: expected a string"),
    ([{"type": "text", "text": "A.", "citations": ["x"]}],
     "content[0].citations[0]: expected an object"),
    ([{"type": "text", "text": "A.", "citations": [{"type": "char_location", "cited_text": 5}]}],
     "content[0].citations[0].cited_text: expected a string"),
    ([{"type": "text", "text": "A.", "citations": [{"type": "char_location", "cited_text": "A",
                                                    "document_index": "0"}]}],
     "content[0].citations[0].document_index: expected a whole number (0 or more)"),
    ({"0": {"type": "text"}}, "content: expected a list"),
])
def test_a_response_of_the_wrong_shape_is_one_line_naming_the_field(folder, content, field):
    result = run("import", "anthropic", write(folder, answer()), "--source", "gpl.txt",
                 "-o", "S.md")
    assert result.exit_code == 0  # an empty answer is an answer
    response = answer()
    response["content"] = content
    result = run("import", "anthropic", write(folder, response, "bad.json"), "--source",
                 "gpl.txt", "-o", "T.md")
    assert result.exit_code == 2
    assert result.stderr == f"summcheck: error: bad.json: {field}\n"
    assert not (folder / "T.md").exists() and not (folder / "T.claims.jsonl").exists()


def test_messages_count_what_they_count(folder):
    wrong = cite(Q_FREEDOM)
    wrong["cited_text"] = "This text is not in the licence at all."
    one, _ = import_and_check(folder, answer(text("Free software is free.", wrong)))
    assert "1 citation disagrees with the source" in one.stderr
    two, report = import_and_check(folder, answer(text("Free software is free.", wrong, wrong)))
    assert "2 citations disagree with the source" in two.stderr
    assert "SUM201" in {rule for rule, _ in errors(report)} or \
        "SUM202" in {rule for rule, _ in errors(report)}


def test_outputs_stay_inside_the_repository_and_never_name_an_input(folder, tmp_path_factory):
    response = write(folder, answer(text("Free software is about freedom.", cite(Q_FREEDOM))))
    outside = tmp_path_factory.mktemp("outside")
    os.symlink(outside, folder / "link")
    through = run("import", "anthropic", response, "--source", "gpl.txt", "-o", "link/S.md")
    assert through.exit_code == 2 and through.stderr.count("\n") == 1
    assert "outside the repository root" in through.stderr and "--allow-outside" in through.stderr
    assert not list(outside.iterdir())
    allowed = run("import", "anthropic", response, "--source", "gpl.txt", "-o", "link/S.md",
                  "--allow-outside")
    assert allowed.exit_code == 0, allowed.output
    assert (outside / "S.md").is_file() and (outside / "S.claims.jsonl").is_file()
    for output in ("response.json", "gpl.txt", "S.jsonl"):
        refused = run("import", "anthropic", response, "--source", "gpl.txt", "-o", output)
        assert refused.exit_code == 2 and refused.stderr.count("\n") == 1, output
    assert json.loads((folder / "response.json").read_text(encoding="utf-8"))["content"]
    (folder / "x.claims.jsonl").write_text("{}\n", encoding="utf-8")
    claims_named = run("import", "anthropic", response, "--source", "x.claims.jsonl", "-o", "x.md")
    assert claims_named.exit_code == 2 and "refusing to write" in claims_named.stderr
    le = run("import", "langextract", response, "--source", "gpl.txt", "-o", "link/c.jsonl")
    assert le.exit_code == 2 and "outside the repository root" in le.stderr


VARIANTS = {
    "an uncited first block": [text(UNCITED + " "), text("Freedom, not price.", cite(Q_FREEDOM))],
    "an uncited last block": [text("Freedom, not price.", cite(Q_FREEDOM)), text(" " + UNCITED)],
    "an uncited paragraph": [text("Freedom, not price.", cite(Q_FREEDOM)),
                             text("\n\n" + UNCITED)],
    "an uncited bullet": [text("- Freedom, not price.\n", cite(Q_FREEDOM)),
                          text("- " + UNCITED + "\n")],
    "an unplaceable citation": [text("Freedom, not price.", cite(Q_FREEDOM, end_char_index=-1))],
    "a cited text not in the source": [text("Freedom, not price.", cite(
        Q_FREEDOM, cited_text="Freedom is the price of software."))],
}


@pytest.mark.parametrize("blocks", list(VARIANTS.values()), ids=list(VARIANTS))
def test_import_then_check_never_passes_an_unsupported_claim(folder, blocks):
    """`summcheck import anthropic … && summcheck check …`: the gate never passes while the
    answer holds an uncited or unplaceable claim."""
    result, report = import_and_check(folder, answer(*blocks))
    assert report.exit_code("error") == 1, report.findings


def test_langextract_keeps_an_ungrounded_extraction_as_a_record_check_reports(folder):
    text_ = GPL.read_text(encoding="utf-8")
    start = text_.index(Q_FREEDOM)
    document = {"document_id": "gpl", "text": text_, "extractions": [
        {"extraction_class": "principle", "extraction_text": Q_FREEDOM,
         "char_interval": {"start_pos": start, "end_pos": start + len(Q_FREEDOM)},
         "alignment_status": "match_exact", "attributes": {}},
        {"extraction_class": "award", "extraction_text": UNCITED, "char_interval": None,
         "alignment_status": None, "attributes": None}]}
    (folder / "lx.jsonl").write_text(json.dumps(document) + "\n", encoding="utf-8")
    result = run("import", "langextract", "lx.jsonl", "--source", "gpl.txt", "-o", "c.jsonl")
    assert result.exit_code == 0, result.output
    assert "1 citation not placed" in result.stderr
    records = [json.loads(line) for line in (folder / "c.jsonl").read_text("utf-8").splitlines()]
    assert [r.get("locator") for r in records] == ["lines 22–23", None]
    assert records[1]["quote"] == UNCITED
    (folder / "s.md").write_text("---\nsource: gpl.txt\nclaims: c.jsonl\n---\n\n"
                                 "Free software means freedom (lines 22–23).\n", encoding="utf-8")
    assert errors(api.check(folder / "s.md")) == [("SUM200", "c.jsonl")]


def test_the_readme_example_is_what_the_import_writes(folder):
    readme = (HERE.parent / "docs" / "optional-stage.md").read_text(encoding="utf-8")
    shown = readme.split("```markdown\n<!--\nImported by `summcheck import anthropic`", 1)[1]
    shown = "<!--\nImported by `summcheck import anthropic`" + shown.split("```", 1)[0]
    result, report = import_and_check(folder, answer(
        text("## Summary\n\nIn short:\n\n"), text("The licence won an award. "),
        text("Free software is about freedom.", cite(Q_FREEDOM))))
    written = (folder / "S.md").read_text(encoding="utf-8").split("---\n\n", 1)[1]
    assert written == shown
    assert errors(report) == [("SUM101", "S.md")]
