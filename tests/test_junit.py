"""`--format junit` honours `--fail-on` and validates against Jenkins' junit-10.xsd.

The schema is tests/fixtures/junit-10.xsd, from jenkinsci/xunit-plugin (its origin is in the
comment at its top; without that comment it is byte-identical to the original, which the first
test checks). Validation uses lxml (the `test` extra).
"""
from __future__ import annotations

import hashlib
import json
import re
import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest
from typer.testing import CliRunner

from summcheck.cli import app
from summcheck.model import Finding
from summcheck.report import Report, SummaryReport, reporter_for
from summcheck.report.junit import JunitReporter
from summcheck.report.model import fails
from summcheck.rules import all_rules

XSD = Path(__file__).parent / "fixtures" / "junit-10.xsd"
XSD_SHA256 = "a1a816f58d1bf95ebabf371994df0b9246dee66ea9572fbec4f9296f1b2c0ff6"
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
etree = pytest.importorskip("lxml.etree",
                            reason="lxml is in the test extra: pip install -e '.[test]'")


@pytest.fixture(scope="module")
def schema():
    return etree.XMLSchema(etree.parse(str(XSD)))


def validate(schema, text: str):
    document = etree.fromstring(text.encode("utf-8"))
    if not schema.validate(document):
        raise AssertionError("\n".join(str(e) for e in schema.error_log))
    return document


def finding(rule: str, severity: str, line: int, path: str = "docs/summary.md",
            message: str = "m") -> Finding:
    names = {r.code: r.name for r in all_rules()}
    return Finding(rule, names.get(rule, "some-rule"), severity, Path(path), line, message)


def mixed_report(fail_on: str = "error") -> Report:
    """One error, one warning, one info finding, and a clean summary."""
    return Report(findings=[
        finding("SUM101", "error", 3, message="sentence has no locator"),
        finding("SUM205", "warning", 5, message="quote is too short"),
        finding("SUM304", "info", 7, message="requirement cited by no sentence"),
    ], summaries=[
        SummaryReport(Path("docs/summary.md"), Path("docs/s.txt"), Path("docs/c.jsonl"), 3, 3, 2),
        SummaryReport(Path("docs/clean.md"), Path("docs/s.txt"), Path("docs/d.jsonl"), 1, 1, 1),
    ], fail_on=fail_on)


def verdicts(document) -> dict[str, str]:
    """test case name -> 'failure' | 'passed'."""
    return {case.get("name") + " " + case.get("classname"):
            "failure" if case.find("failure") is not None else "passed"
            for case in document.iter("testcase")}


# ---------------------------------------------------------------- the schema itself


def test_the_schema_is_jenkins_junit_10_unchanged_but_for_its_origin_note():
    raw = XSD.read_bytes()
    note = re.search(rb"<!--\nOrigin: jenkinsci/xunit-plugin.*?-->\n", raw, re.S)
    assert note is not None, "the origin note is missing"
    original = raw[:note.start()] + raw[note.end():]
    assert hashlib.sha256(original).hexdigest() == XSD_SHA256


def test_the_schema_rejects_what_the_old_renderer_wrote(schema):
    """`skipped` on <testsuites> (what summcheck wrote before) is invalid in junit-10.xsd,
    and so is a test case without a name: the validator really checks."""
    old = ('<testsuites name="summcheck" tests="1" failures="0" errors="0" skipped="0">'
           '<testsuite name="summcheck" tests="1" failures="0" errors="0" skipped="0">'
           '<testcase classname="a.md" name="summcheck check"/></testsuite></testsuites>')
    with pytest.raises(AssertionError, match="skipped"):
        validate(schema, old)
    with pytest.raises(AssertionError, match="name"):
        validate(schema, old.replace(' skipped="0">', ">", 1)
                 .replace(' name="summcheck check"', ""))
    validate(schema, old.replace(' skipped="0">', ">", 1))


# ---------------------------------------------------------------- --fail-on


@pytest.mark.parametrize("fail_on, failing", [
    ("error", {"SUM101"}),
    ("warning", {"SUM101", "SUM205"}),
    ("info", {"SUM101", "SUM205", "SUM304"}),
    ("never", set()),
])
def test_findings_below_fail_on_are_passed_cases_and_the_xml_validates(schema, fail_on, failing):
    text = JunitReporter().render(mixed_report(fail_on))
    document = validate(schema, text)
    (suite,) = document.findall("testsuite")
    cases = {c.get("name").split()[0]: c for c in suite.iter("testcase")
             if c.get("classname") == "docs/summary.md"}
    assert set(cases) == {"SUM101", "SUM205", "SUM304"}
    for rule, case in cases.items():
        if rule in failing:
            failure = case.find("failure")
            assert failure is not None and failure.get("type") == rule
            assert case.find("system-out") is None
        else:
            assert case.find("failure") is None and case.find("skipped") is None
            out = case.find("system-out").text
            assert rule in out and f"below --fail-on {fail_on}" in out
    # the totals agree with the cases, on both levels; the exit code agrees with the verdict
    assert suite.get("failures") == document.get("failures") == str(len(failing))
    assert suite.get("tests") == document.get("tests") == "4"  # 3 findings + the clean summary
    assert suite.get("errors") == "0" and suite.get("skipped") == "0"
    assert document.get("skipped") is None
    assert [(p.get("name"), p.get("value")) for p in suite.iter("property")] == [
        ("fail-on", fail_on)]
    report = mixed_report(fail_on)
    assert report.exit_code() == (1 if failing else 0)
    assert {f.rule for f in report.findings if report.fails(f)} == failing


