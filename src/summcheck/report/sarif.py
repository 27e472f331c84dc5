"""`--format sarif`: SARIF 2.1.0 for GitHub code scanning (and any other SARIF viewer).

Valid against the official OASIS schema. One run; `tool.driver.rules` describes every rule
summcheck has (not only those that fired), so an alert always has its documentation. Paths
are repository-relative URIs against `%SRCROOT%` (`$GITHUB_WORKSPACE`, else the current
directory). Each result carries `partialFingerprints["summcheck/v1"]`, a hash of rule, path,
message (line numbers blanked) and record id plus an occurrence number, so an alert keeps its
identity when lines above it move. No timestamps: the same report gives the same bytes.
"""
from __future__ import annotations

import gzip
from pathlib import Path

from .. import __version__
from ..model import Finding
from ..rules.docs import plain_text, rule_url, section
from .base import Reporter, dump_json
from .fingerprints import artifact_uri, fingerprints
from .github import source_root
from .model import Report

SCHEMA_URI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
INFORMATION_URI = "https://pypi.org/project/summcheck/"
SRCROOT = "%SRCROOT%"
FINGERPRINT_KEY = "summcheck/v1"
LEVELS = {"error": "error", "warning": "warning", "info": "note"}
#: GitHub code scanning shows at most this much of a rule's fullDescription.
DESCRIPTION_LIMIT = 1000
#: What GitHub code scanning accepts of one upload: results per run, and gzipped bytes.
MAX_RESULTS = 25_000
MAX_GZIPPED_BYTES = 10 * 1024 * 1024


# ---------------------------------------------------------------- rule documentation


def _clip(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > limit // 2 else cut).rstrip() + "…"


def describe(doc: str) -> str:
    """fullDescription: what the rule does (the doc's "What it does" section, else the whole
    doc) as plain text, within GitHub's 1000 characters. The whole doc goes into `help`."""
    body = section(doc, "What it does")
    return _clip(plain_text(body if body else doc), DESCRIPTION_LIMIT)


def rule_descriptor(rule) -> dict:
    url = rule_url(rule.code)
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": describe(rule.doc)},
        "help": {"text": plain_text(rule.doc), "markdown": rule.doc},
        **({"helpUri": url} if url else {}),
        "defaultConfiguration": {"level": LEVELS[rule.severity]},
    }


def _unknown_descriptor(finding: Finding) -> dict:
    text = f"{finding.rule} {finding.name}"
    return {"id": finding.rule, "name": finding.name, "shortDescription": {"text": text},
            "fullDescription": {"text": text}, "help": {"text": text}}


# ---------------------------------------------------------------- locations and fingerprints


def artifact_location(path: Path, root: Path) -> dict:
    """A repository-relative, percent-encoded URI against %SRCROOT%, or an absolute file URI
    for a file outside the root."""
    uri = artifact_uri(path, root)
    return {"uri": uri} if uri.startswith("file:") else {"uri": uri, "uriBaseId": SRCROOT}


def _root_uri(root: Path) -> str:
    uri = root.as_uri()
    return uri if uri.endswith("/") else uri + "/"


# ---------------------------------------------------------------- the reporter


class SarifReporter(Reporter):
    name = "sarif"

    def __init__(self, max_results: int = MAX_RESULTS,
                 max_gzipped_bytes: int = MAX_GZIPPED_BYTES) -> None:
        self.max_results = max_results
        self.max_gzipped_bytes = max_gzipped_bytes

    def format_report(self, report: Report) -> str:
        from ..rules import all_rules

        root = source_root()
        descriptors = [rule_descriptor(rule) for rule in all_rules()]
        index = {d["id"]: i for i, d in enumerate(descriptors)}
        results = []
        for finding, fingerprint in zip(report.findings, fingerprints(report.findings, root)):
            if finding.rule not in index:
                index[finding.rule] = len(descriptors)
                descriptors.append(_unknown_descriptor(finding))
            physical: dict = {"artifactLocation": artifact_location(finding.path, root)}
            region = _region(finding)
            if region:
                physical["region"] = region
            results.append({
                "ruleId": finding.rule,
                "ruleIndex": index[finding.rule],
                "level": LEVELS[finding.severity],
                "message": {"text": finding.message},
                "locations": [{"physicalLocation": physical}],
                "partialFingerprints": {FINGERPRINT_KEY: fingerprint},
            })
        notifications = [
            {"level": "note", "message": {"text": note},
             "locations": [{"physicalLocation": {
                 "artifactLocation": artifact_location(summary.source, root)}}]}
            for summary in report.summaries for note in summary.notes
        ]
        log = {
            "$schema": SCHEMA_URI,
            "version": "2.1.0",
            "runs": [{
                "tool": {"driver": {
                    "name": "summcheck",
                    "version": __version__,
                    "semanticVersion": __version__,
                    "informationUri": INFORMATION_URI,
                    "rules": descriptors,
                }},
                "invocations": [{"executionSuccessful": True}],
                "originalUriBaseIds": {SRCROOT: {"uri": _root_uri(root)}},
                "columnKind": "unicodeCodePoints",
                "results": results,
            }],
        }
        return self._within_limits(log, results, notifications)

    def _within_limits(self, log: dict, results: list[dict], notifications: list[dict]) -> str:
        """The log, with as many results as GitHub code scanning accepts of one upload (at
        most `max_results`, and `max_gzipped_bytes` gzipped): the rest are left out, in
        report order, and a notification says how many."""
        total = len(results)
        keep = min(total, self.max_results)
        while True:
            run = log["runs"][0]
            run["results"] = results[:keep]
            shown = list(notifications)
            if keep < total:
                shown.append({"level": "warning", "message": {"text": (
                    f"summcheck: {total - keep:,} of {total:,} results left out: GitHub code "
                    f"scanning takes at most {self.max_results:,} results and "
                    f"{self.max_gzipped_bytes / 1024 / 1024:g} MB gzipped per upload; the "
                    f"first {keep:,} are here (see the text or JSON report for all)")}})
            invocation: dict = {"executionSuccessful": True}
            if shown:
                invocation["toolExecutionNotifications"] = shown
            run["invocations"] = [invocation]
            text = dump_json(log)
            data = text.encode("utf-8")
            # gzip adds at most 5 bytes a 16 kB stored block and a header to what it cannot
            # compress: a log this much under the limit needs no compressing to know it fits
            size = len(data) if len(data) * 1.01 + 1024 <= self.max_gzipped_bytes else len(
                gzip.compress(data, compresslevel=6, mtime=0))
            if size <= self.max_gzipped_bytes or keep == 0:
                return text
            # Results are most of the log: cut them in proportion, and a tenth more.
            keep = min(keep - 1, int(keep * self.max_gzipped_bytes / size * 0.9))
            keep = max(keep, 0)


def _region(finding: Finding) -> dict:
    """The finding's line and column, and where the text it points at ends on that line."""
    if finding.line is None or finding.line < 1:
        return {}
    region: dict = {"startLine": finding.line}
    mark = finding.mark
    column = finding.column if finding.column is not None and finding.column >= 1 else None
    if mark is not None and mark.line == finding.line and (column is None or column == mark.column):
        region["startColumn"] = mark.column
        region["endColumn"] = mark.end_column
    elif column is not None:
        region["startColumn"] = column
    return region
