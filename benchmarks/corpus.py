#!/usr/bin/env python
"""Build and cache the inputs of the check benchmark (benchmarks/bench_check.py).

    python benchmarks/corpus.py [--pages 1000] [--claims 10000] [--sentences 500] [--rebuild]

Measures nothing: it builds the inputs and prints where they are and what they hold.
bench_check.py and bench_structure.py import its ``prepare_data``, so they share one cache.

1. A PDF of real text (the plain-text sources found in the repository, or in
   ../shared/acceptance/cases/ beside it) made with PyMuPDF: ~45 lines of <= 80 characters a
   page, printed page labels (roman front matter i..viii with a table of contents, then 1, 2,
   ...) and an outline of numbered sections.
2. Claim records (JSONL): 90% exact quotes cut from a page's extracted text and located by
   that page's label, 5% misplaced (filed under another page), 5% fabricated (words replaced
   so the quote stands nowhere), a summary.md citing pages, and manifest.json with the
   claims-file lines of every planted record.
Inputs are cached in benchmarks/_data/<key>/ (key = parameters + text hashes + the PyMuPDF
version; the texts written into the PDF still name bench_check.py, which keeps the cached
PDFs valid). Only the standard library and PyMuPDF are needed.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import shutil
import sys
import tempfile
import textwrap
import time
import unicodedata
from pathlib import Path

GENERATOR_VERSION = 3  # bump when the generated data changes
HERE = Path(__file__).resolve().parent
REPO = HERE.parent
DATA = HERE / "_data"

LINES_PER_PAGE = 45
LINE_WIDTH = 80
FONT_SIZE = 10
LINE_HEIGHT = 16
MARGIN_X, MARGIN_Y = 57, 60
PAGE_W, PAGE_H = 595, 842  # A4


# ---------------------------------------------------------------- text sources


def find_texts(explicit: list[str] | None) -> list[Path]:
    """Real plain texts: --text, else examples/, ../shared/acceptance/cases/*/, any *.txt."""
    if explicit:
        return [Path(p) for p in explicit]
    candidates: list[Path] = []
    candidates += sorted((REPO / "examples").rglob("*.txt"))
    for shared in (REPO.parent / "shared", Path("/work/shared")):
        candidates += sorted((shared / "acceptance" / "cases").glob("*/*.txt"))
    if not candidates:
        skip = {".venv", ".git", "_data", "node_modules", "build", "dist"}
        candidates = sorted(p for p in REPO.rglob("*.txt")
                            if not skip.intersection(p.relative_to(REPO).parts))
    seen: set[str] = set()
    texts = []
    for path in candidates:
        if not path.is_file():
            continue
        digest = hashlib.sha1(path.read_bytes()).hexdigest()
        if digest in seen:
            continue
        seen.add(digest)
        texts.append(path)
    if not texts:
        sys.exit("corpus: no *.txt source found (use --text FILE)")
    return texts


def wrapped_lines(path: Path) -> list[str]:
    """The file's lines, form feeds dropped, blank runs collapsed, long lines wrapped at 80."""
    text = path.read_text(encoding="utf-8", errors="replace").replace("\f", "")
    out: list[str] = []
    for raw in text.splitlines():
        line = raw.rstrip().expandtabs()
        if not line.strip():
            if out and out[-1]:
                out.append("")
            continue
        if len(line) <= LINE_WIDTH:
            out.append(line)
        else:
            indent = line[:len(line) - len(line.lstrip())][:20]
            out += textwrap.wrap(line, LINE_WIDTH, initial_indent="", subsequent_indent=indent,
                                 break_on_hyphens=False, break_long_words=True) or [""]
    return out


# ---------------------------------------------------------------- the PDF


