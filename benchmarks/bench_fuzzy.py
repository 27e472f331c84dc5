#!/usr/bin/env python
"""Benchmark fuzzy quote matching on real OCR (tests/fixtures/ocr/) against a difflib aligner.

    python benchmarks/bench_fuzzy.py [--repeat 5] [--haystack-chars 1000000] [--difflib-sample 12]

Data: the committed real-tesseract fixtures (see tools/make_ocr_fixtures.py): true quotes cut
from the clean text layer, each with its reference OCR span (`ocr_start`/`ocr_end`, from a
global alignment of the whole clean page with the whole OCR page), and fabricated quotes.

Measured in one run, on the same quotes:
- **at-locator**: the quote aligned on its page — summcheck.matching.fuzzy (`FuzzyIndex.align`) and a
  difflib aligner (`SequenceMatcher.find_longest_match` for the anchor, then
  `get_matching_blocks` in a window around it for the boundaries, the way difflib-based quote
  aligners work); time per quote (fastest of --repeat runs), exact span boundaries (both ends equal
  to the reference, in the original OCR text), the same first and last word, accepted (score
  >= 90);
- **whole-document**: every quote looked for in a haystack of about --haystack-chars
  characters (the four OCR documents, then real text from the repository's sources, cycled):
  summcheck's seed index (`FuzzyIndex.search`; build time reported apart) for every quote;
  the difflib aligner page by page (3,000-character pages) for --difflib-sample quotes only,
  it is that slow; recall = the reference span found; fabricated quotes must find nothing.
"""
from __future__ import annotations

import argparse
import difflib
import gc
import json
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))


from summcheck.matching.fuzzy import FuzzyIndex, fold_quote  # noqa: E402
from summcheck.matching.normalize import FoldedQuote, fold  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures" / "ocr"
THRESHOLD = 90.0


def load() -> tuple[dict, list[dict]]:
    records = json.loads((FIXTURES / "quotes.json").read_text(encoding="utf-8"))
    docs = {}
    for name in sorted({r["doc"] for r in records}):
        raw = (FIXTURES / f"{name}.ocr.txt").read_text(encoding="utf-8")
        folded = fold(raw)
        starts, pages = [0], raw.split("\f")
        for page in pages[:-1]:
            starts.append(starts[-1] + len(page) + 1)
        bounds = [(folded.to_folded(s), folded.to_folded(s + len(p))) for s, p in zip(starts, pages)]
        docs[name] = {"raw": raw, "folded": folded, "bounds": bounds}
    return docs, records


# --------------------------------------------------------------------------- difflib aligner

def difflib_align(needle: str, text: str, lo: int, hi: int) -> tuple[int, int, float] | None:
    """(start, end, score) of the folded quote in text[lo:hi] found with difflib only."""
    region = text[lo:hi]
    m = len(needle)
    sm = difflib.SequenceMatcher(None, region, needle, autojunk=False)
    a, b, size = sm.find_longest_match(0, len(region), 0, m)
    if size == 0:
        return None
    pad = m // 10 + 8
    ws, we = max(0, a - b - pad), min(len(region), a - b + m + pad)
    window = region[ws:we]
    blocks = [bl for bl in difflib.SequenceMatcher(None, window, needle, autojunk=False)
              .get_matching_blocks() if bl.size]
    if not blocks:
        return None
    diag = a - b - ws
    near = [bl for bl in blocks if abs((bl.a - bl.b) - diag) <= pad] or blocks
    first, last = near[0], near[-1]
    s = max(0, first.a - first.b)
    e = min(len(window), last.a + last.size + (m - last.b - last.size))
    while s < e and window[s] == " ":
        s += 1
    while e > s and window[e - 1] == " ":
        e -= 1
    score = 100 * difflib.SequenceMatcher(None, needle, window[s:e], autojunk=False).ratio()
    return lo + ws + s, lo + ws + e, score


# --------------------------------------------------------------------------- measuring

