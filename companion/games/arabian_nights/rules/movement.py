"""Movement: the allowance a wealth level gives, reachability, Places of Power.

The faster of the two rates is the total number of spaces; each kind of route may be used
at most its own rate. So Sindbad, Princely (land 3, sea 5), moves up to 5 spaces with no
more than 3 by land, and Zumurrud, a Beggar (land 3, sea 2), up to 3 with no more than 2
by sea.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator

from pydantic import BaseModel

from companion.framework.errors import IllegalAction
from companion.games.arabian_nights.content.pack import Pack, WealthLevel
from companion.games.arabian_nights.rules.card_effects import (
    air_rate,
    barred_spaces,
    flies_on_continent,
    movement_limits,
)
from companion.games.arabian_nights.rules.state import PlayerSheet, TableState, find_name, same_name


class Allowance(BaseModel):
    """How far one may move this turn: in total, and at most by land and by sea."""

    total: int
    land: int
    sea: int

    def fits(self, land_used: int, sea_used: int) -> bool:
        """Whether a journey using that many land and sea moves is allowed."""
        return (
            land_used <= self.land and sea_used <= self.sea and (land_used + sea_used <= self.total)
        )


def movement_allowance(level: WealthLevel) -> Allowance:
    """The allowance of a wealth level.

    >>> movement_allowance(WealthLevel(name="Princely", land=3, sea=5))
    Allowance(total=5, land=3, sea=5)
    """
    return Allowance(total=max(level.land, level.sea), land=level.land, sea=level.sea)


def sheet_allowance(pack: Pack, sheet: PlayerSheet) -> Allowance:
    """The allowance this turn: the wealth level's, plus what treasures add (a treasure's
    extra move also raises the total; a flying one raises every rate to its own), less what
    statuses take.

    A status forbidding any move leaves nothing.
    """
    base = movement_allowance(pack.wealth_level(sheet.wealth))
    stuck, fewer, land, sea = movement_limits(pack, sheet)
    if stuck is not None:
        return Allowance(total=0, land=0, sea=0)
    air = air_rate(pack, sheet)
    return Allowance(
        total=max(0, max(base.total + max(land, sea), air) - fewer),
        land=max(0, max(base.land + land, air) - fewer),
        sea=max(0, max(base.sea + sea, air) - fewer),
    )


Route = str
"""How a space is reached: "land", "sea", "land and sea", "flight" (a treasure flies one
anywhere on the continent) or "hidden" (a Place of Power)."""


def _flight(pack: Pack, sheet: PlayerSheet, origin: str) -> list[str]:
    """The spaces of the origin's continent a flying treasure may end a move on."""
    if flies_on_continent(pack, sheet) is None or sheet_allowance(pack, sheet).total == 0:
        return []
    continent = pack.spaces[origin].continent
    barred = barred_spaces(pack, sheet)
    return [
        name
        for name, space in pack.spaces.items()
        if space.continent == continent and name != origin and name not in barred
    ]


def reachable_spaces(pack: Pack, sheet: PlayerSheet) -> dict[str, Route]:
    """Every space the player can end the move on (not where they stand), with the routes
    that reach it: by land alone if possible, else by sea alone, else both. The Place of
    Power under the Destination marker is included when it can be entered."""
    origin = _known_space(pack, sheet.position)
    if origin is None:
        return {}
    reached = _reachable(pack, origin, sheet_allowance(pack, sheet), barred_spaces(pack, sheet))
    routes: dict[str, Route] = {}
    for space, uses in reached.items():
        if space == origin:
            continue
        if any(sea == 0 for _, sea in uses):
            routes[space] = "land"
        elif any(land == 0 for land, _ in uses):
            routes[space] = "sea"
        else:
            routes[space] = "land and sea"
    for space in _flight(pack, sheet, origin):
        routes.setdefault(space, "flight")
    place = sheet.destination
    if place is not None and can_reach(pack, origin, place, sheet):
        routes[place] = "hidden"
    return routes


def _steps(pack: Pack, space: str, land: int, sea: int) -> Iterator[tuple[str, int, int]]:
    here = pack.spaces[space]
    yield from ((neighbour, land + 1, sea) for neighbour in here.land)
    yield from ((neighbour, land, sea + 1) for neighbour in here.sea)


def _reachable(
    pack: Pack, start: str, allowance: Allowance, barred: Iterable[str] = ()
) -> dict[str, list[tuple[int, int]]]:
    """Every space reachable from ``start``, with the (land, sea) uses that reach it,
    never entering a ``barred`` space.

    Only the uses no other use beats on both counts are kept (a journey with a detour is
    never better), so the search ends after at most spaces² steps whatever the allowance.
    """
    closed = set(barred)
    reached: dict[str, list[tuple[int, int]]] = {start: [(0, 0)]}
    queue = deque([(start, 0, 0)])
    while queue:
        for space, land, sea in _steps(pack, *queue.popleft()):
            if space not in pack.spaces or space in closed or not allowance.fits(land, sea):
                continue
            uses = reached.setdefault(space, [])
            if any(old_land <= land and old_sea <= sea for old_land, old_sea in uses):
                continue
            uses.append((land, sea))
            queue.append((space, land, sea))
    return reached