def roman(n: int) -> str:
    out = ""
    for value, digits in ((1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"),
                          (90, "xc"), (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"),
                          (4, "iv"), (1, "i")):
        while n >= value:
            out += digits
            n -= value
    return out


def plan_layout(pages: int, texts: list[Path]) -> tuple[list[list[str]], list[list], int, list[str]]:
    """Lines of every page, the outline, the number of front-matter pages, and labels."""
    front = min(8, pages // 10)
    body = pages - front
    stream: list[tuple[str, str]] = []  # (line, source name)
    per_text = [(p.name, wrapped_lines(p)) for p in texts]
    # Outline: a chapter every 25 body pages, a numbered section every 5.
    toc: list[list] = []
    headings: dict[int, str] = {}  # body page index -> heading line
    chapter = section = 0
    for b in range(body):
        if b % 25 == 0:
            chapter += 1
            section = 0
            title = f"{chapter}  Chapter {chapter}"
            toc.append([1, title, front + b + 1])
            headings[b] = title
        elif b % 5 == 0:
            section += 1
            title = f"{chapter}.{section}  Section {chapter}.{section}"
            toc.append([2, title, front + b + 1])
            headings[b] = title
    # Body text: the texts one after the other, cycled until every page is full.
    needed = body * LINES_PER_PAGE
    cycle = 0
    while len(stream) < needed:
        for name, lines in per_text:
            stream += [(line, name) for line in lines]
            stream.append(("", name))
        cycle += 1
    page_lines: list[list[str]] = []
    # Front matter: a title page, then a printed table of contents (which is not a heading).
    if front:
        title_page = ["", "", "SUMMCHECK BENCHMARK CORPUS", "",
                      f"{pages} pages of real text, laid out by benchmarks/bench_check.py", "",
                      "Texts:"] + [f"  - {p.name}" for p in texts]
        page_lines.append(title_page[:LINES_PER_PAGE])
        body_labels = {front + b + 1: str(b + 1) for b in range(body)}
        toc_lines = ["Contents", ""]
        for level, title, page in toc:
            left = ("  " * (level - 1)) + title + " "
            right = " " + body_labels[page]
            toc_lines.append(left + "." * max(3, LINE_WIDTH - len(left) - len(right)) + right)
        capacity = (front - 1) * LINES_PER_PAGE
        if len(toc_lines) > capacity:
            toc_lines = toc_lines[:capacity - 1] + ["..."]
        for i in range(1, front):
            chunk = toc_lines[(i - 1) * LINES_PER_PAGE:i * LINES_PER_PAGE]
            page_lines.append(chunk or [f"(intentionally left blank {roman(i + 1)})"])
    pos = 0
    for b in range(body):
        lines: list[str] = []
        if b in headings:
            lines += [headings[b], ""]
        while len(lines) < LINES_PER_PAGE:
            lines.append(stream[pos][0])
            pos += 1
        page_lines.append(lines)
    labels = [roman(i + 1) for i in range(front)] + [str(b + 1) for b in range(body)]
    return page_lines, toc, front, labels


def build_pdf(path: Path, page_lines: list[list[str]], toc: list[list], front: int) -> None:
    import pymupdf

    doc = pymupdf.open()
    font = pymupdf.Font("cour")  # base-14 Courier, written as a Unicode font by TextWriter
    for lines in page_lines:
        page = doc.new_page(width=PAGE_W, height=PAGE_H)
        writer = pymupdf.TextWriter(page.rect)
        y = MARGIN_Y
        for line in lines:
            if line.strip():
                writer.append((MARGIN_X, y), line, font=font, fontsize=FONT_SIZE)
            y += LINE_HEIGHT
        writer.write_text(page)
    rules = []
    if front:
        rules.append({"startpage": 0, "prefix": "", "style": "r", "firstpagenum": 1})
    rules.append({"startpage": front, "prefix": "", "style": "D", "firstpagenum": 1})
    doc.set_page_labels(rules)
    doc.set_toc(toc)
    doc.set_metadata({"title": "summcheck benchmark corpus", "creator": "bench_check.py"})
    doc.subset_fonts()
    doc.save(path, garbage=3, deflate=True)
    doc.close()


# ---------------------------------------------------------------- claims and summary

_FOLD = {**{c: '"' for c in "\u201c\u201d\u201e\u201f\u00ab\u00bb"},
         **{c: "'" for c in "\u2018\u2019\u201a\u201b\u2039\u203a"},
         **{c: "-" for c in "\u2010\u2011\u2012\u2013\u2014\u2015\u2212"},
         "\u00ad": "", "\u200b": "", "\u200c": "", "\u200d": "", "\u2060": "", "\ufeff": ""}
_FOLD_TABLE = str.maketrans(_FOLD)
REQUIRES = re.compile(r"\b(must|shall|required|has to|have to|may not|muss|müssen|musst|"
                      r"verpflichtet|darf nicht|dürfen nicht)\b", re.I)
RECOMMENDS = re.compile(r"\b(should|ought|recommended|soll|sollte|sollten|sollen|empfohlen)\b",
                        re.I)


def norm(text: str) -> str:
    return " ".join(text.split())


def fold(text: str) -> str:
    """Roughly the contract's normalized level, to make sure a fabricated quote stands nowhere."""
    text = unicodedata.normalize("NFKC", text).translate(_FOLD_TABLE)
    text = re.sub(r"(?<=\w)- (?=\w)", "", text)  # a hyphen at a line end is optional
    return norm(text)


def strength_of(quote: str) -> str:
    if REQUIRES.search(quote):
        return "requires"
    if RECOMMENDS.search(quote):
        return "recommends"
    return "states"


def generate(out: Path, pdf: Path, n_claims: int, n_sentences: int, seed: int) -> dict:
    import pymupdf

    rng = random.Random(seed)
    doc = pymupdf.open(pdf)
    labels = [page.get_label() or str(page.number + 1) for page in doc]
    words = [norm(page.get_text()).split(" ") for page in doc]
    doc.close()
    page_text = [" ".join(w) for w in words]
    folded_pages = [fold(t) for t in page_text]
    folded_all = " ".join(folded_pages)
    plain_all = " ".join(page_text)
    vocabulary = sorted({w for ws in words for w in ws if w.isalpha() and len(w) > 3})
    eligible = [i for i, ws in enumerate(words) if len(ws) >= 60]
    if len(set(labels)) != len(labels):
        raise SystemExit("corpus: generated page labels are not unique")

    n_mis = round(n_claims * 0.05)
    n_fab = round(n_claims * 0.05)
    kinds = ["exact"] * (n_claims - n_mis - n_fab) + ["misplaced"] * n_mis + ["fabricated"] * n_fab
    rng.shuffle(kinds)
    used: dict[int, list[tuple[int, int]]] = {}  # page -> word windows taken (no overlaps)

    def take_window() -> tuple[int, int, int]:
        for _ in range(1000):
            p = rng.choice(eligible)
            length = rng.randint(8, 20)
            start = rng.randrange(0, len(words[p]) - length + 1)
            end = start + length
            # keep a word of distance from other quotes: no overlapping verified spans (SUM301)
            if all(end < s or start > e for s, e in used.get(p, ())):
                used.setdefault(p, []).append((start, end))
                return p, start, end
        raise SystemExit("corpus: too many claims for the pages (no free quote window)")

    records = []
    planted: dict[str, list[int]] = {"exact": [], "misplaced": [], "fabricated": []}
    exact_pages: list[int] = []
    for i, kind in enumerate(kinds):
        while True:
            p, start, end = take_window()
            quote = " ".join(words[p][start:end])
            if len(quote) >= 25:
                break
        filed = p
        if kind == "misplaced":
            for _ in range(1000):
                q = rng.choice(eligible)
                if q != p and fold(quote) not in folded_pages[q] and quote not in page_text[q]:
                    filed = q
                    break
            else:
                raise SystemExit("corpus: could not misplace a quote")
        elif kind == "fabricated":
            original = words[p][start:end]
            for _ in range(1000):
                changed = list(original)
                for k in rng.sample(range(len(changed)), k=min(len(changed), rng.randint(2, 3))):
                    replacement = rng.choice(vocabulary)
                    while replacement == changed[k]:
                        replacement = rng.choice(vocabulary)
                    changed[k] = replacement
                candidate = " ".join(changed)
                if candidate not in plain_all and fold(candidate) not in folded_all:
                    quote = candidate
                    break
            else:
                raise SystemExit("corpus: could not fabricate a quote")
        else:
            exact_pages.append(p)
        records.append({"id": f"c{i + 1:05d}",
                        "claim": f"Record {i + 1} restates a passage of page {labels[p]}.",
                        "locator": f"p. {labels[filed]}", "quote": quote,
                        "strength": strength_of(quote)})
        planted[kind].append(i + 1)  # JSONL: record i stands on line i + 1

    with open(out / "claims.jsonl", "w", encoding="utf-8") as fh:
        for record in records:
            fh.write(json.dumps(record, ensure_ascii=False) + "\n")

    cited = sorted(set(exact_pages))
    rng.shuffle(cited)
    cited = (cited * (n_sentences // max(1, len(cited)) + 1))[:n_sentences]
    lines = ["---", f"source: {pdf.name}", "claims: claims.jsonl",
             "purpose: Benchmark of summcheck on a large PDF.", "---", "",
             "# Benchmark summary", ""]
    for n, p in enumerate(cited, start=1):
        lines.append(f"Sentence {n} states something (p. {labels[p]}).")
        if n % 10 == 0:
            lines.append("")
            if n % 100 == 0 and n < n_sentences:
                lines += [f"## Part {n // 100 + 1}", ""]
    (out / "summary.md").write_text("\n".join(lines).rstrip("\n") + "\n", encoding="utf-8")
    return {"pages": len(labels), "front_matter_pages": labels.index("1") if "1" in labels else 0,
            "claims": n_claims, "sentences": n_sentences, "planted": planted,
            "labels_sample": labels[:10]}


def compile_summcheck() -> None:
    """Compile summcheck's modules to bytecode, as `pip install` does: a process that finds no
    current .pyc compiles every module it imports (a third of a second at start-up), and
    with PYTHONDONTWRITEBYTECODE set (as on this project's machines) it would do so in every
    process timed."""
    import compileall

    compileall.compile_dir(str(REPO / "src" / "summcheck"), quiet=1)


def prepare_data(args) -> tuple[Path, dict]:
    """The inputs for `args` (built, or reused from benchmarks/_data/), with summcheck
    compiled (compile_summcheck)."""
    import pymupdf

    compile_summcheck()

    texts = find_texts(args.text)
    hasher = hashlib.sha1()
    for part in (GENERATOR_VERSION, args.pages, args.claims, args.sentences, args.seed,
                 pymupdf.VersionBind):
        hasher.update(repr(part).encode())
    for path in texts:
        hasher.update(hashlib.sha1(path.read_bytes()).digest())
    key = f"p{args.pages}-c{args.claims}-s{args.seed}-{hasher.hexdigest()[:10]}"
    out = DATA / key
    manifest_path = out / "manifest.json"
    if manifest_path.exists() and not args.rebuild:
        print(f"data: {out.relative_to(REPO)} (cached)")
        return out, json.loads(manifest_path.read_text())
    DATA.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=key + ".", dir=DATA))
    t0 = time.perf_counter()
    page_lines, toc, front, _labels = plan_layout(args.pages, texts)
    build_pdf(tmp / "source.pdf", page_lines, toc, front)
    t1 = time.perf_counter()
    manifest = generate(tmp, tmp / "source.pdf", args.claims, args.sentences, args.seed)
    manifest["texts"] = [str(p) for p in texts]
    manifest["outline_entries"] = len(toc)
    (tmp / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    if out.exists():
        shutil.rmtree(out)
    tmp.rename(out)
    print(f"data: {out.relative_to(REPO)} (built: PDF {t1 - t0:.1f} s, "
          f"claims {time.perf_counter() - t1:.1f} s; texts: {', '.join(p.name for p in texts)})")
    return out, manifest


# ---------------------------------------------------------------- command line

DEFAULTS = {"pages": 1000, "claims": 10000, "sentences": 500, "seed": 1, "text": None,
            "rebuild": False}


def default_args(**overrides) -> argparse.Namespace:
    """prepare_data's arguments: the defaults (so the cache key is the shared one), overridden."""
    return argparse.Namespace(**{**DEFAULTS, **overrides})


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options that choose the inputs (and with them the cache key)."""
    parser.add_argument("--pages", type=int, default=DEFAULTS["pages"])
    parser.add_argument("--claims", type=int, default=DEFAULTS["claims"])
    parser.add_argument("--sentences", type=int, default=DEFAULTS["sentences"])
    parser.add_argument("--seed", type=int, default=DEFAULTS["seed"])
    parser.add_argument("--text", action="append", help="a plain-text source (repeatable)")
    parser.add_argument("--rebuild", action="store_true", help="ignore the cached data")


def check_arguments(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    if args.pages < 10 or args.claims < 20:
        parser.error("use at least 10 pages and 20 claims")


def describe(data: Path, manifest: dict) -> str:
    planted = manifest["planted"]  # the line bench_check.py prints first
    return (f"inputs: {manifest['pages']} pages ({manifest['front_matter_pages']} front matter, "
            f"{manifest['outline_entries']} outline entries), {manifest['claims']} claims "
            f"({len(planted['exact'])} exact, {len(planted['misplaced'])} misplaced, "
            f"{len(planted['fabricated'])} fabricated), {manifest['sentences']} sentences; "
            f"PDF {(data / 'source.pdf').stat().st_size / 1e6:.1f} MB")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_arguments(parser)
    args = parser.parse_args(argv)
    check_arguments(parser, args)
    data, manifest = prepare_data(args)
    print(describe(data, manifest))
    return 0


if __name__ == "__main__":
    sys.exit(main())
