"""The identity of a finding that survives line shifts: SARIF's partial fingerprint, which the
GitLab report and `--baseline` reuse.

A fingerprint is a hash of the rule, the file's repository-relative URI, the message with line
numbers blanked and the record id, plus an occurrence number among the findings with the same
hash (in report order), so two identical findings in one file stay apart:
`3f2a…c9:1`, `3f2a…c9:2`. Moving a record or a sentence to another line keeps it; editing the
text a message quotes changes it.
"""
from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path
from typing import Iterable
from urllib.parse import quote

from ..model import Finding
from .github import relative_to_root

# `line 4`, `lines 4–6`, and a list (`lines 13, 15, 19, …`: the sentences a record holds up).
_LINE_NUMBERS = re.compile(r"\b(lines?)\s+\d+(?:\s*[-–]\s*\d+)?(?:,\s*(?:\d+(?:\s*[-–]\s*\d+)?|…))*",
                           re.IGNORECASE)


def artifact_uri(path: Path, root: Path) -> str:
    """A repository-relative, percent-encoded URI (against the root), or an absolute file URI
    for a file outside the root."""
    rel = relative_to_root(path, root)
    if rel:
        # The bytes of the name as the file system has them: `summary-\xff.md` (not UTF-8,
        # held as a surrogate escape) is `summary-%FF.md`, as RFC 3986 percent-encodes bytes.
        return quote(os.fsencode(rel), safe="/")
    return Path(os.path.abspath(path)).as_uri()


def fingerprint_base(finding: Finding, uri: str) -> str:
    """The hash of what identifies `finding` in the file at `uri`."""
    message = _LINE_NUMBERS.sub(lambda m: f"{m.group(1)} #", finding.message)
    key = "\0".join((finding.rule, uri, message, finding.record_id or ""))
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def fingerprints(findings: Iterable[Finding], root: Path) -> list[str]:
    """Each finding's fingerprint, `<hash>:<occurrence>`, in the order given."""
    seen: dict[str, int] = {}
    out = []
    for finding in findings:
        base = fingerprint_base(finding, artifact_uri(finding.path, root))
        seen[base] = seen.get(base, 0) + 1
        out.append(f"{base}:{seen[base]}")
    return out
