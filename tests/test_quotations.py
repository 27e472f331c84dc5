"""Quotations as people write them (matching/elisions.py): the README's examples on the real
sources they name, the JSON report's fragment places, the evidence report's marks, and what a
quote without elision costs (nothing: it never reaches the quotation path)."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from conftest import run_summcheck
from summcheck import api
from summcheck.matching import elisions
from summcheck.matching.elisions import quotation_of

HERE = Path(__file__).parent
RFC = HERE.parent / "examples" / "rfc3986" / "rfc3986.txt"
GPL = HERE / "cases" / "_sources" / "gpl3-s0-5.txt"
README = (HERE.parent / "docs" / "checking.md").read_text(encoding="utf-8")


def _case(folder: Path, source: Path, records: list[dict], sentences: list[str]) -> Path:
    shutil.copy(source, folder / source.name)
    (folder / "summcheck.toml").write_text("", encoding="utf-8")
    (folder / "claims.jsonl").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    summary = folder / "summary.md"
    summary.write_text(f"---\nsource: {source.name}\nclaims: claims.jsonl\n---\n\n"
                       + "\n".join(sentences) + "\n", encoding="utf-8")
    return summary


def _readme_examples() -> list[str]:
    """The quotes of the README's table of quotation forms (its third column), as written."""
    section = README.split("## Quotations as people write them", 1)[1].split("##", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ")][1:]
    return [re.search(r"`([^`]+)`", row.split(" | ")[2]).group(1) for row in rows]


def test_the_readme_examples_stand_in_their_sources(tmp_path):
    quotes = _readme_examples()
    assert len(quotes) == 4, quotes
    for quote in quotes:
        source = GPL if "Licensee" in quote else RFC
        folder = tmp_path / str(quotes.index(quote))
        folder.mkdir()
        locator = "lines 160–170" if source is GPL else "section 3.2.2" if "IP" in quote \
            or "version flag" in quote else "section 1.2.2"
        summary = _case(folder, source, [{"id": "Q", "claim": "A claim.", "locator": locator,
                                          "quote": quote, "strength": "states"}],
                        [f"A claim ({locator})."])
        report = api.check(summary)
        assert report.summaries[0].verified == 1, (quote, report.findings)
        assert not [f for f in report.findings if f.rule.startswith(("SUM2", "SUM4"))], quote


def test_the_readme_finding_is_what_the_check_says(tmp_path):
    _case(tmp_path, RFC, [
        {"id": "C3", "claim": "Implementations must provide the version flag.",
         "locator": "section 3.2.2", "quote": "implementations must … provide the version flag",
         "strength": "requires"}], ["Implementations must provide the version flag (section 3.2.2)."])
    result = run_summcheck("check", "summary.md", "--format", "concise", cwd=tmp_path)
    assert ("SUM402 record 'C3': the quote's elision drops the negation 'not' (the source reads "
            "'such, implementations must [not] provide the version', the elided words in "
            "brackets)") in result.stdout
    shown = " ".join(README.split("**An elision that changes the rule is a finding.**")[1]
                     .split("```")[1].split())
    assert "'such, implementations must [not] provide the version'" in shown


def test_json_gives_each_fragment_its_place_and_the_evidence_report_marks_them(tmp_path):
    quote = ('If a URI containing an IP-literal that starts with "v" … is dereferenced by an '
             'application that does not know the meaning of that version flag')
    _case(tmp_path, RFC, [{"id": "E", "claim": "Unknown flags are errors.",
                           "locator": "section 3.2.2", "quote": quote, "strength": "states"}],
          ["An application that does not know the version flag returns an error "
           "(section 3.2.2)."])
    result = run_summcheck("check", "summary.md", "--format", "json", cwd=tmp_path)
    entry = json.loads(result.stdout)["summaries"][0]["quotes"][0]
    first, second = entry["fragments"]
    text = RFC.read_text(encoding="utf-8")
    assert text[first["start"]:first["end"]] == first["selectors"][0]["exact"]
    assert " ".join(first["selectors"][0]["exact"].split()) == \
        'If a URI containing an IP-literal that starts with "v"'
    assert " ".join(second["selectors"][0]["exact"].split()).startswith("is dereferenced by an")
    assert entry["place"]["start"] == first["start"] and entry["place"]["end"] == second["end"]
    assert "(case-insensitive)" in text[first["end"]:second["start"]]
    report = run_summcheck("report", "summary.md", "-o", "evidence.html", cwd=tmp_path)
    assert report.returncode == 0, report.stderr
    html = (tmp_path / "evidence.html").read_text(encoding="utf-8")
    assert '"elided"' in html and "(case-insensitive)" in html


@pytest.mark.parametrize("quote, fragments", [
    ("plain text, no marks", None),
    ("a … b", ["a", "b"]),
    ("[…] must not [...] provide (…) it", ["must not", "provide", "it"]),
    ("[t]he flag", ["[t]he flag"]),
    ("recieve [sic] the", ["recieve the"]),
    ("[sic]", None),
    ("…", None),
])
def test_what_a_quote_is_read_as(quote, fragments):
    found = quotation_of(quote)
    assert (None if found is None else [f.written for f in found.fragments]) == fragments


def test_a_quote_found_as_written_never_reaches_the_quotation_path(tmp_path, monkeypatch):
    """Cost: quotes that stand as written (brackets of the source's own, `[RFC2234]`) are
    found by today's search; the quotation reader is not even asked."""
    asked: list[str] = []
    original = elisions.quotation_of
    monkeypatch.setattr("summcheck.analysis.facts.quotation_of",
                        lambda quote: asked.append(quote) or original(quote))
    summary = _case(tmp_path, RFC, [
        {"id": "A", "claim": "ABNF notation.", "locator": "section 1.3",
         "quote": "This specification uses the Augmented Backus-Naur Form (ABNF) notation "
                  "of [RFC2234]", "strength": "states"}], ["The syntax uses ABNF (section 1.3)."])
    assert api.check(summary).summaries[0].verified == 1
    assert asked == []


def test_a_hostile_quotation_stays_fast(tmp_path):
    """A quotation whose fragments are one letter each, over a source of that letter: the
    occurrences looked at per fragment are bounded, so the search ends at once."""
    made = tmp_path / "made"
    made.mkdir()
    (made / "a.txt").write_text(("a " * 50_000 + "\n") * 4, encoding="utf-8")
    summary = _case(tmp_path, made / "a.txt", [
        {"id": "H", "claim": "a", "locator": "lines 1–4", "quote": " … ".join(["a"] * 40)
         + " … b", "strength": "states"}], ["A (lines 1–4)."])
    report = api.check(summary)
    assert [f.rule for f in report.findings if f.severity == "error"][:1] == ["SUM201"]


def test_a_quotation_over_a_source_of_paragraph_breaks_stays_fast():
    """Every candidate of the next fragment in another paragraph: found by bisection, not
    tried one by one (forty fragments over 100,000 one-letter paragraphs)."""
    import time
    from summcheck.matching.elisions import find_quotation
    from summcheck.matching.normalize import fold
    from summcheck.model import SourceDocument, Span

    text = "a\n\n" * 100_000
    doc = SourceDocument(Path("a.txt"), "text", text, [], [])
    quotation = quotation_of(" … ".join(["a"] * 40))
    started = time.process_time()
    found = find_quotation(quotation, doc, fold(text), (Span(0, len(text)),))
    assert "not within one paragraph" in found.reason
    assert time.process_time() - started < 2.0
