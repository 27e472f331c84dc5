"""Reusing the whole outcome of a summary whose inputs are all unchanged.

Before the stages run, `outcome_key` resolves the summary's inputs as the load stage does
(front matter, options, configuration, the claims file's own `source:`), cheaply, and hashes
everything the outcome depends on:

- the bytes (sha256) of the summary, the claims file, the source and the structure sidecar
  (if any), each with its path as given, its path with symlinks resolved and where it came
  from; the page-numbers, OCR and sections modes as resolved;
- the options that change results, as a plain dict built here (never repr, never pickle): the
  rules selected and ignored, the severities, the rules' options, the synthesis labels, the
  modal lexicon's additions, the options given on the command line or to the API, and the
  configuration's per-file-ignores, allow-outside, `summaries` mapping and location;
- the current folder (reports show paths relative to it), summcheck's version and code stamp,
  Python's and Unicode's versions, PyMuPDF's and the Markdown parser's builds, and FORMAT.

Anything that cannot be resolved or read gives no key: the summary is checked as always (and
the check says what is wrong). An outcome that is an InputError is never stored.

The entry, `<key>.outcome` in the cache folder (sources.cache, the same store and the same
trust as the source entries), holds the SummaryReport's fields, each finding as a list and
each verified quote with its place as a list. It is believed only once checked field by field
against this run (`check_outcome`): the key, the paths this run would show, counts that are
whole numbers, every rule code known and enabled, its name and severity those this run gives
it, lines and columns positive, each quote's level known and its place whole (offsets in
order, its text as long as its span, pages and lines in order). Anything else is a corrupt
entry: ignored, the summary checked and the entry written anew; an entry of an older FORMAT
(one without quotes) is one too, and has another key besides. A check whose report prints
no quotes (every format but JSON: `Options.quotes`) lists none and stores `"quotes": null`;
such an entry serves the runs that print none, and a run that prints them checks the summary
and stores the whole entry in its place. An outcome is stored
only when its own entry passes that check, and when the inputs hash as they did before the
check (a file edited during the check leaves nothing behind).
"""
from __future__ import annotations

import hashlib
import json
import os
import stat
import sys
import unicodedata
from dataclasses import dataclass, replace
from pathlib import Path

from ..files.confine import refuse_special
from ..files.reading import stand_in
from ..evidence.places import CONTEXT_CHARS, QuotePlace
from ..inputs.resolution import FILES, FRONT_MATTER, Input
from ..inputs.summaries import path_key
from ..model import SEVERITY_RANK, Finding, Fix, Mark
from ..report.model import (BoundRecord, Coverage, SentenceBinding, SummaryReport,
                            VerifiedQuote)
from ..rules import all_rules
from ..sources.cache import keys
from ..sources.cache.entries import Corrupt, is_int, is_str, need, typed_fields
from .options import Options

FORMAT = 9  # bump when what an outcome entry holds, or how it is read, changes (3: coverage,
            # 4: each finding's mark, help and fix; 5: the sentences' bindings; 6: differs; 7: more;
            # 8: table rows, footnotes and HTML blocks as units; 9: the fragments of an elided
            # quotation, and "quotes": null)
FIELDS = {"format", "type", "key", "summary", "source", "claims", "sentences", "records",
          "verified", "notes", "findings", "quotes", "backed", "coverage", "bindings"}
HOWS = ("named", "content", "position")  # analysis.Bound.how
UNIT_KINDS = ("sentence", "row", "note", "html")  # model.Sentence.kind
LEVELS = ("exact", "normalized", "fuzzy")  # matching.exact.MatchLevel
MAX_HASHED = 1 << 31  # a larger input is not hashed (its load fails anyway): no reuse


class _NoKey(Exception):
    """This summary's outcome cannot be keyed: check it as always."""


@dataclass(frozen=True)
class OutcomeKey:
    """The key of one summary's outcome and the paths that outcome may show."""

    key: str
    summary: str
    claims: str
    source: str


# ---------------------------------------------------------------- the key


def outcome_key(summary: Path, options: Options) -> OutcomeKey | None:
    """The key of `summary`'s outcome under `options`, or None: no cache folder, or an input
    that cannot be resolved or read (the check then runs, and reports it)."""
    cache = options.cache
    if cache is None or not cache.stores or stand_in(summary) is not None:
        return None  # a summary read from standard input has no file to hash
    try:
        return _outcome_key(Path(summary), options)
    except Exception:  # noqa: BLE001 - _NoKey, an InputError, an OSError, …: check as always
        return None


