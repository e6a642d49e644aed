"""PDF pages: the words of a page's own text layer when it has one (a digital PDF, or
one already OCRed by OCRmyPDF), or the page rendered as an image to be read like a scan."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from companion.book_import.engines import LIGATURES, RawWord

RENDER_DPI = 300
POINTS_PER_INCH = 72
MIN_TEXT_LAYER_WORDS = 10  # fewer: a scan with a page number or a stamp in text, OCR it
_BOLD_MARKS = ("bold", "black", "heavy", "semibold", "demi")


class UnreadablePdf(ValueError):
    """The file is no PDF that can be opened."""


@dataclass(frozen=True)
class TextLayerPage:
    """A page's words from its text layer, in pixels at ``RENDER_DPI``."""

    words: list[RawWord]
    width: int
    height: int


@dataclass(frozen=True)
class RenderedPage:
    """A page without a text layer, drawn as a greyscale image."""

    image: np.ndarray


PdfPage = TextLayerPage | RenderedPage


def pdf_pages(path: Path, max_long_side: int) -> Iterator[PdfPage]:
    """Every page of a PDF, in order. Raises :class:`UnreadablePdf` if it cannot be opened."""
    import pdfplumber
    from pdfminer.pdfparser import PDFSyntaxError
    from pdfminer.psparser import PSException
    from pypdfium2 import PdfiumError

    try:
        document = pdfplumber.open(path)
    except (PDFSyntaxError, PSException, PdfiumError, OSError, ValueError) as error:
        raise UnreadablePdf(
            f"not a PDF that can be opened ({error or type(error).__name__})"
        ) from error
    with document:
        for page in document.pages:
            words = _text_layer(page)
            if len(words) >= MIN_TEXT_LAYER_WORDS:
                scale = RENDER_DPI / POINTS_PER_INCH
                yield TextLayerPage(words, round(page.width * scale), round(page.height * scale))
            else:
                long_side = max(page.width, page.height) / POINTS_PER_INCH
                dpi = min(RENDER_DPI, max_long_side / long_side)
                image = page.to_image(resolution=dpi).original.convert("L")
                yield RenderedPage(np.asarray(image))


def _text_layer(page) -> list[RawWord]:
    scale = RENDER_DPI / POINTS_PER_INCH
    words = []
    for word in page.extract_words(extra_attrs=["fontname"], keep_blank_chars=False):
        font = str(word.get("fontname", "")).lower()
        words.append(
            RawWord(
                text=word["text"].translate(LIGATURES),
                confidence=1.0,
                left=round(word["x0"] * scale),
                top=round(word["top"] * scale),
                width=round((word["x1"] - word["x0"]) * scale),
                height=round((word["bottom"] - word["top"]) * scale),
                line=0,
                bold=any(mark in font for mark in _BOLD_MARKS),
            )
        )
    return words
