"""`summcheck table SUMMARY`: the claim records as an index into the source, grouped by topic,
as Markdown (default) or JSON, run through the command line as a user runs it (in this process).

Sources are fixtures from tests/fixtures/emphasis/ (provenance in its README): the English
deb-src-symbols(5) man page, whose text holds `|` characters, and the DSGVO excerpt.
"""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import run_summcheck

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "emphasis"
HEADER = "| claim | strength | locator | quote | match | cited by |"

RECORDS = [
    {"id": "t1", "topic": "tags", "claim": "A tag specification holds at least one tag.",
     "locator": "line 21", "strength": "requires",
     "quote": "It always starts with an opening bracket (, ends with a closing bracket ) and must "
              "contain at least one tag."},
    {"id": "w1", "topic": "wildcards", "claim": "Old wildcard patterns are rewritten.",
     "locator": "line 111", "strength": "recommends",
     "quote": '"*@GLIBC_2.0 2.0" should be written as "(symver|optional)GLIBC_2.0 2.0"'},
    {"id": "t2", "topic": "tags", "claim": "Tags are separated by |.", "locator": "line 21",
     "strength": "states", "quote": "Multiple tags are separated by the | character."},
    # The source has ‘#’ (curly quotation marks): a normalized match.
    {"id": "c1", "claim": "Lines starting with # are comments.", "locator": "line 13",
     "strength": "states",
     "quote": "Any line with '#' as the first character is a comment"},
    # Stands in the source, but at line 21, not 111: misplaced.
    {"id": "t3", "topic": "tags", "claim": "Tags are separated by a bar.", "locator": "line 111",
     "strength": "states", "quote": "Multiple tags are separated by the | character."},
    # Stands nowhere.
    {"id": "n1", "claim": "Tags are separated by slashes.", "locator": "line 21",
     "strength": "states", "quote": "Multiple tags are separated by the / character."},
]
SENTENCES = [
    "A tag specification is enclosed in brackets and must contain at least one tag (line 21).",
    "Old-style wildcard patterns should be rewritten in the new syntax (line 111).",
    "Both the tag syntax and the new wildcard syntax use the | character (line 21; line 111).",
]


def write_case(folder: Path, source: str, records: list[dict], sentences: list[str]) -> list[int]:
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(FIXTURES / source, folder / "source.txt")
    (folder / "claims.jsonl").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    head = ["---", "source: source.txt", "claims: claims.jsonl", "---", "", "# Summary", ""]
    lines, body = [], []
    for sentence in sentences:
        lines.append(len(head) + len(body) + 1)
        body += [sentence, ""]
    (folder / "summary.md").write_text("\n".join(head + body), encoding="utf-8")
    return lines


def table(folder: Path, *args: str) -> subprocess.CompletedProcess:
    """`summcheck table ARGS` in `folder` (in this process), its output as bytes."""
    done = run_summcheck("table", *args, cwd=folder)
    return subprocess.CompletedProcess(done.args, done.returncode, done.stdout_bytes, done.stderr_bytes)


def cells(row: str) -> list[str]:
    """The cells of a Markdown table row, `\\|` unescaped."""
    assert row.startswith("| ") and row.endswith(" |"), row
    parts = re.split(r"(?<!\\) \| ", row[2:-2])
    return [re.sub(r"\\(.)", r"\1", p) for p in parts]


def parse_markdown(text: str) -> list[tuple[str, list[str]]]:
    """[(topic heading, cells), ...] in order."""
    rows, topic = [], None
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line.startswith("## "):
            topic = line[3:]
            assert lines[i + 2] == HEADER and lines[i + 3] == "|---|---|---|---|---|---|"
        elif line.startswith("| ") and line != HEADER:
            rows.append((topic, cells(line)))
    return rows


@pytest.fixture
def case(tmp_path):
    lines = write_case(tmp_path, "en/deb-src-symbols.5.txt", RECORDS, SENTENCES)
    return tmp_path, lines


