"""`summcheck report SUMMARY -o FILE`: the evidence report, run as a user runs it (in this
process), on the public acceptance cases, the examples and PDFs made with PyMuPDF here.

What the page shows is read back from the data it embeds (the JSON its script renders) and
from its markup; tests/browser/ opens it in Chromium.
"""
from __future__ import annotations

import base64
import hashlib
import html
import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest
from conftest import run_summcheck
from pdf_builder import make_pdf

ROOT = Path(__file__).resolve().parent.parent
ACCEPTANCE = Path("/work/shared/acceptance/cases")
CASES = sorted(p for p in ACCEPTANCE.iterdir() if (p / "case.json").is_file()) \
    if ACCEPTANCE.is_dir() else []
_DATA = re.compile(r'<script type="application/json" id="evidence-data">(.*?)</script>', re.S)


def report_data(page: str) -> dict:
    """The data the report's script shows (JSON in a script element, `<` escaped)."""
    found = _DATA.search(page)
    assert found is not None, "the report embeds its data"
    return json.loads(found.group(1))


def part_records(data: dict, part: dict) -> list[int]:
    """The records behind a locator part, found from the report's index data as its script
    finds them: a place of the record's quote inside one of the part's spans, or named by it."""
    found = {i for i, record in enumerate(data["records"]) for start, end in record["at"]
             for lo, hi in part["spans"] if lo <= start < hi and end <= hi}
    if part["extra"] is not None:
        found.update(data["extra"][part["extra"]])
    return sorted(found)


def sentence_records(data: dict, index: int) -> list[int]:
    """The records sentence `index` rests on, each once, in the order the page lists them:
    its `bound` list when it has one, else its parts' records."""
    sentence = data["sentences"][index]
    if sentence["bound"] is not None:
        return list(data["extra"][sentence["bound"]])
    return list(dict.fromkeys(i for part in sentence["parts"] for i in part_records(data, part)))


def citing_sentences(data: dict, record: int) -> list[int]:
    """The sentences record `record` backs, in summary order."""
    return [n for n in range(len(data["sentences"])) if record in sentence_records(data, n)]


def line_text(data: dict, line: dict) -> str:
    """A line of a text view as shown: its parts, or the shared text of a line shown whole."""
    if "parts" in line:
        return "".join(text for text, _ in line["parts"])
    return data["lines"][str(line["n"])]


def write_report(folder: Path, *args: str) -> tuple[str, dict]:
    result = run_summcheck("report", "summary.md", "-o", "report.html", *args, cwd=folder)
    assert result.returncode == 0, result.stderr
    page = (folder / "report.html").read_text(encoding="utf-8")
    return page, report_data(page)


def write_case(folder: Path, records: list[dict], sentences: list[str],
               source_name: str = "source.txt") -> None:
    (folder / "claims.jsonl").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    head = ["---", f"source: {source_name}", "claims: claims.jsonl", "---", "", "# Summary", ""]
    (folder / "summary.md").write_text("\n".join(head + [" ".join(sentences), ""]),
                                       encoding="utf-8")


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_every_acceptance_case_renders_or_fails_as_check_does(case: Path, tmp_path: Path) -> None:
    spec = json.loads((case / "case.json").read_text(encoding="utf-8"))
    folder = tmp_path / case.name
    shutil.copytree(case, folder)
    output = tmp_path / "report.html"
    result = run_summcheck("report", spec.get("summary", "summary.md"), "-o", output,
                           *spec.get("args", []), cwd=folder)
    if spec["expect"]["exit"] == 2:  # the check cannot run: neither can the report
        assert result.returncode == 2
        assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr
        assert not output.exists()
        return
    assert result.returncode == 0, result.stderr
    data = report_data(output.read_text(encoding="utf-8"))
    check = run_summcheck("check", spec.get("summary", "summary.md"), "--format", "json",
                          *spec.get("args", []), cwd=folder)
    checked = json.loads(check.stdout)
    assert [f["rule"] for f in data["findings"]] == [f["rule"] for f in checked["findings"]]
    assert data["counts"]["sentences"] == checked["summaries"][0]["sentences"]
    assert data["counts"]["verified"] == checked["summaries"][0]["verified"]
    # A case that must pass shows no sentence with a finding; one with findings shows them.
    verdicts = {s["verdict"] for s in data["sentences"]}
    if not checked["findings"]:
        assert "finding" not in verdicts and "unbacked" not in verdicts
    for record in data["records"]:
        if record["verified"]:
            assert record["views"] and record["views"][0]["kind"] == "found"


