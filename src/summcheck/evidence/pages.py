"""PDF pages for the evidence report: the band of a page that holds a quote, each cited page
whole, and the boxes of a span's characters on them.

The boxes come from MuPDF's characters of the same text page summcheck reads the text from,
so they are the matched characters themselves, not a new search. Images are grey PNGs of a
few levels (the highlights are drawn over them by the page, in colour), or JPEG where that is
smaller (photographs, scans): the first few images are made both ways, and the encoding that
wins most is kept for the rest of the document.
"""
from __future__ import annotations

import base64
import difflib
from dataclasses import dataclass
from pathlib import Path

from ..model import SourceDocument, Span

# Body text set at this height on screen reads comfortably without zoom; a passage is rendered
# so that the document's body font gets it, within the bounds below. The whole page, shown for
# where the passage sits on it, is rendered smaller.
LEGIBLE_BODY_PIXELS = 14.0
MIN_ZOOM, MAX_ZOOM = 1.0, 2.0
OVERVIEW_SCALE = 0.5  # of the legible zoom, for the whole page
DEFAULT_BODY_POINTS = 10.0
# Four grey levels keep anti-aliased text legible and make a page's PNG several times smaller
# than full grey (measured: benchmarks/bench_report.py).
GREY_LEVELS = 4
JPEG_QUALITY = 55
FORMAT_TRIALS = 6  # images encoded both ways before one encoding is kept for the document
BAND_MARGIN = 0.03  # of the page's height, above and below the highlighted lines
_STEP = 255 / (GREY_LEVELS - 1)
_POSTERIZE = bytes(min(255, round(round(v / _STEP) * _STEP)) for v in range(256))

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 as fractions of the page's size


@dataclass(frozen=True)
class PageImage:
    width: int  # pixels
    height: int
    data_uri: str
    top: float = 0.0  # the part of the page shown, as fractions of its height
    bottom: float = 1.0


def zoom_for(body_points: float | None) -> float:
    """The render scale (1.0 = 72 dpi) at which body text of `body_points` is legible."""
    size = body_points if body_points and body_points > 0 else DEFAULT_BODY_POINTS
    return max(MIN_ZOOM, min(MAX_ZOOM, LEGIBLE_BODY_PIXELS / size))


