"""The shipped JSON Schemas: valid 2020-12, loadable from the package, and true to the fixtures."""
from __future__ import annotations

import importlib.resources
import json
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator

FIXTURES = Path(__file__).parent / "fixtures" / "claims"
ACCEPTANCE = Path("/work/shared/acceptance/cases")
GOOD_FIXTURES = sorted(p for p in FIXTURES.iterdir() if not p.name.startswith("defects"))


def _schema(name: str) -> dict:
    return json.loads((importlib.resources.files("summcheck") / "schemas" / name).read_text(encoding="utf-8"))


def _data(path: Path) -> list:
    """A claims file as plain data: JSONL as one document per line, others as one document."""
    text = path.read_text(encoding="utf-8-sig")
    if path.suffix == ".jsonl":
        return [json.loads(line) for line in text.splitlines() if line.strip()]
    return [yaml.safe_load(text) if path.suffix in (".yaml", ".yml") else json.loads(text)]


@pytest.fixture(scope="module")
def claims_schema() -> dict:
    return _schema("claims.schema.json")


@pytest.fixture(scope="module")
def report_schema() -> dict:
    return _schema("report.schema.json")


@pytest.mark.parametrize("name", ["claims.schema.json", "report.schema.json"])
def test_schema_is_valid_2020_12_with_metadata(name):
    schema = _schema(name)
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"].endswith("/" + name)
    assert schema["title"] and schema["description"]


def test_loader_uses_the_shipped_schema(claims_schema):
    from summcheck.claims import claims_schema as loaded

    assert loaded() == claims_schema


@pytest.mark.parametrize("path", GOOD_FIXTURES, ids=lambda p: p.name)
def test_fixtures_validate(path, claims_schema):
    whole = Draft202012Validator(claims_schema)
    record = Draft202012Validator({"$defs": claims_schema["$defs"], "$ref": "#/$defs/record"})
    for document in _data(path):
        if path.suffix == ".jsonl":
            # The schema compares lower case; summcheck accepts any case (EXIGE, Relata).
            document = {**document, "strength": document["strength"].lower()}
            errors = list(record.iter_errors(document))
        else:
            errors = list(whole.iter_errors(document))
        assert not errors, [e.message for e in errors]


@pytest.mark.skipif(not ACCEPTANCE.is_dir(), reason="acceptance cases not present")
def test_acceptance_claims_follow_the_schema(claims_schema):
    record = Draft202012Validator({"$defs": claims_schema["$defs"], "$ref": "#/$defs/record"})
    whole = Draft202012Validator(claims_schema)
    invalid = {}
    for path in sorted(ACCEPTANCE.glob("*/claims.*")):
        if path.parent.name == "exit2-claims-invalid-yaml":
            continue
        if path.suffix == ".jsonl":
            for lineno, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1):
                if line.strip() and not record.is_valid(json.loads(line)):
                    invalid.setdefault(path.parent.name, []).append(lineno)
        else:
            assert whole.is_valid(_data(path)[0]), path
    assert invalid == {"gpl3-claim-defects": [2, 8], "dsgvo-de-defects": [9]}


def test_defects_fixture_breaks_the_schema_where_the_loader_says(claims_schema):
    from summcheck.claims import load_claims

    record = Draft202012Validator({"$defs": claims_schema["$defs"], "$ref": "#/$defs/record"})
    path = FIXTURES / "defects.claims.jsonl"
    schema_bad = []
    for lineno, line in enumerate(path.read_text().split("\n"), 1):
        if not line.strip():
            continue
        try:
            document = json.loads(line)
        except ValueError:
            schema_bad.append(lineno)
            continue
        if not record.is_valid(document):
            schema_bad.append(lineno)
    loaded_bad = [r.line for r in load_claims(path).records if not r.valid]
    assert loaded_bad == schema_bad == [2, 3, 4, 5, 7, 8]


@pytest.mark.parametrize(
    "locator",
    [{"page": 17}, {"page": "iv"}, {"pages": [17, 18]}, {"section": "4.2"}, {"section": 17},
     {"lines": [120, 134]}, {"line": 3}, {"start_char": 1234, "end_char": 1300}, {"page": 2, "x-why": "label"},
     "section 4.2"],
)
def test_locator_forms_accepted(claims_schema, locator):
    validator = Draft202012Validator({"$defs": claims_schema["$defs"], "$ref": "#/$defs/record"})
    assert validator.is_valid({"claim": "c", "locator": locator, "quote": "q", "strength": "requires"})


@pytest.mark.parametrize(
    "locator",
    [{}, {"page": 0}, {"page": 1, "section": "2"}, {"lines": [1]}, {"lines": [0, 3]}, {"line": "3"},
     {"start_char": 3}, {"start_char": -1, "end_char": 4}, {"page": 1, "start_char": 2, "end_char": 3},
     {"chapter": 2}, "", "  ", 17, None, [17]],
)
def test_locator_forms_rejected(claims_schema, locator):
    validator = Draft202012Validator({"$defs": claims_schema["$defs"], "$ref": "#/$defs/record"})
    assert not validator.is_valid({"claim": "c", "locator": locator, "quote": "q", "strength": "requires"})


@pytest.mark.parametrize(
    "document",
    [{"source": "a.txt"}, {"claims": {}}, {"claims": [], "sorce": "a.txt"}, {"claims": [], "source": 3}, 5, "x"],
)
def test_file_shapes_rejected(claims_schema, document):
    assert not Draft202012Validator(claims_schema).is_valid(document)