def _outcome_key(summary: Path, options: Options) -> OutcomeKey:
    refuse_special(summary, "summary")
    files: dict[str, dict] = {"summary": _file(summary, "summary")}
    inputs = options.resolved_inputs.strict(summary, options.config, options)
    changed = False
    for role in FILES:
        inputs.check_readable(role)
    claims = inputs.path("claims")
    if claims is None:
        raise _NoKey
    if inputs.documents:  # a summary of several sources: each is an input of its outcome
        files["sources"] = [{**_file(d.path, "source"), "key": d.key, "default": d.default,
                             "modes": [d.page_numbers, d.sections, d.ocr],
                             "structure": d.structure and _file(d.structure, "structure")}
                            for d in inputs.documents]
        changed = options.changed_files is not None and any(
            path_key(d.path) in options.changed_files for d in inputs.documents)
        inputs = replace(inputs, source=Input(inputs.documents[0].path, FRONT_MATTER))
    elif inputs.path("source") is None:  # the claims file's own `source:`, as load() reads it
        from ..claims import load_claims

        named = load_claims(claims).source
        if named:
            inputs = inputs.with_claims_source(named)
            inputs.check_readable("source")
    source = inputs.path("source")
    if source is None:
        raise _NoKey
    inputs.check_modes()
    for role in FILES:
        path = inputs.path(role)
        if path is not None:
            files[role] = {**_file(path, role), "origin": getattr(inputs, role).origin}
    parts = {
        "format": FORMAT, "type": "outcome",
        "summcheck": keys.summcheck_version(), "python": list(sys.version_info[:2]),
        "unicode": unicodedata.unidata_version, "pdf": keys.library_version("pdf"),
        "markdown": keys.markdown_version(), "libraries": keys.checking_libraries(),
        "cwd": os.getcwd(),
        "files": files,
        "modes": {"page_numbers": inputs.page_numbers.value, "ocr": inputs.ocr.value,
                  "sections": inputs.sections.value},
        "options": options_digest(options),
        # SUM110 is told when the change set being checked edits the source.
        "source_changed": changed or (options.changed_files is not None
                                      and path_key(source) in options.changed_files),
    }
    text = json.dumps(parts, sort_keys=True, ensure_ascii=True, allow_nan=False)
    return OutcomeKey(hashlib.sha256(text.encode("ascii")).hexdigest(), str(summary),
                      str(claims), str(source))


def _file(path: Path, role: str) -> dict:
    """The path as given and resolved, and the sha256 and size of the regular file there."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
    digest = hashlib.sha256()
    fd = os.open(path, flags)
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(handle.fileno())
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_HASHED:
            raise _NoKey
        size = 0
        while chunk := handle.read(1 << 20):
            digest.update(chunk)
            size += len(chunk)
    return {"path": str(path), "real": os.path.realpath(path), "sha256": digest.hexdigest(),
            "size": size}


def options_digest(options: Options) -> dict:
    """The options that change a summary's outcome, as plain JSON values."""
    config = options.config
    if options.lexicon is not None and not config.modality:
        raise _NoKey  # a lexicon the configuration does not state (an API caller's own)
    selection = options.selection
    given = {name: _plain(getattr(options, name))
             for name in ("source", "claims", "structure", "ocr", "page_numbers", "sections")}
    return {
        "select": None if selection.select is None else [r.code for r in selection.select],
        "ignore": [r.code for r in selection.ignore],
        "severity": dict(options.severity),
        "rule_options": dict(options.rule_options),
        "synthesis_labels": options.synthesis_labels,
        "units": [config.units.tables, config.units.footnotes, config.units.html],
        "inline": [config.inline_quotes, config.inline_quote_words],
        "lexicon": config.modality if options.lexicon is not None else None,
        "given": given,
        "config": {
            "path": _plain(config.path), "root": os.path.realpath(config.root),
            "per_file_ignores": config.per_file_ignores, "allow_outside": config.allow_outside,
            "summaries": [{name: _plain(getattr(m, name)) for name in
                           ("pattern", "source", "claims", "ocr", "page_numbers", "sections",
                            "structure")} for m in config.summaries],
        },
    }


def _plain(value: object) -> object:
    return str(value) if isinstance(value, Path) else value


# ---------------------------------------------------------------- the entry


