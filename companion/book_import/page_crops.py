"""Kept pages for the review: each page a paragraph was read from, straightened as the
reader saw it (so the words' boxes fall on the words) and made small, as a PNG.

Only what the owner gave stays on their machine, in their pack folder; nothing is sent.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PIL import Image, ImageOps, UnidentifiedImageError

from companion.book_import import page_image
from companion.book_import.model import OcrPage


def keep_page_images(
    pages: dict[int, OcrPage], folder: Path, long_side: int, prefix: str = "page"
) -> dict[int, float]:
    """Write ``folder/PREFIX-NNNN.png`` for each page read from an image; return, by page,
    the factor from the reader's pixels to the kept image's."""
    folder.mkdir(parents=True, exist_ok=True)
    scales: dict[int, float] = {}
    for number, page in pages.items():
        prepared = _prepared(Path(page.source), page)
        if prepared is None:
            continue
        image = Image.fromarray(prepared)
        scale = min(1.0, long_side / max(image.size))
        image = image.resize((max(1, round(image.width * scale)),
                              max(1, round(image.height * scale))))  # fmt: skip
        image.save(folder / f"{prefix}-{number:04d}.png", optimize=True)
        scales[number] = scale * (prepared.shape[1] / page.width if page.width else 1.0)
    return scales


def _prepared(path: Path, page: OcrPage) -> np.ndarray | None:
    """The page straightened as the reader saw it, or None (a PDF, an unreadable file)."""
    if page.from_text_layer or path.suffix.lower() == ".pdf":
        return None
    try:
        with Image.open(path) as image:
            frame = ImageOps.exif_transpose(image) or image
            gray = frame.convert("L")
    except (UnidentifiedImageError, OSError, ValueError):
        return None
    gray.thumbnail((page_image.WORKING_LONG_SIDE, page_image.WORKING_LONG_SIDE))
    return page_image.prepare(np.asarray(gray)).image
