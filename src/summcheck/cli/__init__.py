"""Command line: check, audit, explain, locate, outline (and the optional stage).

common holds the typer app and what its commands share (the option enums and help texts, fail,
use_color, write_atomically); checking has check and parse_check_args (the Action's `args`);
inspection has explain, locate, outline and table; evidence has report; corpus has audit;
pipeline has the optional stage: chunks, extract, merge, draft and the `import` group. The commands
are registered on `app` here, in the order `summcheck --help` lists them. Each command imports
what it runs when it runs: `import summcheck.cli` stays cheap (benchmarks/bench_startup.py).
"""
from __future__ import annotations

import gc
import os
import sys

from ..terminal.display import printable
from ..terminal.interrupt import Interrupted, interruptions_raised
from .checking import check, parse_check_args, pin
from .common import (ALLOW_OUTSIDE_HELP, CACHE_HELP, SECTIONS_HELP, STRUCTURE_HELP, FailOn,
                     Format, OneLineErrors, PageNumbers, SectionedCommand, Sections, app,
                     cwd_relative, fail,
                     main_options, usage_message, use_color, write_atomically)
from .corpus import AuditEngine, audit
from .evidence import export_app, report
from .inspection import OutlineFormat, explain, locate, outline, parse_cli_locator, table
from .pipeline import chunks, draft, extract, import_app, merge
from .editor import server

__all__ = [
    "ALLOW_OUTSIDE_HELP", "CACHE_HELP", "SECTIONS_HELP", "STRUCTURE_HELP", "AuditEngine", "FailOn",
    "Format", "OneLineErrors", "OutlineFormat", "PageNumbers", "Sections", "app", "audit",
    "check", "chunks", "cwd_relative", "draft", "entry", "explain", "extract", "fail", "merge", "locate", "main", "main_options",
    "outline", "parse_check_args", "parse_cli_locator", "pin", "report", "server", "table", "usage_message", "use_color",
    "write_atomically",
]

for _command in (check, report, explain, locate, outline, table, pin, audit, server, chunks,
                 extract, merge, draft):
    app.command(cls=SectionedCommand)(_command)
del _command
app.add_typer(import_app, name="import")
app.add_typer(export_app, name="export")


def entry() -> None:
    """The program's entry point (`summcheck`, `python -m summcheck`): `main()`, then the
    process ends at once, its output flushed. Python would otherwise take a tenth of a second
    and more to free, one by one, the millions of objects a large check leaves behind; no
    process is left running and no file open for writing by then (pools and children are joined,
    outputs replaced atomically)."""
    try:
        main()
        code = 0
    except SystemExit as exc:
        code = _exit_status(exc.code)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe: the reader went away
            code = code or 1
    os._exit(code)


def _exit_status(code: object) -> int:
    """The status `sys.exit(code)` gives a process: None 0, an int itself, else 1 with the
    value printed on stderr."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    print(code, file=sys.stderr)
    return 1


def main() -> None:
    """Entry point: no traceback for any failure, exit 2 when the check could not run."""
    # PyMuPDF 2 imports its optional layout-analysis and Markdown helpers (numpy, onnxruntime) on
    # import when installed: half a second spent on nothing `get_text()` needs. The command line
    # owns its process, so it blocks them; the Python API leaves a caller's imports alone.
    for optional in ("pymupdf.layout", "pymupdf4llm"):
        sys.modules.setdefault(optional, None)  # type: ignore[arg-type]
    # A run allocates hundreds of thousands of small objects (the words of a long source) and no
    # reference cycles worth collecting before the process ends: the cyclic collector only costs.
    gc.disable()
    try:
        with interruptions_raised():
            app()
    except SystemExit:
        raise
    except KeyboardInterrupt:
        print(f"summcheck: {Interrupted('SIGINT').cause()}", file=sys.stderr)
        sys.exit(2)
    except Interrupted as exc:
        print(f"summcheck: {exc.cause()}", file=sys.stderr)
        sys.exit(2)
    except Exception as exc:  # an internal error must still end with one line and exit 2
        if os.environ.get("SUMMCHECK_DEBUG"):
            raise
        print(f"summcheck: internal error: {type(exc).__name__}: {printable(str(exc))} "
              f"(set SUMMCHECK_DEBUG=1 for a traceback)", file=sys.stderr)
        sys.exit(2)
