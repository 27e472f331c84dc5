#!/usr/bin/env python
"""Build the real-OCR test fixtures in tests/fixtures/ocr/ (run by hand; tests never need it).

    python tools/make_ocr_fixtures.py [--out tests/fixtures/ocr] [--seed 7]

Needs PyMuPDF, Pillow (`pip install pillow`; a tool dependency only, summcheck does not use it),
rapidfuzz, and Debian's tesseract with eng/deu/spa/por data:

    apt-get install -y tesseract-ocr tesseract-ocr-eng tesseract-ocr-deu tesseract-ocr-spa tesseract-ocr-por

For each document:
1. real pages: FHS 3.0 PDF pages (English), and PDFs laid out here with `page.insert_textbox`
   from real German (GDPR articles 5-12), Spanish and Portuguese texts (UDHR, Debian Reference
   preface) found in the shared acceptance cases and tests/cases/_sources/ (their first four
   pages are scanned; the pages after them feed the fabricated quotes);
2. each page rendered at 150 dpi (grey), degraded like a scan: slight rotation, blur, paper
   noise, specks, JPEG quality ~60 (the level varies from page to page);
3. OCR'd with tesseract (`-l eng|deu|spa|por`, default page segmentation);
4. written as `<doc>.ocr.txt` (tesseract's text, a form feed between pages) and `<doc>.clean.txt`
   (PyMuPDF's text layer of the clean page, a form feed between pages);
5. quotes (`quotes.json`), per page:
   - `true`: 6-30 consecutive words cut from the clean page text (folded like summcheck folds
     a quote: white space collapsed, ligatures and soft hyphens undone), never across a running
     header, footer, page number or heading; ten random windows a page (half of them at a
     sentence start) and up to four around a number or a modal verb. Each has its reference
     OCR counterpart, from a global Levenshtein alignment of the whole folded clean page with
     the whole folded OCR page (not from summcheck's aligner): the span runs from the OCR
     character aligned with the quote's first aligned character to the one aligned with its
     last, white space trimmed. `ref_score` = 100 * (1 - distance/len(quote)) of that span.
     Quotes whose reference span scores below 90 (the OCR garbled the passage beyond the
     default threshold, or read a table in another order) are kept as `garbled`.
   - `critical`: a true quote (reference score >= 93, 60+ characters) with one planted change,
     never in its first or last word: a number (`number`; only a number the OCR read as it
     stands), a negation added or dropped (`negation`), a modal verb of another class
     (`modal`; only a modal verb the OCR read as it stands, and only when the change changes
     the class by summcheck's lexicons). Kept only when the changed quote still scores >= 91
     against the reference span (a SUM204 case, not a SUM201 one); `change` says what changed.
   - `fabricated`: sentences of the same real sources from pages that were not rendered, and
     true quotes with a third of their words swapped, checked to stand nowhere in the
     document (rapidfuzz partial_ratio < 75 against every clean and OCR page).
6. one small image-only PDF with tesseract's invisible text layer (`fhs-scan-ocr.pdf`).

Offsets (`ocr_start`, `ocr_end`) index the `<doc>.ocr.txt` text as read with
`open(..., encoding="utf-8", newline="")`. `--quotes-only` rebuilds quotes.json from the
committed texts without tesseract (the scans depend only on the seed and the document, the
quotes on their own random generator).
"""
from __future__ import annotations

import argparse
import io
import json
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from summcheck.matching.normalize import fold  # noqa: E402

SHARED = ROOT.parent / "shared" / "acceptance" / "cases"
SOURCES = ROOT / "tests" / "cases" / "_sources"
FHS_PDF = SHARED / "fhs-labels-clean" / "fhs-3.0.pdf"
DSGVO = SHARED / "dsgvo-de-clean" / "dsgvo.txt"

DPI = 150
PAGE = (595, 842)  # A4 in points, for the laid-out documents
SERIF = Path("/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")  # covers „“ – ã õ ç
FONT = {"fontname": "serif", "fontfile": str(SERIF)} if SERIF.exists() else {"fontname": "tiro"}
FONT_SIZE = 10

