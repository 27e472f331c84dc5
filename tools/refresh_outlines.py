#!/usr/bin/env python
"""Golden outlines: rewrite (or check) tests/outlines/*/expected.json from today's detection.

    python tools/refresh_outlines.py                   # rewrite every expected.json
    python tools/refresh_outlines.py --check           # exit 1 and list folders that differ
    python tools/refresh_outlines.py --score           # detected outlines vs ground truth
    python tools/refresh_outlines.py NAME ...          # only these folders
    python tools/refresh_outlines.py --regenerate-pdfs # rebuild the generated PDFs (and truths)
    python tools/refresh_outlines.py --import-sources  # copy the corpus and licence texts again

Every folder of tests/outlines/ holds one source document and `expected.json`: the sections
summcheck detects in it, as data (id, title, level, page, line; one section a line, so that
any change to detection shows as a reviewable diff in git). `page` is the page a locator cites
(the printed label where the PDF defines labels, else the physical number, as a string; null
for a text without page breaks), as `summcheck outline --format json` gives it.

Folders whose document comes from the structure corpus (/work/shared/corpus, or
$SUMMCHECK_CORPUS) are scored against its NAME.structure.json; the other folders carry their
own ground truth beside the source (NAME.structure.json, same format): written by hand for the
licence texts, by this script for the PDFs it generates.

The generated PDFs (`gen-*`) show shapes that broke detection. They are committed; this
script builds a missing one and rebuilds them all only with --regenerate-pdfs. Built with
fixed metadata and no random file id, a rebuild gives identical bytes with the same PyMuPDF.

The functions here (`outline_rows`, `diff_outline`, `score`, `folders`, `synthetic_pdf`) are
what tests/test_outlines.py uses.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import sys
import textwrap
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

REPO = Path(__file__).resolve().parent.parent
OUTLINES = REPO / "tests" / "outlines"
CORPUS = Path(os.environ.get("SUMMCHECK_CORPUS", "/work/shared/corpus"))
EXPECTED = "expected.json"
TRUTH_SUFFIX = ".structure.json"
LINE_TOLERANCE = 2  # as /work/shared/corpus/measure.py

# Documents copied into the tree: folder name -> (file name in the folder, where it came from).
CORPUS_FILES = [
    "constitucion-es.md", "constituicao-br.md", "debian-faq-de-text.txt", "lgpl-2.1.txt",
    "mps-pull-request-merge.rst", "nist-sp800-63b-sec5.md", "rfc1035.txt", "rfc6787.txt",
    "spdx-2.3-package-information.md", "ttdsg.md",
    "babel-spanish-es.pdf", "openchain-2.1-es.pdf", "xypic-tutorial-pt.pdf",
    "openchain-2.0-de.pdf", "debian-faq-de.pdf", "ubuntu-packaging-guide-pt-br.pdf",
    "usrguide-en.pdf",
]
LICENCE_FILES = {  # folder -> (file name, origin)
    "apache-2.0": ("Apache-2.0.txt", Path("/usr/share/common-licenses/Apache-2.0")),
    "gpl-2": ("GPL-2.txt", Path("/usr/share/common-licenses/GPL-2")),
    "mpl-2.0": ("MPL-2.0.txt", Path("/usr/share/common-licenses/MPL-2.0")),
}


# ---------------------------------------------------------------- the tree


def folders(names: list[str] | None = None) -> list[Path]:
    """The golden folders (sorted), or those named."""
    found = sorted(p for p in OUTLINES.iterdir() if p.is_dir() and not p.name.startswith((".", "_")))
    if names:
        wanted = set(names)
        unknown = wanted - {p.name for p in found}
        if unknown:
            raise SystemExit(f"refresh_outlines: no such folder: {', '.join(sorted(unknown))}")
        found = [p for p in found if p.name in wanted]
    return found


def source_of(folder: Path) -> Path:
    """The folder's one source document: the file that is not JSON."""
    files = sorted(p for p in folder.iterdir() if p.is_file() and p.suffix != ".json")
    if len(files) != 1:
        raise ValueError(f"{folder.name}: expected one source document, found "
                         f"{[p.name for p in files] or 'none'}")
    return files[0]


