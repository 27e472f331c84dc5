"""The linter core: load the inputs of each summary, analyse them, run the rules."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .analysis import Analysis, analyse
from .config import Config
from .confine import refuse_special
from .inputs.discovery import SummaryError
from .inputs.resolution import NOT_A_SUMMARY, resolve_inputs
from .modality import Lexicon
from .model import Finding, FuzzySettings, InputError, Severity, Summary
from .report.model import Report, SummaryReport
from .rules import Problem, Rule, all_rules
from .selection import RuleSelection


@dataclass
class Options:
    """Everything a run can be told; the CLI, the config and the API fill it."""

    source: Path | None = None
    claims: Path | None = None
    ocr: bool | None = None
    page_numbers: str | None = None
    sections: str | None = None  # auto | outline | text | markdown
    structure: Path | None = None  # a sidecar file that states the source's sections
    selection: RuleSelection = field(default_factory=RuleSelection)
    severity: dict[str, Severity] = field(default_factory=dict)  # code → severity override
    synthesis_labels: list[str] | None = None
    rule_options: dict[str, dict] = field(default_factory=dict)  # code → keyword arguments
    lexicon: Lexicon | None = None  # modal lexicons with the project's additions
    config: Config = field(default_factory=Config)
    fuzzy: FuzzySettings = field(default_factory=FuzzySettings)  # OCR sources


@dataclass
class RunReport(Report):
    """A Report that also lists the summaries that could not be checked (exit 2)."""

    errors: list[SummaryError] = field(default_factory=list)

    def exit_code(self, fail_on: str | None = None) -> int:
        """2 when a summary could not be checked, else 0 or 1 as `fail_on` implies."""
        if self.errors:
            return 2
        return super().exit_code() if fail_on is None else super().exit_code(fail_on)


def check_paths(summaries: list[Path], options: Options,
                errors: list[SummaryError] | None = None) -> RunReport:
    """Check each summary. One that cannot run (a missing or broken input) is recorded in
    `errors` and the others are still checked; `errors` may come in already filled with the
    named paths that are no summary."""
    report = RunReport(errors=list(errors or []))
    for path in summaries:
        try:
            findings, summary_report = check_summary(path, options)
        except InputError as exc:
            report.errors.append(summary_error(path, exc))
            continue
        report.findings.extend(findings)
        report.summaries.append(summary_report)
    report.findings.sort(key=Finding.sort_key)
    return report


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


def check_summary(path: Path, options: Options) -> tuple[list[Finding], SummaryReport]:
    analysis = load_and_analyse(path, options)
    findings = list(_run_rules(analysis, options, analysis.summary))
    verified = sum(r.verified for r in analysis.records)
    return findings, SummaryReport(path, analysis.source.path, analysis.claims.path,
                                   len(analysis.summary.sentences), len(analysis.records),
                                   verified, list(analysis.source.notes))


def load_and_analyse(path: Path, options: Options) -> Analysis:
    """Load a summary's inputs (inputs.resolution: options, front matter, configuration) and
    analyse them."""
    from .claims import load_claims
    from .sources import load_source
    from .summary import load_summary

    refuse_special(path, "summary")
    summary = load_summary(path, options.synthesis_labels)
    inputs = resolve_inputs(path, summary.front_matter, options.config, options, strict=True)
    for key in ("claims", "source", "structure"):
        inputs.check_readable(key)
    claims_path, source_path = inputs.path("claims"), inputs.path("source")
    if claims_path is None and source_path is None:
        raise InputError(f"{path}: {NOT_A_SUMMARY}")
    if claims_path is None:
        raise InputError(f"{path}: no claims file: name it in the front matter (claims: FILE) "
                         f"or pass --claims")
    try:
        claims = load_claims(claims_path)
    except InputError as exc:
        raise _blame(exc, "claims file", claims_path) from None
    if source_path is None and claims.source:
        inputs = inputs.with_claims_source(claims.source)
        inputs.check_readable("source")
        source_path = inputs.path("source")
    if source_path is None:
        raise InputError(f"{path}: no source: name it in the front matter (source: FILE) "
                         f"or pass --source")
    inputs.check_modes()
    page_numbers, structure = inputs.page_numbers.value, inputs.path("structure")
    try:
        source = load_source(source_path, page_numbers=page_numbers, ocr=inputs.ocr.value,
                             sections=inputs.sections.value, structure=structure)
    except InputError as exc:
        raise _blame(exc, "source", source_path) from None
    if structure is not None:
        # Sections are found lazily, only when a locator needs them; a sidecar the user named
        # is read now so that a broken one stops the check (exit 2) whatever the summary cites.
        try:
            source.structure  # noqa: B018
        except InputError as exc:
            raise _blame(exc, "structure file", structure) from None
    return analyse(summary, claims, source, page_numbers, options.lexicon, options.fuzzy)


def _blame(exc: InputError, role: str, path: Path) -> InputError:
    """Note on `exc` which input of the summary it is about (`claims file c.jsonl not found`)."""
    message = str(exc)
    name = str(path)
    if message == f"{name}: no such file":
        exc.cause = f"{role} {name} not found"  # type: ignore[attr-defined]
    elif message.startswith(f"{name}: ") or message.startswith(f"{name} "):
        exc.cause = f"{role} {message}"  # type: ignore[attr-defined]
    else:
        exc.cause = f"{role} {name}: {message}"  # type: ignore[attr-defined]
    return exc


def _run_rules(analysis, options: Options, summary: Summary):
    per_file: dict[Path, list[str]] = {}
    rules = [r for r in all_rules() if options.selection.enabled(r)]
    analysis.rules_run = {r.code: r.name for r in rules}
    # Rules that read what the suppressions matched (SUM100) run after the others.
    for rule in sorted(rules, key=lambda r: r.runs_last):
        severity = options.severity.get(rule.code, rule.severity)
        for problem in rule.check(analysis, **options.rule_options.get(rule.code, {})):
            if problem.path not in per_file:
                per_file[problem.path] = options.config.ignored_for(problem.path)
            if (not rule.runs_last and _suppressed(problem, rule, analysis)) or any(
                    _names(rule, key) or rule.code.startswith(key.upper())
                    for key in per_file[problem.path]):
                continue
            yield _finding(problem, rule, severity)


def _suppressed(problem: Problem, rule: Rule, analysis) -> bool:
    """Whether a record's `ignore` or a Markdown comment suppresses it (and note which)."""
    if problem.record is not None:
        record = problem.record.record
        for key in record.ignore:
            if _names(rule, key) or (len(key) >= 4 and rule.code.startswith(key.upper())):
                analysis.used_ignores.add((record.index, key))
                return True
        return False
    summary = analysis.summary
    if problem.path != summary.path or problem.line is None:
        return False
    for suppression in summary.suppressions:
        if suppression.first_line <= problem.line <= suppression.last_line and (
                suppression.codes is None or any(_names(rule, c) for c in suppression.codes)):
            suppression.used = True
            return True
    return False


def _names(rule: Rule, key: str) -> bool:
    return key.upper() == rule.code or key.lower() == rule.name


def _finding(problem: Problem, rule: Rule, severity: Severity) -> Finding:
    record_id = problem.record.record.id if problem.record is not None else None
    return Finding(rule.code, rule.name, severity, problem.path, problem.line, problem.message,
                   problem.column, record_id)
