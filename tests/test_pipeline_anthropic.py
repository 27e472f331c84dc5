"""The Anthropic provider through the real `anthropic` SDK, against a mock HTTP transport that
answers in the Messages API's documented shape: text blocks whose citations are
`char_location` (plain text) or `page_location` (PDF). No test touches the network."""
from __future__ import annotations

import base64
import json
import shutil
import time

import pytest
import yaml
from typer.testing import CliRunner

pytest.importorskip("anthropic")

from pipeline_support import RFC3986, cited_reply, message, sdk_httpx  # noqa: E402
from summcheck.cli import app  # noqa: E402
from summcheck.claims import load_claims  # noqa: E402

KEY = "sk-ant-test-0123456789-SECRET"
PURPOSE = "What a URI parser must do."


class MockAPI:
    """Answers /v1/messages: first the queued (status, headers) failures, then `reply(body)`."""

    def __init__(self, reply=None, failures=()):
        self.reply = reply or (lambda body: cited_reply(body["messages"][0]["content"][0]))
        self.failures = list(failures)
        self.requests: list[dict] = []
        self.headers: list[dict] = []

    def __call__(self, request):
        httpx = sdk_httpx()
        body = json.loads(request.content)
        self.requests.append(body)
        self.headers.append(dict(request.headers))
        if self.failures:
            status, headers = self.failures.pop(0)
            return httpx.Response(status, headers=headers, json={
                "type": "error", "error": {"type": "overloaded_error" if status == 529 else "rate_limit_error",
                                           "message": f"status {status}"}})
        return httpx.Response(200, json=self.reply(body))

    def client(self, max_retries: int = 4):
        import anthropic

        httpx = sdk_httpx()
        return anthropic.Anthropic(api_key=KEY, max_retries=max_retries,
                                   http_client=httpx.Client(transport=httpx.MockTransport(self)))


@pytest.fixture
def api(monkeypatch):
    """The CLI's client is made on a mock transport; retry waits are recorded, not slept."""
    import summcheck.providers.anthropic as provider

    mock = MockAPI()
    monkeypatch.setenv("ANTHROPIC_API_KEY", KEY)
    monkeypatch.setattr(provider, "make_client", lambda max_retries=4, timeout=600.0: mock.client(max_retries))
    waits: list[float] = []
    monkeypatch.setattr(time, "sleep", waits.append)
    mock.waits = waits
    return mock


