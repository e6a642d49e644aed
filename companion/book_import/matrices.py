"""The Reaction Matrix booklet's tables read into ``matrices.txt``: a title ``MATRIX F``,
a row of reactions, then one row per adjective with a paragraph number under each
reaction. Words are put in rows by where they stand; the numbers' own columns say where
each reaction's column is, so a cell read in the wrong place or not at all is seen.

What the import is not sure of is a `Doubt` ("matrix F, Terrible page 3, line 6: ..."),
listed in ``review.txt`` with the book's. With the book already imported, every cell is
checked against it (the cell and the paragraphs either side must exist), and every row
against the charts that name the matrix.

>>> from companion.book_import.model import Box, OcrLine, OcrPage, OcrWord
>>> def row(y, *cells):
...     words = tuple(OcrWord(text=text, confidence=0.95,
...                           box=Box(left=x, top=y, width=60, height=30)) for x, text in cells)
...     return OcrLine(words=words, box=words[0].box, column=0, number=1)
>>> page = OcrPage(source="m1.png", page=1, width=900, height=400, lines=(
...     row(10, (300, "MATRIX"), (380, "F")),
...     row(60, (300, "Pray"), (500, "Wait")),
...     row(110, (50, "Terrible"), (300, "703"), (500, "706")),
...     row(160, (50, "Mild"), (300, "7l5"), (500, "718"))))
>>> read = read_matrices([page])
>>> print(read.text(), end="")
[matrix F]
# page 1 (m1.png), line 1
reactions | Pray | Wait
Terrible | 703 | 706
Mild | 715 | 718
>>> [str(doubt) for doubt in read.doubts]
["matrix F, Mild page 1, line 4: the cell under Pray was read as '7l5'; read as 715"]
"""

from __future__ import annotations

import itertools
import re
import statistics
from collections.abc import Iterable
from dataclasses import dataclass, field

from rapidfuzz import fuzz

from companion.book_import.lines import DIGIT_LOOKALIKES
from companion.book_import.model import OcrPage, OcrWord, PageResult, enclosing
from companion.book_import.review import Doubt, Place

LETTERS = "ABCDEFGHIJKLMNO"
_LETTER_LOOKALIKES = {"1": "I", "l": "I", "|": "I", "!": "I", "0": "O", "8": "B", "5": "S"}
OPPOSITE = "(opposite gender)"
_OPPOSITE_WORDS = re.compile(r"\(?\s*opp(?:osite|\.)?\s+gender\s*\)?", re.IGNORECASE)
_MARKS = "*†‡"
SURE = 0.8
_CELL = re.compile(r"[0-9OoDQlIi|!ZzSsBgqbT]{1,6}")


@dataclass
class Matrix:
    letter: str
    place: Place
    reactions: list[str] = field(default_factory=list)
    rows: list[tuple[str, list[str], Place]] = field(default_factory=list)

    def text(self) -> str:
        comment = f"# page {self.place.page} ({self.place.source}), {self.place.where}"
        lines = [f"[matrix {self.letter}]", comment, " | ".join(["reactions", *self.reactions])]
        lines += [" | ".join([name, *cells]) for name, cells, _ in self.rows]
        return "\n".join(lines) + "\n"

    def places(self) -> list[Place]:
        """Where the table was read: its title's row and each of its rows."""
        return [self.place, *(place for _, _, place in self.rows)]


@dataclass
class ReadMatrices:
    matrices: list[Matrix] = field(default_factory=list)
    doubts: list[Doubt] = field(default_factory=list)

    def text(self, header: str = "") -> str:
        return header + "\n".join(matrix.text() for matrix in self.matrices)


@dataclass(frozen=True)
class _Row:
    words: list[OcrWord]
    place: Place

    @property
    def text(self) -> str:
        return " ".join(word.text for word in self.words)


@dataclass(frozen=True)
class BookFacts:
    """What an imported book says about its matrices: the paragraphs it has, and the rows
    its charts name in each matrix (an empty set for a matrix no chart names)."""

    paragraphs: frozenset[int] = frozenset()
    rows: dict[str, set[str]] = field(default_factory=dict)