def outcome_entry(key: OutcomeKey, findings: list[Finding], report: SummaryReport,
                  quotes: bool = True) -> dict:
    return {
        "format": FORMAT, "type": "outcome", "key": key.key, "summary": str(report.path),
        "source": str(report.source), "claims": str(report.claims),
        "sentences": report.sentences, "records": report.records, "verified": report.verified,
        "notes": list(report.notes),
        "findings": [[f.rule, f.name, f.severity, str(f.path), f.line, f.message, f.column,
                      f.record_id, _mark_item(f.mark), f.help, _fix_item(f.fix),
                      None if f.differs is None else list(f.differs)]
                     for f in findings],
        # None: the check that stored it listed none (its report printed none, options.quotes)
        "quotes": [_quote_item(q) for q in report.quotes] if quotes else None,
        "backed": report.backed,
        "coverage": [report.coverage.pages, report.coverage.cited_pages,
                     report.coverage.cited_share, report.coverage.uncited_requires],
        "bindings": [[b.line, [[r.record_id, r.line, r.how, r.verified] for r in b.records],
                      b.more, b.kind] for b in report.bindings],
    }


def _count(value: object) -> bool:
    return is_int(value) and value >= 0  # type: ignore[operator]


def _is_differs(value: object) -> bool:
    return value is None or (isinstance(value, list) and len(value) == 2
                             and all(is_str(v) for v in value))


def _positive(value: object) -> bool:
    return is_int(value) and value >= 1  # type: ignore[operator]


def _positive_or_none(value: object) -> bool:
    return value is None or (is_int(value) and value >= 1)  # type: ignore[operator]


def _str_or_none(value: object) -> bool:
    return value is None or is_str(value)


def _mark_item(mark: Mark | None) -> list | None:
    return None if mark is None else [mark.line, mark.column, mark.end_column]


def _fix_item(fix: Fix | None) -> list | None:
    return None if fix is None else [fix.action, fix.record, fix.key, fix.value]


def _is_mark(value: object) -> bool:
    return value is None or (type(value) is list and len(value) == 3
                             and all(type(v) is int and v >= 1 for v in value)
                             and value[1] < value[2])


def _is_fix(value: object) -> bool:
    if value is None:
        return True
    if type(value) is not list or len(value) != 4:
        return False
    action, record, key, text = value
    if type(record) is not int or record < 0:
        return False
    if action == "remove":
        return key is None and text is None
    return action == "set" and key in ("locator", "strength") and type(text) is str


def _quote_item(quote: VerifiedQuote) -> list:
    item = [quote.record_id, quote.line, quote.level, *_place_item(quote.place)]
    if quote.fragments:  # an elided quotation's fragments, a place each
        item.append([_place_item(place) for place in quote.fragments])
    return item


def _place_item(place: QuotePlace) -> list:
    return [place.start, place.end, place.page, place.physical_page, place.end_physical_page,
            place.line, place.end_line, place.exact, place.prefix, place.suffix]


def _quote_of(item: object) -> VerifiedQuote:
    """The quote an entry's item states, when it is whole; else Corrupt."""
    # Checked inline, not by typed_fields: an entry holds one item a verified quote (ten
    # thousand for a large summary), and reuse is to cost far less than the check.
    need(type(item) is list and len(item) in (13, 14))  # type: ignore[arg-type]
    record_id, line, level = item[:3]  # type: ignore[index]
    need(level in LEVELS and _str_or_none(record_id) and _positive_or_none(line))
    fragments: tuple[QuotePlace, ...] = ()
    if len(item) == 14:  # type: ignore[arg-type]
        need(type(item[13]) is list and len(item[13]) >= 1)  # type: ignore[index]
        fragments = tuple(_place_of(part) for part in item[13])  # type: ignore[index]
    return VerifiedQuote(record_id, line, level, _place_of(item[3:13]),  # type: ignore[index]
                         fragments)


def _place_of(item: object) -> QuotePlace:
    """The place an entry's item states, when it is whole; else Corrupt."""
    need(type(item) is list and len(item) == 10)  # type: ignore[arg-type]
    (start, end, page, physical_page, end_physical_page, first_line, end_line, exact, prefix,
     suffix) = item  # type: ignore[misc]
    need(type(start) is int and type(end) is int and 0 <= start <= end)
    need(type(first_line) is int and type(end_line) is int and 1 <= first_line <= end_line)
    need(type(exact) is str and type(prefix) is str and type(suffix) is str)
    need(len(exact) == end - start and len(prefix) == min(start, CONTEXT_CHARS)
         and len(suffix) <= CONTEXT_CHARS)
    if page is None:
        need(physical_page is None and end_physical_page is None)
    else:
        need(type(page) is str and type(physical_page) is int
             and type(end_physical_page) is int and 1 <= physical_page <= end_physical_page)
    return QuotePlace(start, end, page, physical_page, end_physical_page, first_line, end_line,
                      exact, prefix, suffix)