def corpus_derived(folder: Path) -> bool:
    return source_of(folder).name in CORPUS_FILES


def truth_of(folder: Path) -> tuple[dict | None, str]:
    """(ground truth, where from): the corpus's NAME.structure.json for a corpus document, the
    folder's own otherwise; None when there is none (or the corpus is absent)."""
    source = source_of(folder)
    own = folder / (source.stem + TRUTH_SUFFIX)
    if own.is_file():
        return json.loads(own.read_text(encoding="utf-8")), str(own.relative_to(REPO))
    if source.name in CORPUS_FILES and CORPUS.is_dir():
        for path in sorted(CORPUS.glob("*" + TRUTH_SUFFIX)):
            data = json.loads(path.read_text(encoding="utf-8"))
            if data.get("source") == source.name:
                return data, str(path)
    return None, ""


# ---------------------------------------------------------------- outlines as data


def _cited_page(doc, offset: int) -> str | None:
    """The page a locator cites for the section starting at `offset` (as report/outline.py)."""
    if doc.kind != "pdf" and len(doc.pages) <= 1:
        return None
    page = doc.page_of(offset)
    if page is None:  # on a page break: the page that follows
        page = next((p for p in doc.pages if p.span.start >= offset), None) or doc.pages[-1]
    if doc.has_labels and page.label:
        return page.label
    return str(page.number)


def outline_rows(source: Path) -> list[dict[str, Any]]:
    """The detected sections of `source`: [{id, title, level, page, line}], in document order.

    The same data as `summcheck outline SOURCE --format json` (its `page` field): taken from
    summcheck.report.outline where that module exists, else computed the same way here.
    """
    from summcheck.sources import load_source

    doc = load_source(source)
    try:
        from summcheck.report.outline import outline_data
    except ImportError:
        outline_data = None
    if outline_data is not None:
        sections = outline_data(doc, source)["sections"]
        return [{"id": s["id"], "title": s["title"], "level": s["level"], "page": s["page"],
                 "line": s["line"]} for s in sections]
    return [{"id": s.ident, "title": s.title, "level": s.level,
             "page": _cited_page(doc, s.span.start), "line": s.line}
            for s in doc.structure.sections]


def dumps(rows: list[dict[str, Any]]) -> str:
    """One section a line: a changed section is a one-line diff."""
    if not rows:
        return "[]\n"
    body = ",\n".join(" " + json.dumps(r, ensure_ascii=False) for r in rows)
    return "[\n" + body + "\n]\n"


def read_expected(folder: Path) -> list[dict[str, Any]] | None:
    path = folder / EXPECTED
    if not path.is_file():
        return None
    return json.loads(path.read_text(encoding="utf-8"))


def _where(r: dict) -> str:
    parts = []
    if r.get("page") is not None:
        parts.append(f"p. {r['page']}")
    parts.append(f"line {r.get('line')}")
    return ", ".join(parts)


def _show(r: dict) -> str:
    title = r.get("title") or ""
    if len(title) > 50:
        title = title[:47] + "..."
    return f"{r.get('id')} {title!r} (level {r.get('level')}, {_where(r)})"


def diff_outline(expected: list[dict], actual: list[dict]) -> list[str]:
    """Readable differences: missing, extra and moved ids, changed titles and levels, order.

    Sections are paired by id, the n-th occurrence of an id with the n-th (ids repeat where a
    document restarts its numbering)."""
    def occurrences(rows):
        seen: dict[str, int] = {}
        keyed = []
        for r in rows:
            n = seen.get(r["id"], 0)
            seen[r["id"]] = n + 1
            keyed.append(((r["id"], n), r))
        return keyed

    exp, act = occurrences(expected), occurrences(actual)
    exp_map, act_map = dict(exp), dict(act)
    out: list[str] = []
    missing = [r for k, r in exp if k not in act_map]
    extra = [r for k, r in act if k not in exp_map]
    moved, changed = [], []
    for k, e in exp:
        a = act_map.get(k)
        if a is None:
            continue
        if (e.get("page"), e.get("line")) != (a.get("page"), a.get("line")):
            moved.append(f"{k[0]}: {_where(e)} -> {_where(a)}")
        for name in ("title", "level"):
            if e.get(name) != a.get(name):
                changed.append(f"{k[0]}: {name} {e.get(name)!r} -> {a.get(name)!r}")
    for label, items in (("missing (expected, not detected)", [_show(r) for r in missing]),
                         ("extra (detected, not expected)", [_show(r) for r in extra]),
                         ("moved", moved), ("changed", changed)):
        if items:
            out.append(f"{label}: {len(items)}")
            out.extend(f"    {item}" for item in items)
    if not out and [k for k, _ in exp] != [k for k, _ in act]:
        out.append("same sections in another order")
    if not out and expected != actual:  # e.g. a key added to the rows
        out.append("rows differ in fields other than id, title, level, page and line")
    return out


