"""`summcheck import openai` on responses shaped as the Responses API (file_search with
`include: ["file_search_call.results"]`, `file_citation` annotations) and Chat Completions
(`url_citation`) document them, against a real source (the GPL's preamble)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from import_support import gpl_folder, run
from summcheck import api

HERE = Path(__file__).parent
CHUNK_FREEDOM = ("When we speak of free software, we are referring to freedom, not\nprice.  Our "
                 "General Public Licenses are designed to make sure that you\nhave the freedom "
                 "to distribute copies of free software")
CHUNK_PASS_ON = ("you must pass on to the recipients the same\nfreedoms that you received.")
OTHER_CHUNK = "Apache 2.0 grants a patent licence from every contributor."

ANSWER = ("Free software concerns freedom, not price. Distributors must pass the same freedoms "
          "on to recipients. Apache grants a patent licence. Nobody audits the licence.")


@pytest.fixture
def folder(tmp_path, monkeypatch) -> Path:
    return gpl_folder(tmp_path, monkeypatch)


def _end(sentence: str) -> int:
    return ANSWER.index(sentence) + len(sentence)


def responses_api(results: bool = True) -> dict:
    search = {"id": "fs_1", "type": "file_search_call", "status": "completed",
              "queries": ["free software"], "results": [
                  {"file_id": "file-gpl", "filename": "gpl.txt", "score": 0.9,
                   "text": CHUNK_FREEDOM, "attributes": {}},
                  {"file_id": "file-gpl", "filename": "gpl.txt", "score": 0.8,
                   "text": CHUNK_PASS_ON, "attributes": {}},
                  {"file_id": "file-apache", "filename": "apache.txt", "score": 0.5,
                   "text": OTHER_CHUNK, "attributes": {}}] if results else None}
    annotations = [
        {"type": "file_citation", "file_id": "file-gpl", "filename": "gpl.txt",
         "index": _end("Free software concerns freedom, not price.")},
        {"type": "file_citation", "file_id": "file-gpl", "filename": "gpl.txt",
         "index": _end("Distributors must pass the same freedoms on to recipients.")},
        {"type": "file_citation", "file_id": "file-apache", "filename": "apache.txt",
         "index": _end("Apache grants a patent licence.")}]
    return {"id": "resp_1", "object": "response", "status": "completed", "output": [
        search,
        {"id": "msg_1", "type": "message", "role": "assistant", "status": "completed",
         "content": [{"type": "output_text", "text": ANSWER, "annotations": annotations}]}]}


def _import(folder: Path, response: dict, *sources: str):
    (folder / "r.json").write_text(json.dumps(response), encoding="utf-8")
    args = [a for s in sources or ("gpl.txt",) for a in ("--source", s)]
    result = run("import", "openai", "r.json", *args, "-o", "S.md")
    assert result.exit_code == 0, result.output
    return result


def _body(folder: Path, name: str = "S.md") -> str:
    return (folder / name).read_text(encoding="utf-8").split("-->", 1)[1].strip()


def test_file_citations_back_their_sentences_with_the_chunk_that_fits_them(folder):
    result = _import(folder, responses_api())
    body = _body(folder)
    assert "Free software concerns freedom, not price (lines 22–24)." in body
    assert "must pass the same freedoms on to recipients (lines 35–36)." in body
    assert "Nobody audits the licence." in body and "Apache" not in body
    assert ("left out: 'Apache grants a patent licence.': backed only by document apache.txt, "
            "which was not given") in result.stderr
    records = [json.loads(line) for line in
               (folder / "S.claims.jsonl").read_text(encoding="utf-8").splitlines()]
    assert [r["quote"] for r in records] == [CHUNK_FREEDOM.strip(), CHUNK_PASS_ON]
    report = api.check(folder / "S.md")
    assert report.summaries[0].verified == 2
    assert {f.rule for f in report.findings if f.severity == "error"} == {"SUM101"}


def test_without_the_retrieved_text_a_citation_is_not_placed(folder):
    result = _import(folder, responses_api(results=False))
    assert result.stderr.count('include ["file_search_call.results"]') == 2
    assert "(lines" not in _body(folder)


def test_chat_completions_url_citations(folder):
    text = "The licence says: you must pass on to the recipients the same freedoms that you received. It is long."
    start = text.index("you must")
    end = text.index(" It is long.")
    response = {"id": "chatcmpl-1", "object": "chat.completion", "choices": [{
        "index": 0, "finish_reason": "stop", "message": {
            "role": "assistant", "content": text, "annotations": [
                {"type": "url_citation", "url_citation": {
                    "url": "https://www.gnu.org/licenses/gpl-3.0.txt", "title": "GPL",
                    "start_index": start, "end_index": end}}]}}]}
    _import(folder, response)
    assert "freedoms that you received (lines 35–36)." in _body(folder)
    assert api.check(folder / "S.md").summaries[0].verified == 1


@pytest.mark.parametrize("response, field", [
    ({"output": [{"type": "message", "content": "x"}]}, "output[0].content: expected a list"),
    ({"output": [{"type": "message", "content": [{"type": "output_text", "text": 3}]}]},
     "output[0].content[0].text: expected a string"),
    ({"choices": [{"message": {"content": None}}]}, "choices[0].message.content: expected a string"),
    ({"data": []}, "not an OpenAI response"),
])
def test_a_response_of_another_shape_is_one_line(folder, response, field):
    (folder / "bad.json").write_text(json.dumps(response), encoding="utf-8")
    result = run("import", "openai", "bad.json", "--source", "gpl.txt", "-o", "S.md")
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert field in result.stderr and not (folder / "S.md").exists()
