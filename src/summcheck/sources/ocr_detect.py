"""Tell a scanned PDF with an OCR text layer from a PDF whose text was typeset.

OCRmyPDF, tesseract (`tesseract img out pdf`), scanner software and Acrobat's "Recognize Text"
put each page's scan in as an image covering the page and lay the recognised text over it in
text render mode 3 ("neither fill nor stroke"): the text can be selected and extracted, but
what the reader sees is the image. `page.get_texttrace()` reports such spans with `type` 3.

Cheap by design: at most `sample_pages` pages (spread over the document) are looked at; no
text is extracted beyond the trace of those pages.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

INVISIBLE = 3  # get_texttrace() span type of text render mode 3 (and "ignore text")
MIN_CHARS = 20  # a page with fewer characters of text says nothing either way
MIN_INVISIBLE_SHARE = 0.8  # of the page's characters
MIN_IMAGE_COVER = 0.5  # of the page's area, covered by images


@dataclass
class PageEvidence:
    number: int  # 0-based page number
    chars: int  # characters of text on the page
    invisible: int  # of which invisible (render mode 3, or opacity 0)
    image_cover: float  # share of the page's area covered by images (0..1)

    @property
    def is_ocr(self) -> bool:
        return (self.chars >= MIN_CHARS and self.invisible >= MIN_INVISIBLE_SHARE * self.chars
                and self.image_cover >= MIN_IMAGE_COVER)


@dataclass
class OcrEvidence:
    pages: list[PageEvidence] = field(default_factory=list)

    @property
    def with_text(self) -> list[PageEvidence]:
        return [p for p in self.pages if p.chars >= MIN_CHARS]

    @property
    def is_ocr(self) -> bool:
        """Most sampled pages that carry text are images with an invisible text layer."""
        with_text = self.with_text
        return bool(with_text) and 2 * sum(p.is_ocr for p in with_text) > len(with_text)

    def describe(self) -> str:
        """One line for the report: why the source is (not) treated as OCR."""
        with_text = self.with_text
        ocr = [p for p in with_text if p.is_ocr]
        if not with_text:
            return f"no text layer on the {len(self.pages)} sampled page(s)"
        pages = ", ".join(str(p.number + 1) for p in ocr) or "none"
        return (f"{len(ocr)} of {len(with_text)} sampled page(s) with text are page images with an "
                f"invisible OCR text layer (pages {pages})")


def sample(page_count: int, sample_pages: int) -> list[int]:
    """Up to `sample_pages` page numbers spread over the document, first page included."""
    if page_count <= 0 or sample_pages <= 0:
        return []
    if page_count <= sample_pages:
        return list(range(page_count))
    step = (page_count - 1) / (sample_pages - 1) if sample_pages > 1 else 0
    return sorted({round(i * step) for i in range(sample_pages)})


def page_evidence(page: Any, number: int) -> PageEvidence:
    chars = invisible = 0
    for span in page.get_texttrace():
        n = len(span.get("chars", ()))
        chars += n
        if span.get("type") == INVISIBLE or span.get("opacity", 1) == 0:
            invisible += n
    cover = _image_cover(page) if chars >= MIN_CHARS and invisible else 0.0
    return PageEvidence(number, chars, invisible, cover)


def _image_cover(page: Any) -> float:
    """Share of the page covered by its largest image (scans are one image a page)."""
    area = abs(page.rect)
    if not area:
        return 0.0
    best = 0.0
    for image in page.get_images(full=True):
        try:
            rects = page.get_image_rects(image[0])
        except Exception:  # noqa: BLE001 - a broken image reference is no evidence
            continue
        for rect in rects:
            best = max(best, abs(rect & page.rect) / area)
    return best


def ocr_evidence(pdf_document: Any, sample_pages: int = 5) -> OcrEvidence:
    """What the sampled pages of an open PyMuPDF document show."""
    evidence = OcrEvidence()
    for number in sample(len(pdf_document), sample_pages):
        try:
            page = pdf_document.load_page(number)
        except Exception:  # noqa: BLE001 - unreadable pages are judged elsewhere
            continue
        evidence.pages.append(page_evidence(page, number))
    return evidence