def read_matrices(results: Iterable[PageResult], book: BookFacts | None = None) -> ReadMatrices:
    """The matrices on the pages, in the order read, with what is doubtful."""
    read = ReadMatrices()
    facts = book or BookFacts()
    for result in results:
        if not isinstance(result, OcrPage):
            read.doubts.append(Doubt(paragraph=None, why=f"{result.source} {result.reason}",
                                     place=Place(source=result.source, page=result.page,
                                                 where="")))  # fmt: skip
            continue
        _read_page(result, read, facts)
    letters = [matrix.letter for matrix in read.matrices]
    for letter in sorted({x for x in letters if letters.count(x) > 1}):
        twice = [m for m in read.matrices if m.letter == letter]
        read.doubts.append(
            _doubt(
                twice[1],
                None,
                "this matrix letter is read twice (also on "
                f"page {twice[0].place.page}): check both titles",
            )
        )
    return read


def _rows(page: OcrPage) -> list[_Row]:
    """The page's words in rows by where they stand: a word joins the row whose middle
    its own middle is within half a word's height of."""
    words = sorted(
        (word for line in page.lines for word in line.words),
        key=lambda w: w.box.top + w.box.height / 2,
    )
    if not words:
        return []
    height = statistics.median(word.box.height for word in words)
    grouped: list[list[OcrWord]] = []
    for word in words:
        middle = word.box.top + word.box.height / 2
        last = grouped[-1] if grouped else None
        if (
            last
            and abs(middle - statistics.mean(w.box.top + w.box.height / 2 for w in last))
            <= height / 2
        ):
            last.append(word)
        else:
            grouped.append([word])
    return [
        _Row(
            sorted(row, key=lambda w: w.box.left),
            Place(
                source=page.source,
                page=page.page,
                where=f"line {index}",
                box=enclosing(word.box for word in row),
            ),
        )
        for index, row in enumerate(grouped, start=1)
    ]


def _cell_like(word: OcrWord) -> bool:
    text = word.text.strip(".,;:")
    return bool(_CELL.fullmatch(text)) and sum(c.isdigit() for c in text) >= max(1, len(text) - 1)


def _title_letter(row: _Row) -> str | None:
    """The letter of a ``MATRIX F`` title row (maybe damaged), or None for another row."""
    texts = [word.text.strip(".:") for word in row.words]
    for index, text in enumerate(texts[:-1]):
        if fuzz.ratio(text.upper(), "MATRIX") >= 80:
            letter = texts[index + 1]
            return _LETTER_LOOKALIKES.get(letter, letter.upper()) if len(letter) == 1 else "?"
    return None


def _read_page(page: OcrPage, read: ReadMatrices, facts: BookFacts) -> None:
    rows = _rows(page)
    pending: list[_Row] = []  # rows without numbers: the header, before the first cells
    current = read.matrices[-1] if read.matrices else None
    columns: list[float] = []
    for index, row in enumerate(rows):
        letter = _title_letter(row)
        if letter is not None:
            current = Matrix(letter, row.place)
            read.matrices.append(current)
            if letter not in LETTERS:
                read.doubts.append(
                    _doubt(
                        current,
                        None,
                        f"the title {row.text!r}: its letter was not read as one of A to O",
                    )
                )
            pending, columns = [], []
            continue
        if current is None:
            read.doubts.append(
                Doubt(
                    paragraph=None,
                    place=row.place,
                    why=f"text before the first matrix title: {row.text!r}",
                )
            )
            continue
        if not any(_cell_like(word) for word in row.words):
            if _OPPOSITE_WORDS.search(row.text) and current.rows:  # a footnote
                _mark_opposite(current, row.text)
            else:
                pending.append(row)
            continue
        if not columns:
            columns = _columns(rows[index:], current)
            if not current.reactions:
                current.reactions = _reactions(pending, columns, current, read.doubts)
            pending = []
        _data_row(row, columns, current, read.doubts, facts)
    for matrix in read.matrices:
        _check_rows(matrix, read.doubts, facts)


