"""Bounded matching structures (issue 15): the answers of the unbounded ones, at bounded cost."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from summcheck.analysis.facts import earliest_overlapping
from summcheck.matching.exact import MAX_KEPT_HITS, Matcher
from summcheck.matching.nearest import CLOSEST_MAX_QUOTE, CLOSEST_MAX_REGION, closest_search_limit
from summcheck.matching.normalize import FoldedQuote
from summcheck.matching.ocr import MAX_FUZZY_QUOTE, too_long
from summcheck.model import Page, SourceDocument, Span


def _sweep_reference(spans: list[tuple[int, int, int]]) -> dict[int, int]:
    """SUM301's former pairwise sweep (every hit against every open one), as the oracle."""
    earlier_of: dict[int, int] = {}
    open_hits: list[tuple[int, int]] = []  # (end, owner)
    for start, end, owner in sorted(spans):
        open_hits = [h for h in open_hits if h[0] > start]
        for _, other in open_hits:
            if other == owner:
                continue
            first, second = min(other, owner), max(other, owner)
            if first < earlier_of.get(second, first + 1):
                earlier_of[second] = first
        open_hits.append((end, owner))
    return earlier_of


def _random_spans(rng: random.Random, count: int, width: int) -> list[tuple[int, int, int]]:
    owners = rng.randint(1, max(1, count))
    spans = []
    for _ in range(count):
        start = rng.randrange(width)
        spans.append((start, start + rng.randint(1, max(1, width // 4)), rng.randrange(owners)))
    if spans and rng.random() < 0.3:  # identical spans of several owners (one passage quoted often)
        spans += [(spans[0][0], spans[0][1], rng.randrange(owners)) for _ in range(5)]
    return spans


@pytest.mark.parametrize("seed", range(300))
def test_overlap_sweep_matches_the_pairwise_sweep(seed: int) -> None:
    rng = random.Random(seed)
    spans = _random_spans(rng, rng.randint(0, 40), rng.choice((10, 50, 400)))
    assert earliest_overlapping(spans) == _sweep_reference(spans)


def test_overlap_sweep_edges() -> None:
    assert earliest_overlapping([]) == {}
    assert earliest_overlapping([(0, 5, 1), (5, 9, 0)]) == {}  # touching is no overlap
    assert earliest_overlapping([(0, 5, 1), (4, 9, 0)]) == {1: 0}
    assert earliest_overlapping([(0, 100, 2), (10, 20, 1), (50, 60, 0)]) == {2: 0}  # nested
    assert earliest_overlapping([(0, 5, 3), (0, 5, 3)]) == {}  # one owner's own hits


def test_overlap_sweep_is_about_linear() -> None:
    """16,000 hits of one passage: the former sweep compared each with every open one."""
    spans = [(100, 160, owner) for owner in range(16_000)]
    earliest = earliest_overlapping(spans)
    assert len(earliest) == 15_999 and set(earliest.values()) == {0}


def _doc(text: str) -> SourceDocument:
    return SourceDocument(Path("src.txt"), "text", text, [Page(1, None, Span(0, len(text)))], [])


SENTENCE = "The operator shall keep records of every change made to the system.\n"


def test_find_in_keeps_the_first_places_only() -> None:
    text = SENTENCE * 5_000
    quote = "keep records of every change"
    hits = Matcher(_doc(text)).find_in(FoldedQuote.of(quote), [Span(0, len(text))], quote)
    assert len(hits) == MAX_KEPT_HITS
    assert [h.span.start for h in hits] == [i * len(SENTENCE) + 19 for i in range(MAX_KEPT_HITS)]


def test_find_in_merges_several_spans_in_document_order() -> None:
    text = SENTENCE * 30
    quote = "keep records"
    size = len(SENTENCE)
    spans = [Span(20 * size, 30 * size), Span(0, 15 * size), Span(10 * size, 25 * size)]
    hits = Matcher(_doc(text)).find_in(FoldedQuote.of(quote), spans, quote, limit=25)
    starts = [h.span.start for h in hits]
    assert starts == sorted(set(starts)) and len(starts) == 25
    assert starts == [i * size + 19 for i in range(25)]


def test_find_anywhere_stops_at_the_limit_and_shares_equal_quotes() -> None:
    text = "Preface.\n" + SENTENCE * 1_000
    quote = "operator shall keep records"
    fabricated = "operator shall keep diaries"
    quotes = [(FoldedQuote.of(q), q) for q in (quote, fabricated, quote)]
    found = Matcher(_doc(text)).find_anywhere(quotes)
    assert [len(hits) for hits in found] == [MAX_KEPT_HITS, 0, MAX_KEPT_HITS]
    assert found[0] == found[2] and found[0] is not found[2]
    assert found[0][0].span.start == text.index(quote)


def test_find_anywhere_keys_on_a_rare_word() -> None:
    """A quote whose longest word is everywhere is still found where it stands."""
    text = ("everywhere " * 200) + "a rare everywhere passage here " + ("everywhere " * 200)
    quote = "a rare everywhere passage here"
    [hits] = Matcher(_doc(text)).find_anywhere([(FoldedQuote.of(quote), quote)])
    assert [h.span.start for h in hits] == [text.index(quote)]


def test_closest_search_is_bounded() -> None:
    assert closest_search_limit("x" * (CLOSEST_MAX_QUOTE + 1)) == 0
    assert closest_search_limit("short quote of a few words") == CLOSEST_MAX_REGION
    limit = closest_search_limit("y" * CLOSEST_MAX_QUOTE)
    assert 0 < limit < CLOSEST_MAX_REGION and limit * CLOSEST_MAX_QUOTE <= 20_000_000


def test_fuzzy_matching_skips_quotes_longer_than_the_cap() -> None:
    assert too_long("w " * MAX_FUZZY_QUOTE)
    assert not too_long("w" * MAX_FUZZY_QUOTE)


def _check(tmp_path: Path, source: str, records: list[dict], summary_body: str, ocr: bool = False):
    import json

    import summcheck

    (tmp_path / "source.txt").write_text(source, encoding="utf-8")
    (tmp_path / "claims.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records),
                                           encoding="utf-8")
    summary = tmp_path / "summary.md"
    summary.write_text("---\nsource: source.txt\nclaims: claims.jsonl\n"
                       f"ocr: {str(ocr).lower()}\n---\n\n{summary_body}\n", encoding="utf-8")
    return summcheck.check(summary, config=False)


def test_a_sentence_citing_an_occurrence_not_kept_is_still_backed(tmp_path: Path) -> None:
    """The record cites lines 1-100 where its quote stands 100 times; the sentence cites line 90,
    beyond the places the record keeps."""
    record = {"claim": "Records are kept.", "locator": "lines 1-100",
              "quote": "shall keep records of every change", "strength": "requires"}
    report = _check(tmp_path, SENTENCE * 100, [record],
                    "The operator must keep records of every change (line 90).")
    rules = [f.rule for f in report.findings]
    assert "SUM103" not in rules
    ambiguous = [f.message for f in report.findings if f.rule == "SUM205"]
    assert ambiguous and "it stands more than 20 times" in ambiguous[0]


def test_repeated_quotes_stay_duplicates(tmp_path: Path) -> None:
    """Records quoting one passage: each later one names the first (SUM301), as before."""
    records = [{"claim": f"Claim {i}.", "locator": "lines 1-3",
                "quote": "keep records of every change", "strength": "requires"} for i in range(50)]
    report = _check(tmp_path, SENTENCE * 3, records, "The operator keeps records (lines 1-3).")
    duplicates = [f for f in report.findings if f.rule == "SUM301"]
    assert len(duplicates) == 49
    assert all("record 1" in f.message or "line 1" in f.message for f in duplicates)


def test_sum201_says_when_the_closest_passage_search_is_cut(tmp_path: Path) -> None:
    rng = random.Random(7)
    words = "alpha beta gamma delta epsilon zeta theta kappa lambda sigma".split()
    source = "\n".join(" ".join(rng.choice(words) for _ in range(12)) for _ in range(1_500)) + "\n"
    long_quote = " ".join(rng.choice(words) for _ in range(300))[: CLOSEST_MAX_QUOTE + 200]
    mid_quote = " ".join(rng.choice(words) for _ in range(140))[:900]
    records = [{"claim": name, "locator": "lines 1-1500", "quote": quote, "strength": "states"}
               for name, quote in (("Long.", long_quote), ("Mid.", mid_quote))]
    report = _check(tmp_path, source, records, "Text (lines 1-2).")
    messages = [f.message for f in report.findings if f.rule == "SUM201"]
    skipped = f"the quote is longer than {CLOSEST_MAX_QUOTE:,} characters"
    assert any(skipped in m for m in messages)
    limit = closest_search_limit(mid_quote)
    cut = f"searched the first {limit:,} characters of the cited region"
    assert any(cut in m for m in messages)


def test_fuzzy_search_of_a_repetitive_text_is_cut_short_and_still_finds_the_passage() -> None:
    """Every letter group of the quote stands thousands of times: the seeds read are capped,
    the cut is counted, and a garbled copy of a passage that stands once is still found."""
    from summcheck.matching.fuzzy import FuzzyIndex

    filler = "shall keep records " * 20_000
    passage = "the operator shall keep records of every change made to the system"
    text = filler + passage + " " + filler
    index = FuzzyIndex(text)
    hits = index.search("the operatar shall keep records of every chanqe made to the system", 85)
    assert any(h.start == len(filler) for h in hits)
    # words merged as OCR merges them: no word seed stands, every letter group everywhere
    index.search("shallkeep recordsshall keeprecords shallkeep", 90)
    assert index.searches_cut >= 1


@pytest.mark.parametrize("seed", range(200))
def test_ambiguous_range_spans_are_every_pair_or_their_union(seed: int) -> None:
    from summcheck.locators.resolve import MAX_RANGE_PAIRS, range_spans

    rng = random.Random(seed)

    def places(count: int) -> list[tuple[int, Span]]:
        keys = [rng.randrange(100) for _ in range(count)]
        return [(k, Span(10 * k, 10 * k + 10)) for k in keys]

    first, last = places(rng.randint(1, 12)), places(rng.randint(1, 12))
    pairs = tuple(Span(a.start, b.end) for ka, a in first for kb, b in last if kb >= ka)
    spans, count = range_spans(first, last)
    assert count == len(pairs)
    if count <= MAX_RANGE_PAIRS:
        assert spans == pairs
    else:
        assert spans == (Span(min(s.start for s in pairs), max(s.end for s in pairs)),)


def test_a_range_between_labels_on_thousands_of_pages_is_one_span() -> None:
    """`pp. 1–1` where 5,000 pages carry the label 1: once 12.5 million spans."""
    from summcheck.locators.resolve import range_spans

    pages = [(n, Span(100 * n, 100 * n + 100)) for n in range(5_000)]
    spans, count = range_spans(pages, pages)
    assert count == 5_000 * 5_001 // 2 and spans == (Span(0, 500_000),)


def test_placing_the_findings_of_many_records_is_about_linear() -> None:
    """A finding on a record is underlined at its value, placed in the claims file's text: a
    file with thousands of bad records costs about its size, not its size squared."""
    import gc
    import json

    from conftest import assert_scales_linearly

    from summcheck.claims.positions import layout, value_span

    def run(count: int) -> None:
        gc.disable()  # as on the command line: the collector's passes grow with the heap
        try:
            place(count)
        finally:
            gc.enable()

    def place(count: int) -> None:
        text = "".join(json.dumps({"claim": f"Claim {n}.", "locator": "line 1",
                                   "quote": f"missing words number {n} here",
                                   "strength": "states"}) + "\n" for n in range(count))
        placed = layout(text, "jsonl")
        for index in range(count):
            start, _ = value_span(placed, index, "quote")
            line_start = text.rfind("\n", 0, start) + 1  # this line's, found near it
            assert placed.line_and_column(start) == (index + 1, start - line_start + 1)

    # a log factor (bisect) and the caches leave linear work near 5x; squared work is 13x+
    assert_scales_linearly(run, 3000, slack=8)