@pytest.fixture
def rfc(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copy(RFC3986, tmp_path / "rfc3986.txt")
    return tmp_path / "rfc3986.txt"


def run(*args: str):
    return CliRunner().invoke(app, list(args))


def extract(*extra: str, output: str = "claims.yaml"):
    return run("extract", "rfc3986.txt", "--purpose", PURPOSE, "-o", output, "--max-chars", "30000",
               "--concurrency", "1", *extra)


def test_chunks_go_out_as_cited_documents_and_come_back_as_verified_records(rfc, api, tmp_path):
    result = extract()
    assert result.exit_code == 0, result.output
    first = api.requests[0]
    document, instruction = first["messages"][0]["content"]
    assert document["type"] == "document" and document["citations"] == {"enabled": True}
    assert document["source"]["type"] == "text" and document["source"]["media_type"] == "text/plain"
    assert instruction["type"] == "text" and PURPOSE in instruction["text"]
    assert first["model"] == "claude-sonnet-4-5" and "claim" in first["system"]
    claims = load_claims(tmp_path / "claims.yaml")
    assert len(claims.records) > 20 and all(r.valid for r in claims.records)
    for record in claims.records:
        assert record.raw["x-cited-by"] == "char_location" and record.raw["x-provider"] == "anthropic"
        assert record.raw["x-model"] == "claude-sonnet-4-5" and record.raw["x-prompt-version"] == "extract-1"
        assert record.topic == "parsing"
        assert record.locator.parts[0].kind == "line"  # the tightest place, not the model's words
    assert "tokens: " in result.stderr and "cost ≈ $" in result.stderr
    assert any(KEY in value for value in api.headers[0].values())  # sent to the API, only there
    for path in tmp_path.iterdir():  # the key is written nowhere
        if path.is_file():
            assert KEY not in path.read_text(encoding="utf-8", errors="replace"), path
    assert KEY not in result.output


def test_wrong_offsets_are_reasked_once_then_dropped_and_listed(rfc, api, tmp_path):
    api.reply = lambda body: cited_reply(body["messages"][0]["content"][0], wrong_offsets=True)
    result = extract()
    assert result.exit_code == 0, result.output
    data = yaml.safe_load((tmp_path / "claims.yaml").read_text(encoding="utf-8"))
    dropped = data["x-extract"]["dropped"]
    chunks = data["x-extract"]["chunks"]
    assert dropped and all("disagrees with the source" in d["problem"] for d in dropped)
    assert len({d["chunk"] for d in dropped}) == len(dropped)  # one wrong citation a chunk
    assert len(api.requests) == chunks + len(dropped)  # each failing chunk re-asked once, no more
    retries = [r["messages"][0]["content"][1]["text"] for r in api.requests
               if "could not be verified" in r["messages"][0]["content"][1]["text"]]
    assert len(retries) == len(dropped) and all("disagrees with the source" in r for r in retries)
    assert f"dropped (chunk {dropped[0]['chunk']})" in result.stderr


def test_a_resumed_run_sends_no_finished_chunk(rfc, api, tmp_path):
    assert extract().exit_code == 0
    sent = len(api.requests)
    assert sent > 1
    again = extract()
    assert again.exit_code == 0, again.output
    assert len(api.requests) == sent
    third = extract("--model", "claude-haiku-4-5")  # another model: every chunk again
    assert third.exit_code == 0 and len(api.requests) == 2 * sent


def test_rate_limits_overload_and_server_errors_are_retried_honouring_retry_after(rfc, api):
    api.failures = [(429, {"retry-after": "0.25"}), (529, {"retry-after": "0.5"}),
                    (500, {"retry-after": "0.125"})]
    result = extract()
    assert result.exit_code == 0, result.output
    chunks = yaml.safe_load((rfc.parent / "claims.yaml").read_text(encoding="utf-8"))["x-extract"]["chunks"]
    assert len(api.requests) == chunks + 3  # three failures, then the answers
    assert api.waits[:3] == [0.25, 0.5, 0.125]


def test_when_retries_run_out_the_run_stops_in_one_line(rfc, api, tmp_path):
    api.failures = [(529, {"retry-after": "0"})] * 10
    result = extract("--max-retries", "2")
    assert result.exit_code == 2, result.output
    assert result.stderr.count("\n") == 1 and "answered 529" in result.stderr
    assert len(api.requests) == 3  # one request and two retries; no other chunk is started
    assert not (tmp_path / "claims.yaml").exists()
    assert KEY not in result.output


def test_a_refused_key_is_one_line(rfc, api):
    api.failures = [(401, {})]
    result = extract()
    assert result.exit_code == 2
    assert result.stderr == "summcheck: error: the Anthropic API refused the key in ANTHROPIC_API_KEY (401)\n"


def test_without_a_key_extract_and_draft_exit_2_in_one_line(rfc, monkeypatch):
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    (rfc.parent / "m.yaml").write_text("source: rfc3986.txt\nclaims: []\n", encoding="utf-8")
    for args in (["extract", "rfc3986.txt", "--purpose", PURPOSE, "-o", "c.yaml"],
                 ["draft", "m.yaml", "--purpose", PURPOSE, "-o", "s.md"]):
        result = run(*args)
        assert result.exit_code == 2
        assert result.stderr == ("summcheck: error: ANTHROPIC_API_KEY is not set: the anthropic "
                                 "provider reads its key from the environment only\n")


def test_pdf_chunks_go_out_as_their_pages_and_page_citations_map_back(tmp_path, monkeypatch, api):
    import pymupdf

    from pdf_builder import make_pdf

    monkeypatch.chdir(tmp_path)
    pages = [f"Chapter {n}.\nThe plant operator on duty must record every event of kind {n} in the log."
             for n in range(1, 6)]
    make_pdf(tmp_path / "manual.pdf", pages)
    result = run("extract", "manual.pdf", "--purpose", PURPOSE, "-o", "claims.yaml", "--max-chars", "200",
                 "--locators", "page")
    assert result.exit_code == 0, result.output
    sent = [r["messages"][0]["content"][0] for r in api.requests]
    assert all(d["source"]["media_type"] == "application/pdf" for d in sent)
    sizes = []
    for document in sent:
        with pymupdf.open(stream=base64.b64decode(document["source"]["data"]), filetype="pdf") as pdf:
            sizes.append(pdf.page_count)
    assert sum(sizes) == 5 and max(sizes) < 5  # each chunk its own pages, all pages once
    claims = load_claims(tmp_path / "claims.yaml")
    locators = sorted(r.locator.text for r in claims.records)
    assert locators == [f"p. {n}" for n in range(1, 6)]  # chunk page + cited page − 1
    assert all(r.strength == "requires" and r.raw["x-cited-by"] == "page_location" for r in claims.records)


def test_draft_through_the_api_passes_the_check(rfc, api, tmp_path):
    (tmp_path / "merged.yaml").write_text(yaml.safe_dump({"source": "rfc3986.txt", "claims": [
        {"id": "c1", "claim": "A base URI comes first.", "locator": "section 5.1",
         "quote": "A base URI must be established by the parser prior to parsing URI references that might be relative.",
         "strength": "requires"}]}), encoding="utf-8")
    api.reply = lambda body: message([{"type": "text", "text": "# Base URI\n\nThe parser must establish a base URI first [c1].\n"}])
    result = run("draft", "merged.yaml", "--purpose", PURPOSE, "-o", "summary.md")
    assert result.exit_code == 0, result.output
    assert "must establish a base URI first (section 5.1)." in (tmp_path / "summary.md").read_text(encoding="utf-8")
    records = json.loads(api.requests[0]["messages"][0]["content"][0]["text"].split("JSON (id, claim, strength, topic, quote):", 1)[1].split("Write the summary.")[0])
    assert records[0]["id"] == "c1" and "locator" not in records[0]  # the model never sees locators
    assert run("check", "summary.md").exit_code == 0
