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
from dataclasses import replace
from itertools import pairwise

import cv2
import numpy as np

from companion.book_import.engines import RawWord
from companion.book_import.model import Box, OcrLine, OcrWord, enclosing
from companion.book_import.page_image import runs

MIN_GUTTER_SHARE = 0.02  # of the text's width; or a third of a word space, if less
# (a 0.2-inch gutter between justified columns leaves less than that once spaces close)
EDGE_SHARE = 0.12  # a line across the gutter this near the text's top or bottom: head or foot
GUTTER_CROSSINGS = 0.04  # share of the text's rows that may cross a gutter (wide headings)
CROSSED_BESIDE = 0.25  # of the rows with ink either side of a gutter, those that may cross it
# (measured: at most 0.11 across real gutters of the benches, 0.48-0.6 across the spaces
# of a short last column)


def _text_span(flags: np.ndarray) -> tuple[int, int] | None:
    where = np.flatnonzero(flags)
    return (int(where[0]), int(where[-1]) + 1) if where.size else None


def find_columns(mask: np.ndarray, word_gap: int) -> list[tuple[int, int]]:
    """The columns' [left, right) ranges of an ink mask, left to right, each reaching to
    the gutter beside it. ``word_gap`` (pixels) is bridged: spaces between words are no
    gutter."""
    found = _gutters(mask, word_gap)
    if found is None:
        return []
    (left, right), bridged, gutters = found
    partings = [left + _parting(bridged, start, stop, word_gap) for start, stop in gutters]
    columns = list(pairwise([left, *partings, right]))
    return _without_slivers(columns, _hanging_beside(columns, bridged, left, word_gap))


def _parting(bridged: np.ndarray, start: int, stop: int, word_gap: int) -> int:
    """Where the columns part in a gutter's band: the middle of its emptiest stretch; but
    when ink beside the columns' lines stands left of that stretch (numbers hanging in
    the next column's margin, the stretch pushed past them by a page number centred in
    the foot, which stands in the band beside nothing), the middle of the stretch that
    the rows with ink on both sides of the band cross least.

    >>> rows = np.zeros((12, 14), dtype=bool)
    >>> rows[:10, :3] = rows[:10, 10:] = True  # two columns
    >>> rows[2, 6] = rows[6, 6] = True  # numbers hanging beside the right column
    >>> rows[11, 3:6] = True  # the page number, in the foot
    >>> _parting(rows, 3, 10, word_gap=1)  # left of the numbers, not at 8
    4
    """
    parting = _emptiest_middle(bridged.mean(axis=0), start, stop, word_gap / 2 / len(bridged))
    beside = _rows_beside(bridged, start, stop)
    if not beside.any():
        return parting
    rows = bridged[beside]
    first, last = _emptiest_stretch(rows.mean(axis=0), start, stop, word_gap / 2 / len(rows))
    return parting if parting < last else (first + last) // 2


