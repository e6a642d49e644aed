"""Loading and validating a content pack folder (format: docs/content-format.md).

    >>> pack = load_pack("tests/arabian_nights/fixtures/mini")  # doctest: +SKIP
    >>> unreachable_paragraphs(pack)  # doctest: +SKIP
    []

`load_pack` either returns a whole, cross-checked `Pack` or raises `PackError` listing
every problem as ``file:line: what is wrong``; it never returns half a pack.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from rapidfuzz import fuzz, process

from companion.framework.errors import PackError, Problem
from companion.framework.packs import PackFileError, read_pack_text
from companion.games.arabian_nights.content.book_text import (
    MATRIX_LETTERS,
    BookText,
    ChartLine,
    ChartText,
    EncounterNameError,
    HeadingLike,
    numbered_lines,
    parse_book,
    parse_encounter_name,
)
from companion.games.arabian_nights.content.card_acts import parse_status_acts, parse_treasure_acts
from companion.games.arabian_nights.content.chart_terrain import check_chart_terrains
from companion.games.arabian_nights.content.pack import (
    CharacterCard,
    ChartEntry,
    CityCard,
    CityResult,
    DestinyBonus,
    EncounterChart,
    Matrix,
    MatrixTarget,
    Pack,
    Paragraph,
    ParagraphTarget,
    PlaceOfPower,
    Quest,
    QuestGoal,
    Reaction,
    RewardResult,
    Section,
    Skill,
    Space,
    Status,
    StatusActs,
    Target,
    TerrainCard,
    Treasure,
    TreasureActs,
    WealthLevel,
)
from companion.games.arabian_nights.content.reward_codes import (
    ChooseSpace,
    GoToParagraph,
    MoveTo,
    Opportunity,
    RewardCodeError,
    Vocabulary,
    normalise_name,
    parse_reward,
)
from companion.games.arabian_nights.content.spaces import allowed_spaces, no_space_fits

__all__ = [
    "PackError",
    "Problem",
    "load_pack",
    "matrix_table_problems",
    "read_pack",
    "reward_vocabulary",
    "unreachable_paragraphs",
]

WORLD, MATRICES, CARDS, BOOK = "world.txt", "matrices.txt", "cards.txt", "book.txt"
BOOK_PARTS = "book-*.txt"  # a long book may go on in book-2.txt, book-3.txt, ...
CITY_TERRAIN = "city"
OTHERWISE = "Otherwise"  # a terrain card's target for every terrain it does not name
_DIGITS = re.compile(r"[0-9]{1,6}")
_LARGEST_NUMBER = 999_999
_MOST_MOVES = 12  # the printed track gives at most 5; more would only slow the search
_MATRIX_TITLE = re.compile(r"matrix\s+(\S+)")
_COURT_MARK = re.compile(r"(.*?)\s*\(\s*opposite\s+gender\s*\)", re.IGNORECASE)
_MANDATORY = re.compile(r"\(\s*mandatory\s*\)", re.IGNORECASE)
_ALTERNATIVE_WORDS = re.compile(r",|\bor\b", re.IGNORECASE)
_MATRIX_TARGET = re.compile(r"matrix\s+([A-Za-z])", re.IGNORECASE)


def load_pack(path: str | Path) -> Pack:
    """Load and check the pack in folder ``path``; raise `PackError` listing every problem."""
    pack, problems = read_pack(path)
    if problems or pack is None:
        raise PackError(problems)
    return pack


def read_pack(path: str | Path) -> tuple[Pack | None, list[Problem]]:
    """The pack as far as it could be read, and its problems, without raising.

    Only for reports such as `companion check`: when there are problems the pack is
    incomplete (None when a file is missing) and must not be played.
    """
    loader = _Loader(Path(path))
    pack = loader.load()
    return pack, sorted(loader.problems, key=lambda problem: (problem.file, problem.line))


def matrix_table_problems(text: str) -> list[Problem]:
    """What is wrong with the matrices in ``text`` (as matrices.txt holds them), each with
    its line of ``text``; empty when they read as matrices.

    >>> [str(p) for p in matrix_table_problems("[matrix F]\\nreactions | Pray\\nTerrible | x\\n")]
    ["matrices.txt:3: matrix F, Terrible: a cell must be a whole number, not 'x'"]
    """
    loader = _Loader(Path())
    loader.read_matrices(loader.tables(MATRICES, text))
    return loader.problems


def reward_vocabulary(pack: Pack) -> Vocabulary:
    """The names the pack's reward codes may use, for `rewards.parse_reward`."""
    return Vocabulary(
        skills=list(pack.skills),
        statuses=list(pack.statuses),
        treasures=list(pack.treasures),
        places=list(pack.places),
        spaces=list(pack.spaces),
        wealth_levels=[level.name for level in pack.wealth_track],
    )


def unreachable_paragraphs(pack: Pack) -> list[int]:
    """Paragraphs and charts that no card, chart, Place of Power or reward ever leads to."""
    reached = _reachable(pack)
    return sorted(number for number in (*pack.paragraphs, *pack.charts) if number not in reached)


def _reachable(pack: Pack) -> set[int]:
    vocabulary = reward_vocabulary(pack)
    to_visit = list(_roots(pack, vocabulary))
    reached: set[int] = set()
    while to_visit:
        number = to_visit.pop()
        if number in reached:
            continue
        reached.add(number)
        if number in pack.charts:
            for entry in pack.charts[number].entries:
                to_visit += _row_paragraphs(pack, entry.matrix, entry.adjective)
            if pack.charts[number].terrains.otherwise is not None:
                to_visit.append(pack.charts[number].terrains.otherwise)
        elif number in pack.paragraphs:
            for section in pack.paragraphs[number].sections:
                to_visit += _reward_paragraphs(pack, section.reward_code, vocabulary)
    return reached


