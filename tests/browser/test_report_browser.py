"""The evidence report in a real browser (Debian's Chromium, headless, through Playwright):
what a reviewer clicks and reads, by mouse and by keyboard, in light and dark mode, at 200%
zoom, with an axe-core scan; the reports are written by `summcheck report` from the bundled
examples and the public acceptance cases.
"""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from conftest import run_summcheck
from test_evidence_report import citing_sentences, many_on_one_page, sentence_records

ROOT = Path(__file__).resolve().parents[2]
ACCEPTANCE = Path("/work/shared/acceptance/cases")
_DATA = re.compile(r'<script type="application/json" id="evidence-data">(.*?)</script>', re.S)


def write_report(folder: Path, out: Path, *args: str) -> dict:
    result = run_summcheck("report", "summary.md", "-o", out, *args, cwd=folder)
    assert result.returncode == 0, result.stderr
    return json.loads(_DATA.search(out.read_text(encoding="utf-8")).group(1))


@pytest.fixture(scope="module")
def reports(tmp_path_factory) -> dict[str, tuple[Path, dict]]:
    """The reports under test: a text source, a PDF source and one with findings."""
    base = tmp_path_factory.mktemp("reports")
    made = {}
    for name, folder in (("text", ROOT / "examples" / "rfc3986"), ("pdf", ROOT / "examples" / "fhs"),
                         ("defects", ACCEPTANCE / "fhs-physical-page-cited")):
        if not folder.is_dir():
            continue
        copy = base / name
        shutil.copytree(folder, copy)
        out = base / f"{name}.html"
        made[name] = (out, write_report(copy, out))
    return made


def squash(text: str) -> str:
    return " ".join(text.split())


def test_clicking_a_sentence_shows_its_quote_marked_in_the_passage(page, open_report, reports) -> None:
    path, data = reports["text"]
    open_report(page, path)
    index = next(i for i in range(len(data["sentences"])) if sentence_records(data, i))
    page.click(f'.sentence[data-sentence="{index}"]')
    assert page.get_attribute(f'.sentence[data-sentence="{index}"]', "aria-pressed") == "true"
    first = data["records"][sentence_records(data, index)[0]]
    card = page.locator(".card.record").first
    marks = card.locator("mark.quote")
    assert marks.first.is_visible()
    assert squash(" ".join(marks.all_text_contents())) == squash(first["quote"])
    assert card.locator(".quote-text").inner_text() == first["quote"]


def test_a_pdf_quote_is_highlighted_on_its_page_and_the_whole_page_is_one_click_away(
        page, open_report, reports) -> None:
    path, data = reports["pdf"]
    open_report(page, path)
    index = next(i for i in range(len(data["sentences"])) if sentence_records(data, i))
    page.click(f'.sentence[data-sentence="{index}"]')
    record = data["records"][sentence_records(data, index)[0]]
    card = page.locator(".card.record").first
    assert card.locator(".quote-text").inner_text() == record["quote"]
    boxes = record["views"][0]["pages"][0]["boxes"]
    band = card.locator(".band-scroll .highlight")
    assert band.count() == len(boxes) and band.first.is_visible()
    # The highlight stands on the band's image, inside it.
    image = card.locator(".band-scroll img").bounding_box()
    mark = band.first.bounding_box()
    assert image["y"] <= mark["y"] and mark["y"] + mark["height"] <= image["y"] + image["height"] + 1
    card.locator("button.whole-page").first.click()
    assert card.locator(".page-view.whole").first.is_visible()
    assert not card.locator(".band-scroll").first.is_visible()
    assert card.locator(".page-view.whole .highlight").first.is_visible()


