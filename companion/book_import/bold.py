"""Bold by measurement, for engines that cannot tell (Tesseract's LSTM reader, RapidOCR):
a word's strokes are as thick as twice its ink's area over its ink's outline, and a bold
word's are thicker than the page's typical word by a clear margin (a bold serif face has
strokes about 1.5 to 2 times as thick as its regular one).

>>> import numpy as np
>>> page = np.full((40, 200), 255, np.uint8)
>>> page[10:30, 10:12] = 0; page[10:30, 20:22] = 0  # thin strokes
>>> page[10:30, 110:116] = 0; page[10:30, 130:136] = 0  # thick strokes
>>> round(stroke_width(page[:, :100])), round(stroke_width(page[:, 100:]))
(2, 5)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import cv2
import numpy as np

from companion.book_import.engines import RawWord

BOLD_RATIO = 1.3  # stroke width over the page's median word's
MIN_WORDS = 20  # fewer words on the page: no typical stroke to compare with


def stroke_width(crop: np.ndarray) -> float:
    """The mean thickness of a crop's dark strokes, in pixels (0 when it holds no ink)."""
    mask = (crop < 128).astype(np.uint8)
    area = int(mask.sum())
    if area == 0:
        return 0.0
    inner = cv2.erode(mask, np.ones((3, 3), np.uint8))
    outline = area - int(inner.sum())
    return 2.0 * area / max(1, outline)


def with_measured_bold(image: np.ndarray, words: Sequence[RawWord]) -> list[RawWord]:
    """The words with ``bold`` measured wherever the engine left it None."""
    if len(words) < MIN_WORDS or all(word.bold is not None for word in words):
        return list(words)
    widths = [
        stroke_width(image[w.top : w.top + w.height, w.left : w.left + w.width]) for w in words
    ]
    typical = float(np.median([width for width in widths if width > 0] or [0.0]))
    if typical <= 0:
        return list(words)
    return [
        word if word.bold is not None else replace(word, bold=width > BOLD_RATIO * typical)
        for word, width in zip(words, widths, strict=True)
    ]
