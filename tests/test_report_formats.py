"""The CI report formats: github annotations, SARIF, Markdown job summary, JUnit XML.

A real check (an RFC 3986 excerpt, a summary with a missing locator and an unbacked locator,
records with a fabricated and a short quote) gives real findings; constructed findings cover
the edge cases (escaping, caps, truncation, fingerprints).
"""
from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema
import pytest
from jsonschema.validators import validator_for
from typer.testing import CliRunner

import summcheck
from summcheck.cli import app
from summcheck.model import Finding
from summcheck.report import FORMATS, Report, SummaryReport, reporter_for
from summcheck.report.github import GithubReporter, escape_data, escape_property
from summcheck.report.junit import JunitReporter
from summcheck.report.markdown import MarkdownReporter, escape_cell
from summcheck.report.sarif import SarifReporter
from summcheck.rules import all_rules

SCHEMA_PATH = Path(__file__).parent / "fixtures" / "sarif-schema-2.1.0.json"

# Real text: RFC 3986 sections 1, 1.1 and 1.2.1 (shortened), as the RFC lays them out.
RFC_EXCERPT = """\
1.  Introduction

   A Uniform Resource Identifier (URI) provides a simple and extensible
   means for identifying a resource.  This specification of URI syntax
   and semantics is derived from concepts introduced by the World Wide
   Web global information initiative, whose use of these identifiers
   dates from 1990 and is described in "Universal Resource Identifiers
   in WWW" [RFC1630].

1.1.  Overview of URIs

   URIs are characterized as follows:

   Uniform

      Uniformity provides several benefits.  It allows different types
      of resource identifiers to be used in the same context, even when
      the mechanisms used to access those resources may differ.

1.2.  Design Considerations

1.2.1.  Transcription

   The URI syntax has been designed with global transcription as one of
   its main considerations.
"""

CLAIMS = """\
claims:
  - id: uri-purpose
    claim: A URI identifies a resource.
    locator: section 1
    quote: "A Uniform Resource Identifier (URI) provides a simple and extensible means for identifying a resource."
    strength: states
  - id: uniform-invented
    claim: Uniformity is mandatory.
    locator: section 1.1
    quote: "Uniformity is required of every URI scheme."
    strength: requires
  - id: short
    claim: Uniformity helps.
    locator: section 1.1
    quote: "several benefits"
    strength: states
"""

SUMMARY = """\
---
source: rfc3986-excerpt.txt
claims: claims.yaml
---
# RFC 3986, in brief

A URI is a simple, extensible means of identifying a resource (section 1).
Uniformity brings several benefits (section 1.1).
Every scheme must be uniform.
Transcription shaped the syntax (section 1.2.1).
"""

CLEAN_CLAIMS = """\
- claim: A URI identifies a resource.
  locator: section 1
  quote: "A Uniform Resource Identifier (URI) provides a simple and extensible means for identifying a resource."
  strength: states
"""

