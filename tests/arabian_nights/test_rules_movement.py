"""Movement: the Sindbad and Zumurrud examples, reachability, Places of Power."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.framework.errors import IllegalAction
from companion.games.arabian_nights.content.pack import Pack, Space, WealthLevel
from companion.games.arabian_nights.rules import (
    Allowance,
    TableState,
    can_reach,
    leave_place_of_power,
    move,
    movement_allowance,
)
from tests.arabian_nights.rules_pack import mini_pack, sheet

PACK = mini_pack()
SINDBAD = sheet("Sindbad", wealth="Princely")
ZUMURRUD = sheet("Zumurrud", "f", wealth="Beggar")


def test_sindbad_princely_moves_5_with_at_most_3_by_land():
    assert movement_allowance(PACK.wealth_level("Princely")) == Allowance(total=5, land=3, sea=5)
    reach = {space: can_reach(PACK, "Baghdad", space, SINDBAD) for space in PACK.spaces}
    assert reach["L3"] and not reach["L4"], "three land moves, not four"
    assert reach["S5"] and not reach["S6"], "five sea moves, not six"
    assert reach["M2"], "three by land then two by sea make five"


def test_zumurrud_beggar_moves_3_with_at_most_2_by_sea():
    assert movement_allowance(PACK.wealth_level("beggar")) == Allowance(total=3, land=3, sea=2)
    reach = {space: can_reach(PACK, "Baghdad", space, ZUMURRUD) for space in PACK.spaces}
    assert reach["L3"] and not reach["L4"], "three land moves, not four"
    assert reach["S2"] and not reach["S3"], "two sea moves, not three"
    assert reach["T2"] and reach["U1"], "one or two by sea, the rest by land, three in all"
    assert not reach["M1"], "four moves in all is too many"


def test_staying_put_is_always_possible():
    assert can_reach(PACK, "L4", "L4", ZUMURRUD) is True


def test_spaces_missing_from_a_partial_map_cannot_be_checked():
    assert can_reach(PACK, "Baghdad", "Samarkand", SINDBAD) is None
    assert can_reach(PACK, "Samarkand", "Baghdad", SINDBAD) is None


def test_a_place_of_power_needs_the_destination_marker():
    assert can_reach(PACK, "Baghdad", "City of Brass", ZUMURRUD) is False
    seeker = ZUMURRUD.model_copy(update={"destination": "City of Brass"})
    assert can_reach(PACK, "Baghdad", "city of brass", seeker) is True, "L2 in 2, then 1 more"
    assert can_reach(PACK, "L4", "City of Brass", seeker) is True
    assert can_reach(PACK, "S2", "City of Brass", seeker) is False, "S2-S1-Baghdad-L1-L2 is 4"


def _table(*players):
    return TableState(players=list(players), treasure_deck=[], encounter_deck=[])


def test_entering_the_place_of_power_removes_the_marker_and_leaving_follows_the_arrow():
    table = _table(ZUMURRUD.model_copy(update={"destination": "City of Brass"}))
    inside = move(PACK, table, "Zumurrud", "City of Brass")
    assert inside.player("Zumurrud").position == "City of Brass"
    assert inside.player("Zumurrud").destination is None
    assert leave_place_of_power(PACK, inside, "Zumurrud").player("Zumurrud").position == "L2"


def test_a_move_too_far_is_refused_and_an_unchecked_move_accepted():
    table = _table(ZUMURRUD)
    with pytest.raises(IllegalAction, match="Zumurrud cannot reach S3 from Baghdad"):
        move(PACK, table, "Zumurrud", "S3")
    assert move(PACK, table, "Zumurrud", "s2").player("Zumurrud").position == "S2"
    assert move(PACK, table, "Zumurrud", "Samarkand").player("Zumurrud").position == "Samarkand"
    with pytest.raises(IllegalAction, match="not in a Place of Power"):
        leave_place_of_power(PACK, table, "Zumurrud")


def _walk_ends(pack, start, allowance):
    """Every space at the end of some walk the allowance permits (brute force)."""
    ends, frontier = {start}, [(start, 0, 0)]
    while frontier:
        space, land, sea = frontier.pop()
        for kind, neighbours in (
            ("land", pack.spaces[space].land),
            ("sea", pack.spaces[space].sea),
        ):
            for neighbour in neighbours:
                step = (neighbour, land + (kind == "land"), sea + (kind == "sea"))
                if allowance.fits(*step[1:]):
                    ends.add(neighbour)
                    frontier.append(step)
    return ends


@st.composite
def _maps(draw):
    names = [f"P{i}" for i in range(draw(st.integers(2, 7)))]
    routes = draw(
        st.lists(
            st.tuples(
                st.sampled_from(names), st.sampled_from(names), st.sampled_from(["land", "sea"])
            ),
            max_size=12,
        )
    )
    links = {name: {"land": set(), "sea": set()} for name in names}
    for first, second, kind in routes:
        if first != second:
            links[first][kind].add(second)
            links[second][kind].add(first)
    spaces = {
        name: Space(
            name=name,
            terrain="Sea",
            number=None,
            continent="Arabia",
            land=sorted(links[name]["land"]),
            sea=sorted(links[name]["sea"]),
            city=False,
        )
        for name in names
    }
    level = WealthLevel(name="Poor", land=draw(st.integers(0, 4)), sea=draw(st.integers(0, 5)))
    return Pack(
        name="random",
        paragraphs={},
        charts={},
        matrices={},
        spaces=spaces,
        wealth_track=[level],
        destiny_bonuses=[],
    )


@given(_maps())
def test_can_reach_agrees_with_trying_every_walk(pack):
    traveller = sheet("Traveller")
    allowance = movement_allowance(pack.wealth_track[0])
    ends = _walk_ends(pack, "P0", allowance)
    assert {space for space in pack.spaces if can_reach(pack, "P0", space, traveller)} == ends