def test_markdown_table_grouped_by_topic(case):
    folder, lines = case
    proc = table(folder, "summary.md")
    assert proc.returncode == 0, proc.stderr
    text = proc.stdout.decode("utf-8")
    assert text.startswith("# Claim index: summary.md\n")
    assert [l for l in text.split("\n") if l.startswith("## ")] == [
        "## tags", "## wildcards", "## (no topic)"]  # in order of first appearance
    a, b, c = (f"line {n}" for n in lines)
    assert parse_markdown(text) == [
        ("tags", ["A tag specification holds at least one tag.", "requires", "line 21",
                  "“" + RECORDS[0]["quote"] + "”", "exact", f"{a}, {c}"]),
        ("tags", ["Tags are separated by |.", "states", "line 21",
                  "“Multiple tags are separated by the | character.”", "exact", f"{a}, {c}"]),
        ("tags", ["Tags are separated by a bar.", "states", "line 111",
                  "“Multiple tags are separated by the | character.”", "misplaced", c]),
        ("wildcards", ["Old wildcard patterns are rewritten.", "recommends", "line 111",
                       "“" + RECORDS[1]["quote"] + "”", "exact", f"{b}, {c}"]),
        ("(no topic)", ["Lines starting with # are comments.", "states", "line 13",
                        "“Any line with '#' as the first character is a comment”", "normalized",
                        "—"]),
        ("(no topic)", ["Tags are separated by slashes.", "states", "line 21",
                        "“Multiple tags are separated by the / character.”", "not found",
                        f"{a}, {c}"]),
    ]


def test_pipes_are_escaped(case):
    folder, _ = case
    text = table(folder, "summary.md").stdout.decode("utf-8")
    row = next(l for l in text.split("\n") if "GLIBC_2.0" in l)
    assert r'"(symver\|optional)GLIBC_2.0 2.0"' in row
    assert r"Tags are separated by \|." in text
    # Every row has exactly six cells once escaped pipes are respected.
    for line in text.split("\n"):
        if line.startswith("|") and not line.startswith("|---"):
            assert len(re.findall(r"(?<!\\)\|", line)) == 7, line


