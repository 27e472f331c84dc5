#!/usr/bin/env python
"""Benchmark `summcheck check` on a large PDF against bare PyMuPDF text extraction.

    python benchmarks/bench_check.py [--pages 1000] [--claims 10000] [--repeat 3]

1. Builds a PDF of real text (the plain-text sources found in the repository, or in
   ../shared/acceptance/cases/ beside it) with PyMuPDF: ~45 lines of <= 80 characters a page,
   printed page labels (roman front matter i..viii with a table of contents, then 1, 2, ...)
   and an outline of numbered sections.
2. Generates claim records (JSONL): 90% exact quotes cut from a page's extracted text and
   located by that page's label, 5% misplaced (filed under another page), 5% fabricated
   (words replaced so the quote stands nowhere), and a summary.md citing pages.
   Inputs are cached in benchmarks/_data/<key>/ (key = parameters + text hashes).
3. Times, interleaved, median of --repeat runs:
   - bare extraction: `pymupdf.open(path)` + `page.get_text()` for every page (import excluded;
     the import is timed separately in a fresh interpreter);
   - `summcheck check summary.md --format json` as a subprocess (end to end);
   - `summcheck.check(summary)` in a fresh interpreter with the modules imported beforehand;
   and prints the ratio summcheck / extraction (target <= 1.25x), the planted-vs-found counts
   of SUM202/SUM201, a phase breakdown, and (when the ratio misses, or with --profile) a
   cProfile of the in-process run.
4. Start-up: `import summcheck.cli` vs importing its dependencies, `summcheck --version`
   (median of 5; target <= 1.5x), and whether `import summcheck.cli` pulls in PyMuPDF.

Only the standard library and PyMuPDF are needed to generate the data.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import re
import shutil
import statistics
import subprocess
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
RATIO_TARGET = 1.25
STARTUP_TARGET = 1.5
DEPENDENCY_IMPORTS = "import typer, rich, rapidfuzz, yaml, jsonschema, markdown_it"

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
        sys.exit("bench_check: no *.txt source found (use --text FILE)")
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
        raise SystemExit("bench_check: generated page labels are not unique")

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
        raise SystemExit("bench_check: too many claims for the pages (no free quote window)")

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
                raise SystemExit("bench_check: could not misplace a quote")
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
                raise SystemExit("bench_check: could not fabricate a quote")
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


def prepare_data(args) -> tuple[Path, dict]:
    import pymupdf

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


# ---------------------------------------------------------------- workers (fresh interpreters)


def worker(mode: str, data: Path) -> None:
    """Run one measurement in this (fresh) interpreter and print JSON on the last line."""
    result: dict = {}
    pdf = data / "source.pdf"
    summary = data / "summary.md"
    if mode == "import-pymupdf":
        t = time.perf_counter()
        import pymupdf  # noqa: F401

        result["import"] = time.perf_counter() - t
    elif mode == "extract":
        import pymupdf

        t = time.perf_counter()
        doc = pymupdf.open(pdf)
        chars = 0
        for page in doc:
            chars += len(page.get_text())
        result["extract"] = time.perf_counter() - t
        result["chars"] = chars
    elif mode in ("inproc", "profile", "phases"):
        import pymupdf  # noqa: F401  (excluded from the timing, as for the extraction)

        import summcheck
        import summcheck.api  # noqa: F401
        import summcheck.engine  # noqa: F401
        for name in ("summcheck.sources", "summcheck.claims", "summcheck.summary",
                     "summcheck.analysis", "summcheck.rules"):
            __import__(name)
        os.chdir(data)
        if mode == "inproc":
            t = time.perf_counter()
            report = summcheck.check(Path("summary.md"))
            result["check"] = time.perf_counter() - t
            result["findings"] = finding_lines(
                (f.rule, str(f.path), f.line) for f in report.findings)
        elif mode == "profile":
            import cProfile
            import io
            import pstats

            profiler = cProfile.Profile()
            profiler.enable()
            summcheck.check(Path("summary.md"))
            profiler.disable()
            for key in ("cumulative", "tottime"):
                buffer = io.StringIO()
                stats = pstats.Stats(profiler, stream=buffer).strip_dirs().sort_stats(key)
                stats.print_stats(30)
                result[key] = buffer.getvalue()
        else:
            result["phases"] = phases(Path("summary.md"))
    print(json.dumps(result))


def phases(summary_path: Path) -> list[tuple[str, float]]:
    """Seconds per stage of the engine (its stage hook), and the JSON rendering."""
    from summcheck.engine import check_paths
    from summcheck.report import reporter_for
    from summcheck.settings import CheckRequest

    request = CheckRequest([summary_path])
    settings = request.settings()
    timings: list[tuple[str, float]] = []
    report = check_paths([summary_path], request.options(settings),
                         on_stage=lambda stage, _, seconds: timings.append((stage, seconds)))
    start = time.perf_counter()
    reporter_for("json").render(report)
    timings.append(("render json", time.perf_counter() - start))
    return timings


def finding_lines(triples) -> dict[str, list]:
    out: dict[str, list] = {}
    for rule, path, line in triples:
        out.setdefault(rule, []).append([path, line])
    return out


def run_worker(mode: str, data: Path, timeout: float = 900) -> dict:
    proc = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--worker", mode,
                           "--data", str(data)], capture_output=True, text=True, timeout=timeout)
    if proc.returncode != 0 or not proc.stdout.strip():
        raise WorkerError(f"worker {mode} failed (exit {proc.returncode}):\n"
                          f"{proc.stderr.strip()[-3000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


class WorkerError(RuntimeError):
    pass


# ---------------------------------------------------------------- measurements


def summcheck_command() -> list[str]:
    script = Path(sys.executable).with_name("summcheck")
    if script.exists():
        return [str(script)]
    found = shutil.which("summcheck")
    return [found] if found else [sys.executable, "-m", "summcheck"]


def timed_run(cmd: list[str], cwd: Path | None = None) -> tuple[float, subprocess.CompletedProcess]:
    t = time.perf_counter()
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    return time.perf_counter() - t, proc


def measure(data: Path, manifest: dict, repeat: int) -> dict:
    cli = summcheck_command() + ["check", "summary.md", "--format", "json"]
    extract_e2e_code = ("import pymupdf, sys\n"
                        "doc = pymupdf.open(sys.argv[1])\n"
                        "for page in doc: page.get_text()\n")
    res: dict = {k: [] for k in ("import", "extract", "extract_e2e", "cli", "inproc")}
    cli_json = inproc = None
    for r in range(repeat):
        res["import"].append(run_worker("import-pymupdf", data)["import"])
        res["extract"].append(run_worker("extract", data)["extract"])
        t, _ = timed_run([sys.executable, "-c", extract_e2e_code, str(data / "source.pdf")])
        res["extract_e2e"].append(t)
        t, proc = timed_run(cli, cwd=data)
        if proc.returncode not in (0, 1):
            raise WorkerError(f"`{' '.join(cli)}` exited {proc.returncode}: "
                              f"{proc.stderr.strip()[-3000:]}")
        res["cli"].append(t)
        cli_json = json.loads(proc.stdout)
        one = run_worker("inproc", data)
        res["inproc"].append(one["check"])
        inproc = one["findings"]
        print(f"  run {r + 1}/{repeat}: extract {res['extract'][-1]:.3f} s, "
              f"in-process {res['inproc'][-1]:.3f} s, cli {res['cli'][-1]:.3f} s", flush=True)
    res["cli_findings"] = finding_lines((f["rule"], f["path"], f["line"])
                                        for f in cli_json["findings"])
    res["inproc_findings"] = inproc
    return res


def startup(runs: int = 5) -> dict:
    py = sys.executable
    cmds = {
        "python -c pass": [py, "-c", "pass"],
        "import summcheck.cli": [py, "-c", "import summcheck.cli"],
        "import deps": [py, "-c", DEPENDENCY_IMPORTS],
        "summcheck --version": summcheck_command() + ["--version"],
    }
    out = {name: [] for name in cmds}
    for _ in range(runs):
        for name, cmd in cmds.items():
            t, proc = timed_run(cmd)
            if proc.returncode != 0:
                raise WorkerError(f"`{' '.join(cmd)}` exited {proc.returncode}: "
                                  f"{proc.stderr.strip()[-2000:]}")
            out[name].append(t)
    probe = subprocess.run([py, "-c", "import sys, summcheck.cli; print(sorted(m for m in "
                            "('pymupdf', 'fitz', 'numpy', 'onnxruntime', 'jsonschema', 'rapidfuzz', "
                            "'yaml', 'markdown_it', 'rich') if m in sys.modules))"],
                           capture_output=True, text=True)
    return {"times": {k: statistics.median(v) for k, v in out.items()},
            "modules": probe.stdout.strip() or probe.stderr.strip()[-500:]}


# ---------------------------------------------------------------- report


def compare(planted: list[int], found: list, claims_name: str = "claims.jsonl") -> tuple[int, int, int]:
    """(found, missed planted, unexpected) for one rule, by claims-file line."""
    lines = {line for path, line in found if Path(path).name == claims_name}
    planted_set = set(planted)
    return len(found), len(planted_set - lines), len(lines - planted_set)


def show_examples(data: Path, planted: list[int], found: list, limit: int = 3) -> None:
    """Print a few records a rule reported although they were not planted for it."""
    lines = sorted({line for path, line in found if Path(path).name == "claims.jsonl"}
                   - set(planted))
    records = (data / "claims.jsonl").read_text(encoding="utf-8").splitlines()
    for line in lines[:limit]:
        record = json.loads(records[line - 1])
        print(f"      e.g. line {line} ({record['locator']}): {record['quote']!r}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--claims", type=int, default=10000)
    parser.add_argument("--sentences", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--text", action="append", help="a plain-text source (repeatable)")
    parser.add_argument("--rebuild", action="store_true", help="ignore the cached data")
    parser.add_argument("--data-only", action="store_true", help="only build the inputs")
    parser.add_argument("--no-startup", action="store_true", help="skip the start-up timings")
    parser.add_argument("--profile", action="store_true",
                        help="always print the cProfile of the in-process run")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--data", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        worker(args.worker, Path(args.data))
        return 0
    if args.pages < 10 or args.claims < 20:
        parser.error("use at least 10 pages and 20 claims")

    data, manifest = prepare_data(args)
    planted = manifest["planted"]
    print(f"inputs: {manifest['pages']} pages ({manifest['front_matter_pages']} front matter, "
          f"{manifest['outline_entries']} outline entries), {manifest['claims']} claims "
          f"({len(planted['exact'])} exact, {len(planted['misplaced'])} misplaced, "
          f"{len(planted['fabricated'])} fabricated), {manifest['sentences']} sentences; "
          f"PDF {(data / 'source.pdf').stat().st_size / 1e6:.1f} MB")
    if args.data_only:
        return 0

    import pymupdf

    load = " ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    print(f"python {sys.version.split()[0]}, PyMuPDF {pymupdf.VersionBind}, "
          f"{os.cpu_count()} CPUs, load average {load}; median of {args.repeat}")
    status = 0
    try:
        res = measure(data, manifest, args.repeat)
    except WorkerError as exc:
        print(f"ERROR: summcheck could not be timed:\n{exc}")
        return 3
    med = {k: statistics.median(v) for k, v in res.items() if isinstance(v, list) and v
           and isinstance(v[0], float)}
    low = {k: min(res[k]) for k in med}  # the least disturbed run, for a busy machine

    def fmt(key: str) -> str:
        return f"{med[key]:.3f} s  (min {low[key]:.3f})"

    ratio = med["inproc"] / med["extract"]
    ratio_e2e = med["cli"] / med["extract_e2e"]
    rows = [
        ("pages", f"{manifest['pages']}"),
        ("claims", f"{manifest['claims']}"),
        ("import pymupdf (fresh interpreter)", fmt("import")),
        ("extraction, import excluded", fmt("extract")),
        ("extraction end to end (python -c, import incl.)", fmt("extract_e2e")),
        ("summcheck in-process, summcheck.check()", fmt("inproc")),
        ("summcheck subprocess, check --format json", fmt("cli")),
        (f"ratio in-process / extraction (target <= {RATIO_TARGET}x)", f"{ratio:.2f}x"
         + ("" if ratio <= RATIO_TARGET else "  MISSED")),
        ("ratio subprocess / extraction end to end", f"{ratio_e2e:.2f}x"
         + ("" if ratio_e2e <= RATIO_TARGET else "  MISSED")),
        ("ratio in-process / extraction, min of runs", f"{low['inproc'] / low['extract']:.2f}x"),
    ]
    width = max(len(r[0]) for r in rows)
    print()
    for name, value in rows:
        print(f"{name:<{width}}  {value}")

    print("\nfindings (rule: count)")
    for label, found in (("subprocess", res["cli_findings"]), ("in-process", res["inproc_findings"])):
        print(f"  {label}: " + ", ".join(f"{rule} {len(v)}" for rule, v in sorted(found.items())))
    print("\nsanity (planted vs found, by claims-file line)")
    for rule, kind in (("SUM202", "misplaced"), ("SUM201", "fabricated")):
        for label, found in (("subprocess", res["cli_findings"]),
                             ("in-process", res["inproc_findings"])):
            n, missed, unexpected = compare(planted[kind], found.get(rule, []))
            ok = n == len(planted[kind]) and not missed and not unexpected
            print(f"  {rule} {label}: found {n}, planted {len(planted[kind])} "
                  f"(missed {missed}, unexpected {unexpected})"
                  + ("" if ok else "   WARNING: does not equal the planted records"))
            if not ok:
                status = 1
            if unexpected and label == "in-process":
                show_examples(data, planted[kind], found.get(rule, []))
    exact_flagged = {rule: len(set(planted["exact"]) & {line for _, line in v})
                     for rule, v in res["inproc_findings"].items()
                     if rule in ("SUM200", "SUM201", "SUM202", "SUM206")}
    if any(exact_flagged.values()):
        print(f"  WARNING: exact quotes reported as {exact_flagged}")
        status = 1
    for rule in ("SUM101", "SUM102", "SUM103", "SUM104"):
        if res["inproc_findings"].get(rule):
            print(f"  WARNING: {len(res['inproc_findings'][rule])} {rule} findings on the summary "
                  f"(expected none), e.g. line {res['inproc_findings'][rule][0][1]}")
            status = 1

    try:
        print("\nphase breakdown (in-process, fresh interpreter, one run)")
        for name, seconds in run_worker("phases", data)["phases"]:
            print(f"  {name:<44} {seconds:8.3f} s")
    except WorkerError as exc:
        print(f"  phases unavailable: {exc}")

    if ratio > RATIO_TARGET or args.profile:
        prof = run_worker("profile", data)
        print("\ncProfile of summcheck.check() (top 30 by cumulative time)")
        print(prof["cumulative"])
        print("cProfile (top 30 by own time)")
        print(prof["tottime"])

    if not args.no_startup:
        st = startup()
        times = st["times"]
        base = times["import deps"]
        print("start-up (median of 5 fresh interpreters)")
        for name, seconds in times.items():
            print(f"  {name:<44} {seconds:8.3f} s")
        r_imp = times["import summcheck.cli"] / base
        r_ver = times["summcheck --version"] / base
        print(f"  ratio import summcheck.cli / deps (target <= {STARTUP_TARGET}x)  {r_imp:.2f}x"
              + ("" if r_imp <= STARTUP_TARGET else "  MISSED"))
        print(f"  ratio summcheck --version / deps                {r_ver:.2f}x"
              + ("" if r_ver <= STARTUP_TARGET else "  MISSED"))
        print(f"  modules loaded by `import summcheck.cli`: {st['modules']}")
        if "pymupdf" in st["modules"] or "fitz" in st["modules"]:
            print("  WARNING: `import summcheck.cli` imports PyMuPDF")
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
