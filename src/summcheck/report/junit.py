"""`--format junit`: JUnit XML for CI systems that show test reports (GitLab, Jenkins, Azure…).

    <testsuites name="summcheck" tests="…" failures="…" errors="0">
      <testsuite name="summcheck" tests="…" failures="…" errors="0" skipped="0">
        <properties><property name="fail-on" value="error"/></properties>
        <testcase classname="docs/summary.md" name="SUM101 line 8">
          <failure type="SUM101" message="…">docs/summary.md:8:1: error SUM101 …</failure>
        </testcase>
        <testcase classname="docs/summary.md" name="SUM205 line 12">
          <system-out>docs/summary.md:12:1: warning SUM205 … (below --fail-on …)</system-out>
        </testcase>
        <testcase classname="docs/other.md" name="summcheck check"/>

- One test case per finding: `classname` is the file (repository-relative), `name` is
  "<rule> line <n>" (a second finding of the same rule on the same line gets " (2)", so names
  stay unique).
- The verdict is the run's: a finding at or above `--fail-on` (`Report.fail_on`) is a
  `<failure>` whose `type` is the rule code; a finding below it is a *passed* test case that
  carries the finding in `<system-out>`, saying that it is below `--fail-on`. The job is green
  exactly when the test report is: a warning that does not fail the run must not turn the
  dashboard red. Not `<skipped>`: Jenkins and GitLab count and show a skipped case as a test
  that did not run (GitLab's own wording: "Reason for skipping the test"), while this check
  did run and found something; reading "3 skipped" as "3 summaries not checked" is the
  misreading a gate must not invite. Jenkins shows a passed case's `<system-out>` on the
  case's page ("Standard Output"); GitLab lists the passed case under its rule and line name
  and shows output mostly for failed cases, and every other format (text, Markdown, SARIF)
  carries the finding in full.
- One passed test case ("summcheck check") per summary that has no finding in itself or in
  its claims file; one failed case of that name, `type="not-checked"`, per summary that could
  not be checked (a missing claims file: the run exits 2, the other summaries are reported).
- `errors` stays 0: junit-10.xsd has no `<error>` element that CI systems read, so a summary
  that could not run is a failure (above). No timestamps or durations: same report, same
  bytes.
- The XML validates against Jenkins' `junit-10.xsd` (xunit-plugin; `tests/fixtures/`), the
  schema pytest tests its own JUnit XML with: `skipped` only on `<testsuite>` (the schema
  has no such attribute on `<testsuites>`), the threshold as a `<property>`.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from .base import Reporter
from .github import repository_path
from .model import Report, fails

PASS_NAME = "summcheck check"
NOT_CHECKED = "not-checked"  # the failure type of a summary that could not be checked

# Characters XML 1.0 cannot carry at all, even escaped (control characters, surrogates,
# U+FFFE/U+FFFF). A form feed from a source page break is the usual one.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def xml_safe(text: str) -> str:
    """Text XML 1.0 can hold: forbidden characters written as \\xNN (or U+FFFD)."""
    return _NOT_XML.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x20
                        else "\ufffd", text)


class JunitReporter(Reporter):
    name = "junit"

    def __init__(self, fail_on: str | None = None) -> None:
        #: the threshold for failures; None: the report's own (`Report.fail_on`)
        self.fail_on = fail_on

    def format_report(self, report: Report) -> str:
        level = self.fail_on if self.fail_on is not None else report.fail_on
        cases: list[ET.Element] = []
        failures = 0
        names: dict[tuple[str, str], int] = {}
        for f in report.findings:
            path = repository_path(f.path)
            line = f.line if f.line is not None and f.line >= 1 else None
            name = f"{f.rule} line {line}" if line is not None else f"{f.rule} (no line)"
            names[(path, name)] = names.get((path, name), 0) + 1
            if names[(path, name)] > 1:
                name += f" ({names[(path, name)]})"
            case = ET.Element("testcase", {"classname": xml_safe(path), "name": xml_safe(name)})
            where = path + (f":{line}" if line is not None else "") + \
                (f":{f.column}" if line is not None and f.column else "")
            detail = xml_safe(f"{where}: {f.severity} {f.rule} {f.name}: {f.message}")
            if fails(f.severity, level):
                failures += 1
                failure = ET.SubElement(case, "failure", {
                    "type": f.rule, "message": xml_safe(f"{f.severity}: {f.message}")})
                failure.text = detail
            else:
                ET.SubElement(case, "system-out").text = (
                    f"{detail} (below --fail-on {level}: reported, not failing)")
            cases.append(case)
        for error in getattr(report, "errors", None) or ():
            # A summary that could not be checked (the run exits 2): a failed case, so that the
            # dashboard is not green where nothing was checked. A `<failure>` rather than an
            # `<error>`: junit-10.xsd has no `<error>` element (it names it `<errors>`, which
            # Jenkins and GitLab do not read), and both show a failure as a failed case.
            path = repository_path(error.path)
            cause = str(getattr(error, "cause", "") or error)
            case = ET.Element("testcase", {"classname": xml_safe(path), "name": PASS_NAME})
            failure = ET.SubElement(case, "failure", {
                "type": NOT_CHECKED, "message": xml_safe(f"not checked: {cause}")})
            failure.text = xml_safe(f"{path}: {cause}")
            failures += 1
            cases.append(case)
        flagged = {repository_path(f.path) for f in report.findings}
        for s in report.summaries:
            path = repository_path(s.path)
            if path in flagged or repository_path(s.claims) in flagged:
                continue
            case = ET.Element("testcase", {"classname": xml_safe(path), "name": PASS_NAME})
            ET.SubElement(case, "system-out").text = xml_safe(
                f"{path}: {s.sentences} sentences, {s.verified} of {s.records} records verified")
            cases.append(case)
        counts = {"tests": str(len(cases)), "failures": str(failures), "errors": "0"}
        root = ET.Element("testsuites", {"name": "summcheck", **counts})
        suite = ET.SubElement(root, "testsuite", {"name": "summcheck", **counts, "skipped": "0"})
        properties = ET.SubElement(suite, "properties")
        ET.SubElement(properties, "property", {"name": "fail-on", "value": level})
        suite.extend(cases)
        ET.indent(root, space="  ")
        return ('<?xml version="1.0" encoding="UTF-8"?>\n'
                + ET.tostring(root, encoding="unicode") + "\n")