def timed(fn, items, repeat: int) -> tuple[float, list]:
    """CPU seconds per item (this process's CPU time, so that other processes on a shared
    machine count as little as possible): the fastest of `repeat` runs, as `timeit` recommends,
    with garbage collection off, as in `timeit`; and the results of the last run."""
    times, results = [], []
    enabled = gc.isenabled()
    gc.disable()  # as timeit does: a collection of the caller's objects is no one's cost
    try:
        for _ in range(repeat):
            t = time.process_time()
            results = [fn(item) for item in items]
            times.append((time.process_time() - t) / max(1, len(items)))
    finally:
        if enabled:
            gc.enable()
    return min(times), results


def words_equal(raw: str, span: tuple[int, int], ref: tuple[int, int]) -> bool:
    """Same first and last word as the reference span."""
    a, b = raw[span[0]:span[1]].split(), raw[ref[0]:ref[1]].split()
    return bool(a and b) and a[0] == b[0] and a[-1] == b[-1]


def at_locator(docs: dict, trues: list[dict], repeat: int) -> None:
    indexes = {name: FuzzyIndex(d["folded"].text) for name, d in docs.items()}
    # Quotes are folded once, outside the timing, for both aligners (the matcher hands the
    # aligner the quote it already folded for the exact search).
    items = [(fold_quote(r["quote"]), r, docs[r["doc"]], indexes[r["doc"]]) for r in trues]

    def ours(item):
        needle, r, d, index = item
        lo, hi = d["bounds"][r["page"] - 1]
        return index.align(FoldedQuote(needle, ()), lo, hi, threshold=THRESHOLD)

    def theirs(item):
        needle, r, d, _ = item
        lo, hi = d["bounds"][r["page"] - 1]
        return difflib_align(needle, d["folded"].text, lo, hi)

    # Interleaved, quote by quote, so that both aligners see the same load on a shared machine.
    t_ours = t_theirs = 0.0
    rows = {"summcheck.fuzzy": [0, 0, 0], "difflib aligner": [0, 0, 0]}
    for item in items:
        needle, r, d, _ = item
        f = d["folded"]
        seconds, (hit,) = timed(ours, [item], repeat)
        t_ours += seconds
        found = None if hit is None else (hit.start, hit.end, hit.score)
        seconds, (other,) = timed(theirs, [item], repeat)
        t_theirs += seconds
        ref = (r["ocr_start"], r["ocr_end"])
        for label, res in (("summcheck.fuzzy", found), ("difflib aligner", other)):
            if res is None:
                continue
            span = (f.to_original(res[0]), f.to_original(res[1], end=True))
            rows[label][0] += span == ref
            rows[label][1] += words_equal(d["raw"], span, ref)
            rows[label][2] += res[2] >= THRESHOLD
    n = len(items)
    print(f"\nAt the locator (one page): {n} true quotes, pages of "
          f"{statistics.mean(hi - lo for d in docs.values() for lo, hi in d['bounds']):.0f} characters, "
          f"quotes of {statistics.mean(len(r['quote']) for r in trues):.0f} on average")
    print(f"{'aligner':<18}{'ms/quote':>10}{'quotes/s':>11}{'exact bounds':>16}{'same words':>14}{'accepted':>12}")
    for label, total in (("summcheck.fuzzy", t_ours), ("difflib aligner", t_theirs)):
        exact, words, accepted = rows[label]
        per_quote = total / n
        print(f"{label:<18}{per_quote * 1e3:>10.3f}{1 / per_quote:>11.0f}{exact / n:>15.1%} "
              f"{words / n:>13.1%} {accepted / n:>11.1%}")
    print(f"speed-up: {t_theirs / t_ours:.0f}x (target >= 100x); exact bounds target >= 95%")


def build_haystack(docs: dict, size: int) -> tuple[str, dict[str, int]]:
    """The four OCR documents first (their offsets returned), then real text up to `size`."""
    parts, offsets, length = [], {}, 0
    for name, d in docs.items():
        offsets[name] = length
        parts.append(d["raw"])
        length += len(d["raw"]) + 1
    # Real text that is none of the fixtures' sources (the fabricated quotes come from unscanned
    # parts of those sources, so they must not be in the haystack): RFCs, GPL, transcripts.
    fillers = sorted(p for p in (ROOT / "tests" / "cases" / "_sources").glob("*.txt"))
    fillers += sorted((ROOT.parent / "shared" / "acceptance" / "cases").glob("*/*.txt"))
    fillers = [f.read_text(encoding="utf-8", errors="replace") for f in fillers
               if not re.search(r"dsgvo|dudh|debian|fhs|ocr", f.name, re.I)]
    k = 0
    while length < size and fillers:
        text = fillers[k % len(fillers)]
        parts.append(text)
        length += len(text) + 1
        k += 1
    return "\f".join(parts), offsets


