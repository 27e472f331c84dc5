"""What a careful user notices at once (issue 29): messages that name everything they speak of,
counts in the singular when there is one, a place named once."""
from __future__ import annotations

import shutil
from pathlib import Path

from conftest import run_summcheck

from summcheck.locators.resolve import describe_offset
from summcheck.sources import load_source

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def test_an_unknown_rule_names_the_whole_range_of_codes(tmp_path):
    result = run_summcheck("check", "--select", "SUM999", "summary.md", cwd=tmp_path)
    assert result.returncode == 2
    assert "(codes SUM100…SUM404, names such as quote-not-found" in result.stderr
    assert "`summcheck explain --list` lists them" in result.stderr


def test_a_page_whose_label_is_its_number_is_named_once(tmp_path):
    import pymupdf

    path = tmp_path / "plain.pdf"
    document = pymupdf.open()
    for text in ("First page.", "Second page."):
        document.new_page().insert_text((72, 72), text)
    document.set_page_labels([{"startpage": 0, "prefix": "", "style": "D", "firstpagenum": 1}])
    document.save(path)
    source = load_source(path)
    second = source.pages[1]
    assert describe_offset(source, second.span.start, True) == "p. 2"
    fhs = load_source(EXAMPLES / "fhs" / "fhs-3.0.pdf")
    assert describe_offset(fhs, fhs.pages[20].span.start, True).startswith(
        "p. 14 (physical page 21)")


def test_outline_notes_name_their_file(tmp_path):
    (tmp_path / "latin1.txt").write_bytes("Caf\xe9 au lait.\n".encode("latin-1"))
    result = run_summcheck("outline", "latin1.txt", cwd=tmp_path)
    assert result.returncode == 0
    assert "note: latin1.txt: decoded leniently: invalid UTF-8" in result.stdout


def test_the_report_counts_one_finding_in_the_singular(tmp_path):
    shutil.copytree(EXAMPLES / "rfc3986", tmp_path / "rfc3986")
    (tmp_path / "summcheck.toml").write_text("", encoding="utf-8")
    summary = tmp_path / "rfc3986" / "summary.md"
    text = summary.read_text(encoding="utf-8")
    summary.write_text(text.replace("(section 5.1).", "(section 9.9).", 1), encoding="utf-8")
    result = run_summcheck("report", "summary.md", "-o", "report.html",
                           cwd=tmp_path / "rfc3986")
    assert result.returncode == 0
    assert "(23 sentences, 21 backed, 1 finding)" in result.stderr
    page = (tmp_path / "rfc3986" / "report.html").read_text(encoding="utf-8")
    assert "1 finding (1 error, 0 warnings, 0 notes)" in page