def test_a_text_quote_is_marked_in_its_numbered_lines(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "examples" / "rfc3986", tmp_path / "ex")
    page, data = write_report(tmp_path / "ex")
    source = (tmp_path / "ex" / "rfc3986.txt").read_text(encoding="utf-8")
    lines = source.split("\n")
    for record in data["records"]:
        view = record["views"][0]
        marked = "".join(text for line in view["lines"] for text, mark in line.get("parts", ())
                         if mark)
        assert " ".join(marked.split()) == " ".join(record["quote"].split())
        for line in view["lines"]:  # the passage is the source's own lines, numbered
            assert line_text(data, line) == lines[line["n"] - 1]
    assert len(page.encode()) < 200_000  # the size target for a text-source report


def test_the_summary_renders_as_written_with_every_sentence_marked(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "examples" / "rfc3986", tmp_path / "ex")
    page, data = write_report(tmp_path / "ex")
    # Sentences are spans; a table row is one unit, the row itself.
    marked = re.findall(r'<(?:span|tr) class="sentence" data-sentence="(\d+)" '
                        r'data-verdict="(\w+)"', page)
    assert [int(n) for n, _ in marked] == list(range(len(data["sentences"])))
    assert [v for _, v in marked] == [s["verdict"] for s in data["sentences"]]
    assert "<h1>RFC 3986 for a crawler" in page  # Markdown rendered, not shown as source


def pdf_case(folder: Path) -> None:
    folder.mkdir()
    first = ["Chapter one sets the scene.", "The operator must keep the", "logbook for ten years.",
             "Nothing else happens here."]
    second = ["Backups are taken every night", "and stored off site."]
    make_pdf(folder / "source.pdf", ["\n".join(first), "\n".join(second)],
             labels=[{"startpage": 0, "prefix": "A-", "style": "D", "firstpagenum": 1}])


def test_a_pdf_quote_across_a_line_break_has_a_box_on_each_line(tmp_path: Path) -> None:
    folder = tmp_path / "pdf"
    pdf_case(folder)
    write_case(folder, [{"id": "r1", "claim": "Logbooks are kept ten years.", "locator": "p. A-1",
                         "quote": "must keep the logbook for ten years", "strength": "requires"},
                        {"id": "r2", "claim": "Backups nightly.", "locator": "p. A-2",
                         "quote": "Backups are taken every night", "strength": "states"}],
               ["The operator must keep the logbook for ten years (p. A-1).",
                "Backups are taken nightly (p. A-2)."], "source.pdf")
    page, data = write_report(folder)
    view = data["records"][0]["views"][0]
    assert view["view"] == "pdf" and [p["page"] for p in view["pages"]] == [1]
    boxes = view["pages"][0]["boxes"]
    assert len(boxes) == 2  # "must keep the" and "logbook for ten years": two lines
    assert boxes[0][1] < boxes[1][1]  # in reading order, one below the other
    assert all(0 <= v <= 1 for box in boxes for v in box)
    assert view["text"].split() == "must keep the logbook for ten years".split()
    # Only cited pages are embedded, each once, as an image within the page itself.
    assert sorted(data["pages"]) == ["1", "2"]
    assert data["pages"]["1"]["label"] == "A-1"
    assert all(p["uri"].startswith(("data:image/png;base64,", "data:image/jpeg;base64,"))
               for p in data["pages"].values())
    assert page.count(data["pages"]["1"]["uri"]) == 1


