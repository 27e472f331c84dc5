"""What the tests of the optional stage share: a provider program for `--provider command`, a
Messages API stand-in for the `anthropic` SDK's mock transport, and the real documents."""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RFC3986 = ROOT / "examples" / "rfc3986" / "rfc3986.txt"

# A sentence of the chunk with a modal word: what both stand-in models "extract".
MODAL_SENTENCE = re.compile(r"(?<![\w.])[A-Z][^.;:]{15,240}?\b(?:MUST|SHOULD|must|should|shall)\b[^.;:]{3,240}?\.")

# The provider program: `python fake_provider.py COUNTER MODE,…`. It appends one line per
# request to COUNTER (the task, the chunk index, whether it is a re-ask) and answers as MODE says:
#   good       cite each modal sentence of the chunk, with offsets, proposed as `states`
#   invent     also propose a quote that stands nowhere
#   wrong      also cite a real sentence at offsets 9 characters off
#   nooffsets  give quotes without offsets (summcheck finds them in the chunk)
#   draft-good / draft-repair / draft-bad   how a draft is written (see draft_reply)
FAKE_PROVIDER = r'''
import json, re, sys
counter, modes = sys.argv[1], set(sys.argv[2].split(","))
req = json.load(sys.stdin)
PATTERN = re.compile(%r)
with open(counter, "a", encoding="utf-8") as f:
    f.write(json.dumps({"task": req["task"], "chunk": req.get("chunk", {}).get("index"),
                        "retry": bool(req.get("retry") or req.get("findings"))}) + "\n")
if req["task"] == "extract":
    text = req["chunk"]["text"]
    claims = []
    for m in PATTERN.finditer(text):
        quote = m.group(0)
        item = {"claim": " ".join(quote.split()), "quote": quote, "strength": "states",
                "topic": "t%%d" %% (req["chunk"]["index"] %% 3)}
        if "nooffsets" not in modes:
            item.update(start=m.start(), end=m.end())
        claims.append(item)
    if "invent" in modes:
        claims.append({"claim": "URIs are blue.", "quote": "Every URI is painted blue before use."})
    if "wrong" in modes and claims and "start" in claims[0]:
        first = claims[0]
        claims.append({"claim": "Off by nine: " + first["claim"], "quote": first["quote"],
                       "start": first["start"] + 9, "end": first["end"] + 9})
    print(json.dumps({"claims": claims, "usage": {"input_tokens": len(text) // 4,
                                                  "output_tokens": 10 * len(claims)}}))
else:
    retry = bool(req.get("findings"))
    records = req["records"][:6]
    if "draft-bad" in modes or ("draft-repair" in modes and not retry):
        body = "# Summary\n\nThe parser does several things.\n\n- %%s [nosuchid].\n" %% records[0]["claim"]
    else:
        body = "# Summary\n\nThis summary covers what a parser must do [synthesis].\n\n" + "".join(
            "- %%s [%%s].\n" %% (r["claim"].rstrip("."), r["id"]) for r in records)
    print(json.dumps({"summary": body, "usage": {"input_tokens": 100, "output_tokens": 50}}))
''' % MODAL_SENTENCE.pattern


def provider_command(tmp_path: Path, modes: str) -> tuple[str, Path]:
    """(the --command line, the file counting its requests)."""
    script = tmp_path / "fake_provider.py"
    script.write_text(FAKE_PROVIDER, encoding="utf-8")
    counter = tmp_path / "requests.jsonl"
    return f'"{sys.executable}" "{script}" "{counter}" {modes}', counter


def requests_made(counter: Path) -> list[dict]:
    if not counter.exists():
        return []
    return [json.loads(line) for line in counter.read_text(encoding="utf-8").splitlines()]


# ---------------------------------------------------------------- Messages API stand-in


def sdk_httpx():
    """The HTTP library the installed SDK is built on (httpx, or httpx2 in later releases)."""
    import importlib

    import anthropic

    return importlib.import_module(anthropic.DefaultHttpxClient.__mro__[1].__module__.split(".")[0])


def message(content: list[dict], model: str = "claude-sonnet-4-5", usage=(1000, 100)) -> dict:
    return {"id": "msg_test", "type": "message", "role": "assistant", "model": model,
            "content": content, "stop_reason": "end_turn", "stop_sequence": None,
            "usage": {"input_tokens": usage[0], "output_tokens": usage[1]}}


def cited_reply(document: dict, wrong_offsets: bool = False) -> dict:
    """What the model answers for a document block: one `- [tag] claim` line per modal sentence,
    its claim text cited (char_location for text, page_location for a PDF)."""
    content: list[dict] = [{"type": "text", "text": "Here are the claims:\n"}]
    source = document["source"]
    if source["type"] == "text":
        text = source["data"]
        for n, m in enumerate(MODAL_SENTENCE.finditer(text)):
            start, end = m.start(), m.end()
            if wrong_offsets and n == 0:
                start, end = start + 9, end + 9
            content.append({"type": "text", "text": "- [states | parsing] "})
            content.append({"type": "text", "text": " ".join(m.group(0).split()), "citations": [{
                "type": "char_location", "cited_text": m.group(0), "document_index": 0,
                "document_title": document.get("title"), "start_char_index": start,
                "end_char_index": end}]})
            content.append({"type": "text", "text": "\n"})
    else:
        import base64

        import pymupdf

        with pymupdf.open(stream=base64.b64decode(source["data"]), filetype="pdf") as pdf:
            for number, page in enumerate(pdf, 1):
                for line in page.get_text().splitlines():
                    if MODAL_SENTENCE.fullmatch(line.strip()):
                        content.append({"type": "text", "text": "- [requires | pages] "})
                        content.append({"type": "text", "text": line.strip(), "citations": [{
                            "type": "page_location", "cited_text": line.strip(),
                            "document_index": 0, "document_title": document.get("title"),
                            "start_page_number": number, "end_page_number": number + 1}]})
                        content.append({"type": "text", "text": "\n"})
    content.append({"type": "text", "text": "That is all."})
    return message(content)