NEGATIONS = {
    "eng": ["not", "no", "never"],
    "deu": ["nicht", "kein", "keine", "keinen", "keiner", "keinem", "nie", "niemals"],
    "spa": ["no", "nunca", "ningún", "ninguna", "nadie", "jamás"],
    "por": ["não", "nunca", "nenhum", "nenhuma", "ninguém", "jamais"],
}
# where a negation is inserted: after these words (en/de) or before them (es/pt)
NEGATE_AFTER = {
    "eng": ["must", "shall", "should", "may", "is", "are", "be", "will", "can"],
    "deu": ["ist", "sind", "wird", "werden", "muss", "müssen", "kann", "können", "darf", "soll"],
}
NEGATE_BEFORE = {
    "spa": ["es", "son", "será", "serán", "tiene", "tienen", "puede", "pueden", "debe", "deben",
            "podrá", "está", "ha", "han"],
    "por": ["é", "são", "será", "serão", "tem", "têm", "pode", "podem", "deve", "devem",
            "poderá", "está", "foi"],
}
MODAL_SWAPS = {
    "must": "may", "shall": "may", "should": "must", "may": "must", "can": "must",
    "muss": "kann", "müssen": "können", "soll": "muss", "sollen": "müssen", "sollte": "muss",
    "sollten": "müssen", "kann": "muss", "können": "müssen", "darf": "muss", "dürfen": "müssen",
    "debe": "puede", "deben": "pueden", "puede": "debe", "pueden": "deben", "podrá": "deberá",
    "debería": "debe", "deberá": "podrá",
    "deve": "pode", "devem": "podem", "pode": "deve", "podem": "devem", "poderá": "deverá",
    "deveria": "deve", "deverá": "poderá",
}


# --------------------------------------------------------------------------- documents

def paragraphs_of(text: str) -> list[str]:
    paras = [" ".join(p.split()) for p in re.split(r"\n\s*\n", text)]
    return [p for p in paras if p]


def layout_pdf(paragraphs: list[str], title: str):
    """A PDF of the paragraphs, Times 10.5 pt on A4, filled page by page with insert_textbox."""
    import pymupdf

    doc = pymupdf.open()
    rect = pymupdf.Rect(62, 60, PAGE[0] - 62, PAGE[1] - 60)
    queue = list(paragraphs)
    number = 0
    while queue:
        number += 1
        chosen: list[str] = []
        while queue:
            trial = chosen + [queue[0]]
            if _fits("\n\n".join(trial), rect):
                chosen = trial
                queue.pop(0)
                continue
            if not chosen:  # a paragraph longer than a page: split it at a sentence end
                head, tail = _split_paragraph(queue[0], rect)
                chosen, queue[0] = [head], tail
            break
        page = doc.new_page(width=PAGE[0], height=PAGE[1])
        page.insert_textbox(rect, "\n\n".join(chosen), fontsize=FONT_SIZE,
                            align=pymupdf.TEXT_ALIGN_LEFT, **FONT)
        page.insert_text((PAGE[0] / 2 - 20, PAGE[1] - 30), f"{title} {number}", fontsize=9, **FONT)
    return doc


def _fits(text: str, rect) -> bool:
    import pymupdf

    scratch = pymupdf.open()
    page = scratch.new_page(width=PAGE[0], height=PAGE[1])
    return page.insert_textbox(rect, text, fontsize=FONT_SIZE, **FONT) >= 0


def _split_paragraph(paragraph: str, rect) -> tuple[str, str]:
    sentences = re.split(r"(?<=[.;:])\s+", paragraph)
    for cut in range(len(sentences) - 1, 0, -1):
        head = " ".join(sentences[:cut])
        if _fits(head, rect):
            return head, " ".join(sentences[cut:])
    words = paragraph.split()
    for cut in range(len(words) - 1, 0, -1):
        if _fits(" ".join(words[:cut]), rect):
            return " ".join(words[:cut]), " ".join(words[cut:])
    raise ValueError("paragraph does not fit a page")


