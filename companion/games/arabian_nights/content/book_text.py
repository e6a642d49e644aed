"""Parser of the plain-text Book of Tales (``book.txt``), laid out close to the printed book.

A line holding only a number starts a paragraph. A paragraph whose first line is
``ENCOUNTER CHART`` (optionally ``ENCOUNTER CHART (F)``) holds 12 entries such as
``12 Terrible Storm (F)``. Any other paragraph is an intro followed by sections, each
starting with a heading in capitals and a colon (``NO SKILL:``, ``MASTER STORYTELLING:``,
``SEDUCTION OR BEAUTY (mandatory):``) and ending with a reward code in brackets.

The parser knows nothing of the rest of the pack: requirement names stay as typed
(upper case) and chart entries keep their whole name; the loader resolves both.
See docs/content-format.md for the format.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from companion.framework.errors import Problem
from companion.games.arabian_nights.content.chart_terrain import parse_chart_terrains
from companion.games.arabian_nights.content.pack import (
    ChartTerrains,
    Gender,
    Paragraph,
    Section,
    Telling,
)

MATRIX_LETTERS = "ABCDEFGHIJKLMNO"
NO_SKILL = "NO SKILL"

_NUMBER_LINE = re.compile(r"\d{1,5}")
_CHART_TITLE = re.compile(r"ENCOUNTER\s+CHART(?:\s*\(\s*([A-Za-z])\s*\))?", re.IGNORECASE)
_ANOTHER_TELLING = re.compile(r"ANOTHER\s+TELLING", re.IGNORECASE)
_CHART_ENTRY = re.compile(r"(\d{1,2})[.)]?\s+(.+)")
_HEADING = re.compile(
    r"(?P<names>[A-Z][A-Z0-9'’\-]*(?:[ ,]+[A-Z0-9'’\-]+)*)"
    r"\s*(?P<mandatory>\(\s*(?i:mandatory)\s*\))?\s*:\s*(?P<rest>.*)",
    re.DOTALL,
)
_ALTERNATIVES = re.compile(r"\s+OR\s+|\s*,\s*")
_GENDER_LETTERS = {"f": "female", "m": "male"}  # lower case: a gender or a matrix?
_MARKERS = re.compile(r"(.*?)\s*\(([^()]*)\)\s*")


class EncounterNameError(ValueError):
    """An encounter such as ``Fair Princess (H, female)`` has a marker that is not understood."""


@dataclass(frozen=True)
class EncounterName:
    """An encounter as typed: its whole name, the matrix letter and gender if given."""

    name: str
    matrix: str | None
    gender: Gender | None


def parse_encounter_name(text: str) -> EncounterName:
    """Split ``Adjective Noun (letter, gender)``; both markers are optional.

    >>> parse_encounter_name("Fair Princess (h, female)")
    EncounterName(name='Fair Princess', matrix='H', gender='f')
    >>> parse_encounter_name("Terrible Storm")
    EncounterName(name='Terrible Storm', matrix=None, gender=None)
    """
    text = " ".join(text.split())
    match = _MARKERS.fullmatch(text)
    if match is None:
        return EncounterName(text, None, None)
    matrix: str | None = None
    gender: Gender | None = None
    for marker in (part.strip() for part in match[2].split(",")):
        if marker in _GENDER_LETTERS:
            raise EncounterNameError(
                f"({marker}) could mean matrix {marker.upper()} or {_GENDER_LETTERS[marker]}: "
                f"write ({marker.upper()}) for the matrix, ({_GENDER_LETTERS[marker]}) for the "
                "gender"
            )
        if marker.lower() in ("male", "female"):
            gender = "m" if marker.lower() == "male" else "f"
        elif len(marker) == 1 and marker.upper() in MATRIX_LETTERS:
            matrix = marker.upper()
        else:
            raise EncounterNameError(
                f"{marker!r} in ({match[2]}) is neither a matrix letter A to O nor male/female"
            )
    if not match[1]:
        raise EncounterNameError(f"{text!r} has markers but no name before them")
    return EncounterName(match[1], matrix, gender)


@dataclass(frozen=True)
class ChartLine:
    """One chart entry as typed, before its adjective is matched to a matrix row."""

    roll: int
    encounter: EncounterName
    line: int


@dataclass(frozen=True)
class ChartText:
    """An encounter chart as typed."""

    number: int
    entries: list[ChartLine]
    line: int
    source: str
    terrains: ChartTerrains = field(default_factory=ChartTerrains)


@dataclass
class BookText:
    """What the book files hold: result paragraphs (requirement names as typed) and charts."""

    paragraphs: list[Paragraph] = field(default_factory=list)
    charts: list[ChartText] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    first_seen: dict[int, tuple[str, int]] = field(default_factory=dict)
    heading_like: list[HeadingLike] = field(default_factory=list)
    tellings: list[Paragraph] = field(default_factory=list)
    """Blocks titled ANOTHER TELLING, parsed like paragraphs; `told_paragraphs` joins them."""

    def told_paragraphs(self) -> list[Paragraph]:
        """The paragraphs, each with its other tellings; a telling that does not match its
        paragraph's sections (headings, mandatory marks, reward codes) is a problem."""
        by_number = {paragraph.number: paragraph for paragraph in self.paragraphs}
        extra: dict[int, list[Telling]] = {}
        for telling in self.tellings:
            paragraph = by_number.get(telling.number)
            problem = _telling_problem(telling, paragraph)
            if problem is not None:
                self.problems.append(Problem(telling.source, telling.line, problem))
                continue
            extra.setdefault(telling.number, []).append(
                Telling(
                    intro=telling.intro,
                    texts=[section.text for section in telling.sections],
                    line=telling.line,
                    source=telling.source,
                )
            )
        return [
            paragraph.model_copy(update={"tellings": extra[paragraph.number]})
            if paragraph.number in extra
            else paragraph
            for paragraph in self.paragraphs
        ]


