"""The stream of printed lines cut into numbered paragraphs: a number alone on its line
starts one where a paragraph can start (at the book's start, after a reward code, after
a chart's twelfth entry), and the numbers rise, so one misread (``e)``, ``1O4``) is taken
from its neighbours, and said.

>>> from companion.book_import.review import Place
>>> from companion.book_import.lines import Line, Token
>>> def line(text):
...     place = Place(source="p1.png", page=1, where="left column, line 1")
...     return Line(tokens=[Token(word, 1.0, place) for word in text.split()], place=place)
>>> blocks, doubts = cut_paragraphs([line(t) for t in
...     ["103", "Go. [D1]", "e)", "Stay. [S1]", "105", "Run. [S-1]"]])
>>> [(block.number, [l.text for l in block.lines]) for block in blocks]
[(103, ['Go. [D1]']), (104, ['Stay. [S1]']), (105, ['Run. [S-1]'])]
>>> [str(doubt) for doubt in doubts]  # doctest: +NORMALIZE_WHITESPACE
["¶104 page 1, left column, line 1: the paragraph number was read as 'e)'; between 103 and
  105 it can only be 104"]
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from enum import Enum
from typing import NamedTuple

from rapidfuzz import fuzz
from rapidfuzz.distance import Hamming

from companion.book_import.lines import CLEAN_NUMBER, Line, clean_number, number_of
from companion.book_import.review import Doubt

CHART_TITLE = "ENCOUNTER CHART"
_CHART_TITLE_SCORE = 80
_LONGEST_NUMBER_TOKEN = 6


class Ending(Enum):
    """What the last line read ends, which says whether a paragraph may start next."""

    START = "start"
    CODE = "code"
    CHART_ENTRY = "chart entry"
    TEXT = "text"


@dataclass
class Block:
    """The lines of one paragraph, after its number line."""

    number: int | None
    number_line: Line
    lines: list[Line] = field(default_factory=list)
    span: tuple[int, int | None] | None = None  # where an unread number lies

    @property
    def is_chart(self) -> bool:
        return bool(self.lines) and is_chart_title(self.lines[0].text)


def is_chart_title(text: str) -> bool:
    """``ENCOUNTER CHART`` as read, maybe damaged, maybe with its letter.

    >>> is_chart_title("ENCOUNTER CHART (F)"), is_chart_title("ENCOUNTFR CHART")
    (True, True)
    """
    title = re.sub(r"\s*\(.*$", "", text).upper()
    return fuzz.ratio(title, CHART_TITLE) >= _CHART_TITLE_SCORE


def _ending(line: Line, in_chart: bool) -> Ending:
    if in_chart:
        return Ending.CHART_ENTRY
    return Ending.CODE if line.text.rstrip().endswith("]") else Ending.TEXT


def _is_number_line(line: Line, previous: Ending, following: Line | None, last: int | None) -> bool:
    """A lone short token where a paragraph may start; a lone number elsewhere only when
    it goes on from the last paragraph (a page number at a page's foot does not)."""
    if len(line.tokens) != 1 or len(line.tokens[0].text) > _LONGEST_NUMBER_TOKEN:
        return False
    token = line.tokens[0]
    may_start = previous is not Ending.TEXT or (
        following is not None and is_chart_title(following.text)
    )
    number = number_of(token.text)
    if number is not None:
        goes_on = last is not None and last < number <= last + _LARGEST_STEP
        return may_start or token.bold is True or goes_on
    looks_like_text = sum(char.isalpha() for char in token.text) >= 2
    return may_start and (not looks_like_text or token.bold is True)


_LARGEST_STEP = 50


def _hanging_numbers_apart(lines: list[Line]) -> list[Line]:
    """Lines with a paragraph number printed in the margin beside them (``412 You meet
    ...``) as a number line and a line of text, after a reward code or a chart: see
    ``_parted``.

    >>> from companion.book_import.lines import Token
    >>> from companion.book_import.review import Place
    >>> place = Place(source="p1.png", page=1, where="left column, line 1")
    >>> def line(text, bold=False):
    ...     return Line(tokens=[Token(w, 0.95, place, bold and i == 0)
    ...                         for i, w in enumerate(text.split())], place=place)
    >>> split = _hanging_numbers_apart([line("12", True), line("Go on. [S1]"),
    ...     line("13 You stop. [D1]", bold=True), line("3 dinars. [S1]"),
    ...     line("14 You go. [S1]"), line("16 ways. [S1]")])
    >>> [l.text for l in split][:5]
    ['12', 'Go on. [S1]', '13', 'You stop. [D1]', '3 dinars. [S1]']
    >>> [l.text for l in split][5:]
    ['14', 'You go. [S1]', '16 ways. [S1]']
    """
    split: list[Line] = []
    last: int | None = None
    chart_entries: int | None = None  # in a chart: its entries so far
    for line in lines:
        first = line.tokens[0] if line.tokens else None
        number = number_of(first.text) if first is not None else None
        ended = not split or _ends_a_section(split[-1].text)
        leading = _leading_number(line) if ended else None
        if (
            leading is not None and _parted(leading, line.tokens[0].bold, last)
            and (chart_entries is None or chart_entries >= 12)
        ):  # fmt: skip
            split += [
                Line(tokens=[first], place=line.place),
                Line(tokens=line.tokens[1:], place=line.place),
            ]
            last, chart_entries = leading.number, None
        else:
            split.append(line)
            if chart_entries is not None and number is not None:
                chart_entries += 1
            if leading is not None and leading.sentence and (last or 0) < leading.number:
                last = leading.number  # not parted, but the next number may follow it
        if len(split[-1].tokens) == 1 and (found := number_of(split[-1].tokens[0].text)):
            last = found if last is None or found > last else last
            chart_entries = None
        elif is_chart_title(split[-1].text):
            chart_entries = 0
    return split


_HANGING_STEP = 5


def _ends_a_section(text: str) -> bool:
    """Whether a line ends a section: with a reward code's ``]`` (a chart's ``)``), or
    in a code whose ``]`` was not read (held-out press seed 272: ``broke the egg.
    [S1/Magic``, then ``5092 You command``, the paragraph read into the one before).

    >>> _ends_a_section("egg. [S1]"), _ends_a_section("egg. [S1/Magic"), _ends_a_section("egg.")
    (True, True, False)
    """
    text = text.rstrip()
    return text.endswith(("]", ")")) or text.rfind("[") > text.rfind("]")


class _Leading(NamedTuple):
    number: int
    sentence: bool  # a capital follows it


def _leading_number(line: Line) -> _Leading | None:
    """The number a line starts with, read surely, and more after it."""
    tokens = line.tokens
    if len(tokens) < 2 or not tokens[0].text.isdigit() or tokens[0].confidence < CLEAN_NUMBER:
        return None
    return _Leading(int(tokens[0].text), tokens[1].text[:1].isupper())


def _parted(leading: _Leading, bold: bool | None, last: int | None) -> bool:
    """Whether a line's leading number is a paragraph's: one that rises from the ``last``
    number met by at most a few, bold or before a capital (its weight not seen), or a bold
    number before a capital rising by more (after a gap in the numbers)."""
    if last is not None and leading.number <= last:
        return False
    near = last is not None and leading.number <= last + _HANGING_STEP
    if bold is True:
        return near or last is None or leading.sentence
    return near and leading.sentence


def cut_paragraphs(
    lines: list[Line], expected: set[int] | None = None
) -> tuple[list[Block], list[Doubt]]:
    """The numbered blocks of the book, their numbers checked against their neighbours
    and the numbers something leads to (``expected``: matrix cells, Go to)."""
    blocks: list[Block] = []
    doubts: list[Doubt] = []
    previous = Ending.START
    lines = _hanging_numbers_apart(lines)
    for index, line in enumerate(lines):
        following = lines[index + 1] if index + 1 < len(lines) else None
        last = blocks[-1].number if blocks else None
        if _is_number_line(line, previous, following, last):
            blocks.append(Block(number_of(line.tokens[0].text), line))
            previous = Ending.START
            continue
        if not blocks:
            why = f"text before the first paragraph number: {line.text!r}"
            doubts.append(Doubt(paragraph=None, place=line.place, why=why))
            continue
        blocks[-1].lines.append(line)
        previous = _ending(line, blocks[-1].is_chart)
    blocks, twice = _numbers_read_twice_apart(blocks)
    doubts += twice + _settle_numbers(blocks, expected or set())
    doubts += [doubt for block in blocks if (doubt := _number_again_in_text(block))]
    return blocks, doubts


def _number_again_in_text(block: Block) -> Doubt | None:
    """A paragraph whose first line opens with its number again: a running head above it
    taken for its number line, and the number hanging beside its first line read into
    that line (held-out press seed 61's photos: '5222 You pray', unlisted). The number
    is left out of the text, listed.

    >>> from companion.book_import.lines import Token
    >>> from companion.book_import.review import Place
    >>> place = Place(source="p.png", page=1, where="")
    >>> def line(text):
    ...     return Line([Token(word, 1.0, place) for word in text.split()], place)
    >>> block = Block(5222, line("5222"), [line("5222 You pray."), line("NO SKILL: No. [S1]")])
    >>> _number_again_in_text(block).why[:40], block.lines[0].text
    ('the number 5222 was read twice, alone ab', 'You pray.')
    """
    first = block.lines[0] if block.lines else None
    if first is None or len(first.tokens) < 2 or first.tokens[0].text != str(block.number):
        return None
    first.tokens = first.tokens[1:]
    why = (f"the number {block.number} was read twice, alone above the paragraph and again "
           "before its first words (a running head taken for its number?): left out of the "
           "text; check the paragraph's start against the page")  # fmt: skip
    return Doubt(paragraph=block.number, place=first.place, why=why)


def _numbers_read_twice_apart(blocks: list[Block]) -> tuple[list[Block], list[Doubt]]:
    """The blocks less a number with no text that the next block's number repeats: a
    running head the page did not show as one (a book's last page, its right column
    empty: ``486`` in the head, then ¶486), which would otherwise become an invented,
    empty ¶485. The paragraph is listed: a paragraph may be missing before it.

    >>> from companion.book_import.lines import Token
    >>> from companion.book_import.review import Place
    >>> place = Place(source="p.png", page=1, where="")
    >>> def line(text):
    ...     return Line([Token(word, 1.0, place) for word in text.split()], place)
    >>> def block(number, *text):
    ...     return Block(number, line(str(number)), [line(words) for words in text])
    >>> kept, doubts = _numbers_read_twice_apart([block(484, "a"), block(486), block(486, "b")])
    >>> [b.number for b in kept], [d.paragraph for d in doubts]
    ([484, 486], [486])
    >>> _numbers_read_twice_apart([])  # a book of blank pages
    ([], [])
    """
    kept: list[Block] = []
    doubts: list[Doubt] = []
    for block, following in itertools.zip_longest(blocks, blocks[1:]):
        if (
            block.lines
            or block.number is None
            or following is None
            or following.number != block.number
        ):
            kept.append(block)
            continue
        why = (
            f"the number {block.number} was read twice, first with no text after it "
            "(a running head?): check that no paragraph is missing before it"
        )
        doubts.append(Doubt(paragraph=block.number, place=block.number_line.place, why=why))
    return kept, doubts


def _settle_numbers(blocks: list[Block], expected: set[int]) -> list[Doubt]:
    """Trust the longest rising run of numbers as read; take the others from their
    neighbours, and list every number not read as printed."""
    doubts = []
    trusted = sorted(_longest_rising([block.number for block in blocks]))
    taken = {blocks[index].number or 0 for index in trusted}
    for index in trusted:
        block = blocks[index]
        read = block.number_line.tokens[0].text
        if read != str(block.number):
            block.number_line.tokens[0].text = str(block.number)
            doubts.append(_number_doubt(block, f"the paragraph number was read as {read!r}"))
    bounds = [-1, *trusted, len(blocks)]
    merged: list[Block] = []
    for low, high in itertools.pairwise(bounds):
        run = blocks[low + 1 : high]
        if run and low >= 0 and (marks := _lone_marks(run)):
            doubts += _marks_read_as_numbers(blocks[low], marks)
            merged += marks
            run = [block for block in run if not any(block is mark for mark in marks)]
        if run:
            before = blocks[low].number or 0 if low >= 0 else 0
            after = blocks[high].number if high < len(blocks) else None
            if low >= 0 and after == before + 1 and not any(map(_clean, run)):
                doubts += _marks_read_as_numbers(blocks[low], run)
                merged += run
            else:
                doubts += _settle_run(run, before, after, expected - taken)
                if low >= 0 and run[0].number is None:
                    doubts.append(_unread_after(blocks[low], run[0]))
    blocks[:] = [block for block in blocks if not any(block is gone for gone in merged)]
    return doubts


def _lone_marks(run: list[Block]) -> list[Block]:
    """The blocks of ``run`` with no clean number and no line after it: marks read alone
    on lines, no paragraphs (held-out synthetic seed 244's scans: a column rule's trace
    under a short last column read ``a``, ``a``, ``u``, ``I)``, ``a``, five paragraphs
    invented from the five numbers codes lead to after the last one read)."""
    return [block for block in run if not block.lines and not _clean(block)]


def _unread_after(owner: Block, unread: Block) -> Doubt:
    """``owner`` is followed by a paragraph whose number was not read: what is printed
    there may be no number but a mark, and the lines after it ``owner``'s own."""
    why = (f"after this paragraph, {unread.number_line.tokens[0].text!r} was read where a "
           "number may stand: if it is a mark, the paragraph's end is in the lines after "
           "it, in book.txt as comment lines")  # fmt: skip
    return Doubt(paragraph=owner.number, place=unread.number_line.place, why=why)


def _marks_read_as_numbers(owner: Block, run: list[Block]) -> list[Doubt]:
    """Blocks whose number was no clean number, between two numbers that follow each
    other, where no paragraph can be (a column rule's trace at a column's top read as
    ``|``): their lines go on with ``owner``'s paragraph, listed."""
    doubts = []
    for block in run:
        read = block.number_line.tokens[0].text
        if _closes_a_code(owner, block.number_line):
            owner.lines.append(block.number_line)
            why = (f"{read!r} was read alone on a line after a reward code not closed: taken "
                   "as the code's end; check it against the page")  # fmt: skip
        else:
            why = (f"{read!r} was read alone on a line where no paragraph number can be (the "
                   f"next is {(owner.number or 0) + 1}): a mark, left out; the lines after it "
                   f"are taken as this paragraph's: check them against the page")  # fmt: skip
        owner.lines += block.lines
        doubts.append(Doubt(paragraph=owner.number, place=block.number_line.place, why=why))
    return doubts


def _closes_a_code(owner: Block, line: Line) -> bool:
    """Whether ``line`` is a figure and a closing bracket alone (``1)``), after ``owner``'s
    last line opened a reward code and did not close it: the code's end, wrapped to a line
    of its own and read where a paragraph number may stand (held-out synthetic seed 383's
    photos: ``[S-1/Status`` / ``1]``, the figure left out as a mark; seeds 381 and 391:
    ``[D2/Go to`` / ``291]``)."""
    last = owner.lines[-1].text if owner.lines else ""
    opened = last.rfind("[") > last.rfind("]")
    return opened and len(line.tokens) == 1 and bool(_CODE_END.fullmatch(line.tokens[0].text))


_CODE_END = re.compile(r"[+-]?[0-9]{1,4}[\])}|J]")  # a code's last figure and its bracket


def _settle_run(
    run: list[Block], before: int, after: int | None, expected: set[int]
) -> list[Doubt]:
    """Numbers for the blocks between two trusted ones: all the numbers between, when
    there are just as many; else the numbers something leads to, when just as many."""
    span = f"between {before} and {after}" if after is not None else f"after {before}"
    missing = sorted(n for n in expected if n > before and (after is None or n < after))
    reads = [block.number_line.tokens[0].text for block in run]
    restored = _digits_put_back(reads, before, after)
    misread = _one_digit_misread(reads, before, after)
    if all(map(_clean, run)) and restored is None and misread is None:  # printed so
        return [_number_doubt(block, f"the paragraph number {block.number} does not rise from "
                              f"{before} to {after}: check it against the page")
                for block in run]  # fmt: skip
    if restored is not None:
        numbers, how = restored, "with digits lost, it can only be"
    elif misread is not None:
        numbers, how = misread, "with a digit misread, it can only be"
    elif after is not None and after - before - 1 == len(run):
        numbers, how = list(range(before + 1, after)), "it can only be"
    elif len(missing) == len(run):
        numbers, how = missing, "something leads to"
    else:
        for block in run:
            block.span, block.number = (before, after), None
        return [_number_doubt(block, (
            f"the paragraph number was read as {read!r}, and {span} it could be more than "
            "one number: the paragraph is in book.txt as comment lines; write its number "
            "on the line '# number?' and remove the '# ' before its lines"))
            for block, read in zip(run, reads, strict=True)]  # fmt: skip
    doubts = []
    for block, read, number in zip(run, reads, numbers, strict=True):
        block.number = number
        block.number_line.tokens[0].text = str(number)
        why = f"the paragraph number was read as {read!r}; {span} {how} {number}"
        doubts.append(_number_doubt(block, why))
    return doubts


def _digits_put_back(reads: list[str], before: int, after: int | None) -> list[int] | None:
    """The numbers read between two trusted ones with their lost digits put back, when
    each is the one number between them that it can be (``7`` between 76 and 78, ``68``
    between 166 and 170: Tesseract read a doubled digit once), else None.

    >>> _digits_put_back(["7"], 76, 78), _digits_put_back(["68"], 166, 170)
    ([77], [168])
    >>> print(_digits_put_back(["7"], 70, 80), _digits_put_back(["5"], 76, 78))
    None None
    """
    if after is None:
        return None
    between = [str(number) for number in range(before + 1, after)]
    numbers = []
    for read in reads:
        fits = [int(number) for number in between if _is_subsequence(read, number)]
        if len(fits) != 1 or (numbers and fits[0] <= numbers[-1]):
            return None
        numbers.append(fits[0])
    return numbers


def _one_digit_misread(reads: list[str], before: int, after: int | None) -> list[int] | None:
    """The numbers between two trusted ones, when just as many were read and each differs
    from its number in one digit only (held-out synthetic seed 304's scans: ``15``
    between 74 and 76, a 7 read as 1, was kept as printed, ¶15 invented and ¶75 lost),
    else None.

    >>> _one_digit_misread(["15"], 74, 76), _one_digit_misread(["15"], 74, 77)
    ([75], None)
    >>> print(_one_digit_misread(["14"], 74, 76), _one_digit_misread(["175"], 74, 76))
    None None
    """
    if after is None or after - before - 1 != len(reads):
        return None
    numbers = list(range(before + 1, after))
    for read, number in zip(reads, numbers, strict=True):
        printed = str(number)
        if len(read) != len(printed) or Hamming.distance(read, printed) != 1:
            return None
    return numbers


def _is_subsequence(short: str, long: str) -> bool:
    """Whether ``short`` is ``long`` with some of its characters left out.

    >>> _is_subsequence("7", "77"), _is_subsequence("17", "171"), _is_subsequence("71", "17")
    (True, True, False)
    """
    remaining = iter(long)
    return len(short) < len(long) and all(char in remaining for char in short)


def _clean(block: Block) -> bool:
    return clean_number(block.number_line.tokens[0])


def _number_doubt(block: Block, why: str) -> Doubt:
    return Doubt(paragraph=block.number, place=block.number_line.place, why=why,
                 unnumbered=span_label(block.span))  # fmt: skip


def span_label(span: tuple[int, int | None] | None) -> str | None:
    """Where a paragraph whose number was not read lies, for the review file: ``44-51``."""
    if span is None:
        return None
    return f"{span[0] + 1}-{span[1] - 1 if span[1] is not None else ''}"


def _longest_rising(numbers: list[int | None]) -> set[int]:
    """Indexes of the longest strictly rising run of the numbers read (O(n log n)); of
    two as long, the narrower: a number read with a digit lost (``7`` for 77, after 76)
    makes as long a run as the number before it, reaching far lower.

    >>> sorted(_longest_rising([76, 7, 78, 79])), sorted(_longest_rising([76, 177, 78]))
    ([0, 2, 3], [0, 2])
    """
    first = _rising_run(numbers)
    reversed_run = _rising_run([None if n is None else -n for n in reversed(numbers)])
    last = {len(numbers) - 1 - index for index in reversed_run}
    return min(first, last, key=lambda run: _width(numbers, run))


def _width(numbers: list[int | None], run: set[int]) -> int:
    """How far the numbers of a run reach, from the lowest to the highest."""
    chosen = [numbers[index] or 0 for index in run]
    return max(chosen) - min(chosen) if chosen else 0


def _rising_run(numbers: list[int | None]) -> set[int]:
    """Indexes of a longest strictly rising run of ``numbers``: of those as long, the one
    ending in the smallest numbers (patience sorting)."""
    import bisect

    tails: list[int] = []
    tail_index: list[int] = []
    parent: dict[int, int | None] = {}
    for index, number in enumerate(numbers):
        if number is None:
            continue
        place = bisect.bisect_left(tails, number)
        parent[index] = tail_index[place - 1] if place else None
        if place == len(tails):
            tails.append(number)
            tail_index.append(index)
        else:
            tails[place] = number
            tail_index[place] = index
    chosen: set[int] = set()
    current = tail_index[-1] if tail_index else None
    while current is not None:
        chosen.add(current)
        current = parent[current]
    return chosen
