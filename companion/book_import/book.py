"""From pages read to ``book.txt`` and ``review.txt``: the whole words-to-book half.

>>> from companion.book_import.model import Box, OcrLine, OcrPage, OcrWord
>>> box = Box(left=0, top=0, width=1, height=1)
>>> def line(number, text):
...     words = tuple(OcrWord(text=w, confidence=0.99, box=box) for w in text.split())
...     return OcrLine(words=words, box=box, column=0, number=number)
>>> page = OcrPage(source="p1.png", page=1, width=1, height=1, lines=(
...     line(1, "12"), line(2, "The other waves, You wave"), line(3, "back. [Sl]")))
>>> book = import_book([page])
>>> print(book.book_text(), end="")
# page 1 (p1.png), left column, line 1
12
The other waves. You wave back. [S1]
>>> print(book.review_text().splitlines()[-1])
¶12 page 1, left column, line 2: a comma before 'You' read as a full stop
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from rapidfuzz.distance import Levenshtein

from companion.book_import.corrections import UNNUMBERED
from companion.book_import.figures import differ_in_number_only, reward_figures
from companion.book_import.lines import Stream, read_stream
from companion.book_import.model import PageResult
from companion.book_import.paragraphs import cut_paragraphs
from companion.book_import.review import Doubt, Place, review_text
from companion.book_import.sections import BookContext, Written, write_block
from companion.book_import.words import (
    Dictionary,
    Lexicon,
    Names,
    capitals_mid_sentence,
    english_dictionary,
    joints_of,
    words_of,
)
from companion.book_import.world_names import WorldNames
from companion.games.arabian_nights.content.reward_codes import Vocabulary

CONFIDENCE_FLOOR = 0.5
"""Words the engine gives less than this are listed. See docs/book-import.md for how the
engines' confidences of right and wrong words fall on either side of it."""
SHADOWED = 5  # times as often a heading one letter off is read, for a name to be no heading
_HEADING_NAMES = re.compile(
    r"((?:[A-Z][A-Z'’\-]*|[A-Z][a-z'’\-]+|Or|of|the)(?: (?:[A-Z][A-Z'’\-]*|[A-Z][a-z'’\-]+|or|OR"
    r"|of|OF|the|THE|[0-9]+))*)\s*(?:\(mandatory\))?\s*:"
)  # capitals, or small capitals read as Capitalised Words, and a number (``STATUS 10``)

BOOK_HEADER = (
    "# The Book of Tales, as read by `companion import-book`. Each paragraph follows a comment\n"
    "# naming the page and the place on it where its number was read. See review.txt for what\n"
    "# the import is not sure of.\n\n"
)


@dataclass
class ImportedBook:
    paragraphs: list[Written] = field(default_factory=list)
    notes: list[Doubt] = field(default_factory=list)

    @property
    def doubts(self) -> list[Doubt]:
        return [*self.notes, *(d for p in self.paragraphs for d in p.doubts)]

    def book_text(self, header: str = "") -> str:
        return header + "\n".join(paragraph_text(p) for p in self.paragraphs)

    def review_text(self) -> str:
        return review_text(self.doubts)


def paragraph_text(paragraph: Written) -> str:
    """One paragraph as book.txt holds it: its page comment, number and lines."""
    first = paragraph.places[0]
    comment = f"# page {first.page} ({first.source}), {first.where}"
    if paragraph.number is None:
        lines = [f"# {line}" for line in ["number?", *paragraph.lines]]
        return "\n".join([comment, f"{UNNUMBERED} (see review.txt)", *lines]) + "\n"
    return "\n".join([comment, str(paragraph.number), *paragraph.lines]) + "\n"


def import_book(
    results: Iterable[PageResult],
    world: WorldNames | None = None,
    dictionary: Dictionary | str | None = "eng",
    floor: float = CONFIDENCE_FLOOR,
) -> ImportedBook:
    """The book in the pages: ``dictionary`` is a language code (the Debian hunspell
    dictionary for it), a dictionary, or None for the book's own words only."""
    language = dictionary if isinstance(dictionary, str) else "eng"
    if isinstance(dictionary, str):
        dictionary = english_dictionary(dictionary)
    stream = read_stream(results)
    _same_quotes(stream)  # before the apostrophes, which it counts as read
    _same_apostrophes(stream)
    texts = [line.text for line in stream.lines]
    world = world or WorldNames()
    go_to = {int(n) for text in texts for n in re.findall(r"Go to (\d+)", text)}
    blocks, doubts = cut_paragraphs(stream.lines, world.paragraphs | go_to)
    context = BookContext(
        lexicon=Lexicon(
            dictionary,
            world.all,
            (w for t in texts for w in words_of(t)),
            language,
            capitals_mid_sentence(texts, Names(world.all)),
            joints_of(texts),
        ),
        vocabulary=world.vocabulary() if world.requirements else Vocabulary(),
        headings=book_headings(seen := _headings_seen(texts)),
        heading_words=heading_words(seen),
        requirement_names=world.requirements,
        terrains=world.terrains,
        rows=world.rows,
        floor=floor,
        code_figures=code_figures(texts),
    )
    written = [write_block(block, context) for block in blocks]
    for paragraph in written:
        _check_no_skill(paragraph)
    book = ImportedBook(sorted(written, key=lambda p: p.order), [*stream.notes])
    _number_doubts(book, doubts)
    book.notes += _expected_not_read(book, world.paragraphs | go_to)
    if not world.paragraphs:
        book.notes += _gaps(book)
    return book


