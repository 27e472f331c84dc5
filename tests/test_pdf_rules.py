"""Page and section rules on real PDFs built with PyMuPDF inside each test.

The PDFs carry real text: paragraphs of RFC 3986 (tests/cases/_sources/rfc3986-p1-12.txt) laid
out with `page.insert_textbox`, printed page labels set with `doc.set_page_labels` (roman front
matter, then arabic, and one label used twice) and an outline set with `doc.set_toc`. Every quote
in a claim record is cut from the same text file, never typed.

Physical page -> printed label in the labelled PDF:

    1 -> i     title and abstract          5 -> 3   1.1.1 Generic Syntax (paragraph runs on)
    2 -> ii    status of this memo         6 -> 4   ... rest of it; 1.2 Design Considerations
    3 -> 1     1. Introduction             7 -> 5   2. Characters
    4 -> 2     1.1 Overview of URIs        8 -> 5   2.1 Percent-Encoding (label 5 again)
"""
from __future__ import annotations

import functools
import json
import subprocess
from pathlib import Path

import pymupdf
import pytest
from conftest import run_summcheck

RFC_TEXT = (Path(__file__).resolve().parent / "cases" / "_sources" / "rfc3986-p1-12.txt").read_text(
    encoding="utf-8")
_RFC_WS = " ".join(RFC_TEXT.split())


def cut(start: str, end: str | None = None) -> str:
    """A span of the RFC text from `start` through `end` (white space collapsed)."""
    start = " ".join(start.split())
    i = _RFC_WS.find(start)
    assert i != -1, start
    if end is None:
        return start
    end = " ".join(end.split())
    j = _RFC_WS.find(end, i)
    assert j != -1, end
    return _RFC_WS[i:j + len(end)]


# Paragraphs of RFC 3986, cut from the text source.
ABSTRACT = cut("A Uniform Resource Identifier (URI) is a compact sequence of",
               "that task is performed by the individual specifications of each URI scheme.")
STATUS = cut("This document specifies an Internet standards track protocol for the",
             "Distribution of this memo is unlimited.")
INTRO = cut("A Uniform Resource Identifier (URI) provides a simple and extensible",
            "Resource Names\" [RFC1737].")
UNIFORM = cut("Uniformity provides several benefits.",
              "existing, large, and widely used set of resource identifiers.")
GENERIC_1 = cut("Each URI begins with a scheme name, as defined in Section 3.1, that",
                "syntax and semantics of identifiers using that scheme.")
GENERIC_2 = cut("This specification defines those elements of the URI syntax that are",
                "protocols, data formats, and implementations that make use of URIs.")
TRANSCRIPTION = cut("The URI syntax has been designed with global transcription as one of",
                    "represented in a network protocol.")
CHARACTERS = cut("The URI syntax provides a method of encoding data, presumably for the",
                 "character encoding as the surrounding text.")
PERCENT = cut("A percent-encoding mechanism is used to represent a data octet in a",
              "decoding is applied.")

# GENERIC_2 is split between physical pages 5 and 6 in the middle of a sentence.
_SPLIT = GENERIC_2.index("It thus defines the syntax and semantics")
_SPLIT = GENERIC_2.index(" ", _SPLIT + len("It thus defines the syntax and"))
GENERIC_2A, GENERIC_2B = GENERIC_2[:_SPLIT], GENERIC_2[_SPLIT + 1:]

# Typeset forms on page 6, as a typesetter leaves them: "fi" ligatures in the rest of 1.1.1 and
# soft hyphens in 1.2.1.
GENERIC_2B_TYPESET = GENERIC_2B.replace("fication", "\ufb01cation")
TRANSCRIPTION_TYPESET = (TRANSCRIPTION.replace("considerations", "consider\u00adations")
                         .replace("represented", "repre\u00adsented"))
assert GENERIC_2B_TYPESET.count("\ufb01") >= 2 and TRANSCRIPTION_TYPESET.count("\u00ad") >= 2
# ... and on page 8 a word hyphenated at a line end ("hexa-" / "decimal").
PERCENT_TYPESET = PERCENT.replace("two hexadecimal digits", "two hexa-\ndecimal digits")
assert PERCENT_TYPESET != PERCENT