@dataclass(frozen=True)
class HeadingLike:
    """A line of text that starts like a heading (``Storytelling: ...``) but is not one; the
    loader reports it when the words before the colon name skills, statuses or treasures."""

    paragraph: int
    words: str
    line: int
    source: str


@dataclass
class _Block:
    number: int
    line: int
    body: list[tuple[int, str]] = field(default_factory=list)


def parse_book(text: str, file: str, book: BookText | None = None) -> BookText:
    """Parse one book file, adding to ``book`` (a book may be split over several files).

    Problems name ``file`` and the line where they are; paragraphs and charts record the
    file's name as their ``source``.
    """
    book = book or BookText()
    for block in _blocks(text, file, book.problems):
        if block.body and _ANOTHER_TELLING.fullmatch(block.body[0][1]):
            told = _Block(block.number, block.line, block.body[1:])
            if told.body:
                book.tellings.append(_paragraph(told, file, book.problems))
                book.heading_like += _heading_like(told, file)
            else:
                book.problems.append(
                    Problem(file, block.line, f"another telling of {block.number} is empty")
                )
            continue
        if block.number in book.first_seen:
            first_file, first_line = book.first_seen[block.number]
            first = f"line {first_line}" if first_file == file else f"{first_file}:{first_line}"
            message = f"paragraph {block.number} appears twice (first at {first})"
            book.problems.append(Problem(file, block.line, message))
            continue
        book.first_seen[block.number] = (file, block.line)
        if not block.body:
            book.problems.append(Problem(file, block.line, f"paragraph {block.number} is empty"))
        elif _CHART_TITLE.fullmatch(block.body[0][1]):
            book.charts.append(_chart(block, file, book.problems))
        else:
            book.paragraphs.append(_paragraph(block, file, book.problems))
            book.heading_like += _heading_like(block, file)
    return book


