"""The run: each summary through the named stages, then the findings and the report.

    load → structure → resolve → match → rules → suppress

Each stage hands the next a plain data structure (engine.load.Loaded, analysis.Located,
analysis.Analysis, the rules' problems, the findings). A `StageHook` is told how long each
stage took for each summary (the benchmark uses it; `summcheck check` passes none).
Before the stages, `check_job` reuses the stored outcome of a summary whose inputs are all
unchanged (engine/outcomes.py, in the cache folder): then no stage runs, and the hook is told
nothing.
"""
from __future__ import annotations

import time
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, Iterator

from ..analysis.facts import Analysis, locate, match
from ..evidence.places import place_of
from ..inputs.discovery import SummaryError
from ..inputs.documents import DocumentSource, Scope, SeveralSources
from ..inputs.summaries import path_key
from ..analysis.marks import Marker
from ..model import Finding, InputError
from ..report.model import (BoundRecord, Report, SentenceBinding, SummaryReport,
                            VerifiedQuote)
from ..locators.resolve import Resolver
from ..rules import Problem, Rule, all_rules
from ..analysis.verdicts import coverage, sentence_verdicts
from . import outcomes
from .load import Loaded, blame, load
from .options import Options
from .suppress import SuppressionLedger

STAGES = ("load", "structure", "resolve", "match", "rules", "suppress")

StageHook = Callable[[str, Path, float], None]  # (stage, summary, seconds)


@dataclass
class RunReport(Report):
    """A Report that also lists the summaries that could not be checked (exit 2)."""

    errors: list[SummaryError] = field(default_factory=list)

    def exit_code(self, fail_on: str | None = None) -> int:
        """2 when a summary could not be checked, else 0 or 1 as `fail_on` implies."""
        if self.errors:
            return 2
        return super().exit_code() if fail_on is None else super().exit_code(fail_on)


@dataclass(frozen=True)
class SummaryJob:
    """One summary to check, with the claims and source it uses when they are given apart
    from its front matter (an audit manifest's triple); picklable, as the outcome is."""

    summary: Path
    claims: Path | None = None
    source: Path | None = None
    documents: tuple[DocumentSource, ...] | None = None  # a manifest's `sources`


@dataclass
class SummaryOutcome:
    """What checking one summary gave: its findings and counts, or why it could not run."""

    summary: Path
    findings: list[Finding] = field(default_factory=list)
    report: SummaryReport | None = None
    error: SummaryError | None = None


def check_job(job: SummaryJob, options: Options, on_stage: StageHook | None = None
              ) -> SummaryOutcome:
    """Check one summary: a pure function of its files and the options, the same in this
    process, in a worker of `--jobs` and on an audit's cluster. With a cache folder, the
    outcome of a summary whose inputs are all unchanged is read back (engine/outcomes.py)
    and no stage runs; `on_stage` is then told nothing."""
    if job.claims is not None or job.source is not None or job.documents is not None:
        options = replace(options, claims=job.claims or options.claims,
                          source=job.source or options.source,
                          documents=job.documents or options.documents)
    key = outcomes.outcome_key(job.summary, options)  # None: no cache folder, or unkeyable
    if key is not None:
        reused = outcomes.reuse(key, options)
        if reused is not None:  # every input unchanged: no stage runs
            return SummaryOutcome(job.summary, *reused)
    try:
        findings, report = check_summary(job.summary, options, on_stage)
    except InputError as exc:  # never stored: fixing the input must show at once
        return SummaryOutcome(job.summary, error=summary_error(job.summary, exc))
    if key is not None:
        outcomes.store(key, job.summary, options, findings, report)
    return SummaryOutcome(job.summary, findings, report)


def check_paths(summaries: list[Path], options: Options,
                errors: list[SummaryError] | None = None,
                on_stage: StageHook | None = None) -> RunReport:
    """Check each summary. One that cannot run (a missing or broken input) is recorded in
    `errors` and the others are still checked; `errors` may come in already filled with the
    named paths that are no summary."""
    outcomes = [check_job(SummaryJob(path), options, on_stage) for path in summaries]
    return collect(outcomes, errors)


def collect(outcomes: list[SummaryOutcome], errors: list[SummaryError] | None = None
            ) -> RunReport:
    """One report of the outcomes, in their order, the findings sorted; a finding on a claims
    file two summaries share is told once, not once per summary."""
    report = RunReport(errors=list(errors or []))
    for outcome in outcomes:
        if outcome.error is not None:
            report.errors.append(outcome.error)
            continue
        report.summaries.append(outcome.report)
    report.findings = _distinct(outcome.findings for outcome in outcomes)
    report.findings.sort(key=Finding.sort_key)
    return report


