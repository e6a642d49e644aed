"""A second look at doubtful lines: a line holding a word the engine was unsure of is read
again alone, enlarged half as much again, and the reading whose least sure word is surer
is kept. Engines misread a line's first figure ("5" as "9") or a bracket far more often
in a whole column than in a single enlarged line, and it costs time only where in doubt.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from companion.book_import.engines import Reader
from companion.book_import.layout import joined_overlaps
from companion.book_import.model import Box, OcrLine, OcrWord

DOUBT = 0.8  # a word read with less confidence makes its line worth a second look
ENLARGED = 1.5
PADDING = 0.3  # of the line pitch, around the line's box


def reread_doubtful(
    page: np.ndarray,
    lines: Sequence[OcrLine],
    reader: Reader,
    pitch: float,
) -> list[OcrLine]:
    """The lines, each doubtful one replaced by its second reading when that is surer."""
    return [
        _second_look(page, line, reader, round(PADDING * pitch))
        if min(word.confidence for word in line.words) < DOUBT
        else line
        for line in lines
    ]


def _second_look(page: np.ndarray, line: OcrLine, reader: Reader, padding: int) -> OcrLine:
    box = line.box
    left, top = max(0, box.left - padding), max(0, box.top - padding)
    right = min(page.shape[1], box.left + box.width + padding)
    bottom = min(page.shape[0], box.top + box.height + padding)
    crop = cv2.resize(
        page[top:bottom, left:right], None, fx=ENLARGED, fy=ENLARGED, interpolation=cv2.INTER_CUBIC
    )
    words = [
        OcrWord(
            text=word.text,
            confidence=word.confidence,
            bold=None,
            box=Box(
                left=left + round(word.left / ENLARGED),
                top=top + round(word.top / ENLARGED),
                width=round(word.width / ENLARGED),
                height=round(word.height / ENLARGED),
            ),
        )
        for word in reader.read_line(np.ascontiguousarray(crop))
    ]
    if not words or min(w.confidence for w in words) <= min(w.confidence for w in line.words):
        return line
    if "".join(w.text for w in words) == "".join(w.text for w in line.words):
        return line  # only the spacing differs: a line alone gets spaces after "/" wrong
    kept_bold = joined_overlaps(_bold_by_place(line.words, words))
    return line.model_copy(update={"words": tuple(kept_bold)})


def _bold_by_place(first: Sequence[OcrWord], second: list[OcrWord]) -> list[OcrWord]:
    """The second reading's words, each as bold as the first reading's word it overlaps."""
    kept = []
    for word in second:
        middle = word.box.left + word.box.width / 2
        over = [w for w in first if w.box.left <= middle <= w.box.left + w.box.width]
        kept.append(word.model_copy(update={"bold": over[0].bold if over else None}))
    return kept
