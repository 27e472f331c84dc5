"""The linter core: load the inputs of each summary, analyse them, run the rules."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .analysis import Analysis, analyse
from .config import Config
from .modality import Lexicon
from .ocr_matching import FuzzySettings
from .model import Finding, InputError, Severity, Summary
from .report.model import Report, SummaryReport
from .rules import Problem, Rule, all_rules
from .selection import RuleSelection
from .structure import SECTION_MODES

PAGE_NUMBER_MODES = ("auto", "label", "physical")


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


def check_paths(summaries: list[Path], options: Options) -> Report:
    """Check each summary; an input that cannot be read raises InputError (exit 2)."""
    report = Report()
    for path in summaries:
        findings, summary_report = check_summary(path, options)
        report.findings.extend(findings)
        report.summaries.append(summary_report)
    report.findings.sort(key=Finding.sort_key)
    return report


def check_summary(path: Path, options: Options) -> tuple[list[Finding], SummaryReport]:
    analysis = load_and_analyse(path, options)
    findings = list(_run_rules(analysis, options, analysis.summary))
    verified = sum(r.verified for r in analysis.records)
    return findings, SummaryReport(path, analysis.source.path, analysis.claims.path,
                                   len(analysis.summary.sentences), len(analysis.records),
                                   verified, list(analysis.source.notes))


def load_and_analyse(path: Path, options: Options) -> Analysis:
    """Load a summary's inputs (front matter, overridden by options) and analyse them."""
    from .claims import load_claims
    from .sources import load_source
    from .summary import load_summary

    summary = load_summary(path, options.synthesis_labels)
    front = summary.front_matter
    mapping = options.config.mapping_for(path)
    claims_path = options.claims or _front_path(summary, "claims") or (mapping and mapping.claims)
    if claims_path is None:
        raise InputError(f"{path}: no claims file: name it in the front matter (claims: FILE) "
                         f"or pass --claims")
    claims = load_claims(claims_path)
    source_path = options.source or _front_path(summary, "source") or (mapping and mapping.source)
    if source_path is None and claims.source:
        source_path = claims_path.parent / claims.source
    if source_path is None:
        raise InputError(f"{path}: no source: name it in the front matter (source: FILE) "
                         f"or pass --source")
    page_numbers = options.page_numbers or front.get("page-numbers") or (
        mapping and mapping.page_numbers) or "auto"
    if page_numbers not in PAGE_NUMBER_MODES:
        raise InputError(f"{path}: front matter: page-numbers must be auto, label or physical, "
                         f"not {page_numbers!r}")
    ocr = options.ocr if options.ocr is not None else front.get(
        "ocr", mapping.ocr if mapping and mapping.ocr is not None else False)
    if not isinstance(ocr, bool):
        raise InputError(f"{path}: front matter: ocr must be true or false, not {ocr!r}")
    sections = options.sections or front.get("sections") or (
        mapping and mapping.sections) or "auto"
    if sections not in SECTION_MODES:
        where = "sections" if options.sections else "front matter: sections"
        raise InputError(f"{path}: {where} must be one of "
                         f"{', '.join(SECTION_MODES)}, not {sections!r}")
    structure = options.structure or _front_path(summary, "structure") or (
        mapping and mapping.structure) or None
    source = load_source(source_path, page_numbers=page_numbers, ocr=ocr, sections=sections,
                         structure=structure)
    if structure is not None:
        # Sections are found lazily, only when a locator needs them; a sidecar the user named
        # is read now so that a broken one stops the check (exit 2) whatever the summary cites.
        source.structure  # noqa: B018
    return analyse(summary, claims, source, page_numbers, options.lexicon, options.fuzzy)


def _front_path(summary: Summary, key: str) -> Path | None:
    value = summary.front_matter.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip():
        raise InputError(f"{summary.path}: front matter: {key} must be a file name, not {value!r}")
    return summary.path.parent / value


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