def whole_document(docs: dict, trues: list[dict], fabricated: list[dict], size: int,
                   repeat: int, sample: int) -> None:
    raw, offsets = build_haystack(docs, size)
    t = time.perf_counter()
    folded = fold(raw)
    fold_time = time.perf_counter() - t
    t = time.perf_counter()
    index = FuzzyIndex(folded.text)
    build = time.perf_counter() - t
    t = time.perf_counter()
    index.prepare_search()
    build_grams = time.perf_counter() - t
    per_quote, results = timed(lambda r: index.search(r["quote"], THRESHOLD), trues, repeat)
    found = 0
    for r, hits in zip(trues, results):
        ref_s, ref_e = offsets[r["doc"]] + r["ocr_start"], offsets[r["doc"]] + r["ocr_end"]
        spans = [(folded.to_original(h.start), folded.to_original(h.end, end=True)) for h in hits]
        found += any(s < ref_e and ref_s < e for s, e in spans)
    fab_time, fab_results = timed(lambda r: index.search(r["quote"], THRESHOLD), fabricated, repeat)
    fab_hits = sum(1 for hits in fab_results if hits)
    print(f"\nWhole document: {len(raw):,} characters ({raw.count(chr(12)) + 1} files), "
          f"fold {fold_time:.2f} s, word index {build:.2f} s, 5-gram index {build_grams:.2f} s")
    print(f"summcheck.fuzzy: {per_quote * 1e3:.3f} ms/quote ({1 / per_quote:,.0f} quotes/s) on "
          f"{len(trues)} true quotes, recall {found}/{len(trues)} = {found / len(trues):.1%}; "
          f"fabricated: {fab_time * 1e3:.3f} ms/quote, {fab_hits}/{len(fabricated)} with a hit")
    # difflib, page by page, on a sample
    text = folded.text
    pages = [(p, min(len(text), p + 3000)) for p in range(0, len(text), 3000)]
    chosen = trues[:: max(1, len(trues) // sample)][:sample]

    def theirs(r):
        best = None
        for lo, hi in pages:
            found = difflib_align(fold_quote(r["quote"]), text, max(0, lo - 300), hi)
            if found is not None and (best is None or found[2] > best[2]):
                best = found
        return best

    dl, results = timed(theirs, chosen, 1)
    got = 0
    for r, res in zip(chosen, results):
        if res is None or res[2] < THRESHOLD:
            continue
        s, e = folded.to_original(res[0]), folded.to_original(res[1], end=True)
        ref_s, ref_e = offsets[r["doc"]] + r["ocr_start"], offsets[r["doc"]] + r["ocr_end"]
        got += s < ref_e and ref_s < e
    print(f"difflib aligner: {dl * 1e3:.1f} ms/quote ({1 / dl:.2f} quotes/s) on a sample of "
          f"{len(chosen)}, recall {got}/{len(chosen)}; speed-up {dl / per_quote:,.0f}x")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--haystack-chars", type=int, default=1_000_000)
    parser.add_argument("--difflib-sample", type=int, default=12)
    args = parser.parse_args()
    docs, records = load()
    trues = [r for r in records if r["kind"] == "true"]
    fabricated = [r for r in records if r["kind"] == "fabricated"]
    print(f"fixtures: {len(docs)} OCR documents, {sum(len(d['bounds']) for d in docs.values())} pages, "
          f"{len(trues)} true quotes, {len(fabricated)} fabricated")
    at_locator(docs, trues, args.repeat)
    whole_document(docs, trues, fabricated, args.haystack_chars, args.repeat, args.difflib_sample)
    return 0


if __name__ == "__main__":
    sys.exit(main())
