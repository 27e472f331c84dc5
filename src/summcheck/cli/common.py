"""What the commands share: the typer app and its one-line errors, the option enums and help
texts, and the helpers that end a command (fail, use_color, write_atomically)."""
from __future__ import annotations

import re
import sys
from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer
from typer.core import TyperCommand, TyperGroup

try:  # typer vendors click from 0.2x on; its exceptions are not the click package's
    from typer import _click as click  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - older typer
    import click  # type: ignore[no-redef]

from .. import __version__
from ..terminal.display import printable
from ..inputs.modes import PAGE_NUMBER_MODES, SECTION_MODES
from ..model import InputError


class OneLineErrors(TyperGroup):
    """A bad option, a missing argument, an unknown command: one line on stderr and exit 2
    (click prints usage, a hint and the error on three)."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True,
             **extra):  # type: ignore[override]
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.exceptions.ClickException as exc:
            if type(exc).__name__ == "NoArgsIsHelpError":  # `summcheck` alone: the help
                exc.show()
                sys.exit(exc.exit_code)
            print(f"summcheck: error: {printable(usage_message(exc))}", file=sys.stderr)
            sys.exit(2)
        except typer.Abort:  # EOF at a prompt (vendored click has no exceptions.Abort)
            print("summcheck: interrupted", file=sys.stderr)
            sys.exit(2)
        sys.exit(code if isinstance(code, int) else 0)


#: The sections of a long command's --help, in this order (each option names its own with
#: `rich_help_panel`; typer's own name for it); options that name none come last.
HELP_SECTIONS = ("Inputs", "Output", "Selection", "CI", "Speed")


class SectionedCommand(TyperCommand):
    """A command whose --help lists its options in sections (inputs, output, selection, CI,
    speed), as plain text: the arguments first, `--help` last."""

    def format_options(self, ctx, formatter) -> None:  # type: ignore[override]
        sections: dict[str, list[tuple[str, str]]] = {}
        for param in self.get_params(ctx):
            record = param.get_help_record(ctx)
            if record is None:
                continue
            record = (_plain_metavars(record[0]), record[1])
            if param.param_type_name == "argument":
                section = "Arguments"
            else:
                section = getattr(param, "rich_help_panel", None) or "Other options"
            sections.setdefault(section, []).append(record)
        if list(sections) in (["Other options"], ["Arguments", "Other options"]):
            sections["Options"] = sections.pop("Other options")  # no sections: click's heading
        order = ("Arguments", *HELP_SECTIONS, "Other options", "Options")
        # One column for the help texts of every section, as click sets it for one list: each
        # term padded to the widest (within click's limit of 30, past which a term stands alone).
        widest = min(30, max(len(term) for records in sections.values() for term, _ in records))
        for section in sorted(sections, key=lambda name: (order.index(name)
                                                          if name in order else len(order))):
            with formatter.section(section):
                formatter.write_dl([(term.ljust(widest), text)
                                    for term, text in sections[section]])


_TYPED_METAVAR = re.compile(r"<list\[(\w+)\]>|<(\w+) range>")


def _plain_metavars(text: str) -> str:
    """Typer's `<list[str]>` and `<int range>` as a user reads them: `<str>...`, `<int>`."""
    text = _TYPED_METAVAR.sub(lambda m: f"<{m.group(1).lower()}>..." if m.group(1)
                              else f"<{m.group(2)}>", text)
    return text.replace("... <", " <") if text.endswith("...") else text  # `paths <path>...`


def usage_message(exc: "click.exceptions.ClickException") -> str:
    """click's message on one line, with where to read more."""
    message = " ".join(exc.format_message().split()).replace("Value error, ", "")
    ctx = getattr(exc, "ctx", None)
    if isinstance(exc, click.exceptions.UsageError) and ctx is not None:
        message += f" (see {ctx.command_path} --help)"
    return message