# ---------------------------------------------------------------- scoring (as measure.py)


def norm_id(value) -> str:
    s = str(value).strip()
    s = re.sub(r"^(?:§+|Art\.?|Artikel|Artículo|Artigo)\s*", "", s)
    s = s.rstrip(".")
    return re.sub(r"\s+", " ", s)


def _norm_page(value) -> str | None:
    if value is None:
        return None
    s = str(value).strip()
    return s or None


def score(truth: dict, found: list[dict]) -> dict[str, Any]:
    """Ground-truth sections found at their place (the same id, the line within +-2 where the
    truth gives a line, else the same page), as /work/shared/corpus/measure.py scores them;
    each listed section is used once, every other listed section is spurious."""
    expected = truth.get("sections", [])
    by_id: dict[str, list[int]] = {}
    for i, f in enumerate(found):
        by_id.setdefault(norm_id(f["id"]), []).append(i)
    used: set[int] = set()
    missing = []
    for s in expected:
        want_line, want_page = s.get("line"), _norm_page(s.get("page"))
        best = None
        for i in by_id.get(norm_id(s["id"]), []):
            if i in used:
                continue
            f = found[i]
            if want_line is not None and f.get("line") is not None:
                dist = abs(int(f["line"]) - int(want_line))
                ok = dist <= LINE_TOLERANCE
            elif want_page is not None:
                ok, dist = _norm_page(f.get("page")) == want_page, 0
            else:
                ok, dist = False, 0
            if ok and (best is None or dist < best[0]):
                best = (dist, i)
        if best is None:
            missing.append(s)
        else:
            used.add(best[1])
    hits = len(expected) - len(missing)
    return {"expected": len(expected), "listed": len(found), "hits": hits,
            "recall": hits / len(expected) if expected else 1.0,
            "precision": hits / len(found) if found else (1.0 if not expected else 0.0),
            "missing": missing, "spurious": [f for i, f in enumerate(found) if i not in used]}


# ---------------------------------------------------------------- generated PDFs

PAGE_W, PAGE_H = 595, 842  # A4
MARGIN_X, TOP, BOTTOM = 72, 80, 770
BODY_FONT, BODY_SIZE, BODY_LEAD = "tiro", 10.0, 13.0
WRAP = 92  # characters of body text a line (Times 10 pt on 451 pt)
FIXED_DATE = "D:20240101000000+00'00'"

_SENTENCES = [
    "A summary sentence is only as good as the passage it points to.",
    "Each claim names a place in the source and quotes the words that stand there.",
    "The checker reads the source once and resolves every locator against its pages.",
    "Page labels printed in the margin are what a reader cites, not the physical page.",
    "A quotation that stands elsewhere in the document is reported as misplaced.",
    "Numbers, negations and modal verbs are compared with particular care.",
    "Running headers repeat the title of the chapter and are not headings.",
    "The table of contents lists the same titles again, followed by their pages.",
    "Reviewers read the findings in the order of the summary, not of the source.",
    "Where the outline is silent, the printed numbering decides where a section starts.",
    "A paragraph may cite a whole section when no single sentence carries the claim.",
    "The output is deterministic, so that the same inputs give the same report.",
    "Whitespace and hyphenation at line ends are ignored when quotes are compared.",
    "Footnotes belong to the page on which they are printed.",
    "An editor who changes the source must run the check again before publishing.",
    "Ambiguous locators are reported rather than resolved by guessing.",
]


