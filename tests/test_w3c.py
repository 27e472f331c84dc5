"""`summcheck export w3c` and `summcheck import w3c`: a checked summary's verified quotes as
W3C Web Annotations and back; annotations shaped as Hypothesis exports them."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import run_summcheck
from summcheck import api

HERE = Path(__file__).parent
EXAMPLE = HERE.parent / "examples" / "rfc3986"
RFC = (EXAMPLE / "rfc3986.txt").read_text(encoding="utf-8")


@pytest.fixture
def folder(tmp_path) -> Path:
    shutil.copytree(EXAMPLE, tmp_path / "rfc3986")
    (tmp_path / "summcheck.toml").write_text("", encoding="utf-8")
    return tmp_path / "rfc3986"


def test_export_writes_every_verified_quote_as_a_web_annotation(folder):
    result = run_summcheck("export", "w3c", "summary.md", cwd=folder)
    assert result.returncode == 0, result.stderr
    page = json.loads(result.stdout)
    assert page["@context"] == "http://www.w3.org/ns/anno.jsonld"
    assert page["type"] == "AnnotationPage"
    report = api.check(folder / "summary.md")
    assert len(page["items"]) == len(report.summaries[0].quotes) >= 20
    first = page["items"][0]
    assert first["type"] == "Annotation" and first["body"]["type"] == "TextualBody"
    quote, position = first["target"]["selector"]
    assert quote["type"] == "TextQuoteSelector" and position["type"] == "TextPositionSelector"
    assert RFC[position["start"]:position["end"]] == quote["exact"]
    assert first["target"]["source"] == "rfc3986.txt"
    again = run_summcheck("export", "w3c", "summary.md", cwd=folder)
    assert again.stdout == result.stdout  # the same bytes, ids included


def test_exported_annotations_import_back_to_a_summary_that_passes(folder):
    run_summcheck("export", "w3c", "summary.md", "-o", "annotations.json", cwd=folder)
    imported = run_summcheck("import", "w3c", "annotations.json", "--source", "rfc3986.txt",
                             "-o", "from-annotations.md", cwd=folder)
    assert imported.returncode == 0, imported.stderr
    report = api.check(folder / "from-annotations.md")
    assert not [f for f in report.findings if f.severity == "error"], report.findings
    assert report.summaries[0].verified == report.summaries[0].records >= 20


def _hypothesis_row(text: str, exact: str, prefix: str, suffix: str, start: int) -> dict:
    """A row of Hypothesis's search API: `text`, and W3C selectors in `target`."""
    return {"id": "a1b2", "uri": "https://www.rfc-editor.org/rfc/rfc3986.txt", "text": text,
            "tags": [], "target": [{"source": "https://www.rfc-editor.org/rfc/rfc3986.txt",
                                    "selector": [
                                        {"type": "RangeSelector", "startContainer": "/pre[1]",
                                         "startOffset": 0, "endContainer": "/pre[1]",
                                         "endOffset": 10},
                                        {"type": "TextPositionSelector", "start": start,
                                         "end": start + len(exact)},
                                        {"type": "TextQuoteSelector", "exact": exact,
                                         "prefix": prefix, "suffix": suffix}]}]}


def test_hypothesis_rows_a_repeated_quote_placed_by_its_prefix_and_a_highlight_left_out(folder):
    exact = "the version flag"
    occurrences = [i for i in range(len(RFC)) if RFC.startswith(exact, i)]
    assert len(occurrences) >= 2
    chosen = occurrences[1]
    rows = [_hypothesis_row("The flag is optional.", exact, RFC[chosen - 32:chosen],
                            RFC[chosen + len(exact):chosen + len(exact) + 32], occurrences[0]),
            _hypothesis_row("", "Uniform Resource Identifier", "", "", 0),
            _hypothesis_row("A made-up passage.", "this text is in no RFC at all", "", "", 5000)]
    (folder / "h.json").write_text(json.dumps({"total": 3, "rows": rows}), encoding="utf-8")
    result = run_summcheck("import", "w3c", "h.json", "--source", "rfc3986.txt", "-o", "H.md",
                           cwd=folder)
    assert result.returncode == 0, result.stderr
    assert "left out: annotation 2: no body: a highlight states no claim" in result.stderr
    assert "disagrees: annotation 3, target:" in result.stderr
    records = [json.loads(line) for line in
               (folder / "H.claims.jsonl").read_text(encoding="utf-8").splitlines()]
    line = RFC[:chosen].count("\n") + 1
    # the second occurrence, by its prefix and suffix, though the position names the first
    assert records[0]["locator"] == f"line {line}"
    report = api.check(folder / "H.md")
    assert "SUM202" in {f.rule for f in report.findings} or \
        "SUM201" in {f.rule for f in report.findings}


def test_annotations_of_another_shape_are_one_line(folder):
    (folder / "x.json").write_text('{"rows": 5}', encoding="utf-8")
    result = run_summcheck("import", "w3c", "x.json", "--source", "rfc3986.txt", "-o", "X.md",
                           cwd=folder)
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert "holds no Web Annotations" in result.stderr and not (folder / "X.md").exists()


def test_the_readme_example_is_an_item_of_the_bundled_examples_export(folder):
    readme = (HERE.parent / "docs" / "optional-stage.md").read_text(encoding="utf-8")
    block = readme.split('```json\n{"id": "urn:summcheck:summary.md:', 1)[1].split("```", 1)[0]
    shown = json.loads('{"id": "urn:summcheck:summary.md:' + block)
    page = json.loads(run_summcheck("export", "w3c", "summary.md", cwd=folder).stdout)
    assert shown in page["items"]
