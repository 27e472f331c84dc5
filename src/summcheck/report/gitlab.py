"""`--format gitlab`: GitLab's Code Quality report, the JSON array of Code Climate issues that
a job uploads as `artifacts: reports: codequality`.

Each issue has `description`, `check_name`, `fingerprint`, `severity`, `location.path`
(relative to the repository: `$CI_PROJECT_DIR`, else as the SARIF report's paths) and
`location.lines.begin`, plus `type: "issue"`, `categories` and `content.body` (the rule's page)
from the Code Climate spec. The fingerprint is SARIF's (report/fingerprints.py), so it is
unique per location and stable across line shifts; GitLab hides issues whose fingerprints
repeat, so the report holds each fingerprint once. Severities: error → `major`, warning →
`minor`, info → `info` (GitLab's scale also has `critical` and `blocker`, which summcheck's
three levels do not reach).
"""
from __future__ import annotations

import os
from pathlib import Path

from ..rules.docs import rule_url
from .base import Reporter, dump_json
from .fingerprints import fingerprints
from .github import relative_to_root, source_root
from .model import Report

SEVERITIES = {"error": "major", "warning": "minor", "info": "info"}


def project_root() -> Path:
    """`$CI_PROJECT_DIR` in a GitLab job, else the root the other CI formats use."""
    value = os.environ.get("CI_PROJECT_DIR", "").strip()
    return Path(os.path.abspath(value)) if value else source_root()


def project_path(path: Path, root: Path) -> str:
    """The repository-relative path GitLab matches against the merge request's files."""
    from ..terminal.display import printable

    rel = relative_to_root(path, root)
    return printable(rel if rel else Path(os.path.abspath(path)).as_posix())


class GitlabReporter(Reporter):
    name = "gitlab"

    def format_report(self, report: Report) -> str:
        root = project_root()
        issues = []
        seen: set[str] = set()
        for finding, fingerprint in zip(report.findings, fingerprints(report.findings, root)):
            if fingerprint in seen:
                continue
            seen.add(fingerprint)
            issues.append({
                "type": "issue",
                "check_name": finding.rule,
                "description": f"{finding.rule} {finding.name}: {finding.message}",
                "content": {"body": _body(finding)},
                "categories": ["Bug Risk"] if finding.severity == "error" else ["Style"],
                "fingerprint": fingerprint,
                "severity": SEVERITIES[finding.severity],
                "location": {"path": project_path(finding.path, root),
                             "lines": {"begin": finding.line if finding.line and finding.line >= 1
                                       else 1}},
            })
        return dump_json(issues)


def _body(finding) -> str:
    """The rule named, linked to its page where one is known."""
    url = rule_url(finding.rule)
    name = f"{finding.rule} {finding.name}"
    return f"[{name}]({url})" if url else name