PAGES = [
    ("RFC 3986 - Uniform Resource Identifier (URI): Generic Syntax", ["Abstract", ABSTRACT]),
    ("Status of This Memo", [STATUS]),
    ("1. Introduction", [INTRO]),
    ("1.1. Overview of URIs", [UNIFORM]),
    ("1.1.1. Generic Syntax", [GENERIC_1, GENERIC_2A]),
    (None, [GENERIC_2B_TYPESET, "1.2. Design Considerations", "1.2.1. Transcription",
            TRANSCRIPTION_TYPESET]),
    ("2. Characters", [CHARACTERS]),
    ("2.1. Percent-Encoding", [PERCENT_TYPESET]),
]
TOC = [
    [1, "1. Introduction", 3],
    [2, "1.1. Overview of URIs", 4],
    [3, "1.1.1. Generic Syntax", 5],
    [2, "1.2. Design Considerations", 6],
    [3, "1.2.1. Transcription", 6],
    [1, "2. Characters", 7],
    [2, "2.1. Percent-Encoding", 8],
]
LABELS = [
    {"startpage": 0, "prefix": "", "style": "r", "firstpagenum": 1},
    {"startpage": 2, "prefix": "", "style": "D", "firstpagenum": 1},
    {"startpage": 7, "prefix": "", "style": "D", "firstpagenum": 5},  # label 5 twice
]


@functools.lru_cache(maxsize=None)
def _pdf_bytes(labels: bool, toc: bool) -> bytes:
    """The fixture PDF, built once per test session for each combination of labels and outline
    (embedding and subsetting the font is most of a test's time otherwise)."""
    doc = pymupdf.open()
    font = pymupdf.Font("cjk")  # ships with PyMuPDF; has the "fi" ligature and a soft hyphen
    for heading, paragraphs in PAGES:
        page = doc.new_page(width=595, height=842)
        page.insert_font(fontname="F0", fontbuffer=font.buffer)
        y = 72
        blocks = ([heading] if heading else []) + paragraphs
        for block in blocks:
            rect = pymupdf.Rect(72, y, 523, 800)
            rest = page.insert_textbox(rect, block, fontname="F0", fontsize=10)
            assert rest >= 0, f"text does not fit: {block[:40]!r}"
            y = 800 - rest + 14
    if toc:
        doc.set_toc(TOC)
    if labels:
        doc.set_page_labels(LABELS)
    doc.subset_fonts()
    data = doc.tobytes(garbage=3, deflate=True)
    doc.close()
    return data


def make_pdf(path: Path, *, labels: bool = True, toc: bool = True) -> Path:
    path.write_bytes(_pdf_bytes(labels, toc))
    return path


def physical_page_of(pdf: Path, quote: str) -> list[int]:
    """1-based physical pages whose extracted text holds the quote (white space collapsed)."""
    with pymupdf.open(pdf) as doc:
        return [i + 1 for i, page in enumerate(doc) if quote in " ".join(page.get_text().split())]


def write_case(tmp: Path, sentences: list[str], records: list[dict], *, front: dict | None = None,
               labels: bool = True, toc: bool = True) -> Path:
    pdf = make_pdf(tmp / "rfc3986.pdf", labels=labels, toc=toc)
    fm = ["---", "source: rfc3986.pdf", "claims: claims.jsonl"]
    fm += [f"{k}: {v}" for k, v in (front or {}).items()]
    fm += ["---", "", "# RFC 3986 from a typeset PDF", ""]
    (tmp / "summary.md").write_text("\n".join(fm + sentences) + "\n", encoding="utf-8")
    (tmp / "claims.jsonl").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    assert pdf.exists()
    return tmp


def line_of(folder: Path, fragment: str) -> int:
    """1-based line of the summary sentence holding the fragment."""
    lines = (folder / "summary.md").read_text(encoding="utf-8").split("\n")
    hits = [n for n, line in enumerate(lines, 1) if fragment in line]
    assert len(hits) == 1, (fragment, hits)
    return hits[0]


def check(folder: Path, *args: str) -> tuple[int, list[tuple[str, str, int]], subprocess.CompletedProcess]:
    proc = run_summcheck("check", "summary.md", "--format", "json", *args, cwd=folder)
    assert "Traceback" not in proc.stdout + proc.stderr, proc.stderr
    if proc.returncode == 2:
        return 2, [], proc
    report = json.loads(proc.stdout)
    found = sorted((f["rule"], f["path"], f["line"]) for f in report["findings"]
                   if f["severity"] in ("error", "warning"))
    return proc.returncode, found, proc