def german_text() -> list[str]:
    """GDPR articles 5-12 (the first pages are rendered; the rest is the fabricated-quote pool)."""
    text = DSGVO.read_text(encoding="utf-8")
    return paragraphs_of(text[text.index("\nArtikel 5\n"):text.index("\nArtikel 13\n")])


def _source_paragraphs(name: str) -> list[str]:
    text = (SOURCES / name).read_text(encoding="utf-8")
    return [p for p in paragraphs_of(text) if len(p) > 60 or not re.match(r"^\d+(\.\d+)*\.\s", p)]


def spanish_text() -> list[str]:
    """UDHR in Spanish, then the Spanish Debian Reference preface."""
    return _source_paragraphs("dudh-es.txt") + _source_paragraphs("debian-reference-es-prefacio-1.1.txt")


def portuguese_text() -> list[str]:
    """UDHR in Portuguese, then the Portuguese Debian Reference preface."""
    return _source_paragraphs("dudh-pt.txt") + _source_paragraphs("debian-reference-pt-prefacio-1.1.txt")


def unrendered_pool(doc, rendered: list[int], first: int = 0) -> list[str]:
    """Text of the pages that are not rendered (the pool for fabricated quotes)."""
    return [" ".join(doc[n].get_text().split()) for n in range(first, len(doc)) if n not in rendered]


# --------------------------------------------------------------------------- scanning

def degrade(png: bytes, rng: random.Random, level: float) -> bytes:
    """A scan-like JPEG of a rendered page: rotation, blur, noise, specks, JPEG ~q60."""
    from PIL import Image, ImageDraw, ImageFilter

    img = Image.open(io.BytesIO(png)).convert("L")
    angle = rng.uniform(0.3, 1.0) * level * rng.choice((-1, 1))
    img = img.rotate(angle, resample=Image.BICUBIC, expand=False, fillcolor=255)
    img = img.filter(ImageFilter.GaussianBlur(radius=0.35 + 0.45 * level))
    # paper noise: grey jitter, then ink slightly lighter / paper slightly darker
    noise = Image.effect_noise(img.size, 18 + 22 * level)
    img = Image.blend(img, noise, 0.06 + 0.06 * level)
    img = img.point(lambda v: int(22 + v * 0.86))
    draw = ImageDraw.Draw(img)
    width, height = img.size
    for _ in range(int(250 + 600 * level)):
        x, y = rng.randrange(width), rng.randrange(height)
        r = rng.choice((0, 0, 0, 1, 1, 2))
        draw.ellipse((x - r, y - r, x + r, y + r), fill=rng.randint(0, 110))
    out = io.BytesIO()
    img.save(out, "JPEG", quality=rng.randint(55, 65), dpi=(DPI, DPI))
    return out.getvalue()


def ocr(image: Path, lang: str, outbase: Path, fmt: str = "txt") -> None:
    args = ["tesseract", str(image), str(outbase), "-l", lang, "-c", "page_separator="]
    if fmt != "txt":
        args.append(fmt)
    subprocess.run(args, check=True, capture_output=True)


def scan_pages(doc, pages: list[int], lang: str, rng: random.Random, work: Path,
               name: str) -> tuple[list[str], list[str], list[dict], list[Path]]:
    import pymupdf

    clean, ocred, meta, images = [], [], [], []
    for k, number in enumerate(pages):
        page = doc[number]
        clean.append(page.get_text())
        level = (0.55, 0.8, 1.0, 0.7, 0.9)[k % 5]
        png = page.get_pixmap(dpi=DPI, colorspace=pymupdf.csGRAY).tobytes("png")
        jpg = work / f"{name}-{k + 1}.jpg"
        jpg.write_bytes(degrade(png, rng, level))
        ocr(jpg, lang, work / f"{name}-{k + 1}")
        text = (work / f"{name}-{k + 1}.txt").read_text(encoding="utf-8")
        ocred.append(text.strip("\n") + "\n")
        meta.append({"page": k + 1, "from_pdf_page": number + 1, "degradation": level})
        images.append(jpg)
    return clean, ocred, meta, images