def test_fix_keeps_the_records_own_dash_and_spacing(tmp_path):
    import json

    shutil.copy(EXAMPLES / "rfc3986" / "rfc3986.txt", tmp_path / "rfc3986.txt")
    (tmp_path / "summcheck.toml").write_text("", encoding="utf-8")
    quote = ("A base URI must be established by the parser prior to parsing URI references "
             "that might be relative.")
    records = [{"claim": "The parser establishes a base URI first.", "locator": locator,
                "quote": quote, "strength": "requires"}
               for locator in ("lines 320-321", "lines 320 – 321")]
    (tmp_path / "claims.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records),
                                           encoding="utf-8")
    (tmp_path / "summary.md").write_text(
        "---\nsource: rfc3986.txt\nclaims: claims.jsonl\n---\n\nThe parser must establish a "
        "base URI before parsing a relative reference (lines 1553-1554).\n", encoding="utf-8")
    result = run_summcheck("check", "summary.md", "--fix", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    fixed = [json.loads(line)["locator"]
             for line in (tmp_path / "claims.jsonl").read_text(encoding="utf-8").splitlines()]
    assert fixed == ["lines 1553-1554", "lines 1553 – 1554"]


def test_a_finding_on_a_shared_claims_file_is_told_once(tmp_path):
    shutil.copytree(EXAMPLES / "rfc3986", tmp_path, dirs_exist_ok=True)
    (tmp_path / "summcheck.toml").write_text("", encoding="utf-8")
    claims = tmp_path / "claims.jsonl"
    lines = claims.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[1] = lines[1].replace('"quote": "', '"quote": "Invented words here; ', 1)
    claims.write_text("".join(lines), encoding="utf-8")
    shutil.copy(tmp_path / "summary.md", tmp_path / "again.md")
    result = run_summcheck("check", "summary.md", "again.md", "--format", "concise",
                           "--no-cache", cwd=tmp_path)
    assert result.returncode == 1
    told = [line for line in result.stdout.splitlines() if "SUM201" in line]
    assert len(told) == 1 and told[0].startswith("claims.jsonl:2:")
    # Each summary's own sentence that the record backed is still its own finding.
    assert sum("SUM103" in line for line in result.stdout.splitlines()) == 2


def test_an_unreadable_record_says_once_which_sentences_wait_on_it(tmp_path):
    shutil.copytree(EXAMPLES / "rfc3986", tmp_path, dirs_exist_ok=True)
    (tmp_path / "summcheck.toml").write_text("", encoding="utf-8")
    claims = tmp_path / "claims.jsonl"
    lines = claims.read_text(encoding="utf-8").splitlines(keepends=True)
    assert '"locator": "section 3.4", "quote"' in lines[0]
    lines[0] = lines[0].replace('", "quote"', '" "quote"', 1)  # a comma left out
    claims.write_text("".join(lines), encoding="utf-8")
    result = run_summcheck("check", "summary.md", "--format", "concise", "--no-cache",
                           cwd=tmp_path)
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        "claims.jsonl:1:1: SUM200 invalid record at line 1: $: not valid JSON at column 89: "
        "Expecting ',' delimiter; until it is fixed, the sentence at its place (summary.md "
        "line 13) has no record to back it",
        "Found 1 finding (1 error) in 1 file."]


def test_chunks_prints_a_table_with_headers(tmp_path):
    result = run_summcheck("chunks", str(EXAMPLES / "fhs" / "fhs-3.0.pdf"), cwd=tmp_path)
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[1].split() == ["#", "locator", "characters", "length", "physical", "pages"]
    fourth = lines[5]
    assert fourth.split()[:4] == ["4", "p.", "8", "(physical)"]  # not "pp. 8–8"
    # Every column starts where its header does.
    for header in ("characters", "length"):
        column = lines[1].index(header)
        assert all(line[column - 1] == " " for line in lines[2:])


def _long_report():
    from summcheck.model import Finding
    from summcheck.report import Report, SummaryReport

    message = ("record 'k7': quote not found in the source; closest passage at 'p. 16' (93% "
               "similar); words that differ, [-quote-]{+source+}: '… is [-always-]{+neither+} "
               "guaranteed …'; it stands at p. 31 (physical page 38) and section 12.4.1")
    findings = [Finding("SUM201", "quote-not-found", "error", Path("claims.jsonl"), 3, message)]
    summaries = [SummaryReport(Path(f"summaries/part-{n}.md"), Path("source.pdf"),
                               Path("claims.jsonl"), 40, 12, 12) for n in range(6)]
    return Report(findings=findings, summaries=summaries)


def test_text_lines_wrap_at_the_width_and_never_inside_a_place():
    from summcheck.report.text import TextReporter

    for width in range(40, 101, 3):
        out = TextReporter(width=width).render(_long_report())
        assert all(len(line) <= width for line in out.splitlines()), width
        for place in ("'p. 16'", "p. 31", "physical page 38", "section 12.4.1"):
            assert place in out, (width, place)  # never cut by a line break
    checked = TextReporter(width=60).render(_long_report()).split("Checked ", 1)[1]
    assert checked.count("\n") > 3  # six summaries, wrapped, not one long line


def test_diff_markers_are_coloured_on_a_terminal():
    from summcheck.report.text import TextReporter

    red, green = "\x1b[31m", "\x1b[32m"
    out = TextReporter(color=True, width=200).render(_long_report())
    assert f"{red}[-always-]" in out and f"{green}{{+neither+}}" in out
    plain = TextReporter(color=False, width=200).render(_long_report())
    assert "\x1b[" not in plain and "[-always-]{+neither+}" in plain