def rec(claim: str, locator, quote: str, strength: str = "states") -> dict:
    return {"claim": claim, "locator": locator, "quote": quote, "strength": strength}


# --- the PDF itself --------------------------------------------------------------------------

def test_pdf_fixture_has_labels_outline_and_real_text(tmp_path: Path) -> None:
    pdf = make_pdf(tmp_path / "rfc3986.pdf")
    with pymupdf.open(pdf) as doc:
        assert [doc[i].get_label() for i in range(len(doc))] == ["i", "ii", "1", "2", "3", "4", "5", "5"]
        assert [e[1] for e in doc.get_toc()][:2] == ["1. Introduction", "1.1. Overview of URIs"]
        page6 = doc[5].get_text()
    assert "\ufb01" in page6 and "\u00ad" in page6  # the typeset forms survive extraction
    assert physical_page_of(pdf, INTRO[:60]) == [3]
    assert physical_page_of(pdf, GENERIC_2A[-40:]) == [5] and physical_page_of(pdf, GENERIC_2B[:40]) == [6]
    assert physical_page_of(pdf, "This decouples the evolution of identification schemes") == []


# --- page labels -----------------------------------------------------------------------------

def test_quote_cited_by_label_verifies(tmp_path: Path) -> None:
    """Under `page-numbers: auto` a PDF with labels is cited by label: 'p. 2' is physical page 4,
    'p. ii' the roman front matter, {page: 1} physical page 3."""
    quote = cut("Uniformity provides several benefits.")
    assert physical_page_of(make_pdf(tmp_path / "probe.pdf"), quote) == [4]
    folder = write_case(tmp_path, [
        "Uniform syntax has several benefits (p. 2).",
        "The memo's distribution is unlimited (p. ii).",
        "A URI is a simple and extensible means of identifying a resource (p. 1).",
        "The abstract and the status of the memo open the document (pp. i–ii).",
    ], [
        rec("Uniformity benefits.", "p. 2", quote),
        rec("Unlimited distribution.", "p. ii", cut("Distribution of this memo is unlimited.")),
        rec("A URI identifies a resource.", {"page": 1},
            cut("A Uniform Resource Identifier (URI) provides a simple and extensible",
                "means for identifying a resource.")),
        rec("Abstract.", "p. i", cut("A Uniform Resource Identifier (URI) is a compact sequence of",
                                     "identifies an abstract or physical resource.")),
    ])
    code, found, proc = check(folder)
    assert (code, found) == (0, []), proc.stdout


def test_physical_number_under_auto_is_misplaced(tmp_path: Path) -> None:
    """The Uniformity paragraph is on physical page 4 (label 2); citing it as 'p. 4' means label 4
    (physical 6) under `auto`: the record is SUM202 and the sentence it alone backs is SUM103."""
    folder = write_case(tmp_path, [
        "Uniform syntax has several benefits (p. 4).",
    ], [
        rec("Uniformity benefits.", "p. 4", cut("Uniformity provides several benefits.")),
    ])
    code, found, proc = check(folder)
    assert code == 1
    assert found == [("SUM103", "summary.md", line_of(folder, "(p. 4)")), ("SUM202", "claims.jsonl", 1)], \
        proc.stdout
    msg = next(f["message"] for f in json.loads(proc.stdout)["findings"] if f["rule"] == "SUM202")
    assert "2" in msg  # the report names where the quote actually stands (label 2)


def test_page_numbers_physical_front_matter(tmp_path: Path) -> None:
    """`page-numbers: physical` makes 'p. 4' the fourth sheet, whatever its label says."""
    folder = write_case(tmp_path, [
        "Uniform syntax has several benefits (p. 4).",
        "A URI is a simple and extensible means of identifying a resource (page 3).",
        "Percent-encoding represents a data octet (pp. 7-8).",
    ], [
        rec("Uniformity benefits.", "p. 4", cut("Uniformity provides several benefits.")),
        rec("A URI identifies a resource.", {"page": 3},
            cut("A Uniform Resource Identifier (URI) provides a simple and extensible",
                "means for identifying a resource.")),
        rec("Percent-encoding.", "p. 8", cut("A percent-encoding mechanism is used to represent a data",
                                             "octet in a component")),
    ], front={"page-numbers": "physical"})
    code, found, proc = check(folder)
    assert (code, found) == (0, []), proc.stdout


