"""The names an owner's ``world.txt`` gives the book: skills, statuses and treasures (the
headings), places, spaces and wealth levels (the reward codes), and matrix rows.

Only the names are read, so a pack folder that has no book yet (the usual case before the
first import) is fine; the loader checks the rest when the pack is whole.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from companion.games.arabian_nights.content.book_text import numbered_lines
from companion.games.arabian_nights.content.reward_codes import Vocabulary

_TABLES = {
    "skills": "skills",
    "statuses": "statuses",
    "treasures": "treasures",
    "places of power": "places",
    "spaces": "spaces",
    "wealth track": "wealth_levels",
    "terrains": "terrains",
}


@dataclass
class WorldNames:
    """Names by kind, as declared; ``rows`` are the first cells of matrices.txt."""

    skills: list[str] = field(default_factory=list)
    statuses: list[str] = field(default_factory=list)
    treasures: list[str] = field(default_factory=list)
    places: list[str] = field(default_factory=list)
    spaces: list[str] = field(default_factory=list)
    wealth_levels: list[str] = field(default_factory=list)
    terrains: list[str] = field(default_factory=list)  # what a chart's TERRAINS line names
    rows: list[str] = field(default_factory=list)
    paragraphs: set[int] = field(default_factory=set)
    """Paragraph numbers the matrices (a cell and its two neighbours) and the Places of
    Power lead to: they must be in the book."""

    @property
    def requirements(self) -> list[str]:
        """What a section heading may name."""
        return [*self.skills, *self.statuses, *self.treasures]

    @property
    def all(self) -> list[str]:
        return [*self.requirements, *self.places, *self.spaces, *self.wealth_levels, *self.rows]

    def vocabulary(self) -> Vocabulary:
        return Vocabulary(
            skills=self.skills, statuses=self.statuses, treasures=self.treasures,
            places=self.places, spaces=self.spaces, wealth_levels=self.wealth_levels,
        )  # fmt: skip


def read_world_names(folder: Path) -> WorldNames:
    """The names of ``folder/world.txt`` (and the rows of its matrices.txt, if there).

    >>> names = read_world_names(Path("content/demo"))
    >>> "Seamanship" in names.skills, "Terrible" in names.rows, 702 in names.paragraphs
    (True, True, True)
    >>> names.terrains
    ['City', 'Desert', 'Mountain', 'Forest', 'Sea', 'Swamp']
    """
    names = WorldNames()
    for table, cells in _tables(folder / "world.txt"):
        kind = _TABLES.get(table)
        if kind is not None and cells[0]:
            getattr(names, kind).append(cells[0])
        if kind == "places" and len(cells) > 1 and cells[1].isdigit():
            names.paragraphs.add(int(cells[1]))
    for table, cells in _tables(folder / "matrices.txt"):
        if table.startswith("matrix") and cells[0].casefold() != "reactions":
            names.rows.append(cells[0])
            cell_numbers = [int(cell) for cell in cells[1:] if cell.isdigit()]
            names.paragraphs |= {n + step for n in cell_numbers for step in (-1, 0, 1)}
    for _, cells in _tables(folder / "cards.txt"):  # every number outside [codes]
        unbracketed = re.sub(r"\[[^\]]*\]", "", " | ".join(cells[1:]))
        names.paragraphs |= {int(number) for number in re.findall(r"\b\d{1,5}\b", unbracketed)}
    return names


def _tables(path: Path) -> list[tuple[str, list[str]]]:
    """(table title in lower case, cells) for each row of a table file; none if absent."""
    if not path.is_file():
        return []
    rows, title = [], ""
    for _, line in numbered_lines(path.read_text(encoding="utf-8-sig")):
        if line.startswith("[") and line.endswith("]"):
            title = " ".join(line[1:-1].split()).casefold()
        else:
            rows.append((title, [cell.strip() for cell in line.split("|")]))
    return rows
