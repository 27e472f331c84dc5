"""Everything summcheck prints is safe (issues 15 and 16): no line of any format, nor of stderr,
can start a workflow command; any path and any string a finding holds is reported (never an
encoding crash); messages quote input to a readable length; the order of the command line
does not change the bytes of a report.

Real runs of `summcheck.cli` in-process on crafted inputs, with stdout and stderr as a CI
runner gives them (UTF-8, strict), then the renderers on reports no input could produce.
"""
from __future__ import annotations

import gc
import io
import json
import os
import re
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

import pytest

from summcheck.terminal.display import bounded, in_quotes, line_start, printable, quoted
from summcheck.inputs.discovery import SummaryError
from summcheck.engine import RunReport
from summcheck.model import Finding
from summcheck.report import FORMATS, Report, SummaryReport, reporter_for

SOURCE = "Packages must install their files below /usr.\nConfiguration files belong in /etc.\n"
RECORD = {"claim": "Packages install below /usr.", "locator": "line 1",
          "quote": "Packages must install their files below /usr.", "strength": "requires"}
FRONT = "---\nsource: source.txt\nclaims: claims.jsonl\n---\n\n"
GOOD = "Packages must install their files below /usr (line 1).\n"
UNLOCATED = "A sentence without a locator at all.\n"
#: The commands each format emits itself (at a line start); anything else is an injection.
OWN_COMMANDS = {"github": {"error", "warning", "notice"}}


def jsonl(*records: dict) -> str:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)


def write(folder: Path, summary: str = GOOD, claims: str | None = None,
          source: bytes | str = SOURCE, front: str = FRONT, name: str = "summary.md",
          source_name: str = "source.txt") -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(front + summary, encoding="utf-8")
    (folder / "claims.jsonl").write_text(claims or jsonl(RECORD), encoding="utf-8")
    data = source.encode("utf-8") if isinstance(source, str) else source
    (folder / source_name).write_bytes(data)


@dataclass
class Run:
    code: int
    stdout: str
    stderr: str


def _stream() -> io.TextIOWrapper:
    # What a CI runner gives: UTF-8, strict (a surrogate that reaches it is an error, as there).
    return io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict", write_through=True)


