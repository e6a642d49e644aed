"""Which spaces of the map a free move allows (a reward's `ChooseSpace`): facts of the
pack, used by `companion check` and by the rules.

A *coastal* space is a space with a sea route that is not itself at sea (its terrain is not
``Sea``); *within N spaces of X* counts steps along any routes, land or sea, from X; a
Place of Power is one step from its exit space. Places of Power are never offered: a free
move cannot enter one.
"""

from __future__ import annotations

from collections import deque

from companion.framework.phrases import number_to_words
from companion.games.arabian_nights.content.pack import Pack
from companion.games.arabian_nights.content.reward_codes import ChooseSpace, SpaceScope

SEA = "sea"
"""The terrain (any capitalisation) of the open sea: never coastal."""


def coastal_spaces(pack: Pack) -> list[str]:
    """The spaces on a coast: a sea route, and not at sea themselves."""
    return [
        name for name, space in pack.spaces.items() if space.sea and space.terrain.casefold() != SEA
    ]


def spaces_within(pack: Pack, near: str, distance: int) -> list[str]:
    """The spaces at most ``distance`` steps from ``near`` (a space, or a Place of Power,
    one step from its exit space), in map order."""
    place = pack.places.get(near)
    start, used = (place.exit_space, 1) if place else (near, 0)
    if start not in pack.spaces or used > distance:
        return []
    steps = {start: used}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if steps[here] == distance:
            continue
        for neighbour in (*pack.spaces[here].land, *pack.spaces[here].sea):
            if neighbour in pack.spaces and neighbour not in steps:
                steps[neighbour] = steps[here] + 1
                queue.append(neighbour)
    return [name for name in pack.spaces if name in steps]


def allowed_spaces(pack: Pack, choice: ChooseSpace) -> list[str]:
    """Every space the free move may end on (the hero's own space included, if it fits)."""
    if choice.scope is SpaceScope.COASTAL:
        return coastal_spaces(pack)
    return spaces_within(pack, choice.near or "", choice.distance or 0)


def what_fits(choice: ChooseSpace) -> str:
    """The spaces allowed, in words: "a coastal space", "a space within 4 spaces of Damascus".

    >>> what_fits(ChooseSpace(scope=SpaceScope.COASTAL))
    'a coastal space'
    """
    if choice.scope is SpaceScope.COASTAL:
        return "a coastal space"
    distance = choice.distance or 0
    spaces = "space" if distance == 1 else "spaces"
    return f"a space within {number_to_words(distance)} {spaces} of {choice.near}"


def no_space_fits(choice: ChooseSpace) -> str:
    """What `companion check` says of a free move no space of the map allows.

    >>> no_space_fits(ChooseSpace(scope=SpaceScope.COASTAL))
    'no space of the map is a coastal space (a sea route, and a terrain other than Sea); \
give a land space a sea route, or write another reward'
    """
    coast = " (a sea route, and a terrain other than Sea)" if choice.scope == "coastal" else ""
    return (
        f"no space of the map is {what_fits(choice)}{coast}; give a land space a sea route,"
        " or write another reward"
    )