def check_summary(path: Path, options: Options, on_stage: StageHook | None = None
                  ) -> tuple[list[Finding], SummaryReport]:
    try:
        findings, report, _ = inspect_summary(path, options, on_stage)
    except SeveralSources as several:  # checked one source at a time
        return check_documents(path, options, several.documents, on_stage)
    return findings, report


def inspect_all(path: Path, options: Options, on_stage: StageHook | None = None
                ) -> tuple[list[Finding], list[tuple[str | None, Analysis]]]:
    """A summary's findings, as `check` reports them, and the analyses they came from: one,
    or for a summary of several sources one a source, with its key (the editor's view)."""
    try:
        findings, _, analysis = inspect_summary(path, options, on_stage)
        return findings, [(None, analysis)]
    except SeveralSources as several:
        passes = inspect_documents(path, options, several.documents, on_stage)
    return (_distinct(found for _, found, _, _ in passes),
            [(scope.key, analysis) for scope, _, _, analysis in passes])


def analyses(path: Path, options: Options) -> list[tuple[str | None, Analysis]]:
    """The analyses a summary's inspection reads (`table`, `export w3c`): one, or for a
    summary of several sources one a source, with its key."""
    try:
        return [(None, analyse_summary(path, options))]
    except SeveralSources as several:
        return [(scope.key, analyse_summary(path, scoped))
                for scope, scoped in _passes(path, several.documents, options)]


def _passes(path: Path, documents, options: Options) -> list[tuple[Scope, Options]]:
    """Each source of a summary of several, and the options of its pass; InputError for a
    source whose bytes are not those its pin names (engine/load.check_pin)."""
    from ..inputs.documents import scopes
    from .load import check_pin

    for document in documents:
        if document.sha256 is not None:
            check_pin(path, document.path, document.sha256)

    return [(scope, replace(
                options, source=document.path, scope=scope,
                structure=options.structure or document.structure,
                page_numbers=options.page_numbers or document.page_numbers,
                sections=options.sections or document.sections,
                ocr=options.ocr if options.ocr is not None else document.ocr))
            for scope, document in zip(scopes(documents), documents)]


def check_documents(path: Path, options: Options, documents, on_stage: StageHook | None = None
                    ) -> tuple[list[Finding], SummaryReport]:
    """A summary of several sources, checked one source at a time (inputs/documents.py): the
    findings of every pass, and one report of them all."""
    passes = inspect_documents(path, options, documents, on_stage)
    findings = _distinct(found for _, found, _, _ in passes)
    merged = list(merged_verdicts(passes).values())
    reports = [report for _, _, report, _ in passes]
    first = reports[0]
    notes = ["sources: " + ", ".join(f"{d.key} ({d.path})" for d in documents)]
    notes += [note for report in reports for note in report.notes]
    report = SummaryReport(
        first.path, first.source, first.claims, len(merged),
        sum(r.records for r in reports), sum(r.verified for r in reports),
        list(dict.fromkeys(notes)), [q for r in reports for q in r.quotes],
        merged.count("backed"), first.coverage,
        sorted((b for r in reports for b in r.bindings), key=lambda b: b.line))
    return findings, report


def _distinct(lists) -> list[Finding]:
    """The findings of every pass, each told once (a finding on what names no source, or on
    the summary as a whole, may come from more than one pass)."""
    found: dict[tuple, Finding] = {}
    for findings in lists:
        for finding in findings:
            found.setdefault((finding.rule, str(finding.path), finding.line, finding.column,
                              finding.message), finding)
    return list(found.values())


def inspect_documents(path: Path, options: Options, documents,
                      on_stage: StageHook | None = None
                      ) -> list[tuple[Scope, list[Finding], SummaryReport, Analysis]]:
    """Each pass over a summary of several sources: its scope, findings, report and analysis.
    A quote not found in its source is looked for in the others, and the finding says where
    it stands."""
    passes = [(scope, *inspect_summary(path, scoped, on_stage))
              for scope, scoped in _passes(path, documents, options)]
    return [(scope, list(_placed_elsewhere(found, analysis, passes, scope)), report, analysis)
            for scope, found, report, analysis in passes]


def merged_verdicts(passes) -> dict[tuple[int, int], str]:
    """Each sentence's verdict over the passes that checked it, by its (line, column)."""
    verdicts: dict[tuple[int, int], list[str]] = {}
    for _, found, _, analysis in passes:
        for result, verdict in zip(analysis.sentences, sentence_verdicts(analysis, found)):
            verdicts.setdefault((result.sentence.line, result.sentence.column), []).append(verdict)
    return {at: _merged(found) for at, found in verdicts.items()}


