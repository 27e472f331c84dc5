"""`summcheck check --fix` and `--diff`: apply the fixes that are mechanically certain.

The rules attach a `Fix` to a finding only where the fix is certain (model.Fix): SUM202's
locator rewritten to the one place its quote stands, SUM302's strength set to what its quote's
modal words imply, SUM301's exact copy of an earlier record removed. Here each claims file with
fixes is edited in place of the values or records concerned and nothing else: the spans come
from claims.positions, so comments, key order, spacing and quoting stay as they were.

Before a file is written, its new text is read back as a claims file: it must hold exactly
the records it held, each key for key, but for the values set and the records removed. A file
whose edit would not read back so (a YAML anchor, a locator in a block mapping that changes
shape, a file in UTF-16) is left as it is, with a note. A summary is never rewritten. Writes
are atomic (output.write_atomically); a file without fixes is not touched. A claims file that
is a symlink (or lies in a symlinked folder) is written where it resolves to, so the link stays
a link and its target gets the fix; a target outside the repository root (confine.py) is
refused, exit 2, before any file is written.
"""
from __future__ import annotations

import difflib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

import yaml

from ..terminal.display import printable
from ..model import Finding, Fix, InputError

UTF8_BOM = "\ufeff"
MAX_BYTES = 50_000_000  # the claims file limit of the check


@dataclass
class FileFix:
    """The new text of one claims file, and the findings it fixes."""

    path: Path
    before: str
    after: str
    fixed: list[Finding] = field(default_factory=list)
    target: Path | None = None  # the file a symlink at `path` resolves to (None: `path` itself)


@dataclass
class FixPlan:
    files: list[FileFix] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # files or fixes left alone, and why

    @property
    def fixed(self) -> int:
        return sum(len(f.fixed) for f in self.files)


def plan_fixes(findings: Iterable[Finding], summaries: Iterable[Path], options=None) -> FixPlan:
    """The edits of every claims file that findings with a fix name, none of them a summary.
    `options` (engine.Options) tell which summaries use a claims file, for the repository root
    a symlinked one must resolve into; InputError when one resolves outside it."""
    from ..files.output import same_file

    plan = FixPlan()
    by_path: dict[str, list[Finding]] = {}
    for finding in findings:
        if finding.fix is not None:
            by_path.setdefault(str(finding.path), []).append(finding)
    summaries = list(summaries)
    for name, fixable in sorted(by_path.items()):
        path = Path(name)
        if any(same_file(path, summary) for summary in summaries):
            plan.notes.append(f"{printable(name)}: not fixed: it is a summary, which --fix "
                              f"never rewrites")
            continue
        try:
            file_fix = _plan_file(path, fixable)
        except _NotFixed as exc:
            plan.notes.append(f"{printable(name)}: not fixed: {exc}")
            continue
        if file_fix.after != file_fix.before:
            file_fix.target = _write_target(path, summaries, options)
            plan.files.append(file_fix)
    return plan


def apply_fixes(plan: FixPlan) -> None:
    """Write each file of the plan, atomically (a symlink's target, never over the link)."""
    from ..files.output import write_atomically

    for file_fix in plan.files:
        write_atomically(file_fix.target or file_fix.path, file_fix.after,
                         what="fixed claims file")


def _write_target(path: Path, summaries: list[Path], options) -> Path | None:
    """Where the fix of the claims file at `path` is written: None for `path` itself, or the
    file it resolves to when a symlink stands on the way — replacing `path` would turn the
    link into a file of its own and leave its target unfixed. That target must lie inside the
    repository root of a summary that uses the file: InputError (exit 2) otherwise."""
    from ..files.confine import repository_roots, special_reason

    real = Path(os.path.realpath(path))
    if real == Path(os.path.abspath(path)):
        return None  # no symlink on the way
    config_path = options.config.path if options is not None else None
    roots: list[Path] = []
    for summary in _users(path, summaries, options) or summaries:
        for root in repository_roots(summary, config_path):
            if root not in roots:
                roots.append(root)
    reason = special_reason(real)
    if reason is None and any(real == root or root in real.parents for root in roots):
        return real
    where = f"is {reason}" if reason is not None else (
        "lies outside the repository root " + " and ".join(map(str, roots)))
    raise InputError(f"{path}: --fix refuses to write it: through a symlink it resolves to "
                     f"{real}, which {where}; fix the target itself")


