"""`--format junit`: JUnit XML for CI systems that show test reports (GitLab, Jenkins, Azure…).

    <testsuites name="summcheck" tests="…" failures="…" errors="0" skipped="0">
      <testsuite name="summcheck" tests="…" failures="…" errors="0" skipped="0">
        <testcase classname="docs/summary.md" name="SUM101 line 8">
          <failure type="SUM101" message="…">docs/summary.md:8:1: error SUM101 …</failure>
        </testcase>
        <testcase classname="docs/other.md" name="summcheck check"/>

- One test case per finding: `classname` is the file (repository-relative), `name` is
  "<rule> line <n>" (a second finding of the same rule on the same line gets " (2)", so names
  stay unique). Errors and warnings are `<failure>`s whose `type` is the rule code.
- Info findings are *passed* test cases that carry the message in `<system-out>`: the check
  ran and info never fails a run by default, so neither "failure" nor "skipped" (which says
  the check did not run) would be true.
- One passed test case ("summcheck check") per summary that has no finding in itself or in
  its claims file.
- `errors` counts test cases that could not run; a run that could not check anything exits
  2 with no report, so it is always 0. No timestamps or durations: same report, same bytes.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from .base import Reporter
from .github import repository_path
from .model import Report

PASS_NAME = "summcheck check"

# Characters XML 1.0 cannot carry at all, even escaped (control characters, surrogates,
# U+FFFE/U+FFFF). A form feed from a source page break is the usual one.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def xml_safe(text: str) -> str:
    """Text XML 1.0 can hold: forbidden characters written as \\xNN (or U+FFFD)."""
    return _NOT_XML.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x20
                        else "\ufffd", text)


class JunitReporter(Reporter):
    name = "junit"

    def render(self, report: Report) -> str:
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
            if f.severity in ("error", "warning"):
                failures += 1
                failure = ET.SubElement(case, "failure", {
                    "type": f.rule, "message": xml_safe(f"{f.severity}: {f.message}")})
                failure.text = detail
            else:
                ET.SubElement(case, "system-out").text = detail
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
        counts = {"tests": str(len(cases)), "failures": str(failures), "errors": "0",
                  "skipped": "0"}
        root = ET.Element("testsuites", {"name": "summcheck", **counts})
        suite = ET.SubElement(root, "testsuite", {"name": "summcheck", **counts})
        suite.extend(cases)
        ET.indent(root, space="  ")
        return ('<?xml version="1.0" encoding="UTF-8"?>\n'
                + ET.tostring(root, encoding="unicode") + "\n")
