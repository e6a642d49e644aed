"""Who and where each result paragraph can be read with: the fit of a Book of Tales.

A paragraph is read with a name for "the other" (a chart entry, a card, a Place of Power)
and in a terrain (the space the player stands on). A paragraph shared by several cells
must read well with every pair; `readings` lists them, so that a writer can review each
paragraph against them (``bench/bench_book_variety.py --fit``).

>>> from companion.games.arabian_nights.content.loader import load_pack
>>> pack = load_pack("content/demo")
>>> sorted(terrain for _name, terrain in readings(pack)[50])
['Place of Power']
"""

from __future__ import annotations

from collections import defaultdict

from companion.games.arabian_nights.content.chart_terrain import card_routes, terrains_of_charts
from companion.games.arabian_nights.content.loader import reward_vocabulary
from companion.games.arabian_nights.content.pack import Gender, MatrixTarget, Pack, ParagraphTarget
from companion.games.arabian_nights.content.reward_codes import GoToParagraph, parse_reward

PLACE_OF_POWER = "Place of Power"
"""The 'terrain' of a Place of Power's paragraph, which is read in no space."""

Reading = tuple[str, str]
"""A name "the other" stands for, and the terrain it is read in."""


def readings(pack: Pack) -> dict[int, set[Reading]]:
    """Every (name, terrain) each result paragraph can be read with."""
    found: dict[int, set[Reading]] = defaultdict(set)

    def row(
        letter: str, row_name: str, name: str, gender: Gender | None, terrains: set[str]
    ) -> None:
        matrix = pack.matrices[letter]
        for reaction, cell in matrix.rows[row_name].items():
            if gender is None and matrix.reaction(reaction).court:
                continue  # Court is never offered toward what has no gender
            for number in (cell - 1, cell, cell + 1):
                found[number] |= {(name, terrain) for terrain in terrains}

    chart_terrains = terrains_of_charts(pack)
    for number, chart in pack.charts.items():
        for entry in chart.entries:
            row(entry.matrix, entry.row, entry.name, entry.gender, chart_terrains[number])
    for card, terrain, target, _line in card_routes(pack):
        if isinstance(target, MatrixTarget):
            row(target.matrix, target.row, target.name, target.gender, {terrain})
        elif isinstance(target, ParagraphTarget) and target.paragraph not in pack.charts:
            found[target.paragraph].add((card, terrain))
    for place in pack.places.values():
        found[place.paragraph].add((place.name, PLACE_OF_POWER))
    _follow_go_to(pack, found)
    return {number: found.get(number, set()) for number in pack.paragraphs}


def _follow_go_to(pack: Pack, found: dict[int, set[Reading]]) -> None:
    """A paragraph reached by Go to is read with the readings of the one that sent there."""
    vocabulary = reward_vocabulary(pack)
    links = [
        (number, effect.paragraph)
        for number, paragraph in pack.paragraphs.items()
        for section in paragraph.sections
        for effect in parse_reward(section.reward_code, vocabulary)
        if isinstance(effect, GoToParagraph)
    ]
    changed = True
    while changed:
        changed = False
        for source, goal in links:
            if not found[source] <= found[goal]:
                found[goal] |= found[source]
                changed = True


def describe(readings_of_one: set[Reading]) -> str:
    """The readings of one paragraph, grouped by name: ``Giant Whale (Sea); Lost Voyagers
    (City, Sea)``.

    >>> describe({("Giant Whale", "Sea"), ("Lost Voyagers", "Sea"), ("Lost Voyagers", "City")})
    'Giant Whale (Sea); Lost Voyagers (City, Sea)'
    """
    by_name: dict[str, set[str]] = defaultdict(set)
    for name, terrain in readings_of_one:
        by_name[name].add(terrain)
    return "; ".join(
        f"{name} ({', '.join(sorted(terrains))})" for name, terrains in sorted(by_name.items())
    )
