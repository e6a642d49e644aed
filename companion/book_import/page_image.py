"""The page before the words: from a scan or a phone photo to a straight, evenly lit,
upright greyscale page, at a size the OCR engines read best.

Each step measures the page rather than assuming a layout: the page is the largest bright
four-cornered shape of a photo, the tilt is the angle at which the text lines' rows are
sharpest, the light is the paper's own brightness around each point, sideways text has
sharper columns than rows, and upside-down Latin text has more ink below its lines' cores
(descenders) than above (ascenders and capitals).

>>> import numpy as np
>>> blank = np.full((400, 300), 250, dtype=np.uint8)
>>> ink_share(evened(blank)) < 0.001
True
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

WORKING_LONG_SIDE = 3600  # pixels: a 300-dpi page of up to 12 inches keeps its resolution
MEASURING_LONG_SIDE = 1000  # pixels: enough to find the page, its tilt and its orientation
MAX_TILT = 6.0  # degrees searched either way
TARGET_LINE_PITCH = 52  # pixels from one text line to the next: ~300 dpi at 10 pt
PERIOD_SLACK = 3  # pixels either side of a peak of the rows' repeat that it is highest in
REPEAT_RISE = 0.25  # of the rows' own energy: how far a line's repeat rises from a trough
STRONG_REPEAT = 0.85  # of the strongest repeat: the first this strong is the line pitch
SPECK = 3  # pixels: ink pieces less high are dust, no letter
MOST_PITCH = 5  # letter heights: no line pitch is longer (1.7 to 3.0 on 528 bench pages)
ORIENTATION_STRIPS = 4  # upright strips the page is parted in to tell upside down
RULE_EDGE = 0.08  # of the line pitch: a rule's blurred edge, cleared with it (4 px of 52)
RULE_SHARE = 0.1  # of the page's long side: an unbroken stroke this long is a rule, no text
SIDEWAYS_MARGIN = 2.0  # rows (or columns) this many times sharper: the page's way is sure


@dataclass(frozen=True)
class PreparedPage:
    """A page ready for the engines: ``image`` greyscale 0-255, text dark on light."""

    image: np.ndarray
    rotated: int  # degrees turned clockwise to stand upright
    line_pitch: float  # measured distance between text lines, in pixels of ``image``
    other_way: int | None = None  # the turn the page may need instead, when its shape
    # cannot tell (see :func:`orientations`): tried when the page reads poorly


def prepare(gray: np.ndarray, turn: int | None = None) -> PreparedPage:
    """Find the page in the picture, straighten it, even its light, turn it upright (or
    by ``turn`` degrees clockwise), scale it so its text lines are ``TARGET_LINE_PITCH``
    apart and clear its rules."""
    page = evened(unwarped(gray))
    ways = orientations(page) if turn is None else [turn]
    rotated, other_way = ways[0], (ways[1] if len(ways) > 1 else None)
    page = deskewed(turned(page, rotated))
    pitch = line_pitch(page)
    if pitch:
        scale = float(np.clip(TARGET_LINE_PITCH / pitch, 0.5, 2.0))
        if abs(scale - 1.0) > 0.15:
            page = cv2.resize(
                page,
                None,
                fx=scale,
                fy=scale,
                interpolation=cv2.INTER_CUBIC if scale > 1 else cv2.INTER_AREA,
            )
            pitch *= scale
    return PreparedPage(
        without_rules(page, pitch or TARGET_LINE_PITCH), rotated, pitch or 0.0, other_way
    )


def without_rules(gray: np.ndarray, pitch: float) -> np.ndarray:
    """The page less its printed rules: an unbroken stroke of ink longer than four text
    lines, upright (a rule between the columns would hide the gutter) or level (a rule
    under a heading). Letters never run unbroken that long. The rule's blurred edge in a
    photo, too light to count as ink, goes with it (RULE_EDGE of a line's pitch on either
    side): left, an engine read it as ``|`` beside the column's last words."""
    rules = _rules(ink(gray), max(3, round(4 * pitch)))
    if not rules.any():
        return gray
    edge = 2 * max(1, round(RULE_EDGE * pitch)) + 1
    cleared = gray.copy()
    cleared[cv2.dilate(rules.astype(np.uint8), np.ones((edge, edge), np.uint8)) > 0] = 255
    return cleared


