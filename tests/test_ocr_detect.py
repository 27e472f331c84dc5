"""OCR detection: page images with an invisible text layer (render mode 3)."""
from __future__ import annotations

from pathlib import Path

import pytest

pymupdf = pytest.importorskip("pymupdf")

from summcheck.sources.ocr_detect import ocr_evidence, sample  # noqa: E402

FIXTURES = Path(__file__).parent / "fixtures" / "ocr"
TEXT = ("Host-specific configuration files must be installed in /etc/opt. "
        "See the section on /etc for more information.")


def _scan_image(width: int = 170, height: int = 220):
    pix = pymupdf.Pixmap(pymupdf.csGRAY, pymupdf.IRect(0, 0, width, height), False)
    pix.clear_with(235)
    return pix


def _page(doc, *, image: bool = False, text: bool = False, invisible: bool = False,
          image_rect=None):
    page = doc.new_page(width=595, height=842)
    if image:
        page.insert_image(image_rect or page.rect, pixmap=_scan_image())
    if text:
        for line in range(12):
            page.insert_text((60, 80 + 16 * line), TEXT, fontsize=9,
                             render_mode=3 if invisible else 0)
    return page


def _doc(*kinds: str):
    doc = pymupdf.open()
    for kind in kinds:
        if kind == "ocr":  # what OCRmyPDF / tesseract write: the scan, text in render mode 3
            _page(doc, image=True, text=True, invisible=True)
        elif kind == "text":
            _page(doc, text=True)
        elif kind == "scan":  # a scan without any text layer
            _page(doc, image=True)
        elif kind == "figure":  # a typeset page with a picture over part of it
            _page(doc, image=True, text=True, image_rect=pymupdf.Rect(60, 400, 300, 600))
        elif kind == "background":  # visible text on a full-page background image
            _page(doc, image=True, text=True)
        elif kind == "hidden":  # invisible text and no image
            _page(doc, text=True, invisible=True)
    return pymupdf.open("pdf", doc.tobytes())


def test_tesseract_pdf_fixture_is_ocr():
    path = FIXTURES / "fhs-scan-ocr.pdf"
    assert path.stat().st_size < 200_000
    with pymupdf.open(path) as doc:
        assert doc[0].get_text().strip()  # it has a text layer
        evidence = ocr_evidence(doc)
        assert evidence.is_ocr and evidence.pages[0].is_ocr
        assert evidence.pages[0].image_cover > 0.95
        assert "invisible OCR text layer" in evidence.describe()


@pytest.mark.parametrize("kinds, expected", [
    (("ocr",), True),
    (("ocr", "ocr", "ocr"), True),
    (("text",), False),
    (("text", "text", "text"), False),
    (("scan",), False),  # no text layer at all: nothing to match, not an OCR text
    (("figure",), False),
    (("background",), False),
    (("hidden",), False),
    (("ocr", "ocr", "ocr", "text", "text"), True),
    (("ocr", "ocr", "text", "text", "text"), False),
    (("scan", "ocr", "scan"), True),  # pages without text do not count either way
])
def test_ocr_evidence(kinds, expected):
    with _doc(*kinds) as doc:
        evidence = ocr_evidence(doc)
        assert evidence.is_ocr is expected, evidence.describe()


def test_real_typeset_pdf_is_not_ocr():
    path = Path(__file__).resolve().parents[2] / "shared" / "acceptance" / "cases" / \
        "fhs-labels-clean" / "fhs-3.0.pdf"
    if not path.exists():
        pytest.skip("shared acceptance PDF not available")
    with pymupdf.open(path) as doc:
        assert not ocr_evidence(doc).is_ocr


def test_sampling_is_cheap_and_spread():
    assert sample(0, 5) == []
    assert sample(3, 5) == [0, 1, 2]
    picked = sample(1000, 5)
    assert len(picked) == 5 and picked[0] == 0 and picked[-1] == 999
    assert sample(1000, 1) == [0]
    with _doc(*(["text"] * 40)) as doc:
        evidence = ocr_evidence(doc, sample_pages=4)
        assert len(evidence.pages) == 4
        assert "0 of 4 sampled page(s)" in evidence.describe()