def run(folder: Path, monkeypatch, *args: str) -> Run:
    from summcheck import cli

    monkeypatch.chdir(folder)
    for name in ("GITHUB_WORKSPACE", "FORCE_COLOR"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(sys, "argv", ["summcheck", *args])
    out, err = _stream(), _stream()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    code = 0
    try:
        cli.main()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 2
    finally:
        gc.enable()  # main() turns the collector off for the process it owns
    return Run(code, out.buffer.getvalue().decode("utf-8"),  # type: ignore[attr-defined]
               err.buffer.getvalue().decode("utf-8"))  # type: ignore[attr-defined]


def injected(output: str, allowed: set[str] = frozenset()) -> list[str]:
    """Lines a GitHub runner would execute as a command summcheck did not mean to give: `::name`
    at the start (after white space, which the runner trims), or the legacy `##[name`
    anywhere in the line."""
    bad = []
    for line in output.split("\n"):
        stripped = line.lstrip()
        name = (stripped[2:].split("::", 1)[0].split(" ", 1)[0]
                if stripped.startswith("::") else None)
        if (name is not None and name not in allowed) or "##[" in line:
            bad.append(line)
    return bad


def assert_safe(result: Run, fmt: str) -> None:
    both = result.stdout + result.stderr
    assert "Traceback" not in both and "internal error" not in both, both[-2000:]
    assert not injected(result.stdout, OWN_COMMANDS.get(fmt, set())), result.stdout[-2000:]
    assert not injected(result.stderr), result.stderr
    if fmt in ("json", "sarif") and result.stdout:
        json.loads(result.stdout)
    elif fmt == "junit" and result.stdout:
        ET.fromstring(result.stdout.encode("utf-8"))


# ---------------------------------------------------------------- the shapes, in every format

SHAPES = {
    # A locator group that spans a line break followed by a command (SUM104 quotes it).
    "locator-line-break": dict(
        summary="Packages must install their files below /usr (line\n"
                "::warning file=README.md::pwned).\n"),
    # A record key holding a line break and a command (SUM200 names it).
    "record-key-line-break": dict(claims=jsonl(dict(RECORD, **{"\n::error title=x::owned": 1}))),
    # A record id holding the runner's legacy command syntax, which it parses mid-line.
    "legacy-command-id": dict(claims=jsonl(dict(RECORD, id="x ##[set-output name=p;]1",
                                                quote="Packages never install."))),
    # A record id that is HTML, a javascript: link and a table pipe.
    "markup-id": dict(claims=jsonl(dict(RECORD, id="<img src=x onerror=alert(1)>"
                                                   "[x](javascript:alert(1))|", quote="No."))),
    # A source whose name holds a line break and a command, with a note (decoded leniently).
    "source-name-line-break": dict(
        source=SOURCE.encode() + b"caf\xe9\n", source_name="src\n::set-output name=p::1.txt",
        front='---\nsource: "src\\n::set-output name=p::1.txt"\nclaims: claims.jsonl\n---\n\n'),
    # A summary whose name is not UTF-8, with a finding on it.
    "name-not-utf8": dict(summary=GOOD + UNLOCATED, name=os.fsdecode(b"summary-\xff.md")),
    # A summary whose name starts with a command, with a finding on it (the text heading).
    "name-is-a-command": dict(summary=GOOD + UNLOCATED, name="::warning file=a::pwned.md"),
    # Escape sequences and a bidi override in a record id.
    "terminal-escapes": dict(claims=jsonl(dict(RECORD, id="\x1b[31mred\x1b[0m\u202e\u2028x",
                                               quote="No."))),
}


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_no_format_prints_a_workflow_command_from_input(tmp_path, monkeypatch, shape, fmt):
    spec = dict(SHAPES[shape])
    name = spec.get("name", "summary.md")
    write(tmp_path, **spec)
    result = run(tmp_path, monkeypatch, "check", name, "--format", fmt)
    assert result.code in (0, 1), result.stderr
    assert_safe(result, fmt)


@pytest.mark.parametrize("fmt", ["json", "sarif", "junit", "markdown"])
def test_a_report_file_is_written_for_a_name_that_is_not_utf8(tmp_path, monkeypatch, fmt):
    name = os.fsdecode(b"summary-\xff.md")
    write(tmp_path, GOOD + UNLOCATED, name=name)
    result = run(tmp_path, monkeypatch, "check", name, "--format", fmt, "-o", f"report.{fmt}")
    assert result.code == 1 and result.stdout == "", result.stderr
    assert_safe(result, fmt)
    written = (tmp_path / f"report.{fmt}").read_text(encoding="utf-8")  # strict UTF-8
    if fmt == "sarif":
        import jsonschema

        log = json.loads(written)
        schema = json.loads((Path(__file__).parent / "fixtures" / "sarif-schema-2.1.0.json")
                            .read_text(encoding="utf-8"))
        jsonschema.Draft4Validator(schema).validate(log)
        uris = [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                for r in log["runs"][0]["results"]]
        assert "summary-%FF.md" in uris  # the raw byte, percent-encoded (RFC 3986)
    elif fmt == "json":
        report = json.loads(written)
        assert {f["path"] for f in report["findings"]} == {"summary-\\xff.md"}
        assert [s["path"] for s in report["summaries"]] == ["summary-\\xff.md"]


def test_the_text_report_and_stderr_show_line_breaks_as_escapes(tmp_path, monkeypatch):
    write(tmp_path, **SHAPES["locator-line-break"])
    grouped = run(tmp_path, monkeypatch, "check", "summary.md", "--format", "grouped")
    assert "malformed locator (line\\n::warning file=README.md::pwned)" in grouped.stdout
    result = run(tmp_path, monkeypatch, "check", "summary.md")  # the full form wraps messages
    unwrapped = re.sub(r"\n {4}(?=\S)", " ", result.stdout)
    assert "malformed locator (line\\n::warning file=README.md::pwned)" in unwrapped
    assert not injected(result.stdout), result.stdout
    missing = tmp_path / "missing"
    write(missing, front='---\nsource: "gone\\n::set-output name=p::1.txt"\n'
                         'claims: claims.jsonl\n---\n\n')
    result = run(missing, monkeypatch, "check", "summary.md")
    assert result.code == 2 and result.stderr.startswith("summcheck: error: ")
    assert result.stderr.count("\n") == 1 and not injected(result.stderr), result.stderr


def test_a_path_that_starts_with_a_command_is_written_dot_slash(tmp_path, monkeypatch):
    write(tmp_path, **SHAPES["name-is-a-command"])
    result = run(tmp_path, monkeypatch, "check", "::warning file=a::pwned.md")
    assert "\n./::warning file=a::pwned.md:7:1: SUM101 " in "\n" + result.stdout
    grouped = run(tmp_path, monkeypatch, "check", "::warning file=a::pwned.md", "-f", "grouped")
    assert "\n./::warning file=a::pwned.md\n" in "\n" + grouped.stdout


def test_the_markdown_job_summary_renders_input_inert(tmp_path, monkeypatch):
    write(tmp_path, **SHAPES["markup-id"])
    out = run(tmp_path, monkeypatch, "check", "summary.md", "--format", "markdown").stdout
    assert "\\<img src=x onerror=alert(1)\\>" in out and "'<img" not in out
    assert "\\[x\\](javascript:alert(1))" in out and "x](javascript:" not in out
    row = next(line for line in out.splitlines() if "SUM201" in line)
    assert row.count(" | ") == 3 and "\\|" in row  # the pipe in the id splits no cell


# ---------------------------------------------------------------- messages stay readable


def test_messages_quote_huge_numbers_and_keys_to_a_readable_length(tmp_path, monkeypatch):
    digits = "1" * 10_000
    write(tmp_path, GOOD + f"Configuration files belong in /etc (line {digits}).\n"
                           f"Configuration files belong in /etc (p. {digits}).\n",
          claims=jsonl(RECORD, dict(RECORD, id="huge", locator=f"line {'2' * 10_000}"),
                       dict(RECORD, id="k" * 5_000, quote="No.", **{"q" * 5_000: 1})))
    result = run(tmp_path, monkeypatch, "check", "summary.md", "--format", "json")
    findings = json.loads(result.stdout)["findings"]
    assert {"SUM102", "SUM200", "SUM206"} <= {f["rule"] for f in findings}
    for finding in findings:
        assert len(finding["message"]) <= 600, finding
        assert "1" * 30 not in finding["message"] and "2" * 30 not in finding["message"]
        assert "k" * 100 not in finding["message"] and "q" * 100 not in finding["message"]
    assert any("(10,000 digits)" in f["message"] for f in findings if f["rule"] == "SUM206")


# ---------------------------------------------------------------- determinism


@pytest.mark.parametrize("fmt", ["json", "markdown", "text", "junit", "sarif"])
def test_the_order_of_the_command_line_does_not_change_the_report(tmp_path, monkeypatch, fmt):
    write(tmp_path, GOOD, name="b.md")
    write(tmp_path, GOOD + UNLOCATED, name="a.md")
    write(tmp_path, GOOD, name="c.md")
    first = run(tmp_path, monkeypatch, "check", "c.md", "a.md", "b.md", "--format", fmt)
    second = run(tmp_path, monkeypatch, "check", "b.md", "c.md", "a.md", "--format", fmt)
    assert first.stdout == second.stdout
    if fmt == "json":
        paths = [s["path"] for s in json.loads(first.stdout)["summaries"]]
        assert paths == ["a.md", "b.md", "c.md"]


# ---------------------------------------------------------------- any string a report holds

HOSTILE_TEXT = "\ud800 \udcff \x00\x1b[2J\r\n::error::x \u2028\u2029\x85 ##[add-mask]y \u202e"


def hostile_report() -> RunReport:
    bad = Path(os.fsdecode(b"dir/caf\xe9-\n::warning::.md"))
    findings = [Finding("SUM201", "quote-not-found", "error", bad, 3, HOSTILE_TEXT, 2,
                        HOSTILE_TEXT),
                Finding(HOSTILE_TEXT, HOSTILE_TEXT, "warning", Path("ok.md"), None, "plain")]
    summaries = [SummaryReport(bad, bad, bad, 1, 1, 0, [HOSTILE_TEXT])]
    return RunReport(findings=findings, summaries=summaries,
                     errors=[SummaryError(bad, HOSTILE_TEXT, HOSTILE_TEXT)])


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_renderer_takes_any_string_a_report_holds(tmp_path, monkeypatch, fmt):
    monkeypatch.chdir(tmp_path)
    rendered = reporter_for(fmt).render(hostile_report())
    rendered.encode("utf-8")  # no lone surrogate left: strict UTF-8 encodes it
    assert not injected(rendered, OWN_COMMANDS.get(fmt, set())), rendered
    assert "\x1b" not in rendered and "\u2028" not in rendered and "\u202e" not in rendered
    if fmt in ("json", "sarif"):
        json.loads(rendered)
    if fmt == "junit":
        ET.fromstring(rendered.encode("utf-8"))
    if fmt == "sarif":
        assert "caf%E9-%0A%3A%3Awarning%3A%3A.md" in rendered  # the file system's bytes


def test_a_plain_report_renders_without_errors_or_summaries(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    report = Report(findings=[Finding("SUM101", "missing-locator", "error", Path("a.md"), 1, "x")])
    for fmt in FORMATS:
        assert reporter_for(fmt).render(report)


# ---------------------------------------------------------------- the action's log


def test_the_action_log_stays_inside_its_fence_and_annotations_are_one_line(tmp_path,
                                                                            monkeypatch, capsys):
    from summcheck import action

    name = os.fsdecode(b"summary-\xff.md")
    write(tmp_path, SHAPES["locator-line-break"]["summary"] + UNLOCATED, name=name,
          claims=jsonl(dict(RECORD, **{"\n::error title=x::owned": 1})))
    env = {"GITHUB_WORKSPACE": str(tmp_path), "GITHUB_EVENT_NAME": "push",
           "GITHUB_STEP_SUMMARY": str(tmp_path / "step.md"),
           "GITHUB_OUTPUT": str(tmp_path / "out.txt"), "INPUT_PATHS": name,
           "INPUT_SARIF_FILE": "report.sarif"}
    monkeypatch.chdir(tmp_path)
    assert action.main(env) == 1
    lines = capsys.readouterr().out.split("\n")
    token = next(line.split("::")[2] for line in lines if line.startswith("::stop-commands::"))
    start, end = lines.index(f"::stop-commands::{token}"), lines.index(f"::{token}::")
    outside = lines[:start] + lines[end + 1:]
    assert not injected("\n".join(outside), {"group", "endgroup", "error", "warning", "notice"})
    assert not injected("\n".join(lines[start + 1:end]))  # nothing even inside the fence
    assert any(line.startswith("::error file=summary-\\xff.md,") for line in outside)
    sarif = json.loads((tmp_path / "report.sarif").read_text(encoding="utf-8"))
    assert sarif["runs"][0]["results"]
    step = (tmp_path / "step.md").read_text(encoding="utf-8")
    assert not injected(step)


def test_the_action_names_an_unreadable_summary_in_one_error_line(tmp_path, monkeypatch, capsys):
    from summcheck import action

    write(tmp_path, front='---\nsource: "gone\\n::set-output name=p::1.txt"\n'
                          'claims: claims.jsonl\n---\n\n')
    env = {"GITHUB_WORKSPACE": str(tmp_path), "GITHUB_EVENT_NAME": "push",
           "GITHUB_OUTPUT": str(tmp_path / "out.txt"), "INPUT_PATHS": "summary.md",
           "INPUT_SARIF_FILE": "", "INPUT_JOB_SUMMARY": "false"}
    monkeypatch.chdir(tmp_path)
    assert action.main(env) == 2
    out = capsys.readouterr().out
    assert not injected(out, {"error"}), out
    assert out.startswith("::error::summcheck: ")


# ---------------------------------------------------------------- the helpers themselves


def test_printable_and_quoting():
    assert printable("a\nb\r\tc") == "a\\nb\\r\\tc"
    assert printable(os.fsdecode(b"x\xff")) == "x\\xff" and printable("\ud800") == "\\ud800"
    assert printable("##[set-output name=x;]y") == "##\\[set-output name=x;]y"
    assert printable(printable(HOSTILE_TEXT)) == printable(HOSTILE_TEXT)  # idempotent
    assert printable("é ü 中文 \u00ad") == "é ü 中文 \u00ad"  # letters and soft hyphens stay
    assert line_start("  ::error::x") == "\\  ::error::x" and line_start("a ::x") == "a ::x"
    assert quoted("p. " + "9" * 10_000) == "p. 9999999999…9999 (10,000 digits)"
    assert len(quoted("k" * 5_000)) < 100 and in_quotes("ab") == "'ab'"
    assert bounded("key " + "k" * 5_000 + " and " + "1" * 50).count("k") < 100


# ---------------------------------------------------------------- summcheck outline


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_outline_prints_titles_ids_and_its_source_name_on_one_line(tmp_path, monkeypatch, fmt):
    name = "::warning file=a::src.txt"
    (tmp_path / name).write_text("1. Scope\nPackages must install below /usr.\n"
                                 "2. Files\nConfiguration files belong in /etc.\n",
                                 encoding="utf-8")
    (tmp_path / "sections.yaml").write_text(
        'sections:\n  - {id: "::error::one", title: "Scope\\n::set-output name=p::1", line: 1}\n'
        '  - {id: "2", title: "\\u001b[2JFiles \\u2028x", line: 3}\n', encoding="utf-8")
    result = run(tmp_path, monkeypatch, "outline", name, "--structure", "sections.yaml",
                 "--format", fmt)
    assert result.code == 0, result.stderr
    assert_safe(result, fmt)
    assert "\x1b" not in result.stdout
    if fmt == "text":
        assert "\n  \\::error::one  Scope" in result.stdout
