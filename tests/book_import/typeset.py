"""Test pages from text that is ours: a book in the format of docs/content-format.md set as
a printed paragraph book (two columns, serif, bold paragraph numbers and headings, reward
codes in brackets, encounter charts), as 300-dpi scans and as phone photos, with the
ground truth of every page kept per column and line.

    pages = typeset_book(Path("content/demo/book.txt").read_text(), TypeStyle())
    scan = pages[0].image                      # a 300-dpi greyscale scan
    photo = photograph(scan, seed=3)           # tilted, keystoned, unevenly lit, JPEG 60
    pages[0].columns[0][0].text                # the first printed line of the left column

Fonts come from Debian (fonts-liberation, fonts-dejavu, fonts-freefont-ttf).
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

FONT_FOLDER = Path("/usr/share/fonts/truetype")
DPI = 300
PHOTO_LONG_SIDE = 2800  # pixels: the page at about 240 dpi, as a 12 MP phone frames it


class Typeface(Enum):
    """Serif faces from Debian's font packages: (regular, bold) file under FONT_FOLDER."""

    LIBERATION = ("liberation/LiberationSerif-Regular.ttf", "liberation/LiberationSerif-Bold.ttf")
    DEJAVU = ("dejavu/DejaVuSerif.ttf", "dejavu/DejaVuSerif-Bold.ttf")
    FREESERIF = ("freefont/FreeSerif.ttf", "freefont/FreeSerifBold.ttf")


@dataclass(frozen=True)
class TypeStyle:
    """How the book is set: sizes in points, lengths in inches."""

    typeface: Typeface = Typeface.LIBERATION
    size: float = 10.0
    page_width: float = 7.5
    page_height: float = 10.0
    margin: float = 0.6
    gutter: float = 0.35
    justify: bool = True

    def pixels(self, inches: float) -> int:
        return round(inches * DPI)

    def font(self, bold: bool = False, scale: float = 1.0) -> ImageFont.FreeTypeFont:
        regular, heavy = self.typeface.value
        path = FONT_FOLDER / (heavy if bold else regular)
        return ImageFont.truetype(str(path), round(self.size * scale * DPI / 72))


@dataclass(frozen=True)
class PrintedLine:
    """One printed line as the ground truth has it: its text and its paragraph."""

    text: str
    paragraph: int


@dataclass
class Page:
    """A typeset page: the greyscale scan and its lines, per column, top to bottom."""

    image: Image.Image
    columns: list[list[PrintedLine]] = field(default_factory=list)

    @property
    def lines(self) -> list[PrintedLine]:
        """Every line in reading order: the left column, then the right."""
        return [line for column in self.columns for line in column]


@dataclass(frozen=True)
class _Run:
    """Words of one weight, to be set on lines."""

    words: tuple[str, ...]
    bold: bool


@dataclass(frozen=True)
class _Block:
    """A unit the columns are filled with: lines of runs, centred or set as text."""

    lines: tuple[tuple[_Run, ...], ...]
    paragraph: int
    centred: bool = False
    last_justified: bool = False
    space_before: float = 0.0  # in line heights


_HEADING = re.compile(r"^((?:[A-Z][A-Z0-9 ,'()-]*?)(?:\s*\(mandatory\))?:)\s*(.*)$")


def book_paragraphs(book: str) -> Iterator[tuple[int, list[str]]]:
    """The paragraphs of a book.txt as a printed book has them: (number, its lines),
    comments and blanks left out, and the other tellings of a paragraph (a block headed
    ``ANOTHER TELLING``, the companion's own) too, since no printed book has them."""
    number, lines = None, []
    for raw in book.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.isdigit():
            if number is not None and lines[:1] != ["ANOTHER TELLING"]:
                yield number, lines
            number, lines = int(line), []
        elif number is not None:
            lines.append(line)
    if number is not None and lines[:1] != ["ANOTHER TELLING"]:
        yield number, lines