def _columns(rows: list[_Row], matrix: Matrix) -> list[float]:
    """Where the reactions' columns stand: the middles of the cells of the rows from here
    to the next title, in clusters across the page."""
    middles = []
    for row in rows:
        if _title_letter(row) is not None:
            break
        middles += [w.box.left + w.box.width / 2 for w in row.words if _cell_like(w)]
    middles.sort()
    widths = [w.box.width for row in rows for w in row.words if _cell_like(w)]
    gap = 1.5 * statistics.median(widths)
    clusters: list[list[float]] = [[middles[0]]]
    for middle in middles[1:]:
        if middle - clusters[-1][-1] > gap:
            clusters.append([middle])
        else:
            clusters[-1].append(middle)
    return [statistics.median(cluster) for cluster in clusters]


def _nearest(columns: list[float], word: OcrWord) -> int:
    middle = word.box.left + word.box.width / 2
    return min(range(len(columns)), key=lambda index: abs(columns[index] - middle))


def _first_column_edge(columns: list[float]) -> float:
    if len(columns) < 2:
        return columns[0] - 100
    return columns[0] - (columns[1] - columns[0]) / 2


def _reactions(
    header: list[_Row], columns: list[float], matrix: Matrix, doubts: list[Doubt]
) -> list[str]:
    """Each column's reaction: the header words above it, over one line or two."""
    edge = _first_column_edge(columns)
    names: list[list[str]] = [[] for _ in columns]
    for row in header:
        for word in row.words:
            if word.box.left + word.box.width > edge:
                names[_nearest(columns, word)].append(word.text)
    reactions = []
    for index, words in enumerate(names):
        name = " ".join(words)
        opposite = bool(_OPPOSITE_WORDS.search(name)) or name.rstrip().endswith(tuple(_MARKS))
        name = _OPPOSITE_WORDS.sub("", name).strip().rstrip(_MARKS).strip()
        if not name:
            doubts.append(_doubt(matrix, None, f"no reaction was read above column {index + 1}"))
            name = "?"
        elif (
            any(
                word.confidence < SURE for row in header for word in row.words if word.text in words
            )
            or not name[:1].isupper()
        ):
            doubts.append(_doubt(matrix, None, f"the reaction {name!r} was read with doubt"))
        reactions.append(f"{name} {OPPOSITE}" if opposite else name)
    return reactions


def _mark_opposite(matrix: Matrix, footnote: str) -> None:
    """A footnote ``* opposite gender only`` marks the reactions printed with its sign."""
    sign = next((mark for mark in _MARKS if mark in footnote), None)
    if sign is None:
        return
    matrix.reactions = [
        f"{name.rstrip(sign).strip()} {OPPOSITE}" if name.endswith(sign) else name
        for name in matrix.reactions
    ]


def _data_row(
    row: _Row, columns: list[float], matrix: Matrix, doubts: list[Doubt], facts: BookFacts
) -> None:
    edge = _first_column_edge(columns)
    name_words = [w for w in row.words if w.box.left + w.box.width / 2 < edge]
    cells: list[list[OcrWord]] = [[] for _ in columns]
    for word in row.words:
        if word not in name_words:
            cells[_nearest(columns, word)].append(word)
    name = " ".join(word.text for word in name_words)
    subject = name or "?"
    if not name:
        doubts.append(_doubt(matrix, row, "a row without its name (the adjective)", subject))
    elif any(word.confidence < SURE for word in name_words) or not name[:1].isupper():
        doubts.append(_doubt(matrix, row, f"the row's name {name!r} was read with doubt", subject))
    written = []
    for index, words in enumerate(cells):
        reaction = (
            matrix.reactions[index] if index < len(matrix.reactions) else f"column {index + 1}"
        )
        written.append(
            _cell(words, reaction.replace(f" {OPPOSITE}", ""), matrix, row, subject, doubts, facts)
        )
    matrix.rows.append((subject, written, row.place))


