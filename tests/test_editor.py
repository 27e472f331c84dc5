"""The editor's views of a check (editor/session.py, editor/features.py), in-process on the
bundled examples: the diagnostics are the check's findings where the text report underlines
them, the quick fixes are `--fix`'s own edits, hovers show the cited passage, definitions land
on the source's line or the PDF's page, completion offers record ids and locators, and a check
a newer edit overtook stops. The protocol itself is driven in tests/test_editor_protocol.py."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from summcheck.editor import features
from summcheck.editor.session import Session

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SENTENCE = "The parser must establish a base URI before it parses any reference that might be relative (section 5.1)."


@pytest.fixture
def rfc(tmp_path) -> Path:
    shutil.copytree(EXAMPLES / "rfc3986", tmp_path / "rfc3986")
    (tmp_path / "summcheck.toml").write_text("", encoding="utf-8")
    return tmp_path / "rfc3986"


def check(summary: Path, buffers: dict | None = None):
    summary = summary.absolute()
    session = Session()
    text = summary.read_text(encoding="utf-8")
    return session, session.check(summary, buffers or {summary: text})


def lines_of(buffers: dict):
    def lines(path: Path) -> list[str]:
        text = buffers.get(path)
        return (text if text is not None else path.read_text(encoding="utf-8")).split("\n")
    return lines


def at(text: str, needle: str, offset: int = 0) -> tuple[int, int]:
    start = text.index(needle) + offset
    return text.count("\n", 0, start), start - (text.rfind("\n", 0, start) + 1)


def test_an_unsaved_buffer_is_checked_in_place_of_the_file(rfc):
    summary = (rfc / "summary.md").absolute()
    text = summary.read_text(encoding="utf-8")
    _, clean = check(summary)
    assert clean.error is None and clean.findings == []
    edited = text.replace(SENTENCE, SENTENCE.replace("5.1", "9.9"))
    _, found = check(summary, {summary: edited})
    (diagnostic,) = features.diagnostics(found, lines_of({summary: edited}))
    assert (diagnostic.code, diagnostic.severity, diagnostic.path) == ("SUM102", "error", summary)
    line, column = at(edited, "(section 9.9)")
    assert diagnostic.range == features.Range(line, column, line, column + len("(section 9.9)"))
    assert summary.read_text(encoding="utf-8") == text


def test_a_claims_file_that_no_longer_parses_is_one_diagnostic_on_it(rfc):
    summary = (rfc / "summary.md").absolute()
    records = [json.loads(line) for line in (rfc / "claims.jsonl").read_text().splitlines()]
    yaml_claims = rfc / "claims.yaml"
    yaml_claims.write_text(json.dumps({"claims": records}), encoding="utf-8")
    text = summary.read_text(encoding="utf-8").replace("claims: claims.jsonl",
                                                       "claims: claims.yaml")
    broken = {summary: text, yaml_claims.absolute(): "claims:\n  - claim: [unclosed\n"}
    _, found = check(summary, broken)
    (diagnostic,) = features.diagnostics(found, lines_of(broken))
    assert diagnostic.path == yaml_claims.absolute() and diagnostic.code == "input"
    assert diagnostic.severity == "error" and diagnostic.range.line >= 0


def test_the_quick_fix_is_the_fix_of_check_fix_as_the_smallest_edit(rfc):
    claims = (rfc / "claims.jsonl").absolute()
    text = claims.read_text(encoding="utf-8")
    moved = text.replace('"locator": "section 3.4"', '"locator": "section 3.5"', 1)
    summary = (rfc / "summary.md").absolute()
    buffers = {summary: summary.read_text(encoding="utf-8"), claims: moved}
    _, found = check(summary, buffers)
    (misplaced,) = [d for d in features.diagnostics(found, lines_of(buffers))
                    if d.code == "SUM202"]
    (action,) = [a for a in features.actions(found, claims, misplaced.range, buffers,
                                              lines_of(buffers)) if a.preferred]
    (edit,) = action.edits
    assert action.title == 'Fix SUM202: set the locator to "section 3.4"'
    assert edit.text == "4" and edit.range.line == edit.range.end_line == 0
    line = moved.split("\n")[0]
    assert line[:edit.range.start] + edit.text + line[edit.range.end:] == text.split("\n")[0]


def test_a_sentence_without_locator_is_offered_a_label_and_a_suppression(rfc):
    summary = (rfc / "summary.md").absolute()
    bare_sentence = SENTENCE.replace(" (section 5.1)", "")
    text = summary.read_text(encoding="utf-8").replace(SENTENCE, bare_sentence)
    buffers = {summary: text}
    _, found = check(summary, buffers)
    (missing,) = [d for d in features.diagnostics(found, lines_of(buffers)) if d.code == "SUM101"]
    actions = features.actions(found, summary, missing.range, buffers, lines_of(buffers))
    label = next(a for a in actions if a.title == "Label the sentence [synthesis]")
    (insert,) = label.edits
    assert (insert.range.line, insert.range.start) == at(text, bare_sentence,
                                                          len(bare_sentence) - 1)
    labelled = _applied(text, insert)
    assert bare_sentence[:-1] + " [synthesis]." in labelled
    _, relabelled = check(summary, {summary: labelled})
    assert relabelled.findings == []
    ignore = next(a for a in actions if a.title == "Ignore SUM101 on this line")
    _, suppressed = check(summary, {summary: _applied(text, ignore.edits[0])})
    assert suppressed.findings == []


def _applied(text: str, edit: features.Edit) -> str:
    lines = text.split("\n")
    start = sum(len(line) + 1 for line in lines[:edit.range.line]) + edit.range.start
    end = sum(len(line) + 1 for line in lines[:edit.range.end_line]) + edit.range.end
    return text[:start] + edit.text + text[end:]


def test_hover_on_a_locator_shows_its_passage_with_the_quote_marked(rfc):
    summary = (rfc / "summary.md").absolute()
    _, found = check(summary)
    text = summary.read_text(encoding="utf-8")
    shown = features.hover(found, summary, *at(text, "(section 5.1).", 3))
    head, passage, backed = shown.split("\n\n")
    assert head == "**section 5.1** — p. 28, section 5.1 (Establishing a Base URI), line 1548 " \
                   "of `rfc3986.txt`"
    assert passage.startswith("> ") and "**A base URI must be established by the parser" in passage
    assert backed.startswith("Backed by ")
    # On the sentence's words: its verdict and the records it rests on.
    sentence = features.hover(found, summary, *at(text, "The parser must"))
    assert sentence.startswith("**Sentence** — backed\n- `")
    # On a record of the claims file: its claim, verdict and where its quote stands.
    record = features.hover(found, (rfc / "claims.jsonl").absolute(), 0, 3)
    assert record.startswith("**Record `#1`** — verified")
    assert "Quote at p. 24, section 3.4 (Query), line " in record


def test_definition_lands_on_the_source_line_or_the_pdf_page(rfc, tmp_path):
    summary = (rfc / "summary.md").absolute()
    _, found = check(summary)
    text = summary.read_text(encoding="utf-8")
    (target,) = features.definition(found, summary, *at(text, "(section 5.1).", 3))
    assert target.path == (rfc / "rfc3986.txt").absolute() and target.page is None
    source = (rfc / "rfc3986.txt").read_text(encoding="utf-8").split("\n")
    assert source[target.line].startswith("5.1.  Establishing a Base URI")
    shutil.copytree(EXAMPLES / "fhs", tmp_path / "fhs")
    fhs = (tmp_path / "fhs" / "summary.md").absolute()
    _, pdf = check(fhs)
    fhs_text = fhs.read_text(encoding="utf-8")
    (page,) = features.definition(pdf, fhs, *at(fhs_text, "(p. 7)", 2))
    assert page.path.name == "fhs-3.0.pdf" and page.page == 14  # printed 1 is physical 8


def test_completion_offers_record_ids_and_locators(rfc, tmp_path):
    claims = rfc / "claims.jsonl"
    records = [dict(json.loads(line), id=f"C{n}")
               for n, line in enumerate(claims.read_text().splitlines(), 1)]
    claims.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    summary = (rfc / "summary.md").absolute()
    _, found = check(summary)
    ids = features.completions(found, "A base URI [C")
    assert [c.label for c in ids][:3] == ["C1", "C2", "C3"] and ids[0].kind == "record"
    assert ids[0].documentation == records[0]["quote"]
    places = {c.label: c for c in features.completions(found, "Also (")}
    assert places["section 5.1"].detail == "Establishing a Base URI"
    assert places["section 5.1"].documentation == "p. 28"
    assert "p. 28" in places and places["p. 28"].kind == "page"
    assert features.completions(found, "Plain words") == []


def test_a_check_a_newer_edit_overtook_stops_and_keeps_nothing(rfc):
    summary = (rfc / "summary.md").absolute()
    session = Session()
    stages = []

    def superseded() -> bool:
        stages.append(1)
        return len(stages) >= 2

    assert session.check(summary, {}, superseded) is None
    assert len(stages) == 2 and summary not in session.checked
    assert session.check(summary, {}) is not None and summary in session.checked
    assert session.users(rfc / "claims.jsonl") == [summary]


def test_the_claims_files_own_findings_are_kept_between_edits_while_its_records_are(rfc):
    """The rules that read only the claims file's records (Rule.reads) run once for those
    records: an edit of the summary reuses their problems, an edit of the claims file does
    not, and a summary that adds inline quotations has them checked afresh."""
    summary = (rfc / "summary.md").absolute()
    claims = rfc / "claims.jsonl"
    records = [json.loads(line) for line in claims.read_text(encoding="utf-8").splitlines()]
    records[1]["quote"] = "Invented words that stand nowhere in the source"
    claims.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    text = summary.read_text(encoding="utf-8")
    session = Session()

    def run(buffer: str):
        checked = session.check(summary, {summary: buffer})
        assert checked is not None and checked.error is None, checked and checked.error
        return checked, [(f.rule, f.line) for f in checked.findings if f.rule.startswith("SUM2")]

    first, found = run(text)
    assert ("SUM201", 2) in found
    kept = first.passes[0][1].record_problems
    assert kept and any(key[0] == "SUM201" for key in kept)
    edited = text.replace("(section 5.1).", "(section 5.1.1).", 1)
    second, again = run(edited)
    assert again == found
    assert second.passes[0][1].record_problems is kept  # the same records, their problems kept
    records[1]["quote"] = records[0]["quote"]
    claims.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    third, fixed = run(edited)
    assert ("SUM201", 2) not in fixed  # the claims file changed: its records checked anew
    assert third.passes[0][1].record_problems is not kept
    (rfc.parent / "summcheck.toml").write_text('inline-quotes = "on"\n', encoding="utf-8")
    inline = edited + ("\nThe query is said to “hold nothing but invented words of this "
                       "test” (section 3.4).\n")
    fourth, _ = run(inline)
    analysis = fourth.passes[0][1]
    assert len(analysis.records) > len(analysis.file_records)  # the summary adds its own
    # Its quotation, found nowhere, is SUM201 on the summary: the rule ran on it afresh.
    assert [f.rule for f in fourth.findings
            if f.path.name == "summary.md" and f.rule == "SUM201"] == ["SUM201"]