def _telling_problem(telling: Paragraph, paragraph: Paragraph | None) -> str | None:
    """Why a telling cannot stand for its paragraph, or None when it can.

    >>> one = Section(heading="NO SKILL", requirements=[], text="a", reward_code="S1", line=2)
    >>> two = one.model_copy(update={"reward_code": "S2"})
    >>> first = Paragraph(number=7, intro="", sections=[one], line=1)
    >>> _telling_problem(first.model_copy(update={"sections": [two]}), first)
    "another telling of 7: NO SKILL must keep the first telling's code [S1], not [S2]"
    """
    where = f"another telling of {telling.number}"
    if paragraph is None:
        return f"{where}: there is no paragraph {telling.number} to tell again"
    first = [_shape(section) for section in paragraph.sections]
    again = [_shape(section) for section in telling.sections]
    if [shape[:2] for shape in first] != [shape[:2] for shape in again]:
        headings = ", ".join(shape[0] for shape in first)
        return f"{where} must have the first telling's sections, in order: {headings}"
    for (heading, _mandatory, code), (_, _, told_code) in zip(first, again, strict=True):
        if code != told_code:
            return f"{where}: {heading} must keep the first telling's code [{code}], " + (
                f"not [{told_code}]"
            )
    return None


def _shape(section: Section) -> tuple[str, bool, str]:
    """What a telling must keep of a section: its heading, mandatory mark and code."""
    code = " ".join(section.reward_code.split())
    return " ".join(section.heading.split()), section.mandatory, code


def numbered_lines(text: str) -> Iterator[tuple[int, str]]:
    """(line number, line) for the lines that are not blank or comments, each line's
    whitespace collapsed to single spaces. Only a newline ends a line, as in an editor (a
    form feed or U+2028 inside a line does not shift the numbers).

    >>> list(numbered_lines("# note\\n\\n  a\\fb  \\r\\nc\\u2028d\\n"))
    [(3, 'a b'), (4, 'c d')]
    """
    for number, raw in enumerate(text.split("\n"), start=1):
        line = " ".join(raw.split())
        if line and not line.startswith("#"):
            yield number, line


def _blocks(text: str, file: str, problems: list[Problem]) -> list[_Block]:
    blocks: list[_Block] = []
    for number, line in numbered_lines(text):
        if _NUMBER_LINE.fullmatch(line):
            blocks.append(_Block(int(line), number))
        elif blocks:
            blocks[-1].body.append((number, line))
        elif not problems or problems[-1].message != _TEXT_BEFORE_NUMBER:
            problems.append(Problem(file, number, _TEXT_BEFORE_NUMBER))
    return blocks


_TEXT_BEFORE_NUMBER = "text before the first paragraph number (a number alone on its line)"


def _chart(block: _Block, file: str, problems: list[Problem]) -> ChartText:
    title_line, title = block.body[0]
    title_match = _CHART_TITLE.fullmatch(title)
    assert title_match is not None
    chart_letter = title_match[1].upper() if title_match[1] else None
    if chart_letter is not None and chart_letter not in MATRIX_LETTERS:
        problems.append(
            Problem(file, title_line, f"chart {block.number}: matrix {chart_letter} is not A to O")
        )
        return ChartText(block.number, [], block.line, Path(file).name)
    terrains, body = parse_chart_terrains(block.body[1:], file, problems)
    entries: list[ChartLine] = []
    for number, line in body:
        entry = _chart_entry(line, number, chart_letter, file, problems)
        if entry is not None:
            entries.append(entry)
    rolls = [entry.roll for entry in entries]
    if rolls != list(range(1, 13)) and len(entries) == len(body):
        found = ", ".join(map(str, rolls)) or "none"
        problems.append(
            Problem(
                file,
                block.line,
                f"chart {block.number} must list the entries 1 to 12 in order; found {found}",
            )
        )
    return ChartText(block.number, entries, block.line, Path(file).name, terrains)