def test_json_gives_the_same_rows(case):
    folder, lines = case
    markdown = parse_markdown(table(folder, "summary.md").stdout.decode("utf-8"))
    proc = table(folder, "summary.md", "--format", "json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    rows = data["claims"]
    assert [r["id"] for r in rows] == ["t1", "t2", "t3", "w1", "c1", "n1"]
    by_id = {r["id"]: r for r in RECORDS}
    for row, (topic, md) in zip(rows, markdown, strict=True):
        record = by_id[row["id"]]
        assert row["topic"] == record.get("topic") and topic == (row["topic"] or "(no topic)")
        assert row["line"] == RECORDS.index(record) + 1  # where the record starts
        assert [row["claim"], row["strength"], row["locator"], f"“{row['quote']}”",
                row["match"]] == md[:5]
        assert row["quote"] == record["quote"] and row["claim"] == record["claim"]
        assert md[5] == (", ".join(f"line {n}" for n in row["cited_by"]) or "—")
    # A record that failed is cited by the sentences that rest on it (binding.py): those
    # whose locator holds its own and that share its words, as their failing evidence.
    assert {r["id"]: r["cited_by"] for r in rows} == {
        "t1": [lines[0], lines[2]], "t2": [lines[0], lines[2]], "t3": [lines[2]],
        "w1": [lines[1], lines[2]], "c1": [], "n1": [lines[0], lines[2]]}
    assert {r["id"]: r["match"] for r in rows} == {
        "t1": "exact", "t2": "exact", "t3": "misplaced", "w1": "exact", "c1": "normalized",
        "n1": "not found"}


@pytest.mark.parametrize("fmt", ["markdown", "json"])
def test_output_is_byte_identical_across_runs(case, fmt):
    folder, _ = case
    first = table(folder, "summary.md", "--format", fmt)
    second = table(folder, "summary.md", "--format", fmt)
    assert first.returncode == second.returncode == 0
    assert first.stdout == second.stdout and first.stdout


def test_default_format_is_markdown_and_output_option_writes_the_same(case):
    folder, _ = case
    default = table(folder, "summary.md").stdout
    assert default == table(folder, "summary.md", "--format", "markdown").stdout
    proc = table(folder, "summary.md", "--output", "index.md")
    assert proc.returncode == 0 and proc.stdout == b""
    assert (folder / "index.md").read_bytes() == default


def test_translated_strengths_and_unicode(tmp_path):
    records = [
        {"id": "art38", "topic": "Datenschutzbeauftragter", "claim": "Keine Abberufung.",
         "locator": "Artikel 38", "strength": "fordernd",
         "quote": "Der Datenschutzbeauftragte darf von dem Verantwortlichen oder dem "
                  "Auftragsverarbeiter wegen der Erfüllung seiner Aufgaben nicht abberufen oder "
                  "benachteiligt werden."},
        {"id": "ew86", "topic": "Meldung", "claim": "Betroffene benachrichtigen.",
         "locator": "Zeile 13", "strength": "empfehlend",
         "quote": "Der für die Verarbeitung Verantwortliche sollte die betroffene Person "
                  "unverzüglich von der Verletzung des Schutzes personenbezogener Daten "
                  "benachrichtigen"},
    ]
    lines = write_case(tmp_path, "de/dsgvo-excerpt.txt", records, [
        "Der Datenschutzbeauftragte darf wegen seiner Aufgaben nicht abberufen werden "
        "(Artikel 38)."])
    text = table(tmp_path, "summary.md").stdout.decode("utf-8")
    assert parse_markdown(text) == [
        ("Datenschutzbeauftragter", ["Keine Abberufung.", "requires", "Artikel 38",
                                     "“" + records[0]["quote"] + "”", "exact",
                                     f"line {lines[0]}"]),
        ("Meldung", ["Betroffene benachrichtigen.", "recommends", "Zeile 13",
                     "“" + records[1]["quote"] + "”", "exact", "—"]),
    ]
    raw = table(tmp_path, "summary.md", "--format", "json").stdout
    assert "Datenschutzbeauftragter".encode() in raw and b"\\u" not in raw  # UTF-8, not escapes
    assert [r["strength"] for r in json.loads(raw)["claims"]] == ["requires", "recommends"]


@pytest.mark.parametrize("args", [
    ["missing.md"],
    ["missing.md", "--format", "json"],
])
def test_missing_summary_is_exit_2_with_one_line(tmp_path, args):
    proc = table(tmp_path, *args)
    assert proc.returncode == 2
    assert proc.stdout == b""
    err = proc.stderr.decode("utf-8").strip()
    assert len(err.splitlines()) == 1 and "missing.md" in err
    assert "Traceback" not in err


def test_missing_source_and_bad_format_are_exit_2(case):
    folder, _ = case
    (folder / "source.txt").unlink()
    proc = table(folder, "summary.md")
    assert proc.returncode == 2 and len(proc.stderr.decode().strip().splitlines()) == 1
    proc = table(folder, "summary.md", "--format", "html")
    assert proc.returncode == 2 and len(proc.stderr.decode().strip().splitlines()) == 1


def test_table_uses_the_config_mapping_like_check(case):
    folder, _ = case
    summary = folder / "summary.md"
    text = summary.read_text(encoding="utf-8")
    summary.write_text(text.split("---\n", 2)[2], encoding="utf-8")  # drop the front matter
    (folder / "summcheck.toml").write_text(
        '[summaries."summary.md"]\nsource = "source.txt"\nclaims = "claims.jsonl"\n',
        encoding="utf-8")
    check = run_summcheck("check", "summary.md", cwd=folder)
    assert check.returncode == 1  # runs (the misplaced and fabricated records are errors)
    proc = table(folder, "summary.md")
    assert proc.returncode == 0, proc.stderr
    assert "## tags" in proc.stdout.decode("utf-8")


def test_an_ocr_record_that_says_otherwise_has_its_row(tmp_path):
    """A record whose quote stands fuzzily in an OCR source but with a critical difference (or
    is too short to match fuzzily) is a row like any other, not an internal error."""
    ocr = Path(__file__).resolve().parent / "fixtures" / "ocr"
    shutil.copyfile(ocr / "acceptance-fhs-scan.ocr.txt", tmp_path / "scan.txt")
    shutil.copyfile(ocr / "acceptance-fhs-scan.claims.jsonl", tmp_path / "claims.jsonl")
    (tmp_path / "summary.md").write_text(
        "---\nsource: scan.txt\nclaims: claims.jsonl\nocr: true\n---\n\n"
        "/opt is reserved for add-on application software packages (p. 1).\n", encoding="utf-8")
    result = run_summcheck("table", "summary.md", "--format", "json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    matches = [row["match"] for row in json.loads(result.stdout)["claims"]]
    assert "fuzzy, says otherwise" in matches