def check_outcome(value: object, key: OutcomeKey, options: Options
                  ) -> tuple[list[Finding], SummaryReport]:
    """The findings and report an outcome entry states, when it is one this run could have
    made for `key` under `options`; else Corrupt."""
    need(isinstance(value, dict) and set(value) == FIELDS)
    entry: dict = value  # type: ignore[assignment]
    need(entry["format"] == FORMAT and entry["type"] == "outcome" and entry["key"] == key.key)
    need(entry["summary"] == key.summary and entry["source"] == key.source
          and entry["claims"] == key.claims)
    need(all(_count(entry[name]) for name in ("sentences", "records", "verified")))
    need(entry["verified"] <= entry["records"])
    need(isinstance(entry["notes"], list) and all(map(is_str, entry["notes"])))
    need(isinstance(entry["findings"], list))
    rules = {rule.code: rule for rule in all_rules()}
    shown = {key.summary: Path(key.summary), key.claims: Path(key.claims)}
    findings = []
    for item in entry["findings"]:
        code, name, severity, path, line, message, column, record_id, mark, help_, fix, \
            differs = typed_fields(item, (is_str, is_str, is_str, is_str, _positive_or_none,
                                          is_str, _positive_or_none, _str_or_none, _is_mark,
                                          _str_or_none, _is_fix, _is_differs))
        rule = rules.get(code)
        need(rule is not None and options.selection.enabled(rule) and name == rule.name)
        need(severity in SEVERITY_RANK
              and severity == options.severity.get(code, rule.severity))  # type: ignore[union-attr]
        need(path in shown)
        findings.append(Finding(code, name, severity, shown[path], line, message, column,
                                record_id, None if mark is None else Mark(*mark), help_,
                                None if fix is None else Fix(*fix),
                                None if differs is None else (differs[0], differs[1])))
    need(entry["quotes"] is None or isinstance(entry["quotes"], list))
    quotes = [_quote_of(item) for item in entry["quotes"] or ()] if options.quotes else []
    need(_count(entry["backed"]) and entry["backed"] <= entry["sentences"])
    pages, cited_pages, share, uncited = typed_fields(
        entry["coverage"], (_count, _count, lambda v: type(v) in (int, float) and 0 <= v <= 1,
                            _count))
    need(pages >= 1 and cited_pages <= pages and uncited <= entry["verified"])
    need(isinstance(entry["bindings"], list) and len(entry["bindings"]) == entry["sentences"])
    bindings = [_binding_of(item) for item in entry["bindings"]]
    report = SummaryReport(Path(key.summary), Path(key.source), Path(key.claims),
                           entry["sentences"], entry["records"], entry["verified"],
                           list(entry["notes"]), quotes, entry["backed"],
                           Coverage(pages, cited_pages, float(share), uncited), bindings)
    return findings, report


def _binding_of(item) -> SentenceBinding:
    line, records, more, kind = typed_fields(item, (_positive, lambda v: isinstance(v, list),
                                                    lambda v: isinstance(v, bool),
                                                    lambda v: v in UNIT_KINDS))
    bound = []
    for record in records:
        record_id, record_line, how, verified = typed_fields(
            record, (_str_or_none, _positive_or_none, lambda v: v in HOWS,
                     lambda v: isinstance(v, bool)))
        bound.append(BoundRecord(record_id, record_line, how, verified))
    return SentenceBinding(line, tuple(bound), more, kind)


# ---------------------------------------------------------------- use


def reuse(key: OutcomeKey, options: Options) -> tuple[list[Finding], SummaryReport] | None:
    """The stored outcome of `key`, or None: absent, untrusted or corrupt."""
    value = options.cache.read_outcome(key.key)  # type: ignore[union-attr]
    if value is None:
        return None
    if options.quotes and isinstance(value, dict) and value.get("quotes", []) is None:
        return None  # stored by a check whose report printed no quotes: this one does
    try:
        return check_outcome(value, key, options)
    except (Corrupt, TypeError, ValueError, KeyError):
        return None


def store(key: OutcomeKey, summary: Path, options: Options, findings: list[Finding],
          report: SummaryReport) -> None:
    """Store a successful outcome under `key`, when the inputs still hash to it and the entry
    reads back as this outcome."""
    if outcome_key(summary, options) != key:
        return  # an input changed during the check (or can no longer be read)
    entry = outcome_entry(key, findings, report, options.quotes)
    try:
        again = check_outcome(json.loads(json.dumps(entry)), key, options)
    except (Corrupt, TypeError, ValueError):
        return
    if again != (findings, report):
        return
    options.cache.write_outcome(key.key, entry)  # type: ignore[union-attr]


__all__ = ["FORMAT", "OutcomeKey", "outcome_key", "options_digest", "outcome_entry",
           "check_outcome", "reuse", "store"]