def _report() -> dict:
    return {
        "version": "0.1.0",
        "findings": [
            {"rule": "SUM200", "name": "invalid-claim-record", "severity": "error", "path": "claims.jsonl",
             "line": 2, "message": "$: missing required key 'quote'", "record": None},
            {"rule": "SUM103", "name": "unbacked-sentence", "severity": "error", "path": "summary.md",
             "line": 7, "column": 12, "message": "no verified claim stands in section 4.2"},
            {"rule": "SUM202", "name": "quote-misplaced", "severity": "error", "path": "claims.yaml",
             "line": None, "column": None, "message": "found on p. 18, not at p. 17", "record": "c12"},
        ],
        "summaries": [
            {"path": "summary.md", "source": "rfc3986.txt", "claims": "claims.jsonl", "sentences": 12,
             "records": 11, "verified": 9, "backed": 10,
             "coverage": {"pages": 61, "cited_pages": 12, "cited_share": 0.17, "uncited_requires": 1},
             "notes": [],
             "bindings": [{"line": 3, "kind": "sentence", "more": False, "records": [
                 {"record": "C1", "line": 1, "how": "content", "verified": True}]}],
             "quotes": [
                 {"record": "c3", "line": 3, "level": "normalized", "place": {
                     "page": "24", "physical_page": 24, "end_physical_page": 25, "line": 1292,
                     "end_line": 1293, "start": 60694, "end": 60794, "unit": "codepoint",
                     "selectors": [
                         {"type": "TextQuoteSelector", "exact": "The characters slash", "prefix": "   ",
                          "suffix": " and question mark"},
                         {"type": "TextPositionSelector", "start": 60694, "end": 60794}]}},
                 {"record": None, "line": None, "level": "exact", "place": {
                     "page": None, "physical_page": None, "end_physical_page": None, "line": 1,
                     "end_line": 1, "start": 0, "end": 4, "unit": "codepoint",
                     "selectors": [
                         {"type": "TextQuoteSelector", "exact": "Text", "prefix": "", "suffix": ""},
                         {"type": "TextPositionSelector", "start": 0, "end": 4}]}},
             ]},
        ],
        "counts": {"error": 3, "warning": 0, "info": 0},
        "errors": [
            {"path": "notes/a.md", "cause": "claims file notes/missing.jsonl not found"},
        ],
    }


def test_report_example_validates(report_schema):
    Draft202012Validator(report_schema).validate(_report())


@pytest.mark.parametrize(
    "breakage",
    [
        lambda r: r.pop("version"),
        lambda r: r["findings"][0].pop("line"),
        lambda r: r["findings"][0].update(rule="SUM20"),
        lambda r: r["findings"][0].update(severity="fatal"),
        lambda r: r["findings"][0].update(line=0),
        lambda r: r["findings"][0].update(extra=1),
        lambda r: r["summaries"][0].pop("verified"),
        lambda r: r["counts"].pop("info"),
        lambda r: r.update(unexpected=True),
        lambda r: r.pop("errors"),
        lambda r: r["errors"][0].pop("cause"),
        lambda r: r["errors"][0].update(path=""),
        lambda r: r["errors"][0].update(line=3),
        lambda r: r["summaries"][0].pop("quotes"),
        lambda r: r["summaries"][0]["quotes"][0].pop("place"),
        lambda r: r["summaries"][0]["quotes"][0].update(level="approximate"),
        lambda r: r["summaries"][0]["quotes"][0].update(line=0),
        lambda r: r["summaries"][0]["quotes"][0]["place"].update(unit="byte"),
        lambda r: r["summaries"][0]["quotes"][0]["place"].update(physical_page=0),
        lambda r: r["summaries"][0]["quotes"][0]["place"].update(page=17),
        lambda r: r["summaries"][0]["quotes"][0]["place"].pop("end_line"),
        lambda r: r["summaries"][0]["quotes"][0]["place"]["selectors"].reverse(),
        lambda r: r["summaries"][0]["quotes"][0]["place"]["selectors"].pop(),
        lambda r: r["summaries"][0]["quotes"][0]["place"]["selectors"].append(
            {"type": "TextPositionSelector", "start": 0, "end": 1}),
        lambda r: r["summaries"][0]["quotes"][0]["place"]["selectors"][0].pop("prefix"),
        lambda r: r["summaries"][0]["quotes"][0]["place"]["selectors"][1].update(start=-1),
    ],
)
def test_report_schema_is_strict(report_schema, breakage):
    report = _report()
    breakage(report)
    assert not Draft202012Validator(report_schema).is_valid(report)


def test_a_report_with_a_broken_summary_validates(tmp_path, monkeypatch, report_schema):
    """The JSON report of a run where one summary cannot be checked lists it under `errors`
    and still validates."""
    import shutil

    from typer.testing import CliRunner

    from summcheck.cli import app

    examples = Path(__file__).resolve().parents[1] / "examples"
    shutil.copytree(examples / "rfc3986", tmp_path / "rfc")
    broken = tmp_path / "rfc" / "broken.md"
    broken.write_text("---\nsource: rfc3986.txt\nclaims: missing.jsonl\n---\n# B\n\nText (p. 1).\n",
                      encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["check", "rfc/summary.md", "rfc/broken.md", "--format", "json"])
    assert result.exit_code == 2, result.output
    report = json.loads(result.stdout)
    Draft202012Validator(report_schema).validate(report)
    assert report["errors"] == [{"path": "rfc/broken.md",
                                 "cause": "claims file rfc/missing.jsonl not found"}]
