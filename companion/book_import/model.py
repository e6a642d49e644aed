"""What reading one page gives: words with their boxes and confidences, in lines, in
columns, in reading order. The page readers produce it; the book's structure reads it.

>>> word = OcrWord(text="Treasure", confidence=0.93, box=Box(left=10, top=20, width=80, height=18))
>>> line = OcrLine(words=(word,), box=word.box, column=0, number=9)
>>> line.text, line.where
('Treasure', 'left column, line 9')
>>> page = OcrPage(source="book/p37.jpg", page=37, width=2480, height=3508, lines=(line,))
>>> page.text
'Treasure'
"""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import BaseModel, ConfigDict, Field


class Box(BaseModel):
    """A rectangle on the straightened page, in pixels."""

    model_config = ConfigDict(frozen=True)
    left: int
    top: int
    width: int = Field(ge=0)
    height: int = Field(ge=0)


def enclosing(boxes: Iterable[Box]) -> Box:
    """The smallest box holding all of ``boxes`` (at least one)."""
    boxes = list(boxes)
    left = min(box.left for box in boxes)
    top = min(box.top for box in boxes)
    right = max(box.left + box.width for box in boxes)
    bottom = max(box.top + box.height for box in boxes)
    return Box(left=left, top=top, width=right - left, height=bottom - top)


class OcrWord(BaseModel):
    """One word as read, with the engine's confidence from 0 (a guess) to 1 (sure)."""

    model_config = ConfigDict(frozen=True)
    text: str
    confidence: float = Field(ge=0.0, le=1.0)
    box: Box
    bold: bool | None = None  # None when the reader cannot tell
    second: str | None = None  # a doubtful word as the second engine read it (None: not asked)


COLUMN_NAMES = ("left column", "right column")


class OcrLine(BaseModel):
    """One printed line of one column; ``number`` counts the column's lines from 1."""

    model_config = ConfigDict(frozen=True)
    words: tuple[OcrWord, ...]
    box: Box
    column: int = Field(ge=0)
    number: int = Field(ge=1)
    crosses_columns: bool = False  # its ink was read across the columns' parting

    @property
    def text(self) -> str:
        return " ".join(word.text for word in self.words)

    @property
    def where(self) -> str:
        """Where the line stands on its page, in the words of the review file."""
        column = (
            COLUMN_NAMES[self.column]
            if self.column < len(COLUMN_NAMES)
            else f"column {self.column + 1}"
        )
        return f"{column}, line {self.number}"


class OcrPage(BaseModel):
    """One page read: its lines in reading order (the left column top to bottom, then the
    right). ``page`` is the page's place in the import, counted from 1; ``from_text_layer``
    when the words came from a PDF's own text rather than from OCR."""

    model_config = ConfigDict(frozen=True)
    source: str
    page: int = Field(ge=1)
    width: int = Field(ge=0)
    height: int = Field(ge=0)
    lines: tuple[OcrLine, ...]
    rotated: int = 0  # degrees the page was turned to read it upright
    from_text_layer: bool = False

    @property
    def text(self) -> str:
        return "\n".join(line.text for line in self.lines)


class PageFailure(BaseModel):
    """A page that gave no words: a corrupt file, a blank page, a cover. The import goes
    on without it and says why, naming the file."""

    model_config = ConfigDict(frozen=True)
    source: str
    page: int = Field(ge=1)
    reason: str
    blank: bool = False  # a page with no ink: it held no paragraph


PageResult = OcrPage | PageFailure