def _prose(rng: random.Random, sentences: int) -> str:
    return " ".join(rng.choice(_SENTENCES) for _ in range(sentences))


@dataclass
class _Item:
    kind: str  # "heading", "para", "page", "list"
    text: str = ""
    ident: str = ""
    level: int = 0
    above: str = ""  # the number printed on its own line above the title
    outline: str | None = None  # the outline title (None: no outline entry)
    truth: bool = True  # a numbered section a reader cites


@dataclass
class _Style:
    font: str
    size: float
    lead: float
    before: float


@dataclass
class _Doc:
    """A tiny flowing layout: headings and paragraphs poured onto A4 pages."""

    styles: dict[int, _Style]
    running_header: Callable[[int, str], str] | None = None  # (page index, chapter) -> text
    folio: Callable[[int], str | None] = lambda i: None
    pages: list[list[tuple[float, float, str, str, float]]] = field(default_factory=list)
    chapter_of_page: list[str] = field(default_factory=list)
    marks: list[tuple[_Item, int, float]] = field(default_factory=list)  # item, page, top y
    y: float = TOP
    chapter: str = ""

    def new_page(self) -> None:
        self.pages.append([])
        self.chapter_of_page.append(self.chapter)
        self.y = TOP

    def room(self, height: float) -> None:
        if not self.pages or self.y + height > BOTTOM:
            self.new_page()

    def put(self, x: float, text: str, font: str, size: float) -> None:
        self.pages[-1].append((x, self.y + size, text, font, size))  # baseline below the top

    def heading(self, item: _Item) -> None:
        st = self.styles[item.level]
        rows = 2 if item.above else 1
        if self.pages and self.pages[-1]:
            self.y += st.before
        self.room(rows * st.lead + 3 * BODY_LEAD)  # never a heading alone at a page foot
        if item.level == 1:  # chapters open their page
            self.chapter = f"{item.ident} {item.text}"
            self.chapter_of_page[-1] = self.chapter
        self.marks.append((item, len(self.pages) - 1, self.y))
        if item.above:
            self.put(MARGIN_X, item.above, st.font, st.size)
            self.y += st.lead
            self.put(MARGIN_X, item.text, st.font, st.size)
        else:
            label = f"{item.ident} {item.text}" if item.ident else item.text
            self.put(MARGIN_X, label, st.font, st.size)
        self.y += st.lead + 4

    def para(self, text: str, indent: float = 0.0, first: str = "") -> None:
        lines = textwrap.wrap(text, WRAP - int(indent / 5))
        for i, line in enumerate(lines):
            self.room(BODY_LEAD)
            if i == 0 and first:
                self.put(MARGIN_X + indent - 14, first, BODY_FONT, BODY_SIZE)
            self.put(MARGIN_X + indent, line, BODY_FONT, BODY_SIZE)
            self.y += BODY_LEAD
        self.y += 5

    def raw_line(self, text: str, x: float = MARGIN_X, font: str = BODY_FONT,
                 size: float = BODY_SIZE) -> None:
        self.room(BODY_LEAD)
        self.put(x, text, font, size)
        self.y += BODY_LEAD

    def pour(self, items: list[_Item]) -> None:
        for item in items:
            if item.kind == "page":
                self.new_page()
            elif item.kind == "heading":
                self.heading(item)
            elif item.kind == "list":
                self.para(item.text, indent=18, first=item.ident)
            else:
                self.para(item.text)

    def write(self, pdf, first_page: int = 0) -> None:
        """Draw the pages (from `first_page` of the layout) into `pdf`."""
        for index in range(first_page, len(self.pages)):
            page = pdf.new_page(width=PAGE_W, height=PAGE_H)
            for x, y, text, font, size in self.pages[index]:
                page.insert_text((x, y), text, fontname=font, fontsize=size)
            opener = any(m[1] == index and m[0].level == 1 for m in self.marks)
            if self.running_header and not opener:
                text = self.running_header(index, self.chapter_of_page[index])
                if text:
                    page.insert_text((MARGIN_X, 50), text, fontname="tiit", fontsize=8.5)
            folio = self.folio(index)
            if folio:
                page.insert_text((PAGE_W / 2 - 3 * len(folio), 805), folio, fontname=BODY_FONT,
                                 fontsize=9)