def test_the_boxes_are_those_of_the_matched_characters(tmp_path: Path) -> None:
    import pymupdf

    folder = tmp_path / "pdf"
    pdf_case(folder)
    write_case(folder, [{"claim": "Backups nightly.", "locator": "p. A-2",
                         "quote": "taken every night", "strength": "states"}],
               ["Backups are taken nightly (p. A-2)."], "source.pdf")
    _, data = write_report(folder)
    (box,) = data["records"][0]["views"][0]["pages"][0]["boxes"]
    page = pymupdf.open(folder / "source.pdf")[1]
    (hit,) = page.search_for("taken every night")
    width, height = page.rect.width, page.rect.height
    expected = [hit.x0 / width, hit.y0 / height, hit.x1 / width, hit.y1 / height]
    assert box == pytest.approx(expected, abs=0.01)


def test_a_misplaced_quote_shows_where_it_was_cited_and_where_it_stands(tmp_path: Path) -> None:
    folder = tmp_path / "pdf"
    pdf_case(folder)
    write_case(folder, [{"claim": "Backups nightly.", "locator": "p. A-1",
                         "quote": "Backups are taken every night", "strength": "states"}],
               ["Backups are taken nightly (p. A-1)."], "source.pdf")
    _, data = write_report(folder)
    record = data["records"][0]
    assert record["status"] == "misplaced"
    cited, elsewhere = record["views"]
    # Where the record cites it: that place's text, to read (an image with nothing to
    # highlight would be a thumbnail); where it stands: its page, the quote boxed.
    assert (cited["kind"], cited["view"], cited["where"]) == ("cited", "text", "page A-1 (physical 1)")
    assert cited["lines"]
    assert elsewhere["kind"] == "elsewhere" and [p["page"] for p in elsewhere["pages"]] == [2]
    assert elsewhere["pages"][0]["boxes"]
    assert data["findings"][0]["rule"] == "SUM202" and data["findings"][0]["record"] == 0
    # The sentence no record backs shows the record that cites its place and failed.
    part = data["sentences"][0]["parts"][0]
    assert not part["backed"] and data["extra"][part["citing"]] == [0]


def test_a_quote_not_found_shows_the_closest_passage_with_its_differences(tmp_path: Path) -> None:
    folder = tmp_path / "t"
    folder.mkdir()
    (folder / "source.txt").write_text("Intro.\nThe operator must keep the logbook for ten "
                                       "years.\nEnd.\n", encoding="utf-8")
    write_case(folder, [{"claim": "Logbooks kept.", "locator": "line 2",
                         "quote": "The operator must keep the logbook for five years",
                         "strength": "requires"}],
               ["The logbook is kept for years (line 2)."])
    _, data = write_report(folder)
    closest = data["records"][0]["views"][0]
    assert closest["kind"] == "closest"
    changed = {side: text.split() for text, side in closest["diff"] if side}
    assert changed["quote"][0] == "five" and changed["source"][0] == "ten"


UNTRUSTED = '<script>alert(1)</script><img src=x onerror="alert(2)">'


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.seen: list[tuple[str, list[str]]] = []

    def handle_starttag(self, tag: str, attrs) -> None:
        self.seen.append((tag, [name for name, _ in attrs]))


def test_untrusted_text_renders_as_text(tmp_path: Path) -> None:
    folder = tmp_path / "x"
    folder.mkdir()
    (folder / "source.txt").write_text(f"First line.\nThe value is {UNTRUSTED} here.\n",
                                       encoding="utf-8")
    write_case(folder, [{"claim": f"Claim {UNTRUSTED}", "locator": "line 2",
                         "quote": f"The value is {UNTRUSTED} here.", "strength": "states",
                         "topic": UNTRUSTED}],
               [f"The value is {UNTRUSTED} shown (line 2).", f"Nothing {UNTRUSTED} [synthesis]."])
    page, data = write_report(folder)
    # Parsed as a browser's HTML parser would: only the report's own two script elements, no
    # image (the page draws PDF pages from its data) and no event handler attribute.
    tags = _Tags()
    tags.feed(page)
    assert [t for t, _ in tags.seen if t == "script"] == ["script", "script"]
    assert "img" not in {t for t, _ in tags.seen}
    assert not [a for _, attrs in tags.seen for a in attrs if a.startswith("on")]
    # The text itself is kept, as text: escaped in the markup, intact in the data.
    assert html.escape("<script>alert(1)</script>", quote=False) in page
    assert data["records"][0]["quote"] == f"The value is {UNTRUSTED} here."