def _gaps(book: ImportedBook) -> list[Doubt]:
    """Without the world's matrices to say which paragraphs exist, every gap between two
    numbers read: paragraphs there were lost, or the book skips those numbers."""
    read = [p for p in book.paragraphs if p.number is not None]
    doubts = []
    for before, after in itertools.pairwise(read):
        if after.number - before.number > 1 and not any(
            p.number is None and before.number <= p.after < after.number for p in book.paragraphs
        ):
            why = (
                f"no paragraph was read between ¶{before.number} and ¶{after.number} "
                f"(page {after.places[0].page}): if the book has them, a number or a "
                "column was lost"
            )
            doubts.append(
                Doubt(
                    paragraph=None,
                    place=before.places[-1],
                    why=why,
                    unnumbered=f"{before.number + 1}-{after.number - 1}",
                )
            )
    return doubts


def _expected_not_read(book: ImportedBook, expected: set[int]) -> list[Doubt]:
    """A paragraph something leads to (a matrix cell or its neighbours, a card, a Place of
    Power, a Go to) that lies among the numbers read but was not read itself: its number,
    or its page, was lost."""
    read = [p for p in book.paragraphs if p.number is not None]
    if not read:
        return []
    numbers = {p.number for p in read}
    unread_spans = [(p.after, min((n for n in numbers if n > p.after), default=p.after))
                    for p in book.paragraphs if p.number is None]  # fmt: skip
    doubts = []
    for number in sorted(n for n in expected if read[0].number < n < read[-1].number):
        if number in numbers or any(low < number < high for low, high in unread_spans):
            continue
        before = max((p for p in read if p.number < number), key=lambda p: p.number)
        why = (
            f"something leads to paragraph {number}, but it was not read: it would come "
            f"after ¶{before.number} (its number or its page may be lost)"
        )
        doubts.append(Doubt(paragraph=number, place=before.places[-1], why=why))
    return doubts


def _same_apostrophes(stream: Stream) -> None:
    """Apostrophes as the book prints most of them: an engine reads a few straight ones
    as curly (and back); a book sets them one way."""
    tokens = [token for line in stream.lines for token in line.tokens]
    straight = sum(token.text.count("'") for token in tokens)
    curly = sum(token.text.count("’") for token in tokens)
    old, new = ("’", "'") if straight >= curly else ("'", "’")
    for token in tokens:
        token.text = re.sub(rf"(?<=\w){old}(?=\w|\s|$)", new, token.text)


_OPENING_QUOTE = re.compile(r'(?<![\w.,!?;’\'])["“](?=[\w|])')  # ``“| have``: an I
_CLOSING_QUOTE = re.compile(r'(?<=[\w.,!?;’\'])["”](?!\w)')
_APOSTROPHE = re.compile(r"(?<=\w)['’](?=\w|\s|$)")
QUOTE_STYLE_MARGIN = 2
"""A book's quotes are taken as straight (or curly) when its apostrophes and double
quotes, counted together, are read so at least this many times as often as the other
way (an engine reads a straight opening mark as curly, or a closing one, now and then)."""


def _same_quotes(stream: Stream) -> None:
    """Double quotes as the book sets its marks: an engine reads a straight closing mark
    as curly (``"Mine,” says``), or an opening one; a book sets them all one way, as its
    apostrophes."""
    tokens = [token for line in stream.lines for token in line.tokens]
    marks = Counter(
        mark[0] for token in tokens
        for pattern in (_OPENING_QUOTE, _CLOSING_QUOTE, _APOSTROPHE)
        for mark in pattern.finditer(token.text)
    )  # fmt: skip
    straight, curly = marks['"'] + marks["'"], marks["“"] + marks["”"] + marks["’"]
    if straight >= max(2, QUOTE_STYLE_MARGIN * curly):
        opening, closing = '"', '"'
    elif curly >= max(2, QUOTE_STYLE_MARGIN * straight):
        opening, closing = "“", "”"
    else:
        return
    for token in tokens:
        text = _OPENING_QUOTE.sub(opening, token.text)
        token.text = _CLOSING_QUOTE.sub(closing, text)


