"""`summcheck audit`: a corpus of summaries listed in a manifest."""
from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import List, Optional

import typer

from ..model import InputError
from .common import ALLOW_OUTSIDE_HELP, CACHE_HELP, FailOn, cwd_relative, fail

AuditEngine = Enum("AuditEngine", [(name, name) for name in ("local", "dask")], type=str)


def audit(
    manifest: Path = typer.Argument(..., help="JSONL or CSV: one (summary, claims, source) triple a line; paths relative to the manifest's folder."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="The results, one JSON line a summary (default: MANIFEST's name with .results.jsonl); a re-run resumes it.", rich_help_panel="Output"),
    jobs: Optional[int] = typer.Option(None, "--jobs", "-j", min=1, help="Worker processes (default: one a CPU; 1: in this process).", rich_help_panel="Speed", metavar="<n>"),
    engine: AuditEngine = typer.Option("local", "--engine", help="local: a process pool; dask: dask.distributed (pip install 'summcheck[distributed]').", rich_help_panel="Speed"),
    address: Optional[str] = typer.Option(None, "--address", help="HOST:PORT of a running dask scheduler (with --engine dask; default: start a local cluster).", rich_help_panel="Speed"),
    fresh: bool = typer.Option(False, "--fresh", help="Start over: ignore the results already in --output.", rich_help_panel="Output"),
    select: Optional[List[str]] = typer.Option(None, "--select", help="Rules to run (codes, names, prefixes).", rich_help_panel="Selection", metavar="<rule>"),
    ignore: Optional[List[str]] = typer.Option(None, "--ignore", help="Rules to skip.", rich_help_panel="Selection", metavar="<rule>"),
    fail_on: Optional[FailOn] = typer.Option(None, "--fail-on", help="Lowest severity that fails the run (default: error).", rich_help_panel="Selection"),
    config: Optional[Path] = typer.Option(None, "--config", help="Configuration file (default: the closest one above the manifest).", rich_help_panel="Inputs"),
    allow_outside: bool = typer.Option(False, "--allow-outside", help=ALLOW_OUTSIDE_HELP, rich_help_panel="Inputs"),
    cache: Optional[bool] = typer.Option(None, "--cache/--no-cache", help=CACHE_HELP, rich_help_panel="Speed"),
) -> None:
    """Check a corpus of summaries listed in a manifest, sharded by source."""
    from ..audit import AuditRequest, run_audit

    request = AuditRequest(cwd_relative(manifest), output=output, jobs=jobs,
                           engine=engine.value, address=address, fresh=fresh, select=select,
                           ignore=ignore, config=config,
                           fail_on=fail_on.value if fail_on else None,
                           allow_outside=allow_outside, cache=cache)
    try:
        code = run_audit(request)
    except InputError as exc:
        raise fail(str(exc))
    raise typer.Exit(code)