def _dest(pymupdf, pno: int, top: float) -> dict:
    """An outline destination `top` points below the top of page `pno` (0-based); the PDF
    point is measured from the bottom of the page."""
    return {"kind": pymupdf.LINK_GOTO, "page": pno,
            "to": pymupdf.Point(MARGIN_X, PAGE_H - max(0.0, top))}


def _save(pdf, path: Path, title: str) -> None:
    for page in pdf:
        page.clean_contents()  # one content stream a page
    pdf.set_metadata({"title": title, "author": "summcheck tests", "subject": "", "keywords": "",
                      "creator": "tools/refresh_outlines.py", "producer": "PyMuPDF",
                      "creationDate": FIXED_DATE, "modDate": FIXED_DATE})
    path.write_bytes(pdf.tobytes(garbage=4, deflate=True, no_new_id=True))
    pdf.close()


def _truth(source: str, pages: int, page_numbers: str, sections: list[dict], notes: str) -> dict:
    return {"source": source, "language": "en", "generator": "PyMuPDF (tools/refresh_outlines.py)",
            "page_numbers": page_numbers, "pages": pages, "sections": sections, "ambiguous": [],
            "notes": notes}


def _body_items(rng: random.Random, plan: list[tuple[str, str, int]], *, above: bool = False,
                chapter_word: str = "", outline_numbers: bool = True,
                outline_levels: int = 9, extras: Callable[[str], list[_Item]] | None = None
                ) -> list[_Item]:
    """Headings (ident, title, level) with prose under each; chapters start new pages."""
    items: list[_Item] = []
    for ident, title, level in plan:
        if level == 1:
            items.append(_Item("page"))
        number_line = ""
        if above:
            number_line = f"{chapter_word} {ident}".strip() if level == 1 else ident
        outline = None
        if level <= outline_levels:
            outline = f"{ident} {title}" if outline_numbers else title
        items.append(_Item("heading", title, ident, level, number_line, outline))
        for _ in range(rng.randint(1, 3)):
            items.append(_Item("para", _prose(rng, rng.randint(4, 9))))
        if extras:
            items.extend(extras(ident))
    return items


