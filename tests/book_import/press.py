"""A second, independent way of setting a book as printed pages: ReportLab's own line
breaking, justification and hyphenation, drawn by PDFium at 300 dpi, in layouts the first
setter (``typeset.py``, Pillow) never makes: sans and condensed faces, narrow and wide
columns and gutters, a rule between the columns, paragraph numbers hanging in the margin
beside the first line or set flush left, headings in small capitals or italics, running
heads with the page's paragraphs, page numbers, ragged right, ligatures.

The ground truth is the book's own paragraphs (every paragraph given is set whole), so the
import is scored paragraph by paragraph, not line by line.

    pages = press_book(paragraphs, PressStyle.varied(seed=4))
    pages[0]                                   # a 300-dpi greyscale scan (PIL image)
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from xml.sax.saxutils import escape

import pypdfium2
from PIL import Image
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate, Paragraph

from tests.book_import.typeset import DPI

FONTS = Path("/usr/share/fonts/truetype")


class Face(Enum):
    """Debian's faces, each (regular, bold, italic, bold italic) under FONTS."""

    LIBERATION_SANS = (
        "liberation/LiberationSans-Regular.ttf",
        "liberation/LiberationSans-Bold.ttf",
        "liberation/LiberationSans-Italic.ttf",
        "liberation/LiberationSans-BoldItalic.ttf",
    )
    LIBERATION_NARROW = (
        "liberation/LiberationSansNarrow-Regular.ttf",
        "liberation/LiberationSansNarrow-Bold.ttf",
        "liberation/LiberationSansNarrow-Italic.ttf",
        "liberation/LiberationSansNarrow-BoldItalic.ttf",
    )
    DEJAVU_SANS = (
        "dejavu/DejaVuSans.ttf",
        "dejavu/DejaVuSans-Bold.ttf",
        "dejavu/DejaVuSans-Oblique.ttf",
        "dejavu/DejaVuSans-BoldOblique.ttf",
    )
    DEJAVU_CONDENSED = (
        "dejavu/DejaVuSerifCondensed.ttf",
        "dejavu/DejaVuSerifCondensed-Bold.ttf",
        "dejavu/DejaVuSerifCondensed-Italic.ttf",
        "dejavu/DejaVuSerifCondensed-BoldItalic.ttf",
    )
    FREESANS = (
        "freefont/FreeSans.ttf",
        "freefont/FreeSansBold.ttf",
        "freefont/FreeSansOblique.ttf",
        "freefont/FreeSansBoldOblique.ttf",
    )
    FREESERIF = (
        "freefont/FreeSerif.ttf",
        "freefont/FreeSerifBold.ttf",
        "freefont/FreeSerifItalic.ttf",
        "freefont/FreeSerifBoldItalic.ttf",
    )
    LIBERATION_SERIF = (
        "liberation/LiberationSerif-Regular.ttf",
        "liberation/LiberationSerif-Bold.ttf",
        "liberation/LiberationSerif-Italic.ttf",
        "liberation/LiberationSerif-BoldItalic.ttf",
    )

    def register(self) -> str:
        """The face as a ReportLab font family (registered once); its family name."""
        family = self.name.lower()
        if family not in pdfmetrics.getRegisteredFontNames():
            names = [family, f"{family}-bold", f"{family}-italic", f"{family}-bolditalic"]
            for name, file in zip(names, self.value, strict=True):
                pdfmetrics.registerFont(TTFont(name, str(FONTS / file)))
            pdfmetrics.registerFontFamily(
                family, normal=names[0], bold=names[1], italic=names[2], boldItalic=names[3]
            )
        return family


class NumberPlace(Enum):
    """Where a paragraph's number is printed."""

    CENTRED = "centred on its own line"
    FLUSH = "flush left on its own line"
    HANGING = "in the margin beside the paragraph's first line"


class HeadingStyle(Enum):
    BOLD = "bold capitals"
    SMALL_CAPS = "small capitals"
    ITALIC = "italic capitals"


class RunningHead(Enum):
    NONE = "none"
    RANGE = "the page's first and last paragraph at the top, the page number at the foot"
    TITLE = "the book's title and the page number at the top"