# --------------------------------------------------------------------------- quotes

def reference_map(clean: str, ocr_text: str) -> list[int | None]:
    """For each clean character, the OCR character a global alignment pairs it with (or None)."""
    from rapidfuzz.distance import Levenshtein

    pairs: list[int | None] = [None] * len(clean)
    for tag, i1, i2, j1, j2 in Levenshtein.opcodes(clean, ocr_text):
        if tag in ("equal", "replace"):
            for offset in range(i2 - i1):
                pairs[i1 + offset] = j1 + offset
    return pairs


def reference_span(pairs: list[int | None], start: int, end: int, ocr_text: str) -> tuple[int, int] | None:
    aligned = [pairs[i] for i in range(start, end) if pairs[i] is not None]
    if len(aligned) < (end - start) * 0.6:
        return None
    s, e = aligned[0], aligned[-1] + 1
    while s < e and ocr_text[s] == " ":
        s += 1
    while e > s and ocr_text[e - 1] == " ":
        e -= 1
    return s, e


_FURNITURE = re.compile(
    r"^(\d+|[ivx]+|(DSGVO|DUDH) \d+|The Root Filesystem|The /usr Hierarchy|The /var Hierarchy"
    r"|Operating System Specific Annex|Appendix)$"
    r"|^(Artikel|Artículo|Artigo|Chapter|Kapitel)\s+\d+|^\d+(\.\d+)+\.\s")


def segments(clean_page: str, clean_folded: str) -> list[tuple[int, int]]:
    """Ranges of the folded clean page between running headers, footers, page numbers and
    headings: true quotes never cross them (a reader quotes sentences, not page furniture)."""
    out: list[tuple[int, int]] = []
    block: list[str] = []
    lines = clean_page.splitlines() + [""]
    cursor = 0
    for line in lines:
        if line.strip() and not _FURNITURE.match(line.strip()):
            block.append(line)
            continue
        if block:
            seg = " ".join(fold("\n".join(block)).text.split())
            pos = clean_folded.find(seg, cursor)
            if pos != -1:
                out.append((pos, pos + len(seg)))
                cursor = pos + len(seg)
            block = []
    return out