def _rules(mask: np.ndarray, length: int) -> np.ndarray:
    """Where a mask holds an unbroken stroke, upright or level, at least ``length`` long."""
    upright = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((length, 1), np.uint8))
    level = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((1, length), np.uint8))
    return (upright | level) > 0


def shrunk(gray: np.ndarray, long_side: int = MEASURING_LONG_SIDE) -> tuple[np.ndarray, float]:
    scale = min(1.0, long_side / max(gray.shape))
    if scale == 1.0:
        return gray, 1.0
    return cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA), scale


def unwarped(gray: np.ndarray) -> np.ndarray:
    """The page cut out of a photo and seen square on (tilt and keystone undone), when the
    photo shows a page on a darker ground; otherwise the picture as it is (a scan)."""
    corners = page_corners(gray)
    if corners is None:
        return gray
    top_left, top_right, bottom_right, bottom_left = corners
    width = round(
        max(np.linalg.norm(top_right - top_left), np.linalg.norm(bottom_right - bottom_left))
    )
    height = round(
        max(np.linalg.norm(bottom_left - top_left), np.linalg.norm(bottom_right - top_right))
    )
    target = np.array(
        [[0, 0], [width - 1, 0], [width - 1, height - 1], [0, height - 1]], dtype=np.float32
    )
    matrix = cv2.getPerspectiveTransform(corners.astype(np.float32), target)
    return cv2.warpPerspective(
        gray, matrix, (width, height), flags=cv2.INTER_CUBIC, borderMode=cv2.BORDER_REPLICATE
    )


