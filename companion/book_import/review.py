"""What the import is unsure of: one `Doubt` per thing, said with the page and the place on
it, written to ``review.txt`` one line each, paragraph by paragraph.

>>> place = Place(source="p37.jpg", page=37, where="left column, line 9")
>>> str(Doubt(paragraph=412, place=place, why="'Treasnre' is not a word of this book"))
"¶412 page 37, left column, line 9: 'Treasnre' is not a word of this book"
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from pydantic import BaseModel, ConfigDict

from companion.book_import.model import Box


class Place(BaseModel):
    """Where something was read: the file, the page's place in the import, the line."""

    model_config = ConfigDict(frozen=True)
    source: str
    page: int
    where: str
    box: Box | None = None

    def describe(self) -> str:
        return f"page {self.page}, {self.where}" if self.where else f"page {self.page}"


class Doubt(BaseModel):
    """One thing the owner should look at; ``paragraph`` None for a page as a whole."""

    model_config = ConfigDict(frozen=True)
    paragraph: int | None
    place: Place
    why: str
    unnumbered: str | None = None  # a paragraph whose number was not read: where it lies
    subject: str | None = None  # what else it is about: "matrix F, Terrible"
    repeat: bool = False  # a page that repeats one given before: left out

    @property
    def matrix(self) -> str | None:
        """The letter of the matrix the doubt is about, or None."""
        found = _MATRIX.match(f"{self.subject} ") if self.subject else None
        return found[1] if found else None

    def __str__(self) -> str:
        head = f"¶{self.paragraph} " if self.paragraph is not None else ""
        head = f"¶{self.unnumbered}? " if self.unnumbered else head
        head = f"{self.subject} " if self.subject else head
        return f"{head}{self.place.describe()}: {self.why}"


REVIEW_HEADER = (
    "# What the import is not sure of: one line per doubt, the paragraph first, then the page\n"
    "# and the place on it. Fix book.txt (or use `companion review FOLDER`); a paragraph you\n"
    "# change is kept when you import again.\n"
)
_PARAGRAPH = re.compile(r"¶(\d+) ")
_MATRIX = re.compile(r"matrix (\S+?)[, ]")
_SPAN = re.compile(r"¶(\d+)-(\d*)\? ")


def review_text(doubts: Iterable[Doubt]) -> str:
    """The review file: page-wide notes first, then by paragraph number, in reading order."""
    ordered = sorted(doubts, key=_order)
    return REVIEW_HEADER + "".join(f"{doubt}\n" for doubt in ordered)


def _order(doubt: Doubt) -> tuple[bool, float]:
    if doubt.unnumbered:
        return True, int(doubt.unnumbered.split("-")[0]) - 0.5
    return doubt.paragraph is not None, doubt.paragraph or 0


def doubted_paragraphs(review: str) -> list[int]:
    """The paragraph numbers a review file lists, in its order, each once.

    >>> doubted_paragraphs("# x\\n¶12 page 1: a\\n¶12 page 1: b\\n¶7 page 2: c\\n")
    [12, 7]
    """
    return [int(found) for found in _doubted(review, _PARAGRAPH)]


def doubted_matrices(review: str) -> list[str]:
    """The matrix letters a review file lists, in its order, each once.

    >>> doubted_matrices("¶3 page 1: a\\nmatrix F, Mild page 2: b\\nmatrix B page 3: c\\n")
    ['F', 'B']
    """
    return _doubted(review, _MATRIX)


def _doubted(review: str, subject: re.Pattern[str]) -> list[str]:
    found = [match[1] for line in review.splitlines() if (match := subject.match(line))]
    return list(dict.fromkeys(found))


def doubted_spans(review: str) -> list[tuple[int, int | None]]:
    r"""Where the paragraphs whose number was not read lie (first, last possible number).

    >>> doubted_spans("¶44-51? page 3: x\n¶12 page 1: b\n¶90-? page 9: y\n")
    [(44, 51), (90, None)]
    """
    return [(int(m[1]), int(m[2]) if m[2] else None)
            for line in review.splitlines() if (m := _SPAN.match(line))]  # fmt: skip