def test_page_numbers_physical_on_command_line(tmp_path: Path) -> None:
    folder = write_case(tmp_path, ["Uniform syntax has several benefits (p. 4)."],
                        [rec("Uniformity benefits.", "p. 4", cut("Uniformity provides several benefits."))])
    code, found, proc = check(folder, "--page-numbers", "physical")
    if code == 2 and "page-numbers" in proc.stderr and "no such option" in proc.stderr.lower():
        pytest.skip("--page-numbers is not a command-line option of this build")
    assert (code, found) == (0, []), proc.stdout + proc.stderr


def test_duplicated_label_is_ambiguous(tmp_path: Path) -> None:
    """Label 5 is carried by physical pages 7 and 8: '(p. 5)' is SUM105 (a warning, exit 0) and
    resolves to both pages, so a record on physical page 8 (cited by its outline section) backs it."""
    folder = write_case(tmp_path, [
        "Percent-encoding represents a data octet in a component (p. 5).",
    ], [
        rec("Percent-encoding.", "section 2.1", cut("A percent-encoding mechanism is used to represent a data",
                                                    "octet in a component")),
    ])
    code, found, proc = check(folder)
    assert (code, found) == (0, [("SUM105", "summary.md", line_of(folder, "(p. 5)"))]), proc.stdout
    code, found, _ = check(folder, "--fail-on", "warning")
    assert code == 1


def test_duplicated_label_in_a_record_is_ambiguous(tmp_path: Path) -> None:
    """A record citing the duplicated label is SUM105 too; its quote is looked for on both pages,
    so it verifies and backs the sentence."""
    folder = write_case(tmp_path, [
        "The URI syntax encodes data as characters (section 2).",
    ], [
        rec("Characters.", "p. 5", cut("The URI syntax provides a method of encoding data, presumably for the",
                                       "sake of identifying a resource, as a sequence of characters.")),
    ])
    code, found, proc = check(folder)
    assert (code, found) == (0, [("SUM105", "claims.jsonl", 1)]), proc.stdout


def test_label_that_does_not_exist(tmp_path: Path) -> None:
    """Labels run i, ii, 1-5: 'p. 9', 'p. iv' and, with no fallback to physical pages, 'p. 7'
    (there are 8 sheets) name no page: SUM102 in the summary (no SUM103), SUM206 in a record (no
    SUM202 although the quote stands on physical page 7)."""
    folder = write_case(tmp_path, [
        "Nothing stands on page nine (p. 9).",
        "The front matter has no fourth page (p. iv).",
        "Labels stop at 5 even though there are eight sheets (p. 7).",
        "A URI is a simple and extensible means of identifying a resource (p. 1).",
    ], [
        rec("A URI identifies a resource.", "p. 1",
            cut("A Uniform Resource Identifier (URI) provides a simple and extensible",
                "means for identifying a resource.")),
        rec("Characters, cited by physical page.", "p. 7",
            cut("The URI syntax provides a method of encoding data, presumably for the",
                "sake of identifying a resource, as a sequence of characters.")),
        rec("Nothing on page 9.", {"page": 9}, cut("Uniformity provides several benefits.")),
    ])
    code, found, proc = check(folder)
    assert code == 1
    assert found == sorted([
        ("SUM102", "summary.md", line_of(folder, "(p. 9)")),
        ("SUM102", "summary.md", line_of(folder, "(p. iv)")),
        ("SUM102", "summary.md", line_of(folder, "(p. 7)")),
        ("SUM206", "claims.jsonl", 2),
        ("SUM206", "claims.jsonl", 3),
    ]), proc.stdout


def test_page_numbers_label_without_labels_is_exit_2(tmp_path: Path) -> None:
    folder = write_case(tmp_path, ["Uniform syntax has several benefits (p. 4)."],
                        [rec("Uniformity benefits.", "p. 4", cut("Uniformity provides several benefits."))],
                        front={"page-numbers": "label"}, labels=False)
    code, _, proc = check(folder)
    assert code == 2, proc.stdout
    assert proc.stderr.strip() and len(proc.stderr.strip().splitlines()) == 1


def test_auto_without_labels_uses_physical_pages(tmp_path: Path) -> None:
    folder = write_case(tmp_path, ["Uniform syntax has several benefits (p. 4)."],
                        [rec("Uniformity benefits.", "p. 4", cut("Uniformity provides several benefits."))],
                        labels=False)
    code, found, proc = check(folder)
    assert (code, found) == (0, []), proc.stdout


