"""`summcheck report`: the evidence report of one summary as a self-contained HTML file."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

from ..terminal.display import printable
from ..model import InputError
from .common import (ALLOW_OUTSIDE_HELP, SectionedCommand, CACHE_HELP, announce, cwd_relative, fail,
                     write_atomically)


def report(
    summary: Path = typer.Argument(..., help="Summary file (its front matter names source and claims)."),
    output: Path = typer.Option(Path("report.html"), "--output", "-o", help="Write the report to FILE."),
    source: Optional[Path] = typer.Option(None, "--source", help="Source document (overrides front matter)."),
    claims: Optional[Path] = typer.Option(None, "--claims", help="Claim records (overrides front matter)."),
    config: Optional[Path] = typer.Option(None, "--config", help="Configuration file (default: the closest one)."),
    allow_outside: bool = typer.Option(False, "--allow-outside", help=ALLOW_OUTSIDE_HELP),
    cache: Optional[bool] = typer.Option(None, "--cache/--no-cache", help=CACHE_HELP),
) -> None:
    """Write the evidence report: each sentence one click from its quote on the page."""
    from ..evidence.report import evidence_report
    from ..files.output import guard_output, run_inputs
    from ..config.settings import CheckRequest

    try:
        summary = cwd_relative(summary)
        request = CheckRequest([summary], source=source, claims=claims, config=config,
                               allow_outside=allow_outside, cache=cache)
        settings = request.settings()
        announce(settings)
        options = request.options(settings)
        guard_output(output, run_inputs([summary], options), what="report")
        page, evidence = evidence_report(summary, options)
    except InputError as exc:
        raise fail(str(exc))
    write_atomically(output, page, "report")
    counts = evidence.data["counts"]
    from ..report.text import plural

    print(f"summcheck: wrote {printable(str(output))} ({plural(counts['sentences'], 'sentence')}"
          f", {counts['backed']} backed, {plural(counts['findings'], 'finding')})",
          file=sys.stderr)


export_app = typer.Typer(help="Write a summary's evidence in formats other tools read.",
                         no_args_is_help=True, add_completion=False, rich_markup_mode=None)


@export_app.command("w3c", cls=SectionedCommand)
def export_w3c(
    summary: Path = typer.Argument(..., help="Summary file (its front matter names source and claims)."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Write the annotations to FILE (default: standard output)."),
    source_iri: Optional[str] = typer.Option(None, "--source-iri", help="The IRI the annotations target (default: the source's path)."),
    config: Optional[Path] = typer.Option(None, "--config", help="Configuration file (default: the closest one)."),
    allow_outside: bool = typer.Option(False, "--allow-outside", help=ALLOW_OUTSIDE_HELP),
    cache: Optional[bool] = typer.Option(None, "--cache/--no-cache", help=CACHE_HELP),
) -> None:
    """Every verified quote of a summary as a W3C Web Annotation (JSON-LD): its claim the
    body, its place the target (TextQuoteSelector and TextPositionSelector)."""
    import json

    from ..engine.run import analyses
    from ..evidence.annotations import web_annotations
    from ..files.output import guard_output, run_inputs
    from ..config.settings import CheckRequest

    try:
        summary = cwd_relative(summary)
        request = CheckRequest([summary], config=config, allow_outside=allow_outside,
                               cache=cache)
        settings = request.settings()
        announce(settings)
        options = request.options(settings)
        if output is not None:
            guard_output(output, run_inputs([summary], options), what="annotations")
        passes = analyses(summary, options)
    except InputError as exc:
        raise fail(str(exc))
    if source_iri is not None and len(passes) > 1:
        raise fail("--source-iri names the one source of a summary; this one has several")
    pages = [web_annotations(analysis, source_iri or Path(analysis.source.path).as_posix())
             for _, analysis in passes]
    page = {**pages[0], "items": [item for p in pages for item in p["items"]]}
    text = json.dumps(page, ensure_ascii=False, indent=2) + "\n"
    if output is None:
        sys.stdout.write(text)
    else:
        write_atomically(output, text, "annotations")
    print(f"summcheck: {len(page['items'])} verified quote"
          f"{'' if len(page['items']) == 1 else 's'} as Web Annotations", file=sys.stderr)