CLEAN_SUMMARY = """\
---
source: rfc3986-excerpt.txt
claims: clean.claims.yaml
---
A URI is a simple, extensible means of identifying a resource (section 1).
"""


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A repository with docs/ holding a flawed and a clean summary; the cwd is its root."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "rfc3986-excerpt.txt").write_text(RFC_EXCERPT, encoding="utf-8")
    (docs / "claims.yaml").write_text(CLAIMS, encoding="utf-8")
    (docs / "summary.md").write_text(SUMMARY, encoding="utf-8")
    (docs / "clean.claims.yaml").write_text(CLEAN_CLAIMS, encoding="utf-8")
    (docs / "clean.md").write_text(CLEAN_SUMMARY, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("GITHUB_WORKSPACE", raising=False)
    return tmp_path


def real_report() -> Report:
    return summcheck.check([Path("docs/clean.md"), Path("docs/summary.md")])


def finding(rule="SUM201", severity="error", path="docs/summary.md", line=3, message="m",
            column=None, record_id=None, name=None) -> Finding:
    names = {r.code: r.name for r in all_rules()}
    return Finding(rule, name or names.get(rule, "some-rule"), severity, Path(path), line,
                   message, column, record_id)


def test_the_real_case_has_the_findings_the_formats_are_tested_with(repo):
    report = real_report()
    got = [(f.rule, str(f.path), f.line) for f in report.findings]
    # Each record's finding stands on the line of the quote it is about, not where its record
    # starts (the record 'uniform-invented' starts on line 7).
    assert got == [("SUM201", "docs/claims.yaml", 10), ("SUM205", "docs/claims.yaml", 15),
                   ("SUM101", "docs/summary.md", 9), ("SUM103", "docs/summary.md", 10)]
    assert report.counts == {"error": 3, "warning": 1, "info": 0}


def test_every_format_is_registered():
    from summcheck.cli.common import Format

    assert set(FORMATS) == {"text", "concise", "grouped", "json", "github", "gitlab", "sarif",
                            "rdjson", "rdjsonl", "markdown", "junit"}
    assert [f.value for f in Format] == list(FORMATS)  # --format offers each, in one order
    for name in FORMATS:
        assert reporter_for(name).name == name


# ---------------------------------------------------------------- SARIF


def sarif(report: Report) -> dict:
    return json.loads(SarifReporter().render(report))


def test_sarif_validates_against_the_official_schema(repo):
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    validator_class = validator_for(schema)
    assert schema["$schema"] == "http://json-schema.org/draft-04/schema#"
    assert validator_class is jsonschema.Draft4Validator
    validator_class.check_schema(schema)
    validator = validator_class(schema, format_checker=validator_class.FORMAT_CHECKER)
    log = sarif(real_report())
    errors = sorted(validator.iter_errors(log), key=lambda e: list(e.path))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors)
    assert log["version"] == "2.1.0" and log["$schema"].startswith("https://")
    (run,) = log["runs"]
    assert len(run["results"]) == 4
    # Edge cases validate too: no line, no column, an info finding, an empty report.
    edge = Report(findings=[finding(line=None), finding("SUM205", "warning", column=4),
                            finding("SUM999", "info", name="future-rule")],
                  summaries=[SummaryReport(Path("docs/a.md"), Path("docs/a.pdf"), Path("c.yaml"),
                                           3, 2, 1, ["opened by repair"])])
    for report in (edge, Report()):
        assert not list(validator.iter_errors(sarif(report)))
    (invocation,) = sarif(edge)["runs"][0]["invocations"]
    assert invocation["toolExecutionNotifications"][0]["message"]["text"] == "opened by repair"


def test_sarif_rule_descriptors_are_complete(repo):
    run = sarif(real_report())["runs"][0]
    driver = run["tool"]["driver"]
    assert driver["name"] == "summcheck" and driver["version"] == summcheck.__version__
    assert driver["informationUri"].startswith("https://")
    rules = all_rules()
    assert [d["id"] for d in driver["rules"]] == [r.code for r in rules]
    levels = {"error": "error", "warning": "warning", "info": "note"}
    for descriptor, rule in zip(driver["rules"], rules):
        assert descriptor["name"] == rule.name
        assert descriptor["shortDescription"]["text"] == rule.summary
        full = descriptor["fullDescription"]["text"]
        assert full and len(full) <= 1000 and "##" not in full and "`" not in full
        assert descriptor["help"]["markdown"] == rule.doc
        assert "## " not in descriptor["help"]["text"] and len(descriptor["help"]["text"]) > len(full)
        assert descriptor["defaultConfiguration"]["level"] == levels[rule.severity]
    for result in run["results"]:
        assert driver["rules"][result["ruleIndex"]]["id"] == result["ruleId"]
        assert result["level"] in ("error", "warning")


def test_sarif_uris_are_repository_relative(repo, monkeypatch):
    run = sarif(real_report())["runs"][0]
    uris = [r["locations"][0]["physicalLocation"]["artifactLocation"] for r in run["results"]]
    assert {u["uri"] for u in uris} == {"docs/claims.yaml", "docs/summary.md"}
    assert all(u["uriBaseId"] == "%SRCROOT%" for u in uris)
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] in {repo.as_uri() + "/",
                                                             repo.resolve().as_uri() + "/"}
    region = run["results"][2]["locations"][0]["physicalLocation"]["region"]
    assert region == {"startLine": 9, "startColumn": 1, "endColumn": 30}  # the sentence

    # In a GitHub job the workspace is the root, wherever the command runs from.
    monkeypatch.setenv("GITHUB_WORKSPACE", str(repo))
    monkeypatch.chdir(repo / "docs")
    report = summcheck.check("summary.md")
    run = sarif(report)["runs"][0]
    assert {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            for r in run["results"]} == {"docs/claims.yaml", "docs/summary.md"}

    # Special characters are percent-encoded; a file outside the root gets an absolute URI.
    odd = Report(findings=[finding(path=str(repo / "my notes" / "ü.md")),
                           finding(path="/elsewhere/x.md")])
    locations = [r["locations"][0]["physicalLocation"]["artifactLocation"]
                 for r in sarif(odd)["runs"][0]["results"]]
    assert locations[0] == {"uri": "my%20notes/%C3%BC.md", "uriBaseId": "%SRCROOT%"}
    assert locations[1] == {"uri": "file:///elsewhere/x.md"}


