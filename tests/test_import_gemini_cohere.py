"""`summcheck import gemini` and `summcheck import cohere` on responses shaped as the two APIs
document them, against a real source (the GPL's preamble): a citation spanning two sentences, a
stretch with no citation, a chunk from another document, characters outside the BMP before an
offset, offsets that miss their own text; each import then checked."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from import_support import GPL, gpl_folder, run
from summcheck import api

HERE = Path(__file__).parent
TEXT = GPL.read_text(encoding="utf-8")
CHUNK_FREEDOM = ("When we speak of free software, we are referring to freedom, not\nprice.")
CHUNK_PASS_ON = ("For example, if you distribute copies of such a program, whether\ngratis or for "
                 "a fee, you must pass on to the recipients the same\nfreedoms that you received.")
OTHER = "The Apache License grants a patent licence from every contributor."

# 🎉 is outside the BMP: 4 UTF-8 bytes, 2 UTF-16 code units, 1 code point.
ANSWER = ("🎉 Free software is about freedom, not price. Whoever distributes copies must "
          "pass the same freedoms on. It also grants patent rights. Nobody audits this.")


@pytest.fixture
def folder(tmp_path, monkeypatch) -> Path:
    return gpl_folder(tmp_path, monkeypatch)


def _at(text: str) -> tuple[int, int]:
    start = ANSWER.index(text)
    return start, start + len(text)


def _utf8(offset: int) -> int:
    return len(ANSWER[:offset].encode("utf-8"))


def gemini_response(shift: int = 0) -> dict:
    """generateContent with groundingMetadata: byte offsets into the part's text."""
    def segment(text: str) -> dict:
        a, b = _at(text)
        return {"partIndex": 0, "startIndex": _utf8(a) + shift, "endIndex": _utf8(b) + shift,
                "text": text}

    return {"candidates": [{
        "content": {"role": "model", "parts": [{"text": ANSWER}]},
        "finishReason": "STOP",
        "groundingMetadata": {
            "groundingChunks": [
                {"retrievedContext": {"uri": "fileSearchStores/s/documents/gpl", "title": "gpl",
                                      "text": CHUNK_FREEDOM}},
                {"retrievedContext": {"uri": "fileSearchStores/s/documents/gpl", "title": "gpl",
                                      "text": CHUNK_PASS_ON}},
                {"retrievedContext": {"uri": "fileSearchStores/s/documents/apache",
                                      "title": "apache", "text": OTHER}},
            ],
            "groundingSupports": [
                {"segment": segment("Free software is about freedom, not price."),
                 "groundingChunkIndices": [0], "confidenceScores": [0.97]},
                # one support over two sentences
                {"segment": segment("Whoever distributes copies must pass the same freedoms "
                                    "on. It also grants patent rights."),
                 "groundingChunkIndices": [1, 2], "confidenceScores": [0.9, 0.4]},
            ],
        }}]}


def cohere_response(version: int = 2) -> dict:
    def citation(text: str, sources: list[dict]) -> dict:
        a, b = _at(text)
        return {"start": a, "end": b, "text": text, "sources": sources, "type": "TEXT_CONTENT"}

    def document(ident: str, text: str) -> dict:
        return {"type": "document", "id": ident, "document": {"id": ident, "snippet": text,
                                                              "title": "GPL"}}

    citations = [citation("Free software is about freedom, not price.",
                          [document("doc:0", CHUNK_FREEDOM)]),
                 citation("Whoever distributes copies must pass the same freedoms on.",
                          [document("doc:1", CHUNK_PASS_ON)]),
                 citation("It also grants patent rights.", [document("doc:2", OTHER)])]
    if version == 2:
        return {"id": "c", "finish_reason": "COMPLETE", "message": {
            "role": "assistant", "content": [{"type": "text", "text": ANSWER}],
            "citations": citations}}
    return {"text": ANSWER, "citations": [
        {"start": c["start"], "end": c["end"], "text": c["text"],
         "document_ids": [s["id"] for s in c["sources"]]} for c in citations],
        "documents": [{"id": s["id"], "snippet": s["document"]["snippet"]}
                      for c in citations for s in c["sources"]]}


def _import(folder: Path, provider: str, response: dict, *extra: str):
    (folder / "response.json").write_text(json.dumps(response, ensure_ascii=False),
                                          encoding="utf-8")
    result = run("import", provider, "response.json", "--source", "gpl.txt", "-o", "S.md",
                 *extra)
    assert result.exit_code == 0, result.output
    return result, api.check(folder / "S.md")