def _merged(verdicts: list[str]) -> str:
    """A sentence's verdict over the passes that checked it: a finding or a part unbacked in
    any of them decides; else backed where one backs it."""
    for verdict in ("finding", "unbacked"):
        if verdict in verdicts:
            return verdict
    return "backed" if "backed" in verdicts else "synthesis"


def _placed_elsewhere(findings: list[Finding], analysis: Analysis, passes, scope):
    """The pass's findings, a quote not found in its source (SUM201) told where it stands in
    another of the summary's sources."""
    from ..matching.exact import Matcher
    from ..matching.normalize import FoldedQuote
    from ..model import RecordStatus

    unfound = {(str(analysis.claims.path), r.record.line): r for r in analysis.records
               if r.status is RecordStatus.NOT_FOUND and r.record.origin is None}
    for finding in findings:
        result = unfound.get((str(finding.path), finding.line)) if finding.rule == "SUM201" \
            else None
        if result is not None:
            quote = result.record.quote
            for other, _, _, elsewhere in passes:
                if other.key == scope.key:
                    continue
                hits = Matcher.shared(elsewhere.source).find_anywhere(
                    [(FoldedQuote.of(quote), quote)])[0]
                if hits:
                    line = elsewhere.source.line_of(hits[0].span.start)
                    finding = replace(finding, message=(
                        f"{finding.message}; it stands in source '{other.key}' at line {line}: "
                        f"give the record source: {other.key}"))
                    break
        yield finding


def inspect_summary(path: Path, options: Options, on_stage: StageHook | None = None
                    ) -> tuple[list[Finding], SummaryReport, Analysis]:
    """`check_summary`, and the analysis the findings came from (what the evidence report
    shows)."""
    stage = _Timer(path, on_stage)
    analysis = analyse_summary(path, options, stage)
    rules = [rule for rule in all_rules() if options.selection.enabled(rule)]
    with stage("rules"):
        problems = [(rule, problem) for rule in rules if rule.stage == "rules"
                    for problem in _rule_problems(rule, analysis, options)]
    with stage("suppress"):
        findings = _suppress(problems, analysis, rules, options)
    verified = sum(r.verified for r in analysis.records)
    backed = sentence_verdicts(analysis, findings).count("backed")
    return findings, SummaryReport(path, analysis.source.path, analysis.claims.path,
                                   len(analysis.summary.sentences), len(analysis.records),
                                   verified, list(analysis.source.notes),
                                   verified_quotes(analysis) if options.quotes else [], backed,
                                   coverage(analysis), sentence_bindings(analysis)), analysis


def _rule_problems(rule: Rule, analysis: Analysis, options: Options) -> list[Problem]:
    """The rule's problems; those of a rule that reads only the claims file's records are
    reused from an earlier check of the same records (the editor's next keystroke, another
    summary of the claims file), unless the summary adds records of its own (inline
    quotations), which the rule would read too."""
    keywords = rule.keywords(options.rule_options)
    kept = analysis.record_problems
    if rule.reads != "records" or kept is None \
            or len(analysis.records) != len(analysis.file_records):
        return list(rule.check(analysis, **keywords))
    key = (rule.code, repr(sorted(keywords.items())), repr(options.config.modality))
    if key not in kept:
        kept[key] = list(rule.check(analysis, **keywords))
    return kept[key]


def sentence_bindings(analysis: Analysis) -> list[SentenceBinding]:
    """Each sentence and the records it rests on (binding.py), as the reports name them."""
    return [SentenceBinding(result.sentence.line, tuple(
                BoundRecord(b.result.record.id, b.result.record.line, b.how, b.result.verified)
                for b in result.bound), result.more, result.sentence.kind)
            for result in analysis.sentences]


def verified_quotes(analysis: Analysis) -> list[VerifiedQuote]:
    """Every kept hit of every verified record with its place, in record then hit order."""
    source, by_label = analysis.source, analysis.pages_by_label
    return [VerifiedQuote(result.record.id, result.record.line, hit.level,
                          place_of(source, hit.span, by_label=by_label),
                          tuple(place_of(source, span, by_label=by_label)
                                for span in hit.fragments))
            for result in analysis.records if result.verified for hit in result.hits]