def test_sarif_region_is_omitted_without_a_line(repo):
    result = sarif(Report(findings=[finding(line=None)]))["runs"][0]["results"][0]
    assert "region" not in result["locations"][0]["physicalLocation"]


def fingerprints(*findings: Finding) -> list[str]:
    results = sarif(Report(findings=list(findings)))["runs"][0]["results"]
    return [r["partialFingerprints"]["summcheck/v1"] for r in results]


def test_sarif_fingerprints_survive_moved_lines(repo):
    before = finding(line=7, message="record at line 7: quote not found in the source")
    after = finding(line=12, message="record at line 12: quote not found in the source")
    assert fingerprints(before) == fingerprints(after)
    assert re.fullmatch(r"[0-9a-f]{64}:1", fingerprints(before)[0])
    # ... in a real report too: lines inserted above every record and sentence.
    report = real_report()
    claims, summary = repo / "docs" / "claims.yaml", repo / "docs" / "summary.md"
    claims.write_text("# Records for the RFC 3986 summary.\n# Reviewed.\n" + CLAIMS,
                      encoding="utf-8")
    summary.write_text(SUMMARY.replace("\n# RFC", "\n\n\n# RFC"), encoding="utf-8")
    moved = real_report()
    assert [f.line for f in moved.findings] == [f.line + 2 for f in report.findings]
    assert fingerprints(*moved.findings) == fingerprints(*report.findings)
    # Another rule, file, message or record is another alert; twins are numbered.
    assert len(set(fingerprints(before, finding(rule="SUM202"), finding(path="other.md"),
                                finding(message="else"), finding(record_id="c1")))) == 5
    twins = fingerprints(finding(line=3), finding(line=9))
    assert twins[0].endswith(":1") and twins[1].endswith(":2") and twins[0][:-2] == twins[1][:-2]


# ---------------------------------------------------------------- github annotations


def test_github_escapes_data_and_properties_like_the_toolkit(repo):
    assert escape_data("100% sure\r\nnext: a, b") == "100%25 sure%0D%0Anext: a, b"
    assert escape_property("a%b\r\n:c,d") == "a%25b%0D%0A%3Ac%2Cd"
    report = Report(findings=[finding(path="dir,x/a:b.md", line=4, column=2,
                                      message="50% of\nthe quote: 'a, b'\r\n::error::x")])
    first = GithubReporter().render(report).splitlines()[0]
    # A line break from the input is shown as `\n` in every format (display.printable), then
    # the toolkit's escaping applies to what is left.
    assert first == ("::error file=dir%2Cx/a%3Ab.md,line=4,col=2,title=SUM201 quote-not-found"
                     "::50%25 of\\nthe quote: 'a, b'\\r\\n::error::x")


def test_github_annotations_for_a_real_report(repo):
    lines = GithubReporter().render(real_report()).splitlines()
    assert lines[0].startswith("::error file=docs/claims.yaml,line=10,col=12,title=SUM201 quote-not-found::"
                               "record 'uniform-invented': quote not found")
    assert "no passage at 'section 1.1' comes close to it" in lines[0]
    assert lines[1].startswith("::warning file=docs/claims.yaml,line=15,col=12,title=SUM205 ambiguous-quote::")
    assert lines[2].startswith("::error file=docs/summary.md,line=9,col=1,title=SUM101 missing-locator::")
    assert lines[-1] == "summcheck: 4 findings (3 errors, 1 warning) in 2 files; 2 summaries checked"
    assert not any(line.startswith("::notice") for line in lines)  # nothing was dropped


