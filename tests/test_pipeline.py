"""The optional stage without a model SDK: chunks, the citation → locator mapping, extract and
draft with a local provider program, merge, resume, and the end-to-end run on RFC 3986 that
ends with `summcheck check` passing."""
from __future__ import annotations

import json
import random
import shutil
import sys
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from pipeline_support import RFC3986, provider_command, requests_made
from summcheck import api
from summcheck.cli import app
from summcheck.claims import load_claims
from summcheck.locators import parse_locator
from summcheck.model import Span
from summcheck.pipeline import merge
from summcheck.pipeline.chunks import plan_chunks
from summcheck.pipeline.citations import OffsetUnits, locator_for_span, pages_span
from summcheck.locators.resolve import Resolver
from summcheck.rules.duplicate_claim import normalise_claim
from summcheck.sources import load_source

PURPOSE = "What a URI parser must do."


def run(*args: str):
    return CliRunner().invoke(app, list(args))


@pytest.fixture
def rfc(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    shutil.copy(RFC3986, tmp_path / "rfc3986.txt")
    return tmp_path / "rfc3986.txt"


# ---------------------------------------------------------------- chunks


def test_chunks_follow_sections_cover_the_text_and_resolve(rfc):
    doc = load_source(rfc)
    chunks = plan_chunks(doc, 6000)
    assert chunks[0].span.start == 0 and chunks[-1].span.end == len(doc.text)
    for before, after in zip(chunks, chunks[1:]):
        assert before.span.end == after.span.start  # contiguous: nothing left out
    assert all(c.chars <= 6000 for c in chunks)
    resolver = Resolver(doc)
    heads = {s.span.start for s in doc.sections}
    for chunk in chunks[1:]:
        # A cut falls where a section starts, or at a blank line inside an oversized one.
        assert chunk.span.start in heads or doc.text[chunk.span.start - 2:chunk.span.start].endswith("\n"), chunk
    for chunk in chunks:
        part = parse_locator(chunk.locator).parts[0]
        region = resolver.resolve(part).spans[0]
        if chunk.locator.startswith("section"):
            assert region == chunk.span  # a section locator names exactly the chunk
        else:
            assert region.start <= chunk.span.start and chunk.span.end <= region.end
    # Small neighbouring sections merge ("sections 7.5–7.6"); a large one is split.
    assert any(c.locator.startswith("sections ") for c in chunks)
    assert any(c.unit == "paragraphs" for c in chunks)


def test_an_oversized_section_splits_at_subsections_then_paragraphs(rfc):
    doc = load_source(rfc)
    whole = {c.locator for c in plan_chunks(doc, 60000)}
    fine = plan_chunks(doc, 3000)
    assert "section 5" in whole or any(loc.startswith("sections 5") or loc.startswith("sections 4–5")
                                       for loc in whole)
    assert any(c.locator == "section 5.2.4" or c.locator.startswith("lines") for c in fine)
    assert len(fine) > len(whole)


def test_chunks_command_prints_text_and_json(rfc):
    result = run("chunks", "rfc3986.txt", "--max-chars", "6000", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["kind"] == "text" and data["max_chars"] == 6000
    first = data["chunks"][0]
    assert set(first) == {"index", "locator", "unit", "start", "end", "chars", "lines", "pages"}
    assert run("chunks", "rfc3986.txt", "--max-chars", "6000", "--format", "json").stdout == result.stdout
    text = run("chunks", "rfc3986.txt", "--max-chars", "6000")
    assert text.exit_code == 0 and text.stdout.startswith(f"rfc3986.txt: {len(data['chunks'])} chunks")
    missing = run("chunks", "nope.txt")
    assert missing.exit_code == 2 and missing.stderr.count("\n") == 1 and "nope.txt" in missing.stderr


def test_pdf_chunks_are_whole_pages(tmp_path):
    from pdf_builder import make_pdf

    pdf = make_pdf(tmp_path / "doc.pdf", [f"Page {n} text.\nThe operator must log event {n}." for n in range(1, 7)])
    doc = load_source(pdf)
    chunks = plan_chunks(doc, 200)
    assert all(doc.page_of(c.span.start).span.start == c.span.start for c in chunks)
    assert [c.pages for c in chunks][0][0] == 1 and chunks[-1].pages[1] == 6
    assert all(c.locator.startswith("p") for c in chunks)


# ---------------------------------------------------------------- citations → locators


def test_every_record_span_maps_to_a_locator_that_resolves_around_it():
    from summcheck.matching.exact import Matcher
    from summcheck.matching.normalize import FoldedQuote

    doc = load_source(RFC3986)
    resolver = Resolver(doc)
    matcher = Matcher(doc)
    for line in (RFC3986.parent / "claims.jsonl").read_text(encoding="utf-8").splitlines():
        quote = json.loads(line)["quote"]
        span = matcher.find_anywhere([(FoldedQuote.of(quote), quote)])[0][0].span
        for prefer in ("tightest", "section", "page", "lines"):
            place = locator_for_span(doc, span, prefer=prefer)
            assert place is not None
            region = resolver.resolve(parse_locator(place.locator).parts[0]).spans[0]
            assert region.start <= span.start and span.end <= region.end, place
        assert locator_for_span(doc, span).kind == "line"  # in a text source lines are tightest
        assert locator_for_span(doc, span, prefer="section").locator.startswith("section ")


def test_page_locations_and_labels(tmp_path):
    from pdf_builder import make_pdf

    labels = [{"startpage": 0, "prefix": "", "style": "r", "firstpagenum": 1},
              {"startpage": 2, "prefix": "", "style": "D", "firstpagenum": 1}]
    pdf = make_pdf(tmp_path / "doc.pdf", ["Front matter.", "Contents.", "Keys must rotate.",
                                          "Logs should be kept."], labels=labels)
    doc = load_source(pdf)
    span = pages_span(doc, 3, 5)  # page_location 3..5 exclusive: physical pages 3 and 4
    assert span == Span(doc.pages[2].span.start, doc.pages[3].span.end)
    assert pages_span(doc, 4, 6) is None and pages_span(doc, 0, 1) is None
    assert locator_for_span(doc, span).locator == "pp. 1–2"  # printed labels, as cited
    assert locator_for_span(doc, Span(doc.pages[0].span.start, doc.pages[0].span.start + 3)).locator == "p. i"
    physical = load_source(pdf, page_numbers="physical")
    assert locator_for_span(physical, span, page_numbers="physical").locator == "pp. 3–4"


@pytest.mark.parametrize("unit, offsets", [("codepoint", [0, 1, 2, 3]), ("utf8", [0, 2, 6, 7]),
                                           ("utf16", [0, 1, 3, 4])])
def test_offsets_in_bytes_or_code_units_become_code_points(unit, offsets):
    text = "é😀x"  # 2 UTF-8 bytes, then 4 (and 2 UTF-16 code units), then 1
    units = OffsetUnits(text, unit)
    assert [units.to_codepoints(o) for o in offsets] == [0, 1, 2, 3]
    if unit != "codepoint":
        with pytest.raises(ValueError, match="inside a character"):
            units.to_codepoints(1 if unit == "utf8" else 2)
    with pytest.raises(ValueError, match="beyond"):
        units.to_codepoints(99)


# ---------------------------------------------------------------- extract (command provider)


def extract(*extra: str, modes: str = "good", tmp: Path, output: str = "claims.yaml"):
    command, counter = provider_command(tmp, modes)
    result = run("extract", "rfc3986.txt", "--purpose", PURPOSE, "-o", output,
                 "--provider", "command", "--command", command, "--max-chars", "20000", *extra)
    return result, counter


def test_extract_keeps_verified_claims_and_drops_invented_and_misplaced_ones(rfc, tmp_path):
    result, counter = extract(modes="good,invent,wrong", tmp=tmp_path)
    assert result.exit_code == 0, result.output
    claims = load_claims(tmp_path / "claims.yaml")
    assert claims.records and all(r.valid for r in claims.records)
    data = yaml.safe_load((tmp_path / "claims.yaml").read_text(encoding="utf-8"))
    assert data["source"] == "rfc3986.txt" and data["purpose"] == PURPOSE
    dropped = data["x-extract"]["dropped"]
    assert {d["claim"] for d in dropped if d["claim"] == "URIs are blue."}
    invented = [d for d in dropped if d["claim"] == "URIs are blue."]
    assert invented and all("does not stand in the chunk" in d["problem"] and d["re-asked"] for d in invented)
    off = [d for d in dropped if d["claim"].startswith("Off by nine")]
    assert off and all("disagrees with the source" in d["problem"] for d in off)
    quotes = [r.quote for r in claims.records]
    assert "Every URI is painted blue before use." not in quotes
    for record in claims.records:  # provider, model and prompt version on every record
        assert record.raw["x-provider"] == "command" and record.raw["x-prompt-version"] == "extract-1"
        # proposed as `states`, settled by the quote's modality
        assert record.strength in ("requires", "recommends")
    # each chunk with a failure was re-asked exactly once
    asked = requests_made(counter)
    chunks = {r["chunk"] for r in asked}
    assert all(sum(1 for r in asked if r["chunk"] == c and r["retry"]) == 1 for c in chunks)
    assert "dropped (chunk" in result.stderr and "URIs are blue." in result.stderr
    assert "tokens:" in result.stderr and "chunk 1/" in result.stderr
    # verified as `check` verifies: every record is verified there
    report = api.check(write_summary(tmp_path, "claims.yaml"), allow_outside=True)
    assert report.summaries[0].verified == len(claims.records)


def write_summary(folder: Path, claims: str) -> Path:
    path = folder / "probe.md"
    path.write_text(f"---\nsource: rfc3986.txt\nclaims: {claims}\n---\n\nNothing [synthesis].\n",
                    encoding="utf-8")
    return path


def test_quotes_without_offsets_are_found_in_the_chunk(rfc, tmp_path):
    result, _ = extract(modes="nooffsets", tmp=tmp_path, output="claims.jsonl")
    assert result.exit_code == 0, result.output
    lines = (tmp_path / "claims.jsonl").read_text(encoding="utf-8").splitlines()
    assert lines and all(json.loads(line)["x-cited-by"] == "quote" for line in lines)


def test_a_resumed_run_sends_no_finished_chunk(rfc, tmp_path):
    first, counter = extract(tmp=tmp_path)
    assert first.exit_code == 0, first.output
    sent = len(requests_made(counter))
    written = (tmp_path / "claims.yaml").read_bytes()
    again, _ = extract(tmp=tmp_path)
    assert again.exit_code == 0, again.output
    assert len(requests_made(counter)) == sent  # nothing sent again
    assert (tmp_path / "claims.yaml").read_bytes() == written  # same bytes
    assert "not sent again" in again.stderr
    # Another purpose is another question: every chunk is asked again.
    command, _ = provider_command(tmp_path, "good")
    other = run("extract", "rfc3986.txt", "--purpose", "Something else", "-o", "claims.yaml",
                "--provider", "command", "--command", command, "--max-chars", "20000")
    assert other.exit_code == 0 and len(requests_made(counter)) == 2 * sent


def test_an_interrupted_run_resumes_after_its_last_finished_chunk(rfc, tmp_path):
    first, counter = extract(tmp=tmp_path, output="claims.yaml")
    state = tmp_path / "claims.yaml.state.jsonl"
    lines = state.read_text(encoding="utf-8").splitlines()
    state.write_text("\n".join(lines[:2]) + "\n" + lines[2][:40], encoding="utf-8")  # torn line
    (tmp_path / "claims.yaml").unlink()
    before = len(requests_made(counter))
    again, _ = extract(tmp=tmp_path, output="claims.yaml")
    assert again.exit_code == 0, again.output
    assert len(requests_made(counter)) - before == len(lines) - 2


def test_extract_refuses_bad_input_in_one_line(rfc, tmp_path):
    command, _ = provider_command(tmp_path, "good")
    for args, words in [
        (["--provider", "command"], "--provider command needs --command"),
        (["--provider", "command", "--command", "/no/such/program"], "no such program"),
        (["--provider", "command", "--command", command, "-o", "rfc3986.txt"], "refusing to write"),
    ]:
        base = ["extract", "rfc3986.txt", "--purpose", PURPOSE]
        result = run(*(base + (["-o", "c.yaml"] if "-o" not in args else []) + args))
        assert result.exit_code == 2, result.output
        assert result.stderr.count("\n") == 1 and words in result.stderr, result.stderr
    assert not (tmp_path / "c.yaml").exists()


def test_without_the_extra_the_anthropic_provider_is_one_line_exit_2(rfc, monkeypatch):
    monkeypatch.setitem(sys.modules, "anthropic", None)  # as if not installed
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-not-used")
    for args in (["extract", "rfc3986.txt", "--purpose", PURPOSE, "-o", "c.yaml"],
                 ["draft", "c.yaml", "--purpose", PURPOSE, "-o", "s.md"]):
        if args[0] == "draft":
            Path("c.yaml").write_text("source: rfc3986.txt\nclaims: []\n", encoding="utf-8")
        result = run(*args)
        assert result.exit_code == 2, result.output
        assert result.stderr == ("summcheck: error: the anthropic provider needs the extract extra, "
                                 "which is not installed: pip install 'summcheck[extract]'\n")
        assert "sk-ant-test-not-used" not in result.output


# ---------------------------------------------------------------- merge


def records_file(path: Path, records: list[dict], source: str = "rfc3986.txt") -> Path:
    path.write_text(yaml.safe_dump({"source": source, "claims": records}, sort_keys=False),
                    encoding="utf-8")
    return path


def test_merge_dedupes_orders_by_emphasis_and_keeps_origins(rfc, tmp_path):
    doc = load_source(rfc)
    informative = next(s for s in doc.sections if s.ident == "A")
    appendix_quote = " ".join(doc.text[informative.span.start:informative.span.end].split("\n\n")[1].split())[:60]
    records_file(tmp_path / "a.yaml", [
        {"id": "a1", "claim": "Slash is data in the query.", "locator": "section 3.4",
         "quote": "The characters slash (\"/\") and question mark (\"?\") may represent data within the query component.",
         "strength": "states", "topic": "query"},
        {"id": "a2", "claim": "Appendix grammar.", "locator": "section A", "quote": appendix_quote,
         "strength": "requires", "topic": "base"},
        {"id": "a3", "claim": "A fabricated one.", "locator": "section 3.4", "quote": "not in the RFC at all, no",
         "strength": "states"},
    ])
    records_file(tmp_path / "b.yaml", [
        {"id": "b1", "claim": "Base URI first.", "locator": "section 5.1",
         "quote": "A base URI must be established by the parser prior to parsing URI references that might be relative.",
         "strength": "requires", "topic": "Base"},
        {"id": "b2", "claim": "Slash may be query data.", "locator": "lines 1274-1302",
         "quote": "slash (\"/\") and question mark (\"?\") may represent data", "strength": "states",
         "topic": "query"},
        {"id": "b3", "claim": "slash is data in the query", "locator": "section 3.5",
         "quote": "The characters slash (\"/\") and question mark (\"?\") are allowed to represent data within the fragment identifier.",
         "strength": "states"},
    ])
    result = run("merge", "a.yaml", "b.yaml", "-o", "merged.yaml")
    assert result.exit_code == 0, result.output
    merged = yaml.safe_load((tmp_path / "merged.yaml").read_text(encoding="utf-8"))
    claims = [r["claim"] for r in merged["claims"]]
    # the normative requirement first, its topic group next to it, the appendix after normative text
    assert claims[0] == "Base URI first." and claims[1] == "Appendix grammar."
    assert "Slash is data in the query." in claims and "A fabricated one." not in claims
    assert "Slash may be query data." not in claims  # overlapping span: a duplicate
    assert "slash is data in the query" not in claims  # the same claim after normalisation
    query = next(r for r in merged["claims"] if r["claim"] == "Slash is data in the query.")
    assert {(o["file"], o["record"]) for o in query["x-origin"]} == {("a.yaml", "a1"), ("b.yaml", "b2"), ("b.yaml", "b3")}
    assert [r["id"] for r in merged["claims"]] == [f"c{n}" for n in range(1, len(claims) + 1)]
    assert "left out (unverified)" in result.stderr and "a3" in result.stderr
    first = (tmp_path / "merged.yaml").read_bytes()
    assert run("merge", "a.yaml", "b.yaml", "-o", "merged.yaml").exit_code == 0
    assert (tmp_path / "merged.yaml").read_bytes() == first  # deterministic
    check = api.check(write_summary(tmp_path, "merged.yaml"), allow_outside=True)
    assert check.summaries[0].verified == len(claims)
    assert not [f for f in check.findings if f.rule == "SUM301"]


def test_merge_refuses_files_of_different_sources_and_writing_over_an_input(rfc, tmp_path):
    shutil.copy(rfc, tmp_path / "other.txt")
    records_file(tmp_path / "a.yaml", [])
    records_file(tmp_path / "b.yaml", [], source="other.txt")
    mixed = run("merge", "a.yaml", "b.yaml", "-o", "m.yaml")
    assert mixed.exit_code == 2 and "different sources" in mixed.stderr
    over = run("merge", "a.yaml", "-o", "a.yaml")
    assert over.exit_code == 2 and "refusing to write" in over.stderr
    assert not (tmp_path / "m.yaml").exists()


def brute_force_deduplicated(entries):
    """What merge did before it indexed the kept spans: each entry compared with every kept
    one (the oracle of the tests below)."""
    kept, seen, duplicates = [], {}, 0
    for entry in sorted(entries, key=lambda e: e.rank):
        key = normalise_claim(str(entry.record.get("claim", "")))
        twin = seen.get(key)
        if twin is None and entry.span is not None:
            twin = next((other for other in kept if other.span is not None
                         and other.span.start < entry.span.end
                         and entry.span.start < other.span.end), None)
        if twin is not None:
            twin.origins.extend(o for o in entry.origins if o not in twin.origins)
            duplicates += 1
            continue
        kept.append(entry)
        seen[key] = entry
    return kept, duplicates


def generated_entries(seed: int, count: int) -> list[merge._Entry]:
    """Entries with spans crowded into a short text (nested, equal, adjacent, empty and no
    spans), claims from a small vocabulary (so some are equal after normalisation)."""
    rng = random.Random(seed)
    width = rng.choice([10, 60, 4 * count + 10])  # crowded, or most spans kept
    entries = []
    for order in range(1, count + 1):
        start = rng.randrange(width)
        length = rng.choice([0, 1, 2, 3, 5, 9, 20])
        span = None if rng.random() < 0.1 else Span(start, start + length)
        claim = rng.choice(["A claim.", "a  CLAIM", "Another claim", "another claim!"]
                           if rng.random() < 0.2 else [f"Own {order}."])
        record = {"claim": claim, "strength": rng.choice(["requires", "recommends", "states",
                                                          "reports", "REQUIRES", "guess"])}
        entries.append(merge._Entry(record, [{"file": "f", "record": f"c{order}"}], span,
                                    rng.random() < 0.3, order))
    return entries


@pytest.mark.parametrize("seed", range(40))
def test_indexed_deduplication_keeps_what_comparing_with_every_kept_record_keeps(seed):
    count = random.Random(-seed).choice([1, 2, 5, 20, 80, 200])
    kept, duplicates = merge._deduplicated(generated_entries(seed, count))
    expected, expected_duplicates = brute_force_deduplicated(generated_entries(seed, count))
    assert duplicates == expected_duplicates
    assert [(e.order, e.origins) for e in kept] == [(e.order, e.origins) for e in expected]


def test_merge_writes_what_comparing_with_every_kept_record_writes(tmp_path, monkeypatch):
    """Real claims files of a real source, quotes overlapping within a line: the merged file is
    the one the quadratic comparison wrote, byte for byte."""
    rng = random.Random(7)
    lines = [f"Ward {n:04d} keeps parcel {n:04d} dry, weighs {n % 13} kilograms and ships on "
             f"day {n % 28} of the month." for n in range(1, 61)]
    (tmp_path / "ledger.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    paths = []
    for name in ("a", "b", "c"):
        records = []
        for number in range(70):
            line = rng.randrange(len(lines))
            words = lines[line].split()
            first = rng.randrange(len(words) - 6)
            quote = " ".join(words[first:rng.randrange(first + 6, len(words) + 1)])
            claim = rng.choice([f"Parcel {line} is kept dry.", f"parcel {line} is KEPT dry",
                                f"{name}{number}: ward {line}."])
            records.append({"id": f"{name}{number}", "claim": claim, "locator": f"line {line + 1}",
                            "quote": quote, "strength": rng.choice(["states", "reports"]),
                            "topic": rng.choice(["weight", "Weight ", "shipping", None])})
        paths.append(tmp_path / f"{name}.jsonl")
        paths[-1].write_text("".join(json.dumps({k: v for k, v in r.items() if v is not None})
                                     + "\n" for r in records), encoding="utf-8")
    output = tmp_path / "merged.yaml"
    indexed = merge.merge_files(paths, output, source=tmp_path / "ledger.txt")
    monkeypatch.setattr(merge, "_deduplicated", brute_force_deduplicated)
    compared = merge.merge_files(paths, output, source=tmp_path / "ledger.txt")
    assert not indexed.unverified and 20 < len(indexed.records) < 150  # duplicates of both kinds
    assert indexed.text == compared.text and indexed.duplicates == compared.duplicates


def test_deduplication_scales_linearly_with_the_records():
    """Distinct records of distinct spans, the worst case of comparing each with every kept one."""
    from conftest import assert_scales_linearly

    def run(count: int) -> None:
        entries = [merge._Entry({"claim": f"Claim {n}."}, [], Span(10 * n, 10 * n + 5), False, n)
                   for n in range(count)]
        assert merge._deduplicated(entries)[1] == 0

    assert_scales_linearly(run, 3_000, slack=6)  # n log n: the log factor of 4x is about 1.2


def test_merge_of_20000_distinct_records_keeps_them_all_in_document_order(tmp_path):
    lines = [f"Register entry {n:05d} says that crate {n:05d} weighs {n % 97} kilograms."
             for n in range(20_000)]
    (tmp_path / "register.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    claims = tmp_path / "claims.jsonl"
    order = list(range(len(lines)))
    random.Random(3).shuffle(order)  # the input order is not the document's
    claims.write_text("".join(json.dumps({"id": f"r{n}", "claim": f"Crate {n} weight.",
                                          "locator": f"line {n + 1}", "quote": lines[n],
                                          "strength": "states"}) + "\n" for n in order),
                      encoding="utf-8")
    result = merge.merge_files([claims], tmp_path / "merged.jsonl",
                               source=tmp_path / "register.txt")
    assert result.duplicates == 0 and not result.unverified
    assert [r["claim"] for r in result.records] == [f"Crate {n} weight." for n in range(20_000)]
    assert result.records[-1]["id"] == "c20000"
    assert result.records[0]["x-origin"] == [{"file": "claims.jsonl", "record": "r0"}]


# ---------------------------------------------------------------- draft and the whole pipeline


def test_end_to_end_chunks_extract_merge_draft_then_check_passes(rfc, tmp_path):
    assert run("chunks", "rfc3986.txt").exit_code == 0
    command, counter = provider_command(tmp_path, "good,invent")
    for n, output in ((1, "part1.yaml"), (2, "part2.yaml")):
        done = run("extract", "rfc3986.txt", "--purpose", PURPOSE, "-o", output, "--provider",
                   "command", "--command", command, "--max-chars", str(10000 * n), "--concurrency", "2")
        assert done.exit_code == 0, done.output
    merged = run("merge", "part1.yaml", "part2.yaml", "-o", "merged.yaml")
    assert merged.exit_code == 0, merged.output
    assert "duplicates merged" in merged.stderr
    drafted = run("draft", "merged.yaml", "--purpose", PURPOSE, "-o", "summary.md",
                  "--provider", "command", "--command", command)
    assert drafted.exit_code == 0, drafted.output
    text = (tmp_path / "summary.md").read_text(encoding="utf-8")
    assert text.startswith("---\nsource: rfc3986.txt\nclaims: merged.yaml\n")
    assert "[c1]" not in text and "(lines " in text  # ids became the records' locators
    checked = run("check", "summary.md")
    assert checked.exit_code == 0, checked.output
    report = api.check(tmp_path / "summary.md")
    assert not [f for f in report.findings if f.severity == "error"]


def test_a_failing_draft_is_repaired_once_or_refused(rfc, tmp_path):
    records_file(tmp_path / "merged.yaml", [
        {"id": "c1", "claim": "The parser establishes a base URI first.", "locator": "section 5.1",
         "quote": "A base URI must be established by the parser prior to parsing URI references that might be relative.",
         "strength": "requires"}])
    command, counter = provider_command(tmp_path, "draft-repair")
    repaired = run("draft", "merged.yaml", "--purpose", PURPOSE, "-o", "summary.md",
                   "--provider", "command", "--command", command)
    assert repaired.exit_code == 0, repaired.output
    assert "after one repair" in repaired.stderr
    assert [r["retry"] for r in requests_made(counter)] == [False, True]
    assert "(section 5.1)" in (tmp_path / "summary.md").read_text(encoding="utf-8")
    bad, counter = provider_command(tmp_path, "draft-bad")
    refused = run("draft", "merged.yaml", "--purpose", PURPOSE, "-o", "refused.md",
                  "--provider", "command", "--command", bad)
    assert refused.exit_code == 1, refused.output
    assert "SUM101" in refused.stderr and "nosuchid" in refused.stderr
    assert "refused" in refused.stderr and not (tmp_path / "refused.md").exists()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".refused")]  # no temporary file