def _pdf(path: Path, pages: int) -> Path:
    import pymupdf

    document = pymupdf.open()
    for number in range(pages):
        document.new_page().insert_text((72, 72), f"Page {number + 1} says something.")
    document.save(path)
    return path


def test_a_large_source_tells_how_many_pages_are_extracted(tmp_path):
    from summcheck.sources import pdf
    from summcheck.terminal.ticks import listening

    for pages in (60, 130):  # one process; the parent and a forked one
        heard: list[tuple[str, int, int]] = []
        with listening(lambda *tick: heard.append(tick)):
            load_source(_pdf(tmp_path / f"p{pages}.pdf", pages))
        assert heard and all(unit == "pages" and total == pages for unit, _, total in heard)
        assert [done for _, done, _ in heard] == sorted(done for _, done, _ in heard)
        assert heard[-1] == ("pages", pages, pages)
        if pages < pdf.PARALLEL_MIN_PAGES:
            assert heard == [("pages", 25, 60), ("pages", 50, 60), ("pages", 60, 60)]


def test_the_progress_bar_shows_a_step_while_it_lasts():
    from summcheck.terminal.progress import ProgressBar
    from summcheck.terminal.ticks import tick

    with ProgressBar(1) as bar:
        tick("pages", 25, 100)
        shown = {task.description: (task.completed, task.total) for task in bar._progress.tasks}
        assert shown["  pages"] == (25, 100)
        tick("pages", 100, 100)
        assert [task.description for task in bar._progress.tasks] == ["checking"]
    tick("pages", 1, 2)  # nobody listens any more: nothing happens


def test_check_help_is_in_sections_without_typed_placeholders(tmp_path):
    result = run_summcheck("check", "--help", cwd=tmp_path)
    assert result.returncode == 0
    headings = [line for line in result.stdout.splitlines() if line.endswith(":")
                and not line.startswith(" ")]
    assert headings == ["Arguments:", "Inputs:", "Output:", "Selection:", "CI:", "Speed:",
                        "Other options:"]
    assert "<list[" not in result.stdout and " range>" not in result.stdout
    section = result.stdout.split("Selection:", 1)[1].split("CI:", 1)[0]
    assert "--select <rule>" in section and "--fail-on" in section
    # One column for the help texts, whatever the section.
    lines = result.stdout.splitlines()
    columns = {next(line.index("Rules to run") for line in lines if "Rules to run" in line), *(
        line.index(text) for line in lines
        for text in ("Check summaries in N", "Record every finding", "Source document")
        if text in line)}
    assert len(columns) == 1, columns
    for command in (["audit"], ["chunks"], ["import", "anthropic"], ["pin"]):
        shown = run_summcheck(*command, "--help", cwd=tmp_path).stdout
        assert "<list[" not in shown and " range>" not in shown, command