# --- matching on PDF text ---------------------------------------------------------------------

def test_ligature_and_soft_hyphen_match_normalized(tmp_path: Path) -> None:
    """Page 6 (label 4) was typeset with 'ﬁ' ligatures and soft hyphens; quotes cut from the plain
    text ('identification', 'specification', 'considerations', 'represented') match at the
    normalized level: no finding."""
    folder = write_case(tmp_path, [
        "The URI syntax was designed with global transcription in mind (section 1.2.1).",
        "A URI's interpretation depends only on its characters (p. 4).",
        "Identification schemes evolve separately from protocols (section 1.1.1).",
        "Other protocols can refer to the specification for the range of syntax allowed (p. 4).",
    ], [
        rec("Identification decoupled.", "section 1.1.1",
            cut("This decouples the evolution of identification schemes from the evolution of",
                "protocols")),
        rec("A definition of the syntax range.", "p. 4",
            cut("can refer to this", "specification as a definition for the range of syntax allowed")),
        rec("Transcription.", "section 1.2.1",
            cut("The URI syntax has been designed with global transcription as one of",
                "its main considerations.")),
        rec("Characters, not their representation.", "p. 4",
            cut("The interpretation of a URI depends only", "represented in a network protocol.")),
    ])
    code, found, proc = check(folder)
    assert (code, found) == (0, []), proc.stdout


@pytest.mark.parametrize("hyphen", [False, True], ids=["closed-up", "hyphen-kept"])
def test_line_end_hyphenation_is_optional(tmp_path: Path, hyphen: bool) -> None:
    """Page 8 breaks 'hexadecimal' as 'hexa-' / 'decimal' at a line end: the plain quote matches
    (SPEC: 'dis-\\ntribution' matches 'distribution'), and so does one that keeps the hyphen."""
    with pymupdf.open(make_pdf(tmp_path / "probe.pdf")) as doc:
        assert "hexa-\ndecimal" in doc[7].get_text()
    quote = cut("followed by the two", "hexadecimal digits representing that octet's numeric value.")
    if hyphen:
        quote = quote.replace("hexadecimal", "hexa-decimal")
    folder = write_case(tmp_path, [
        "A percent-encoded octet is a percent sign and two hexadecimal digits (section 2.1).",
    ], [rec("Two hex digits.", "section 2.1", quote)])
    code, found, proc = check(folder)
    assert (code, found) == (0, []), proc.stdout


def test_quote_across_page_break_cited_by_range(tmp_path: Path) -> None:
    """A paragraph of 1.1.1 runs from label page 3 to label page 4 mid-sentence: cited 'pp. 3–4' (en
    dash) it verifies, and the range backs sentences citing 'pp. 3–4' and 'pp. 3-4'."""
    quote = cut("It thus defines the syntax and semantics needed to implement a scheme-",
                "independent parsing mechanism for URI references")
    pdf = make_pdf(tmp_path / "probe.pdf")
    assert physical_page_of(pdf, quote) == []  # it really crosses the break
    folder = write_case(tmp_path, [
        "The generic syntax allows scheme-independent parsing (pp. 3–4).",
        "Every URI begins with a scheme name (pp. 3-4).",
    ], [
        rec("Scheme-independent parsing.", "pp. 3–4", quote),
        rec("Scheme name first.", "pp. 3-4", cut("Each URI begins with a scheme name")),
    ])
    code, found, proc = check(folder)
    assert (code, found) == (0, []), proc.stdout


def test_fabricated_quote_in_pdf(tmp_path: Path) -> None:
    folder = write_case(tmp_path, ["Uniform syntax has several benefits (p. 2)."], [
        rec("Uniformity benefits.", "p. 2", cut("Uniformity provides several benefits.")),
        rec("Invented.", "p. 2", "Uniformity provides several benefits and no drawbacks at all."),
    ])
    code, found, proc = check(folder)
    assert (code, found) == (1, [("SUM201", "claims.jsonl", 2)]), proc.stdout


# --- sections from the outline ----------------------------------------------------------------

