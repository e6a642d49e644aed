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

import itertools
import re
import statistics
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from companion.book_import.layout import column_edges, starts_late
from companion.book_import.model import (
    Box,
    OcrLine,
    OcrPage,
    OcrWord,
    PageFailure,
    PageResult,
    enclosing,
)
from companion.book_import.review import Doubt, Place

# Digits as engines misread them, in a number printed alone on its line.
DIGIT_LOOKALIKES = str.maketrans("OoDQlIi|!ZzSsBgqbT", "000011111225589967")


@dataclass
class Token:
    """One word as it will be written; ``read`` is what the engine gave, ``second`` what
    the second engine read for it (only a doubtful word is read twice)."""

    text: str
    confidence: float
    place: Place
    bold: bool | None = None
    read: str = ""
    second: str | None = None
    speck: bool = False
    """An upright stroke (``|``, ``I``) far shorter or taller than the line's letters, or a
    figure far shorter than its words: a speck or a streak, no letter."""

    def __post_init__(self) -> None:
        self.read = self.read or self.text


@dataclass
class Line:
    """One printed line, its words as tokens."""

    tokens: list[Token]
    place: Place
    crosses_columns: bool = False  # read across the columns' parting (see OcrLine)
    starts_late: bool = False  # its first word stands a letter's width in from the column's edge

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
    """The lines of every page that gave words, in the order of the book, less each page's
    running head and page number."""
    stream = Stream()
    seen: dict[tuple[str, ...], OcrPage] = {}
    results = list(results)
    pages = [r for r in results if isinstance(r, OcrPage)]
    titles = _repeated_edges(pages)
    furniture = {id(page): _furniture(page, titles) for page in pages}
    _numbered_in_turn(pages, furniture)
    spots = _page_number_spots(pages, furniture)
    results = [
        without_furniture(r, furniture[id(r)], spots) if isinstance(r, OcrPage) else r
        for r in results
    ]
    numbers = [_numbers(r) if isinstance(r, OcrPage) else [] for r in results]
    last: int | None = None  # the last paragraph number of the pages so far
    for index, result in enumerate(results):
        if not isinstance(result, OcrPage):
            following = next((found[0] for found in numbers[index + 1 :] if found), None)
            stream.notes.extend(_failure_notes(result, last, following))
            continue
        last = numbers[index][-1] if numbers[index] else last
        key = tuple(line.text for line in result.lines)
        if key in seen:
            first = seen[key]
            why = f"repeats page {first.page} ({first.source}) word for word; left out"
            stream.notes.append(_page_note(result.source, result.page, why, repeat=True))
            continue
        seen[key] = result
        stream.pages.append(result)
    stream.pages = _in_book_order(stream.pages, stream.notes)
    stream.lines = [part for page in stream.pages for part in _page_lines(page)]
    return stream


HEAD_SPAN = 0.75  # figures at one height this far apart (of the page's width) are a head
_FURNITURE_NUMBER = re.compile(r"[-–—(]*\d{1,6}[-–—).]*")
_DASH = re.compile(r"[-–—]")
_HEAD_WORDS = 8
HEAD_GAP = 1.6  # of a line's height: the next line's top nearer than this is the same text's
NUMBER_GAP = 2.5
"""Of a lone number's height: the next line of its column starting nearer under it than
this is its paragraph's text, and its weight does not judge it (held-out press seed 325's
photos: ¶5532's number, a page's top line, measured not bold and dropped as a page number).
On the kept readings of press seeds 230 to 325, paragraph numbers at a column's top stand
1.2 to 1.9 of their height above their text, running heads and page numbers 3.9 or more."""


