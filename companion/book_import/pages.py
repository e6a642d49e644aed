"""From page files to words: images (PNG, JPEG, TIFF; scans and phone photos) and PDFs
(every page) read into :class:`OcrPage` s in the order given, or a :class:`PageFailure`
naming the file and why.

    for result in read_pages([Path("p1.jpg"), Path("book.pdf")]):
        print(result.page, result.text if isinstance(result, OcrPage) else result.reason)

An image is decoded at a reduced size when it is larger than the work needs (a JPEG is
decoded straight at that size), so a 50-megapixel photo costs no more memory than a scan.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageOps, ImageSequence, UnidentifiedImageError

from companion.book_import import page_image
from companion.book_import.bold import with_measured_bold
from companion.book_import.engines import (
    EngineUnavailable,
    OcrEngine,
    RawWord,
    Reader,
    first_available_reader,
    open_reader,
)
from companion.book_import.layout import (
    column_lines,
    find_columns,
    head_and_foot,
    lines_by_position,
    numbered,
)
from companion.book_import.model import OcrLine, OcrPage, PageFailure, PageResult
from companion.book_import.pdf import (
    RenderedPage,
    TextLayerPage,
    UnreadablePdf,
    pdf_pages,
)
from companion.book_import.rereading import reread_doubtful
from companion.book_import.second_reading import Doubtful, WordReader, second_readings
from companion.book_import.words import Lexicon, english_dictionary

LOGGER = logging.getLogger(__name__)
NO_INK_SHARE = 0.0001  # less ink than this: a blank page, not read
SHORT_PAGE_INK_SHARE = 0.002
"""Less ink than this (a line of text is about a tenth of it): a blank page, unless a word
is read with confidence and a line ends a reward code, ``]``: a short page of text, a
book's last (held-out press seed 315's fifth page: a running head, its number and
``them. [S2]``, taken for a blank page before). A page saying only ``THE END`` or
``This page intentionally left blank`` stays a blank page, its words no paragraph's."""
MIN_SURE_WORDS = 8  # fewer words read with confidence: no page of text (a cover, a picture)
SURE = 0.6
READABLE_SHARE = 0.6  # of its words read with confidence, or the page is read turned over
LINE_SHARE = 0.3  # of the line pitch: a band of ink at least this high is a line
_PDF_SUFFIXES = {".pdf"}


@dataclass(frozen=True)
class EngineChoice:
    """The engine the import reads with, and what to tell the user about that choice."""

    engine: OcrEngine
    reader: Reader
    notice: str | None = None
    second: WordReader | None = None  # reads again the words the first was unsure of


def choose_engine(
    engine: OcrEngine | None = None, language: str = "eng", second: bool = True
) -> EngineChoice:
    """The engine asked for, or the best one installed here with a notice saying why the
    default was not used, and (``second``) RapidOCR to read Tesseract's doubtful words
    again when it is installed. Raises :class:`EngineUnavailable` (how to install one)
    when none runs here, or when the engine asked for does not."""
    if engine is not None:
        helper = _second_reader(engine, language) if second else None
        return EngineChoice(engine, open_reader(engine, language), second=helper)
    default = next(iter(OcrEngine))
    try:
        return choose_engine(default, language, second)
    except EngineUnavailable as unavailable:
        chosen, reader = first_available_reader(language)
        notice = f"{default.value} cannot run here ({unavailable}); reading with {chosen.value}."
        return EngineChoice(chosen, reader, notice)


def _second_reader(engine: OcrEngine, language: str) -> WordReader | None:
    """RapidOCR for Tesseract's doubtful words, when it is installed and reads the language."""
    if engine is not OcrEngine.TESSERACT:
        return None
    try:
        from companion.book_import.engines.rapid import RapidReader

        return RapidReader(language)
    except EngineUnavailable:
        return None


