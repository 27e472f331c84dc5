"""Python API: the same engine as `summcheck check`, returning a Report."""
from __future__ import annotations

import gc
from contextlib import contextmanager
from os import PathLike
from pathlib import Path
from typing import Iterable, Iterator

from .config.file import Config
from .inputs.discovery import SummaryError
from .model import Finding, InputError
from .report.model import Report, SummaryReport
from .config.settings import CheckRequest

__all__ = ["check", "Report", "SummaryReport", "Finding", "InputError", "CheckError",
           "SummaryError"]


class CheckError(InputError):
    """Some summaries could not be checked. `errors` lists them (path and cause); `report`
    holds the findings of every summary that could be."""

    def __init__(self, message: str, errors: list[SummaryError], report: Report) -> None:
        super().__init__(message)
        self.errors = errors
        self.report = report


def check(summary: str | PathLike | Iterable[str | PathLike], *,
          claims: str | PathLike | None = None, source: str | PathLike | None = None,
          ocr: bool | None = None, page_numbers: str | None = None,
          sections: str | None = None, structure: str | PathLike | None = None,
          select: Iterable[str] | None = None, ignore: Iterable[str] | None = None,
          config: str | PathLike | bool | None = None, allow_outside: bool = False,
          jobs: int = 1, cache: bool | None = None) -> Report:
    """Check one summary (or several) and return the Report.

    `claims` and `source` override the summary's front matter, and so do `sections` (auto,
    outline, text, markdown: how the source's sections are found) and `structure` (a sidecar
    file stating them). `config` names a configuration file; None finds the closest one as
    the CLI does, False uses none. Raises `InputError` when the check cannot run (the CLI's
    exit 2): a missing or unreadable file, unparseable claims, an encrypted PDF, invalid
    configuration or structure file, an unknown rule, a file that is no summary (no source
    named in front matter or configuration). When some of several summaries cannot be
    checked, the others still are: the `CheckError` raised (an `InputError`) carries their
    `report` and the `errors`. Files a summary or the configuration names must lie inside the
    repository (see `summcheck.confine`) unless `allow_outside` (or the configuration) says
    otherwise; special files (`/proc`, FIFOs) are never read. `jobs` checks the summaries in
    that many processes (0: one a core), each source's summaries in one; the report is the
    same. `cache` False neither reads nor writes the cache of loaded sources
    (`.summcheck_cache/`, see the README); None follows the configuration's `cache` (default on).
    """
    paths = [Path(summary)] if isinstance(summary, (str, PathLike)) else [Path(p) for p in summary]
    request = CheckRequest(paths, source=Path(source) if source is not None else None,
                           claims=Path(claims) if claims is not None else None, ocr=ocr,
                           page_numbers=page_numbers, sections=sections,
                           structure=Path(structure) if structure is not None else None,
                           select=list(select) if select else None,
                           ignore=list(ignore) if ignore else None,
                           config=Path(config) if config not in (None, True, False) else None,
                           allow_outside=allow_outside, jobs=jobs, cache=cache)
    settings = Config(allow_outside=allow_outside) if config is False else request.settings()
    options = request.options(settings)
    with _collector_paused():
        report = request.check(paths, options)
    if report.errors:
        first = report.errors[0].line(several=len(paths) > 1)
        more = len(report.errors) - 1
        message = first + (f" (and {more} more summar{'ies' if more > 1 else 'y'} could not be "
                           f"checked)" if more else "")
        raise CheckError(message, report.errors, report)
    return report


@contextmanager
def _collector_paused() -> Iterator[None]:
    """The cyclic garbage collector off for the check, as the command line runs it, and back
    as it was afterwards: a check allocates hundreds of thousands of small objects that form
    no cycles worth collecting, and the collections they set off cost more than the rules."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