class _Setter:
    """Breaks runs into lines that fit a column."""

    def __init__(self, style: TypeStyle) -> None:
        self.style = style
        self.regular, self.bold = style.font(), style.font(bold=True)
        columns = style.page_width - 2 * style.margin - style.gutter
        self.width = style.pixels(columns / 2)

    def font_of(self, bold: bool) -> ImageFont.FreeTypeFont:
        return self.bold if bold else self.regular

    def lines_of(self, runs: list[_Run]) -> tuple[tuple[_Run, ...], ...]:
        words = [(word, run.bold) for run in runs for word in run.words]
        lines, current, used = [], [], 0.0
        space = self.regular.getlength(" ")
        for word, bold in words:
            length = self.font_of(bold).getlength(word)
            if current and used + space + length > self.width:
                lines.append(current)
                current, used = [], 0.0
            used += (space if current else 0.0) + length
            current.append((word, bold))
        if current:
            lines.append(current)
        return tuple(_grouped(line) for line in lines)

    def blocks(self, number: int, lines: list[str]) -> Iterator[_Block]:
        yield _Block(((_Run((str(number),), True),),), number, centred=True, space_before=0.6)
        if lines and lines[0].startswith("ENCOUNTER CHART"):
            yield _Block(((_Run(tuple(lines[0].split()), True),),), number, centred=True)
            for entry in lines[1:]:
                yield _Block(self.lines_of([_Run(tuple(entry.split()), False)]), number)
            return
        for line in lines:
            heading = _HEADING.match(line)
            runs = [_Run(tuple(line.split()), False)]
            if heading and heading.group(1) != line:
                runs = [_Run(tuple(heading.group(1).split()), True)]
                runs.append(_Run(tuple(heading.group(2).split()), False))
            yield _Block(self.lines_of(runs), number)


def _grouped(words: list[tuple[str, bool]]) -> tuple[_Run, ...]:
    runs: list[_Run] = []
    for word, bold in words:
        if runs and runs[-1].bold == bold:
            runs[-1] = _Run((*runs[-1].words, word), bold)
        else:
            runs.append(_Run((word,), bold))
    return tuple(runs)


def _line_text(runs: tuple[_Run, ...]) -> str:
    return " ".join(word for run in runs for word in run.words)


class _PageMaker:
    """Fills columns and pages with blocks, drawing as it goes."""

    def __init__(self, style: TypeStyle, setter: _Setter) -> None:
        self.style, self.setter = style, setter
        self.leading = round(style.size * 1.25 * DPI / 72)
        self.top = style.pixels(style.margin)
        self.bottom = style.pixels(style.page_height - style.margin)
        self.lefts = (
            style.pixels(style.margin),
            style.pixels(style.margin) + setter.width + style.pixels(style.gutter),
        )
        self.pages: list[Page] = []
        self._new_page()

    def _new_page(self) -> None:
        size = (self.style.pixels(self.style.page_width), self.style.pixels(self.style.page_height))
        self.image = Image.new("L", size, 255)
        self.draw = ImageDraw.Draw(self.image)
        self.pages.append(Page(self.image, [[], []]))
        self.column, self.y = 0, self.top

    def _next_column(self) -> None:
        if self.column == 0:
            self.column, self.y = 1, self.top
        else:
            self._new_page()

    def place(self, block: _Block) -> None:
        gap = round(block.space_before * self.leading)
        if self.y > self.top:
            self.y += gap
        if self.y + self.leading * len(block.lines) > self.bottom and len(block.lines) <= 3:
            self._next_column()
        for index, runs in enumerate(block.lines):
            if self.y + self.leading > self.bottom:
                self._next_column()
            last = index == len(block.lines) - 1
            justify = self.style.justify and not block.centred and not last
            self._draw_line(runs, block.centred, justify)
            self.pages[-1].columns[self.column].append(
                PrintedLine(_line_text(runs), block.paragraph)
            )
            self.y += self.leading

    def _draw_line(self, runs: tuple[_Run, ...], centred: bool, justify: bool) -> None:
        words = [(word, run.bold) for run in runs for word in run.words]
        lengths = [self.setter.font_of(bold).getlength(word) for word, bold in words]
        space = self.setter.regular.getlength(" ")
        natural = sum(lengths) + space * (len(words) - 1)
        x = float(self.lefts[self.column])
        if centred:
            x += (self.setter.width - natural) / 2
        elif justify and len(words) > 1:
            space = (self.setter.width - sum(lengths)) / (len(words) - 1)
        for (word, bold), length in zip(words, lengths, strict=True):
            self.draw.text((x, self.y), word, font=self.setter.font_of(bold), fill=0)
            x += length + space