def read_pages(
    paths: Sequence[Path],
    language: str = "eng",
    engine: OcrEngine | None = None,
    choice: EngineChoice | None = None,
    tables: bool = False,
) -> Iterator[PageResult]:
    """Each page of ``paths`` in order, read (an :class:`OcrPage`) or not (a
    :class:`PageFailure` saying why). ``choice`` reuses an engine already opened.
    ``tables``: the pages hold tables (the Reaction Matrix booklet), read across the whole
    page as one column, each line a row, rather than column by column."""
    choice = choice or choose_engine(engine, language)
    if choice.notice:
        LOGGER.warning(choice.notice)
    number = 0
    second = None
    if choice.second is not None and not tables:
        lexicon = Lexicon(english_dictionary(language), [], [], language)
        second = (choice.second, Doubtful(lexicon))
    for path in paths:
        for item in _pages_of(Path(path)):
            number += 1
            yield _read_one(item, str(path), number, choice.reader, tables, second)


def _pages_of(path: Path) -> Iterator[np.ndarray | TextLayerPage | str]:
    """The pages of one file: greyscale images, text-layer pages, or why the file fails."""
    if not path.is_file():
        yield "no such file"
        return
    if path.suffix.lower() in _PDF_SUFFIXES:
        try:
            for page in pdf_pages(path, page_image.WORKING_LONG_SIDE):
                yield page.image if isinstance(page, RenderedPage) else page
        except UnreadablePdf as unreadable:
            yield str(unreadable)
        return
    yield from _image_frames(path)


def _image_frames(path: Path) -> Iterator[np.ndarray | str]:
    try:
        with Image.open(path) as image:
            for frame in ImageSequence.Iterator(image):
                yield _working_gray(frame)
    except Image.DecompressionBombError:
        yield "the image is too large to be a page photo (over 178 megapixels)"
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as error:
        yield f"not an image that can be read ({error or type(error).__name__})"


def _working_gray(frame: Image.Image) -> np.ndarray:
    """The frame in greyscale, upright as the camera meant (EXIF), no larger than the work
    needs; a JPEG is decoded straight at a reduced size."""
    long_side = page_image.WORKING_LONG_SIDE
    if frame.format == "JPEG" and max(frame.size) > 2 * long_side:
        frame.draft(
            "L",
            (
                frame.width * long_side // max(frame.size),
                frame.height * long_side // max(frame.size),
            ),
        )
    frame = ImageOps.exif_transpose(frame) or frame
    gray = frame.convert("L")
    if max(gray.size) > long_side:
        factor = max(gray.size) // long_side
        if factor >= 2:
            gray = gray.reduce(factor)
        gray.thumbnail((long_side, long_side), Image.Resampling.LANCZOS)
    return np.asarray(gray)


def _read_one(
    item: np.ndarray | TextLayerPage | str,
    source: str,
    number: int,
    reader: Reader,
    tables: bool = False,
    second: tuple[WordReader, Doubtful] | None = None,
) -> PageResult:
    if isinstance(item, str):
        return PageFailure(source=source, page=number, reason=item)
    if isinstance(item, TextLayerPage):
        return _text_layer_page(item, source, number, tables)
    return _ocr_page(item, source, number, reader, tables, second)


def _text_layer_page(
    page: TextLayerPage, source: str, number: int, tables: bool = False
) -> OcrPage:
    lines = _single_column(page) if tables else _text_layer_lines(page)
    return OcrPage(
        source=source,
        page=number,
        width=page.width,
        height=page.height,
        lines=tuple(lines),
        from_text_layer=True,
    )


def _single_column(page: TextLayerPage) -> list[OcrLine]:
    """A page of tables read as one column, line by line."""
    return column_lines(0, lines_by_position(page.words), (0, 0))