def test_findings_and_sentences_are_navigated_by_keyboard(page, open_report, reports) -> None:
    path, data = reports["defects"]
    open_report(page, path)
    page.keyboard.press("j")
    assert page.get_attribute('.sentence[data-sentence="0"]', "aria-current") == "true"
    page.keyboard.press("j")
    assert page.get_attribute('.sentence[data-sentence="1"]', "aria-current") == "true"
    assert page.get_attribute('.sentence[data-sentence="0"]', "aria-current") is None
    page.keyboard.press("k")
    assert page.get_attribute('.sentence[data-sentence="0"]', "aria-current") == "true"
    page.keyboard.press("n")
    first = page.locator("#finding-list li.current")
    assert first.count() == 1 and first.get_attribute("data-finding") == "0"
    finding = data["findings"][0]
    assert finding["message"] in page.locator("#detail-body").inner_text()
    page.keyboard.press("n")
    assert page.locator("#finding-list li.current").get_attribute("data-finding") == "1"
    page.keyboard.press("p")
    assert page.locator("#finding-list li.current").get_attribute("data-finding") == "0"
    # Enter on a focused sentence opens it, as a click does.
    page.focus('.sentence[data-sentence="2"]')
    page.keyboard.press("Enter")
    assert page.get_attribute('.sentence[data-sentence="2"]', "aria-pressed") == "true"


def test_findings_filter_by_severity_and_rule(page, open_report, reports) -> None:
    path, data = reports["defects"]
    open_report(page, path)
    items = page.locator("#finding-list li[data-finding]")
    assert items.count() == len(data["findings"])
    page.select_option("#filter-severity", "error")
    assert items.count() == sum(f["severity"] == "error" for f in data["findings"])
    page.select_option("#filter-severity", "")
    rule = data["findings"][0]["rule"]
    page.select_option("#filter-rule", rule)
    assert items.count() == sum(f["rule"] == rule for f in data["findings"])


def test_the_claim_table_sorts_filters_and_opens_a_records_evidence(page, open_report, reports) -> None:
    path, data = reports["defects"]
    open_report(page, path)
    rows = page.locator("#claim-table tbody tr")
    assert rows.count() == len(data["records"])
    page.click('#claim-table th button[data-sort="claim"]')
    assert page.get_attribute('#claim-table th:has(button[data-sort="claim"])', "aria-sort") == "ascending"
    claims = [rows.nth(i).locator("td").nth(2).inner_text() for i in range(rows.count())]
    assert claims == sorted(claims, key=str.lower)
    page.click('#claim-table th button[data-sort="claim"]')
    assert page.get_attribute('#claim-table th:has(button[data-sort="claim"])', "aria-sort") == "descending"
    page.select_option("#filter-verdict", "misplaced")
    assert rows.count() == sum(r["match"] == "misplaced" for r in data["records"])
    rows.first.locator("button.open-record").click()
    card = page.locator("#detail-body .card.record")
    assert [v.get_attribute("data-kind") for v in card.locator(".view").all()][:2] == ["cited", "elsewhere"]


def test_light_and_dark_mode_differ_and_are_captured(new_page, open_report, reports, tmp_path) -> None:
    path, _ = reports["pdf"]
    colours = {}
    for scheme in ("light", "dark"):
        page = new_page(color_scheme=scheme, viewport={"width": 1300, "height": 900})
        open_report(page, path)
        page.click('.sentence[data-sentence="1"]')
        shot = tmp_path / f"report-{scheme}.png"
        page.screenshot(path=str(shot))
        assert shot.stat().st_size > 10_000
        colours[scheme] = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert colours["light"] != colours["dark"]