def _cell(
    words: list[OcrWord],
    reaction: str,
    matrix: Matrix,
    row: _Row,
    subject: str,
    doubts: list[Doubt],
    facts: BookFacts,
) -> str:
    if not words:
        doubts.append(_doubt(matrix, row, f"no number was read under {reaction}", subject))
        return "?"
    read = "".join(word.text for word in words)
    digits = read.strip(".,;:").translate(DIGIT_LOOKALIKES)
    if not digits.isdigit():
        doubts.append(_doubt(matrix, row, f"the cell under {reaction} was read as {read!r}, "
                             "not a number", subject))  # fmt: skip
        return read
    if digits != read:
        doubts.append(_doubt(matrix, row, f"the cell under {reaction} was read as {read!r}; "
                             f"read as {int(digits)}", subject))  # fmt: skip
    elif min(word.confidence for word in words) < SURE:
        doubts.append(_doubt(matrix, row, f"the cell under {reaction} ({digits}) was read "
                             "with doubt", subject))  # fmt: skip
    number = int(digits)
    missing = [
        n
        for n in (number - 1, number, number + 1)
        if facts.paragraphs and n not in facts.paragraphs
    ]
    if missing:
        doubts.append(_doubt(matrix, row, f"the cell under {reaction} is {number}, but "
                             f"book.txt has no paragraph {', '.join(map(str, missing))}",
                             subject))  # fmt: skip
    return str(number)


def _check_rows(matrix: Matrix, doubts: list[Doubt], facts: BookFacts) -> None:
    counts = {len(cells) for _, cells, _ in matrix.rows}
    if len(counts) > 1 or (counts and counts != {len(matrix.reactions)}):
        doubts.append(_doubt(matrix, None, "its rows do not all have one number per reaction"))
    named = facts.rows.get(matrix.letter)
    for name, _, place in matrix.rows:
        if named and name.split()[0].casefold() not in {row.casefold() for row in named}:
            doubts.append(
                Doubt(
                    paragraph=None,
                    place=place,
                    subject=f"matrix {matrix.letter}, {name}",
                    why="no chart of book.txt names this row",
                )
            )


def _doubt(matrix: Matrix, row: _Row | None, why: str, subject: str | None = None) -> Doubt:
    place = row.place if row is not None else matrix.place
    label = f"matrix {matrix.letter}" + (f", {subject}" if subject else "")
    return Doubt(paragraph=None, place=place, why=why, subject=label)


def book_facts(book: str) -> BookFacts:
    """The paragraphs of a book file and the rows its charts name, by matrix letter.

    >>> facts = book_facts("4\\nENCOUNTER CHART\\n1 Lost Merchant (L, male)\\n"
    ...                    "12 Terrible Storm (F)\\n703\\nNO SKILL: x [S1]\\n")
    >>> sorted(facts.paragraphs), facts.rows
    ([4, 703], {'L': {'Lost'}, 'F': {'Terrible'}})
    """
    paragraphs: set[int] = set()
    rows: dict[str, set[str]] = {}
    chart_letter = None
    for raw in book.splitlines():
        line = raw.strip()
        if re.fullmatch(r"\d{1,6}", line):
            paragraphs.add(int(line))
            chart_letter = None
        elif line.startswith("ENCOUNTER CHART"):
            found = re.search(r"\((\w)\)", line)
            chart_letter = found[1] if found else ""
        elif chart_letter is not None and (
            entry := re.fullmatch(r"\d{1,2}\s+(\S+).*\(([^()]*)\)", line)
        ):
            first = entry[2].split(",")[0].strip()
            letter = first if len(first) == 1 else chart_letter
            rows.setdefault(letter, set()).add(entry[1])
    return BookFacts(frozenset(paragraphs), rows)


_TITLE_LINE = re.compile(r"[ \t]*\[\s*matrix\s+(\S+)\s*\][ \t]*\r?$", re.IGNORECASE | re.MULTILINE)