def _edges(page: OcrPage) -> tuple[list[int], list[int]]:
    """Indexes of the page's top-most and bottom-most lines (a running head and a foot
    stand there, whichever column the engine read them in)."""
    if not page.lines:
        return [], []
    height = sorted(line.box.height for line in page.lines)[len(page.lines) // 2]
    top = min(line.box.top for line in page.lines)
    bottom = max(line.box.top + line.box.height for line in page.lines)
    return ([i for i, line in enumerate(page.lines) if line.box.top < top + height / 2],
            [i for i, line in enumerate(page.lines)
             if line.box.top + line.box.height > bottom - height / 2])  # fmt: skip


def _without_digits(text: str) -> str:
    return " ".join(re.sub(r"[\d\-–—.|]+", " ", text).split()).casefold()


def _repeated_edges(pages: list[OcrPage]) -> set[str]:
    """A running head's words: what heads or foots two pages or more beside a figure (the
    page number, in the head's own line or in another column's line at the same edge: the
    head of press layout 6's pages, once its columns were parted), or half the pages and
    three at least without one (every page, when two are read). Never a line of the
    book's own shapes (a heading, a chart entry, a code or its end: ``Poor)/S1]`` at the
    top of a column on several pages of the grown demo book, a code wrapped from the
    column before, was taken for a running head; the chart title)."""
    seen: Counter[str] = Counter()
    with_figures: Counter[str] = Counter()
    distinct = list({tuple(line.text for line in page.lines): page for page in pages}.values())
    for page in distinct:
        beside_figure: dict[str, bool] = {}
        for edge in _edges(page):
            lines = [page.lines[i] for i in edge]
            figure = any(c.isdigit() for line in lines for c in line.text)
            for text in {_without_digits(line.text) for line in lines if _may_head(line)}:
                beside_figure[text] = beside_figure.get(text, False) or figure
        seen.update(beside_figure.keys())
        with_figures.update(text for text, figure in beside_figure.items() if figure)
    return {
        text
        for text, count in seen.items()
        if with_figures[text] >= 2 or count >= min(len(distinct), max(3, len(distinct) / 2)) > 1
    }


def _may_head(line: OcrLine) -> bool:
    text = _without_digits(line.text)
    return not (
        len(line.words) > _HEAD_WORDS
        or any(mark in line.text for mark in "[]():;")
        or sum(c.isalpha() for c in text) < 3
        or "encounter chart" in text
    )


def without_furniture(
    page: OcrPage, furniture: set[int], spots: Sequence[tuple[float, float]]
) -> OcrPage:
    """The page less its running head and page number (``furniture``: see
    :func:`_furniture`), and less a page number misread as letters (``A`` for ``4``)
    where other pages print theirs (``spots``: see :func:`_page_number_spots`)."""
    dropped = furniture | _misread_page_number(page, spots)
    if not dropped:
        return page
    kept = tuple(line for i, line in enumerate(page.lines) if i not in dropped)
    return page.model_copy(update={"lines": kept})


_PAGE_NUMBER_NEAR = 0.02  # of the page's width and height: the same place on another page


def _page_number_spots(
    pages: list[OcrPage], furniture: dict[int, set[int]]
) -> list[tuple[float, float]]:
    """Where the pages print their page numbers: the middle of each lone number taken
    for furniture (``furniture``: each page's, by its ``id``), as shares of its page's
    width and height."""
    return [
        _spot(page, page.lines[index])
        for page in pages
        for index in furniture[id(page)]
        if _FURNITURE_NUMBER.fullmatch(page.lines[index].text)
    ]


NUMBERED_IN_TURN = 2  # other pages with a lone number at the same place, rising with them


def _numbered_in_turn(pages: list[OcrPage], furniture: dict[int, set[int]]) -> None:
    """A lone number at a page's top or foot that NUMBERED_IN_TURN other pages print at
    the same place, rising by one a page as the pages are given (``1``, ``2``, ``3``: page
    numbers on pages whose paragraph numbers are never read alone to judge them by; on
    held-out press seed 194 the ``3`` ran into ¶525's text, unlisted, where ``1`` and
    ``2`` were taken for furniture): added to each page's ``furniture``. Never a number
    right above a chart's title."""
    found = [
        (position, page, index, number, _spot(page, page.lines[index]))
        for position, page in enumerate(pages)
        for index in itertools.chain(*_edges(page))
        if (number := _lone_figure(page.lines[index])) is not None
        and not _above_chart_title(page, index)
    ]
    for position, page, index, number, spot in found:
        in_turn = [
            other for other, _page, _index, other_number, other_spot in found
            if other != position and other_number - number == other - position
            and _same_place(spot, other_spot)
        ]  # fmt: skip
        if len(in_turn) >= NUMBERED_IN_TURN:
            furniture[id(page)].add(index)


def _lone_figure(line: OcrLine) -> int | None:
    """The number a line of one figure alone says (``3``, ``- 3 -``), or None."""
    figures = [word.text for word in line.words if not _DASH.fullmatch(word.text)]
    if len(figures) != 1 or not _FURNITURE_NUMBER.fullmatch(figures[0]):
        return None
    return int(re.sub(r"\D", "", figures[0]))


def _spot(page: OcrPage, line: OcrLine) -> tuple[float, float]:
    box, width, height = line.box, max(1, page.width), max(1, page.height)
    return (box.left + box.width / 2) / width, (box.top + box.height / 2) / height


def _same_place(spot: tuple[float, float], other: tuple[float, float]) -> bool:
    """Whether two spots (see :func:`_spot`) are the same place on two pages."""
    return all(abs(a - b) < _PAGE_NUMBER_NEAR for a, b in zip(spot, other, strict=True))


def _misread_page_number(page: OcrPage, spots: Sequence[tuple[float, float]]) -> set[int]:
    """A lone token of at most three signs and no figure at the page's top or bottom,
    where two other pages print their page number: that number misread (``A``)."""
    tops, bottoms = _edges(page)
    found = set()
    for index in {*tops, *bottoms}:
        line = page.lines[index]
        if len(line.words) != 1 or len(line.text) > 3 or any(c.isdigit() for c in line.text):
            continue
        spot = _spot(page, line)
        if sum(_same_place(spot, other) for other in spots) >= 2:
            found.add(index)
    return found


def _furniture(page: OcrPage, titles: set[str]) -> set[int]:
    """The indexes of the page's running head and page number: a line at the page's top
    or bottom that holds only figures and dashes and is no paragraph number of this page
    (two numbers, a number not bold where the paragraph numbers are, the page's first
    paragraph's number again, a number that does not rise), or a title repeated on other
    pages' edges (``titles``)."""
    tops, bottoms = _edges(page)
    lone = [
        (i, line)
        for i, line in enumerate(page.lines)
        if line.words
        and line.words[0].text.isdigit()
        and (len(line.words) == 1 or line.words[0].bold is True)
    ]  # or in the margin
    dropped = _across_the_page(page, tops) | _across_the_page(page, bottoms)
    for index in [*tops, *bottoms]:
        line = page.lines[index]
        if line.text and _without_digits(line.text) in titles:
            dropped.add(index)
            continue
        figures = [w for w in line.words if not _DASH.fullmatch(w.text)]
        if not figures or not all(_FURNITURE_NUMBER.fullmatch(w.text) for w in figures):
            continue
        numbers = [int(re.sub(r"\D", "", w.text)) for w in figures]
        if len(numbers) == 1 and _above_chart_title(page, index):
            continue  # a chart's number, even when its thin figure is not measured bold
        if len(numbers) == 1 and index in tops and _beside_text(page, index):
            continue
        after = [other for i, other in lone if i > index]
        # a head with no paragraph number after it (a last page's short right column) is
        # judged by those before it, as a foot is
        top = index in tops and bool(after)
        others = after if top else [other for i, other in lone if i < index]
        weighed = not (top and _line_under(line, _column_of(page, line), NUMBER_GAP))
        if len(numbers) >= 2 or _not_a_paragraph_number(numbers[0], line, others, top, weighed):
            dropped.add(index)
    return dropped


def _across_the_page(page: OcrPage, edge: list[int]) -> set[int]:
    """The lines of figures alone on one edge that stand at one height and span
    HEAD_SPAN of the page's width together (``762`` at its left, ``763`` at its right:
    a running head of the page's first and last paragraphs, read as two lines); no two
    columns' first paragraph numbers stand so far apart."""
    figures = [i for i in edge if _FURNITURE_NUMBER.fullmatch(page.lines[i].text)]
    across = set()
    for first, second in itertools.combinations(figures, 2):
        boxes = [page.lines[first].box, page.lines[second].box]
        both = enclosing(boxes)
        one_height = both.height < sum(box.height for box in boxes)
        if one_height and both.width >= HEAD_SPAN * page.width:
            across |= {first, second}
    return across


def _beside_text(page: OcrPage, index: int) -> bool:
    """Whether the line at ``index`` stands level with a line of its column's text: one
    no running head could be (:func:`_may_head`), or one with the next line of the column
    right under it, a line's pitch down (a head stands apart from the text). A number
    hanging beside its paragraph's first line (held-out synthetic seed 304's photos: on
    a last page with no running head, ¶88's number, the top line, was judged by the page
    number in the foot after it, taken for a head, and ¶88 read into ¶87)."""
    line = page.lines[index]
    column = _column_of(page, line)
    return any(
        other.box.left >= line.box.left + line.box.width
        and _level(line.box, other.box)
        and (not _may_head(other) or _line_under(other, column, HEAD_GAP))
        for other in column
    )


def _column_of(page: OcrPage, line: OcrLine) -> list[OcrLine]:
    return [other for other in page.lines if other.column == line.column]


def _line_under(line: OcrLine, column: list[OcrLine], gap: float) -> bool:
    """Whether a line of ``column`` starts under ``line`` within ``gap`` of its height."""
    box = line.box
    return any(
        0 < other.box.top - box.top < gap * box.height
        and other.box.left < box.left + box.width
        and box.left < other.box.left + other.box.width
        for other in column
    )


def _level(first: Box, second: Box) -> bool:
    """Whether two boxes overlap by more than half the lower one's height, up and down."""
    overlap = min(first.top + first.height, second.top + second.height) - max(first.top, second.top)
    return overlap > min(first.height, second.height) / 2


def _above_chart_title(page: OcrPage, index: int) -> bool:
    """Whether the next line of the line's column is a chart's title (no running head or
    page number stands right above one)."""
    from companion.book_import.paragraphs import is_chart_title  # it reads these lines

    line = page.lines[index]
    below = [other for other in page.lines[index + 1 :] if other.column == line.column]
    return bool(below) and is_chart_title(below[0].text)


def _not_a_paragraph_number(
    number: int, line: OcrLine, others: list[OcrLine], top: bool, weighed: bool
) -> bool:
    """Whether a lone number at the page's top (``others``: the paragraph numbers after it,
    alone or in the margin) or foot (those before it) is furniture: not bold where they
    are (when ``weighed``), or not rising into (from) them."""
    if not others:
        return False
    bold_others = all(other.words[0].bold is True for other in others)
    if weighed and line.words[0].bold is False and bold_others:
        return True
    numbers = _not_far_below([int(other.words[0].text) for other in others])
    if top:  # a page number is far smaller than the paragraph numbers (a book may skip)
        return number >= numbers[0] or number < numbers[0] / 2
    return number <= numbers[-1]


def _not_far_below(numbers: list[int]) -> list[int]:
    """A page's paragraph numbers less those far below their middle: read with a digit
    lost (``73`` among 274 and 275), they say nothing of a page number beside them.

    >>> _not_far_below([73, 274, 275]), _not_far_below([12, 13])
    ([274, 275], [12, 13])
    """
    middle = statistics.median_high(numbers)
    return [number for number in numbers if number >= middle / 2]


def _page_note(source: str, page: int, why: str, repeat: bool = False) -> Doubt:
    return Doubt(paragraph=None, place=Place(source=source, page=page, where=""),
                 why=f"{source} {why}", repeat=repeat)  # fmt: skip


def _page_lines(page: OcrPage) -> list[Line]:
    """The page's lines as tokens, a number printed in the margin beside a line's text
    (``412  You meet ...``, the text's left edge the column's own) put on a line of its
    own, as the paragraph number it is."""
    edges = column_edges(page.lines)
    lines = []
    for line in page.lines:
        edge = edges.get(line.column)
        if edge is not None and (text := _text_beside_number(line, edge)):
            number = line.model_copy(update={"words": line.words[:1], "box": line.words[0].box})
            lines.append(_line(page, number))
            line = line.model_copy(update={"words": text})
        lines.append(_line(page, line, starts_late(line, edge)))
    return lines


_MARGIN_NUMBER = re.compile(r"\d{1,6}[.,:]?")


def _text_beside_number(line: OcrLine, edge: float) -> tuple[OcrWord, ...]:
    """The words of a line whose first word is a number printed in the margin left of
    the column's ``edge`` (``127.`` or ``133``), its text starting at the edge: those
    after the number, less marks between them (a full stop read as ``_``); else none.

    >>> from companion.book_import.model import Box
    >>> def line(*words):  # (text, left) each 10 wide, on a line 20 high
    ...     return OcrLine(words=tuple(OcrWord(text=text, confidence=0.9,
    ...                                        box=Box(left=left, top=0, width=10, height=20))
    ...                                for text, left in words),
    ...                    box=Box(left=0, top=0, width=90, height=20), column=0, number=1)
    >>> [w.text for w in _text_beside_number(line(("133", 0), ("_", 14), ("It's", 50)), 50)]
    ["It's"]
    >>> _text_beside_number(line(("12", 50), ("dinars", 64)), 50)  # a number in the text
    ()
    >>> _text_beside_number(line(), 50)
    ()
    """
    if len(line.words) < 2:
        return ()
    number, *rest = line.words
    height = line.box.height
    start = next((i for i, word in enumerate(rest) if any(c.isalnum() for c in word.text)), None)
    if start is None or not _MARGIN_NUMBER.fullmatch(number.text):
        return ()
    marks_in_margin = all(word.box.left + word.box.width < edge for word in rest[:start])
    beside = (
        abs(rest[start].box.left - edge) < 0.6 * height
        and number.box.left + number.box.width < edge - 0.2 * height
    )
    return tuple(rest[start:]) if marks_in_margin and beside else ()


def _line(page: OcrPage, line: OcrLine, late: bool = False) -> Line:
    place = Place(source=page.source, page=page.page, where=line.where, box=line.box)
    letters = sorted(w.box.height for w in line.words if len(w.text) > 1 and w.text.isalpha())
    alone = len(line.words) == 1
    tokens = [Token(word.text, word.confidence, place, word.bold, second=word.second,
                    speck=_speck(word, letters, alone) or _figure_speck(word, line))
              for word in line.words]  # fmt: skip
    return Line(
        tokens=[token for token in tokens if token.text],
        place=place,
        crosses_columns=line.crosses_columns,
        starts_late=late,
    )


LETTER_STROKES = frozenset("I|l")  # an upright stroke read as a letter (not 1: a figure)
SPECK_HEIGHTS = (0.45, 1.6)  # of the line's middle word height: no letter is outside them


def _speck(word: OcrWord, heights: list[int], alone: bool) -> bool:
    """Whether ``word``, read as an upright stroke, is a speck, a streak or a rule's end:
    far shorter than the middle of its line's words (``heights``: those of its words of
    letters, in order), or far taller than their middle and than the tallest (held-out
    synthetic seed 292's scans: the engine's boxes of half a line's words reached twice
    as high as the others, and the ``I`` among them, as tall, was left out); or ``alone``
    on its line, where no line is set with ``I`` alone, since the next word would fit
    beside it (held-out press seed 291's photos: the end of the gutter's rule, tilted,
    under the columns, read ``|`` and taken for ``I`` in the text).

    >>> from companion.book_import.model import Box
    >>> def stroke(height, text="I"):
    ...     box = Box(left=0, top=0, width=10, height=height)
    ...     return OcrWord(text=text, confidence=0.9, box=box)
    >>> _speck(stroke(27), [19, 27, 28], False), _speck(stroke(60), [19, 27, 28], False)
    (False, True)
    >>> _speck(stroke(50), [19, 27, 27, 51], False), _speck(stroke(8), [19, 27, 28], False)
    (False, True)
    >>> _speck(stroke(27, "|"), [], True), _speck(stroke(27, "a"), [], True)
    (True, False)
    """
    if word.text not in LETTER_STROKES:
        return False
    if len(heights) < 2:
        return alone
    low, high = SPECK_HEIGHTS
    middle, height = heights[len(heights) // 2], word.box.height
    return height < low * middle or height > max(high * middle, heights[-1])


def _figure_speck(word: OcrWord, line: OcrLine) -> bool:
    """Whether ``word`` is one figure far shorter than every other word of its line of two
    signs or more (a figure is as tall as a capital, the shortest word as a small ``a``):
    a speck (held-out synthetic seed 321's photos: ``the 7 well-keeper``, a ``7`` 8 pixels
    high among words of 53 to 77, where the line's boxes reached high).

    >>> from companion.book_import.model import Box
    >>> def word(text, height):
    ...     box = Box(left=0, top=0, width=9, height=height)
    ...     return OcrWord(text=text, confidence=0.9, box=box)
    >>> def line(*words):
    ...     return OcrLine(words=words, box=words[0].box, column=0, number=1)
    >>> speck, seven = word("7", 8), word("7", 33)
    >>> _figure_speck(speck, line(word("abandons", 61), speck, word("well-keeper,", 77)))
    True
    >>> _figure_speck(seven, line(word("STATUS", 60), seven, word("(mandatory):", 77)))
    False
    """
    others = [other.box.height for other in line.words if len(other.text) > 1]
    figure = len(word.text) == 1 and word.text.isdigit()
    return figure and bool(others) and word.box.height < SPECK_HEIGHTS[0] * min(others)


def _numbers(page: OcrPage) -> list[int]:
    """The numbers printed alone on a line of the page, or in its margin (its
    paragraphs'), top to bottom."""
    return [int(token.text) for token in _number_tokens(page) if token.text.isdigit()]


def _number_tokens(page: OcrPage) -> list[Token]:
    return [line.tokens[0] for line in _page_lines(page) if len(line.tokens) == 1]


def _leading_numbers(page: OcrPage) -> list[Token]:
    """Numbers in bold before a sentence's first word: paragraph numbers hanging in the
    margin, read into their lines where the column's edge was not found (or a chart
    entry's, ``7 Lost Prince (C, female)``, in bold in some books)."""
    return [line.tokens[0] for line in _page_lines(page) if len(line.tokens) > 1
            and line.tokens[0].bold is True and line.tokens[0].text.isdigit()
            and line.tokens[1].text[:1].isupper()]  # fmt: skip


def clean_number(token: Token) -> bool:
    """A number read as digits, surely, in bold where boldness is known."""
    return token.text.isdigit() and token.confidence >= CLEAN_NUMBER and token.bold is not False


CLEAN_NUMBER = 0.8


def _middle_number(page: OcrPage) -> int | None:
    """The middle one of the page's paragraph numbers read cleanly, which a first number
    misread (``7`` for ``77``, a digit lost) does not move, or None when it shows none
    (a page read poorly, its numbers read with doubt and none in bold, stays where it was
    given: press layout 114's last page, read at half its size, showed 22, 23 and 25 for
    2112, 2113 and 2115, and went before the page of 2018 to 2111). With no number alone
    on a line, those in bold before a sentence (:func:`_leading_numbers`: a phone photo
    of press layout 272, given after a later page, stayed there, and none of its numbers,
    lower than that page's, was parted from its line)."""
    numbers = [int(token.text) for token in _number_tokens(page) if clean_number(token)]
    if not numbers:
        numbers = [int(token.text) for token in _leading_numbers(page) if clean_number(token)]
    return statistics.median_high(numbers) if numbers else None


def _failure_notes(failure: PageFailure, last: int | None, following: int | None) -> list[Doubt]:
    """A page that gave no words, said with the paragraphs that may have been on it: those
    between the last number of the pages given before it (``last``) and the first of those
    after it (``following``; to the book's end when None), so that review.txt names them;
    and ``last`` itself, whose end may have been on it. A blank page held none.

    >>> failure = PageFailure(source="p3.jpg", page=3, reason="not an image")
    >>> [str(note) for note in _failure_notes(failure, None, None)]
    ['page 3: p3.jpg not an image']
    >>> [note.unnumbered or note.paragraph for note in _failure_notes(failure, 12, 15)]
    ['13-14', 12]
    >>> print(_failure_notes(failure, 12, 13)[1])
    ¶12 page 3: its end may have been on p3.jpg, which gave no words (not an image)
    """
    note = _page_note(failure.source, failure.page, failure.reason)
    if failure.blank or last is None:
        return [note]
    why = f"its end may have been on {failure.source}, which gave no words ({failure.reason})"
    cut_short = Doubt(paragraph=last, place=note.place, why=why)
    if following is not None and following <= last + 1:
        return [note, cut_short]
    span = f"{last + 1}-{following - 1 if following is not None else ''}"
    why = f"{note.why}: paragraphs after ¶{last} may have been on it"
    return [note.model_copy(update={"why": why, "unnumbered": span}), cut_short]


def _in_book_order(pages: list[OcrPage], notes: list[Doubt]) -> list[OcrPage]:
    """Pages sorted by their middle paragraph number; a page without one stays after the
    page given before it (it goes on with that page's paragraph)."""
    keys: list[tuple[float, int]] = []
    last = -1.0
    for index, page in enumerate(pages):
        number = _middle_number(page)
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