def word_windows(text: str, rng: random.Random, count: int,
                 allowed: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Non-overlapping windows of 6-30 words inside one allowed range; half of them start at a
    sentence start."""
    words = [(m.start(), m.end()) for m in re.finditer(r"\S+", text)]
    if len(words) < 12:
        return []
    starts = [i for i in range(1, len(words)) if re.search(r"[.;:]$", text[words[i - 1][0]:words[i - 1][1]])
              and text[words[i][0]].isupper()]
    taken: list[tuple[int, int]] = []
    for attempt in range(count * 12):
        if len(taken) >= count:
            break
        length = rng.randint(6, 30)
        if attempt % 2 == 0 and starts:
            first = rng.choice(starts)
        else:
            first = rng.randrange(0, max(1, len(words) - length))
        last = min(len(words) - 1, first + length - 1)
        s, e = words[first][0], words[last][1]
        if e - s < 30 or any(s < te and ts < e for ts, te in taken):
            continue
        if not any(a <= s and e <= b for a, b in allowed):
            continue
        taken.append((s, e))
    # Then up to four windows around a number or a modal verb (the words critical changes are
    # planted in), so that every kind of change is well represented.
    targets = [i for i, (ws, we) in enumerate(words)
               if re.fullmatch(r"\W*(\d+|" + "|".join(MODAL_SWAPS) + r")\W*", text[ws:we], re.I)]
    rng.shuffle(targets)
    extra = 0
    for i in targets:
        if extra >= 4:
            break
        before, after = rng.randint(3, 10), rng.randint(3, 10)
        first, last = max(0, i - before), min(len(words) - 1, i + after)
        s, e = words[first][0], words[last][1]
        if e - s < 40 or any(s < te and ts < e for ts, te in taken):
            continue
        if not any(a <= s and e <= b for a, b in allowed):
            continue
        taken.append((s, e))
        extra += 1
    return sorted(taken)


def score(quote: str, span: str) -> float:
    from rapidfuzz.distance import Levenshtein

    return round(max(0.0, 100.0 * (1 - Levenshtein.distance(quote, span) / len(quote))), 2)


def plant(quote: str, ocr_span: str, lang: str, rng: random.Random) -> list[tuple[str, str, str]]:
    """Critical changes of the quote, never in its first or last word (a word dropped there
    only makes the quote shorter): (kind, changed quote, description)."""
    from summcheck.language.modality import modal_words

    out = []
    all_tokens = list(re.finditer(r"\w+", quote))
    tokens = all_tokens[1:-1]
    read = set(re.findall(r"\d+", ocr_span))
    # a number the OCR read as it stands (a footnote mark read as "°" tests nothing)
    numbers = [m for m in tokens if m.group().isdigit() and m.group() in read]
    if numbers:
        m = rng.choice(numbers)
        old = m.group()
        digit = rng.randrange(len(old))
        new_digit = str((int(old[digit]) + rng.choice((1, 2, 3, 5))) % 10)
        if digit == 0 and new_digit == "0" and len(old) > 1:
            new_digit = "9"
        new = old[:digit] + new_digit + old[digit + 1:]
        out.append(("number", quote[:m.start()] + new + quote[m.end():], f"{old} -> {new}"))
    negs = [m for m in tokens if m.group().lower() in NEGATIONS[lang]]
    if negs:
        m = rng.choice(negs)
        changed = (quote[:m.start()].rstrip() + " " + quote[m.end():].lstrip()).strip()
        out.append(("negation", changed, f"dropped {m.group()!r}"))
    else:
        neg = {"eng": "not", "deu": "nicht", "spa": "no", "por": "não"}[lang]
        if lang in NEGATE_AFTER:
            spots = [m for m in tokens if m.group().lower() in NEGATE_AFTER[lang]]
            if spots:
                m = rng.choice(spots)
                out.append(("negation", quote[:m.end()] + " " + neg + quote[m.end():],
                            f"added {neg!r} after {m.group()!r}"))
        else:
            spots = [m for m in tokens if m.group().lower() in NEGATE_BEFORE[lang]]
            if spots:
                m = rng.choice(spots)
                out.append(("negation", quote[:m.start()] + neg + " " + quote[m.start():],
                            f"added {neg!r} before {m.group()!r}"))
    # a modal verb the OCR read as it stands ("thust" for "must" tests the OCR, not the check)
    read_words = {w.lower() for w in re.findall(r"\w+", ocr_span)}
    modals = [m for m in tokens if m.group().lower() in MODAL_SWAPS and m.group().lower() in read_words]
    rng.shuffle(modals)
    for m in modals:
        new = MODAL_SWAPS[m.group().lower()]
        if m.group()[0].isupper():
            new = new.capitalize()
        changed = quote[:m.start()] + new + quote[m.end():]
        # the change must change the modal class ("must not" -> "may not" would not)
        if [w.cls for w in modal_words(changed)] != [w.cls for w in modal_words(quote)]:
            out.append(("modal", changed, f"{m.group()} -> {new}"))
            break
    return out


def scramble(quote: str, vocabulary: list[str], rng: random.Random) -> str:
    words = quote.split(" ")
    for i in rng.sample(range(len(words)), max(2, len(words) // 3)):
        words[i] = rng.choice(vocabulary)
    return " ".join(words)


def pool_quotes(pool: list[str], rng: random.Random, count: int) -> list[str]:
    sentences = [s.strip() for p in pool for s in re.split(r"(?<=[.;])\s+", p)]
    sentences = [s for s in sentences if 40 <= len(s) <= 220 and not re.match(r"^[\d.]+\s", s)]
    rng.shuffle(sentences)
    return sentences[:count]


def best_anywhere(quote: str, pages: list[str]) -> float:
    from rapidfuzz import fuzz

    return max(fuzz.partial_ratio(quote, page) for page in pages)


def make_quotes(name: str, lang: str, clean_pages: list[str], ocr_doc: str, pool: list[str],
                rng: random.Random) -> list[dict]:
    folded_doc = fold(ocr_doc)
    raw_pages = ocr_doc.split("\f")
    starts = [0]
    for page in raw_pages[:-1]:
        starts.append(starts[-1] + len(page) + 1)
    records: list[dict] = []
    vocabulary = sorted({w for p in clean_pages for w in fold(p).text.split() if w.isalpha() and len(w) > 3})
    for number, (clean, raw_start) in enumerate(zip(clean_pages, starts), start=1):
        clean_folded = " ".join(fold(clean).text.split())
        lo = folded_doc.to_folded(raw_start)
        hi = folded_doc.to_folded(raw_start + len(raw_pages[number - 1]))
        ocr_page = folded_doc.text[lo:hi]
        pairs = reference_map(clean_folded, ocr_page)
        for s, e in word_windows(clean_folded, rng, 10, segments(clean, clean_folded)):
            quote = clean_folded[s:e]
            span = reference_span(pairs, s, e, ocr_page)
            if span is None:
                continue
            fs, fe = span[0] + lo, span[1] + lo
            ref = score(quote, folded_doc.text[fs:fe])
            ostart, oend = folded_doc.to_original(fs), folded_doc.to_original(fe, end=True)
            record = {"doc": name, "lang": lang, "page": number,
                      "kind": "true" if ref >= 90 else "garbled", "quote": quote,
                      "ocr_start": ostart, "ocr_end": oend, "ocr_span": ocr_doc[ostart:oend],
                      "ref_score": ref}
            records.append(record)
            if ref >= 93 and len(quote) >= 60:
                for kind, changed, change in plant(quote, folded_doc.text[fs:fe], lang, rng):
                    if score(changed, folded_doc.text[fs:fe]) < 91:
                        continue  # it would not pass the threshold: a SUM201 case, not SUM204
                    records.append({"doc": name, "lang": lang, "page": number, "kind": "critical",
                                    "critical": kind, "change": change, "quote": changed,
                                    "original": quote, "ocr_start": ostart, "ocr_end": oend,
                                    "ocr_span": ocr_doc[ostart:oend]})
    ocr_pages = [" ".join(fold(p).text.split()) for p in raw_pages]
    clean_all = [" ".join(fold(p).text.split()) for p in clean_pages]
    fabricated = pool_quotes(pool, rng, 14)
    trues = [r["quote"] for r in records if r["kind"] == "true" and len(r["quote"]) >= 50]
    fabricated += [scramble(q, vocabulary, rng) for q in rng.sample(trues, min(8, len(trues)))]
    for quote in fabricated:
        best = max(best_anywhere(quote, ocr_pages), best_anywhere(quote, clean_all))
        if best < 75:
            records.append({"doc": name, "lang": lang, "kind": "fabricated", "quote": quote,
                            "best_partial_ratio": round(best, 1)})
    return records


# --------------------------------------------------------------------------- main

def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "tests" / "fixtures" / "ocr")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--quotes-only", action="store_true",
                        help="rebuild quotes.json from the existing OCR/clean texts (no tesseract)")
    args = parser.parse_args()
    import pymupdf

    if not args.quotes_only and not shutil.which("tesseract"):
        print("tesseract is not installed", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="ocrfix-"))
    fhs_pages = [7, 9, 17, 26, 31, 39, 42]
    fhs = pymupdf.open(FHS_PDF)
    documents = [
        ("fhs", "eng", fhs, fhs_pages, unrendered_pool(fhs, fhs_pages, first=7)),
        ("dsgvo-de", "deu", layout_pdf(german_text(), "DSGVO"), [0, 1, 2, 3], None),
        ("udhr-debian-es", "spa", layout_pdf(spanish_text(), "DUDH"), [0, 1, 2, 3], None),
        ("udhr-debian-pt", "por", layout_pdf(portuguese_text(), "DUDH"), [0, 1, 2, 3], None),
    ]
    if args.quotes_only:  # rebuild quotes.json from the committed texts, no tesseract
        manifest = json.loads((args.out / "manifest.json").read_text(encoding="utf-8"))
    else:
        manifest = {"seed": args.seed, "dpi": DPI, "tesseract": _tesseract_version(), "documents": {}}
    records: list[dict] = []
    fhs_images: list[Path] = []
    for name, lang, doc, pages, pool in documents:
        if pool is None:
            pool = unrendered_pool(doc, pages)
        # separate generators: changing how quotes are picked never changes the scans
        scan_rng = random.Random(f"{args.seed}-{name}-scan")
        quote_rng = random.Random(f"{args.seed}-{name}-quotes")
        if args.quotes_only:
            ocr_doc = (args.out / f"{name}.ocr.txt").read_text(encoding="utf-8")
            clean = (args.out / f"{name}.clean.txt").read_text(encoding="utf-8").split("\f")
            ocred = ocr_doc.split("\f")
            meta = manifest["documents"][name]["pages"]
        else:
            clean, ocred, meta, images = scan_pages(doc, pages, lang, scan_rng, work, name)
            if name == "fhs":
                fhs_images = images
            ocr_doc = "\f".join(ocred)
            (args.out / f"{name}.ocr.txt").write_text(ocr_doc, encoding="utf-8", newline="")
            (args.out / f"{name}.clean.txt").write_text("\f".join(clean), encoding="utf-8", newline="")
        doc_records = make_quotes(name, lang, clean, ocr_doc, pool, quote_rng)
        records += doc_records
        counts = {kind: sum(1 for r in doc_records if r["kind"] == kind)
                  for kind in ("true", "garbled", "critical", "fabricated")}
        critical = {kind: sum(1 for r in doc_records if r.get("critical") == kind)
                    for kind in ("number", "negation", "modal")}
        manifest["documents"][name] = {"lang": lang, "pages": meta, "quotes": counts,
                                       "critical": critical, "cer": round(_cer(clean, ocred), 4)}
        print(name, lang, f"pages={len(meta)}", counts, critical,
              f"CER={manifest['documents'][name]['cer']:.2%}")
    (args.out / "quotes.json").write_text(json.dumps(records, ensure_ascii=False, indent=1) + "\n",
                                          encoding="utf-8")
    if not args.quotes_only:
        # The image-only PDF: the first FHS page image, with tesseract's invisible text layer.
        ocr(fhs_images[0], "eng", work / "fhs-scan-ocr", fmt="pdf")
        pdf = work / "fhs-scan-ocr.pdf"
        shutil.copy(pdf, args.out / "fhs-scan-ocr.pdf")
        manifest["image_only_pdf"] = {"file": "fhs-scan-ocr.pdf", "bytes": pdf.stat().st_size,
                                      "from": "fhs page 1 (degraded scan), tesseract -l eng pdf"}
        print("image-only PDF:", pdf.stat().st_size, "bytes")
    (args.out / "manifest.json").write_text(json.dumps(manifest, indent=1, ensure_ascii=False) + "\n",
                                            encoding="utf-8")
    shutil.rmtree(work)
    return 0


def _cer(clean: list[str], ocred: list[str]) -> float:
    from rapidfuzz.distance import Levenshtein

    total = errors = 0
    for c, o in zip(clean, ocred):
        c, o = " ".join(fold(c).text.split()), " ".join(fold(o).text.split())
        total += len(c)
        errors += Levenshtein.distance(c, o)
    return errors / max(1, total)


def _tesseract_version() -> str:
    out = subprocess.run(["tesseract", "--version"], capture_output=True, text=True)
    return (out.stdout or out.stderr).splitlines()[0]


if __name__ == "__main__":
    sys.exit(main())