def test_at_200_percent_zoom_nothing_overflows_sideways(new_page, open_report, reports) -> None:
    path, _ = reports["pdf"]
    # 200% zoom of a 1280-pixel window: a 640-pixel CSS viewport at device scale 2.
    page = new_page(viewport={"width": 640, "height": 800}, device_scale_factor=2)
    open_report(page, path)
    page.click('.sentence[data-sentence="1"]')
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 640
    left = page.locator("#summary").bounding_box()
    right = page.locator("#detail").bounding_box()
    assert right["y"] >= left["y"] + left["height"] - 1  # one column: the evidence below


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("name", ["text", "pdf", "defects"])
def test_no_serious_or_critical_accessibility_violations(new_page, open_report, axe_violations,
                                                         reports, name, scheme) -> None:
    path, data = reports[name]
    page = new_page(color_scheme=scheme)
    open_report(page, path)
    assert axe_violations(page) == []
    # With the evidence panel filled (dynamic content) and a finding selected.
    page.click('.sentence[data-sentence="1"]')
    if data["findings"]:
        page.keyboard.press("n")
    assert axe_violations(page) == []


def test_a_sentence_on_a_page_of_many_records_lists_them_all_from_the_index(
        page, open_report, tmp_path) -> None:
    """The page finds each sentence's records and each record's sentences from its index data
    (the data names no pair): the lists appear when the panel opens, long ones a batch at a
    time, and each in full a click away."""
    folder = tmp_path / "many"
    many_on_one_page(folder, 120, 30)
    # Records get ids, and a last sentence names all 120 (a sentence that names none rests on
    # the first 20 that share its words: binding.MAX_BOUND).
    claims = folder / "claims.jsonl"
    records = [json.loads(line) for line in claims.read_text(encoding="utf-8").splitlines()]
    claims.write_text("".join(json.dumps({"id": f"R{i}", **r}) + "\n"
                              for i, r in enumerate(records)), encoding="utf-8")
    names = " ".join("[" + ", ".join(f"R{i}" for i in range(k, k + 20)) + "]"
                     for k in range(0, 120, 20))
    with (folder / "summary.md").open("a", encoding="utf-8") as summary:
        summary.write(f"\nThe operator keeps every log {names}.\n")
    out = tmp_path / "many.html"
    data = write_report(folder, out)
    assert sentence_records(data, 3) == list(range(20))
    assert sentence_records(data, 30) == list(range(120))
    open_report(page, out)
    page.click('.sentence[data-sentence="30"]')
    panel = page.locator("#detail-body")
    assert "Claim records behind it (120)" in panel.locator("h3").all_inner_texts()
    cards = panel.locator(".card.record")
    assert cards.count() == 50
    assert cards.first.locator(".quote-text").inner_text() == data["records"][0]["quote"]
    more = panel.locator("button.more-records")
    assert more.inner_text() == "Show 50 more records (50 of 120 shown)"
    more.click()
    assert cards.count() == 100
    assert page.evaluate("document.activeElement.dataset.record") == "50"  # where reading goes on
    more.click()
    assert cards.count() == 120 and more.count() == 0
    assert cards.last.locator(".quote-text").inner_text() == data["records"][119]["quote"]
    # Record 7 is cited by all 31 sentences: the claim table shows the first five and the
    # rest on request; the record's own panel lists them all.
    row = page.locator('#claim-table tbody tr[data-record="7"]')
    cited = row.locator("td").nth(7)
    lines = [str(data["sentences"][n]["line"]) for n in citing_sentences(data, 7)]
    assert len(lines) == 31
    assert cited.locator("button").all_inner_texts() == lines[:5] + ["+26 more"]
    cited.locator("button.more-cited").click()
    assert cited.locator("button").all_inner_texts() == lines
    page.click('#claim-table th button[data-sort="cited"]')
    assert page.get_attribute('#claim-table th:has(button[data-sort="cited"])', "aria-sort") == "ascending"
    page.locator('#claim-table tbody tr[data-record="7"] button.open-record').click()
    assert panel.locator("p.hint button").all_inner_texts() == lines