def _hanging_beside(
    columns: list[tuple[int, int]], bridged: np.ndarray, left: int, word_gap: int
) -> list[bool]:
    """For each column, whether its ink beside the next column's lines (the foot's and
    head's numbers left out) is narrower than a fifth of the widest column's, stands
    nearer the next column's ink than the previous column's, and stands, between
    the first and last lines of the next column, only in rows where that column has ink,
    give or take half ``word_gap`` (a bold number stands a little lower than its line's
    small capitals): numbers hanging beside their text, however wide the gutter left of
    them (a page of charts, its lines short). Above and below the next column's lines
    stand a running head's or a foot's numbers (held-out press seed 201's page number,
    centred under the gutter, kept the numbers a column of their own). The longest
    lines' ends, parted from their column at a narrow band of its ragged edge, stand
    nearer their own column (press seed 165's photos of charts).

    >>> ink = np.zeros((8, 120), dtype=bool)
    >>> ink[:7, :50] = ink[:7, 70:] = True  # two columns
    >>> ink[[0, 3], 62:65] = True  # numbers beside the right column's first lines
    >>> ink[7, 58:61] = True  # the page number, in the foot
    >>> _hanging_beside([(0, 55), (55, 68), (68, 120)], ink, 0, word_gap=2)
    [False, True, False]
    >>> ink[[0, 3], 62:65] = False
    >>> ink[[1, 4], 51:56] = True  # the longest lines' ends, parted from their column
    >>> _hanging_beside([(0, 51), (51, 68), (68, 120)], ink, 0, word_gap=2)
    [False, False, False]
    """
    inks = [bridged[:, a - left : b - left] for a, b in columns]
    rows = [ink.any(axis=1) for ink in inks]
    inked = [_inked(ink, a) for ink, (a, _b) in zip(inks, columns, strict=True)]
    widest = max(last - first + 1 for first, last in inked)
    reach = np.ones(word_gap // 2 * 2 + 1)
    near = [np.convolve(row, reach, mode="same") > 0 for row in rows]
    hanging = []
    for index, (ink, (a, _b)) in enumerate(zip(inks[:-1], columns, strict=False)):
        first, last = _inked(ink, a, rows[index + 1])
        hanging.append(
            0 < last - first + 1 < widest / 5
            and (index == 0 or inked[index + 1][0] - last < first - inked[index - 1][1])
            and not _beside_nothing(rows[index], rows[index + 1], near[index + 1])
        )
    return [*hanging, False]


def _inked(ink: np.ndarray, left: int, next_rows: np.ndarray | None = None) -> tuple[int, int]:
    """The first and last inked columns of ``ink`` (from ``left``; (left, left - 1) for
    none), or (``next_rows``) of its part between the first and last inked rows of the
    next column: a page number in the foot, under the gutter, is no part of numbers
    hanging beside their lines (held-out demo seed 245's first page: with it the
    numbers' column was wider than a fifth of the widest, and read apart).

    >>> ink = np.zeros((6, 10), dtype=bool)
    >>> ink[1, 6:9] = ink[5, 0:2] = True
    >>> _inked(ink, 100), _inked(ink, 100, np.array([0, 1, 1, 1, 0, 0], dtype=bool))
    ((100, 108), (106, 108))
    """
    if next_rows is not None:
        inked_rows = np.flatnonzero(next_rows)
        ink = ink[inked_rows[0] : inked_rows[-1] + 1] if inked_rows.size else ink[:0]
    span = np.flatnonzero(ink.any(axis=0))
    return (left + int(span[0]), left + int(span[-1])) if span.size else (left, left - 1)


def _beside_nothing(rows: np.ndarray, next_rows: np.ndarray, near_next: np.ndarray) -> bool:
    """Whether a column has ink (``rows``) in a row between the first and last inked rows
    of the next column (``next_rows``) that is not near that column's ink (``near_next``)."""
    inked = np.flatnonzero(next_rows)
    if not inked.size:
        return bool(rows.any())
    within = slice(inked[0], inked[-1] + 1)
    return bool((rows[within] & ~near_next[within]).any())


def _without_slivers(
    columns: list[tuple[int, int]], hanging: list[bool] | None = None
) -> list[tuple[int, int]]:
    """Columns with a sliver (narrower than a fifth of the widest column, or ``hanging``:
    paragraph numbers hanging in a wide margin, apart from their text) joined to the
    column on its right, or on its left when it is the last.

    >>> _without_slivers([(0, 40), (40, 400), (400, 800)])
    [(0, 400), (400, 800)]
    >>> _without_slivers([(0, 300), (300, 400), (400, 800)], [False, True, False])
    [(0, 300), (300, 800)]
    """
    widest = max(right - left for left, right in columns)
    hanging = hanging or [False] * len(columns)
    kept: list[tuple[int, int]] = []
    pending = None
    for (left, right), hangs in zip(columns, hanging, strict=True):
        if right - left < widest / 5 or hangs:
            pending = pending if pending is not None else left
            continue
        kept.append((pending if pending is not None else left, right))
        pending = None
    if pending is not None and kept:
        kept[-1] = (kept[-1][0], columns[-1][1])
    return kept or columns


def _gutters(
    mask: np.ndarray, word_gap: int
) -> tuple[tuple[int, int], np.ndarray, list[tuple[int, int]]] | None:
    """The text's [left, right) span, its ink with spaces between words bridged, and the
    gutters' bands (from its left), or None for a page without ink."""
    rows_span = _text_span(mask.any(axis=1))
    columns_span = _text_span(mask.any(axis=0))
    if rows_span is None or columns_span is None:
        return None
    top, bottom = rows_span
    left, right = columns_span
    body = mask[top:bottom, left:right]
    bridged = cv2.dilate(body, np.ones((1, max(1, word_gap)), np.uint8)) > 0
    crossings = bridged.mean(axis=0)
    open_band = crossings <= GUTTER_CROSSINGS
    width = right - left
    bands = (
        _before_short_column(bridged, band, word_gap)
        for band in _bridged_bands(runs(open_band), word_gap)
    )
    gutters = [
        (start, stop)
        for start, stop in bands
        if stop - start >= min(MIN_GUTTER_SHARE * width, max(2, word_gap // 3))
        and start > 0.15 * width
        and stop < 0.85 * width
        and _crossed_beside(bridged, *_emptiest_stretch(crossings, start, stop)) <= CROSSED_BESIDE
    ]
    return (left, right), bridged, gutters


def _bridged_bands(bands: list[tuple[int, int]], word_gap: int) -> list[tuple[int, int]]:
    """Open bands less than ``word_gap`` apart, as one: what parts them is no column, only
    a few lines' ends reaching into the gutter (held-out press seed 201's page of charts
    with numbers hanging: a band three pixels wide beside the left column's longest
    lines was taken for a gutter of its own, and the right column's numbers were read
    with those lines' ends, ``nale)`` for ``male)``).

    >>> _bridged_bands([(18, 34), (230, 233), (235, 295), (313, 329)], word_gap=11)
    [(18, 34), (230, 295), (313, 329)]
    """
    bridged: list[tuple[int, int]] = []
    for start, stop in bands:
        if bridged and start - bridged[-1][1] < word_gap:
            bridged[-1] = (bridged[-1][0], stop)
        else:
            bridged.append((start, stop))
    return bridged


def _before_short_column(
    bridged: np.ndarray, band: tuple[int, int], word_gap: int
) -> tuple[int, int]:
    """A band open to the text's right edge, ended where the lines of a last column too
    short to close it begin (a line or two under the running head: press layout 6's last
    page): where the emptiest stretch of the rows with ink left of it ends, give or take
    a stroke ``word_gap`` rows high (a page number alone in the foot, in the band, ended
    it there before: press layout 3's last page was read as one column; the foot's
    number level with the left column's last line made the stretch beside the running
    head's far number emptier on held-out press seed 202's last page, and its one line
    in the right column was read into the left column's first), if most of the rows with
    ink there have ink left of the band too (lines side by side, not a page number alone
    in the foot). Any other band is as it was.

    >>> rows = np.zeros((14, 14), dtype=bool)
    >>> rows[:12, :3] = True  # the left column
    >>> rows[1:3, 6:9] = True  # the right column's one line
    >>> _before_short_column(rows, (3, 14), 1), _before_short_column(rows, (3, 13), 1)
    ((3, 6), (3, 13))
    >>> rows[13, 4] = True  # the page number, in the foot
    >>> _before_short_column(rows, (3, 14), 1)
    (3, 6)
    >>> rows[0, 13] = rows[11, 3:6] = True  # the head's far number; a foot level with a line
    >>> _before_short_column(rows, (3, 14), 1), _before_short_column(rows, (3, 14), 3)
    ((3, 13), (3, 6))
    >>> rows[1:3, 6:9] = False  # and no right column
    >>> _before_short_column(rows, (3, 14), 3)
    (3, 14)
    """
    start, stop = band
    left_rows = bridged[:, :start].any(axis=1)
    if stop < bridged.shape[1] or not left_rows.any():
        return band
    rows = bridged[left_rows]
    end = _emptiest_stretch(rows.mean(axis=0), start, stop, word_gap / 2 / len(rows))[1]
    if end == stop:
        return band
    inked = bridged[:, end]
    return (start, end) if (inked & left_rows).sum() > inked.sum() / 2 else band


def _crossed_beside(bridged: np.ndarray, start: int, stop: int) -> float:
    """The share of the rows with ink on both sides of a band whose ink also crosses it.
    A gutter is empty beside its columns; a page whose right column is short (the book's
    last page) has spaces between its words that few of the page's rows cross, but many
    of the rows beside them (press layout 4: its right column was parted in three).

    >>> rows = np.zeros((10, 9), dtype=bool)
    >>> rows[:, :3] = True
    >>> rows[:2, 6:] = rows[0, 3:6] = True  # a short right column, a heading across
    >>> _crossed_beside(rows, 3, 6)
    0.5
    """
    both = _rows_beside(bridged, start, stop)
    inside = bridged[:, start:stop].any(axis=1)
    return float((inside & both).sum() / max(1, both.sum()))


def _rows_beside(bridged: np.ndarray, start: int, stop: int) -> np.ndarray:
    """The rows with ink on both sides of the band [start, stop)."""
    return bridged[:, :start].any(axis=1) & bridged[:, stop:].any(axis=1)


def _emptiest_middle(crossings: np.ndarray, start: int, stop: int, stroke: float = 0.0) -> int:
    """The middle of the emptiest stretch of a gutter: a few marks may stand in a gutter's
    band (numbers hanging in the margin of the column to its right, a heading's end), and
    the columns part where nothing does: the leftmost such stretch, right after the left
    column's longest line (the space between a hanging number and its text, further
    right, may be wider than the gutter). A stretch that less than ``stroke`` more of the
    rows cross (a letter's tail, no whole line) counts as empty: a ragged column's longest
    line reaching in must not send the columns' parting past the numbers of the next.

    >>> band = np.array([0.03, 0.001, 0.001, 0.02, 0.02, 0.0, 0.0, 0.0])
    >>> _emptiest_middle(band, 0, 8), _emptiest_middle(band, 0, 8, stroke=0.005)
    (6, 2)
    """
    first, last = _emptiest_stretch(crossings, start, stop, stroke)
    return (first + last) // 2


def _emptiest_stretch(
    crossings: np.ndarray, start: int, stop: int, stroke: float = 0.0
) -> tuple[int, int]:
    """The [start, stop) of the leftmost stretch of a band that the fewest rows cross (or
    less than ``stroke`` more). It, not the whole band, tells a gutter from the spaces of
    a short column: beside a short right column the band open to all but a few of the
    page's rows reaches into that column's first words (press layout 6's last page read
    across both columns so).

    >>> _emptiest_stretch(np.array([0.03, 0.0, 0.0, 0.01, 0.01]), 0, 5)
    (1, 3)
    """
    band = crossings[start:stop]
    first, last = runs(band <= band.min() + stroke + 1e-9)[0]
    return start + first, start + last


def column_lines(column: int, words: Sequence[RawWord], offset: tuple[int, int]) -> list[OcrLine]:
    """The numbered lines of one column from its engine's words (grouped by the engine's
    line index, top to bottom); ``offset`` moves the words' boxes onto the page."""
    by_line: dict[int, list[OcrWord]] = {}
    dx, dy = offset
    for word in words:
        box = Box(left=word.left + dx, top=word.top + dy, width=word.width, height=word.height)
        by_line.setdefault(word.line, []).append(
            OcrWord(
                text=word.text,
                confidence=word.confidence,
                box=box,
                bold=word.bold,
            )
        )
    lines = []
    for number, line_words in enumerate(_reading_order(list(by_line.values())), start=1):
        joined = joined_overlaps(line_words)
        lines.append(
            OcrLine(
                words=tuple(joined),
                box=enclosing([w.box for w in joined]),
                column=column,
                number=number,
            )
        )
    return lines


def _reading_order(lines: list[list[OcrWord]]) -> list[list[OcrWord]]:
    """Lines top to bottom, and lines side by side (a paragraph's number hanging in the
    margin, read apart from its first line) left to right: a line whose middle is within
    half its height of the middle of the row above joins that row. (A number standing a
    pixel lower than its line was put after it, and the line given to the paragraph
    before.)

    >>> def line(text, left, top):
    ...     return [OcrWord(text=text, confidence=1,
    ...                     box=Box(left=left, top=top, width=40, height=30))]
    >>> [words[0].text for words in _reading_order(
    ...     [line("below", 100, 60), line("text", 100, 10), line("464", 10, 11)])]
    ['464', 'text', 'below']
    """
    boxed = sorted(
        ((enclosing([word.box for word in line]), line) for line in lines),
        key=lambda pair: pair[0].top,
    )
    rows = _row_numbers([box for box, _ in boxed])
    placed = sorted(
        ((row, box.left, line) for row, (box, line) in zip(rows, boxed, strict=True)),
        key=lambda entry: entry[:2],
    )
    return [line for _, _, line in placed]


def _row_numbers(boxes: Sequence[Box | RawWord]) -> list[int]:
    """The row each of the boxes (given top to bottom) stands in, counted from 0: a box
    joins the row before when its middle is within half its own height of the middle of
    that row's first box.

    >>> _row_numbers([Box(left=0, top=top, width=40, height=height)
    ...               for top, height in [(10, 30), (11, 30), (30, 10), (60, 30)]])
    [0, 0, 1, 2]
    """
    first_middles: list[float] = []
    numbers: list[int] = []
    for box in boxes:
        middle = box.top + box.height / 2
        if not first_middles or abs(middle - first_middles[-1]) > box.height / 2:
            first_middles.append(middle)
        numbers.append(len(first_middles) - 1)
    return numbers


def joined_overlaps(words: Sequence[OcrWord]) -> list[OcrWord]:
    """A line's words left to right, a word whose box begins inside the one before it
    joined to it: no space is printed there (an engine splits "S1]" into "S 1]" so).

    >>> box = lambda left, width: Box(left=left, top=0, width=width, height=20)
    >>> words = [OcrWord(text="[Lose", confidence=0.9, box=box(0, 50)),
    ...          OcrWord(text="Hunted/S", confidence=0.9, box=box(60, 80)),
    ...          OcrWord(text="1]", confidence=0.7, box=box(120, 20))]
    >>> [word.text for word in joined_overlaps(words)]
    ['[Lose', 'Hunted/S1]']
    """
    joined: list[OcrWord] = []
    for word in sorted(words, key=lambda w: w.box.left):
        last = joined[-1] if joined else None
        if last is not None and word.box.left < last.box.left + last.box.width:
            joined[-1] = OcrWord(
                text=last.text + word.text,
                box=enclosing([last.box, word.box]),
                confidence=min(last.confidence, word.confidence),
                bold=last.bold,
            )
        else:
            joined.append(word)
    return joined


def lines_by_position(words: Sequence[RawWord]) -> list[RawWord]:
    """Words given line indices by where they stand (for words without an engine's lines,
    such as a PDF's text layer): a word joins the line whose middle its own middle is
    within half a word's height of."""
    ordered = sorted(words, key=lambda w: (w.top + w.height / 2, w.left))
    rows = _row_numbers(ordered)
    return [replace(word, line=row) for word, row in zip(ordered, rows, strict=True)]


def head_and_foot(
    mask: np.ndarray,
    columns: Sequence[tuple[int, int]],
    word_gap: int,
) -> tuple[int | None, int | None]:
    """Where a running head ends and a foot (a page number) begins on an ink mask: lines
    that cross the gutter near the text's top or bottom, to be read across the page.
    None for each that the page does not have."""
    rows_span = _text_span(mask.any(axis=1))
    if rows_span is None or len(columns) < 2:
        return None, None
    top, bottom = rows_span
    bridged = cv2.dilate(mask, np.ones((1, max(1, word_gap)), np.uint8)) > 0
    crossing = np.zeros(mask.shape[0], dtype=bool)
    for band, parting in _partings(mask, columns, word_gap):
        crossing |= _crossing_rows(bridged, band, parting)
    height = bottom - top
    head_end = foot_start = None
    for start, stop in runs(crossing):
        if stop <= top + EDGE_SHARE * height:
            head_end = stop
        elif start >= bottom - EDGE_SHARE * height and foot_start is None:
            foot_start = start
    return head_end, foot_start


def _partings(
    mask: np.ndarray, columns: Sequence[tuple[int, int]], word_gap: int
) -> list[tuple[tuple[int, int], int]]:
    """Each gutter the columns part at, as its band and the parting point in it. A band
    where no columns part is no gutter: the space between numbers hanging in a column's
    margin and their text (a sliver joined to its column) is crossed by that column's own
    first lines, which were read across the page as a running head so, both columns'
    words run together (press layout 2, ¶4322).

    >>> mask = np.zeros((10, 140), dtype=np.uint8)
    >>> mask[:, 0:60] = mask[:, 70:73] = mask[:, 78:140] = 1  # a number hanging at 70
    >>> columns = find_columns(mask, word_gap=2)
    >>> columns, _partings(mask, columns, word_gap=2)
    ([(0, 65), (65, 140)], [((61, 70), 65)])
    """
    found = _gutters(mask, word_gap)
    if found is None:
        return []
    left = found[0][0]
    partings = [right for _, right in columns[:-1]]
    bands = [(left + start, left + stop) for start, stop in found[2]]
    return [
        (band, parting) for band in bands for parting in partings if band[0] <= parting <= band[1]
    ]


def _crossing_rows(bridged: np.ndarray, band: tuple[int, int], parting: int) -> np.ndarray:
    """The rows whose ink crosses a gutter: through the columns' parting point, or (a page
    number in the gutter) alone on its row, wholly inside the gutter's band, across its
    middle. A column's long line that only reaches into the band (``TERRAINS: City,
    Desert, ...`` where the column's other lines are short) does not cross it.

    >>> rows = np.zeros((4, 12), dtype=bool)
    >>> rows[0, 0:10] = True  # a head across the page
    >>> rows[1, 0:7] = True   # a long line of the left column, into the band
    >>> rows[2, 5:7] = True   # a page number in the gutter
    >>> rows[3, [0, 1, 5, 6]] = True  # the long line's last word in the band
    >>> _crossing_rows(rows, (4, 8), 7).tolist()
    [True, False, True, False]
    """
    middle = min((band[0] + band[1]) // 2, bridged.shape[1] - 1)
    crossing = bridged[:, min(parting, bridged.shape[1] - 1)].copy()
    for row in np.flatnonzero(bridged[:, middle] & ~crossing):
        ink = bridged[row]
        gaps_left = np.flatnonzero(~ink[:middle])
        gaps_right = np.flatnonzero(~ink[middle:])
        run_left = int(gaps_left[-1]) + 1 if gaps_left.size else 0
        run_right = middle + int(gaps_right[0]) if gaps_right.size else ink.size
        alone = ink.sum() == run_right - run_left
        crossing[row] = alone and band[0] <= run_left and run_right <= band[1]
    return crossing


def numbered(lines: Sequence[OcrLine]) -> list[OcrLine]:
    """The lines in the order given, numbered again from 1 in each column."""
    counts: dict[int, int] = {}
    renumbered = []
    for line in lines:
        counts[line.column] = counts.get(line.column, 0) + 1
        renumbered.append(line.model_copy(update={"number": counts[line.column]}))
    return renumbered


LOST_LETTER = (0.18, 0.6)
"""A line's first word whose left edge stands this far right of its column's edge, in its
words' median height, may have lost its first letter ('he gap' for 'the gap'): a narrow
letter is about a fifth of the height; a paragraph's indent, or a printed letter's own
side bearing (at most a tenth here), is outside the range."""


def column_edges(lines: Sequence[OcrLine]) -> dict[int, float]:
    """Each column's left edge: the middle left side of its lines of three words or more."""
    edges: dict[int, float] = {}
    for column in {line.column for line in lines}:
        lefts = sorted(
            line.words[0].box.left
            for line in lines
            if line.column == column and len(line.words) >= 3
        )
        if lefts:
            edges[column] = lefts[len(lefts) // 2]
    return edges


def starts_late(line: OcrLine, edge: float | None) -> bool:
    """The line's first word, in small letters (a line that goes on from the one above),
    starts a narrow letter's width right of its column's edge: a first letter lost?"""
    if edge is None or not line.words or not line.words[0].text[:1].islower():
        return False
    heights = sorted(word.box.height for word in line.words)
    height = heights[len(heights) // 2]
    low, high = LOST_LETTER
    return low * height < line.words[0].box.left - edge < high * height
