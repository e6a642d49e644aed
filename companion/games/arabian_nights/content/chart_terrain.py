"""Encounter charts tied to the terrains they are rolled in.

A chart may say, on lines after its title, where it is rolled and which chart is rolled
instead elsewhere::

    4
    ENCOUNTER CHART
    TERRAINS: Sea
    OTHERWISE: 19
    1 Terrible Storm (F)
    ...

A card that leads to chart 4 while the player stands in the desert then leads to chart 19
(and on, if chart 19 is not rolled in the desert either). A chart without ``TERRAINS:`` is
rolled everywhere. See docs/content-format.md.

>>> from companion.framework.errors import Problem
>>> problems: list[Problem] = []
>>> found, rest = parse_chart_terrains(
...     [(2, "TERRAINS: Sea, Swamp"), (3, "OTHERWISE: 19"), (4, "1 Terrible Storm (F)")],
...     "book.txt", problems)
>>> found.terrains, found.otherwise, rest
(('Sea', 'Swamp'), 19, [(4, '1 Terrible Storm (F)')])
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from companion.framework.errors import Problem
from companion.games.arabian_nights.content.pack import (
    ChartTerrains,
    MatrixTarget,
    Pack,
    ParagraphTarget,
    Target,
)
from companion.games.arabian_nights.content.reward_codes import normalise_name

OTHERWISE_CARD = "Otherwise"
_SETTING = re.compile(r"(TERRAINS|OTHERWISE)\s*:\s*(.*)", re.IGNORECASE)


def parse_chart_terrains(
    body: list[tuple[int, str]], file: str, problems: list[Problem]
) -> tuple[ChartTerrains, list[tuple[int, str]]]:
    """The ``TERRAINS:`` and ``OTHERWISE:`` lines at the start of a chart's body, and the
    lines after them (the entries)."""
    terrains: tuple[str, ...] = ()
    otherwise: int | None = None
    line = 0
    index = 0
    while index < len(body) and (match := _SETTING.fullmatch(body[index][1].strip())):
        number, value = body[index][0], match[2].strip()
        line = line or number
        if match[1].upper() == "TERRAINS":
            terrains = tuple(name.strip() for name in value.split(",") if name.strip())
            if not terrains:
                problems.append(Problem(file, number, "TERRAINS: names no terrain"))
        elif re.fullmatch(r"\d{1,5}", value):
            otherwise = int(value)
        else:
            problems.append(
                Problem(file, number, f"OTHERWISE: {value!r} is not a chart number, e.g. 19")
            )
        index += 1
    return ChartTerrains(terrains=terrains, otherwise=otherwise, line=line), body[index:]


def chart_for(pack: Pack, number: int, terrain: str) -> int:
    """The chart rolled when a card leads to chart ``number`` in ``terrain``: the chart
    itself where it is rolled, else its OTHERWISE chart (followed on). A loop or a missing
    chart, which `check` reports, leaves the last chart reached.

    >>> from companion.games.arabian_nights.content.loader import load_pack
    >>> pack = load_pack("content/demo")
    >>> chart_for(pack, 4, "Sea"), chart_for(pack, 4, "Desert")
    (4, 19)
    """
    seen = {number}
    while number in pack.charts and not pack.charts[number].terrains.rolled_in(terrain):
        following = pack.charts[number].terrains.otherwise
        if following is None or following in seen or following not in pack.charts:
            return number
        seen.add(following)
        number = following
    return number


def resolve_target(pack: Pack, target: Target, terrain: str) -> Target:
    """``target``, with a chart number replaced by the chart rolled in ``terrain``."""
    if isinstance(target, ParagraphTarget) and target.paragraph in pack.charts:
        return ParagraphTarget(paragraph=chart_for(pack, target.paragraph, terrain))
    return target


def card_routes(pack: Pack) -> Iterator[tuple[str, str, Target, int]]:
    """(card, terrain, target, line of the card) for every way a drawn card leads on: a
    character card or a drawn City card leads to its paragraph in every terrain."""
    for card in pack.character_cards:
        for number in {card.morning, card.noon, card.night}:
            for terrain in pack.terrains:
                yield card.name, terrain, ParagraphTarget(paragraph=number), card.line
    for terrain_card in pack.terrain_cards:
        targets = {normalise_name(name): t for name, t in terrain_card.targets.items()}
        for terrain in pack.terrains:
            found = targets.get(normalise_name(terrain), targets.get(OTHERWISE_CARD.casefold()))
            if found is not None:
                yield terrain_card.name, terrain, found, terrain_card.line
    for city_card in pack.city_cards:
        for terrain in pack.terrains:
            yield (
                city_card.name,
                terrain,
                ParagraphTarget(paragraph=city_card.paragraph),
                (city_card.line),
            )
        played_in = city_card_terrain(pack, city_card.city)
        for result in city_card.results.values():
            if played_in is not None and isinstance(result, ParagraphTarget | MatrixTarget):
                yield city_card.name, played_in, result, city_card.line


def city_card_terrain(pack: Pack, city: str) -> str | None:
    """The terrain of a City card's city, where its results are played (None when the city
    is not a space, which `check` reports)."""
    wanted = normalise_name(city)
    found = [space for name, space in pack.spaces.items() if normalise_name(name) == wanted]
    return found[0].terrain if found else None


def check_chart_terrains(pack: Pack, problem: Callable[[str, int, str], None]) -> None:
    """Report unknown terrains, OTHERWISE charts that do not exist or loop, and charts a
    card leads to in a terrain where neither they nor any OTHERWISE chart is rolled."""
    known = {normalise_name(terrain) for terrain in pack.terrains}
    for number, chart in pack.charts.items():
        where = chart.terrains
        for terrain in where.terrains:
            if normalise_name(terrain) not in known:
                problem(
                    chart.source,
                    where.line,
                    f"chart {number}: TERRAINS names {terrain!r}, which is not in "
                    "world.txt's [terrains]",
                )
        if where.otherwise is not None and where.otherwise not in pack.charts:
            problem(
                chart.source,
                where.line,
                f"chart {number}: OTHERWISE {where.otherwise} is not an encounter chart",
            )
    reported: set[tuple[int, str]] = set()
    for card, terrain, target, _line in card_routes(pack):
        if not (isinstance(target, ParagraphTarget) and target.paragraph in pack.charts):
            continue
        rolled = chart_for(pack, target.paragraph, terrain)
        if pack.charts[rolled].terrains.rolled_in(terrain) or (rolled, terrain) in reported:
            continue
        reported.add((rolled, terrain))
        chart = pack.charts[rolled]
        problem(
            chart.source,
            chart.terrains.line or chart.line,
            f"chart {target.paragraph}: the card {card} leads to it in {terrain}, where "
            f"chart {rolled} is not rolled (TERRAINS: {', '.join(chart.terrains.terrains)}); "
            "add the terrain, or give the chart an OTHERWISE: chart that is rolled there",
        )


def terrains_of_charts(pack: Pack) -> dict[int, set[str]]:
    """The terrains each chart is rolled in, through the cards that lead to it."""
    found: dict[int, set[str]] = {number: set() for number in pack.charts}
    for _card, terrain, target, _line in card_routes(pack):
        if isinstance(target, ParagraphTarget) and target.paragraph in pack.charts:
            found[chart_for(pack, target.paragraph, terrain)].add(terrain)
    return found