def code_figures(texts: list[str]) -> Counter[str]:
    """How often each reward figure is read in the book's codes (a code may wrap over
    lines), with the lookalikes a code's figure is read as undone.

    >>> code_figures(["go. [D1/W+1 (Max:", "Poor)]", "[Dl/S-2]"])
    Counter({'D1': 2, 'W+1': 1, 'S-2': 1})
    """
    codes = re.findall(r"\[([^\[\]]*)\]", " ".join(texts))
    return Counter(figure for code in codes for figure in reward_figures(code))


def _headings_seen(texts: list[str]) -> Counter[str]:
    """Heading names as read, and names in reward codes twice (they are the book's)."""
    seen: Counter[str] = Counter()
    for text in texts:
        if match := _HEADING_NAMES.match(text):
            names = re.sub(r"^MASTER\s+", "", match[1].upper())
            seen.update(name.strip() for name in re.split(r"\s+OR\s+|,", names))
        for code in re.findall(r"\[([^\[\]]*)\]", text):
            parts = (re.sub(r"^Lose\s+", "", part.strip()).upper() for part in code.split("/"))
            seen.update({name: 2 for name in parts if re.fullmatch(r"[A-Z][A-Z '’]+", name)})
    return seen


def heading_words(seen: Counter[str]) -> Counter[str]:
    """How often each word of the headings seen is said in them.

    >>> heading_words(Counter({"STATUS 10": 2, "STATUS 12": 1, "MAGIC": 3}))
    Counter({'STATUS': 3, 'MAGIC': 3, '10': 2, '12': 1})
    """
    counts: Counter[str] = Counter()
    for name, count in seen.items():
        counts.update(dict.fromkeys(name.split(), count))
    return counts


def book_headings(seen: Counter[str]) -> list[str]:
    """The headings of a book without a world file: the names seen at least twice, save one
    a letter off a name seen five times as often (the same small capitals misread alike on
    two pages, ``MAGBC`` twice beside ``MAGIC`` forty times, is no heading of the book: it
    is read as the common one, and listed) but for its number; the most read first.

    >>> book_headings(Counter({"MAGIC": 40, "MAGBC": 2, "MUSIC": 12, "WITS": 2, "WIT": 1}))
    ['MAGIC', 'MUSIC', 'WITS']
    >>> book_headings(Counter({"RELIC 11": 20, "RELIC 1": 2}))  # two relics
    ['RELIC 11', 'RELIC 1']
    """
    often = [name for name, count in seen.most_common() if count >= 2]  # ties: the commoner
    return [
        name for name in often
        if not any(seen[other] >= SHADOWED * seen[name] and Levenshtein.distance(name, other) == 1
                   and not differ_in_number_only(name, other) for other in often)
    ]  # fmt: skip


def _check_no_skill(paragraph: Written) -> None:
    """A result paragraph with headings needs exactly one NO SKILL: else a line is lost."""
    if not paragraph.lines or paragraph.lines[0].startswith("ENCOUNTER CHART"):
        return
    headed = [line for line in paragraph.lines if re.match(r"[A-Z][A-Z ]+[^:]*:", line)]
    no_skill = sum(line.startswith("NO SKILL:") for line in headed)
    if headed and no_skill != 1:
        paragraph.doubts.append(Doubt(paragraph=paragraph.number, place=paragraph.places[0],
                                      why=f"the paragraph has {no_skill} NO SKILL sections, "
                                      "not one: a line may be lost"))  # fmt: skip


def _number_doubts(book: ImportedBook, doubts: list[Doubt]) -> None:
    """Doubts of the cutting go with their paragraphs (or the notes); repeated numbers too."""
    by_number = {paragraph.number: paragraph for paragraph in book.paragraphs}
    for doubt in doubts:
        target = by_number.get(doubt.paragraph) if doubt.paragraph is not None else None
        if doubt.unnumbered:
            target = next(p for p in book.paragraphs
                          if p.number is None and p.places[0] == doubt.place)  # fmt: skip
        (target.doubts if target else book.notes).append(doubt)
    counts = Counter(paragraph.number for paragraph in book.paragraphs)
    for before, paragraph in zip([None, *book.paragraphs], book.paragraphs, strict=False):
        if paragraph.number is not None and counts[paragraph.number] > 1:
            place: Place = paragraph.places[0]
            why = "this number is read for two paragraphs"
            paragraph.doubts.append(Doubt(paragraph=paragraph.number, place=place, why=why))
            if before is not None and before.number not in (None, paragraph.number):
                before.doubts.append(
                    Doubt(
                        paragraph=before.number,
                        place=before.places[-1],
                        why=f"the number after it, {paragraph.number}, is read for two "
                        "paragraphs: lines of this one may have gone into the next",
                    )
                )