def test_outline_sections_resolve(tmp_path: Path) -> None:
    """Sections come from the outline: 'section 1.1' includes 1.1.1 (which runs onto the next page),
    '§ 2.1' is the last page; 'section 3' is not in the outline (SUM102)."""
    folder = write_case(tmp_path, [
        "Uniform syntax has several benefits (section 1.1).",
        "Every URI begins with a scheme name (section 1.1).",
        "Percent-encoding represents a data octet in a component (§ 2.1).",
        ("Syntax components are described next (section 3)."),
    ], [
        rec("Uniformity benefits.", "section 1.1", cut("Uniformity provides several benefits.")),
        rec("Scheme name first.", "section 1.1.1", cut("Each URI begins with a scheme name")),
        rec("Percent-encoding.", "§ 2.1", cut("A percent-encoding mechanism is used to represent a data",
                                              "octet in a component")),
    ])
    code, found, proc = check(folder)
    assert (code, found) == (1, [("SUM102", "summary.md", line_of(folder, "(section 3)"))]), proc.stdout


def test_numbered_headings_without_outline(tmp_path: Path) -> None:
    """Without an outline, sections come from the PDF's numbered headings ('1.1. Overview of URIs')."""
    folder = write_case(tmp_path, [
        "Uniform syntax has several benefits (section 1.1).",
        "Percent-encoding represents a data octet in a component (section 2.1).",
    ], [
        rec("Uniformity benefits.", "section 1.1", cut("Uniformity provides several benefits.")),
        rec("Percent-encoding.", "section 2.1", cut("A percent-encoding mechanism is used to represent a data",
                                                    "octet in a component")),
    ], toc=False)
    with pymupdf.open(folder / "rfc3986.pdf") as doc:
        assert doc.get_toc() == []
    code, found, proc = check(folder)
    assert (code, found) == (0, []), proc.stdout


def test_prefixed_labels(tmp_path: Path) -> None:
    """Labels with a prefix ('A-1', 'A-2' for the last two sheets) are cited as printed."""
    folder = write_case(tmp_path, [
        "The URI syntax encodes data as characters (p. A-1).",
        "Percent-encoding represents a data octet in a component (p. A-2).",
        ("Plain numbers stop at 4 here (p. 5)."),
    ], [
        rec("Characters.", "p. A-1", cut("The URI syntax provides a method of encoding data, presumably for the",
                                         "sake of identifying a resource, as a sequence of characters.")),
        rec("Percent-encoding.", {"page": "A-2"}, cut("A percent-encoding mechanism is used to represent a data",
                                                      "octet in a component")),
    ])
    with pymupdf.open(folder / "rfc3986.pdf") as doc:
        doc.set_page_labels([
            {"startpage": 0, "prefix": "", "style": "r", "firstpagenum": 1},
            {"startpage": 2, "prefix": "", "style": "D", "firstpagenum": 1},
            {"startpage": 6, "prefix": "A-", "style": "D", "firstpagenum": 1},
        ])
        doc.save(folder / "relabelled.pdf")
    (folder / "rfc3986.pdf").unlink()
    (folder / "relabelled.pdf").rename(folder / "rfc3986.pdf")
    code, found, proc = check(folder)
    assert (code, found) == (1, [("SUM102", "summary.md", line_of(folder, "(p. 5)"))]), proc.stdout


def test_pdf_opened_by_repair_is_checked_and_says_so(tmp_path: Path) -> None:
    """A PDF whose cross-reference offset is wrong opens only by repair: it is checked, and the report
    says so (SPEC: 'checked and the report says so')."""
    folder = write_case(tmp_path, ["Uniform syntax has several benefits (p. 2)."],
                        [rec("Uniformity benefits.", "p. 2", cut("Uniformity provides several benefits."))])
    data = (folder / "rfc3986.pdf").read_bytes()
    cut_at = data.rfind(b"startxref")
    (folder / "rfc3986.pdf").write_bytes(data[:cut_at] + b"startxref\n999999\n%%EOF\n")
    code, found, proc = check(folder)
    assert (code, found) == (0, []), proc.stdout
    report = json.loads(proc.stdout)
    assert "repair" in json.dumps(report).lower() or "repair" in proc.stderr.lower()


@pytest.mark.parametrize("data", [b"%PDF-1.7\n%%EOF\n", b"not a pdf at all\n", b""])
def test_corrupt_or_empty_pdf_is_exit_2(tmp_path: Path, data: bytes) -> None:
    folder = write_case(tmp_path, ["Uniform syntax has several benefits (p. 2)."],
                        [rec("Uniformity benefits.", "p. 2", cut("Uniformity provides several benefits."))])
    (folder / "rfc3986.pdf").write_bytes(data)
    code, _, proc = check(folder)
    assert code == 2 and proc.stderr.strip(), proc.stdout