def _build_toc_leaders(path: Path) -> dict:
    """A flat PDF (no outline, page labels i, ii, 1, ...) whose table of contents sets each
    entry's dot leaders and page number on the line below its title, then the real headings
    in a larger bold font."""
    import pymupdf

    rng = random.Random("gen-toc-leaders-next-line")
    plan = [("1", "Introduction", 1), ("1.1", "Why summaries are checked", 2),
            ("1.2", "What a locator is", 2),
            ("2", "Preparing the source", 1), ("2.1", "Page labels and folios", 2),
            ("2.1.1", "Roman front matter", 3), ("2.1.2", "Restarting labels", 3),
            ("2.2", "Outlines and bookmarks", 2),
            ("3", "Reading the report", 1), ("3.1", "Findings by rule", 2),
            ("3.2", "Exit status", 2), ("3.3", "When to rerun the check", 2)]

    def extras(ident: str) -> list[_Item]:
        if ident == "3.1":  # body lines that open with a number are not headings
            return [_Item("para", "3.2 per cent of the quotes in the pilot stood on another "
                                  "page than the one cited; most were off by one page only.")]
        return []

    styles = {1: _Style("hebo", 16, 20, 6), 2: _Style("hebo", 12, 15, 10),
              3: _Style("hebo", 10.5, 13, 8)}
    body = _Doc(styles, folio=lambda i: str(i + 1))
    body.pour(_body_items(rng, plan, extras=extras))
    labels = {item.ident: str(page + 1) for item, page, _ in body.marks}
    pdf = pymupdf.open()
    page = pdf.new_page(width=PAGE_W, height=PAGE_H)  # i: title page
    page.insert_text((MARGIN_X, 260), "Field Guide to Source Checking", fontname="hebo",
                     fontsize=22)
    page.insert_text((MARGIN_X, 290), "A worked example for the outline tests", fontname="tiit",
                     fontsize=12)
    page = pdf.new_page(width=PAGE_W, height=PAGE_H)  # ii: contents
    page.insert_text((MARGIN_X, TOP + 16), "Contents", fontname="hebo", fontsize=16)
    y = TOP + 50
    for ident, title, level in plan:
        x = MARGIN_X + 14 * (level - 1)
        font = "tibo" if level == 1 else BODY_FONT
        page.insert_text((x, y), f"{ident}   {title}", fontname=font, fontsize=10)
        y += 13
        leaders = ". " * int((PAGE_W - 2 * MARGIN_X - (x - MARGIN_X) - 30) / 5)
        page.insert_text((x + 20, y), leaders, fontname=BODY_FONT, fontsize=10)
        page.insert_text((PAGE_W - MARGIN_X - 12, y), labels[ident], fontname=BODY_FONT,
                         fontsize=10)
        y += 17
    page.insert_text((PAGE_W / 2 - 3, 805), "ii", fontname=BODY_FONT, fontsize=9)
    body.write(pdf)
    pdf.set_page_labels([{"startpage": 0, "prefix": "", "style": "r", "firstpagenum": 1},
                         {"startpage": 2, "prefix": "", "style": "D", "firstpagenum": 1}])
    count = pdf.page_count
    _save(pdf, path, "Field Guide to Source Checking")
    sections = [{"id": item.ident, "title": item.text, "page": labels[item.ident], "line": None}
                for item, _page, _y in body.marks]
    return _truth(path.name, count, "label", sections,
                  "Generated. No outline; page labels i, ii, then 1... The contents page (ii) "
                  "prints each entry's dot leaders and page number on the line below its "
                  "title; those rows are not sections. The headings are Helvetica-Bold 16/12/"
                  "10.5 pt over Times 10 pt body text; a body line opening with '3.2 per cent' "
                  "is no heading.")


def _build_number_above(path: Path) -> dict:
    """DocBook-like: an outline whose titles carry no numbers; the page prints the number on
    its own line above the title ('Chapter 2' / 'Installing', '2.1' / 'From packages'),
    running headers repeat the chapter, an unnumbered preface is in the outline too."""
    import pymupdf

    rng = random.Random("gen-docbook-number-above")
    plan = [("1", "Overview", 1), ("1.1", "Audience", 2), ("1.2", "Conventions", 2),
            ("2", "Installing", 1), ("2.1", "From packages", 2), ("2.2", "From the sources", 2),
            ("2.2.1", "Build requirements", 3), ("2.3", "Verifying the installation", 2),
            ("3", "Configuration", 1), ("3.1", "The settings file", 2),
            ("3.2", "Per-directory overrides", 2)]
    styles = {1: _Style("hebo", 18, 24, 0), 2: _Style("hebo", 13, 16, 12),
              3: _Style("hebo", 11, 14, 10)}
    body = _Doc(styles, running_header=lambda i, chapter: f"Chapter {chapter}",
                folio=lambda i: str(i + 1))
    items = _body_items(rng, plan, above=True, chapter_word="Chapter", outline_numbers=False)
    body.pour(items)
    pdf = pymupdf.open()
    page = pdf.new_page(width=PAGE_W, height=PAGE_H)  # i
    page.insert_text((MARGIN_X, 260), "The Summcheck Handbook", fontname="hebo", fontsize=24)
    page.insert_text((MARGIN_X, 290), "DocBook-style layout for the outline tests",
                     fontname="tiit", fontsize=12)
    preface = pdf.new_page(width=PAGE_W, height=PAGE_H)  # ii
    preface.insert_text((MARGIN_X, TOP + 18), "Preface", fontname="hebo", fontsize=18)
    pre = _Doc({}, folio=lambda i: None)
    pre.new_page()
    pre.y = TOP + 40
    for _ in range(3):
        pre.para(_prose(rng, 6))
    for x, y, text, font, size in pre.pages[0]:
        preface.insert_text((x, y), text, fontname=font, fontsize=size)
    preface.insert_text((PAGE_W / 2 - 3, 805), "ii", fontname=BODY_FONT, fontsize=9)
    front = pdf.page_count
    body.write(pdf)
    pdf.set_page_labels([{"startpage": 0, "prefix": "", "style": "r", "firstpagenum": 1},
                         {"startpage": front, "prefix": "", "style": "D", "firstpagenum": 1}])
    toc = [[1, "Preface", 2, _dest(pymupdf, 1, TOP - 4)]]
    for item, pno, y in body.marks:
        # a DocBook target sits a little above the number line
        toc.append([item.level, item.outline, front + pno + 1, _dest(pymupdf, front + pno, y - 6)])
    pdf.set_toc(toc)
    count = pdf.page_count
    _save(pdf, path, "The Summcheck Handbook")
    sections = [{"id": item.ident, "title": item.text,
                 "page": str(pno + 1), "line": None} for item, pno, _y in body.marks]
    return _truth(path.name, count, "label", sections,
                  "Generated. The outline titles carry no numbers ('Overview', 'Audience'); "
                  "the page prints the number on its own row above the title, 'Chapter N' for "
                  "chapters and '2.1' for sections, in the title's bold font. The outline's "
                  "'Preface' (page ii) has no printed number: not a section. Running headers "
                  "'Chapter N Title' (italic 8.5 pt) repeat the chapter on its later pages.")