def page_corners(gray: np.ndarray) -> np.ndarray | None:
    """The four corners of the page (top left, top right, bottom right, bottom left) in
    ``gray``'s pixels, or None when no page stands out from a ground around it: the page's
    outline is the largest closed line of edges, a shadow on the paper does not move it."""
    small, scale = shrunk(gray)
    edges = cv2.Canny(cv2.GaussianBlur(small, (0, 0), 2), 30, 90)
    edges = cv2.dilate(edges, np.ones((3, 3), np.uint8))
    contours, _ = cv2.findContours(edges, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return None
    hull = cv2.convexHull(max(contours, key=cv2.contourArea))
    area = cv2.contourArea(hull)
    if not 0.2 < area / edges.size < 0.97:
        return None
    quad = cv2.approxPolyDP(hull, 0.02 * cv2.arcLength(hull, True), True)
    if len(quad) != 4 or cv2.contourArea(quad) < 0.9 * area:
        return None
    if _touches_border(quad.reshape(4, 2), small.shape):
        return None
    return _ordered(quad.reshape(4, 2).astype(np.float64) / scale)


def _touches_border(points: np.ndarray, shape: tuple[int, ...]) -> bool:
    """A page cut by the picture's edge gives no true corners to straighten from."""
    height, width = shape[:2]
    margin = 3
    on_edge = (
        (points[:, 0] <= margin)
        | (points[:, 0] >= width - 1 - margin)
        | (points[:, 1] <= margin)
        | (points[:, 1] >= height - 1 - margin)
    )
    return int(on_edge.sum()) >= 2


def _ordered(points: np.ndarray) -> np.ndarray:
    by_sum = points.sum(axis=1)
    by_difference = np.diff(points, axis=1).ravel()
    return np.array(
        [
            points[np.argmin(by_sum)],
            points[np.argmin(by_difference)],
            points[np.argmax(by_sum)],
            points[np.argmax(by_difference)],
        ]
    )


def evened(gray: np.ndarray) -> np.ndarray:
    """The page with its light evened out: each pixel divided by the paper's brightness
    around it, so shadows and fall-off become white paper and the ink stays dark."""
    small, scale = shrunk(gray, 600)
    kernel = max(3, round(min(small.shape) / 40)) | 1
    paper = cv2.morphologyEx(small, cv2.MORPH_CLOSE, np.ones((kernel, kernel), np.uint8))
    paper = cv2.GaussianBlur(paper, (0, 0), kernel)
    if scale != 1.0:
        paper = cv2.resize(paper, (gray.shape[1], gray.shape[0]), interpolation=cv2.INTER_LINEAR)
    ratio = gray.astype(np.float32) / np.maximum(paper.astype(np.float32), 1.0)
    ink_level = min(float(np.percentile(ratio, 1.0)), 0.5)  # a blank page has no ink
    stretched = (ratio - ink_level) / max(1e-3, 0.97 - ink_level)
    return without_edge_shadows((np.clip(stretched, 0.0, 1.0) * 255).astype(np.uint8))


def without_edge_shadows(gray: np.ndarray) -> np.ndarray:
    """The page with the dark shapes that touch its edge made white: the table, a shadow,
    the facing page's edge. A printed page keeps a margin, so no text touches its edge."""
    _, labels, stats, _ = cv2.connectedComponentsWithStats(ink(gray), connectivity=8)
    height, width = gray.shape
    left, top = stats[:, cv2.CC_STAT_LEFT], stats[:, cv2.CC_STAT_TOP]
    right = left + stats[:, cv2.CC_STAT_WIDTH]
    bottom = top + stats[:, cv2.CC_STAT_HEIGHT]
    touching = (left == 0) | (top == 0) | (right == width) | (bottom == height)
    touching[0] = False  # the background
    if not touching.any():
        return gray
    cleared = gray.copy()
    cleared[touching[labels]] = 255
    return cleared


def ink(gray: np.ndarray) -> np.ndarray:
    """Where the ink is (1) on an evened page."""
    return (gray < 128).astype(np.uint8)


def ink_share(gray: np.ndarray) -> float:
    """How much of an evened page is ink, from 0 to 1."""
    return float(ink(gray).mean())


def _row_sharpness(mask: np.ndarray) -> float:
    """How sharply rows of ink alternate with blank rows, whatever the page's size: high
    for level text lines, low for the columns of the same text."""
    rows = mask.mean(axis=1, dtype=np.float64)
    return float(np.square(np.diff(rows)).mean() / max(1e-12, rows.mean() ** 2))


def _rotated(mask: np.ndarray, degrees: float) -> np.ndarray:
    height, width = mask.shape
    matrix = cv2.getRotationMatrix2D((width / 2, height / 2), degrees, 1.0)
    return cv2.warpAffine(mask, matrix, (width, height), flags=cv2.INTER_NEAREST)


def tilt(gray: np.ndarray) -> float:
    """The angle (degrees, counter-clockwise) that makes the text lines level."""
    small, _ = shrunk(gray)
    return _level_angle(ink(small))[0]


def _level_angle(mask: np.ndarray) -> tuple[float, float]:
    """The angle that makes a mask's rows of ink sharpest, and that sharpness."""
    if mask.sum() < 50:
        return 0.0, 0.0

    def best(angles: np.ndarray) -> tuple[float, float]:
        scored = [(_row_sharpness(_rotated(mask, angle)), float(angle)) for angle in angles]
        sharpness, angle = max(scored)
        return angle, sharpness

    coarse, _ = best(np.arange(-MAX_TILT, MAX_TILT + 0.01, 0.5))
    return best(np.arange(coarse - 0.5, coarse + 0.51, 0.1))


def deskewed(gray: np.ndarray) -> np.ndarray:
    """The page turned by its measured tilt (nothing done below a twentieth of a degree)."""
    angle = tilt(gray)
    if abs(angle) < 0.05:
        return gray
    height, width = gray.shape
    matrix = cv2.getRotationMatrix2D((width / 2, height / 2), angle, 1.0)
    return cv2.warpAffine(
        gray,
        matrix,
        (width, height),
        flags=cv2.INTER_CUBIC,
        borderMode=cv2.BORDER_CONSTANT,
        borderValue=255,
    )


def orientation(gray: np.ndarray) -> int:
    """Degrees to turn the page clockwise so its text most likely stands upright: 0, 90,
    180 or 270 (the first of :func:`orientations`)."""
    return orientations(gray)[0]


def orientations(gray: np.ndarray) -> list[int]:
    """The turns clockwise that may stand the page's text upright, the likelier first:
    one, or two when rows and columns are near as sharp (SIDEWAYS_MARGIN).

    Sideways text, levelled, has sharper columns than rows; each way is levelled first,
    since a tilted page's rows blur. Rules are left out: on a page whose right column is
    nearly empty, the rule between the columns was the sharpest row of the page turned
    sideways (press layout 4's last page was read sideways so). A page of charts alone
    (short lines, each opening with a figure at one left edge) has columns as sharp as
    its rows: held-out press seed 200's first page of the synthetic book measured 0.97
    and was read sideways, no word found; the demo book's pages measure 2.4 to 12 (press
    seeds 150-205, scans and photos; the 20 of those 566 pages below 2 are all of the
    synthetic book, rich in charts)."""
    small, _ = shrunk(gray)
    mask = ink(small)
    mask[_rules(mask, round(RULE_SHARE * max(mask.shape)))] = 0
    if mask.sum() < 200:
        return [0]
    across, across_sharpness = _level_angle(mask)
    turned_mask = np.ascontiguousarray(np.rot90(mask, 1))  # rot90 turns counter-clockwise
    down, down_sharpness = _level_angle(turned_mask)
    axes = sorted(
        [(across_sharpness, mask, across, 0), (down_sharpness, turned_mask, down, 270)],
        key=lambda axis: axis[0],
        reverse=True,
    )
    if axes[0][0] >= SIDEWAYS_MARGIN * axes[1][0]:
        del axes[1:]  # the way is sure: the other axis is not measured for its side up
    return [
        (turn + (180 if _upside_down(_rotated(axis_mask, angle)) else 0)) % 360
        for _, axis_mask, angle, turn in axes
    ]


def _upside_down(mask: np.ndarray) -> bool:
    """Latin text has more ink above its lines' cores (ascenders, capitals) than below
    (descenders); turned over, the other way round. Measured in upright strips, each
    narrower than a column: across the whole page the rows of two columns whose lines do
    not sit level with each other (or a photo's bent lines) blur into each other and hide
    the cores (press layout 3's scans measured a ratio of 1.00 so, a photo of layout 2
    0.93; in four strips 1.5 to 26 upright, 0.04 to 0.66 turned over)."""
    above = below = 0.0
    for strip in np.array_split(mask, ORIENTATION_STRIPS, axis=1):
        strip_above, strip_below = _ink_beside_cores(strip)
        above += strip_above
        below += strip_below
    return below > above


def _ink_beside_cores(mask: np.ndarray) -> tuple[float, float]:
    """The ink above and below the cores of a mask's lines (the core: the rows holding at
    least half its line's most inked row)."""
    rows = mask.sum(axis=1).astype(np.float64)
    above = below = 0.0
    if rows.max() <= 0:
        return above, below
    for start, stop in runs(rows > 0.05 * rows.max()):
        profile = rows[start:stop]
        core = np.flatnonzero(profile >= 0.5 * profile.max())
        above += profile[: core[0]].sum()
        below += profile[core[-1] + 1 :].sum()
    return above, below


def without_cut_ink(crop: np.ndarray, sides: tuple[bool, bool], band: int) -> np.ndarray:
    """The crop of an evened page with the ink its edge cuts whitened, on each of its
    ``sides`` (left, right) that holds: marks no wider than ``band`` (pixels) that the
    left or right edge cuts off, the ends of another column's letters (press layout 294's
    photos read them as a mark before the numbers hanging in the column's margin:
    '«1364', and the number was no paragraph's). That column's own crop reads them whole.

    >>> crop = np.full((6, 12), 255, np.uint8)
    >>> crop[1:4, 0:2] = 0  # a letter's end, cut by the left edge
    >>> crop[1:4, 5:9] = 0  # a letter of the column's own
    >>> (without_cut_ink(crop, (True, False), band=3) < 128).sum(axis=0).tolist()
    [0, 0, 0, 0, 0, 3, 3, 3, 3, 0, 0, 0]
    >>> (without_cut_ink(crop, (False, True), band=3) < 128).sum(axis=0).tolist()
    [3, 3, 0, 0, 0, 3, 3, 3, 3, 0, 0, 0]
    """
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink(crop), connectivity=8)
    width = crop.shape[1]
    lefts, widths = stats[:, cv2.CC_STAT_LEFT], stats[:, cv2.CC_STAT_WIDTH]
    narrow = widths <= band
    cut = (sides[0] & (lefts == 0) & narrow) | (sides[1] & (lefts + widths == width) & narrow)
    cut[0] = False  # the background
    if not cut[1:count].any():
        return crop
    halo = cv2.dilate(cut[labels].astype(np.uint8), np.ones((5, 5), np.uint8)) > 0
    cleared = crop.copy()
    cleared[halo] = 255
    return cleared


