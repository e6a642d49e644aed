"""Columns and reading order: where a page's columns stand, and its words put into
numbered lines, column by column.

A gutter is a band of the text area, away from its edges, that no ink crosses from the top
of the text to its bottom (a heading across both columns may cross it for a line or two).

>>> mask = np.zeros((100, 200), dtype=np.uint8)
>>> mask[10:90, 20:90] = 1
>>> mask[10:90, 110:180] = 1
>>> find_columns(mask, word_gap=4)
[(20, 100), (100, 180)]
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

import cv2
import numpy as np

from companion.book_import.engines import RawWord
from companion.book_import.model import Box, OcrLine, OcrWord
from companion.book_import.page_image import runs

MIN_GUTTER_SHARE = 0.02  # of the text's width
GUTTER_CROSSINGS = 0.04  # share of the text's rows that may cross a gutter (wide headings)


def _text_span(flags: np.ndarray) -> tuple[int, int] | None:
    where = np.flatnonzero(flags)
    return (int(where[0]), int(where[-1]) + 1) if where.size else None


def find_columns(mask: np.ndarray, word_gap: int) -> list[tuple[int, int]]:
    """The columns' [left, right) ranges of an ink mask, left to right, each reaching to
    the middle of the gutter beside it. ``word_gap`` (pixels) is bridged: spaces between
    words are no gutter."""
    rows_span = _text_span(mask.any(axis=1))
    columns_span = _text_span(mask.any(axis=0))
    if rows_span is None or columns_span is None:
        return []
    top, bottom = rows_span
    left, right = columns_span
    body = mask[top:bottom, left:right]
    bridged = cv2.dilate(body, np.ones((1, max(1, word_gap)), np.uint8))
    crossings = (bridged > 0).mean(axis=0)
    open_band = crossings <= GUTTER_CROSSINGS
    width = right - left
    gutters = [
        (start, stop) for start, stop in runs(open_band)
        if stop - start >= MIN_GUTTER_SHARE * width and start > 0.15 * width
        and stop < 0.85 * width
    ]
    edges = [left] + [left + (start + stop) // 2 for start, stop in gutters] + [right]
    return list(pairwise(edges))


def _union(boxes: Sequence[Box]) -> Box:
    left = min(box.left for box in boxes)
    top = min(box.top for box in boxes)
    right = max(box.left + box.width for box in boxes)
    bottom = max(box.top + box.height for box in boxes)
    return Box(left=left, top=top, width=right - left, height=bottom - top)


def column_lines(column: int, words: Sequence[RawWord], offset: tuple[int, int]) -> list[OcrLine]:
    """The numbered lines of one column from its engine's words (grouped by the engine's
    line index, top to bottom); ``offset`` moves the words' boxes onto the page."""
    by_line: dict[int, list[OcrWord]] = {}
    dx, dy = offset
    for word in words:
        box = Box(left=word.left + dx, top=word.top + dy, width=word.width, height=word.height)
        by_line.setdefault(word.line, []).append(OcrWord(
            text=word.text, confidence=word.confidence, box=box, bold=word.bold,
        ))
    ordered = sorted(by_line.values(), key=lambda line: _union([w.box for w in line]).top)
    lines = []
    for number, line_words in enumerate(ordered, start=1):
        line_words.sort(key=lambda word: word.box.left)
        lines.append(OcrLine(words=tuple(line_words), box=_union([w.box for w in line_words]),
                             column=column, number=number))
    return lines


def lines_by_position(words: Sequence[RawWord]) -> list[RawWord]:
    """Words given line indices by where they stand (for words without an engine's lines,
    such as a PDF's text layer): a word joins the line whose middle its own middle is
    within half a word's height of."""
    placed: list[RawWord] = []
    middles: list[float] = []
    for word in sorted(words, key=lambda w: (w.top + w.height / 2, w.left)):
        middle = word.top + word.height / 2
        if middles and abs(middle - middles[-1]) <= word.height / 2:
            line = len(middles) - 1
        else:
            middles.append(middle)
            line = len(middles) - 1
        placed.append(RawWord(
            text=word.text, confidence=word.confidence, left=word.left, top=word.top,
            width=word.width, height=word.height, line=line, bold=word.bold,
        ))
    return placed