@dataclass(frozen=True)
class TableBlock:
    """Where one matrix's table is in a matrices file: from its title line to the next
    title (or the end); the comments right under its title (the import's page), and its
    lines after them (its rows, and any comments among them)."""

    start: int
    end: int
    title: str
    comments: list[str]
    lines: list[str]

    @property
    def text(self) -> str:
        """The block with its spaces trimmed and its blank lines left out."""
        return "\n".join([self.title, *self.comments, *self.lines]) + "\n"

    def rows(self) -> list[str]:
        return [line for line in self.lines if not line.startswith("#")]

    def all_comments(self) -> list[str]:
        return [*self.comments, *(line for line in self.lines if line.startswith("#"))]


def table_blocks(text: str) -> dict[str, TableBlock]:
    r"""Each matrix's block of a matrices file, by letter (the first block of a letter).

    >>> text = "# x\n[matrix B]\n# page 2\nreactions | Trade\n# rich men\nRich | 154\n"
    >>> block = table_blocks(text)["B"]
    >>> block.start, block.title, block.comments, block.lines
    (4, '[matrix B]', ['# page 2'], ['reactions | Trade', '# rich men', 'Rich | 154'])
    >>> table_blocks("# no matrix read yet\n")
    {}
    """
    titles = list(_TITLE_LINE.finditer(text))
    blocks: dict[str, TableBlock] = {}
    for title, following in itertools.pairwise([*titles, None]):
        end = following.start() if following else len(text)
        lines = [line.strip() for line in text[title.end() : end].splitlines() if line.strip()]
        head = next((i for i, line in enumerate(lines) if not line.startswith("#")), len(lines))
        blocks.setdefault(title[1].upper(), TableBlock(
            start=title.start(), end=end, title=title[0].strip(),
            comments=lines[:head], lines=lines[head:],
        ))  # fmt: skip
    return blocks


def owners_tables(imported: str, now: str) -> dict[str, str]:
    r"""The tables of ``now`` (the matrices file) the owner changed since the import
    wrote ``imported``, by letter, each as the owner wrote it: its rows changed, or it
    holds a comment the import did not write.

    >>> imported = "[matrix B]\n# page 2\nreactions | Trade\nRich | 154\n"
    >>> owners_tables(imported, imported.replace("Rich", "# checked\nRich"))
    {'B': '[matrix B]\n# page 2\nreactions | Trade\n# checked\nRich | 154\n'}
    >>> owners_tables(imported, imported.replace("# page 2\n", ""))
    {}
    """
    was = table_blocks(imported)
    changed = {}
    for letter, block in table_blocks(now).items():
        before = was.get(letter)
        if (
            before is None
            or block.rows() != before.rows()
            or (set(block.all_comments()) - set(before.all_comments()))
        ):
            changed[letter] = block.text
    return changed


def with_table(text: str, letter: str, lines: list[str]) -> str:
    """``text`` with matrix ``letter``'s lines replaced by ``lines``, its title and the
    comments under it kept, the blank lines after it kept, and the rest as it was."""
    block = table_blocks(text)[letter]
    old = text[block.start : block.end]
    trailing = old[len(old.rstrip("\r\n \t")) :]
    newline = "\r\n" if "\r\n" in old else "\n"
    kept = [block.title, *block.comments, *lines]
    return text[: block.start] + newline.join(kept) + (trailing or newline) + text[block.end :]


def table_problem(letter: str, lines: list[str]) -> str | None:
    """Why ``lines`` (rows and comments, each with its spaces collapsed, a blank line as
    "") are not a table of matrix ``letter`` as the pack's loader reads matrices.txt, or
    None when they are. A line is named by its place in ``lines`` from 1, blank lines
    counted, as the owner's text box shows it."""
    from companion.games.arabian_nights.content.loader import matrix_table_problems

    rows = [(number, line) for number, line in enumerate(lines, start=1)
            if line and not line.startswith("#")]  # fmt: skip
    if not rows:
        return "the matrix needs its 'reactions | ...' row and its rows"
    for number, row in rows:
        if row.startswith("["):
            return f"line {number}: a line starting with [ ({row}) would start another table"
    problems = matrix_table_problems("\n".join([f"[matrix {letter}]", *lines]))
    said = [f"line {problem.line - 1}: {problem.message}" for problem in problems]
    return "; ".join(said) or None
