"""The linter core: load the inputs of each summary, analyse them, run the rules."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .analysis import Analysis, analyse
from .changed import claims_source
from .claimfiles.wording import describe
from .display import in_quotes
from .config import Config
from .confine import Confinement, refuse_special
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


@dataclass(frozen=True)
class SummaryError:
    """A summary (or a path the user named) that could not be checked: the run exits 2.

    `cause` says what is wrong without repeating the summary's name (`claims file
    notes/c.jsonl not found`); `message` is the error as raised, naming the file at fault."""

    path: Path
    cause: str
    message: str = ""

    def line(self, several: bool = True) -> str:
        """The one line for stderr: the summary and the cause, or (when it is the only thing
        checked) the error as raised."""
        from .report.base import display_path

        if not several and self.message:
            return self.message
        return f"{display_path(self.path)}: {self.cause}"


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


NOT_A_SUMMARY = "not a summary: no source named in front matter or configuration"


def load_and_analyse(path: Path, options: Options) -> Analysis:
    """Load a summary's inputs (front matter, overridden by options) and analyse them."""
    from .claims import load_claims
    from .sources import load_source
    from .summary import load_summary

    refuse_special(path, "summary")
    summary = load_summary(path, options.synthesis_labels)
    front = summary.front_matter
    mapping = options.config.mapping_for(path)
    named = _named_inputs(path, front, options, strict=True)
    confinement = confinement_of(path, options)
    for key, named_path in named.items():
        if named_path is not None:
            _check_readable(named_path, key, options, confinement)
    claims_path, source_path = named["claims"], named["source"]
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
        source_path = claims_path.parent / claims.source
        confinement.check(source_path, ROLES["source"])
    if source_path is None:
        raise InputError(f"{path}: no source: name it in the front matter (source: FILE) "
                         f"or pass --source")
    page_numbers = options.page_numbers or front.get("page-numbers") or (
        mapping and mapping.page_numbers) or "auto"
    if page_numbers not in PAGE_NUMBER_MODES:
        raise InputError(f"{path}: front matter: page-numbers must be auto, label or physical, "
                         f"not {shown_value(page_numbers)}")
    ocr = options.ocr if options.ocr is not None else front.get(
        "ocr", mapping.ocr if mapping and mapping.ocr is not None else False)
    if not isinstance(ocr, bool):
        raise InputError(f"{path}: front matter: ocr must be true or false, not {shown_value(ocr)}")
    sections = options.sections or front.get("sections") or (
        mapping and mapping.sections) or "auto"
    if sections not in SECTION_MODES:
        where = "sections" if options.sections else "front matter: sections"
        raise InputError(f"{path}: {where} must be one of "
                         f"{', '.join(SECTION_MODES)}, not {shown_value(sections)}")
    structure = named["structure"]
    try:
        source = load_source(source_path, page_numbers=page_numbers, ocr=ocr, sections=sections,
                             structure=structure)
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


#: What each input of a summary is called in messages.
ROLES = {"summary": "summary", "source": "source", "claims": "claims file",
         "structure": "structure file"}


def confinement_of(path: Path, options: Options) -> Confinement:
    """Where the files that summary `path` names may lie (confine.py)."""
    config = options.config
    return Confinement.of(path, config.path, config.allow_outside)


def _check_readable(path: Path, key: str, options: Options, confinement: Confinement) -> None:
    """InputError when the summary's input `key` at `path` may not be read: a file the command
    line names only must not be special; one the summary or configuration names is confined."""
    if getattr(options, key) is not None:
        refuse_special(path, ROLES[key])
    else:
        confinement.check(path, ROLES[key])


def _may_read(path: Path, key: str, options: Options, confinement: Confinement) -> bool:
    try:
        _check_readable(path, key, options, confinement)
    except InputError:
        return False
    return True


def _named_inputs(path: Path, front: dict, options: Options,
                  strict: bool) -> dict[str, Path | None]:
    """The claims, source and structure files a summary names: the command line, then the
    front matter, then the configuration's `summaries` mapping (a claims file's own `source:`
    is read by the caller). One decision, shared by the check and the output guard."""
    mapping = options.config.mapping_for(path)
    found: dict[str, Path | None] = {}
    for key in ("claims", "source", "structure"):
        value = getattr(options, key)
        if value is None:
            try:
                value = _front_value(path, front, key)
            except InputError:
                if strict:
                    raise
                value = None
        if value is None and mapping is not None:
            value = getattr(mapping, key)
        found[key] = value
    return found


def summary_inputs(path: Path, options: Options) -> list[tuple[str, Path]]:
    """Every file a summary's check reads, as (role, path): the summary, its claims file, its
    source (also one named by the claims file's `source:`) and its structure sidecar, found as
    `load_and_analyse` finds them. Best effort: never raises; what cannot be read is left out
    (checking the summary then reports it)."""
    from .summary import read_text, split_front_matter

    inputs: list[tuple[str, Path]] = [("summary", Path(path))]
    try:
        front, _ = split_front_matter(path, read_text(path).split("\n"))
    except (InputError, OSError, ValueError):
        front = {}
    if not isinstance(front, dict):
        front = {}
    named = _named_inputs(path, front, options, strict=False)
    confinement = confinement_of(path, options)
    if (named["source"] is None and named["claims"] is not None
            and _may_read(named["claims"], "claims", options, confinement)):
        named["source"] = claims_source(named["claims"])  # compared, never read, by the guard
    for key in ("claims", "source", "structure"):
        if named[key] is not None:
            inputs.append((key, named[key]))
    return inputs




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


def shown_value(value: object) -> str:
    """A front-matter value as an error quotes it: text in quotes, anything else by its kind
    (never a repr, which a YAML alias tree would blow up)."""
    return in_quotes(value) if isinstance(value, str) else describe(value)


def _front_value(path: Path, front: dict, key: str) -> Path | None:
    value = front.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip():
        raise InputError(f"{path}: front matter: {key} must be a file name, not {shown_value(value)}")
    return Path(path).parent / value


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