@dataclass(frozen=True)
class PressStyle:
    """How one book is printed: sizes in points, lengths in inches."""

    face: Face = Face.LIBERATION_SANS
    size: float = 9.5
    leading: float = 1.2  # of the size
    page: tuple[float, float] = (6.5, 9.5)
    margin: float = 0.55
    gutter: float = 0.3
    rule: bool = False
    numbers: NumberPlace = NumberPlace.FLUSH
    headings: HeadingStyle = HeadingStyle.SMALL_CAPS
    head: RunningHead = RunningHead.RANGE
    justify: bool = False
    hyphenate: bool = True
    ligatures: bool = True
    space_before: float = 0.5  # lines before a paragraph's number

    @classmethod
    def varied(cls, seed: int) -> PressStyle:
        """A seeded choice among the layouts above, for benches over many books."""
        rng = random.Random(seed)
        return cls(
            face=rng.choice(list(Face)),
            size=rng.choice([9.0, 9.5, 10.0, 10.5]),
            leading=rng.choice([1.15, 1.2, 1.3]),
            page=rng.choice([(6.5, 9.5), (7.0, 10.0), (8.5, 11.0)]),
            margin=rng.choice([0.5, 0.6, 0.75]),
            gutter=rng.choice([0.2, 0.3, 0.45]),
            rule=rng.random() < 0.4,
            numbers=rng.choice(list(NumberPlace)),
            headings=rng.choice(list(HeadingStyle)),
            head=rng.choice(list(RunningHead)),
            justify=rng.random() < 0.5,
            hyphenate=rng.random() < 0.6,
            ligatures=rng.random() < 0.5,
            space_before=rng.choice([0.3, 0.6, 1.0]),
        )

    def describe(self) -> str:
        return (
            f"{self.face.name} {self.size} pt, {self.page[0]}x{self.page[1]} in, gutter "
            f"{self.gutter} in{' ruled' if self.rule else ''}, numbers {self.numbers.name}, "
            f"headings {self.headings.name}, head {self.head.name}, "
            f"{'justified' if self.justify else 'ragged'}"
            f"{', hyphenated' if self.hyphenate else ''}"
            f"{', ligatures' if self.ligatures else ''}"
        )


_HEADING = re.compile(r"^((?:[A-Z][A-Z0-9 ,'’()-]*?)(?:\s*\(mandatory\))?:)\s*(.*)$")
_LIGATURES = (("ffi", "\ufb03"), ("ffl", "\ufb04"), ("fi", "\ufb01"), ("fl", "\ufb02"))


def _small_caps(text: str, size: float) -> str:
    """Capitals as small capitals: each word's first letter full size, the rest smaller."""
    small = f'<font size="{size * 0.78:.1f}">'
    return re.sub(r"\b([A-Z])([A-Z’']+)", lambda m: f"{m[1]}{small}{m[2]}</font>", text)


class _Book(BaseDocTemplate):
    """Two frames a page; records which paragraph numbers each page shows."""

    def __init__(self, target: io.BytesIO, style: PressStyle) -> None:
        width, height = style.page[0] * inch, style.page[1] * inch
        super().__init__(
            target,
            pagesize=(width, height),
            leftMargin=style.margin * inch,
            rightMargin=style.margin * inch,
            topMargin=style.margin * inch,
            bottomMargin=style.margin * inch,
        )
        self.style = style
        self.numbers_on_page: list[int] = []
        head = 0.3 * inch if style.head is not RunningHead.NONE else 0.0
        column = (width - 2 * style.margin * inch - style.gutter * inch) / 2
        body = height - 2 * style.margin * inch - 2 * head
        bottom = style.margin * inch + head
        frames = [
            Frame(
                style.margin * inch + index * (column + style.gutter * inch),
                bottom,
                column,
                body,
                leftPadding=0,
                rightPadding=0,
                topPadding=0,
                bottomPadding=0,
                id=f"column{index}",
            )
            for index in range(2)
        ]
        self.addPageTemplates([PageTemplate("page", frames, onPageEnd=self._decorate)])
        self.page_number = 0

    def afterFlowable(self, flowable) -> None:
        number = getattr(flowable, "paragraph_number", None)
        if number is not None:
            self.numbers_on_page.append(number)

    def _decorate(self, canvas, doc) -> None:
        style = self.style
        self.page_number += 1
        width, height = style.page[0] * inch, style.page[1] * inch
        left, right = style.margin * inch, width - style.margin * inch
        font = style.face.register()
        if style.rule:
            middle = width / 2
            canvas.setLineWidth(0.6)
            canvas.line(
                middle,
                style.margin * inch + 0.3 * inch,
                middle,
                height - style.margin * inch - 0.3 * inch,
            )
        top = height - style.margin * inch + 0.05 * inch
        canvas.setFont(font, style.size)
        if style.head is RunningHead.RANGE and self.numbers_on_page:
            first, last = self.numbers_on_page[0], self.numbers_on_page[-1]
            canvas.setFont(f"{font}-bold", style.size)
            canvas.drawString(left, top, str(first))
            canvas.drawRightString(right, top, str(last))
            canvas.setFont(font, style.size)
            canvas.drawCentredString(
                width / 2, style.margin * inch - 0.05 * inch, str(self.page_number)
            )
        elif style.head is RunningHead.TITLE:
            canvas.setFont(f"{font}-italic", style.size)
            canvas.drawString(left, top, "The Book of Tales")
            canvas.setFont(font, style.size)
            canvas.drawRightString(right, top, str(self.page_number))
        self.numbers_on_page = []


