"""`--format sarif`: SARIF 2.1.0 for GitHub code scanning (and any other SARIF viewer).

Valid against the official OASIS schema. One run; `tool.driver.rules` describes every rule
summcheck has (not only those that fired), so an alert always has its documentation. Paths
are repository-relative URIs against `%SRCROOT%` (`$GITHUB_WORKSPACE`, else the current
directory). Each result carries `partialFingerprints["summcheck/v1"]`, a hash of rule, path,
message (line numbers blanked) and record id plus an occurrence number, so an alert keeps its
identity when lines above it move. No timestamps: the same report gives the same bytes.
"""
from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path
from urllib.parse import quote

from .. import __version__
from ..model import Finding
from .base import Reporter, dump_json
from .github import relative_to_root, source_root
from .model import Report

SCHEMA_URI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
INFORMATION_URI = "https://pypi.org/project/summcheck/"
SRCROOT = "%SRCROOT%"
FINGERPRINT_KEY = "summcheck/v1"
LEVELS = {"error": "error", "warning": "warning", "info": "note"}
#: GitHub code scanning shows at most this much of a rule's fullDescription.
DESCRIPTION_LIMIT = 1000

_LINE_NUMBERS = re.compile(r"\b(lines?)\s+\d+(?:\s*[-–]\s*\d+)?", re.IGNORECASE)


# ---------------------------------------------------------------- rule documentation


def plain_text(markdown: str) -> str:
    """Rule documentation (Markdown) as plain text: heading marks, code-span backticks,
    emphasis marks and fences dropped, links written out; indented code kept as it is."""
    out: list[str] = []
    in_fence = False
    for line in markdown.splitlines():
        stripped = line.lstrip()
        if stripped.startswith(("```", "~~~")):
            in_fence = not in_fence
            continue
        if not in_fence and not line.startswith(("    ", "\t")):
            heading = re.match(r"#{1,6}\s+(.*?)(?:\s+#+)?\s*$", line)
            if heading:
                line = heading.group(1)
            line = re.sub(r"(`+)(.+?)\1", lambda m: m.group(2).strip(), line)
            line = re.sub(r"\[([^\]]+)\]\(([^)\s]+)\)", r"\1 (\2)", line)
            line = re.sub(r"(\*\*|__)(.+?)\1", r"\2", line)
        out.append(line.rstrip())
    return "\n".join(out).strip("\n")


def _section(markdown: str, title: str) -> str | None:
    """The body of the `## title` section, or None."""
    match = re.search(rf"^#{{1,6}}\s+{re.escape(title)}\s*$(.*?)(?=^#{{1,6}}\s|\Z)", markdown,
                      re.MULTILINE | re.DOTALL | re.IGNORECASE)
    return match.group(1).strip("\n") if match else None


def _clip(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > limit // 2 else cut).rstrip() + "…"


def describe(doc: str) -> str:
    """fullDescription: what the rule does (the doc's "What it does" section, else the whole
    doc) as plain text, within GitHub's 1000 characters. The whole doc goes into `help`."""
    body = _section(doc, "What it does")
    return _clip(plain_text(body if body else doc), DESCRIPTION_LIMIT)


def rule_descriptor(rule) -> dict:
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": describe(rule.doc)},
        "help": {"text": plain_text(rule.doc), "markdown": rule.doc},
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
    rel = relative_to_root(path, root)
    if rel:
        # The bytes of the name as the file system has them: `summary-\xff.md` (not UTF-8,
        # held as a surrogate escape) is `summary-%FF.md`, as RFC 3986 percent-encodes bytes.
        return {"uri": quote(os.fsencode(rel), safe="/"), "uriBaseId": SRCROOT}
    return {"uri": Path(os.path.abspath(path)).as_uri()}


def fingerprint_base(finding: Finding, uri: str) -> str:
    message = _LINE_NUMBERS.sub(lambda m: f"{m.group(1)} #", finding.message)
    key = "\0".join((finding.rule, uri, message, finding.record_id or ""))
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def _root_uri(root: Path) -> str:
    uri = root.as_uri()
    return uri if uri.endswith("/") else uri + "/"


# ---------------------------------------------------------------- the reporter


class SarifReporter(Reporter):
    name = "sarif"

    def format_report(self, report: Report) -> str:
        from ..rules import all_rules

        root = source_root()
        descriptors = [rule_descriptor(rule) for rule in all_rules()]
        index = {d["id"]: i for i, d in enumerate(descriptors)}
        seen: dict[str, int] = {}
        results = []
        for finding in report.findings:
            if finding.rule not in index:
                index[finding.rule] = len(descriptors)
                descriptors.append(_unknown_descriptor(finding))
            location = artifact_location(finding.path, root)
            physical: dict = {"artifactLocation": location}
            if finding.line is not None and finding.line >= 1:
                region = {"startLine": finding.line}
                if finding.column is not None and finding.column >= 1:
                    region["startColumn"] = finding.column
                physical["region"] = region
            base = fingerprint_base(finding, location["uri"])
            seen[base] = seen.get(base, 0) + 1
            results.append({
                "ruleId": finding.rule,
                "ruleIndex": index[finding.rule],
                "level": LEVELS[finding.severity],
                "message": {"text": finding.message},
                "locations": [{"physicalLocation": physical}],
                "partialFingerprints": {FINGERPRINT_KEY: f"{base}:{seen[base]}"},
            })
        notifications = [
            {"level": "note", "message": {"text": note},
             "locations": [{"physicalLocation": {
                 "artifactLocation": artifact_location(summary.source, root)}}]}
            for summary in report.summaries for note in summary.notes
        ]
        invocation: dict = {"executionSuccessful": True}
        if notifications:
            invocation["toolExecutionNotifications"] = notifications
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
                "invocations": [invocation],
                "originalUriBaseIds": {SRCROOT: {"uri": _root_uri(root)}},
                "columnKind": "unicodeCodePoints",
                "results": results,
            }],
        }
        return dump_json(log)