def test_the_shell_completes_commands_and_options(tmp_path):
    import os
    import subprocess
    import sys

    def complete(words: str) -> list[str]:
        env = dict(os.environ, _SUMMCHECK_COMPLETE="complete_bash", COMP_WORDS=words,
                   COMP_CWORD=str(len(words.split()) - 1))
        # The installed command: its name is what the completion variable is named after.
        command = str(Path(sys.executable).with_name("summcheck"))
        done = subprocess.run([command], env=env, cwd=tmp_path,
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        return done.stdout.split()

    assert complete("summcheck ch") == ["check", "chunks"]
    assert complete("summcheck check --for") == ["--format"]
    script = subprocess.run([str(Path(sys.executable).with_name("summcheck")),
                             "--show-completion", "bash"], capture_output=True, text=True)
    assert script.returncode == 0 and "_SUMMCHECK_COMPLETE=complete_bash" in script.stdout


def test_a_place_is_named_one_way_for_a_fix_and_for_a_citation(tmp_path):
    """SUM202's fix and the optional stage's citations ask one function which places hold a
    span (locators/places.py): an ambiguous innermost section ("1.1" twice) gives way to the
    section around it, for both."""
    from summcheck.model import Span
    from summcheck.pipeline.citations import locator_for_span

    (tmp_path / "source.md").write_text(
        "# 1 Scope\n\nScope text here.\n\n## 1.1 Terms\n\nTerms are defined in this part.\n\n"
        "# 2 Operation\n\nOperation starts here.\n\n## 1.1 Logs\n\n"
        "The operator must keep the logbook for ten years.\n", encoding="utf-8")
    (tmp_path / "claims.jsonl").write_text(
        '{"claim": "Logbooks ten years.", "locator": "section 1", "quote": "The operator must '
        'keep the logbook for ten years", "strength": "requires"}\n', encoding="utf-8")
    (tmp_path / "summary.md").write_text(
        "---\nsource: source.md\nclaims: claims.jsonl\n---\n\n"
        "Logbooks are kept ten years (section 2).\n", encoding="utf-8")
    (tmp_path / "summcheck.toml").write_text("", encoding="utf-8")
    result = run_summcheck("check", "summary.md", "--fix", "--no-cache", cwd=tmp_path)
    assert result.returncode == 0, result.stdout
    assert '"locator": "section 2"' in (tmp_path / "claims.jsonl").read_text(encoding="utf-8")
    source = load_source(tmp_path / "source.md")
    start = source.text.index("The operator")
    place = locator_for_span(source, Span(start, start + 48), prefer="section")
    assert place is not None and place.locator == "section 2"


def test_a_check_resolves_each_summarys_inputs_once(tmp_path, monkeypatch):
    """The output guard, the sharding, the outcome's key and the load all read one resolution
    of a summary's inputs (inputs.resolution.ResolvedInputs), not one each."""
    from typer.testing import CliRunner

    from summcheck.cli import app
    from summcheck.inputs import resolution

    shutil.copytree(EXAMPLES / "rfc3986", tmp_path, dirs_exist_ok=True)
    (tmp_path / "summcheck.toml").write_text("", encoding="utf-8")
    calls: list[tuple[str, bool]] = []
    real = resolution.resolve_inputs

    def counted(summary, front, config, given=None, strict=True):
        calls.append((Path(summary).name, strict))
        return real(summary, front, config, given, strict)

    monkeypatch.setattr(resolution, "resolve_inputs", counted)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["check", "summary.md", "-o", "report.txt"])
    assert result.exit_code == 0, result.output
    # The guard, the sharding, the outcome's key and the load: one resolution.
    assert calls == [("summary.md", True)]


def test_a_list_of_lines_in_a_message_leaves_its_fingerprint_alone():
    from summcheck.model import Finding
    from summcheck.report.fingerprints import fingerprint_base

    def finding(lines: str) -> Finding:
        return Finding("SUM200", "invalid-claim-record", "error", Path("claims.jsonl"), 3,
                       f"invalid record at line 3: $: not valid JSON; until it is fixed, 3 "
                       f"sentences at its place (summary.md {lines}) have no record to back them")

    moved = fingerprint_base(finding("lines 14, 16, 20"), "claims.jsonl")
    assert fingerprint_base(finding("lines 13, 15, 19"), "claims.jsonl") == moved
    assert fingerprint_base(finding("lines 13, 15, 19, 21, 22, 30, 31, 40, …"),
                            "claims.jsonl") == moved


def test_the_rules_that_say_they_read_only_records_never_read_the_summary():
    """Rule.reads == "records" lets the engine reuse a rule's problems while the claims
    file's records stay (engine/run._rule_problems): such a rule must never look at the
    summary, or a reused problem would be stale."""
    from summcheck.engine.options import Options
    from summcheck.engine.run import analyse_summary
    from summcheck.rules import all_rules

    analysis = analyse_summary(EXAMPLES / "defects" / "summary.md", Options())

    class RecordsOnly:
        def __getattr__(self, name):
            if name in ("summary", "sentences"):
                raise AssertionError(f"a records-only rule read analysis.{name}")
            return getattr(analysis, name)

    readers = [rule for rule in all_rules() if rule.reads == "records"]
    assert {rule.code for rule in readers} >= {"SUM201", "SUM202", "SUM205", "SUM301", "SUM302"}
    found = {rule.code: list(rule.check(RecordsOnly(), **rule.keywords({})))
             for rule in readers}
    assert found["SUM201"] and found["SUM202"]  # the example's defects, found without it