def test_a_faithfulness_finding_highlights_the_differing_words_on_both_sides(
        page, open_report, tmp_path) -> None:
    """SUM401: the sentence's "30 days" and the quote's "within 60 days" are marked."""
    folder = tmp_path / "numbers"
    folder.mkdir()
    (folder / "source.txt").write_text("Clients must retry the request within 60 days.\n"
                                       "Servers keep the log.\n", encoding="utf-8")
    (folder / "claims.jsonl").write_text(json.dumps(
        {"id": "C7", "claim": "Retry within 60 days.", "locator": "line 1",
         "quote": "Clients must retry the request within 60 days.", "strength": "requires"})
        + "\n", encoding="utf-8")
    (folder / "summary.md").write_text("---\nsource: source.txt\nclaims: claims.jsonl\n---\n"
                                       "Clients must retry within 30 days (line 1).\n",
                                       encoding="utf-8")
    data = write_report(folder, folder / "report.html")
    assert [f["differs"] for f in data["findings"]] == [["30 days", "within 60 days"]]
    open_report(page, folder / "report.html")
    page.click('.sentence[data-sentence="0"]')
    assert page.locator(".sentence-detail mark.differs").all_text_contents() == ["30 days"]
    card = page.locator(".card.record").first
    assert card.locator("mark.differs").all_text_contents() == ["within 60 days"]


def test_a_summary_of_several_sources_shows_one_panel_per_document(page, open_report,
                                                                  tmp_path) -> None:
    from test_several_sources import GPL, MEETING, RECORDS, RFC, SOURCES, _write

    for name in (RFC, GPL, MEETING):
        shutil.copy(SOURCES / name, tmp_path / name)
    (tmp_path / "summcheck.toml").write_text("", encoding="utf-8")
    _write(tmp_path, RECORDS)
    out = tmp_path / "report.html"
    data = write_report(tmp_path, out)
    assert [d["key"] for d in data["documents"]] == ["RFC3986", "GPL", "AMI"]
    open_report(page, out)
    buttons = page.locator("button.document")
    assert buttons.all_inner_texts() == ["RFC3986", "GPL", "AMI"]
    # The meeting's sentence: its evidence is the transcript's, and its panel comes up.
    page.click('.sentence[data-sentence="2"]')
    assert buttons.nth(2).get_attribute("aria-pressed") == "true"
    assert buttons.nth(0).get_attribute("aria-pressed") == "false"
    card = page.locator(".card.record").first
    assert card.locator(".quote-text").inner_text() == RECORDS[2]["quote"]
    assert page.locator("#claim-table tbody tr").count() == 1
    # Choosing a document shows its claims; the standard's sentence brings its panel back.
    buttons.nth(1).click()
    assert page.locator("#claim-table tbody tr").first.inner_text().count("Free software") == 1
    page.click('.sentence[data-sentence="0"]')
    assert buttons.nth(0).get_attribute("aria-pressed") == "true"
    assert page.locator(".card.record .quote-text").first.inner_text() == RECORDS[0]["quote"]


def test_on_a_phone_tapping_a_sentence_brings_its_evidence_into_view(new_page, open_report,
                                                                     reports) -> None:
    path, data = reports["text"]
    page = new_page(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    open_report(page, path)
    index = next(i for i in range(len(data["sentences"])) if sentence_records(data, i))
    page.tap(f'.sentence[data-sentence="{index}"]')
    page.wait_for_function("document.querySelector('#detail-body .card')")
    box = page.locator("#detail").bounding_box()
    assert box["y"] < 844 and box["y"] + box["height"] > 0  # on the screen, not below it
    assert page.locator("#detail-body .card.sentence-detail").is_visible()


def test_six_digit_line_numbers_stay_on_one_line(page, open_report, tmp_path) -> None:
    folder = tmp_path / "long"
    folder.mkdir()
    lines = [f"L{n}." for n in range(1, 120_001)]
    lines[114_999] = "The operator must keep the logbook for ten years."
    (folder / "source.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (folder / "claims.jsonl").write_text(json.dumps({
        "claim": "Logbooks ten years.", "locator": "line 115000",
        "quote": "The operator must keep the logbook for ten years", "strength": "requires"}) + "\n",
        encoding="utf-8")
    (folder / "summary.md").write_text("---\nsource: source.txt\nclaims: claims.jsonl\n---\n\n"
                                       "Logbooks are kept ten years (line 115000).\n",
                                       encoding="utf-8")
    out = tmp_path / "long.html"
    write_report(folder, out)
    open_report(page, out)
    page.click('.sentence[data-sentence="0"]')
    numbers = page.locator("#detail-body .passage .no")
    assert numbers.count() > 3
    heights = {round(numbers.nth(i).bounding_box()["height"]) for i in range(numbers.count())}
    size = page.evaluate("parseFloat(getComputedStyle(document.querySelector("
                         "'#detail-body .passage .no')).fontSize)")
    assert max(heights) < 1.8 * size  # one line each, none broken over two
    assert "115000" in numbers.all_inner_texts()
    # Six digits fit their gutter: nothing spills out of it either.
    assert page.evaluate("""Array.from(document.querySelectorAll('#detail-body .passage .no'))
        .every((n) => n.scrollWidth <= n.clientWidth)""")


