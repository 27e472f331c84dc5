"""`summcheck outline` as data and as text, and `--sections` / `sections:` reaching the loader.

The JSON form is read by scripts (schemas/outline.schema.json); the text form by people, who
need page-label runs, not 300 pairs, and by scripts that parse its section rows.
"""
from __future__ import annotations

import importlib.resources
import json
import re
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from pdf_builder import make_pdf
from typer.testing import CliRunner

from summcheck.cli import app
from summcheck.model import HeadingDecision, Page, Section, Span, Structure
from summcheck.report.outline import label_runs, label_summary, render_json, render_text
from summcheck.sources import load_source


# GPL-3 sections 4 and 5 as the FSF's plain-text licence lays them out (one page, no breaks).
GPL_EXCERPT = """\
  4. Conveying Verbatim Copies.

  You may convey verbatim copies of the Program's source code as you
receive it, in any medium, provided that you conspicuously and
appropriately publish on each copy an appropriate copyright notice.

  5. Conveying Modified Source Versions.

  You may convey a work based on the Program, or the modifications to
produce it from the Program, in the form of source code under the
terms of section 4, provided that you also meet all of these conditions.
"""
# Roman front matter i–iv, a one-page insert T-1, then arabic 1–30.
LABELS = [{"startpage": 0, "prefix": "", "style": "r", "firstpagenum": 1},
          {"startpage": 4, "prefix": "T-", "style": "D", "firstpagenum": 1},
          {"startpage": 5, "prefix": "", "style": "D", "firstpagenum": 1}]
SIDECAR = ("sections:\n"
           "  - {id: '1', page: iv, title: Einführung}\n"
           "  - {id: '1.1', page: iv, title: Getting started}\n"
           "  - {id: '2', page: T-1}\n"
           "  - {id: '2.1', page: '3'}\n")


def outline(*args: str):
    return CliRunner().invoke(app, ["outline", *args])


def schema() -> dict:
    return json.loads((importlib.resources.files("summcheck") / "schemas" / "outline.schema.json")
                      .read_text(encoding="utf-8"))


def _pdf(path: Path, n: int, *, labels=None, toc=None, lines=None) -> Path:
    pages = ["\n".join((lines or {}).get(i, [f"Body text of page {i + 1}."])) for i in range(n)]
    return make_pdf(path, pages, labels=labels, toc=toc)


def _guide(tmp: Path) -> Path:
    """36 pages: i–iv, T-1, 1–31; Einführung and Getting started on p. iv."""
    lines = {3: ["Running head", "Einführung", "Getting started", "Install the tool first."],
             4: ["Tables", "A table insert."], 7: ["Storage", "Keys are stored encrypted."]}
    return _pdf(tmp / "guide.pdf", 36, labels=LABELS, lines=lines,
                toc=[[1, "Einführung", 4], [2, "Getting started", 4], [1, "Storage", 8]])


# ---------------------------------------------------------------- JSON