def test_the_policy_forbids_the_network_and_allows_only_the_reports_own_code(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "examples" / "rfc3986", tmp_path / "ex")
    page, _ = write_report(tmp_path / "ex")
    policy = html.unescape(
        re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', page)[1])
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";") if d.strip())
    assert directives["default-src"] == "'none'" and directives["img-src"] == "data:"
    for tag, directive in (("script", "script-src"), ("style", "style-src")):
        (body,) = re.findall(rf"<{tag}>(.*?)</{tag}>", page, re.S)
        digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
        assert directives[directive] == f"'sha256-{digest}'"
    assert not re.search(r'\s(src|href)="(https?:)?//', page)  # nothing loads from anywhere


def test_the_same_inputs_give_the_same_report_byte_for_byte(tmp_path: Path) -> None:
    folder = tmp_path / "pdf"
    pdf_case(folder)
    write_case(folder, [{"claim": "Backups nightly.", "locator": "p. A-2",
                         "quote": "Backups are taken every night", "strength": "states"}],
               ["Backups are taken nightly (p. A-2)."], "source.pdf")
    first, _ = write_report(folder)
    second, _ = write_report(folder, "--no-cache")
    assert first == second


def test_coverage_marks_a_requirement_no_sentence_cites(tmp_path: Path) -> None:
    folder = tmp_path / "pdf"
    pdf_case(folder)
    write_case(folder, [{"claim": "Logbooks are kept ten years.", "locator": "p. A-1",
                         "quote": "must keep the logbook for ten years", "strength": "requires"},
                        {"claim": "Backups nightly.", "locator": "p. A-2",
                         "quote": "Backups are taken every night", "strength": "states"}],
               ["Backups are taken nightly (p. A-2)."], "source.pdf")
    _, data = write_report(folder)
    cells = data["coverage"]["cells"]
    assert data["coverage"]["unit"] == "page" and [c["label"] for c in cells] == ["A-1", "A-2"]
    assert (cells[0]["uncitedRequires"], cells[0]["cited"]) == (1, 0)
    assert (cells[1]["uncitedRequires"], cells[1]["cited"], cells[1]["verified"]) == (0, 1, 1)


def test_a_pdf_page_is_drawn_for_what_a_sentence_cites_or_a_finding_names(tmp_path: Path) -> None:
    folder = tmp_path / "pdf"
    pdf_case(folder)
    write_case(folder, [{"claim": "Scene set.", "locator": "p. A-1",
                         "quote": "Chapter one sets the scene.", "strength": "states"},
                        {"claim": "Backups nightly.", "locator": "p. A-2",
                         "quote": "Backups are taken every night", "strength": "states"}],
               ["Backups are taken nightly (p. A-2)."], "source.pdf")
    _, data = write_report(folder)
    assert not data["findings"]
    # The record no sentence cites shows the page's text lines, its quote marked, no image.
    uncited, cited = data["records"]
    assert [uncited["views"][0]["view"], cited["views"][0]["view"]] == ["text", "pdf"]
    marked = [t for line in uncited["views"][0]["lines"] for t, m in line.get("parts", ()) if m]
    assert marked == ["Chapter one sets the scene."]
    assert list(data["pages"]) == ["2"]


def test_a_report_never_overwrites_an_input(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "examples" / "rfc3986", tmp_path / "ex")
    before = (tmp_path / "ex" / "claims.jsonl").read_bytes()
    result = run_summcheck("report", "summary.md", "-o", "claims.jsonl", cwd=tmp_path / "ex")
    assert result.returncode == 2 and "claims.jsonl" in result.stderr
    assert (tmp_path / "ex" / "claims.jsonl").read_bytes() == before