def _build_chapter_outline(path: Path) -> dict:
    """An outline of chapters only ('1 Scope'); the numbered subsections are printed in the
    body size in bold ('1.1 General', '3.2.1 ...'), among numbered list items and body lines
    that open with a number; physical page numbers."""
    import pymupdf

    rng = random.Random("gen-chapter-outline-bold-subsections")
    plan = [("1", "Scope", 1), ("1.1", "General", 2), ("1.2", "Out of scope", 2),
            ("2", "Terms and definitions", 1), ("2.1", "Summary", 2), ("2.2", "Claim", 2),
            ("2.3", "Locator", 2),
            ("3", "Requirements", 1), ("3.1", "Quotations", 2), ("3.1.1", "Exact quotes", 3),
            ("3.1.2", "Elided quotes", 3), ("3.2", "Locators", 2), ("3.3", "Reports", 2),
            ("4", "Conformance", 1), ("4.1", "Levels", 2), ("4.2", "Claiming conformance", 2)]

    def extras(ident: str) -> list[_Item]:
        if ident == "3.1.1":
            return [_Item("list", "Load the source and every claims file named by the summary.",
                          "1."),
                    _Item("list", "Resolve each locator to a span of the source text.", "2."),
                    _Item("list", "Compare the quote with the text of that span.", "3.")]
        if ident == "4.1":
            return [_Item("para", "2 of the 3 levels apply to every summary; the third "
                                  "applies only to summaries that cite sections.")]
        return []

    styles = {1: _Style("hebo", 14, 18, 0), 2: _Style("tibo", 10, 13, 8),
              3: _Style("tibo", 10, 13, 6)}
    body = _Doc(styles, folio=lambda i: str(i + 1))
    body.pour(_body_items(rng, plan, outline_levels=1, extras=extras)[1:])  # no blank page 1
    pdf = pymupdf.open()
    body.write(pdf)
    toc = [[item.level, item.outline, pno + 1, _dest(pymupdf, pno, y - 4)]
           for item, pno, y in body.marks if item.outline]
    pdf.set_toc(toc)
    count = pdf.page_count
    _save(pdf, path, "Summary Checking Requirements")
    sections = [{"id": item.ident, "title": item.text, "page": str(pno + 1), "line": None}
                for item, pno, _y in body.marks]
    return _truth(path.name, count, "physical", sections,
                  "Generated. The outline lists the chapters only ('1 Scope'); the "
                  "subsections ('1.1 General', '3.1.2 Elided quotes') are Times-Bold in the "
                  "body size, 10 pt, and count. Numbered list items ('1. Load the source') and "
                  "a body line opening with '2 of the 3 levels' are not sections. No page "
                  "labels: physical pages.")


