"""Python API: the same engine as `summcheck check`, returning a Report."""
from __future__ import annotations

from os import PathLike
from pathlib import Path
from typing import Iterable

from .linter import Options, check_paths
from .model import Finding, InputError
from .report.model import Report, SummaryReport
from .selection import RuleSelection

__all__ = ["check", "Report", "SummaryReport", "Finding", "InputError"]


def check(summary: str | PathLike | Iterable[str | PathLike], *,
          claims: str | PathLike | None = None, source: str | PathLike | None = None,
          ocr: bool | None = None, page_numbers: str | None = None,
          select: Iterable[str] | None = None, ignore: Iterable[str] | None = None) -> Report:
    """Check one summary (or several) and return the Report.

    `claims` and `source` override the summary's front matter. Raises `InputError` when the
    check cannot run (the CLI's exit 2): a missing or unreadable file, unparseable claims, an
    encrypted PDF, an unknown rule.
    """
    paths = [Path(summary)] if isinstance(summary, (str, PathLike)) else [Path(p) for p in summary]
    options = Options(source=Path(source) if source is not None else None,
                      claims=Path(claims) if claims is not None else None,
                      ocr=ocr, page_numbers=page_numbers,
                      selection=RuleSelection.parse(list(select) if select else None,
                                                    list(ignore) if ignore else None,
                                                    origin="select/ignore"))
    return check_paths(paths, options)