def _roots(pack: Pack, vocabulary: Vocabulary) -> Iterator[int]:
    for card in pack.character_cards:
        yield from (card.morning, card.noon, card.night)
    for terrain_card in pack.terrain_cards:
        for target in terrain_card.targets.values():
            yield from _target_paragraphs(pack, target)
    for city_card in pack.city_cards:
        yield city_card.paragraph
        for result in city_card.results.values():
            if isinstance(result, RewardResult):
                yield from _reward_paragraphs(pack, result.reward_code, vocabulary)
            else:
                yield from _target_paragraphs(pack, result)
    yield from (place.paragraph for place in pack.places.values())
    for quest in pack.quests:
        yield from _reward_paragraphs(pack, quest.reward_code, vocabulary)


def _target_paragraphs(pack: Pack, target: Target) -> list[int]:
    if isinstance(target, ParagraphTarget):
        return [target.paragraph]
    return _row_paragraphs(pack, target.matrix, target.row)


def _row_paragraphs(pack: Pack, letter: str, row: str) -> list[int]:
    cells = pack.matrices[letter].rows[row].values()
    return [number for cell in cells for number in (cell - 1, cell, cell + 1)]


def _reward_paragraphs(pack: Pack, code: str, vocabulary: Vocabulary) -> list[int]:
    numbers = []
    for effect in parse_reward(code, vocabulary):
        if isinstance(effect, GoToParagraph):
            numbers.append(effect.paragraph)
        elif isinstance(effect, Opportunity):
            numbers.append(pack.places[effect.place].paragraph)
        elif isinstance(effect, MoveTo) and effect.destination in pack.places:
            numbers.append(pack.places[effect.destination].paragraph)
    return numbers


Acts = StatusActs | TreasureActs
_Card = TypeVar("_Card", Skill, Status, Treasure)


@dataclass(frozen=True)
class _Columns:
    """How many cells rows of a table have, and what they are (for messages)."""

    fewest: int
    most: int
    layout: str


_WORLD_TABLES = {
    "pack": _Columns(2, 2, "setting | value, e.g. name | the pack's name"),
    "terrains": _Columns(1, 1, "terrain"),
    "wealth track": _Columns(3, 3, "level | land moves | sea moves"),
    "destiny bonus": _Columns(2, 2, "from Destiny points | bonus"),
    "skills": _Columns(2, 2, "name | description"),
    "statuses": _Columns(2, 3, "name | effect | what it does to the rules (optional)"),
    "treasures": _Columns(2, 3, "name | effect | what it does to the rules (optional)"),
    "places of power": _Columns(3, 3, "name | paragraph | exit space"),
    "spaces": _Columns(4, 6, "name | terrain | number | continent | land routes | sea routes"),
    "quests": _Columns(3, 3, "name | goals | [reward code]"),
    "continents": _Columns(1, 1, "continent"),
    "introductions": _Columns(
        2, 3, "name | a, an, the, some or none | plural or singular (optional)"
    ),
}
# The rulebook's conventions, which a pack may change in [pack] and [continents].
DEFAULT_SETTINGS = {"home": "Baghdad", "starting wealth": "Poor"}
DEFAULT_CONTINENTS = ("Arabia", "Europa", "Africa", "India", "Asia")
STARTING_SKILLS = 3  # dealt at random when the players ask for it
_SETTINGS = ("name", *DEFAULT_SETTINGS)
_REQUIREMENTS = ("skill", "status", "treasure")  # what a section heading may name
_PHRASE_MARKS = set("()[]{}|")  # they have a meaning in answer phrases; never in names
_REQUIRED_WORLD_TABLES = ("pack", "wealth track", "destiny bonus")
_CARD_TABLES = {
    "character cards": _Columns(4, 4, "name | morning | noon | night"),
    "terrain cards": _Columns(2, 99, "name | terrain: target | terrain: target ..."),
    "city cards": _Columns(9, 9, "name | paragraph | city | six results"),
}


@dataclass
class _Row:
    cells: list[str]
    line: int


@dataclass
class _Table:
    typed: str
    line: int
    rows: list[_Row] = field(default_factory=list)

    @property
    def title(self) -> str:
        """The title in lower case, for comparisons."""
        return self.typed.lower()


@dataclass
class _Declared:
    kind: str
    name: str
    line: int