def runs(flags: np.ndarray) -> list[tuple[int, int]]:
    """The [start, stop) ranges where ``flags`` holds."""
    padded = np.concatenate([[False], flags, [False]]).astype(np.int8)
    edges = np.flatnonzero(np.diff(padded))
    return list(zip(edges[::2].tolist(), edges[1::2].tolist(), strict=True))


def turned(gray: np.ndarray, degrees: int) -> np.ndarray:
    """The page turned clockwise by a multiple of 90 degrees."""
    return np.ascontiguousarray(np.rot90(gray, -(degrees // 90) % 4))


def line_pitch(gray: np.ndarray) -> float | None:
    """The distance between text lines, from the rows' ink repeating (autocorrelation):
    the first repeat nearly as strong as the strongest of those at most ``MOST_PITCH``
    letter heights long. (On a page with a few lines and much blank paper the strongest
    can be a multiple of the pitch; on a photo's bent lines, a beat between the pitches of
    its top and its foot; on a short page of a few paragraphs, the paragraphs' own repeat,
    eight lines long.)

    >>> page = np.full((900, 400), 245, dtype=np.uint8)
    >>> for top in range(100, 300, 40):  # five lines of text 14 pixels high
    ...     page[top : top + 14, 50:350] = 20
    >>> line_pitch(page)
    40.0
    """
    mask = ink(gray)
    rows = mask.sum(axis=1).astype(np.float64)
    if rows.max() <= 0:
        return None
    rows -= rows.mean()
    correlation = np.correlate(rows, rows, mode="full")[rows.size - 1 :]
    longest = min(rows.size // 4, 400, round(MOST_PITCH * letter_height(mask)) + PERIOD_SLACK + 1)
    peaks = _repeats(correlation[:longest] / correlation[0])
    if not peaks:
        return None
    strongest = max(height for _, height in peaks)
    return float(next(lag for lag, height in peaks if height >= STRONG_REPEAT * strongest))


def letter_height(mask: np.ndarray) -> float:
    """The median height of the ink's pieces at least ``SPECK`` pixels high: a letter's,
    most of them small letters.

    >>> page = np.zeros((60, 90), dtype=bool)
    >>> page[10:24, 5:12] = page[10:24, 20:27] = page[8:30, 40:44] = True
    >>> letter_height(page)
    14.0
    """
    _count, _labels, stats, _centres = cv2.connectedComponentsWithStats(
        mask.astype(np.uint8), connectivity=8
    )
    heights = stats[1:, cv2.CC_STAT_HEIGHT]
    heights = heights[heights >= SPECK]
    return float(np.median(heights)) if heights.size else float(mask.shape[0])


def _repeats(correlation: np.ndarray) -> list[tuple[int, float]]:
    """(lag, height) of each peak of a normalised autocorrelation that is a line's repeat:
    the highest within ``PERIOD_SLACK`` either side, above zero, and risen at least
    ``REPEAT_RISE`` above the lowest point before it (a ripple within a line's own height
    is none)."""
    if correlation.size <= 2 * PERIOD_SLACK:
        return []
    lags = np.arange(PERIOD_SLACK, correlation.size - PERIOD_SLACK)
    heights = correlation[lags]
    window_highest = sliding_window_view(correlation, 2 * PERIOD_SLACK + 1).max(axis=1)
    lowest_before = np.minimum.accumulate(correlation)[lags]
    risen = heights - lowest_before >= REPEAT_RISE
    is_repeat = (heights > 0) & (heights == window_highest) & risen
    return [(int(lag), float(correlation[lag])) for lag in lags[is_repeat]]