def _users(claims: Path, summaries: list[Path], options) -> list[Path]:
    """The summaries whose claims file is `claims`, as the check resolved them."""
    from ..config.file import Config
    from ..inputs.resolution import inputs_for
    from ..files.output import same_file

    config = options.config if options is not None else Config()
    found = []
    for summary in summaries:
        named = inputs_for(summary, config, options).path("claims")
        if named is not None and same_file(named, claims):
            found.append(summary)
    return found


def unified_diff(plan: FixPlan) -> str:
    """The plan as a unified diff (`--- a/path`, `+++ b/path`), each line made printable."""
    from ..report.base import display_path

    out: list[str] = []
    for file_fix in plan.files:
        shown = display_path(file_fix.path)
        before = [printable(line) + "\n" for line in _lines(file_fix.before)]
        after = [printable(line) + "\n" for line in _lines(file_fix.after)]
        out.extend(difflib.unified_diff(before, after, f"a/{shown}", f"b/{shown}"))
    return "".join(out)


def _lines(text: str) -> list[str]:
    from ..files.lines import split_lines

    lines = split_lines(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


# ---------------------------------------------------------------- one file


class _NotFixed(Exception):
    """Why a claims file is left as it is."""


def _plan_file(path: Path, findings: list[Finding]) -> FileFix:
    from ..claims.positions import NotPlaced, layout, removal_span
    from ..claims import claims_format, loads_claims
    from ..files.reading import read_input

    try:
        data = read_input(path, MAX_BYTES, "claims file")
    except InputError as exc:
        raise _NotFixed(str(exc).removeprefix(f"{path}: ")) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise _NotFixed("only UTF-8 claims files are rewritten") from None
    bom = text.startswith(UTF8_BOM)
    body = text[1:] if bom else text
    try:
        claims = loads_claims(body, fmt=claims_format(path), path=path)
        places = layout(body, claims.format or "yaml")
    except (InputError, NotPlaced) as exc:
        raise _NotFixed(f"it no longer reads as it did ({exc})") from None
    if places.aliases:
        raise _NotFixed("YAML anchors or aliases: one value may stand for several")
    records = claims.records
    fixes = _consistent({f.fix for f in findings if f.fix is not None})
    expected: list[Any] = [r.raw for r in records]
    edits: list[tuple[int, int, str]] = []
    for fix in sorted(fixes, key=lambda f: f.record):
        if not 0 <= fix.record < len(records) or not isinstance(records[fix.record].raw, dict):
            raise _NotFixed(f"record #{fix.record + 1} is no longer there")
        raw = records[fix.record].raw
        if fix.action == "remove":
            span = removal_span(body, places, fix.record)
            if span is None:
                raise _NotFixed("the record's place in the file cannot be cut out cleanly")
            edits.append((span[0], span[1], ""))
            expected[fix.record] = None
            continue
        node = places.record(fix.record)
        new = json.loads(fix.value or "null")
        if node is None or node.duplicate_keys or fix.key not in raw or fix.key not in node.keys:
            raise _NotFixed(f"record #{fix.record + 1} has no single {fix.key} to set")
        value_edits = _edits(body, places.fmt, node.keys[fix.key][1], raw[fix.key], new)
        if value_edits is None:
            raise _NotFixed(f"the {fix.key} of record #{fix.record + 1} is written in a form "
                            f"that cannot be edited in place")
        edits += value_edits
        expected[fix.record] = {**expected[fix.record], fix.key: new}
    after = _applied(body, edits)
    _check(after, claims, [r for r in expected if r is not None], path)
    fixed = [f for f in findings if f.fix in fixes]
    return FileFix(path, text, (UTF8_BOM if bom else "") + after, fixed)


def _consistent(fixes: set[Fix]) -> set[Fix]:
    """The fixes without those that disagree about one record (two values for one key, or a
    record both edited and removed): of those, none is certain."""
    by_record: dict[int, list[Fix]] = {}
    for fix in fixes:
        by_record.setdefault(fix.record, []).append(fix)
    kept: set[Fix] = set()
    for record_fixes in by_record.values():
        removes = [f for f in record_fixes if f.action == "remove"]
        sets = [f for f in record_fixes if f.action == "set"]
        keys = [f.key for f in sets]
        if removes and sets:
            continue
        if len(set(keys)) != len(keys):
            continue
        kept.update(removes[:1] + sets)
    return kept


def _applied(text: str, edits: list[tuple[int, int, str]]) -> str:
    """`text` with each (start, end, replacement) made; overlapping edits are no fix."""
    out, last = [], len(text)
    for start, end, replacement in sorted(edits, reverse=True):
        if end > last:
            raise _NotFixed("two fixes touch the same text")
        out.append(text[end:last])
        out.append(replacement)
        last = start
    out.append(text[:last])
    return "".join(reversed(out))


def _check(after: str, before, expected: list[Any], path: Path) -> None:
    """The new text must read back as the records expected, key for key, and keep the file's
    `source:` and `purpose:`."""
    from ..claims import loads_claims

    try:
        claims = loads_claims(after, fmt=before.format, path=path)
    except InputError:
        raise _NotFixed("the edited file would not parse") from None
    if ([r.raw for r in claims.records] != expected or claims.source != before.source
            or claims.purpose != before.purpose):
        raise _NotFixed("the edited file would not read back as the fixed records")


# ---------------------------------------------------------------- one value


def _edits(text: str, fmt: str, node, old: Any, new: Any) -> list[tuple[int, int, str]] | None:
    """The smallest edits that turn the value at `node` (now `old`) into `new`: within a
    mapping with the same keys or a list of the same length, only the parts that change."""
    if old == new and type(old) is type(new):
        return []
    if (isinstance(old, dict) and isinstance(new, dict) and list(old) == list(new)
            and node.kind == "mapping" and not node.duplicate_keys
            and list(node.keys) == list(old)):
        edits: list[tuple[int, int, str]] = []
        for key in old:
            inner = _edits(text, fmt, node.keys[key][1], old[key], new[key])
            if inner is None:
                return None
            edits += inner
        return edits
    if (isinstance(old, list) and isinstance(new, list) and len(old) == len(new)
            and node.kind == "sequence" and len(node.items) == len(old)):
        edits = []
        for item, before, after in zip(node.items, old, new):
            inner = _edits(text, fmt, item, before, after)
            if inner is None:
                return None
            edits += inner
        return edits
    if fmt != "yaml":
        return [(node.start, node.end, json.dumps(new, ensure_ascii=False))]
    if node.kind != "scalar" and not node.flow:
        return None  # a block mapping or list: a new shape would need new lines
    if node.kind == "scalar" and node.style in ("|", ">"):
        return None
    return [(node.start, node.end, _yaml_value(new, node.style if node.kind == "scalar" else '"'))]


def _yaml_value(value: Any, style: str | None) -> str:
    """`value` as YAML in the quoting the old scalar used, where that can hold it."""
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        return json.dumps(value, ensure_ascii=False)  # JSON is YAML (flow style)
    if isinstance(value, int):
        return str(value)
    if "\n" not in value and value == value.strip():
        if style is None and _plain_reads_back(value):
            return value
        if style == "'":
            return "'" + value.replace("'", "''") + "'"
    return json.dumps(value, ensure_ascii=False)


def _plain_reads_back(value: str) -> bool:
    try:
        return yaml.safe_load(f"key: {value}\n") == {"key": value} and \
            yaml.safe_load(f"[{value}]\n") == [value]
    except yaml.YAMLError:
        return False
