"""Structure sidecar files: a user states a source's sections in YAML or JSON, by page or line.

The sidecar replaces detection, so every entry must land exactly where it says, and every
mistake in it must stop the run (exit 2) with one line naming the file and the entry.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pdf_builder import make_pdf
from typer.testing import CliRunner

from summcheck.cli import app
from summcheck.model import InputError
from summcheck.sources import load_source
from summcheck.structure.sidecar import read_sidecar

# RFC 3986, section 3.1 and the start of 3.2, with its numbers taken off the headings: detection
# finds no section 3.1 here, only a sidecar can name it.
UNNUMBERED = """\
Scheme

   Each URI begins with a scheme name that refers to a specification for
   assigning identifiers within that scheme.

   Scheme names consist of a sequence of characters beginning with a
   letter and followed by any combination of letters, digits, plus
   ("+"), period ("."), or hyphen ("-").  Although schemes are case-
   insensitive, the canonical form is lowercase and documents that
   specify schemes must do so with lowercase letters.
\fAuthority

   Many URI schemes include a hierarchical element for a naming
   authority so that governance of the name space defined by the
   remainder of the URI is delegated to that authority.
"""
RECORD = {"claim": "Scheme specifications use lowercase.", "locator": "section 3.1",
          "quote": "documents that specify schemes must do so with lowercase letters",
          "strength": "requires"}
SENTENCE = "Scheme specifications must use lowercase letters (section 3.1).\n"


def _text_source(tmp: Path) -> Path:
    path = tmp / "rfc.txt"
    path.write_text(UNNUMBERED, encoding="utf-8")
    return path


def _pdf(path: Path, pages: list[str], *, labels=None) -> Path:
    return make_pdf(path, pages, labels=labels)


# Roman front matter i–iv, then arabic 1–3.
ROMAN_THEN_ARABIC = [{"startpage": 0, "prefix": "", "style": "r", "firstpagenum": 1},
                     {"startpage": 4, "prefix": "", "style": "D", "firstpagenum": 1}]
PDF_PAGES = ["Title", "Contents", "Foreword\nThis edition adds key rotation.",
             "Running head\nGetting started\nInstall the tool first.",
             "Key rotation\nKeys shall be rotated at least every 90 days.",
             "Storage\nKeys are stored encrypted.", "Index"]


def _write(path: Path, data) -> Path:
    if path.suffix == ".json":
        path.write_text(json.dumps(data), encoding="utf-8")
    else:
        path.write_text(data, encoding="utf-8")
    return path


def _sections(structure) -> list[tuple]:
    return [(s.ident, s.title, s.line, s.level, s.evidence) for s in structure.sections]


# ---------------------------------------------------------------- placing sections


def test_yaml_sidecar_places_sections_by_line_and_by_page(tmp_path):
    doc = load_source(_text_source(tmp_path))
    sidecar = _write(tmp_path / "rfc.sections.yaml", (
        "sections:\n"
        "  - {id: '3', line: 1, title: Syntax Components, level: 1}\n"
        "  - id: 3.1\n"
        "    line: 1\n"
        "  - {id: 3.2, page: 2, title: Authority}\n"))
    structure = read_sidecar(doc, sidecar)
    assert structure.method == "sidecar" and structure.decisions == []
    # A title left out is read from the line, without its number; level counts the id's parts.
    assert _sections(structure) == [("3", "Syntax Components", 1, 1, "sidecar"),
                                    ("3.1", "Scheme", 1, 2, "sidecar"),
                                    ("3.2", "Authority", 11, 2, "sidecar")]
    top, scheme, authority = structure.sections
    page2 = doc.pages[1]
    assert authority.span.start == page2.span.start == doc.text.index("Authority")
    # 3.1 ends where 3.2 begins; 3 (a higher level) runs to the end of the text.
    assert scheme.span == type(scheme.span)(0, authority.span.start)
    assert top.span.end == authority.span.end == len(doc.text)


def test_json_sidecar_keeps_ids_as_written(tmp_path):
    doc = load_source(_text_source(tmp_path))
    # 3.10 as a JSON number (and in YAML unquoted) must not become the float 3.1.
    sidecar = tmp_path / "rfc.structure.json"
    sidecar.write_text('{"sections": [{"id": 3.10, "line": 11}, {"id": 7, "page": 1}]}',
                       encoding="utf-8")
    assert [(s.ident, s.line) for s in read_sidecar(doc, sidecar).sections] == [("7", 1), ("3.10", 11)]
    yaml_sidecar = _write(tmp_path / "rfc.yml", "sections:\n  - {id: 3.10, line: 11}\n")
    assert [s.ident for s in read_sidecar(doc, yaml_sidecar).sections] == ["3.10"]


def test_page_with_title_starts_at_the_title_line_else_at_the_page(tmp_path):
    doc = load_source(_text_source(tmp_path))
    sidecar = _write(tmp_path / "s.yaml", "sections:\n"
                     "  - {id: A, page: 2, title: 'many URI schemes include'}\n"
                     "  - {id: B, page: 1, title: not on this page}\n")
    b, a = read_sidecar(doc, sidecar).sections
    assert (a.ident, a.line) == ("A", doc.line_of(doc.text.index("   Many URI schemes")))
    assert a.span.start == doc.line_starts[a.line - 1]
    assert (b.ident, b.line, b.span.start) == ("B", 1, 0)


def test_pdf_sidecar_pages_are_printed_labels(tmp_path):
    path = _pdf(tmp_path / "guide.pdf", PDF_PAGES, labels=ROMAN_THEN_ARABIC)
    doc = load_source(path)
    assert doc.has_labels
    sidecar = _write(tmp_path / "guide.sections.json", {"sections": [
        {"id": "1", "page": "iv", "title": "Getting started"},
        {"id": "1.1", "page": 1, "title": "Key rotation"},
        {"id": "1.2", "page": "2"},
    ]})
    started, rotation, storage = read_sidecar(doc, sidecar).sections
    assert [doc.page_of(s.span.start).number for s in (started, rotation, storage)] == [4, 5, 6]
    # The title places the section on its line, past the running head above it.
    assert doc.text[started.span.start:].startswith("Getting started")
    assert doc.text[rotation.span.start:].startswith("Key rotation")
    assert storage.span.start == doc.pages[5].span.start and storage.title == ""
    assert started.span.end == len(doc.text) and rotation.span.end == storage.span.start
    # A label is not a physical number: p. 7 does not exist in a PDF that prints i–iv, 1–3.
    bad = _write(tmp_path / "bad.json", {"sections": [{"id": "9", "page": 7}]})
    with pytest.raises(InputError, match=r"bad\.json: sections\[0\]: page '7' does not exist"):
        read_sidecar(doc, bad)


def test_pdf_without_labels_takes_physical_pages(tmp_path):
    doc = load_source(_pdf(tmp_path / "plain.pdf", PDF_PAGES))
    sidecar = _write(tmp_path / "plain.yaml", "sections:\n  - {id: '2', page: 5, title: Key rotation}\n")
    (section,) = read_sidecar(doc, sidecar).sections
    assert doc.page_of(section.span.start).number == 5 and section.title == "Key rotation"


def test_sidecar_replaces_detection_in_outline_and_locate(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _text_source(tmp_path)
    _write(tmp_path / "rfc.yaml", "sections:\n  - {id: '3.1', line: 1}\n  - {id: '3.2', line: 11}\n")
    runner = CliRunner()
    plain = json.loads(runner.invoke(app, ["outline", "rfc.txt", "-f", "json"]).stdout)
    assert "3.1" not in [s["id"] for s in plain["sections"]]
    result = runner.invoke(app, ["outline", "rfc.txt", "-f", "json", "--structure", "rfc.yaml"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["method"] == "sidecar"
    assert [(s["id"], s["title"], s["page"], s["line"], s["evidence"]) for s in data["sections"]] == [
        ("3.1", "Scheme", "1", 1, "sidecar"), ("3.2", "Authority", "2", 11, "sidecar")]
    located = runner.invoke(app, ["locate", "rfc.txt", "section 3.1", "--structure", "rfc.yaml"])
    assert located.exit_code == 0, located.output
    assert "specify schemes must do so with lowercase letters" in located.stdout
    assert "Many URI schemes" not in located.stdout
    assert runner.invoke(app, ["locate", "rfc.txt", "section 3.1"]).exit_code == 2


# ---------------------------------------------------------------- in a check


def _project(tmp: Path, front: str = "") -> Path:
    (tmp / "docs").mkdir(exist_ok=True)
    _text_source(tmp / "docs")
    (tmp / "docs" / "claims.jsonl").write_text(json.dumps(RECORD) + "\n", encoding="utf-8")
    summary = tmp / "docs" / "summary.md"
    summary.write_text(f"---\nsource: rfc.txt\nclaims: claims.jsonl\n{front}---\n\n{SENTENCE}",
                       encoding="utf-8")
    return summary


def _check(tmp: Path, monkeypatch, *args: str):
    monkeypatch.chdir(tmp)
    return CliRunner().invoke(app, ["check", "docs/summary.md", "--format", "json", *args])


def test_front_matter_structure_is_relative_to_the_summary(tmp_path, monkeypatch):
    _project(tmp_path)
    without = _check(tmp_path, monkeypatch)
    assert without.exit_code == 1  # section 3.1 is nowhere without the sidecar
    assert {"SUM102", "SUM206"} <= {f["rule"] for f in json.loads(without.stdout)["findings"]}
    _write(tmp_path / "docs" / "rfc.sections.yaml", "sections:\n  - {id: '3.1', line: 1}\n")
    _project(tmp_path, "structure: rfc.sections.yaml\n")
    result = _check(tmp_path, monkeypatch)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["summaries"][0]["verified"] == 1


def test_mapping_and_command_line_structure(tmp_path, monkeypatch):
    _project(tmp_path)
    _write(tmp_path / "docs" / "rfc.sections.yaml", "sections:\n  - {id: '3.1', line: 1}\n")
    (tmp_path / "summcheck.toml").write_text(
        '[summaries."docs/*.md"]\nstructure = "docs/rfc.sections.yaml"\n', encoding="utf-8")
    assert _check(tmp_path, monkeypatch).exit_code == 0  # relative to the configuration file
    (tmp_path / "summcheck.toml").unlink()
    assert _check(tmp_path, monkeypatch).exit_code == 1
    assert _check(tmp_path, monkeypatch, "--structure", "docs/rfc.sections.yaml").exit_code == 0


def test_api_takes_a_structure(tmp_path, monkeypatch):
    import summcheck

    summary = _project(tmp_path)
    _write(tmp_path / "docs" / "s.json", {"sections": [{"id": "3.1", "line": 1}]})
    monkeypatch.chdir(tmp_path)
    assert summcheck.check(summary, config=False).exit_code() == 1
    assert summcheck.check(summary, config=False, structure=tmp_path / "docs" / "s.json").exit_code() == 0


def test_a_broken_sidecar_stops_a_check_that_cites_no_section(tmp_path, monkeypatch):
    summary = _project(tmp_path, "structure: missing.yaml\n")
    summary.write_text(summary.read_text().replace("(section 3.1)", "(p. 1)"), encoding="utf-8")
    result = _check(tmp_path, monkeypatch)
    assert result.exit_code == 2
    assert "missing.yaml: no such file" in result.stderr


def test_output_may_not_overwrite_the_sidecar(tmp_path, monkeypatch):
    _project(tmp_path, "structure: rfc.sections.yaml\n")
    sidecar = _write(tmp_path / "docs" / "rfc.sections.yaml", "sections:\n  - {id: '3.1', line: 1}\n")
    result = _check(tmp_path, monkeypatch, "--output", "docs/rfc.sections.yaml")
    assert result.exit_code == 2 and "names an input file" in result.stderr
    assert sidecar.read_text() == "sections:\n  - {id: '3.1', line: 1}\n"


# ---------------------------------------------------------------- every mistake is exit 2

ERRORS = [
    ("s.yaml", "sections:\n  - {id: '1', page: xx}\n", r"sections\[0\]: page 'xx' does not exist"),
    ("s.yaml", "sections:\n  - {id: '1', page: 3}\n", r"sections\[0\]: page '3' does not exist"),
    ("s.yaml", "sections:\n  - {id: '1', line: 1}\n  - {id: '2', line: 99}\n",
     r"sections\[1\]: line 99 is past the end \(the source has 15 lines\)"),
    ("s.yaml", "sections:\n  - {line: 3, title: Scheme}\n", r"sections\[0\]: missing id"),
    ("s.yaml", "sections:\n  - {id: '', line: 3}\n", r"sections\[0\]: id is empty"),
    ("s.yaml", "sections:\n  - {id: '1'}\n", r"sections\[0\]: needs page or line"),
    ("s.yaml", "sections:\n  - {id: '1', line: three}\n",
     r"sections\[0\]: line must be a whole number from 1, not 'three'"),
    ("s.yaml", "sections:\n  - {id: '1', line: 0}\n", r"sections\[0\]: line must be a whole number"),
    ("s.yaml", "sections:\n  - {id: '1', line: 1, level: -1}\n", r"sections\[0\]: level must be"),
    ("s.yaml", "sections:\n  - {id: '1', line: 1, titel: Scheme}\n",
     r"sections\[0\]: unknown key 'titel'; use id, page, line, title, level"),
    ("s.yaml", "sections:\n  - {id: '1', page: 2, line: 1}\n", r"sections\[0\]: line 1 is not on page '2'"),
    ("s.yaml", "sections:\n  - {id: [1, 2], line: 1}\n", r"sections\[0\]: id must be a string"),
    ("s.yaml", "sections:\n  - just a heading\n", r"sections\[0\]: must be a mapping"),
    ("s.yaml", "sections: {id: '1'}\n", r"sections: must be a list"),
    ("s.yaml", "- {id: '1', line: 1}\n", r"expected a mapping with sections:"),
    ("s.yaml", "sections: []\nsource: rfc.txt\n", r"unknown key 'source'"),
    ("s.yaml", "sections:\n  - {id: '1', line: 1\n", r"invalid YAML at line \d+"),
    ("s.yaml", "   \n", r"is empty"),
    ("s.json", '{"sections": [{"id": "1", "line": 1},]}', r"invalid JSON at line 1, column \d+"),
    ("s.json", '{"sections": [{"id": true, "line": 1}]}', r"sections\[0\]: id must be a string"),
    ("s.json", '{"sections": [{"id": "1", "line": 2.5}]}', r"sections\[0\]: line must be a whole number"),
    ("s.toml", "[[sections]]\nid = '1'\n", r"a structure file is YAML \(\.yaml, \.yml\) or JSON"),
    # Nested far past any parser's recursion limit: one line, never a RecursionError.
    ("s.json", '{"sections": ' + "[" * 100_000 + "]" * 100_000 + "}", r"nested too deeply"),
    ("s.yaml", "sections: " + "[" * 100_000 + "]" * 100_000 + "\n",
     r"invalid YAML.*(nesting depth|nested too deeply)"),  # libyaml's words, or PyYAML's limit
    ("s.yaml", "sections:\n" + "- " * 30_000 + "x\n", r"invalid YAML.*(nesting depth|nested too deeply)"),
    ("missing.yaml", None, r"no such file"),
]


@pytest.mark.parametrize("name, content, message", ERRORS, ids=[e[2][:40] for e in ERRORS])
def test_every_sidecar_mistake_is_exit_2_naming_the_file(tmp_path, monkeypatch, name, content, message):
    monkeypatch.chdir(tmp_path)
    _text_source(tmp_path)
    if content is not None:
        (tmp_path / name).write_text(content, encoding="utf-8")
    result = CliRunner().invoke(app, ["outline", "rfc.txt", "--structure", name])
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr
    assert lines[0].startswith(f"summcheck: error: {name}: "), lines[0]
    assert re.search(message, lines[0]), lines[0]


def test_yaml_tags_construct_nothing(tmp_path):
    doc = load_source(_text_source(tmp_path))
    marker = tmp_path / "ran"
    sidecar = _write(tmp_path / "tagged.yaml",
                     f"sections: !!python/object/apply:os.system ['touch {marker}']\n")
    with pytest.raises(InputError, match=r"tagged\.yaml: sections\[0\]: must be a mapping"):
        read_sidecar(doc, sidecar)
    assert not marker.exists()


def test_a_label_printed_twice_asks_for_a_line(tmp_path):
    # Two runs of arabic numbers: "1" is printed on physical pages 1 and 4.
    labels = [{"startpage": 0, "prefix": "", "style": "D", "firstpagenum": 1},
              {"startpage": 3, "prefix": "", "style": "D", "firstpagenum": 1}]
    doc = load_source(_pdf(tmp_path / "twice.pdf", PDF_PAGES[:5], labels=labels))
    sidecar = _write(tmp_path / "twice.yaml", "sections:\n  - {id: '1', page: 1}\n")
    with pytest.raises(InputError, match=r"twice\.yaml: sections\[0\]: page '1' is printed on "
                                         r"several pages \(physical 1, 4\); place the section by line"):
        read_sidecar(doc, sidecar)


def test_sidecar_error_in_a_check_names_the_sidecar(tmp_path, monkeypatch):
    _project(tmp_path, "structure: rfc.sections.yaml\n")
    _write(tmp_path / "docs" / "rfc.sections.yaml", "sections:\n  - {id: '3.1', page: iv}\n")
    result = _check(tmp_path, monkeypatch)
    assert result.exit_code == 2
    assert result.stderr.strip() == ("summcheck: error: docs/rfc.sections.yaml: sections[0]: "
                                     "page 'iv' does not exist (the source has 2 pages)")