SYNTHETIC: dict[str, tuple[str, Callable[[Path], dict]]] = {
    "gen-toc-leaders-next-line": ("toc-leaders-next-line.pdf", _build_toc_leaders),
    "gen-docbook-number-above": ("docbook-number-above.pdf", _build_number_above),
    "gen-chapter-outline-bold-subsections": ("chapter-outline-bold-subsections.pdf",
                                             _build_chapter_outline),
}


def synthetic_pdf(name: str, directory: Path) -> tuple[Path, dict]:
    """Build the generated PDF of folder `name` into `directory`: (path, ground truth)."""
    filename, build = SYNTHETIC[name]
    path = directory / filename
    return path, build(path)


def write_synthetic(name: str) -> None:
    folder = OUTLINES / name
    folder.mkdir(parents=True, exist_ok=True)
    path, truth = synthetic_pdf(name, folder)
    (folder / (path.stem + TRUTH_SUFFIX)).write_text(
        json.dumps(truth, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{name}: built {path.name} ({path.stat().st_size} bytes, {truth['pages']} pages, "
          f"{len(truth['sections'])} sections)")


def import_sources() -> None:
    """Copy the corpus documents and the licence texts into their folders (verbatim)."""
    copies = [(Path(n).stem, n, CORPUS / n) for n in CORPUS_FILES]
    copies += [(folder, name, origin) for folder, (name, origin) in LICENCE_FILES.items()]
    for folder, name, origin in copies:
        if not origin.is_file():
            print(f"{folder}: {origin} not found, skipped", file=sys.stderr)
            continue
        (OUTLINES / folder).mkdir(parents=True, exist_ok=True)
        shutil.copyfile(origin, OUTLINES / folder / name)
        print(f"{folder}: copied {origin}")


# ---------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="folders of tests/outlines/ (default: all)")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 listing the folders whose outline differs")
    parser.add_argument("--score", action="store_true",
                        help="also print recall and precision of the detected outline against the ground truth")
    parser.add_argument("--regenerate-pdfs", action="store_true",
                        help="rebuild the generated PDFs and their ground truth")
    parser.add_argument("--import-sources", action="store_true",
                        help="copy the corpus documents and licence texts again")
    parser.add_argument("-q", "--quiet", action="store_true", help="print only differences")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(REPO / "src"))

    if not args.check:
        if args.import_sources:
            import_sources()
        for name in SYNTHETIC:
            if args.names and name not in args.names:
                continue
            filename = SYNTHETIC[name][0]
            if args.regenerate_pdfs or not (OUTLINES / name / filename).is_file():
                write_synthetic(name)

    differing: list[str] = []
    for folder in folders(args.names):
        source = source_of(folder)
        rows = outline_rows(source)
        expected = read_expected(folder)
        diff = ["no expected.json"] if expected is None else diff_outline(expected, rows)
        if diff:
            differing.append(folder.name)
        if args.check:
            if diff:
                print(f"{folder.name}: outline differs from expected.json")
                print("\n".join("  " + line for line in diff))
        else:
            if diff or expected != rows:
                (folder / EXPECTED).write_text(dumps(rows), encoding="utf-8")
            if diff:
                print(f"{folder.name}: expected.json rewritten ({len(rows)} sections)")
                print("\n".join("  " + line for line in diff))
            elif not args.quiet:
                print(f"{folder.name}: unchanged ({len(rows)} sections)")
        if args.score:
            truth, where = truth_of(folder)
            if truth is None:
                print("  no ground truth")
            else:
                r = score(truth, rows)
                print(f"  against {where}: expected {r['expected']}, listed {r['listed']}, "
                      f"found {r['hits']}; recall {r['recall']:.1%}, "
                      f"precision {r['precision']:.1%}")
    if args.check:
        if differing:
            print(f"{len(differing)} folder(s) differ: {', '.join(differing)} "
                  f"(run python tools/refresh_outlines.py to accept the new outlines)")
            return 1
        print(f"all {len(folders(args.names))} outlines match expected.json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