class _Numbered(Paragraph):
    """A paragraph that starts a numbered paragraph of the book."""

    paragraph_number: int | None = None


class _Setter:
    def __init__(self, style: PressStyle) -> None:
        self.style = style
        family = style.face.register()
        self.size = style.size
        hyphens = {"hyphenationLang": "en_GB"} if style.hyphenate else {}
        self.text = ParagraphStyle(
            "text",
            fontName=family,
            fontSize=style.size,
            leading=style.size * style.leading,
            alignment=TA_JUSTIFY if style.justify else TA_LEFT,
            **hyphens,
        )
        self.number = ParagraphStyle(
            "number",
            parent=self.text,
            fontName=f"{family}-bold",
            alignment=TA_CENTER if style.numbers is NumberPlace.CENTRED else TA_LEFT,
            spaceBefore=style.size * style.leading * style.space_before,
            keepWithNext=True,
        )
        hang = style.size * 2.6
        self.hanging = ParagraphStyle(
            "hanging",
            parent=self.text,
            leftIndent=hang,
            bulletIndent=0,
            bulletFontName=f"{family}-bold",
            bulletFontSize=style.size,
            spaceBefore=style.size * style.leading * style.space_before,
        )
        self.title = ParagraphStyle(
            "title",
            parent=self.text,
            fontName=f"{family}-bold",
            alignment=TA_CENTER,
            keepWithNext=True,
        )
        self.entry = ParagraphStyle(
            "entry", parent=self.text, alignment=TA_LEFT, hyphenationLang=""
        )

    def words(self, text: str) -> str:
        text = escape(text)
        if self.style.ligatures:
            for letters, ligature in _LIGATURES:
                text = text.replace(letters, ligature)
        return text

    def heading(self, name: str) -> str:
        name = escape(name)
        if self.style.headings is HeadingStyle.SMALL_CAPS:
            return f"<b>{_small_caps(name, self.size)}</b>"
        if self.style.headings is HeadingStyle.ITALIC:
            return f"<b><i>{name}</i></b>"
        return f"<b>{name}</b>"

    def line(self, text: str) -> str:
        heading = _HEADING.match(text)
        if heading and heading.group(1) != text:
            return f"{self.heading(heading.group(1))} {self.words(heading.group(2))}"
        return self.words(text)

    def flowables(self, number: int, lines: list[str]) -> Iterator[Paragraph]:
        hanging = self.style.numbers is NumberPlace.HANGING
        if not hanging:
            first = _Numbered(str(number), self.number)
            first.paragraph_number = number
            yield first
        chart = bool(lines) and lines[0].startswith("ENCOUNTER CHART")
        for index, line in enumerate(lines):
            title = chart and index == 0
            markup = (
                f"<b>{escape(line)}</b>" if title else (escape(line) if chart else self.line(line))
            )
            if hanging and index == 0:
                first = _Numbered(markup, self.hanging, bulletText=str(number))
                first.paragraph_number = number
                yield first
            else:
                style = self.title if title else self.entry if chart else self.text
                yield Paragraph(markup, _indented(style) if hanging else style)


def _indented(style: ParagraphStyle) -> ParagraphStyle:
    """Under hanging numbers every line of a paragraph is indented alike."""
    return ParagraphStyle(
        f"{style.name}-indented",
        parent=style,
        leftIndent=style.fontSize * 2.6,
        alignment=TA_LEFT if style.alignment == TA_CENTER else style.alignment,
    )