app = typer.Typer(cls=OneLineErrors, add_completion=True, no_args_is_help=True,
                  rich_markup_mode=None, pretty_exceptions_enable=False,
                  help="Prove that every sentence of a summary traces to a verified quote "
                       "in its source.")


class Format(str, Enum):
    """The report formats (report.FORMATS names the same, in the same order)."""

    text = "text"
    concise = "concise"
    grouped = "grouped"
    json = "json"
    github = "github"
    gitlab = "gitlab"
    sarif = "sarif"
    rdjson = "rdjson"
    rdjsonl = "rdjsonl"
    markdown = "markdown"
    junit = "junit"


class FailOn(str, Enum):
    error = "error"
    warning = "warning"
    info = "info"
    never = "never"


#: How PDF pages are cited, and how a source's sections are found (inputs.modes).
PageNumbers = Enum("PageNumbers", [(mode, mode) for mode in PAGE_NUMBER_MODES], type=str)
Sections = Enum("Sections", [(mode, mode) for mode in SECTION_MODES], type=str)


SECTIONS_HELP = ("How sections are found: auto (by the source's kind), outline (PDF bookmarks), "
                 "text (numbered headings), markdown (Markdown headings).")
STRUCTURE_HELP = "A YAML or JSON file that states the source's sections (overrides detection)."
CACHE_HELP = ("Reuse (and keep) the text and sections of unchanged sources in .summcheck_cache/ "
              "beside the configuration file, or SUMMCHECK_CACHE_DIR (default: on, unless the "
              "configuration sets cache = false).")
# The options of the commands that read one source (chunks, locate, outline), declared once.
PAGE_NUMBERS_HELP = "How PDF pages are cited."
PageNumbersOption = Annotated[PageNumbers, typer.Option("--page-numbers", help=PAGE_NUMBERS_HELP)]
SectionsOption = Annotated[Sections, typer.Option("--sections", help=SECTIONS_HELP)]
StructureOption = Annotated[Optional[Path], typer.Option("--structure", help=STRUCTURE_HELP)]

ALLOW_OUTSIDE_HELP = ("Let summaries and the configuration name files outside the repository "
                      "(only from the command line: a configuration file cannot; special "
                      "files such as /proc, FIFOs and anything in a .git folder are never "
                      "read).")


def fail(message: str) -> "typer.Exit":
    """Print a one-line cause on stderr; the caller raises the returned Exit(2)."""
    print(f"summcheck: error: {printable(message)}", file=sys.stderr)
    return typer.Exit(2)


def _version(value: bool) -> None:
    if value:
        from ..core import name

        print(f"summcheck {__version__}, {name()}")
        raise typer.Exit()


@app.callback()
def main_options(version: bool = typer.Option(False, "--version", callback=_version,
                                              is_eager=True, help="Print the version.")) -> None:
    """summcheck: the deterministic gate for document summaries."""


def use_color(color: Optional[bool], output: Optional[Path]) -> bool:
    """--color/--no-color when given; a report written to a file has none; else rich decides
    for standard output, as the terminal, FORCE_COLOR, a non-empty NO_COLOR and TERM say."""
    if color is not None:
        return color
    if output is not None:
        return False
    from rich.console import Console

    probe = Console(file=sys.stdout)
    return probe.is_terminal and not probe.no_color and probe.color_system is not None


def cwd_relative(path: Path) -> Path:
    from ..config.file import cwd_relative as relative

    return relative(path)


def write_atomically(path: Path, text: str, what: str = "report") -> None:
    """Write the whole report or nothing (output.write_atomically); a failure is exit 2."""
    from ..files.output import write_atomically as write

    try:
        write(path, text, what)
    except InputError as exc:
        raise fail(str(exc))


def announce(settings) -> None:
    """Print what the configuration file's reading found to warn about (config.Config)."""
    for warning in settings.warnings:
        print(f"summcheck: warning: {printable(warning)}", file=sys.stderr)