class _Loader:
    """Reads the four files of one pack, collecting every problem on the way."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.problems: list[Problem] = []
        self.names: dict[str, _Declared] = {}
        self.terrains: dict[str, str] = {}
        self.matrices: dict[str, Matrix] = {}
        self.matrix_lines: dict[tuple[str, str], int] = {}
        self.setting_lines: dict[str, int] = {}
        self.continents: dict[str, str] = {}
        self.heading_like: list[HeadingLike] = []

    def problem(self, file: str, line: int, message: str) -> None:
        self.problems.append(Problem(str(self.folder / file), line, message))

    def problem_at(self, source: str, line: int, message: str) -> None:
        """A problem in the book file ``source`` (a file name of the pack's folder)."""
        self.problem(Path(source).name, line, message)

    def load(self) -> Pack | None:
        if not self.folder.is_dir():
            self.problem("", 0, "is not a folder: a pack is a folder of four text files")
            return None
        extra_books = sorted(path.name for path in self.folder.glob(BOOK_PARTS))
        texts = {name: self.read(name) for name in (WORLD, MATRICES, CARDS, BOOK, *extra_books)}
        if any(text is None for text in texts.values()):
            return None
        world = self.world(self.tables(WORLD, texts[WORLD] or ""))
        self.matrices = self.read_matrices(self.tables(MATRICES, texts[MATRICES] or ""))
        book = BookText()
        for name in (BOOK, *extra_books):
            parse_book(texts[name] or "", str(self.folder / name), book)
        told = book.told_paragraphs()
        self.problems += book.problems
        self.heading_like = book.heading_like
        cards = self.cards(self.tables(CARDS, texts[CARDS] or ""))
        paragraphs = {p.number: self.resolve_requirements(p) for p in told}
        pack = Pack(
            paragraphs=paragraphs,
            charts={chart.number: self.resolve_chart(chart) for chart in book.charts},
            matrices=self.matrices,
            **cards,
            **world,
        )
        _CrossCheck(self, pack).run()
        return pack

    def read(self, name: str) -> str | None:
        try:
            return read_pack_text(self.folder / name, self.folder, encoding="utf-8-sig")
        except PackFileError as error:
            self.problem(name, 0, str(error).removeprefix(f"{self.folder / name} "))
        except FileNotFoundError:
            self.problem(name, 0, f"missing: a pack needs {WORLD}, {MATRICES}, {CARDS}, {BOOK}")
        except (OSError, UnicodeDecodeError) as error:
            self.problem(name, 0, f"cannot be read as UTF-8 text: {error}")
        return None

    # ---- tables -------------------------------------------------------------------------

    def tables(self, file: str, text: str) -> list[_Table]:
        tables: list[_Table] = []
        for number, line in numbered_lines(text):
            if title := _title(line):
                tables.append(_Table(title, number))
            elif tables:
                tables[-1].rows.append(_Row([cell.strip() for cell in line.split("|")], number))
            else:
                self.problem(file, number, "a row before any [table] title")
        return tables

    def known_tables(
        self, file: str, tables: list[_Table], known: dict[str, _Columns]
    ) -> dict[str, list[_Row]]:
        rows: dict[str, list[_Row]] = {title: [] for title in known}
        for table in tables:
            columns = known.get(table.title)
            if columns is None:
                titles = ", ".join(f"[{title}]" for title in known)
                self.problem(file, table.line, f"unknown table [{table.typed}]; use {titles}")
                continue
            rows[table.title] += [row for row in table.rows if self.fits(file, table, row)]
        return rows

    def fits(self, file: str, table: _Table, row: _Row, columns: _Columns | None = None) -> bool:
        columns = columns or _WORLD_TABLES.get(table.title) or _CARD_TABLES[table.title]
        if columns.fewest <= len(row.cells) <= columns.most:
            return True
        wanted = (
            str(columns.fewest)
            if columns.fewest == columns.most
            else f"{columns.fewest} to {columns.most}"
        )
        self.problem(
            file,
            row.line,
            f"[{table.typed}] rows have {wanted} cells ({columns.layout}); "
            f"this one has {len(row.cells)}",
        )
        return False

    def integer(
        self, file: str, line: int, cell: str, what: str, most: int = _LARGEST_NUMBER
    ) -> int | None:
        """The cell as a number from 0 to ``most`` (written with the digits 0-9), or None
        and a problem."""
        number = _number(cell)
        if number is not None and number <= most:
            return number
        if number is not None or (cell.isascii() and cell.isdigit()):
            self.problem(
                file, line, f"{what} must be a whole number from 0 to {most}, not {_shown(cell)}"
            )
        else:
            digits = " (write it with the digits 0-9)" if cell.isnumeric() else ""
            self.problem(file, line, f"{what} must be a whole number, not {_shown(cell)}{digits}")
        return None

    def declare(self, kind: str, name: str, file: str, line: int) -> bool:
        """Record a skill, status, treasure, space or place name; False if already used."""
        key = normalise_name(name)
        if not key:
            self.problem(file, line, f"a {kind} without a name")
            return False
        if not self.sayable(file, line, f"the {kind} {name!r}", name):
            return False
        if key in self.names:
            first = self.names[key]
            self.problem(
                file,
                line,
                f"{name!r} is already declared as a {first.kind} (line {first.line}); "
                "names must all differ",
            )
            return False
        self.names[key] = _Declared(kind, name, line)
        return True

    def sayable(self, file: str, line: int, what: str, name: str) -> bool:
        """Whether a name players say is free of the marks answer phrases give a meaning."""
        marks = "".join(sorted(_PHRASE_MARKS & set(name)))
        if marks:
            self.problem(file, line, f"{what}: leave out {marks!r} (names are said aloud)")
        return not marks

    # ---- world.txt ----------------------------------------------------------------------

    def world(self, tables: list[_Table]) -> dict[str, object]:
        rows = self.known_tables(WORLD, tables, _WORLD_TABLES)
        for title in _REQUIRED_WORLD_TABLES:
            if not rows[title]:
                self.problem(WORLD, 0, f"missing table [{title}], or it has no valid rows")
        for row in rows["terrains"]:
            self.terrains.setdefault(normalise_name(row.cells[0]), row.cells[0])
        self.skill_count(rows["skills"])
        settings = self.settings(rows["pack"])
        continents = [row.cells[0] for row in rows["continents"]] or list(DEFAULT_CONTINENTS)
        self.continents = {normalise_name(name): name for name in continents}
        world: dict[str, object] = {
            "name": settings["name"],
            "home": settings["home"],
            "starting_wealth": settings["starting wealth"],
            "continents": list(self.continents.values()),
            "terrains": list(self.terrains.values()),
            "wealth_track": self.wealth_track(rows["wealth track"]),
            "destiny_bonuses": self.destiny_bonuses(rows["destiny bonus"]),
            "skills": self.declared("skill", rows["skills"], self.skill),
            "statuses": self.declared("status", rows["statuses"], self.status),
            "treasures": self.declared("treasure", rows["treasures"], self.treasure),
            "spaces": self.spaces(rows["spaces"]),
            "places": self.places(rows["places of power"]),
            "introductions": self.introductions(rows["introductions"]),
            "plural": self.plurals(rows["introductions"]),
        }
        world["quests"] = [self.quest(row, world["wealth_track"]) for row in rows["quests"]]
        world["statuses"] = self.barred_spaces(world["statuses"], rows["statuses"])
        return world

    def quest(self, row: _Row, track: list[WealthLevel]) -> Quest:
        """A quest row: its goals (spaces to visit, ``meet X``, ``hold X``, ``reach X``)."""
        what = f"quest {row.cells[0]}"
        goals = [self.quest_goal(row.line, item, what, track) for item in _list(row.cells[1])]
        return Quest(
            name=row.cells[0],
            goals=[goal for goal in goals if goal is not None],
            reward_code=_unbracket(row.cells[2]),
            line=row.line,
        )

    def quest_goal(
        self, line: int, item: str, what: str, track: list[WealthLevel]
    ) -> QuestGoal | None:
        kind, _, name = item.partition(" ")
        kind = kind.casefold()
        if kind == "meet" and name.strip():
            return QuestGoal(kind="meet", name=" ".join(name.split()))
        if kind == "hold" and name.strip():
            declared = self.names.get(normalise_name(name))
            if declared is None or declared.kind not in _REQUIREMENTS:
                self.problem(WORLD, line, f"{what}: {name!r} is not a skill, status or treasure")
                return None
            return QuestGoal(kind="hold", name=declared.name)
        if kind == "reach" and name.strip():
            wanted = normalise_name(name)
            level = next((lv.name for lv in track if normalise_name(lv.name) == wanted), None)
            if level is None:
                self.problem(WORLD, line, f"{what}: {name!r} is not on the [wealth track]")
                return None
            return QuestGoal(kind="reach", name=level)
        return QuestGoal(name=self.space_name(WORLD, line, item, what))

    def introductions(self, rows: list[_Row]) -> dict[str, str]:
        """How names are introduced when met (a, an, the, or none)."""
        words = {}
        for row in rows:
            article = row.cells[1].strip().lower()
            if article not in ("a", "an", "the", "some", "none"):
                self.problem(
                    WORLD,
                    row.line,
                    f"{row.cells[0]}: write a, an, the, some or none, not {article!r}",
                )
                continue
            words[" ".join(row.cells[0].split())] = "" if article == "none" else article
        return words

    def plurals(self, rows: list[_Row]) -> dict[str, bool]:
        """The names an ``[introductions]`` row says are plural or singular (for the verb
        that follows them: "the Strange Lights carry you")."""
        said = {}
        for row in rows:
            if len(row.cells) < 3:
                continue
            number = row.cells[2].strip().lower()
            if number not in ("plural", "singular"):
                self.problem(
                    WORLD, row.line, f"{row.cells[0]}: write plural or singular, not {number!r}"
                )
                continue
            said[" ".join(row.cells[0].split())] = number == "plural"
        return said

    def barred_spaces(self, statuses: object, rows: list[_Row]) -> dict[str, Status]:
        """Statuses whose spaces ("barred from Baghdad") are spaces of the map, in the map's
        spelling; a name that is no space is reported on the status's line."""
        lines = {row.cells[0]: row.line for row in rows}
        checked = {}
        for name, status in statuses.items():  # type: ignore[attr-defined]
            spaces = [
                self.space_name(WORLD, lines.get(name, 0), space, f"{name}: barred from")
                for space in status.acts.barred
            ]
            acts = status.acts.model_copy(update={"barred": spaces})
            checked[name] = status.model_copy(update={"acts": acts})
        return checked

    def declared(
        self, kind: str, rows: list[_Row], card: Callable[[_Row], _Card]
    ) -> dict[str, _Card]:
        """The ``card`` of each row by its name, but for a name that is already taken or
        cannot be said (reported)."""
        return {
            row.cells[0]: card(row)
            for row in rows
            if self.declare(kind, row.cells[0], WORLD, row.line)
        }

    def skill(self, row: _Row) -> Skill:
        return Skill(name=row.cells[0], description=row.cells[1])

    def status(self, row: _Row) -> Status:
        acts = self.acts(row, parse_status_acts, StatusActs())
        return Status(name=row.cells[0], effect=row.cells[1], acts=acts)

    def treasure(self, row: _Row) -> Treasure:
        acts = self.acts(row, parse_treasure_acts, TreasureActs())
        return Treasure(name=row.cells[0], effect=row.cells[1], acts=acts, line=row.line)

    def acts(self, row: _Row, parse: Callable[..., Acts], nothing: Acts) -> Acts:
        """What a status or treasure does (its optional third cell); problems reported."""
        if len(row.cells) < 3 or not row.cells[2].strip():
            return nothing
        try:
            return parse(row.cells[2], self.card_name)
        except ValueError as error:
            self.problem(WORLD, row.line, f"{row.cells[0]}: {error}")
            return nothing

    def card_name(self, name: str) -> str:
        """The declared spelling of a skill or status named in a card's effects."""
        declared = self.names.get(normalise_name(name))
        if declared is None or declared.kind not in ("skill", "status"):
            raise ValueError(f"{name.strip()!r} is not a skill or status of world.txt")
        return declared.name

    def space_name(self, file: str, line: int, name: str, what: str) -> str:
        """The map's spelling of a space name, reporting names that are not spaces."""
        declared = self.names.get(normalise_name(name))
        if declared is None or declared.kind != "space":
            self.problem(file, line, f"{what}: {name!r} is not a space of [spaces]")
            return name
        return declared.name

    def settings(self, rows: list[_Row]) -> dict[str, str]:
        """The [pack] rows: its name, and the conventions it may change (with defaults)."""
        settings = {"name": "", **DEFAULT_SETTINGS}
        for row in rows:
            key = " ".join(row.cells[0].lower().split())
            if key in _SETTINGS:
                settings[key] = " ".join(row.cells[1].split())
                self.setting_lines[key] = row.line
            else:
                known = ", ".join(f"'{name} | ...'" for name in _SETTINGS)
                self.problem(WORLD, row.line, f"[pack] rows are {known}; not {row.cells[0]!r}")
        self.setting_lines.setdefault("home", self.setting_lines.get("name", 0))
        self.setting_lines.setdefault("starting wealth", self.setting_lines.get("name", 0))
        return settings

    def skill_count(self, rows: list[_Row]) -> None:
        if len(rows) < STARTING_SKILLS:
            line = rows[-1].line if rows else 0
            self.problem(
                WORLD,
                line,
                f"[skills] lists {len(rows)} skills; players may be dealt {STARTING_SKILLS} at "
                f"random, so list at least {STARTING_SKILLS}",
            )

    def wealth_track(self, rows: list[_Row]) -> list[WealthLevel]:
        levels = []
        for row in rows:
            land = self.integer(WORLD, row.line, row.cells[1], "land moves", _MOST_MOVES)
            sea = self.integer(WORLD, row.line, row.cells[2], "sea moves", _MOST_MOVES)
            # A level with a bad rate is kept (the problem is reported), so that reward
            # codes naming it are not reported as well.
            levels.append(WealthLevel(name=row.cells[0], land=land or 0, sea=sea or 0))
        return levels

    def destiny_bonuses(self, rows: list[_Row]) -> list[DestinyBonus]:
        bonuses: list[DestinyBonus] = []
        for row in rows:
            minimum = self.integer(WORLD, row.line, row.cells[0], "Destiny points")
            bonus = self.integer(WORLD, row.line, row.cells[1], "the bonus")
            if minimum is None or bonus is None:
                continue
            if bonuses and minimum <= bonuses[-1].minimum:
                self.problem(WORLD, row.line, "[destiny bonus] rows go from the lowest number up")
            bonuses.append(DestinyBonus(minimum=minimum, bonus=bonus))
        return bonuses

    def places(self, rows: list[_Row]) -> dict[str, PlaceOfPower]:
        places = {}
        for row in rows:
            paragraph = self.integer(WORLD, row.line, row.cells[1], "the paragraph")
            if paragraph is not None and self.declare(
                "Place of Power", row.cells[0], WORLD, row.line
            ):
                exit_space = self.space_name(
                    WORLD, row.line, row.cells[2], f"Place of Power {row.cells[0]}: exit"
                )
                places[row.cells[0]] = PlaceOfPower(
                    name=row.cells[0], paragraph=paragraph, exit_space=exit_space, line=row.line
                )
        return places

    def spaces(self, rows: list[_Row]) -> dict[str, Space]:
        """The spaces, with each route known on both of its ends."""
        spaces: dict[str, Space] = {}
        for row in rows:
            name, terrain, number, continent, *routes = row.cells + [""] * (6 - len(row.cells))
            known_terrain = self.terrains.get(normalise_name(terrain))
            if known_terrain is None:
                self.problem(WORLD, row.line, f"space {name}: {terrain!r} is not in [terrains]")
            if normalise_name(continent) not in self.continents:
                self.problem(
                    WORLD,
                    row.line,
                    f"space {name}: the continent {continent!r} is not one of "
                    f"{', '.join(self.continents.values())}; fix its spelling, or list the "
                    "pack's continents in a table [continents]",
                )
            continent = self.continents.get(normalise_name(continent), continent)
            printed = None if number == "-" else self.integer(WORLD, row.line, number, "number")
            if self.declare("space", name, WORLD, row.line):
                spaces[name] = Space(
                    name=name,
                    terrain=known_terrain or terrain,
                    number=printed,
                    continent=continent,
                    land=_list(routes[0]),
                    sea=_list(routes[1]),
                    city=normalise_name(terrain) == CITY_TERRAIN,
                    line=row.line,
                )
        return self.linked(spaces)

    def linked(self, spaces: dict[str, Space]) -> dict[str, Space]:
        routes: dict[tuple[str, str], set[str]] = {}
        for space in spaces.values():
            for kind, neighbours in (("land", space.land), ("sea", space.sea)):
                for typed in neighbours:
                    what = f"space {space.name}: {kind} route"
                    neighbour = self.space_name(WORLD, space.line, typed, what)
                    if neighbour in spaces:
                        routes.setdefault((space.name, kind), set()).add(neighbour)
                        routes.setdefault((neighbour, kind), set()).add(space.name)
        return {
            name: space.model_copy(
                update={
                    "land": sorted(routes.get((name, "land"), ())),
                    "sea": sorted(routes.get((name, "sea"), ())),
                }
            )
            for name, space in spaces.items()
        }

    # ---- matrices.txt -------------------------------------------------------------------

    def read_matrices(self, tables: list[_Table]) -> dict[str, Matrix]:
        matrices: dict[str, Matrix] = {}
        for table in tables:
            title = _MATRIX_TITLE.fullmatch(table.title)
            if title is None:
                self.problem(MATRICES, table.line, f"unknown table [{table.typed}]; use [matrix A]")
                continue
            letter = title[1].upper()
            if len(letter) != 1 or letter not in MATRIX_LETTERS:
                self.problem(MATRICES, table.line, f"matrix {letter}: letters go from A to O")
            elif letter in matrices:
                self.problem(MATRICES, table.line, f"matrix {letter} is defined twice")
            else:
                matrices[letter] = self.matrix(letter, table)
        return dict(sorted(matrices.items()))

    def matrix(self, letter: str, table: _Table) -> Matrix:
        header, *rows = table.rows or [_Row([], table.line)]
        if not header.cells or header.cells[0].lower() != "reactions":
            self.problem(
                MATRICES,
                header.line,
                f"matrix {letter}: the first row must be 'reactions | Reaction | Reaction ...'",
            )
            return Matrix(letter=letter, reactions=[], rows={}, line=table.line)
        reactions = [_reaction(cell) for cell in header.cells[1:]]
        for reaction in reactions:
            self.sayable(
                MATRICES, header.line, f"matrix {letter}: reaction {reaction.name!r}", reaction.name
            )
        columns = _Columns(len(header.cells), len(header.cells), header.cells[0] + " ...")
        cells: dict[str, dict[str, int]] = {}
        for row in rows:
            self.fits(MATRICES, table, row, columns)
            name = " ".join(row.cells[0].split())
            if (letter, normalise_name(name)) in self.matrix_lines:
                self.problem(MATRICES, row.line, f"matrix {letter}: row {name} appears twice")
                continue
            self.matrix_lines[(letter, normalise_name(name))] = row.line
            what = f"matrix {letter}, {name}: a cell"
            numbers = [self.integer(MATRICES, row.line, cell, what) for cell in row.cells[1:]]
            cells[name] = {
                reaction.name: number
                for reaction, number in zip(reactions, numbers, strict=False)
                if number is not None
            }
        return Matrix(letter=letter, reactions=reactions, rows=cells, line=table.line)

    def matrix_row(self, letter: str, name: str) -> tuple[str, str] | str:
        """(row, rest of the name) for an encounter name, or what is wrong."""
        matrix = self.matrices.get(letter)
        if matrix is None:
            return f"matrix {letter} is not in {MATRICES}"
        found = matrix.split_name(name)
        if found is None:
            first = name.split()[0] if name.split() else name
            return f"matrix {letter} has no row {first!r} (rows: {', '.join(matrix.rows)})"
        return found

    # ---- book.txt -----------------------------------------------------------------------

    def resolve_chart(self, chart: ChartText) -> EncounterChart:
        """The chart with the entries that could be resolved (all of them in a valid pack)."""
        entries = [self.chart_entry(chart.number, chart.source, line) for line in chart.entries]
        return EncounterChart(
            number=chart.number,
            entries=[entry for entry in entries if entry],
            line=chart.line,
            source=chart.source,
            terrains=chart.terrains,
        )

    def chart_entry(self, chart: int, source: str, entry: ChartLine) -> ChartEntry | None:
        letter = entry.encounter.matrix or ""
        row = self.matrix_row(letter, entry.encounter.name)
        if isinstance(row, str):
            self.problem(source, entry.line, f"chart {chart}, entry {entry.roll}: {row}")
            return None
        return ChartEntry(
            roll=entry.roll,
            adjective=row[0],
            noun=row[1],
            matrix=letter,
            gender=entry.encounter.gender,
            line=entry.line,
        )

    def resolve_requirements(self, paragraph: Paragraph) -> Paragraph:
        """The paragraph with its requirement names spelled as declared in world.txt."""
        sections = [self.resolve_section(paragraph, section) for section in paragraph.sections]
        return paragraph.model_copy(update={"sections": sections})

    def resolve_section(self, paragraph: Paragraph, section: Section) -> Section:
        names = []
        for typed in section.requirements:
            declared = self.names.get(normalise_name(typed))
            where = f"paragraph {paragraph.number}, {section.heading}"
            if declared is None or declared.kind not in _REQUIREMENTS:
                self.problem(
                    paragraph.source,
                    section.line,
                    f"{where}: {typed!r} is not a skill, status or treasure",
                )
            elif section.master and declared.kind != "skill":
                self.problem(
                    paragraph.source,
                    section.line,
                    f"{where}: MASTER needs skills; {declared.name} is a {declared.kind}",
                )
            else:
                names.append(declared.name)
        return section.model_copy(update={"requirements": names})

    # ---- cards.txt ----------------------------------------------------------------------

    def cards(self, tables: list[_Table]) -> dict[str, list]:
        rows = self.known_tables(CARDS, tables, _CARD_TABLES)
        seen: dict[str, int] = {}
        for row in (row for table_rows in rows.values() for row in table_rows):
            key = normalise_name(row.cells[0])
            if key in seen:
                self.problem(
                    CARDS, row.line, f"card {row.cells[0]!r} already appears at line {seen[key]}"
                )
            seen.setdefault(key, row.line)
            self.sayable(CARDS, row.line, f"card {row.cells[0]!r}", row.cells[0])
        return {
            "character_cards": [
                card for row in rows["character cards"] if (card := self.character_card(row))
            ],
            "terrain_cards": [
                card for row in rows["terrain cards"] if (card := self.terrain_card(row))
            ],
            "city_cards": [card for row in rows["city cards"] if (card := self.city_card(row))],
        }

    def character_card(self, row: _Row) -> CharacterCard | None:
        times = ("morning", "noon", "night")
        numbers = [
            self.integer(CARDS, row.line, cell, time)
            for cell, time in zip(row.cells[1:], times, strict=True)
        ]
        if None in numbers:
            return None
        return CharacterCard(
            name=row.cells[0], **dict(zip(times, numbers, strict=True)), line=row.line
        )

    def terrain_card(self, row: _Row) -> TerrainCard | None:
        targets: dict[str, Target] = {}
        for cell in row.cells[1:]:
            terrain, colon, written = cell.partition(":")
            known = self.terrains.get(normalise_name(terrain))
            if normalise_name(terrain) == normalise_name(OTHERWISE):
                known = OTHERWISE
            if not colon or known is None:
                self.problem(
                    CARDS,
                    row.line,
                    f"terrain card {row.cells[0]}: {cell!r} should be 'terrain: target' "
                    "with a terrain of [terrains]",
                )
            elif target := self.target(written.strip(), row.cells[0], row.line):
                targets[known] = target
        if len(targets) != len(row.cells) - 1:
            return None
        return TerrainCard(name=row.cells[0], targets=targets, line=row.line)

    def city_card(self, row: _Row) -> CityCard | None:
        name, paragraph_cell, city, *written = row.cells
        paragraph = self.integer(
            CARDS, row.line, paragraph_cell, f"city card {name}: the paragraph"
        )
        results: dict[int, CityResult] = {}
        for roll, cell in enumerate(written, start=1):
            if cell.startswith("[") and cell.endswith("]"):
                results[roll] = RewardResult(reward_code=_unbracket(cell))
            elif target := self.target(cell, name, row.line):
                results[roll] = target
        city = self.space_name(CARDS, row.line, city, f"city card {name}")
        if paragraph is None or len(results) != 6:
            return None
        return CityCard(name=name, paragraph=paragraph, city=city, results=results, line=row.line)

    def target(self, written: str, card: str, line: int) -> Target | None:
        if written.isnumeric():
            number = self.integer(CARDS, line, written, f"card {card}: a paragraph number")
            return None if number is None else ParagraphTarget(paragraph=number)
        if matrix := _MATRIX_TARGET.fullmatch(written):
            letter = matrix[1].upper()
            found = self.matrix_row(letter, card)
            if isinstance(found, str) or found[1]:
                self.problem(CARDS, line, f"card {card}: matrix {letter} needs a row {card!r}")
                return None
            return MatrixTarget(matrix=letter, row=found[0], name=card)
        try:
            encounter = parse_encounter_name(written)
        except EncounterNameError as error:
            self.problem(CARDS, line, f"card {card}: {error}")
            return None
        if encounter.matrix is None:
            self.problem(
                CARDS,
                line,
                f"card {card}: {written!r} is not a paragraph number, 'matrix N', "
                "an encounter like 'Mad Ghul (K)' or a [reward]",
            )
            return None
        row = self.matrix_row(encounter.matrix, encounter.name)
        if isinstance(row, str):
            self.problem(CARDS, line, f"card {card}: {row}")
            return None
        return MatrixTarget(
            matrix=encounter.matrix, row=row[0], name=encounter.name, gender=encounter.gender
        )


class _CrossCheck:
    """The checks that need the whole pack: references between files, reward codes."""

    def __init__(self, loader: _Loader, pack: Pack) -> None:
        self.loader = loader
        self.pack = pack
        self.vocabulary = reward_vocabulary(pack)

    def run(self) -> None:
        self.matrix_cells()
        self.card_references()
        self.terrain_coverage()
        self.world_references()
        self.settings()
        self.reward_codes()
        self.go_to_loops()
        self.heading_like()
        check_chart_terrains(self.pack, self.loader.problem_at)

    def heading_like(self) -> None:
        """Lines written like a heading that the book reads as text of the section before."""
        for found in self.loader.heading_like:
            words = " ".join(found.words.split())
            fixed = self.heading_fix(words)
            if fixed is not None:
                self.loader.problem(
                    found.source,
                    found.line,
                    f"paragraph {found.paragraph}: '{words}:' looks like a heading but is not "
                    f"one, so it is read aloud as part of the section before; write it "
                    f"'{fixed}:' (a heading is in CAPITALS, with (mandatory) after the names)",
                )

    def heading_fix(self, words: str) -> str | None:
        """How to write ``words`` as a heading, when they name a section; else None.

        A line of story text may well start "He says:"; only names of world.txt (or NO
        SKILL), with MASTER, OR, commas and (mandatory), make it a heading gone wrong.
        """
        mandatory = bool(_MANDATORY.search(words))
        names = _MANDATORY.sub(" ", words)
        names = re.sub(r"^\s*master\s+", "", names, flags=re.IGNORECASE)
        alternatives = [part for part in _ALTERNATIVE_WORDS.split(names) if part.strip()]
        requirements = [
            key for key, declared in self.loader.names.items() if declared.kind in _REQUIREMENTS
        ]
        known = [
            _closest(normalise_name(name), ["no skill", *requirements]) for name in alternatives
        ]
        if not known or None in known:
            return None
        master = "MASTER " if re.match(r"\s*master\s", words, re.IGNORECASE) else ""
        heading = master + " OR ".join(str(name).upper() for name in known)
        return heading + (" (mandatory)" if mandatory else "")

    def settings(self) -> None:
        pack, lines = self.pack, self.loader.setting_lines
        if pack.home not in pack.spaces:
            default = " (the default)" if pack.home == DEFAULT_SETTINGS["home"] else ""
            self.loader.problem(
                WORLD,
                lines["home"],
                f"everyone starts and declares victory in {pack.home}{default}, which is not a "
                "space of [spaces]: add it, or name the home space with 'home | Space' in [pack]",
            )
        if pack.starting_wealth not in [level.name for level in pack.wealth_track]:
            default = " (the default)" if pack.starting_wealth == "Poor" else ""
            self.loader.problem(
                WORLD,
                lines["starting wealth"],
                f"everyone starts {pack.starting_wealth}{default}, which is not on the "
                "[wealth track]: add that level, or name the starting level with "
                "'starting wealth | Level' in [pack]",
            )

    def terrain_coverage(self) -> None:
        for card in self.pack.terrain_cards:
            missing = [terrain for terrain in self.pack.terrains if terrain not in card.targets]
            if missing and OTHERWISE not in card.targets:
                self.loader.problem(
                    CARDS,
                    card.line,
                    f"terrain card {card.name} has nothing for {', '.join(missing)}: give each "
                    f"terrain a target, or add '{OTHERWISE}: target' for the terrains left out",
                )

    def go_to_loops(self) -> None:
        """Report each paragraph whose Go to leads back to it (play would never end)."""
        follows = {
            number: sorted(self.go_to_targets(paragraph))
            for number, paragraph in self.pack.paragraphs.items()
        }
        for number, paragraph in self.pack.paragraphs.items():
            loop = _loop_back(number, follows)
            if loop and number == min(loop):  # once per loop
                path = " -> ".join(map(str, loop))
                self.loader.problem(
                    paragraph.source,
                    paragraph.line,
                    f"paragraph {number}: its Go to leads back to it ({path}), and play would "
                    "never end; make one of these Go to lead on to another paragraph",
                )

    def go_to_targets(self, paragraph: Paragraph) -> set[int]:
        targets = set()
        for section in paragraph.sections:
            try:
                effects = parse_reward(section.reward_code, self.vocabulary)
            except RewardCodeError:
                continue
            targets |= {effect.paragraph for effect in effects if isinstance(effect, GoToParagraph)}
        return targets

    def paragraph(self, file: str, line: int, number: int, what: str) -> None:
        """Report ``number`` when the pack has text and no paragraph or chart of that number."""
        pack = self.pack
        if pack.has_text and number not in pack.paragraphs and number not in pack.charts:
            self.loader.problem(file, line, f"{what}: paragraph {number} is not in the book")

    def matrix_cells(self) -> None:
        if not self.pack.has_text:
            return
        for letter, matrix in self.pack.matrices.items():
            for row, cells in matrix.rows.items():
                line = self.loader.matrix_lines[(letter, normalise_name(row))]
                for reaction, cell in cells.items():
                    for number in (cell - 1, cell, cell + 1):
                        if number not in self.pack.paragraphs:
                            self.loader.problem(
                                MATRICES,
                                line,
                                f"matrix {letter}, {row}, {reaction}: the cell {cell} needs "
                                f"paragraphs {cell - 1} to {cell + 1}; {number} is not a result "
                                "paragraph of the book",
                            )

    def card_references(self) -> None:
        for card in self.pack.character_cards:
            for time in ("morning", "noon", "night"):
                self.paragraph(
                    CARDS, card.line, card.paragraph_at(time), f"card {card.name}, {time}"
                )
        for terrain_card in self.pack.terrain_cards:
            for terrain, target in terrain_card.targets.items():
                if isinstance(target, ParagraphTarget):
                    self.paragraph(
                        CARDS,
                        terrain_card.line,
                        target.paragraph,
                        f"card {terrain_card.name}, {terrain}",
                    )
        for city_card in self.pack.city_cards:
            where = f"city card {city_card.name}"
            self.paragraph(CARDS, city_card.line, city_card.paragraph, where)
            for roll, result in city_card.results.items():
                if isinstance(result, ParagraphTarget):
                    self.paragraph(
                        CARDS, city_card.line, result.paragraph, f"{where}, result {roll}"
                    )
                elif isinstance(result, RewardResult):
                    self.reward_code(
                        CARDS, city_card.line, result.reward_code, f"{where}, result {roll}"
                    )

    def world_references(self) -> None:
        for place in self.pack.places.values():
            self.paragraph(WORLD, place.line, place.paragraph, f"Place of Power {place.name}")
        met = self.encounter_names()
        for quest in self.pack.quests:
            self.reward_code(WORLD, quest.line, quest.reward_code, f"quest {quest.name}")
            for goal in quest.goals:
                if goal.kind == "meet" and not any(goal.met_by(name) for name in met):
                    self.loader.problem(
                        WORLD,
                        quest.line,
                        f"quest {quest.name}: nothing the pack lets a hero meet is called "
                        f"{goal.name!r} (chart entries and cards name what is met)",
                    )
        for treasure in self.pack.treasures.values():
            if treasure.acts.use is not None:
                where = f"{treasure.name}: use"
                self.reward_code(WORLD, treasure.line, treasure.acts.use, where)

    def encounter_names(self) -> set[str]:
        """Every name "the other" may stand for: chart entries, encounters named by cards,
        the cards themselves, Places of Power."""
        pack = self.pack
        names = {entry.name for chart in pack.charts.values() for entry in chart.entries}
        targets = [target for card in pack.terrain_cards for target in card.targets.values()]
        targets += [result for card in pack.city_cards for result in card.results.values()]
        names |= {target.name for target in targets if isinstance(target, MatrixTarget)}
        names |= {card.name for card in [*pack.terrain_cards, *pack.city_cards]}
        return names | set(pack.places)

    def reward_codes(self) -> None:
        for paragraph in self.pack.paragraphs.values():
            for section in paragraph.sections:
                where = f"paragraph {paragraph.number}, {section.heading}"
                self.reward_code(paragraph.source, section.line, section.reward_code, where)

    def reward_code(self, file: str, line: int, code: str, where: str) -> None:
        try:
            effects = parse_reward(code, self.vocabulary)
        except RewardCodeError as error:
            self.loader.problem(file, line, f"{where}: {error}")
            return
        for effect in effects:
            if isinstance(effect, GoToParagraph):
                self.paragraph(file, line, effect.paragraph, f"{where}: Go to")
            elif isinstance(effect, ChooseSpace):
                self.free_move(file, line, effect, where)

    def free_move(self, file: str, line: int, effect: ChooseSpace, where: str) -> None:
        """A free move must allow some space of the map (a partial map is not checked)."""
        if self.pack.spaces and not allowed_spaces(self.pack, effect):
            self.loader.problem(file, line, f"{where}: {no_space_fits(effect)}")


def _closest(name: str, names: list[str]) -> str | None:
    """``name`` if it is in ``names``, else the one it is a near miss of (a typo), or None.

    >>> _closest("seamanshp", ["piety", "seamanship"]), _closest("he says", ["piety"])
    ('seamanship', None)
    """
    if name in names:
        return name
    found = process.extractOne(name, names, scorer=fuzz.ratio, score_cutoff=85)
    return found[0] if found else None


def _loop_back(start: int, follows: dict[int, list[int]]) -> list[int]:
    """The shortest chain of Go to from ``start`` back to ``start``, or [] if there is none.

    >>> _loop_back(1, {1: [2], 2: [3, 1], 3: []})
    [1, 2, 1]
    """
    came_from: dict[int, int] = {}
    queue = deque([start])
    while queue:
        number = queue.popleft()
        for following in follows.get(number, []):
            if following == start:
                chain = [number]
                while chain[-1] != start:
                    chain.append(came_from[chain[-1]])
                return [*reversed(chain), start]
            if following not in came_from:
                came_from[following] = number
                queue.append(following)
    return []


def _title(line: str) -> str | None:
    """The title of a ``[table]`` line, spaces collapsed, or None for any other line.

    >>> _title("[ wealth  track ]"), _title("[a] | [b]")
    ('wealth track', None)
    """
    inside = line[1:-1]
    if line.startswith("[") and line.endswith("]") and not set("[]") & set(inside):
        return " ".join(inside.split()) or None
    return None


def _number(cell: str) -> int | None:
    """A number written with up to six digits 0-9, else None.

    >>> _number("703"), _number("13①"), _number("7²"), _number("9" * 5000)
    (703, None, None, None)
    """
    return int(cell) if _DIGITS.fullmatch(cell) else None


def _shown(cell: str) -> str:
    """A cell for a message, cut short when long."""
    return repr(cell if len(cell) <= 40 else cell[:40] + "...")


def _reaction(cell: str) -> Reaction:
    court = _COURT_MARK.fullmatch(cell)
    return Reaction(name=court[1], court=True) if court else Reaction(name=cell)


def _list(cell: str) -> list[str]:
    return [" ".join(name.split()) for name in cell.split(",") if name.strip()]


def _unbracket(code: str) -> str:
    code = code.strip()
    if code.startswith("[") and code.endswith("]"):
        return code[1:-1].strip()
    return code
