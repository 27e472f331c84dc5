"""Issue 14: where a linter's users already look — GitLab Code Quality, reviewdog, the concise
and full text reports, --statistics and --quiet, baselines, --fix and --diff, a summary from
standard input, the rule pages and the configuration's JSON Schema, and the platforms' limits.

The inputs are real: the RFC 3986 text of examples/rfc3986 with records quoting it (some
misplaced, some with the wrong strength, an exact duplicate, a fabricated quote), in JSONL,
JSON and YAML. Every CI format is validated against its consumer's own schema, vendored in
tests/fixtures/schemas/ (see the README there).
"""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner

import summcheck
from summcheck.cli import app
from summcheck.model import Finding, Fix, Mark
from summcheck.report import Report, reporter_for

ROOT = Path(__file__).resolve().parents[1]
RFC = ROOT / "examples" / "rfc3986" / "rfc3986.txt"
SCHEMAS = Path(__file__).parent / "fixtures" / "schemas"
DOCS_URL = "https://docs.example.org/summcheck/rules/"


@pytest.fixture
def published(monkeypatch):
    """The rule pages published at DOCS_URL, as a `Rules` project URL would say."""
    from summcheck.rules import docs

    monkeypatch.setattr(docs, "docs_url", lambda: DOCS_URL)

BASE_URI = "A base URI must be established by the parser prior to parsing URI references that might be relative."
FOUR_WAYS = "The base URI of a reference can be established in one of four ways, discussed below in order of precedence."
QUERY = 'The characters slash ("/") and question mark ("?") may represent data within the query component.'
TRANSFORM = "A URI reference must be transformed to its target URI before it can be normalized."
INVENTED = "Every URI must be shorter than 80 characters."

SUMMARY = """\
---
source: rfc3986.txt
claims: {claims}
---

# RFC 3986 notes

Slashes and question marks may appear as data in the query (section 3.4).
The parser must establish a base URI first (section 5.1).
"""

# One record of each kind: verified, misplaced (a section and a page locator), the wrong
# strength, an exact duplicate, and a fabricated quote (which nothing can fix).
RECORDS = [
    {"claim": "Slash and question mark may be query data.", "locator": "section 3.4",
     "quote": QUERY, "strength": "states"},
    {"claim": "The parser establishes a base URI first.", "locator": "section 3.5",
     "quote": BASE_URI, "strength": "requires"},
    {"claim": "There are four ways to establish a base URI.", "locator": "p. 5",
     "quote": FOUR_WAYS, "strength": "states"},
    {"claim": "Resolve a reference before normalising it.", "locator": "section 5.2.1",
     "quote": TRANSFORM, "strength": "states"},
    {"claim": "Slash and question mark may be query data.", "locator": "section 3.4",
     "quote": QUERY, "strength": "states"},
    {"claim": "URIs are short.", "locator": "section 3", "quote": INVENTED, "strength": "requires"},
]

YAML_CLAIMS = f"""\
# Claims about RFC 3986, kept by hand.
claims:
  - claim: Slash and question mark may be query data.
    locator: section 3.4   # checked
    quote: '{QUERY}'
    strength: states
  - claim: The parser establishes a base URI first.
    locator: "section 3.5"
    quote: "{BASE_URI}"
    strength: requires
  - {{claim: There are four ways to establish a base URI., locator: {{page: 5}}, quote: "{FOUR_WAYS}", strength: states}}
  # the strength below is wrong on purpose
  - claim: Resolve a reference before normalising it.
    strength: states
    locator: section 5.2.1
    quote: {TRANSFORM}
  - claim: Slash and question mark may be query data.
    locator: section 3.4   # checked
    quote: '{QUERY}'
    strength: states
  - claim: URIs are short.
    locator: section 3
    quote: "{INVENTED}"
    strength: requires
"""


def run(*args: str, input: str | bytes | None = None):
    return CliRunner().invoke(app, list(args), input=input)