def test_the_reporter_can_be_given_the_threshold(schema):
    report = mixed_report("error")
    document = validate(schema, JunitReporter(fail_on="warning").render(report))
    assert document.get("failures") == "2"
    assert validate(schema, reporter_for("junit").render(report)).get("failures") == "1"


def test_a_warning_below_fail_on_no_longer_fails_by_default(schema):
    """The bug: with the default --fail-on error, a warning was a <failure> (a red
    dashboard for a green job)."""
    report = Report(findings=[finding("SUM205", "warning", 5)],
                    summaries=[SummaryReport(Path("docs/summary.md"), Path("s.txt"),
                                             Path("c.jsonl"), 1, 1, 1)])
    document = validate(schema, JunitReporter().render(report))
    assert document.get("failures") == "0" and report.exit_code() == 0
    assert verdicts(document) == {"SUM205 line 5 docs/summary.md": "passed"}


def test_fails_and_bad_levels():
    assert fails("error", "error") and not fails("warning", "error")
    assert fails("info", "info") and not fails("error", "never")
    with pytest.raises(ValueError, match="fail-on"):
        fails("error", "sometimes")


def test_summaries_that_could_not_be_checked_are_failed_cases(schema):
    """A run that exits 2 with a report (one summary's claims file is missing, the others
    are checked) must not look green: that summary is a failed case."""
    report = mixed_report("never")
    report.errors = [SimpleNamespace(path=Path("docs/broken.md"),
                                     cause="claims file docs/missing.jsonl not found")]
    document = validate(schema, JunitReporter().render(report))
    broken = [c for c in document.iter("testcase") if c.get("classname") == "docs/broken.md"]
    assert len(broken) == 1 and broken[0].get("name") == "summcheck check"
    failure = broken[0].find("failure")
    assert failure.get("type") == "not-checked"
    assert failure.get("message") == "not checked: claims file docs/missing.jsonl not found"
    assert document.get("failures") == "1"  # fail-on never: only the summary not checked


def test_edge_cases_validate(schema):
    edge = Report(findings=[
        Finding("SUM201", "quote-not-found", "error", Path("a.md"), None, "no line & <x>"),
        Finding("SUM201", "quote-not-found", "error", Path("a.md"), 0, "line 0\x0cfeed"),
        Finding("SUM203", "fuzzy-match", "info", Path("a.md"), 2, "\ud800 surrogate", 4),
    ], fail_on="warning")
    for report in (edge, Report(), Report(fail_on="never")):
        validate(schema, JunitReporter().render(report))


# ---------------------------------------------------------------- through the command line


@pytest.fixture
def defects(tmp_path, monkeypatch) -> Path:
    """The bundled defects example (errors and warnings), in tmp_path as the cwd."""
    shutil.copytree(EXAMPLES / "defects", tmp_path / "examples" / "defects")
    shutil.copytree(EXAMPLES / "fhs", tmp_path / "examples" / "fhs")
    monkeypatch.chdir(tmp_path)
    return tmp_path / "examples" / "defects" / "summary.md"


def run_junit(schema, *args: str):
    result = CliRunner().invoke(app, ["check", "examples/defects/summary.md", "-f", "junit",
                                      *args])
    return result, validate(schema, result.stdout)


def test_cli_junit_follows_fail_on(schema, defects):
    findings = json.loads(CliRunner().invoke(
        app, ["check", "examples/defects/summary.md", "-f", "json"]).stdout)["findings"]
    severities = [f["severity"] for f in findings]
    assert "warning" in severities  # the example has warnings, below the default --fail-on
    result, document = run_junit(schema)
    assert result.exit_code == 1
    failed = [c.find("failure").get("message").split(":")[0] for c in document.iter("testcase")
              if c.find("failure") is not None]
    assert failed and set(failed) == {"error"} and len(failed) == severities.count("error")
    result, document = run_junit(schema, "--fail-on", "warning")
    assert result.exit_code == 1
    assert int(document.get("failures")) == severities.count("error") + severities.count("warning")
    result, document = run_junit(schema, "--fail-on", "never")
    assert result.exit_code == 0 and document.get("failures") == "0"


def test_cli_junit_follows_the_configurations_fail_on(schema, defects):
    (defects.parents[2] / "summcheck.toml").write_text('fail-on = "never"\n', encoding="utf-8")
    result, document = run_junit(schema)
    assert result.exit_code == 0 and document.get("failures") == "0"
    prop = document.find("testsuite/properties/property")
    assert (prop.get("name"), prop.get("value")) == ("fail-on", "never")