def test_github_paths_are_relative_to_the_workspace(repo, monkeypatch):
    monkeypatch.setenv("GITHUB_WORKSPACE", str(repo))
    monkeypatch.chdir(repo / "docs")
    out = GithubReporter().render(summcheck.check("summary.md"))
    assert "file=docs/summary.md," in out and "file=docs/claims.yaml," in out


def test_github_caps_annotations_per_kind_with_a_totals_notice(repo):
    errors = [finding(line=n, message=f"error {n}") for n in range(1, 26)]
    warnings = [finding("SUM205", "warning", line=100 + n, message=f"warning {n}")
                for n in range(1, 13)]
    lines = GithubReporter().render(Report(findings=errors + warnings)).splitlines()
    shown_errors = [line for line in lines if line.startswith("::error ")]
    shown_warnings = [line for line in lines if line.startswith("::warning ")]
    notices = [line for line in lines if line.startswith("::notice")]
    assert len(shown_errors) == 10 and len(shown_warnings) == 10
    assert [line.rsplit("::", 1)[1] for line in shown_errors] == [f"error {n}" for n in range(1, 11)]
    assert [line.rsplit("::", 1)[1] for line in shown_warnings] == [f"warning {n}"
                                                                    for n in range(1, 11)]
    assert notices == ["::notice::summcheck: 37 findings (25 errors, 12 warnings); showing the "
                       "first 10 errors and the first 10 warnings — see the job summary or the "
                       "SARIF upload for all"]
    assert lines[-1] == "summcheck: 37 findings (25 errors, 12 warnings) in 1 file; 0 summaries checked"


def test_github_keeps_a_notice_slot_for_the_totals(repo):
    infos = [finding("SUM304", "info", line=n, name="dropped-requirement") for n in range(1, 11)]
    errors = [finding(line=50 + n) for n in range(11)]
    lines = GithubReporter().render(Report(findings=infos + errors)).splitlines()
    notices = [line for line in lines if line.startswith("::notice")]
    assert len(notices) == 10 and notices[-1].startswith("::notice::summcheck: 21 findings")
    assert "the first 9 info" in notices[-1]
    # Exactly 10 of a kind is not over the limit.
    lines = GithubReporter().render(Report(findings=errors[:10])).splitlines()
    assert len(lines) == 11 and not any(line.startswith("::notice") for line in lines)


# ---------------------------------------------------------------- markdown


def test_markdown_job_summary_for_a_real_report(repo):
    out = MarkdownReporter().render(real_report())
    assert out.startswith("## summcheck: 3 errors, 1 warning in 2 files\n")
    assert "| 3 | 1 | 0 | 2 | 5 | 3 of 4 |" in out
    assert "### `docs/claims.yaml`" in out and "### `docs/summary.md`" in out
    assert "- `docs/summary.md`: 4 sentences checked, 2 backed, 4 findings; cites " in out
    assert "- `docs/clean.md`: 1 sentence checked, 1 backed, 0 findings; cites " in out
    assert "2 of 3 records verified" in out and "1 of 1 record verified" in out
    # No `Rules` project URL in this checkout: the code is not linked to an address that
    # leads nowhere (tests/test_ci_surfaces.py has the links where one is named).
    assert ("| 9 | error | SUM101 missing-locator | sentence has no locator") in out
    assert "label it \\[synthesis\\]" in out  # a link bracket in a message is text


def test_markdown_escapes_pipes_newlines_and_markup(repo):
    message = "quote 'a | b'\nsecond line <script>alert(1)</script> *x* @team #12 $x$"
    out = MarkdownReporter().render(Report(findings=[
        finding(path="docs/a|b.md", message=message), finding(path="docs/c.md", line=None)]))
    row = next(line for line in out.splitlines() if line.startswith("| 3 |"))
    assert row.count(" | ") == 3  # four cells, no stray separator
    assert "a \\| b" in row and "\\\\nsecond line" in row and "\\<script\\>" in row
    assert "\\*x\\*" in row and "\\@team" in row and "\\#12" in row and "\\$x\\$" in row
    assert "<script>" not in out
    assert "### `docs/a\\|b.md`" not in out and "### `docs/a|b.md`" in out  # headings need no \|
    assert "| – | error |" in out  # no line
    assert escape_cell("a|b\r\nc\x0cd") == "a\\|b<br>c d"