def analyse_summary(path: Path, options: Options, stage: "_Timer | None" = None) -> Analysis:
    """The stages up to the facts the rules read: load, structure, resolve and match."""
    stage = stage or _Timer(path, None)
    with stage("load"):
        loaded = load(path, options)
    with stage("structure"):
        find_structure(loaded)
    memo = _records_memo(loaded, options)
    with stage("resolve"):
        matched = memo.get() if memo is not None else None
        located = locate(loaded.summary, loaded.claims, Resolver(
            loaded.source, loaded.page_numbers, loaded.cite_as), loaded.claim_work, matched)
    with stage("match"):
        analysis = match(loaded.summary, loaded.claims, loaded.source, located, options.fuzzy,
                         options.lexicon, options.max_elided_chars)
    if memo is not None:
        if matched is None:
            memo.keep(analysis.file_records)
        analysis.record_problems = memo.problems()
    analysis.source_changed = (options.changed_files is not None
                               and path_key(loaded.source.path) in options.changed_files)
    return analysis


def _records_memo(loaded: Loaded, options: Options):
    """Where the claims file's records, located and matched on this source, are kept for the
    run (sources.cache: the editor's session, or summaries sharing one claims file): None
    without a cache or a claims file read through it."""
    if options.cache is None or loaded.claims_key is None:
        return None
    return options.cache.matched_records((
        loaded.claims_key, loaded.page_numbers, loaded.cite_as,
        options.scope.key if options.scope is not None else None,
        repr(options.fuzzy), options.max_elided_chars), loaded.source)


def find_structure(loaded: Loaded) -> None:
    """Find the source's sections now if a locator names one or a sidecar states them (a
    broken sidecar stops the check, exit 2, whatever the summary cites); else never."""
    if loaded.structure is None and not _cites_sections(loaded):
        return
    try:
        loaded.source.structure  # noqa: B018 - found on first use
    except InputError as exc:
        if loaded.structure is None:
            raise
        raise blame(exc, "structure file", loaded.structure) from None


def _cites_sections(loaded: Loaded) -> bool:
    locators = [record.locator for record in loaded.claims.records if record.valid]
    locators += [locator for sentence in loaded.summary.sentences for locator in sentence.locators]
    return any(part.kind == "section" for locator in locators if locator is not None
               for part in locator.parts)


def _suppress(problems: list[tuple[Rule, Problem]], analysis: Analysis, rules: list[Rule],
              options: Options) -> list[Finding]:
    """The findings the suppressions leave, then those of the rules that read the ledger
    (SUM100), which per-file-ignores alone can leave out."""
    ledger = SuppressionLedger(analysis, options.config, rules)
    marker = Marker(analysis)
    findings = [_finding(problem, rule, options, marker) for rule, problem in problems
                if not ledger.hides(rule, problem)
                and not ledger.ignored_by_file(rule, problem.path)]
    for rule in rules:
        if rule.stage == "suppress":
            findings += [_finding(problem, rule, options, marker)
                         for problem in rule.check(ledger, **rule.keywords(options.rule_options))
                         if not ledger.ignored_by_file(rule, problem.path)]
    return findings


def summary_error(path: Path, exc: InputError) -> SummaryError:
    """The SummaryError for an InputError raised while checking `path`."""
    # Whole: a line break in a file name must not cut the cause short (it is escaped in print).
    message = str(exc) or type(exc).__name__
    cause = getattr(exc, "cause", None)
    if not cause:
        cause = message
        for prefix in {f"{path}: ", f"{Path(path).as_posix()}: "}:
            if cause.startswith(prefix):
                cause = cause[len(prefix):]
                break
    return SummaryError(Path(path), cause, message)


def _finding(problem: Problem, rule: Rule, options: Options, marker: Marker) -> Finding:
    record_id = problem.record.record.id if problem.record is not None else None
    severity = options.severity.get(rule.code, rule.severity)
    mark = marker.mark(problem, rule)
    line, column = problem.line, problem.column
    if problem.record is not None and mark is not None:
        # A record's problem stands where the value it is about stands (`locator:` on line 29
        # of a YAML record that starts on line 27): annotations and SARIF land there.
        line, column = mark.line, mark.column
    return Finding(rule.code, rule.name, severity, problem.path, line, problem.message,
                   column, record_id, mark, problem.help, problem.fix, problem.differs)


class _Timer:
    """Times each stage of one summary for the hook (a no-op without one)."""

    def __init__(self, path: Path, hook: StageHook | None) -> None:
        self.path, self.hook = path, hook

    @contextmanager
    def __call__(self, name: str) -> Iterator[None]:
        if self.hook is None:
            yield
            return
        start = time.perf_counter()
        try:
            yield
        finally:
            self.hook(name, self.path, time.perf_counter() - start)