def _body(folder: Path) -> str:
    return (folder / "S.md").read_text(encoding="utf-8").split("-->", 1)[1].strip()


@pytest.mark.parametrize("provider, response", [
    ("gemini", gemini_response()), ("cohere", cohere_response(2)), ("cohere", cohere_response(1))],
    ids=["gemini", "cohere-v2", "cohere-v1"])
def test_every_sentence_reaches_the_summary_and_only_the_grounded_are_backed(folder, provider,
                                                                           response):
    result, report = _import(folder, provider, response)
    body = _body(folder)
    assert "Free software is about freedom, not price (lines 22–23)." in body
    assert "must pass the same freedoms on (lines 34–36)." in body
    assert "Nobody audits this." in body  # no citation: kept, without a locator
    # the chunk from another document: not placed, its sentence kept
    assert "not placed:" in result.stderr and "stands nowhere in the source" in result.stderr
    records = [json.loads(line) for line in
               (folder / "S.claims.jsonl").read_text(encoding="utf-8").splitlines()]
    assert [r["quote"] for r in records if "locator" in r] == [CHUNK_FREEDOM, CHUNK_PASS_ON]
    assert [r["quote"] for r in records if "locator" not in r] == [OTHER]
    rules = {f.rule for f in report.findings if f.severity == "error"}
    # the uncited sentences, the unplaced record; what Gemini grounds on two chunks, one of
    # another document, rests on the one placed, which shares none of its words
    assert {"SUM101", "SUM200"} <= rules <= {"SUM101", "SUM200", "SUM103"}
    assert report.summaries[0].verified == 2


def test_gemini_offsets_that_miss_their_text_are_listed_never_moved(folder):
    result, report = _import(folder, "gemini", gemini_response(shift=3))
    assert result.stderr.count("not placed: support") == 2
    assert "the offsets are not moved" in result.stderr
    assert "(lines" not in _body(folder)  # nothing backs any sentence
    assert "SUM101" in {f.rule for f in report.findings}


def test_gemini_codepoint_offsets_read_as_bytes_are_caught(folder):
    response = gemini_response()
    for support in response["candidates"][0]["groundingMetadata"]["groundingSupports"]:
        text = support["segment"]["text"]
        support["segment"]["startIndex"], support["segment"]["endIndex"] = _at(text)
    result, _ = _import(folder, "gemini", response)
    assert "not its text" in result.stderr  # the emoji shifts bytes against characters
    again, report = _import(folder, "gemini", response, "--offset-unit", "codepoint")
    assert "not its text" not in again.stderr and report.summaries[0].verified == 2


def test_cohere_utf16_offsets_of_a_javascript_client(folder):
    response = cohere_response(2)
    for citation in response["message"]["citations"]:
        citation["start"] += 1  # 🎉 is two UTF-16 code units
        citation["end"] += 1
    result, _ = _import(folder, "cohere", response)
    assert "not its text" in result.stderr
    again, report = _import(folder, "cohere", response, "--offset-unit", "utf16")
    assert report.summaries[0].verified == 2


@pytest.mark.parametrize("provider, response, field", [
    ("gemini", {"candidates": [{"content": {"parts": "text"}}]}, "candidates[0].content.parts: expected a list"),
    ("gemini", {"candidates": [{"content": {"parts": [{"text": 5}]}}]},
     "candidates[0].content.parts[0].text: expected a string"),
    ("gemini", {"candidates": [{"content": {"parts": []}, "groundingMetadata": {
        "groundingSupports": "x"}}]}, "groundingSupports: expected a list of objects"),
    ("cohere", {"message": {"content": "x"}}, "message.content: expected a list"),
    ("cohere", {"message": {"content": [], "citations": [1]}},
     "message.citations: expected a list of objects"),
    ("cohere", {"answer": "x"}, "not a Cohere Chat response"),
])
def test_a_response_of_another_shape_is_one_line(folder, provider, response, field):
    (folder / "bad.json").write_text(json.dumps(response), encoding="utf-8")
    result = run("import", provider, "bad.json", "--source", "gpl.txt", "-o", "S.md")
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert field in result.stderr and not (folder / "S.md").exists()