def test_the_readmes_example_report_is_current(tmp_path: Path) -> None:
    """docs/report/rfc3986.html is what the README's command writes today."""
    output = tmp_path / "rfc3986.html"
    result = run_summcheck("report", "examples/rfc3986/summary.md", "-o", output, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert output.read_bytes() == (ROOT / "docs" / "report" / "rfc3986.html").read_bytes(), \
        "regenerate: summcheck report examples/rfc3986/summary.md -o docs/report/rfc3986.html"


def test_coverage_marks_sections_that_state_requirements_and_go_uncited(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "examples" / "rfc3986", tmp_path / "ex")
    _, data = write_report(tmp_path / "ex")
    sections = {cell["label"]: cell for cell in data["coverage"]["sections"]}
    assert list(sections)[:4] == ["1", "2", "3", "4"]  # RFC 3986's top sections, in order
    assert sections["5"]["cited"] and not sections["5"].get("uncitedNormative")
    # Section 1 ("... MUST ..." conventions) is normative and the summary never cites it.
    assert sections["1"]["cited"] == 0 and sections["1"]["uncitedNormative"]


@pytest.mark.parametrize("example", ["rfc3986", "fhs"])
def test_the_check_reports_the_coverage_and_verdicts_the_report_shows(example: str,
                                                                      tmp_path: Path) -> None:
    """`check --format json` (and the job summary) give each summary's backed sentences and
    coverage: the same as the evidence report's verdicts and coverage strip."""
    shutil.copytree(ROOT / "examples" / example, tmp_path / "ex")
    _, data = write_report(tmp_path / "ex")
    checked = json.loads(run_summcheck("check", "summary.md", "--format", "json",
                                       cwd=tmp_path / "ex").stdout)["summaries"][0]
    assert checked["backed"] == data["counts"]["backed"] > 0
    coverage = checked["coverage"]
    cited_cells = sum(1 for cell in data["coverage"]["cells"] if cell["cited"])
    assert coverage["cited_pages"] == cited_cells and 0 < coverage["cited_share"] < 1
    assert coverage["pages"] == len(data["coverage"]["cells"])
    uncited = sum(1 for i, r in enumerate(data["records"])
                  if r["verified"] and r["strength"] == "requires" and not citing_sentences(data, i))
    assert coverage["uncited_requires"] == uncited


def test_beyond_the_budget_of_drawn_views_records_show_text_and_the_page_says_so(
        tmp_path: Path, monkeypatch) -> None:
    from summcheck.evidence import build

    monkeypatch.setattr(build, "MAX_DRAWN_VIEWS", 1)
    folder = tmp_path / "pdf"
    pdf_case(folder)
    write_case(folder, [{"claim": "Scene set.", "locator": "p. A-1",
                         "quote": "Chapter one sets the scene.", "strength": "states"},
                        {"claim": "Backups nightly.", "locator": "p. A-2",
                         "quote": "Backups are taken every night", "strength": "states"}],
               ["The scene is set (p. A-1).", "Backups are taken nightly (p. A-2)."],
               "source.pdf")
    page, data = write_report(folder)
    assert [r["views"][0]["view"] for r in data["records"]] == ["pdf", "text"]
    assert data["drawnLimit"] == 1 and 'id="drawn-limit"' in page


def test_a_huge_line_or_a_quote_over_many_lines_shows_a_bounded_passage(tmp_path: Path) -> None:
    folder = tmp_path / "t"
    folder.mkdir()
    filler = " ".join(f"word{i}" for i in range(40_000))  # one line of some 300,000 characters
    many = "\n".join(f"line {i} of the long quote" for i in range(2_000))
    (folder / "source.txt").write_text(f"{filler} the needle stands here {filler}\n{many}\n",
                                       encoding="utf-8")
    long_quote = "\n".join(f"line {i} of the long quote" for i in range(5, 1_500))
    write_case(folder, [{"claim": "Needle.", "locator": "line 1",
                         "quote": "the needle stands here", "strength": "states"},
                        {"claim": "Long.", "locator": "lines 2–2001",
                         "quote": long_quote, "strength": "states"}],
               ["The needle stands there (line 1).", "A long quote (lines 2–2001)."])
    page, data = write_report(folder)
    needle, long = (record["views"][0] for record in data["records"])
    line = needle["lines"][0]
    assert line["n"] == 1 and [t for t, m in line["parts"] if m] == ["the needle stands here"]
    assert sum(len(t) for t, _ in line["parts"]) < 500
    assert len(long["lines"]) == 40
    assert len(page.encode()) < 200_000


def many_on_one_page(folder: Path, records: int, sentences: int) -> int:
    """A text source whose second page holds `records` lines, a record quoting each and a
    summary of `sentences` sentences that all cite that page; the inputs' size in bytes."""
    folder.mkdir()
    words = "the operator keeps a log of each change made to the system and reviews it".split()
    lines = [f"Line {i} says " + " ".join(words[(i * 7 + k) % len(words)] for k in range(8)) + "."
             for i in range(records)]
    (folder / "source.txt").write_text("Title page.\n\f" + "\n".join(lines) + "\n\fThe end.\n",
                                       encoding="utf-8")
    write_case(folder, [{"claim": f"Claim {i}.", "locator": "p. 2", "quote": line,
                         "strength": "states"} for i, line in enumerate(lines)],
               [f"The operator keeps a log, says sentence {n} (p. 2)." for n in range(sentences)])
    return sum((folder / name).stat().st_size
               for name in ("source.txt", "claims.jsonl", "summary.md"))


def test_the_report_grows_with_its_inputs_not_with_sentences_times_records(tmp_path: Path) -> None:
    """Every sentence cites a page where 2,000 records share its words: 400,000 pairs, of
    which each sentence rests on the first 20 (binding.MAX_BOUND); the page stays a small
    multiple of its inputs (all pairs written out made it 8.6 MB, 21.6 times its inputs)."""
    inputs = many_on_one_page(tmp_path / "big", 2_000, 200)
    page, data = write_report(tmp_path / "big")
    # Measured: 4.1 times (each record's claim, quote, view and place; the shared lines; the
    # page's own code and style); a page of pairs would be some 20 times.
    assert len(page.encode("utf-8")) <= 5 * inputs
    assert data["counts"]["backed"] == 200
    # Each sentence's records are still named by the data, and each record's sentences.
    assert sentence_records(data, 0) == sentence_records(data, 199) == list(range(20))
    assert citing_sentences(data, 5) == list(range(200))
    assert citing_sentences(data, 1_234) == []
    assert data["extra"] == [list(range(20))]  # one list, shared by every sentence


def test_the_index_data_gives_the_backers_the_analysis_found(tmp_path: Path) -> None:
    """What the page finds from its data is what the check found, a quote repeated beyond the
    places the analysis keeps (a part names the record then) included."""
    from summcheck.engine.options import Options
    from summcheck.engine.run import inspect_summary
    from summcheck.evidence.report import evidence_report

    folder = tmp_path / "repeated"
    folder.mkdir()
    line = "The operator keeps a log of every change."
    (folder / "source.txt").write_text((line + "\n") * 60 + "A closing line.\n", encoding="utf-8")
    write_case(folder, [{"claim": "A log is kept.", "locator": "lines 1-60",
                         "quote": "keeps a log of every change", "strength": "states"},
                        {"claim": "It closes.", "locator": "line 61", "quote": "A closing line",
                         "strength": "states"}],
               ["A log is kept (lines 50–51).", "A log is kept (line 2).",
                "It closes (line 61).", "A log is kept again (lines 55–56)."])
    summaries = [folder / "summary.md"]
    for example in ("rfc3986", "fhs"):
        shutil.copytree(ROOT / "examples" / example, tmp_path / example)
        summaries.append(tmp_path / example / "summary.md")
    shown_data = []
    for summary in summaries:
        _, _, analysis = inspect_summary(summary, Options())
        data = evidence_report(summary, Options())[1].data
        shown_data.append(data)
        number = {id(result): i for i, result in enumerate(analysis.records)}
        for n, result in enumerate(analysis.sentences):
            bound = [number[id(b.result)] for b in result.bound]
            assert sentence_records(data, n) == bound, (summary, n)
            for part, shown in zip(result.parts, data["sentences"][n]["parts"]):
                assert part_records(data, shown) == sorted(
                    number[id(b)] for b in (*part.backers, *part.unrelated))
    # The repeated quote's kept places are its first twenty lines: lines 50–51 and 55–56
    # name it (one list for both), line 2 holds a place.
    parts = [s["parts"][0] for s in shown_data[0]["sentences"]]
    assert [p["extra"] for p in parts] == [0, None, None, 0]
    assert shown_data[0]["extra"] == [[0]]