def test_markdown_all_passed_and_truncation(repo):
    assert MarkdownReporter().render(Report()).startswith("## summcheck: all checks passed\n")
    many = Report(findings=[finding(line=n, message="x" * 200) for n in range(1, 201)])
    full = MarkdownReporter().render(many)
    assert full.count("| error |") == 200 and "Truncated" not in full
    cut = MarkdownReporter(limit=8 * 1024).render(many)
    assert len(cut.encode("utf-8")) <= 8 * 1024
    shown = cut.count("| error |")
    assert 0 < shown < 200
    assert f"showing {shown} of 200 findings" in cut and "(8 KiB)" in cut
    # The default cap is GitHub's 1 MiB.
    huge = Report(findings=[finding(line=n, message="y" * 2000) for n in range(1, 1000)])
    out = MarkdownReporter().render(huge)
    assert len(out.encode("utf-8")) <= 1024 * 1024 and "(1 MiB)" in out


# ---------------------------------------------------------------- junit


def test_junit_parses_and_counts_match(repo):
    # With --fail-on warning the warning fails too (below the threshold it passes: test_junit).
    root = ET.fromstring(JunitReporter(fail_on="warning").render(real_report()))
    assert root.tag == "testsuites"
    (suite,) = root
    assert suite.get("name") == "summcheck"
    cases = suite.findall("testcase")
    failures = [c for c in cases if c.find("failure") is not None]
    assert suite.get("tests") == root.get("tests") == str(len(cases)) == "5"
    assert suite.get("failures") == root.get("failures") == str(len(failures)) == "4"
    assert suite.get("errors") == "0" and suite.get("skipped") == "0"
    assert [(c.get("classname"), c.get("name")) for c in cases] == [
        ("docs/claims.yaml", "SUM201 line 10"), ("docs/claims.yaml", "SUM205 line 15"),
        ("docs/summary.md", "SUM101 line 9"), ("docs/summary.md", "SUM103 line 10"),
        ("docs/clean.md", "summcheck check")]
    failure = failures[0].find("failure")
    assert failure.get("type") == "SUM201"
    assert failure.get("message").startswith("error: record 'uniform-invented'")
    assert failures[1].find("failure").get("message").startswith("warning: ")


def test_junit_info_findings_pass_and_text_is_escaped(repo):
    report = Report(findings=[
        finding("SUM304", "info", line=4, name="dropped-requirement", message="note & <x>"),
        finding(line=4, message='a "quote" & <tag>\nline\x0cfeed'),
        finding(line=4, message="twin"),
    ], summaries=[SummaryReport(Path("docs/other.md"), Path("s.txt"), Path("c.yaml"), 2, 1, 1)])
    text = JunitReporter().render(report)
    root = ET.fromstring(text)  # well-formed despite <, &, quotes and a form feed
    cases = root.findall("./testsuite/testcase")
    assert root.get("tests") == "4" and root.get("failures") == "2"
    info = cases[0]
    assert info.find("failure") is None and "note & <x>" in info.find("system-out").text
    assert cases[1].find("failure").get("message") == 'error: a "quote" & <tag>\\nline\\x0cfeed'
    assert [c.get("name") for c in cases] == ["SUM304 line 4", "SUM201 line 4",
                                              "SUM201 line 4 (2)", "summcheck check"]


# ---------------------------------------------------------------- determinism and the CLI


@pytest.mark.parametrize("name", ["github", "sarif", "markdown", "junit"])
def test_every_format_is_byte_identical_across_runs(repo, name):
    first = reporter_for(name).render(real_report())
    second = reporter_for(name).render(real_report())
    assert first == second and first.endswith("\n")


@pytest.mark.parametrize("name", ["github", "sarif", "markdown", "junit"])
def test_the_cli_writes_every_format(repo, name):
    runner = CliRunner()
    out = repo / f"report.{name}"
    result = runner.invoke(app, ["check", "docs/summary.md", "--format", name,
                                 "--output", str(out)])
    assert result.exit_code == 1, result.output
    written = out.read_text(encoding="utf-8")
    assert written == reporter_for(name).render(summcheck.check("docs/summary.md"))
    again = runner.invoke(app, ["check", "docs/summary.md", "-f", name])
    assert again.exit_code == 1 and again.stdout == written