def project(tmp_path: Path, fmt: str = "jsonl", records=RECORDS) -> Path:
    """A folder with the RFC, a claims file in `fmt` and a summary using it."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    shutil.copy(RFC, tmp_path / "rfc3986.txt")
    name = f"claims.{fmt}"
    if fmt == "jsonl":
        text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
    elif fmt == "json":
        text = json.dumps(records, indent=2, ensure_ascii=False) + "\n"
    else:
        text = YAML_CLAIMS
    (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "summary.md").write_text(SUMMARY.format(claims=name), encoding="utf-8")
    return tmp_path


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name in ("FORCE_COLOR", "NO_COLOR", "GITHUB_WORKSPACE", "CI_PROJECT_DIR"):
        monkeypatch.delenv(name, raising=False)
    return tmp_path


def findings(*args: str) -> list[dict]:
    result = run("check", "summary.md", "--format", "json", "--no-cache", *args)
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)["findings"]


def rules_of(items: list[dict]) -> list[str]:
    return sorted(f["rule"] for f in items)


# ---------------------------------------------------------------- the real findings


def test_the_planted_records_give_the_planted_findings(here, published):
    project(here)
    got = {(f["rule"], f["line"], f["fixable"]) for f in findings()}
    assert ("SUM202", 2, True) in got and ("SUM202", 3, True) in got  # misplaced
    assert ("SUM302", 4, True) in got  # `must` recorded as `states`
    assert ("SUM301", 5, True) in got  # the copy of record 1
    assert ("SUM201", 6, False) in got  # invented: nothing to fix mechanically
    for item in findings():
        assert item["url"] == f"{DOCS_URL}{item['rule']}.md" and item["help"]


# ---------------------------------------------------------------- consumers' schemas


def test_gitlab_code_quality_validates_against_gitlabs_schema(here):
    project(here)
    result = run("check", "summary.md", "--format", "gitlab", "--no-cache")
    issues = json.loads(result.stdout)
    schema = json.loads((SCHEMAS / "gitlab-codeclimate.json").read_text(encoding="utf-8"))
    assert isinstance(issues, list) and issues
    for issue in issues:
        jsonschema.Draft4Validator(schema).validate(issue)
        # What GitLab's documentation asks beyond its schema:
        assert issue["severity"] in ("info", "minor", "major", "critical", "blocker")
        assert isinstance(issue["check_name"], str) and issue["check_name"].startswith("SUM")
        assert not issue["location"]["path"].startswith(("/", "./"))
        assert issue["location"]["lines"]["begin"] >= 1
    assert len({i["fingerprint"] for i in issues}) == len(issues)
    sarif = json.loads(run("check", "summary.md", "--format", "sarif", "--no-cache").stdout)
    assert [i["fingerprint"] for i in issues] == [
        r["partialFingerprints"]["summcheck/v1"] for r in sarif["runs"][0]["results"]]
    assert {i["severity"] for i in issues} == {"major", "minor"}


def test_gitlab_paths_are_relative_to_ci_project_dir(here, monkeypatch):
    project(here / "sub")
    monkeypatch.setenv("CI_PROJECT_DIR", str(here))
    monkeypatch.chdir(here / "sub")
    issues = json.loads(run("check", "summary.md", "--format", "gitlab", "--no-cache").stdout)
    assert {i["location"]["path"] for i in issues} == {"sub/claims.jsonl", "sub/summary.md"}


def test_gitlab_report_holds_each_fingerprint_once():
    twice = Finding("SUM201", "quote-not-found", "error", Path("c.jsonl"), 3, "same")
    issues = json.loads(reporter_for("gitlab").render(Report(findings=[twice, twice])))
    # Two equal findings are two occurrences with their own fingerprints; no fingerprint repeats.
    assert [i["fingerprint"][-2:] for i in issues] == [":1", ":2"]


def _reviewdog_validator(name: str):
    schema = json.loads((SCHEMAS / name).read_text(encoding="utf-8"))
    return jsonschema.Draft4Validator(schema)


def test_rdjson_validates_against_reviewdogs_schema(here, published):
    project(here)
    data = json.loads(run("check", "summary.md", "--format", "rdjson", "--no-cache").stdout)
    _reviewdog_validator("reviewdog-DiagnosticResult.json").validate(data)
    assert data["source"]["name"] == "summcheck" and data["severity"] == "ERROR"
    by_rule: dict[str, dict] = {}
    for diagnostic in data["diagnostics"]:
        by_rule.setdefault(diagnostic["code"]["value"], diagnostic)  # the first of each rule
    assert by_rule["SUM202"]["code"]["url"] == f"{DOCS_URL}SUM202.md"
    assert {d["severity"] for d in data["diagnostics"]} == {"ERROR", "WARNING"}
    # The range is what the finding points at: the locator's value on the record's line.
    line = (here / "claims.jsonl").read_text(encoding="utf-8").split("\n")[1]
    start = by_rule["SUM202"]["location"]["range"]["start"]
    end = by_rule["SUM202"]["location"]["range"]["end"]
    assert start["line"] == end["line"] == 2
    assert line.encode()[start["column"] - 1:end["column"] - 1] == b'"section 3.5"'


def test_rdjsonl_is_one_valid_diagnostic_a_line_with_utf8_byte_columns(here):
    records = [dict(RECORDS[1], claim="Der Parser legt zuerst eine Basis-URI fest — ä.")]
    project(here, records=records)
    lines = run("check", "summary.md", "--format", "rdjsonl", "--no-cache").stdout.splitlines()
    validator = _reviewdog_validator("reviewdog-Diagnostic.json")
    diagnostics = [json.loads(line) for line in lines]
    for diagnostic in diagnostics:
        validator.validate(diagnostic)
        assert diagnostic["source"]["name"] == "summcheck"
    (misplaced,) = [d for d in diagnostics if d["code"]["value"] == "SUM202"]
    raw = (here / "claims.jsonl").read_bytes().split(b"\n")[0]
    start, end = (misplaced["location"]["range"][k]["column"] for k in ("start", "end"))
    assert raw[start - 1:end - 1] == b'"section 3.5"'  # bytes, past the multi-byte — and ä


# ---------------------------------------------------------------- the human formats


def test_concise_is_one_clickable_line_a_finding(here):
    project(here)
    out = run("check", "summary.md", "--format", "concise", "--no-cache").stdout.splitlines()
    assert re.fullmatch(r"claims\.jsonl:2:\d+: SUM202 record at line 2: quote is not at .*",
                        out[0])
    assert all(re.match(r"[^:]+:\d+:\d+: SUM\d{3} ", line) for line in out[:-1])
    assert out[-1] == "Found 6 findings (4 errors, 2 warnings) in 2 files."
    quiet = run("check", "summary.md", "--format", "concise", "--no-cache", "-q").stdout
    assert quiet.splitlines() == out[:-1]


def test_text_is_the_full_form_with_the_line_underlined_and_a_help_line(here):
    project(here)
    result = run("check", "summary.md", "--no-cache")
    out = result.stdout
    assert result.exit_code == 1 and "\x1b[" not in out
    block = out.split("\n\n")[0]  # the first finding: record 2, misplaced
    lines = block.split("\n")
    assert re.match(r"claims\.jsonl:2:\d+: SUM202 \[quote-misplaced\] record at line 2: quote "
                    r"is not at 'section 3\.5'", lines[0])
    snippet = next(i for i, line in enumerate(lines) if line.startswith("2 | "))
    shown, carets = lines[snippet], lines[snippet + 1]
    start = carets.index("^")
    assert shown[start:start + len('"section 3.5"')] == '"section 3.5"'
    assert carets.count("^") == len('"section 3.5"') and carets.startswith("  | ")
    help_line = " ".join(line.strip() for line in lines[snippet + 3:])
    assert help_line == ("= help: use 'section 5.1' as the locator: the quote stands there, and "
                         "only there (--fix applies it)")
    assert "\nclaims.jsonl: 5 findings (3 errors, 2 warnings)\n" in out
    assert "\nsummary.md: 1 finding (1 error)\n" in out  # the sentence record 2 should back
    assert "\nFound 6 findings (4 errors, 2 warnings) in 2 files. 4 fixable with --fix.\n" in out
    assert out.endswith("\nChecked summary.md (2 sentences, 3/6 records verified).\n")
    for line in out.splitlines():
        assert len(line) <= 100 or " " not in line.strip(), line  # wrapped, never mid-word


def test_text_underlines_the_sentence_locator_and_names_the_rule_fix(here):
    project(here)
    summary = here / "summary.md"
    summary.write_text(summary.read_text(encoding="utf-8").replace(
        "(section 5.1)", "(section 99)"), encoding="utf-8")
    out = run("check", "summary.md", "--no-cache", "--select", "SUM102").stdout
    lines = out.splitlines()
    assert lines[0] == ("summary.md:9:44: SUM102 [unresolved-locator] locator 'section 99' "
                        "does not resolve: the source has")
    assert lines[1] == "    no section 99"
    assert lines[3] == "9 | The parser must establish a base URI first (section 99)."
    assert lines[4] == "  |" + " " * 44 + "^" * len("(section 99)")
    assert lines[6].startswith("  = help: Cite the place that holds the statement;")


def test_text_wraps_at_the_width_and_escapes_a_command_at_a_line_start():
    from summcheck.report.text import TextReporter

    message = "x" * 70 + " ::warning file=README.md::pwned " + "word " * 30
    finding = Finding("SUM201", "quote-not-found", "error", Path("nowhere.jsonl"), 3, message)
    out = TextReporter(width=60).render(Report(findings=[finding]))
    lines = out.splitlines()
    assert lines[1] == "    " + "x" * 70  # a word longer than the width stands alone
    assert lines[2].startswith("    \\::warning")  # not a workflow command
    assert not any(line.lstrip().startswith("::") for line in lines)
    assert all(len(line) <= 60 for line in lines if not line.startswith(("    x", "    \\")))


def test_text_is_coloured_only_when_asked(here):
    project(here)
    assert "\x1b[" not in run("check", "summary.md", "--no-cache").stdout
    assert "\x1b[" in run("check", "summary.md", "--no-cache", "--color").stdout


def test_grouped_is_the_one_line_form(here):
    project(here)
    out = run("check", "summary.md", "--format", "grouped", "--no-cache").stdout
    assert out.splitlines()[0] == "claims.jsonl"
    assert re.match(r" +2:\d+  error   SUM202 record at line 2: quote is not at", out.splitlines()[1])
    assert "6 findings: 4 errors, 2 warnings, 0 info" in out


# ---------------------------------------------------------------- --statistics and --quiet


def test_statistics_count_each_rule_as_ruff_prints_them(here):
    project(here)
    result = run("check", "summary.md", "--statistics", "--no-cache")
    assert result.exit_code == 1
    assert result.stdout == ("2\tSUM202\t[*] quote-misplaced\n"
                             "1\tSUM103\t[ ] unbacked-sentence\n"
                             "1\tSUM201\t[ ] quote-not-found\n"
                             "1\tSUM301\t[*] duplicate-claim\n"
                             "1\tSUM302\t[*] strength-mismatch\n")
    data = json.loads(run("check", "summary.md", "--statistics", "-f", "json", "--no-cache").stdout)
    assert data[0] == {"code": "SUM202", "name": "quote-misplaced", "count": 2, "fixable": 2}
    assert sum(row["count"] for row in data) == 6


def test_quiet_prints_only_findings_and_qq_nothing(here):
    project(here)
    full = run("check", "summary.md", "--no-cache")
    quiet = run("check", "summary.md", "--no-cache", "-q")
    assert quiet.exit_code == full.exit_code == 1
    assert "Found " not in quiet.stdout and "Checked " not in quiet.stdout
    assert "claims.jsonl: 5 findings" not in quiet.stdout and "claims.jsonl: 5" in full.stdout
    headers = [line for line in full.stdout.splitlines() if re.match(r"\S+:\d+:\d+: SUM", line)]
    assert len(headers) == 6
    assert [line for line in quiet.stdout.splitlines() if line in headers] == headers
    silent = run("check", "summary.md", "--no-cache", "-qq")
    assert silent.exit_code == 1 and silent.stdout == "" and silent.stderr == ""
    project(here, records=[RECORDS[0]])
    (here / "summary.md").write_text(SUMMARY.format(claims="claims.jsonl").split(
        "The parser")[0], encoding="utf-8")
    clean = run("check", "summary.md", "--no-cache", "-qq")
    assert clean.exit_code == 0 and clean.stdout == "" and clean.stderr == ""


# ---------------------------------------------------------------- baselines


def test_baseline_round_trip_survives_shifted_lines(here):
    project(here)
    written = run("check", "summary.md", "--no-cache", "--write-baseline", "baseline.json")
    assert written.exit_code == 0 and written.stdout == ""
    assert "wrote 6 findings to the baseline baseline.json" in written.stderr
    data = json.loads((here / "baseline.json").read_text(encoding="utf-8"))
    assert data["version"] == 1 and len(data["findings"]) == 6
    assert {e["path"] for e in data["findings"]} == {"claims.jsonl", "summary.md"}

    # Every record two lines further down, and the summary one: the same findings.
    claims = here / "claims.jsonl"
    claims.write_text("\n\n" + claims.read_text(encoding="utf-8"), encoding="utf-8")
    summary = here / "summary.md"
    summary.write_text(summary.read_text(encoding="utf-8").replace(
        "# RFC 3986 notes\n", "# RFC 3986 notes\n\nIntro [synthesis].\n"), encoding="utf-8")
    assert rules_of(findings()) == rules_of(data["findings"])  # still there, on new lines
    passed = run("check", "summary.md", "--no-cache", "--baseline", "baseline.json")
    assert passed.exit_code == 0, passed.output
    assert "All checks passed." in passed.stdout
    assert "6 findings left out: recorded in the baseline" in passed.stderr

    # A new finding fails the run, alone; a fixed one is reported as gone from the baseline.
    kept = [line for line in claims.read_text(encoding="utf-8").split("\n") if INVENTED not in line]
    new = {"claim": "URIs are long.", "locator": "section 2",
           "quote": "Every URI must be longer than 80 characters.", "strength": "requires"}
    claims.write_text("\n".join(kept) + json.dumps(new) + "\n", encoding="utf-8")
    failed = run("check", "summary.md", "--no-cache", "--baseline", "baseline.json",
                 "-f", "concise")
    assert failed.exit_code == 1
    assert failed.stdout.splitlines()[:-1] == [
        "claims.jsonl:8:62: SUM201 record at line 8: quote not found in the source; no passage "
        "at 'section 2' comes close to it; copy the quote verbatim from the source"]
    assert "1 baseline entry no longer occurs" in failed.stderr
    assert ("claims.jsonl:6: SUM201 record at line 6: quote not found in the source; no passage "
            "at 'section 3'") in failed.stderr  # where it was when the baseline was written


def test_a_broken_baseline_is_exit_2_naming_it(here):
    project(here)
    (here / "baseline.json").write_text('{"findings": 3}', encoding="utf-8")
    result = run("check", "summary.md", "--baseline", "baseline.json")
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert result.stderr.startswith("summcheck: error: baseline.json: not a summcheck baseline")
    refused = run("check", "summary.md", "--write-baseline", "claims.jsonl")
    assert refused.exit_code == 2 and "refusing to write the baseline over" in refused.stderr


# ---------------------------------------------------------------- --fix and --diff


FIXED_RULES = ("SUM202", "SUM301", "SUM302")


@pytest.mark.parametrize("fmt", ["jsonl", "json", "yaml"])
def test_fix_fixes_every_fixable_rule_and_nothing_else(here, fmt):
    project(here, fmt)
    claims = here / f"claims.{fmt}"
    before = claims.read_text(encoding="utf-8")
    summary_before = (here / "summary.md").read_bytes()
    source_before = (here / "rfc3986.txt").read_bytes()
    assert {r for r in rules_of(findings()) if r in FIXED_RULES} == set(FIXED_RULES)

    diff = run("check", "summary.md", "--no-cache", "--diff")
    assert diff.exit_code == 1 and claims.read_text(encoding="utf-8") == before  # nothing written
    assert diff.stdout.startswith(f"--- a/claims.{fmt}\n+++ b/claims.{fmt}\n")

    result = run("check", "summary.md", "--no-cache", "--fix", "-f", "concise")
    assert result.exit_code == 1  # the invented quote is left
    assert f"fixed 4 findings in 1 file: claims.{fmt}" in result.stderr
    remaining = findings()
    assert not [f for f in remaining if f["rule"] in FIXED_RULES], remaining
    assert "SUM201" in rules_of(remaining)
    assert (here / "summary.md").read_bytes() == summary_before  # never rewritten
    assert (here / "rfc3986.txt").read_bytes() == source_before

    after = claims.read_text(encoding="utf-8")
    if fmt == "yaml":  # comments, quoting, key order and flow style as they were
        expected = (before.replace('locator: "section 3.5"', 'locator: "section 5.1"')
                    .replace("locator: {page: 5}", "locator: {page: 29}")
                    .replace("    strength: states\n    locator: section 5.2.1",
                             "    strength: requires\n    locator: section 5.2.1"))
        duplicate = ("  - claim: Slash and question mark may be query data.\n"
                     "    locator: section 3.4   # checked\n"
                     f"    quote: '{QUERY}'\n    strength: states\n")
        assert expected.count(duplicate) == 2
        head, tail = expected.rsplit(duplicate, 1)
        assert after == head + tail
    else:
        expected_records = [dict(r) for r in RECORDS]
        expected_records[1]["locator"] = "section 5.1"
        expected_records[2]["locator"] = "p. 29"
        expected_records[3]["strength"] = "requires"
        del expected_records[4]
        parsed = ([json.loads(line) for line in after.splitlines()] if fmt == "jsonl"
                  else json.loads(after))
        assert parsed == expected_records
        import difflib

        delta = list(difflib.ndiff(before.splitlines(), after.splitlines()))
        added = [line for line in delta if line.startswith("+ ")]
        removed = [line for line in delta if line.startswith("- ")]
        assert len(added) == 3  # the lines of the three values set, nothing else
        assert len(removed) == 3 + (1 if fmt == "jsonl" else 6)  # and the duplicate's lines
    again = run("check", "summary.md", "--no-cache", "--diff")
    assert again.exit_code == 0 and again.stdout == ""  # nothing left to fix


def test_fix_keeps_the_records_locator_style(here):
    records = [
        {"claim": "a", "locator": {"section": "3.5", "x-note": "kept"}, "quote": BASE_URI,
         "strength": "requires"},
        {"claim": "b", "locator": "S. 5", "quote": FOUR_WAYS, "strength": "states"},
        {"claim": "c", "locator": {"lines": [10, 12]}, "quote": TRANSFORM, "strength": "requires"},
        {"claim": "d", "locator": "section 3.4", "quote": TRANSFORM, "strength": "Fordernd"},
    ]
    project(here, records=records)
    result = run("check", "summary.md", "--no-cache", "--fix", "-q")
    assert result.exit_code in (0, 1), result.output
    fixed = [json.loads(line) for line in (here / "claims.jsonl").read_text().splitlines()]
    assert fixed[0]["locator"] == {"section": "5.1", "x-note": "kept"}
    assert fixed[1]["locator"] == "S. 29"  # German, as written
    lines = [i for i, text in enumerate(RFC.read_text().split("\n"), 1)
             if "transformed to its target URI before" in text or "A URI reference must be" in text]
    assert fixed[2]["locator"]["lines"][0] == lines[0]
    assert fixed[3]["locator"] == "section 5.2.1" and fixed[3]["strength"] == "Fordernd"


def test_nothing_fixable_leaves_every_file_byte_identical(here):
    project(here, records=[RECORDS[0], RECORDS[5]])  # verified, and invented
    before = {p.name: p.read_bytes() for p in here.iterdir()}
    result = run("check", "summary.md", "--no-cache", "--fix")
    assert result.exit_code == 1 and "fixed" not in result.stderr
    assert {p.name: p.read_bytes() for p in here.iterdir()} == before
    diff = run("check", "summary.md", "--no-cache", "--diff")
    assert diff.exit_code == 0 and diff.stdout == ""


def test_a_quote_that_stands_twice_elsewhere_is_not_relocated(here):
    # "the" URI phrase below stands several times in the RFC: no single place to move it to.
    records = [{"claim": "x", "locator": "p. 3", "quote": "URI reference",
                "strength": "states", "ignore": ["SUM205"]}]
    project(here, records=records)
    misplaced = [f for f in findings() if f["rule"] == "SUM202"]
    assert misplaced and not misplaced[0]["fixable"]


# ---------------------------------------------------------------- standard input


def test_a_summary_from_stdin_resolves_paths_from_stdin_filename(here):
    notes = here / "notes"
    notes.mkdir()
    project(notes)
    text = (notes / "summary.md").read_text(encoding="utf-8")
    (notes / "summary.md").unlink()  # an unsaved buffer: nothing on disk under that name
    result = run("check", "-", "--stdin-filename", "notes/x.md", "-f", "json", input=text)
    assert result.exit_code == 1, result.output
    report = json.loads(result.stdout)
    assert report["summaries"][0]["path"] == "notes/x.md"
    assert report["summaries"][0]["claims"] == "notes/claims.jsonl"
    assert "SUM202" in rules_of(report["findings"])
    shown = run("check", "-", "--stdin-filename", "notes/x.md", "--select", "SUM1", "--no-cache",
                input=text.replace("(section 5.1)", "(section 99)"))
    assert "9 | The parser must establish a base URI first (section 99)." in shown.stdout
    assert not (notes / "x.md").exists()


def test_stdin_needs_its_name_and_stands_alone(here):
    project(here)
    missing = run("check", "-", input="x")
    assert missing.exit_code == 2 and "--stdin-filename" in missing.stderr
    both = run("check", "-", "summary.md", "--stdin-filename", "a.md", input="x")
    assert both.exit_code == 2
    stray = run("check", "summary.md", "--stdin-filename", "a.md")
    assert stray.exit_code == 2 and "pass - as the path" in stray.stderr


# ---------------------------------------------------------------- rule pages and links


def test_every_rule_page_is_what_explain_prints():
    from summcheck.rules import all_rules

    pages = ROOT / "docs" / "rules"
    for rule in all_rules():
        shown = run("explain", rule.code).stdout
        assert (pages / f"{rule.code}.md").read_text(encoding="utf-8") == shown, rule.code
    assert {p.stem for p in pages.glob("SUM*.md")} == {r.code for r in all_rules()}
    index = (pages / "README.md").read_text(encoding="utf-8")
    assert all(f"[{r.code}]({r.code}.md)" in index for r in all_rules())


def test_the_rule_docs_tool_finds_nothing_to_regenerate():
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "rule_docs.py"), "--check"],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_sarif_rules_link_their_pages(here, published):
    url = DOCS_URL
    project(here)
    log = json.loads(run("check", "summary.md", "--format", "sarif", "--no-cache").stdout)
    for descriptor in log["runs"][0]["tool"]["driver"]["rules"]:
        assert descriptor["helpUri"] == f"{url}{descriptor['id']}.md"
    schema = json.loads((Path(__file__).parent / "fixtures" / "sarif-schema-2.1.0.json")
                        .read_text(encoding="utf-8"))
    jsonschema.Draft4Validator(schema).validate(log)
    markdown = run("check", "summary.md", "--format", "markdown", "--no-cache").stdout
    assert f"[SUM202]({url}SUM202.md)" in markdown


def test_the_docs_url_is_the_rules_project_url_and_no_link_is_printed_without_one(
        here, monkeypatch):
    import importlib.metadata
    import tomllib

    from summcheck.rules import docs

    # This checkout names no `Rules` URL (it is not published): no report links a rule.
    urls = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"].get("urls", {})
    assert "Rules" not in urls and docs.docs_url() is None
    project(here)
    assert all(item["url"] is None for item in findings())
    log = json.loads(run("check", "summary.md", "--format", "sarif", "--no-cache").stdout)
    assert all("helpUri" not in d for d in log["runs"][0]["tool"]["driver"]["rules"])
    rdjson = json.loads(run("check", "summary.md", "--format", "rdjson", "--no-cache").stdout)
    assert "url" not in rdjson["source"] and all("url" not in d["code"]
                                                 for d in rdjson["diagnostics"])
    gitlab = json.loads(run("check", "summary.md", "--format", "gitlab", "--no-cache").stdout)
    assert all("](" not in issue["content"]["body"] for issue in gitlab)
    markdown = run("check", "summary.md", "--format", "markdown", "--no-cache").stdout
    assert "OWNER" not in markdown and "](" not in markdown.split("SUM202", 1)[1][:3]
    # A published package's `Rules` project URL is where the pages are.
    real = importlib.metadata.metadata

    def metadata(name):
        found = real(name)
        found["Project-URL"] = "Rules, https://docs.example.org/rules"
        return found
    monkeypatch.setattr(importlib.metadata, "metadata", metadata)
    docs.docs_url.cache_clear()
    try:
        assert docs.rule_url("SUM202") == "https://docs.example.org/rules/SUM202.md"
    finally:
        monkeypatch.undo()
        docs.docs_url.cache_clear()


# ---------------------------------------------------------------- the configuration's schema


def _config_schema() -> dict:
    return json.loads((ROOT / "src" / "summcheck" / "schemas" / "config.schema.json")
                      .read_text(encoding="utf-8"))


def test_config_schema_names_exactly_the_keys_the_code_accepts():
    from summcheck.config.file import RUN_KEYS, SUMMARY_KEYS
    from summcheck.inputs.modes import PAGE_NUMBER_MODES, SECTION_MODES
    from summcheck.language.modality import CLASSES
    from summcheck.rules import all_rules, declared_options
    from summcheck.rules.options import Number, WholeNumber

    schema = _config_schema()
    jsonschema.Draft7Validator.check_schema(schema)
    props = schema["properties"]
    assert set(props) == set(RUN_KEYS) | set(declared_options())
    assert schema["additionalProperties"] is False
    for key, (_, kind) in declared_options().items():
        if isinstance(kind, WholeNumber):
            assert props[key]["type"] == "integer" and props[key]["minimum"] == kind.minimum
        else:
            assert isinstance(kind, Number)
            assert (props[key]["minimum"], props[key]["maximum"]) == (kind.minimum, kind.maximum)
    summary = schema["$defs"]["summary"]["properties"]
    assert set(summary) == set(SUMMARY_KEYS)
    assert summary["page-numbers"]["enum"] == list(PAGE_NUMBER_MODES)
    assert summary["sections"]["enum"] == list(SECTION_MODES)
    assert set(schema["$defs"]["lexicon"]["properties"]) == set(CLASSES)
    named = schema["$defs"]["rule"]["anyOf"][0]["enum"]
    assert set(named) == {r.code for r in all_rules()} | {r.name for r in all_rules()}


GOOD_CONFIGS = [
    {},
    {"select": ["SUM1", "quote-not-found"], "ignore": "ambiguous-quote", "fail-on": "warning"},
    {"severity": {"SUM205": "error", "ambiguous-locator": "info"},
     "per-file-ignores": {"drafts/*.md": ["SUM103"]}, "exclude": ["drafts/"], "cache": False},
    {"summaries": {"summaries/*.md": {"source": "a.pdf", "claims": "a.jsonl", "ocr": True,
                                      "page-numbers": "physical", "sections": "outline"}}},
    {"modality": {"en": {"requires": ["is obliged to"], "permits": "may well"}},
     "min-quote-words": 3, "min-quote-chars": 10, "fuzzy-threshold": 85.5,
     "synthesis-labels": ["[Fazit]"], "allow-outside": True},
]
BAD_CONFIGS = [
    {"selct": ["SUM1"]},
    {"fail-on": "sometimes"},
    {"min-quote-words": -1},
    {"fuzzy-threshold": 101},
    {"cache": "yes"},
    {"severity": {"SUM205": "fatal"}},
    {"summaries": {"a/*.md": {"source": "a.pdf", "claim": "typo.jsonl"}}},
    {"summaries": {"a/*.md": {"page-numbers": "roman"}}},
    {"modality": {"en": {"demands": ["must"]}}},
    {"synthesis-labels": []},
]


@pytest.mark.parametrize("table", GOOD_CONFIGS + BAD_CONFIGS)
def test_config_schema_agrees_with_the_loader(tmp_path, table):
    from summcheck.config.file import _parse
    from summcheck.model import InputError
    from summcheck.config.settings import build_options

    try:  # the table as load_config reads it from summcheck.toml, then as a run uses it
        build_options(_parse(table, tmp_path / "summcheck.toml", ""))
        accepted = True
    except InputError:
        accepted = False
    valid = jsonschema.Draft7Validator(_config_schema()).is_valid(table)
    assert valid == accepted == (table in GOOD_CONFIGS), table


# ---------------------------------------------------------------- platform limits


def test_github_annotation_messages_are_cut_at_4_kb_with_an_ellipsis():
    from summcheck.report.github import GithubReporter

    long = Finding("SUM201", "quote-not-found", "error", Path("c.jsonl"), 1,
                   "word " * 2000 + "ü")
    line = GithubReporter().render(Report(findings=[long])).splitlines()[0]
    message = line.split("::", 2)[2]
    assert len(message.encode()) <= 4096 and message.endswith("…")
    assert not message[:-1].endswith(" ")


def test_sarif_over_the_upload_limits_is_trimmed_with_a_notice(here):
    from summcheck.report.sarif import SarifReporter

    import hashlib

    many = [Finding("SUM201", "quote-not-found", "error", Path("c.jsonl"), i,
                    f"finding {i} " + hashlib.sha256(str(i).encode()).hexdigest() * 4)
            for i in range(1, 301)]
    log = json.loads(SarifReporter(max_results=100).render(Report(findings=many)))
    run_ = log["runs"][0]
    assert len(run_["results"]) == 100
    notes = run_["invocations"][0]["toolExecutionNotifications"]
    assert "200 of 300 results left out" in notes[-1]["message"]["text"]
    import gzip

    def gzipped(reporter, report) -> int:
        return len(gzip.compress(reporter.render(report).encode()))

    limit = (gzipped(SarifReporter(), Report()) + gzipped(SarifReporter(), Report(findings=many))) // 2
    text = SarifReporter(max_gzipped_bytes=limit).render(Report(findings=many))
    kept = len(json.loads(text)["runs"][0]["results"])
    assert 0 < kept < 300
    assert len(gzip.compress(text.encode())) <= limit
    assert f"{300 - kept} of 300 results left out" in text


def test_marks_and_fixes_survive_the_outcome_cache(here, monkeypatch):
    monkeypatch.setenv("SUMMCHECK_CACHE_DIR", str(here / "cache"))
    project(here)
    import subprocess

    subprocess.run(["git", "init", "-q", str(here)], check=True)
    cold = summcheck.check("summary.md")
    warm = summcheck.check("summary.md")
    assert cold.findings == warm.findings
    assert any(isinstance(f.mark, Mark) for f in warm.findings)
    assert any(isinstance(f.fix, Fix) for f in warm.findings)


def test_the_readme_text_report_excerpt_is_what_check_prints(monkeypatch):
    readme = (ROOT / "docs" / "output-formats.md").read_text(encoding="utf-8")
    lead = "`summcheck check examples/defects/summary.md` (an excerpt):\n\n```\n"
    excerpt = readme[readme.index(lead) + len(lead):].split("\n```\n", 1)[0] + "\n"
    monkeypatch.chdir(ROOT)
    for name in ("FORCE_COLOR", "NO_COLOR", "GITHUB_WORKSPACE"):
        monkeypatch.delenv(name, raising=False)
    out = run("check", "examples/defects/summary.md", "--no-cache").stdout
    at = 0
    for chunk in excerpt.split("…\n"):
        found = out.find(chunk, at)
        assert found != -1, chunk
        at = found + len(chunk)
    assert out.endswith(excerpt.rsplit("…\n", 1)[1])


def test_the_action_takes_a_baseline_and_refuses_what_it_cannot_use():
    from summcheck.action import ActionError, Inputs

    inputs = Inputs.from_env({"INPUT_EXTRA_ARGS": "--baseline summcheck-baseline.json --ocr"})
    assert inputs.baseline == Path("summcheck-baseline.json") and inputs.check == {"ocr": True}
    for option in ("--fix", "--diff", "--statistics", "-q", "--write-baseline b.json",
                   "--stdin-filename x.md", "--format concise"):
        with pytest.raises(ActionError, match="is not an option here"):
            Inputs.from_env({"INPUT_EXTRA_ARGS": option})