def test_json_outline_of_a_text_source(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "GPL-3.txt").write_text(GPL_EXCERPT, encoding="utf-8")
    result = outline("GPL-3.txt", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    Draft202012Validator(schema()).validate(data)
    assert list(data) == ["source", "kind", "method", "pages", "sections", "notes"]
    assert (data["source"], data["kind"], data["notes"]) == ("GPL-3.txt", "text", [])
    assert data["pages"] == [{"number": 1, "label": None, "start": 0, "end": len(GPL_EXCERPT)}]
    doc = load_source(tmp_path / "GPL-3.txt")
    assert data["method"] == doc.structure.method
    assert [s["id"] for s in data["sections"]] == ["4", "5"]
    four, five = data["sections"]
    assert four["title"] == "Conveying Verbatim Copies."
    # A text without page breaks is one page: no page to cite, but a physical page and a line.
    assert (four["page"], four["page_label"], four["physical_page"], four["line"]) == (None, None, 1, 1)
    assert five["line"] == GPL_EXCERPT.split("\n").index("  5. Conveying Modified Source Versions.") + 1
    assert GPL_EXCERPT[four["start"]:four["end"]].lstrip().startswith("4. Conveying")
    assert four["end"] == five["start"] and five["end"] == len(GPL_EXCERPT)
    assert "decisions" not in data


def test_json_outline_of_a_pdf_with_labels(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _guide(tmp_path)
    result = outline("guide.pdf", "-f", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    Draft202012Validator(schema()).validate(data)
    assert data["kind"] == "pdf" and len(data["pages"]) == 36
    assert [p["label"] for p in data["pages"][:7]] == ["i", "ii", "iii", "iv", "T-1", "1", "2"]
    assert data["pages"][-1] == {**data["pages"][-1], "number": 36, "label": "31"}
    doc = load_source(tmp_path / "guide.pdf")
    assert [p["start"] for p in data["pages"]] == [p.span.start for p in doc.pages]
    assert [s["id"] for s in data["sections"]] == [s.ident for s in doc.structure.sections]
    for section in data["sections"]:  # however detection placed them, the places agree
        page = doc.page_of(section["start"])
        assert section["physical_page"] == page.number
        assert section["page"] == section["page_label"] == page.label
        assert section["line"] == doc.line_of(section["start"])


def test_json_outline_with_a_sidecar_is_exact_and_stable(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _guide(tmp_path)
    (tmp_path / "guide.sections.yaml").write_text(SIDECAR, encoding="utf-8")
    first = outline("guide.pdf", "-f", "json", "--structure", "guide.sections.yaml")
    assert first.exit_code == 0, first.output
    assert first.stdout == outline("guide.pdf", "-f", "json", "--structure",
                                   "guide.sections.yaml").stdout  # byte for byte
    assert "Einführung" in first.stdout  # not \u00fc: ensure_ascii=False
    data = json.loads(first.stdout)
    Draft202012Validator(schema()).validate(data)
    assert data["method"] == "sidecar"
    rows = [(s["id"], s["title"], s["level"], s["page"], s["page_label"], s["physical_page"],
             s["evidence"]) for s in data["sections"]]
    assert rows == [("1", "Einführung", 1, "iv", "iv", 4, "sidecar"),
                    ("1.1", "Getting started", 2, "iv", "iv", 4, "sidecar"),
                    ("2", "", 1, "T-1", "T-1", 5, "sidecar"),
                    ("2.1", "", 2, "3", "3", 8, "sidecar")]
    one, one_one, two, two_one = data["sections"]
    assert one["end"] == two["start"] and one_one["end"] == two["start"]
    assert two["start"] == data["pages"][4]["start"] and two_one["end"] == data["pages"][-1]["end"]
    # --page-numbers physical cites physical pages; the label stays beside it.
    physical = json.loads(outline("guide.pdf", "-f", "json", "--structure", "guide.sections.yaml",
                                  "--page-numbers", "physical").stdout)
    assert [(s["page"], s["page_label"]) for s in physical["sections"]] == [
        ("4", "iv"), ("4", "iv"), ("5", "T-1"), ("8", "3")]


def test_outline_schema_is_2020_12():
    packaged = schema()
    Draft202012Validator.check_schema(packaged)
    assert packaged["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert packaged["$id"].endswith("/outline.schema.json")
    assert packaged["title"] and packaged["description"]
    # The names external scripts read.
    section = packaged["$defs"]["section"]["properties"]
    assert {"id", "title", "page", "page_label", "line"} <= set(section)


@pytest.mark.parametrize("breakage", [
    lambda d: d.pop("method"),
    lambda d: d["sections"][0].pop("page_label"),
    lambda d: d["sections"][0].update(line=0),
    lambda d: d["sections"][0].update(physical_page="4"),
    lambda d: d["pages"][0].update(extra=1),
    lambda d: d.update(kind="docx"),
    lambda d: d["decisions"][0].update(kept="yes"),
])
def test_outline_schema_is_strict(tmp_path, breakage):
    doc = load_source(_guide(tmp_path))
    page = doc.pages[3]
    section = Section("1", "Einführung", Span(page.span.start, len(doc.text)),
                      doc.line_of(page.span.start), 1, "outline")
    doc._structure = Structure([section], [HeadingDecision(3, 4, "Einführung", "1", True, "outline")],
                               "outline")
    data = json.loads(render_json(doc, Path("guide.pdf"), explain=True))
    Draft202012Validator(schema()).validate(data)
    breakage(data)
    assert not Draft202012Validator(schema()).is_valid(data)


# ---------------------------------------------------------------- text: page-label runs


def _pages(labels: list[str | None]) -> list[Page]:
    return [Page(i + 1, label, Span(i * 10, i * 10 + 9)) for i, label in enumerate(labels)]


def test_label_runs_follow_one_numbering_style():
    labels = (["i", "ii", "iii", "iv"] + ["T-1"] + [str(n) for n in range(1, 11)] + ["A-1", "A-2"]
              + [None, None, None] + ["a", "b", "c"] + ["IX", "X", "XI"] + ["7", "7"] + ["09", "10"])
    runs = [[p.label for p in run] for run in label_runs(_pages(labels))]
    assert runs == [["i", "ii", "iii", "iv"], ["T-1"], [str(n) for n in range(1, 11)], ["A-1", "A-2"],
                    [None, None, None], ["a", "b", "c"], ["IX", "X", "XI"], ["7"], ["7"], ["09", "10"]]
    # A run keeps the style it started in: "v" after "iv" is roman, "w" would not continue it.
    assert [len(r) for r in label_runs(_pages(["iv", "v", "w"]))] == [2, 1]
    assert [len(r) for r in label_runs(_pages(["u", "v", "w"]))] == [3]


def test_label_summary_prints_the_ends_of_long_runs():
    labels = ["i", "ii", "iii"] + [None] + ["T-1"] + [str(n) for n in range(1, 249)] + ["A", "B"]
    assert label_summary(_pages(labels)) == (
        "1→i … 3→iii, 4→-, 5→T-1, 6→1 … 253→248, 254→A, 255→B")


def test_text_outline_compresses_label_runs_and_keeps_the_section_rows(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _guide(tmp_path)
    (tmp_path / "guide.sections.yaml").write_text(SIDECAR, encoding="utf-8")
    result = outline("guide.pdf", "--structure", "guide.sections.yaml")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("guide.pdf: pdf, 36 pages, ") and lines[0].endswith(
        "4 sections (by sidecar)")
    assert "page labels (physical → printed): 1→i … 4→iv, 5→T-1, 6→1 … 36→31" in lines
    doc = load_source(tmp_path / "guide.pdf")
    start = lines.index("sections:")
    line_of = {t: doc.line_of(doc.text.index(t)) for t in ("Einführung", "Getting started")}
    assert lines[start + 1:] == [
        f"  1  Einführung  (p. iv, line {line_of['Einführung']})",
        f"    1.1  Getting started  (p. iv, line {line_of['Getting started']})",
        f"  2    (p. T-1, line {doc.line_of(doc.pages[4].span.start)})",
        f"    2.1    (p. 3, line {doc.line_of(doc.pages[7].span.start)})"]
    row = re.compile(r"^  (?P<indent>(?:  )*)(?P<ident>\S+)  (?P<title>.*)  "
                     r"\(p\. (?P<page>\S+), line (?P<line>\d+)\)$")
    assert all(row.match(line) for line in lines[start + 1:])


# ---------------------------------------------------------------- --explain


DECISIONS = [HeadingDecision(1, 1, "Contents", "", False, "no number"),
             HeadingDecision(44, 2, "1.1 Getting started ........ 3", "1.1", False, "table of contents"),
             HeadingDecision(132, 4, "1.1 Getting started", "1.1", True, "outline entry")]


def _explained(tmp: Path):
    doc = load_source(_guide(tmp))
    doc._structure = Structure(list(doc.structure.sections), DECISIONS, "outline")
    return doc


def test_explain_text_lists_every_candidate(tmp_path):
    text = render_text(_explained(tmp_path), Path("guide.pdf"), explain=True)
    tail = text.splitlines()[-4:]
    assert tail == ["heading candidates (1 kept, 2 dropped):",
                    "  line 1    p. i   dropped  -    Contents — no number",
                    "  line 44   p. ii  dropped  1.1  Getting started ........ 3 — table of contents",
                    "  line 132  p. iv  kept     1.1  Getting started — outline entry"]
    assert "heading candidates" not in render_text(_explained(tmp_path), Path("guide.pdf"))


def test_explain_json_adds_the_decisions(tmp_path):
    data = json.loads(render_json(_explained(tmp_path), Path("guide.pdf"), explain=True))
    Draft202012Validator(schema()).validate(data)
    assert data["decisions"][2] == {"line": 132, "page": "iv", "page_label": "iv", "physical_page": 4,
                                    "text": "1.1 Getting started", "id": "1.1", "kept": True,
                                    "reason": "outline entry"}
    assert [d["kept"] for d in data["decisions"]] == [False, False, True]
    assert "decisions" not in json.loads(render_json(_explained(tmp_path), Path("guide.pdf")))


def test_explain_on_the_command_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "GPL-3.txt").write_text(GPL_EXCERPT, encoding="utf-8")
    doc = load_source(tmp_path / "GPL-3.txt")
    data = json.loads(outline("GPL-3.txt", "-f", "json", "--explain").stdout)
    Draft202012Validator(schema()).validate(data)
    assert [(d["line"], d["id"], d["kept"]) for d in data["decisions"]] == [
        (d.line, d.ident, d.kept) for d in doc.structure.decisions]
    text = outline("GPL-3.txt", "--explain").stdout
    assert re.search(r"^heading candidates(: none recorded| \(\d+ kept, \d+ dropped\):)$", text, re.M)
    assert "heading candidates" not in outline("GPL-3.txt").stdout


# ---------------------------------------------------------------- --sections and sections:

MARKDOWN = "# Guide\n\n## 1. Scope\n\nThe scope.\n\n## 2. Terms\n\nThe terms.\n"


def test_sections_option_reaches_the_loader_from_outline_and_locate(tmp_path, monkeypatch,
                                                                   loader_calls):
    from summcheck.cli import Sections
    from summcheck.structure import SECTION_MODES

    assert tuple(m.value for m in Sections) == SECTION_MODES
    monkeypatch.chdir(tmp_path)
    (tmp_path / "guide.md").write_text(MARKDOWN, encoding="utf-8")
    default = json.loads(outline("guide.md", "-f", "json").stdout)
    assert (default["kind"], default["method"]) == ("markdown", "markdown")
    assert outline("guide.md", "-f", "json", "--sections", "text").exit_code == 0
    runner = CliRunner()
    assert runner.invoke(app, ["locate", "guide.md", "lines 1-2", "--sections", "outline"]).exit_code == 0
    assert [c["sections"] for c in loader_calls] == ["auto", "text", "outline"]
    bad = outline("guide.md", "--sections", "headings")
    assert bad.exit_code == 2 and "headings" in bad.output
    assert len(loader_calls) == 3


@pytest.fixture
def loader_calls(monkeypatch) -> list[dict]:
    """What the check passes to load_source, recorded around the real loader."""
    import summcheck.engine.load
    import summcheck.sources

    calls: list[dict] = []
    real = summcheck.sources.load_source

    def spy(path, **kwargs):
        calls.append({"path": Path(path).name, **kwargs})
        return real(path, **kwargs)

    monkeypatch.setattr(summcheck.sources, "load_source", spy)  # outline, locate
    monkeypatch.setattr(summcheck.engine.load, "load_source", spy)  # check, table
    return calls


def _project(tmp: Path, front: str = "", config: str | None = None) -> None:
    (tmp / "docs").mkdir(exist_ok=True)
    (tmp / "docs" / "guide.md").write_text(MARKDOWN, encoding="utf-8")
    (tmp / "docs" / "claims.jsonl").write_text(json.dumps(
        {"claim": "There is a scope.", "locator": "section 1", "quote": "The scope.",
         "strength": "states"}) + "\n", encoding="utf-8")
    (tmp / "docs" / "summary.md").write_text(
        f"---\nsource: guide.md\nclaims: claims.jsonl\n{front}---\n\nThere is a scope (section 1).\n",
        encoding="utf-8")
    if config is not None:
        (tmp / "summcheck.toml").write_text(config, encoding="utf-8")


def _check(tmp: Path, monkeypatch, *args: str):
    monkeypatch.chdir(tmp)
    return CliRunner().invoke(app, ["check", "docs/summary.md", "--format", "json", *args])


@pytest.mark.parametrize("front, config, args, expected", [
    ("", None, [], "auto"),
    ("sections: text\n", None, [], "text"),
    ("", '[summaries."docs/*.md"]\nsections = "text"\n', [], "text"),
    ("sections: markdown\n", '[summaries."docs/*.md"]\nsections = "text"\n', [], "markdown"),
    ("sections: text\n", None, ["--sections", "outline"], "outline"),
])
def test_sections_reach_the_loader(tmp_path, monkeypatch, loader_calls, front, config, args, expected):
    _project(tmp_path, front, config)
    result = _check(tmp_path, monkeypatch, *args)
    assert result.exit_code in (0, 1), result.output
    assert [(c["path"], c["sections"], c["structure"]) for c in loader_calls] == [
        ("guide.md", expected, None)]


def test_structure_reaches_the_loader_relative_to_its_origin(tmp_path, monkeypatch, loader_calls):
    sidecar = "sections:\n  - {id: '1', line: 3}\n"
    _project(tmp_path, "structure: guide.sections.yaml\n")
    (tmp_path / "docs" / "guide.sections.yaml").write_text(sidecar, encoding="utf-8")
    (tmp_path / "other.yaml").write_text(sidecar, encoding="utf-8")
    assert _check(tmp_path, monkeypatch).exit_code == 0
    assert _check(tmp_path, monkeypatch, "--structure", "other.yaml").exit_code == 0
    assert [c["structure"] for c in loader_calls] == [Path("docs/guide.sections.yaml"), Path("other.yaml")]


def test_api_and_action_pass_sections_through(tmp_path, monkeypatch, loader_calls):
    import summcheck
    from summcheck.action import _parse_extra_args

    _project(tmp_path)
    monkeypatch.chdir(tmp_path)
    summcheck.check("docs/summary.md", sections="text", config=False)
    assert loader_calls[-1]["sections"] == "text"
    assert _parse_extra_args(["--sections", "markdown", "--structure", "s.yaml"]) == {
        "sections": "markdown", "structure": Path("s.yaml")}


@pytest.mark.parametrize("front, config, needles", [
    ("sections: headings\n", None,
     ["docs/summary.md: front matter: sections must be one of auto, outline, text, markdown, "
      "not 'headings'"]),
    ("sections: [text]\n", None, ["docs/summary.md", "sections"]),
    ("structure: 3\n", None, ["docs/summary.md: front matter: structure must be a file name"]),
    ("", '[summaries."docs/*.md"]\nsections = "pdf"\n',
     ["summcheck.toml: summaries.docs/*.md.sections: must be one of auto, outline, text, markdown"]),
    ("", '[summaries."docs/*.md"]\nstructure = ""\n', ["summcheck.toml", "summaries.docs/*.md.structure"]),
])
def test_invalid_sections_settings_are_exit_2(tmp_path, monkeypatch, front, config, needles):
    _project(tmp_path, front, config)
    result = _check(tmp_path, monkeypatch)
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and result.stdout == ""
    for needle in needles:
        assert needle in lines[0], lines[0]
