"""Merge the configuration file and the command line into the Options of one run.

`CheckRequest` is what a run of `summcheck check` is told, as a plain dataclass: the command
line fills it from its options, the GitHub Action from its inputs and `extra-args`, the Python
API from its arguments; each then finds the configuration, the summaries and the Options the
same way.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .file import Config, find_config, load_config
from ..inputs.discovery import find_summaries
from ..inputs.summaries import changed_keys
from ..engine import Options
from ..model import InputError
from .selection import RuleSelection, resolve_rules


def discover(config_path: Path | None, paths: list[Path]) -> Config:
    """--config, else the closest config file above the first path (or the current folder)."""
    if config_path is not None:
        return load_config(config_path)
    start = paths[0] if paths else Path(".")
    return load_config(find_config(start if start.exists() else Path(".")))


def build_options(config: Config, *, source: Path | None = None, claims: Path | None = None,
                  ocr: bool | None = None, page_numbers: str | None = None,
                  sections: str | None = None, structure: Path | None = None,
                  select: list[str] | None = None, ignore: list[str] | None = None) -> Options:
    """Options for a run: the command line wins over the configuration file."""
    origin = str(config.path) if config.path else "configuration"
    base = RuleSelection.parse(config.select, config.ignore, origin=origin)
    cli = RuleSelection.parse(select, ignore)
    selection = RuleSelection(cli.select if select else base.select, base.ignore + cli.ignore)
    severity = {}
    for key, level in config.severity.items():
        for rule in resolve_rules([key], origin=f"{origin}: severity"):
            severity[rule.code] = level  # type: ignore[assignment]
    for pattern, keys in config.per_file_ignores.items():
        resolve_rules(keys, origin=f"{origin}: per-file-ignores.{pattern}")  # validate early
    lexicon = None
    if config.modality:
        from ..language.modality import build_lexicon

        lexicon = build_lexicon(config.modality)
    return Options(source=source, claims=claims, ocr=ocr, page_numbers=page_numbers,
                   sections=sections, structure=structure,
                   selection=selection, severity=severity,
                   synthesis_labels=config.synthesis_labels,
                   rule_options=dict(config.rule_options), lexicon=lexicon, config=config)


def fail_on(config: Config, cli_value: str | None) -> str:
    return cli_value or config.fail_on or "error"


@dataclass
class CheckRequest:
    """The options of `summcheck check` that decide what is checked, and how."""

    paths: list[Path] = field(default_factory=list)
    source: Path | None = None
    claims: Path | None = None
    ocr: bool | None = None
    page_numbers: str | None = None
    sections: str | None = None
    structure: Path | None = None
    select: list[str] | None = None
    ignore: list[str] | None = None
    exclude: list[str] = field(default_factory=list)
    config: Path | None = None
    fail_on: str | None = None
    allow_outside: bool = False
    changed: bool = False
    jobs: int = 1  # worker processes; 0: one a core
    cache: bool | None = None  # --cache/--no-cache; None: the configuration's `cache` (default on)
    quotes: bool = True  # the reports list the verified quotes (what the JSON format prints)

    def settings(self) -> Config:
        """The configuration (--config, else the closest one), with --allow-outside."""
        settings = discover(self.config, self.paths)
        settings.allow_outside = settings.allow_outside or self.allow_outside
        return settings

    def summaries(self, settings: Config, paths: list[Path] | None = None):
        """The summaries that `paths` (default: the request's, else the current folder)
        stand for, and the paths that stand for none (inputs.discovery.find_summaries)."""
        return find_summaries(paths or self.paths or [Path(".")], settings,
                              explicit_inputs=self.source is not None or self.claims is not None,
                              changed=self.changed, exclude=self.exclude or ())

    def options(self, settings: Config) -> Options:
        from ..sources.cache import SourceCache

        options = build_options(settings, source=self.source, claims=self.claims, ocr=self.ocr,
                                page_numbers=self.page_numbers, sections=self.sections,
                                structure=self.structure, select=self.select, ignore=self.ignore)
        enabled = settings.cache if self.cache is None else self.cache
        options.cache = SourceCache.for_run(settings.root, enabled)
        options.quotes = self.quotes
        if self.changed:
            options.changed_files = changed_keys(self.paths)
        return options

    def check(self, summaries: list[Path], options: Options, errors=None,
              progress: bool = False):
        """The RunReport of checking `summaries` on `jobs` processes, with a progress bar."""
        from ..engine.parallel import check_in_parallel, default_jobs

        jobs = self.jobs or default_jobs()
        if not progress:
            return check_in_parallel(summaries, options, jobs, errors)
        from ..terminal.progress import ProgressBar

        with ProgressBar(len(summaries)) as bar:
            return check_in_parallel(summaries, options, jobs, errors,
                                     on_stage=bar.stage_done, on_summary=bar.summary_done)

    def named_files(self) -> list[Path]:
        """The paths named that are no folder: inputs an --output must never overwrite."""
        return [p for p in self.paths if not p.is_dir()]


__all__ = ["discover", "build_options", "fail_on", "CheckRequest", "InputError"]