def _text_layer_lines(page: TextLayerPage) -> list[OcrLine]:
    """The lines of a page's text layer, column by column."""
    mask = np.zeros((page.height // 4 + 1, page.width // 4 + 1), np.uint8)
    for word in page.words:
        mask[
            word.top // 4 : (word.top + word.height) // 4 + 1,
            word.left // 4 : (word.left + word.width) // 4 + 1,
        ] = 1
    typical_height = float(np.median([word.height for word in page.words])) / 4
    columns = [
        (left * 4, right * 4)
        for left, right in find_columns(mask, word_gap=max(2, round(typical_height)))
    ]
    lines: list[OcrLine] = []
    for index, (left, right) in enumerate(columns):
        inside = [w for w in page.words if left <= w.left + w.width / 2 < right]
        lines.extend(column_lines(index, lines_by_position(inside), (0, 0)))
    return lines


@dataclass(frozen=True)
class _Reading:
    """A prepared page as the engines read it, one way up."""

    page: np.ndarray
    lines: list[OcrLine]
    rotated: int
    pitch: float
    sure_words: int
    words: int

    @property
    def unsure(self) -> bool:
        """Whether too few of its words were read with confidence (READABLE_SHARE)."""
        return self.sure_words < READABLE_SHARE * self.words

    @property
    def poor(self) -> bool:
        """Whether it is unsure, or too few words were read to be a page of text."""
        return self.unsure or self.sure_words < MIN_SURE_WORDS


def _ocr_page(
    gray: np.ndarray,
    source: str,
    number: int,
    reader: Reader,
    tables: bool = False,
    second: tuple[WordReader, Doubtful] | None = None,
) -> PageResult:
    prepared = page_image.prepare(gray)
    ink_share = page_image.ink_share(prepared.image)
    if ink_share < NO_INK_SHARE:
        return PageFailure(source=source, page=number, reason="a blank page", blank=True)
    pitch = prepared.line_pitch or page_image.TARGET_LINE_PITCH

    def read(page: np.ndarray, rotated: int, pitch: float) -> _Reading:
        lines = _read_page(page, pitch, reader, tables, second)
        sure_words = _count_words(lines, min_confidence=SURE)
        return _Reading(page, lines, rotated, pitch, sure_words, _count_words(lines))

    reading = read(prepared.image, prepared.rotated, pitch)
    if prepared.other_way is not None and reading.poor:  # its shape could not tell
        other = page_image.prepare(gray, turn=prepared.other_way)
        turned = read(other.image, other.rotated, other.line_pitch or pitch)
        if turned.sure_words > reading.sure_words:
            LOGGER.info("%s page %d read turned by %d degrees", source, number, turned.rotated)
            reading = turned
    if reading.unsure:
        over_page = page_image.turned(reading.page, 180)
        over = read(over_page, (reading.rotated + 180) % 360, reading.pitch)
        if over.sure_words > reading.sure_words:
            LOGGER.info("%s page %d read turned over: its words read as none", source, number)
            reading = over
    short_page = ink_share < SHORT_PAGE_INK_SHARE
    if short_page and not (reading.sure_words and _ends_a_code(reading.lines)):
        return PageFailure(source=source, page=number, reason="a blank page", blank=True)
    if reading.sure_words < MIN_SURE_WORDS and not short_page:
        return PageFailure(
            source=source,
            page=number,
            reason="no text found: a cover, a picture or an unreadable page",
        )
    height, width = reading.page.shape
    return OcrPage(
        source=source,
        page=number,
        width=width,
        height=height,
        lines=tuple(reading.lines),
        rotated=reading.rotated,
    )


def _ends_a_code(lines: list[OcrLine]) -> bool:
    """Whether a line ends with a reward code's ``]``: a paragraph's end."""
    return any(line.text.rstrip().endswith("]") for line in lines)


def _read_page(
    page: np.ndarray,
    pitch: float,
    reader: Reader,
    tables: bool,
    second: tuple[WordReader, Doubtful] | None,
) -> list[OcrLine]:
    """A prepared page's lines: read, its doubtful lines read again, and (``second``) its
    doubtful words read by the second engine."""
    read = _read_table(page, pitch, reader) if tables else _read_columns(page, pitch, reader)
    lines = reread_doubtful(page, read, reader, pitch)
    return second_readings(page, lines, *second, pitch) if second is not None else lines


def _count_words(lines: list[OcrLine], min_confidence: float = 0.0) -> int:
    """How many words of two letters or more were read on a page with at least
    ``min_confidence``.

    >>> from companion.book_import.model import Box, OcrWord
    >>> box = Box(left=0, top=0, width=40, height=20)
    >>> words = tuple(OcrWord(text=text, confidence=confidence, box=box)
    ...               for text, confidence in [("sure", 0.9), ("doubt", 0.2), ("1", 0.9)])
    >>> lines = [OcrLine(words=words, box=box, column=0, number=1)]
    >>> _count_words(lines), _count_words(lines, min_confidence=SURE)
    (2, 1)
    """
    return sum(
        1
        for line in lines
        for word in line.words
        if word.confidence >= min_confidence and _lettered(word.text)
    )


def _lettered(text: str) -> bool:
    return sum(character.isalpha() for character in text) >= 2


def _read_columns(page: np.ndarray, pitch: float, reader: Reader) -> list[OcrLine]:
    """The page's lines in reading order: a running head, each column top to bottom, then
    a foot (the page number), the head counted in the first column, the foot in the last."""
    small, scale = page_image.shrunk(page)
    mask = _without_specks(page_image.ink(small))
    word_gap = max(2, round(pitch * scale * 0.6))
    columns = find_columns(mask, word_gap)
    if not columns:
        return []
    head_end, foot_start = head_and_foot(mask, columns, word_gap)
    margin = round(pitch * 0.4)
    rows = np.flatnonzero(page_image.ink(page).any(axis=1))
    top, bottom = int(rows[0]) - margin, int(rows[-1]) + margin
    body_top = top if head_end is None else round(head_end / scale)
    body_bottom = bottom if foot_start is None else round(foot_start / scale)
    on_page = [(round(left / scale), round(right / scale)) for left, right in columns]
    everything = (on_page[0][0], on_page[-1][1])
    lines = _across(_read_area(page, reader, 0, everything, (top, body_top), margin))
    for index, (left, right) in enumerate(on_page):
        inner = (left if index > 0 else None, right if index < len(on_page) - 1 else None)
        cut = (inner[0] is not None, inner[1] is not None)
        read = _read_area(
            page, reader, index, (left, right), (body_top, body_bottom), margin, cut=cut
        )
        lines += _marked_crossing(read, inner, margin / 2)
    last = len(columns) - 1
    lines += _across(_read_area(page, reader, last, everything, (body_bottom, bottom), margin))
    return numbered(lines)


def _across(lines: list[OcrLine]) -> list[OcrLine]:
    """Lines read across the page (a running head, a foot): marked, so that any of them
    the book's structure keeps as a paragraph's text is listed (columns read together)."""
    return [line.model_copy(update={"crosses_columns": True}) for line in lines]


def _marked_crossing(
    lines: list[OcrLine], inner: tuple[int | None, int | None], slack: float
) -> list[OcrLine]:
    """A column's lines, those with a word reaching more than ``slack`` past a parting
    from the next column (``inner``: the column's left and right partings, None at the
    text's edge) marked: ink of the other column read into this one.

    >>> from companion.book_import.model import Box, OcrWord
    >>> def line(left, width):
    ...     box = Box(left=left, top=0, width=width, height=20)
    ...     return OcrLine(words=(OcrWord(text="w", confidence=1, box=box),), box=box,
    ...                    column=0, number=1)
    >>> [line.crosses_columns for line in _marked_crossing(
    ...     [line(10, 80), line(10, 95), line(10, 130)], (None, 100), 10)]
    [False, False, True]
    """
    left, right = inner
    marked = []
    for line in lines:
        crossing = any(
            (right is not None and word.box.left + word.box.width > right + slack)
            or (left is not None and word.box.left < left - slack)
            for word in line.words
        )
        marked.append(line.model_copy(update={"crosses_columns": True}) if crossing else line)
    return marked


def _read_table(page: np.ndarray, pitch: float, reader: Reader) -> list[OcrLine]:
    """A page of tables read whole as one block, each of the engine's lines a row across
    the page (a column-by-column reading loses cells far from their neighbours)."""
    mask = page_image.ink(page)
    rows, columns = np.flatnonzero(mask.any(axis=1)), np.flatnonzero(mask.any(axis=0))
    if rows.size == 0:
        return []
    margin = round(pitch * 0.4)
    return _read_area(
        page,
        reader,
        0,
        (int(columns[0]), int(columns[-1])),
        (int(rows[0]) - margin, int(rows[-1]) + margin),
        margin,
        block=True,
    )


def _read_area(
    page: np.ndarray,
    reader: Reader,
    column: int,
    across: tuple[int, int],
    down: tuple[int, int],
    margin: int,
    block: bool = False,
    cut: tuple[bool, bool] = (False, False),
) -> list[OcrLine]:
    """The lines of an area of the page, read with ``margin`` around it; on each side
    ``cut`` marks (left, right), next to another column, the ink the margin's edge cuts
    is left out (:func:`page_image.without_cut_ink`)."""
    x0, x1 = max(0, across[0] - margin), min(page.shape[1], across[1] + margin)
    y0, y1 = max(0, down[0]), min(page.shape[0], down[1])
    if y1 - y0 <= margin or not page_image.ink(page[y0:y1, x0:x1]).any():
        return []
    crop = page_image.without_cut_ink(np.ascontiguousarray(page[y0:y1, x0:x1]), cut, margin)
    read = reader.read_block(crop) if block else reader.read(crop)
    if not block:
        read += _lines_passed_over(crop, read, reader, margin)
        read += _starts_passed_over(crop, read, reader, margin)
    words: list[RawWord] = with_measured_bold(crop, read)
    return column_lines(column, words, (x0, y0))


def _lines_passed_over(
    crop: np.ndarray, read: list[RawWord], reader: Reader, margin: int
) -> list[RawWord]:
    """Lines of ink the engine gave no word for, each read alone: Tesseract's column mode
    now and then passes over a short line at a column's top (a chart's number ``4`` above
    its title, on photos of the 20-page bench, two charts a page run together so). A line
    is a band of rows with ink, and no word read across them, at least LINE_SHARE of the
    line pitch high (``margin`` is 0.4 of the pitch); on a photo it may touch the line
    below."""
    rows = page_image.ink(crop).any(axis=1)
    covered = np.zeros_like(rows)
    for word in read:
        covered[max(0, word.top) : word.top + word.height] = True
    found: list[RawWord] = []
    next_line = max((word.line for word in read), default=-1) + 1
    for start, stop in page_image.runs(rows & ~covered):
        if stop - start < LINE_SHARE * margin / 0.4:
            continue
        top, bottom = max(0, start - margin // 2), min(crop.shape[0], stop + margin // 2)
        band = np.ascontiguousarray(crop[top:bottom])
        words = [w for w in reader.read_line(band) if w.text.strip()]
        found += [replace(w, top=w.top + top, line=next_line) for w in words]
        next_line += 1
    return found


def _starts_passed_over(
    crop: np.ndarray, read: list[RawWord], reader: Reader, margin: int
) -> list[RawWord]:
    """Ink before a line's first word that no word was read from, read alone: Tesseract's
    column mode now and then passes over a paragraph number hanging in the margin beside
    its paragraph's first line (press layout 2's photos: ¶484 lost whole, its text read
    as the end of ¶482). Ink of at least a quarter of a square of the line's height
    counts; less is dust."""
    unread = page_image.ink(crop)
    for word in read:
        unread[
            max(0, word.top) : word.top + word.height, max(0, word.left) : word.left + word.width
        ] = 0
    found: list[RawWord] = []
    next_line = max((word.line for word in read), default=-1) + 1
    lines: dict[int, list[RawWord]] = {}
    for word in read:
        lines.setdefault(word.line, []).append(word)
    for words in lines.values():
        top = max(0, min(word.top for word in words))
        bottom = max(word.top + word.height for word in words)
        before = unread[top:bottom, : max(0, min(word.left for word in words) - margin // 2)]
        if before.sum() < (bottom - top) ** 2 / 4:
            continue
        columns = np.flatnonzero(before.any(axis=0))
        left = max(0, int(columns[0]) - margin // 2)
        right = int(columns[-1]) + margin // 2
        band_top = max(0, top - margin // 2)
        band = np.ascontiguousarray(crop[band_top : bottom + margin // 2, left:right])
        margin_words = [w for w in reader.read_line(band) if w.text.strip()]
        found += [
            replace(w, left=w.left + left, top=w.top + band_top, line=next_line)
            for w in margin_words
        ]
        next_line += 1
    return found


def _without_specks(mask: np.ndarray) -> np.ndarray:
    """The mask less isolated dots (dust, JPEG noise) that would bridge a gutter: shapes of
    at most ``SPECK`` pixels. (An opening would also erase the thin strokes of small or
    narrow type, and with them the columns.)"""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    if count <= 1:
        return mask
    keep = stats[:, cv2.CC_STAT_AREA] > SPECK
    keep[0] = False
    return keep[labels].astype(np.uint8)


SPECK = 3  # pixels of the measuring-size mask