def typeset_book(book: str, style: TypeStyle, max_pages: int | None = None) -> list[Page]:
    """Set a book.txt as printed pages (every page, or the first ``max_pages``)."""
    setter = _Setter(style)
    maker = _PageMaker(style, setter)
    for number, lines in book_paragraphs(book):
        for block in setter.blocks(number, lines):
            maker.place(block)
        if max_pages is not None and len(maker.pages) > max_pages:
            break
    pages = [page for page in maker.pages if page.lines]
    return pages[:max_pages] if max_pages is not None else pages


def photograph(scan: Image.Image, seed: int, max_tilt: float = 3.0) -> Image.Image:
    """A phone photo of a printed page: on a darker table, tilted up to ``max_tilt`` degrees,
    keystoned, lit unevenly, a little blurred and noisy, saved as JPEG at quality 60."""
    rng = np.random.default_rng(seed)
    page = np.asarray(scan.convert("L"), dtype=np.float32)
    height, width = page.shape
    paper = 0.86 + 0.08 * rng.random()
    page = page / 255.0 * paper * 255.0 + (1 - page / 255.0) * 25.0
    frame_w, frame_h = round(width * 1.22), round(height * 1.16)
    table = 70.0 + 30.0 * rng.random()
    canvas = Image.new("L", (frame_w, frame_h), round(table))
    canvas.paste(
        Image.fromarray(page.clip(0, 255).astype(np.uint8)),
        ((frame_w - width) // 2, (frame_h - height) // 2),
    )
    angle = float(rng.uniform(-max_tilt, max_tilt))
    canvas = canvas.rotate(angle, resample=Image.Resampling.BICUBIC, fillcolor=round(table))
    canvas = _keystone(canvas, rng)
    pixels = np.asarray(canvas, dtype=np.float32)
    pixels *= _uneven_light(pixels.shape, rng)
    pixels += rng.normal(0.0, 4.0, pixels.shape)
    photo = Image.fromarray(pixels.clip(0, 255).astype(np.uint8)).convert("RGB")
    photo = photo.filter(ImageFilter.GaussianBlur(float(rng.uniform(1.0, 1.8))))
    scale = PHOTO_LONG_SIDE / max(photo.size) if max(photo.size) > PHOTO_LONG_SIDE else 1.0
    photo = photo.resize(
        (round(photo.width * scale), round(photo.height * scale)), Image.Resampling.LANCZOS
    )
    buffer = io.BytesIO()
    photo.save(buffer, "JPEG", quality=60)
    return Image.open(io.BytesIO(buffer.getvalue()))


def _keystone(image: Image.Image, rng: np.random.Generator) -> Image.Image:
    """The page seen from a little off-square: its far edge narrower than its near one."""
    width, height = image.size
    squeeze = rng.uniform(0.02, 0.06) * width
    skew = rng.uniform(-0.02, 0.02) * height
    corners_from = [(squeeze, skew), (width - squeeze, -skew), (width, height), (0, height)]
    corners_to = [(0, 0), (width, 0), (width, height), (0, height)]
    coefficients = _perspective_coefficients(corners_to, corners_from)
    return image.transform(
        image.size,
        Image.Transform.PERSPECTIVE,
        coefficients,
        Image.Resampling.BICUBIC,
        fillcolor=image.getpixel((0, 0)),
    )


def _perspective_coefficients(
    source: list[tuple[float, float]], target: list[tuple[float, float]]
) -> list[float]:
    rows = []
    for (x, y), (u, v) in zip(source, target, strict=True):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
    right = np.array([c for point in target for c in point], dtype=np.float64)
    return list(np.linalg.solve(np.array(rows, dtype=np.float64), right))


def _uneven_light(shape: tuple[int, ...], rng: np.random.Generator) -> np.ndarray:
    """A light falling off across the frame, and a soft shadow from one side."""
    height, width = shape
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    cx, cy = rng.uniform(0.2, 0.8) * width, rng.uniform(0.2, 0.8) * height
    distance = np.hypot((xs - cx) / width, (ys - cy) / height)
    light = 1.05 - 0.45 * distance
    shadow_edge = rng.uniform(0.0, 0.3) * width
    light *= 0.75 + 0.25 * np.clip((xs - shadow_edge) / (0.2 * width), 0, 1)
    return light.astype(np.float32)