class PdfPages:
    """One open PDF: page images and character boxes, each page read at most once."""

    def __init__(self, source: SourceDocument) -> None:
        import pymupdf  # lazily, as the loader does

        self.source = source
        self._pymupdf = pymupdf
        self._pdf = pymupdf.open(stream=Path(source.path).read_bytes(), filetype="pdf")
        self._boxes: dict[int, list[Box | None]] = {}
        self.zoom = zoom_for(source.body_font)
        # Which encoding makes this PDF's images smaller (text: PNG; scans, photographs:
        # JPEG), once FORMAT_TRIALS images have been made both ways; None until then.
        self._format: str | None = None
        self._wins: dict[str, int] = {}

    def close(self) -> None:
        self._pdf.close()

    def overview(self, number: int) -> PageImage:
        """Page `number` (1-based) whole, smaller than legible: where a passage sits on it."""
        return self._render(number, self.zoom * OVERVIEW_SCALE, 0.0, 1.0)

    def band(self, number: int, boxes: list[Box]) -> PageImage:
        """The band of page `number` across the lines the boxes cover, at a legible size."""
        top = max(0.0, min(box[1] for box in boxes) - BAND_MARGIN)
        bottom = min(1.0, max(box[3] for box in boxes) + BAND_MARGIN)
        return self._render(number, self.zoom, round(top, 4), round(bottom, 4))

    def _render(self, number: int, zoom: float, top: float, bottom: float) -> PageImage:
        pymupdf = self._pymupdf
        page = self._pdf.load_page(number - 1)
        rect = page.rect
        clip = pymupdf.Rect(rect.x0, rect.y0 + top * rect.height, rect.x1,
                            rect.y0 + bottom * rect.height)
        pix = page.get_pixmap(matrix=pymupdf.Matrix(zoom, zoom), colorspace=pymupdf.csGRAY,
                              alpha=False, clip=clip)
        grey = pymupdf.Pixmap(pymupdf.csGRAY, pix.width, pix.height,
                              pix.samples.translate(_POSTERIZE), False)
        if self._format == "png":
            kind, data = "image/png", grey.tobytes("png")
        elif self._format == "jpeg":
            kind, data = "image/jpeg", pix.tobytes("jpeg", jpg_quality=JPEG_QUALITY)
        else:  # still trying both: the smaller wins, and after a few images, wins for good
            png = grey.tobytes("png")
            jpeg = pix.tobytes("jpeg", jpg_quality=JPEG_QUALITY)
            kind, data = ("image/png", png) if len(png) <= len(jpeg) else ("image/jpeg", jpeg)
            self._wins[kind] = self._wins.get(kind, 0) + 1
            if sum(self._wins.values()) >= FORMAT_TRIALS:
                self._format = max(("png", "jpeg"),
                                   key=lambda name: self._wins.get(f"image/{name}", 0))
        uri = f"data:{kind};base64,{base64.b64encode(data).decode('ascii')}"
        return PageImage(pix.width, pix.height, uri, top, bottom)

    def boxes(self, span: Span) -> dict[int, list[Box]]:
        """The boxes of the span's characters, by 1-based page, merged into one box per line
        run; a span across a line or page break has a box in each part."""
        out: dict[int, list[Box]] = {}
        for page in self.source.pages:
            lo, hi = max(span.start, page.span.start), min(span.end, page.span.end)
            if hi <= lo:
                continue
            char_boxes = self._page_boxes(page.number)
            offset = page.span.start
            merged: list[Box] = []
            for box in char_boxes[lo - offset:hi - offset]:
                if box is None:
                    continue
                if merged and _same_line(merged[-1], box):
                    last = merged[-1]
                    merged[-1] = (min(last[0], box[0]), min(last[1], box[1]),
                                  max(last[2], box[2]), max(last[3], box[3]))
                else:
                    merged.append(box)
            if merged:
                out[page.number] = merged
        return out

    def _page_boxes(self, number: int) -> list[Box | None]:
        """One box (or None: a line end, a character MuPDF gave no box) per character of the
        page's text as loaded."""
        known = self._boxes.get(number)
        if known is not None:
            return known
        page = self._pdf.load_page(number - 1)
        width, height = page.rect.width or 1.0, page.rect.height or 1.0
        textpage = page.get_textpage()  # the flags the loader reads the text with
        chars: list[str] = []
        boxes: list[Box | None] = []
        for block in textpage.extractRAWDICT()["blocks"]:
            for line in block.get("lines", ()):
                for span in line["spans"]:
                    for char in span["chars"]:
                        x0, y0, x1, y1 = char["bbox"]
                        chars.append(char["c"])
                        boxes.append((x0 / width, y0 / height, x1 / width, y1 / height))
                chars.append("\n")
                boxes.append(None)
        text = self.source.text[self.source.pages[number - 1].span.start:
                                self.source.pages[number - 1].span.end]
        rebuilt = "".join(chars)
        if rebuilt != text:  # rare (a space MuPDF adds to the text only): align the two
            boxes = _aligned(text, rebuilt, boxes)
        self._boxes[number] = boxes
        return boxes


def _same_line(a: Box, b: Box) -> bool:
    """Whether box b continues a's line: it overlaps a's height by more than half."""
    overlap = min(a[3], b[3]) - max(a[1], b[1])
    return overlap > 0.5 * min(a[3] - a[1], b[3] - b[1]) and b[0] >= a[0] - 1e-6


def _aligned(text: str, rebuilt: str, boxes: list[Box | None]) -> list[Box | None]:
    """The boxes of `rebuilt`'s characters carried over to the same characters of `text`."""
    out: list[Box | None] = [None] * len(text)
    matcher = difflib.SequenceMatcher(None, text, rebuilt, autojunk=False)
    for a, b, size in matcher.get_matching_blocks():
        out[a:a + size] = boxes[b:b + size]
    return out
