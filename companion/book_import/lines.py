"""The pages as one stream of printed lines, in the book's order: failures and repeated
pages noted, pages put in the order of their paragraph numbers, every word kept with its
confidence and the place it was read.

>>> from companion.book_import.model import Box, OcrLine, OcrPage, OcrWord
>>> def page(number, *texts):
...     box = Box(left=0, top=0, width=1, height=1)
...     lines = [OcrLine(words=tuple(OcrWord(text=w, confidence=1.0, box=box)
...                                  for w in text.split()), box=box, column=0, number=n)
...              for n, text in enumerate(texts, start=1)]
...     return OcrPage(source=f"p{number}.png", page=number, width=1, height=1, lines=lines)
>>> stream = read_stream([page(1, "7", "The end. [S1]"), page(2, "3", "Go. [D1]"),
...                       page(3, "7", "The end. [S1]")])
>>> [line.text for line in stream.lines]
['3', 'Go. [D1]', '7', 'The end. [S1]']
>>> [str(note) for note in stream.notes]  # doctest: +NORMALIZE_WHITESPACE
['page 3: p3.png repeats page 1 (p1.png) word for word; left out',
 'page 2: p2.png was given after page 1; put before it, in the order of its paragraph numbers']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from companion.book_import.model import OcrLine, OcrPage, PageResult
from companion.book_import.review import Doubt, Place

# Digits as engines misread them, in a number printed alone on its line.
DIGIT_LOOKALIKES = str.maketrans("OoDQlIi|!ZzSsBgqbT", "000011111225589967")


@dataclass
class Token:
    """One word as it will be written; ``read`` is what the engine gave."""

    text: str
    confidence: float
    place: Place
    bold: bool | None = None
    read: str = ""

    def __post_init__(self) -> None:
        self.read = self.read or self.text


@dataclass
class Line:
    """One printed line, its words as tokens."""

    tokens: list[Token]
    place: Place

    @property
    def text(self) -> str:
        return " ".join(token.text for token in self.tokens)


@dataclass
class Stream:
    lines: list[Line] = field(default_factory=list)
    notes: list[Doubt] = field(default_factory=list)
    pages: list[OcrPage] = field(default_factory=list)


def number_of(token: str) -> int | None:
    """A paragraph number read alone on its line, its lookalike letters taken as digits.

    >>> number_of("1O4"), number_of("104."), number_of("e)"), number_of("The")
    (104, 104, None, None)
    """
    cleaned = token.strip(".,:;)(*").translate(DIGIT_LOOKALIKES)
    return int(cleaned) if cleaned.isdigit() and len(cleaned) <= 6 else None


def read_stream(results: Iterable[PageResult]) -> Stream:
    """The lines of every page that gave words, in the order of the book."""
    stream = Stream()
    seen: dict[tuple[str, ...], OcrPage] = {}
    for result in results:
        if not isinstance(result, OcrPage):
            stream.notes.append(_page_note(result.source, result.page, result.reason))
            continue
        key = tuple(line.text for line in result.lines)
        if key in seen:
            first = seen[key]
            why = f"repeats page {first.page} ({first.source}) word for word; left out"
            stream.notes.append(_page_note(result.source, result.page, why))
            continue
        seen[key] = result
        stream.pages.append(result)
    stream.pages = _in_book_order(stream.pages, stream.notes)
    stream.lines = [_line(page, line) for page in stream.pages for line in page.lines]
    return stream


def _page_note(source: str, page: int, why: str) -> Doubt:
    return Doubt(paragraph=None, place=Place(source=source, page=page, where=""),
                 why=f"{source} {why}")  # fmt: skip


def _line(page: OcrPage, line: OcrLine) -> Line:
    place = Place(source=page.source, page=page.page, where=line.where, box=line.box)
    tokens = [Token(word.text, word.confidence, place, word.bold) for word in line.words]
    return Line(tokens=[token for token in tokens if token.text], place=place)


def _first_number(page: OcrPage) -> int | None:
    """The first number printed alone on a line of the page (its first paragraph)."""
    for line in page.lines:
        if len(line.words) == 1 and line.words[0].text.isdigit():
            return int(line.words[0].text)
    return None


def _in_book_order(pages: list[OcrPage], notes: list[Doubt]) -> list[OcrPage]:
    """Pages sorted by their first paragraph number; a page without one stays after the
    page given before it (it goes on with that page's paragraph)."""
    keys: list[tuple[float, int]] = []
    last = -1.0
    for index, page in enumerate(pages):
        number = _first_number(page)
        last = float(number) if number is not None else last + 1e-3
        keys.append((last, index))
    order = sorted(range(len(pages)), key=lambda index: keys[index])
    for place, index in enumerate(order):
        if index != place and index < len(pages) and keys[index][0] == int(keys[index][0]):
            earlier = [pages[i] for i in order[place + 1 :] if i < index]
            if earlier:
                page = pages[index]
                why = (
                    f"was given after page {earlier[0].page}; put before it, in the order "
                    "of its paragraph numbers"
                )
                notes.append(_page_note(page.source, page.page, why))
    return [pages[index] for index in order]
