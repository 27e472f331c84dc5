"""Inline quotations (summary/inline.py): a model-written Markdown answer that quotes its
source in the sentences, with locators and no claims file, is checked end to end — clean, and
with a planted fabricated quotation found at its line and column."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import run_summcheck
from summcheck import api
from summcheck.summary.inline import quotations

HERE = Path(__file__).parent
RFC = HERE.parent / "examples" / "rfc3986" / "rfc3986.txt"
SOURCES = HERE / "cases" / "_sources"

# What a model answers when asked about RFC 3986's host syntax, quoting as it goes.
ANSWER = """\
---
source: rfc3986.txt
---

# IP literals in RFC 3986

The version flag “does not indicate the IP version” (section 3.2.2). An application that does
not know the flag "should return an appropriate error for" it (section 3.2.2).
IPv6 literals are written "inside the square brackets without a preceding version flag"
(section 3.2.2), and the host is a "registered name" (section 3.2.2).
"""


def _answer(folder: Path, text: str, source: Path = RFC) -> Path:
    shutil.copy(source, folder / source.name)
    (folder / "summcheck.toml").write_text("", encoding="utf-8")
    path = folder / "answer.md"
    path.write_text(text, encoding="utf-8")
    return path


def errors(report) -> list[tuple[str, int, int | None]]:
    return [(f.rule, f.line, f.column) for f in report.findings if f.severity == "error"]


def test_a_model_answer_quoting_its_source_passes_without_a_claims_file(tmp_path):
    report = api.check(_answer(tmp_path, ANSWER))
    assert errors(report) == [] and not report.findings
    summary = report.summaries[0]
    # three quotations of four words or more; "registered name" is a term, not a claim
    assert (summary.records, summary.verified, summary.sentences, summary.backed) == (3, 3, 3, 3)
    assert summary.claims == tmp_path / "answer.md"


def test_a_fabricated_quotation_is_found_at_its_line_and_column(tmp_path):
    planted = ANSWER.replace('"should return an appropriate error for"',
                             '"must abort the connection at once"')
    path = _answer(tmp_path, planted)
    report = api.check(path)
    line = planted.splitlines().index(next(l for l in planted.splitlines() if "must abort" in l)) + 1
    column = planted.splitlines()[line - 1].index('"must abort') + 1
    assert ("SUM201", line, column) in errors(report)
    result = run_summcheck("check", "answer.md", "--format", "concise", cwd=tmp_path)
    assert result.returncode == 1
    assert (f"answer.md:{line}:{column}: SUM201 quotation 'must abort the connection at once': "
            "quote not found in the source") in result.stdout
    # the sentence that made it rests on it, and fails; the others stay backed
    assert report.summaries[0].backed == 2


def test_a_quotation_from_another_section_is_misplaced(tmp_path):
    moved = ANSWER.replace("the IP version” (section 3.2.2)", "the IP version” (section 3.2.1)")
    report = api.check(_answer(tmp_path, moved))
    assert [f.rule for f in report.findings if f.severity == "error"][:1] == ["SUM202"]
    assert "stands at" in report.findings[0].message


@pytest.mark.parametrize("text, quoted", [
    ("Er sagt, „Die Würde des Menschen ist unantastbar“ (Art. 1).",
     ["Die Würde des Menschen ist unantastbar"]),
    ("Dice «todos los seres humanos nacen libres» (artículo 1).",
     ["todos los seres humanos nacen libres"]),
    ("Diz »todos os seres humanos nascem livres« e ‚isso vale para todos‘ (artigo 1).",
     ["todos os seres humanos nascem livres", "isso vale para todos"]),
    ('Plain "straight quotes work the same" (p. 1).', ["straight quotes work the same"]),
    ("A “scare quote” and “a short term” are no claims (p. 1).", []),
])
def test_the_quotation_marks_of_the_four_languages(text, quoted):
    assert quotations(text) == quoted


def test_inline_quotes_follow_the_configuration(tmp_path):
    path = _answer(tmp_path, ANSWER)
    (tmp_path / "summcheck.toml").write_text('inline-quotes = "off"\n', encoding="utf-8")
    result = run_summcheck("check", "answer.md", cwd=tmp_path)
    assert result.returncode == 2 and "no claims file" in result.stderr
    (tmp_path / "summcheck.toml").write_text("inline-quote-words = 2\n", encoding="utf-8")
    assert api.check(path).summaries[0].records == 4  # "registered name" now counts
    (tmp_path / "summcheck.toml").write_text('inline-quotes = "sometimes"\n', encoding="utf-8")
    bad = run_summcheck("check", "answer.md", cwd=tmp_path)
    assert bad.returncode == 2 and "inline-quotes: must be one of auto, on, off" in bad.stderr


def test_with_a_claims_file_inline_quotes_are_claims_only_when_on(tmp_path):
    text = ANSWER.replace("source: rfc3986.txt\n", "source: rfc3986.txt\nclaims: claims.jsonl\n")
    path = _answer(tmp_path, text)
    (tmp_path / "claims.jsonl").write_text(json.dumps({
        "id": "C1", "claim": "The version flag is not the IP version.",
        "locator": "section 3.2.2", "quote": "The version flag does not indicate the IP version",
        "strength": "states"}) + "\n", encoding="utf-8")
    auto = api.check(path)
    assert auto.summaries[0].records == 1  # a claims file: its records alone
    (tmp_path / "summcheck.toml").write_text('inline-quotes = "on"\n', encoding="utf-8")
    on = api.check(path)
    assert on.summaries[0].records == 4 and on.summaries[0].verified == 4
    assert not [f for f in on.findings if f.rule in ("SUM301", "SUM302", "SUM100")]


def test_an_answer_with_no_quotation_and_no_claims_file_says_what_is_missing(tmp_path):
    _answer(tmp_path, "---\nsource: rfc3986.txt\n---\n\nThe flag is not the version "
                      "(section 3.2.2).\n")
    result = run_summcheck("check", "answer.md", cwd=tmp_path)
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert "no claims file" in result.stderr and "quote the source" in result.stderr


def test_a_comment_in_the_summary_suppresses_an_inline_quotations_finding(tmp_path):
    planted = ANSWER.replace('"should return an appropriate error for"',
                             '"must abort the connection at once"')
    planted = planted.replace("# IP literals in RFC 3986\n",
                              "# IP literals in RFC 3986\n\n<!-- summcheck-disable SUM201 SUM103 -->\n")
    planted += "\n<!-- summcheck-enable SUM201 SUM103 -->\n"
    report = api.check(_answer(tmp_path, planted))
    assert [f.rule for f in report.findings] == []