def test_a_long_findings_number_stands_beside_its_first_line(new_page, open_report,
                                                             reports) -> None:
    import pymupdf

    path, data = reports.get("defects", (None, None))
    if path is None:
        pytest.skip("the public acceptance cases are not at hand")
    page = new_page(viewport={"width": 600, "height": 900})  # findings wrap over lines
    open_report(page, path)
    item = page.locator("#finding-list li").first
    item.scroll_into_view_if_needed()
    button = item.locator("button").bounding_box()
    assert button["height"] > 40  # a finding of several lines
    # The list's number is drawn left of the button: where its ink is, top to bottom.
    shot = pymupdf.Pixmap(page.screenshot(clip={"x": button["x"] - 30, "y": button["y"],
                                                "width": 26, "height": button["height"]}))
    rows = [y for y in range(shot.height)
            if any(shot.pixel(x, y)[0] < 128 for x in range(shot.width))]
    assert rows, "no list number drawn"
    assert max(rows) < 28  # beside the first line, not the second or last
    assert max(rows) < button["height"] / 2


def test_coverage_cells_show_their_page_numbers(page, open_report, reports) -> None:
    path, data = reports["pdf"]
    open_report(page, path)
    cells = page.locator("#coverage-strip .cell")
    assert cells.count() == len(data["coverage"]["cells"])
    shown = [squash(text) for text in cells.all_inner_texts()]
    assert shown[:3] == [cell["label"] for cell in data["coverage"]["cells"][:3]]


def test_a_sentence_whose_record_is_misplaced_shows_that_record(page, open_report,
                                                                tmp_path) -> None:
    folder = tmp_path / "misplaced"
    folder.mkdir()
    (folder / "source.txt").write_text(
        "Chapter one.\nThe operator must keep the logbook for ten years.\nChapter two.\n"
        "Backups are taken every night and stored off site.\n", encoding="utf-8")
    (folder / "claims.jsonl").write_text(json.dumps({
        "claim": "Backups nightly.", "locator": "line 2",
        "quote": "Backups are taken every night", "strength": "states"}) + "\n",
        encoding="utf-8")
    (folder / "summary.md").write_text("---\nsource: source.txt\nclaims: claims.jsonl\n---\n\n"
                                       # no word in common with the record: not bound to it
                                       "Copies happen daily (line 2).\n", encoding="utf-8")
    out = tmp_path / "misplaced.html"
    data = write_report(folder, out)
    assert data["records"][0]["status"] == "misplaced"
    open_report(page, out)
    page.click('.sentence[data-sentence="0"]')
    panel = page.locator("#detail-body")
    assert "Records that cite this place but do not back it (1)" in panel.locator("h3").all_inner_texts()
    card = panel.locator(".card.record")
    assert card.count() == 1
    assert "Where the quote really stands — line 4" in card.inner_text()
    assert "Where the record cites it — line 2" in card.inner_text()
