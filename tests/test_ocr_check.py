"""`summcheck check` on real OCR sources (tesseract output committed in tests/fixtures/ocr)."""
from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import pytest

import summcheck

OCR = Path(__file__).parent / "fixtures" / "ocr"
QUOTES = json.loads((OCR / "quotes.json").read_text(encoding="utf-8"))
MISREADS = json.loads((OCR / "ocr_misreads.json").read_text(encoding="utf-8"))
DOCS = sorted({q["doc"] for q in QUOTES})


def is_misread(quote: str) -> bool:
    """A true quote over a digit the scan itself misread (hand-checked): SUM204 is right there."""
    return any(quote.startswith(item["quote_startswith"]) for item in MISREADS)


def run_doc(tmp: Path, doc: str, kinds: tuple[str, ...]) -> tuple[list[dict], dict[int, set[str]]]:
    """Check every quote of `kinds` for `doc` at its page; findings by claims line."""
    shutil.copy(OCR / f"{doc}.ocr.txt", tmp / "scan.txt")
    records = [q for q in QUOTES if q["doc"] == doc and q["kind"] in kinds]
    with (tmp / "claims.jsonl").open("w", encoding="utf-8") as out:
        for q in records:
            # A fabricated quote stands nowhere: it is filed under page 1.
            out.write(json.dumps({"claim": "c", "locator": f"p. {q.get('page', 1)}",
                                  "quote": q["quote"], "strength": "reports"},
                                 ensure_ascii=False) + "\n")
    (tmp / "summary.md").write_text(
        "---\nsource: scan.txt\nclaims: claims.jsonl\nocr: true\n---\n\nA scan [synthesis].\n",
        encoding="utf-8")
    report = summcheck.check(tmp / "summary.md", select=["SUM2"], config=False)
    by_line: dict[int, set[str]] = {}
    for finding in report.findings:
        by_line.setdefault(finding.line, set()).add(finding.rule)
    return records, by_line


@pytest.mark.parametrize("doc", DOCS)
def test_true_quotes_at_their_page_are_accepted(tmp_path, doc):
    records, by_line = run_doc(tmp_path, doc, ("true",))
    rejected = [(i + 1, q["quote"]) for i, q in enumerate(records)
                if by_line.get(i + 1, set()) - {"SUM203"} and not is_misread(q["quote"])]
    assert records and rejected == []


@pytest.mark.parametrize("doc", DOCS)
def test_planted_critical_changes_are_sum204(tmp_path, doc):
    records, by_line = run_doc(tmp_path, doc, ("critical",))
    outcomes = Counter(",".join(sorted(by_line.get(i + 1, set()))) for i in range(len(records)))
    assert records and outcomes == Counter({"SUM204": len(records)})


@pytest.mark.parametrize("doc", DOCS)
def test_fabricated_quotes_are_sum201(tmp_path, doc):
    records, by_line = run_doc(tmp_path, doc, ("fabricated",))
    outcomes = Counter(",".join(sorted(by_line.get(i + 1, set()))) for i in range(len(records)))
    assert records and outcomes == Counter({"SUM201": len(records)})


def test_fuzzy_match_reports_score_and_ocr_text(tmp_path):
    records, by_line = run_doc(tmp_path, "fhs", ("true",))
    report = summcheck.check(tmp_path / "summary.md", config=False)
    infos = [f for f in report.findings if f.rule == "SUM203"]
    assert infos and all("score" in f.message and "OCR text says" in f.message for f in infos)
    assert all(f.severity == "info" for f in infos)


def test_quote_misplaced_on_an_ocr_source_is_found_fuzzily_elsewhere(tmp_path):
    true_quotes = [q for q in QUOTES if q["doc"] == "fhs" and q["kind"] == "true"
                   and q["ref_score"] < 99]
    quote = true_quotes[0]
    other_page = 1 if quote["page"] != 1 else 2
    shutil.copy(OCR / "fhs.ocr.txt", tmp_path / "scan.txt")
    (tmp_path / "claims.jsonl").write_text(json.dumps(
        {"claim": "c", "locator": f"p. {other_page}", "quote": quote["quote"],
         "strength": "reports"}) + "\n", encoding="utf-8")
    (tmp_path / "summary.md").write_text(
        "---\nsource: scan.txt\nclaims: claims.jsonl\nocr: true\n---\n\nA scan [synthesis].\n")
    report = summcheck.check(tmp_path / "summary.md", config=False)
    [finding] = [f for f in report.findings if f.rule == "SUM202"]
    assert f"p. {quote['page']}" in finding.message


def test_short_quote_is_not_matched_fuzzily(tmp_path):
    shutil.copy(OCR / "fhs.ocr.txt", tmp_path / "scan.txt")
    (tmp_path / "claims.jsonl").write_text(json.dumps(
        {"claim": "c", "locator": "p. 1", "quote": "Filesystem Hierarchy Standrd",
         "strength": "reports"}) + "\n", encoding="utf-8")
    (tmp_path / "summary.md").write_text(
        "---\nsource: scan.txt\nclaims: claims.jsonl\nocr: true\n---\n\nA scan [synthesis].\n")
    report = summcheck.check(tmp_path / "summary.md", config=False)
    assert [(f.rule, f.line) for f in report.findings] == [("SUM205", 1)]
    assert "too short to match the OCR text fuzzily" in report.findings[0].message


def test_image_only_pdf_with_ocr_layer_is_detected_and_matched_fuzzily(tmp_path):
    shutil.copy(OCR / "fhs-scan-ocr.pdf", tmp_path / "scan.pdf")
    true_quote = next(q for q in QUOTES if q["doc"] == "fhs" and q["kind"] == "true"
                      and q["page"] == 1)
    (tmp_path / "claims.jsonl").write_text(json.dumps(
        {"claim": "c", "locator": "p. 1", "quote": true_quote["quote"],
         "strength": "reports"}) + "\n", encoding="utf-8")
    (tmp_path / "summary.md").write_text(
        "---\nsource: scan.pdf\nclaims: claims.jsonl\n---\n\nA scan [synthesis].\n")
    report = summcheck.check(tmp_path / "summary.md", config=False)
    [summary] = report.summaries
    assert any(note.startswith("treated as OCR") for note in summary.notes)
    assert summary.verified == 1
    assert {f.rule for f in report.findings} <= {"SUM203"}
