#!/usr/bin/env python
"""Benchmark the cost of section detection against bare PyMuPDF text extraction.

    python benchmarks/bench_structure.py [--pages 1000] [--repeat 5] [--no-corpus]

Input: the benchmark PDF of benchmarks/bench_check.py (real text, page labels i..viii then
1.., a printed table of contents, an outline with a chapter every 25 pages and a numbered
section every 5, each heading printed on its page), built and cached in benchmarks/_data/ by
benchmarks/corpus.py's `prepare_data` with bench_check's defaults (the same cache key, so
either script reuses the other's file).

Measured in this one process, interleaved, median of --repeat (one untimed warm-up round
first, so that MuPDF's font and glyph caches are equally warm for every figure):
  (1) extraction: `pymupdf.open(path)` + `page.get_text()` for every page;
  (2) evidence extraction: `pymupdf.open(path)`, the outline with its destinations
      (`summcheck.sources.pdf._outline`) and `summcheck.sources.pdf_lines.page_lines` for every
      page as `load_pdf` calls it (line fonts up front only for a PDF without an outline; the
      body size sampled on a few pages), in one process (load_pdf itself forks a second one
      on large PDFs; not here);
  (3) detection: `summcheck.structure.find_structure(doc)` on a document loaded beforehand by
      `load_source` (the load is not timed), including the fonts it reads on demand.
(2) - (1) is the cost of the font evidence (counted as zero where reading through a TextPage
is the cheaper way, as it usually is); the target is (max(0, (2) - (1)) + (3)) / (1) <= 15%.
It prints the sections found against the outline's entries (the benchmark PDF's outline
lists every heading, so they must agree; exit status 1 otherwise), and the same figures for
every PDF of the structure corpus (/work/shared/corpus or $SUMMCHECK_CORPUS) when present.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO / "src"))
sys.path.insert(0, str(HERE))

import corpus  # noqa: E402  (builds and caches the benchmark PDF)

TARGET = 0.15
CORPUS = Path(os.environ.get("SUMMCHECK_CORPUS", "/work/shared/corpus"))


def extraction(path: Path) -> tuple[float, int]:
    """(1) seconds for open + get_text of every page, and the characters extracted."""
    import pymupdf

    t = time.perf_counter()
    doc = pymupdf.open(path)
    chars = 0
    for page in doc:
        chars += len(page.get_text())
    elapsed = time.perf_counter() - t
    doc.close()
    return elapsed, chars


def evidence_extraction(path: Path) -> tuple[float, float, int]:
    """(2) seconds for open + outline + page_lines of every page (one process), of which the
    outline took the second figure; and the number of lines with font evidence."""
    import pymupdf

    from summcheck.sources.pdf import SIZE_SAMPLE_PAGES, read_outline
    from summcheck.sources.pdf_lines import page_lines

    t = time.perf_counter()
    pdf = pymupdf.open(path)
    outline = read_outline(pdf, pymupdf)
    t_outline = time.perf_counter() - t
    count = pdf.page_count
    sample_every = max(1, count // SIZE_SAMPLE_PAGES)
    fonts = 0
    for pno in range(count):
        page = pdf.load_page(pno)
        # As load_pdf does: fonts up front only without an outline; with one, detection
        # reads the few pages it needs (timed in (3)).
        part = page_lines(page.get_textpage(), fonts=not outline,
                          sample_sizes=pno % sample_every == 0)
        fonts += len(part.fonts)
    elapsed = time.perf_counter() - t
    pdf.close()
    return elapsed, t_outline, fonts


def detection(path: Path):
    """(3) seconds of find_structure on a loaded document, and (document, structure)."""
    from summcheck.sources import load_source
    from summcheck.structure import find_structure

    doc = load_source(path)
    t = time.perf_counter()
    structure = find_structure(doc)
    return time.perf_counter() - t, doc, structure


def measure(path: Path, repeat: int, progress: bool = False) -> dict:
    extraction(path)  # warm-up round, not counted
    evidence_extraction(path)
    detection(path)
    runs: dict[str, list[float]] = {"extract": [], "evidence": [], "outline": [], "detect": []}
    doc = structure = None
    chars = fonts = 0
    for r in range(repeat):
        t, chars = extraction(path)
        runs["extract"].append(t)
        t, t_outline, fonts = evidence_extraction(path)
        runs["evidence"].append(t)
        runs["outline"].append(t_outline)
        t, doc, structure = detection(path)
        runs["detect"].append(t)
        if progress:
            print(f"  run {r + 1}/{repeat}: extraction {runs['extract'][-1]:.3f} s, evidence "
                  f"{runs['evidence'][-1]:.3f} s, detection {runs['detect'][-1]:.3f} s", flush=True)
    med = {k: statistics.median(v) for k, v in runs.items()}
    low = {k: min(v) for k, v in runs.items()}
    return {"med": med, "min": low, "chars": chars, "fonts": fonts, "doc": doc,
            "structure": structure, "pages": len(doc.pages), "outline": len(doc.outline),
            "sections": len(structure.sections), "method": structure.method}


def ratio(figures: dict) -> float:
    # Reading the text through a TextPage is cheaper than page.get_text(); a negative evidence
    # cost must not hide the detection's own, so it counts as zero.
    evidence = max(0.0, figures["evidence"] - figures["extract"])
    return (evidence + figures["detect"]) / figures["extract"]


def outline_agreement(doc, structure) -> tuple[list[str], list[str]]:
    """Outline entries no section stands for (same number, same physical page), and sections
    no outline entry names."""
    def page(section) -> int | None:
        found = doc.page_of(section.span.start)
        return found.number if found else None

    entries = {((e.title.split() or [""])[0], e.page) for e in doc.outline}
    placed = {(s.ident, page(s)) for s in structure.sections}
    missing = [f"{e.title} (physical page {e.page})" for e in doc.outline
               if ((e.title.split() or [""])[0], e.page) not in placed]
    extra = [f"{s.ident} {s.title!r} (physical page {page(s)}, by {s.evidence or '?'})"
             for s in structure.sections if (s.ident, page(s)) not in entries]
    return missing, extra


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--rebuild", action="store_true", help="rebuild the benchmark PDF")
    parser.add_argument("--no-corpus", action="store_true", help="skip the corpus PDFs")
    args = parser.parse_args(argv)
    if args.pages < 10 or args.repeat < 1:
        parser.error("use at least 10 pages and one run")

    # bench_check's defaults, so the cache key (and the cached PDF) is the one it uses
    data_args = corpus.default_args(pages=args.pages, rebuild=args.rebuild)
    data, manifest = corpus.prepare_data(data_args)
    pdf = data / "source.pdf"

    import pymupdf

    load = " ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    print(f"python {sys.version.split()[0]}, PyMuPDF {pymupdf.VersionBind}, {os.cpu_count()} CPUs, "
          f"load average {load}; median of {args.repeat}, one process")
    print(f"input: {pdf.relative_to(REPO)}, {manifest['pages']} pages, "
          f"{manifest['outline_entries']} outline entries, {pdf.stat().st_size / 1e6:.1f} MB")
    res = measure(pdf, args.repeat, progress=True)
    med, low = res["med"], res["min"]

    def fmt(key: str) -> str:
        return f"{med[key]:.3f} s  (min {low[key]:.3f})"

    r_med, r_min = ratio(med), ratio(low)
    missing, extra = outline_agreement(res["doc"], res["structure"])
    rows = [
        ("(1) extraction: open + get_text, every page", fmt("extract")),
        ("(2) evidence extraction: open + outline + page_lines", fmt("evidence")),
        ("      of which the outline (_outline)", fmt("outline")),
        ("    font evidence (2) - (1)", f"{med['evidence'] - med['extract']:.3f} s  "
                                        f"({(med['evidence'] - med['extract']) / med['extract']:.1%})"),
        ("(3) detection: find_structure(doc)", fmt("detect")),
        (f"ratio (max(0, (2) - (1)) + (3)) / (1)  (target <= {TARGET:.0%})",
         f"{r_med:.1%}" + ("" if r_med <= TARGET else "  MISSED") + f"  (from the minima {r_min:.1%})"),
        ("characters extracted / lines with font evidence", f"{res['chars']} / {res['fonts']}"),
        ("sections found / outline entries", f"{res['sections']} / {res['outline']} "
                                             f"(by {res['method']}; {res['outline'] - len(missing)} entries placed, "
                                             f"{len(extra)} sections not in the outline)"),
    ]
    width = max(len(name) for name, _ in rows)
    print()
    for name, value in rows:
        print(f"{name:<{width}}  {value}")
    status = 0
    for label, items in (("outline entries without a section", missing),
                         ("sections the outline lacks", extra)):
        if items:
            print(f"WARNING: {len(items)} {label}: {'; '.join(items[:6])}"
                  f"{' ...' if len(items) > 6 else ''}")
            status = 1

    corpus_pdfs = sorted(CORPUS.glob("*.pdf")) if CORPUS.is_dir() and not args.no_corpus else []
    if corpus_pdfs:
        print(f"\ncorpus PDFs ({CORPUS}), median of {args.repeat}:")
        head = (f"{'document':<34} {'pages':>5} {'(1) s':>7} {'(2) s':>7} {'(3) s':>7} "
                f"{'evid.':>6} {'ratio':>6}  {'sections':>8} {'outline':>7}")
        print(head)
        print("-" * len(head))
        total = {"extract": 0.0, "evidence": 0.0, "detect": 0.0}
        for path in corpus_pdfs:
            try:
                one = measure(path, args.repeat)
            except Exception as exc:  # a corpus document that fails is reported, not fatal
                print(f"{path.name:<34} failed: {type(exc).__name__}: {exc}")
                continue
            m = one["med"]
            for key in total:
                total[key] += m[key]
            r = ratio(m)
            print(f"{path.name:<34} {one['pages']:>5} {m['extract']:>7.3f} {m['evidence']:>7.3f} "
                  f"{m['detect']:>7.3f} {(m['evidence'] - m['extract']) / m['extract']:>6.1%} "
                  f"{r:>6.1%}  {one['sections']:>8} {one['outline']:>7}"
                  + ("" if r <= TARGET else "  MISSED"))
        r = ratio(total)
        print("-" * len(head))
        print(f"{'all corpus PDFs (sum of medians)':<34} {'':>5} {total['extract']:>7.3f} "
              f"{total['evidence']:>7.3f} {total['detect']:>7.3f} "
              f"{(total['evidence'] - total['extract']) / total['extract']:>6.1%} {r:>6.1%}"
              + ("" if r <= TARGET else "  MISSED"))
        print("evid. = ((2) - (1)) / (1), the font evidence; ratio = (max(0, (2) - (1)) + (3)) / (1); "
              "outline = outline entries (0: none)")
    return status


if __name__ == "__main__":
    sys.exit(main())