def _chart_entry(
    line: str, number: int, chart_letter: str | None, file: str, problems: list[Problem]
) -> ChartLine | None:
    match = _CHART_ENTRY.fullmatch(line)
    if match is None:
        problems.append(
            Problem(file, number, f"{line!r} is not a chart entry like '12 Terrible Storm (F)'")
        )
        return None
    try:
        encounter = parse_encounter_name(match[2])
    except EncounterNameError as error:
        problems.append(Problem(file, number, f"chart entry {match[1]}: {error}"))
        return None
    roll = int(match[1])
    if not 1 <= roll <= 12:
        problems.append(
            Problem(file, number, f"chart entry {roll}: rolls go from 1 to 12; renumber the entry")
        )
        return None
    if encounter.matrix is None:
        if chart_letter is None:
            problems.append(
                Problem(
                    file,
                    number,
                    f"chart entry {match[1]} has no matrix letter: write e.g. "
                    f"'{match[1]} {encounter.name} (F)' or give the chart one letter",
                )
            )
            return None
        encounter = EncounterName(encounter.name, chart_letter, encounter.gender)
    return ChartLine(roll, encounter, number)


_LONGEST_HEADING = 80


def _heading_like(block: _Block, file: str) -> list[HeadingLike]:
    """Lines that are not headings but start with a few words and a colon."""
    found = []
    for number, line in block.body:
        words, colon, _ = line[: _LONGEST_HEADING + 1].partition(":")
        heading = _HEADING.fullmatch(line)
        if colon and words.strip() and not (heading and len(heading["names"]) >= 2):
            found.append(HeadingLike(block.number, words.strip(), number, file))
    return found


def _paragraph(block: _Block, file: str, problems: list[Problem]) -> Paragraph:
    intro: list[str] = []
    headed: list[tuple[int, re.Match[str], list[str]]] = []
    for number, line in block.body:
        heading = _HEADING.fullmatch(line)
        if heading and len(heading["names"]) >= 2:
            headed.append((number, heading, [heading["rest"]]))
        elif headed:
            headed[-1][2].append(line)
        else:
            intro.append(line)
    if not headed:
        no_skill = _section(NO_SKILL, False, intro, block.body[0][0], block, file, problems)
        return Paragraph(
            number=block.number,
            intro="",
            sections=no_skill,
            line=block.line,
            source=Path(file).name,
        )
    sections: list[Section] = []
    for number, heading, lines in headed:
        mandatory = heading["mandatory"] is not None
        sections += _section(heading["names"], mandatory, lines, number, block, file, problems)
    no_skill_count = sum(section.no_skill for section in sections)
    if no_skill_count != 1 and len(sections) == len(headed):
        problems.append(
            Problem(
                file,
                block.line,
                f"paragraph {block.number} has {no_skill_count} NO SKILL sections; "
                "it needs exactly one",
            )
        )
    return Paragraph(
        number=block.number,
        intro=" ".join(intro),
        sections=sections,
        line=block.line,
        source=Path(file).name,
    )


def _section(
    heading: str,
    mandatory: bool,
    lines: list[str],
    line: int,
    block: _Block,
    file: str,
    problems: list[Problem],
) -> list[Section]:
    """The section (as a one-item list), or no section and a problem."""
    reward = _split_reward(" ".join(part for part in lines if part))
    if reward is None:
        problems.append(
            Problem(
                file,
                line,
                f"paragraph {block.number}, {heading}: the section does not end with a "
                "reward code in square brackets, e.g. [S1] (or [] for none)",
            )
        )
        return []
    names = [] if heading == NO_SKILL else _ALTERNATIVES.split(heading)
    master = bool(names) and names[0].startswith("MASTER ")
    names = [name.removeprefix("MASTER ").strip() for name in names]
    return [
        Section(
            heading=heading,
            requirements=names,
            master=master,
            mandatory=mandatory,
            text=reward[0],
            reward_code=reward[1],
            line=line,
        )
    ]


def _split_reward(text: str) -> tuple[str, str] | None:
    """(text, code) for a section ending with ``[code]``, or None.

    >>> _split_reward("You escape. [D1/S1] ")
    ('You escape.', 'D1/S1')
    """
    text = text.rstrip()
    start = text.rfind("[")
    if not text.endswith("]") or start < 0 or "]" in text[start + 1 : -1]:
        return None
    return text[:start].strip(), text[start + 1 : -1].strip()