def _known_space(pack: Pack, name: str) -> str | None:
    return find_name(name, list(pack.spaces))


def _known_place(pack: Pack, name: str) -> str | None:
    return find_name(name, list(pack.places))


def can_reach(pack: Pack, start: str, goal: str, sheet: PlayerSheet) -> bool | None:
    """Whether ``sheet`` can move from ``start`` to ``goal`` this turn; None if unknown.

    A Place of Power can be entered only while the player's Destination marker is on it,
    from its exit space (the arrow followed backwards), as one more move of either kind.
    None means the map does not hold one of the spaces: the caller takes the player's word.
    """
    origin = _known_space(pack, start)
    allowance = sheet_allowance(pack, sheet)
    place = _known_place(pack, goal)
    if place is not None:
        if sheet.destination is None or not same_name(sheet.destination, place):
            return False
        exit_space = _known_space(pack, pack.places[place].exit_space)
        if origin is None or exit_space is None:
            return None
        uses = _reachable(pack, origin, allowance, barred_spaces(pack, sheet)).get(exit_space, [])
        return any(
            allowance.fits(land + 1, sea) or allowance.fits(land, sea + 1) for land, sea in uses
        )
    target = _known_space(pack, goal)
    if origin is None or target is None:
        return None
    if target in _flight(pack, sheet, origin):
        return True
    return target in _reachable(pack, origin, allowance, barred_spaces(pack, sheet))


def moves_between(pack: Pack, start: str, goal: str, sheet: PlayerSheet) -> int | None:
    """The fewest moves (land and sea together) from ``start`` to ``goal``, never through a
    space barred to ``sheet``; None when no route joins them or the map lacks one.

    >>> from companion.games.arabian_nights.dialogue.state import cached_pack
    >>> ali = PlayerSheet(name="Ali", gender="m", destiny_goal=10, story_goal=10)
    >>> moves_between(cached_pack("shipped:demo"), "Baghdad", "Basra", ali)
    1
    """
    target = _known_space(pack, goal)
    if target is None:
        return None
    found = nearest_space(pack, start, sheet, lambda space: space == target)
    return None if found is None else found[1]


def nearest_space(
    pack: Pack, start: str, sheet: PlayerSheet, wanted: Callable[[str], bool]
) -> tuple[str, int] | None:
    """The space nearest ``start`` that is ``wanted``, and how many moves away, never
    through a space barred to ``sheet``; None when none is joined to it.

    >>> from companion.games.arabian_nights.dialogue.state import cached_pack
    >>> demo = cached_pack("shipped:demo")
    >>> ali = PlayerSheet(name="Ali", gender="m", destiny_goal=10, story_goal=10)
    >>> nearest_space(demo, "Baghdad", ali, lambda space: space == "Basra")
    ('Basra', 1)
    """
    origin = _known_space(pack, start)
    if origin is None:
        return None
    closed, seen, queue = set(barred_spaces(pack, sheet)), {origin}, deque([(origin, 0)])
    while queue:
        space, moves = queue.popleft()
        if wanted(space):
            return space, moves
        for neighbour, _, _ in _steps(pack, space, 0, 0):
            if neighbour in pack.spaces and neighbour not in closed | seen:
                seen.add(neighbour)
                queue.append((neighbour, moves + 1))
    return None


def move(pack: Pack, table: TableState, player: str, goal: str) -> TableState:
    """The table after ``player`` moves to ``goal`` (a space, or their Destination place).

    Entering a Place of Power removes the Destination marker. A move the map cannot check
    is accepted.
    """
    sheet = table.player(player)
    if can_reach(pack, sheet.position, goal, sheet) is False:
        raise IllegalAction(f"{sheet.name} cannot reach {goal} from {sheet.position}")
    place = _known_place(pack, goal)

    def go(copy: TableState) -> None:
        moving = copy.player(player)
        moving.position = place or _known_space(pack, goal) or goal
        moving.moved_this_turn = True
        if place is not None:
            moving.destination = None

    return table.evolve(go)


def leave_place_of_power(pack: Pack, table: TableState, player: str) -> TableState:
    """After the encounter in a Place of Power, the character follows its arrow out."""
    place = _known_place(pack, table.player(player).position)
    if place is None:
        raise IllegalAction(f"{player} is not in a Place of Power")
    exit_space = pack.places[place].exit_space
    return table.evolve(lambda copy: setattr(copy.player(player), "position", exit_space))