def press_pdf(paragraphs: dict[int, list[str]], style: PressStyle) -> bytes:
    """The paragraphs printed as a PDF (text as drawn, no text layer is used after)."""
    target = io.BytesIO()
    book = _Book(target, style)
    setter = _Setter(style)
    story = [f for number, lines in paragraphs.items() for f in setter.flowables(number, lines)]
    book.build(story)
    return target.getvalue()


def press_book(paragraphs: dict[int, list[str]], style: PressStyle) -> list[Image.Image]:
    """The paragraphs printed on pages, each a 300-dpi greyscale scan."""
    document = pypdfium2.PdfDocument(press_pdf(paragraphs, style))
    pages = []
    for page in document:
        bitmap = page.render(scale=DPI / 72, grayscale=True)
        pages.append(bitmap.to_pil().convert("L"))
    return pages


def matrix_tables(text: str) -> dict[str, tuple[list[str], list[list[str]]]]:
    """The tables of a matrices.txt: letter -> (reactions, rows of name and cells).

    >>> matrix_tables("[matrix F]\\nreactions | Pray | Wait\\nTerrible | 703 | 706\\n")
    {'F': (['Pray', 'Wait'], [['Terrible', '703', '706']])}
    """
    tables: dict[str, tuple[list[str], list[list[str]]]] = {}
    letter = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if found := re.fullmatch(r"\[matrix (\w)\]", line):
            letter = found[1]
            tables[letter] = ([], [])
            continue
        cells = [" ".join(cell.split()) for cell in line.split("|")]
        if letter is None:
            continue
        if cells[0] == "reactions":
            tables[letter][0].extend(cells[1:])
        else:
            tables[letter][1].append(cells)
    return tables


def press_matrices(text: str, style: PressStyle, footnote: bool = False) -> list[Image.Image]:
    """The matrices of a matrices.txt printed as a booklet's tables: a title, the reactions
    above their columns, a row per adjective; ``footnote`` marks the opposite-gender
    reactions with an asterisk and says so under the table, else the header says it."""
    from reportlab.lib import colors
    from reportlab.platypus import KeepTogether, Spacer, Table, TableStyle

    family = style.face.register()
    cell = ParagraphStyle(
        "cell", fontName=family, fontSize=style.size, leading=style.size * 1.2, alignment=TA_CENTER
    )
    name = ParagraphStyle("name", parent=cell, alignment=TA_LEFT)
    title = ParagraphStyle(
        "title",
        parent=cell,
        fontName=f"{family}-bold",
        fontSize=style.size * 1.4,
        leading=style.size * 1.8,
    )
    story = []
    for letter, (reactions, rows) in matrix_tables(text).items():
        heads = []
        for reaction in reactions:
            plain = reaction.replace(" (opposite gender)", "")
            if plain == reaction:
                heads.append(Paragraph(f"<b>{escape(plain)}</b>", cell))
            elif footnote:
                heads.append(Paragraph(f"<b>{escape(plain)}*</b>", cell))
            else:
                heads.append(Paragraph(f"<b>{escape(plain)}</b><br/>(opposite gender)", cell))
        data = [["", *heads]] + [[Paragraph(escape(row[0]), name), *row[1:]] for row in rows]
        width = style.page[0] * inch - 2 * style.margin * inch
        first = width * 0.26
        table = Table(
            data,
            colWidths=[first] + [(width - first) / len(reactions)] * len(reactions),
            repeatRows=1,
        )
        commands = [
            ("ALIGN", (1, 1), (-1, -1), "CENTER"),
            ("FONT", (1, 1), (-1, -1), family, style.size),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ]
        if style.rule:
            commands.append(("GRID", (0, 0), (-1, -1), 0.5, colors.black))
        else:
            commands.append(("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black))
        table.setStyle(TableStyle(commands))
        parts = [Paragraph(f"MATRIX {letter}", title), table]
        if footnote and any("(opposite gender)" in r for r in reactions):
            parts.append(Paragraph("* opposite gender only", name))
        story += [KeepTogether(parts), Spacer(1, style.size * 2)]
    target = io.BytesIO()
    width, height = style.page[0] * inch, style.page[1] * inch
    document = BaseDocTemplate(target, pagesize=(width, height))
    frame = Frame(
        style.margin * inch,
        style.margin * inch,
        width - 2 * style.margin * inch,
        height - 2 * style.margin * inch,
        id="page",
    )
    document.addPageTemplates([PageTemplate("page", [frame])])
    document.build(story)
    pdf = pypdfium2.PdfDocument(target.getvalue())
    return [page.render(scale=DPI / 72, grayscale=True).to_pil().convert("L") for page in pdf]
