"""What the book format carries since issue 27: free moves a reward asks for (a coastal
space, a space within N of a place), Wounded healed by a whole turn of rest in a city,
Enslaved's master taking every wealth gain. Pure rules, on the worked examples' pack."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.framework.errors import IllegalAction
from companion.games.arabian_nights.content.card_acts import parse_status_acts
from companion.games.arabian_nights.content.loader import read_pack
from companion.games.arabian_nights.content.pack import Status, Treasure
from companion.games.arabian_nights.content.reward_codes import (
    ChooseSpace,
    GainStatus,
    MoveTo,
    RewardCodeError,
    SpaceScope,
    Vocabulary,
    WealthChange,
    format_reward,
    parse_reward,
)
from companion.games.arabian_nights.content.spaces import (
    allowed_spaces,
    coastal_spaces,
    spaces_within,
)
from companion.games.arabian_nights.rules.award import GainWithheld, apply_reward, describe_changes
from companion.games.arabian_nights.rules.card_effects import (
    end_statuses,
    rested_in_city,
    sell_treasure,
)
from companion.games.arabian_nights.rules.free_moves import checked_space, may_stay
from companion.games.arabian_nights.rules.movement import move
from companion.games.arabian_nights.rules.state import TableState
from tests.arabian_nights.pack_edits import copy_mini, edit, line_of
from tests.arabian_nights.rules_pack import mini_pack, sheet

WORDS = Vocabulary(spaces=["Baghdad", "L1", "L3"], places=["City of Brass"])
COAST = ChooseSpace(scope=SpaceScope.COASTAL)


def _pack():
    statuses = {
        "Wounded": "blocks Weapon Use; ends after rest in a city",
        "Enslaved": "no move; no wealth gain",
    }
    return mini_pack().model_copy(
        update={
            "statuses": {
                name: Status(name=name, effect="A status.", acts=parse_status_acts(text))
                for name, text in statuses.items()
            },
            "treasures": {"Ionian Gems": Treasure(name="Ionian Gems", effect="Gems.")},
        }
    )


PACK = _pack()


def _table(**fields) -> TableState:
    return TableState(players=[sheet(**fields)], treasure_deck=[], encounter_deck=[])


# -- the codes -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("[Move to any coastal space]", COAST),
        ('["You may move to any coastal space."]', COAST),
        (
            "[Another player places you within four spaces of the City of Brass]",
            ChooseSpace(scope="within", distance=4, near="City of Brass", placed_by_other=True),
        ),
        (
            "[Have another player place you within 4 spaces of l3]",
            ChooseSpace(scope="within", distance=4, near="L3", placed_by_other=True),
        ),
        (
            "[Move within 1 space of Baghdad]",
            ChooseSpace(scope="within", distance=1, near="Baghdad"),
        ),
    ],
)
def test_free_moves_are_read_from_codes_plain_or_quoted(code, expected):
    assert parse_reward(code, WORDS) == [expected]


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("[Move within 3 spaces of Atlantis]", "'Atlantis' is not a space or Place of Power"),
        ("[Move within 13 spaces of Baghdad]", "write a distance from 1 to 12 spaces"),
        ("[Move within 0 spaces of Baghdad]", "write a distance from 1 to 12 spaces"),
    ],
)
def test_a_free_move_naming_no_place_or_no_distance_is_an_error(code, message):
    with pytest.raises(RewardCodeError, match=message):
        parse_reward(code, WORDS)


@given(
    st.integers(1, 12),
    st.sampled_from(["Baghdad", "L1", "City of Brass"]),
    st.booleans(),
)
def test_a_free_move_is_written_back_as_the_code_it_was_read_from(distance, near, placed):
    effect = ChooseSpace(scope="within", distance=distance, near=near, placed_by_other=placed)
    assert parse_reward(format_reward([effect, COAST]), WORDS) == [effect, COAST]


# -- which spaces they allow -----------------------------------------------------------


def test_a_coast_is_a_sea_route_from_a_space_not_at_sea():
    assert coastal_spaces(PACK) == ["Baghdad", "L3"]  # S1..S6 and M1, M2 are at sea


def test_within_counts_steps_by_land_and_sea_and_a_place_is_one_step_from_its_exit():
    assert spaces_within(PACK, "L1", 1) == ["Baghdad", "L1", "L2"]
    assert spaces_within(PACK, "L3", 2) == ["L1", "L2", "L3", "L4", "M1", "M2"]
    # The City of Brass leads out to L2: one step to L2, two to L1 and L3.
    assert spaces_within(PACK, "City of Brass", 2) == ["L1", "L2", "L3"]
    assert spaces_within(PACK, "City of Brass", 1) == ["L2"]


def test_the_space_named_is_checked_and_a_wrong_one_refused_with_the_choices():
    ali = sheet(position="L1")
    assert checked_space(PACK, ali, COAST, "l3") == "L3"
    assert not may_stay(PACK, ali, COAST)
    with pytest.raises(IllegalAction) as refused:
        checked_space(PACK, ali, COAST, "T1")
    assert str(refused.value) == (
        "Ali Baba must go to a coastal space, and T1 is not one; say Baghdad or L3"
    )
    near = ChooseSpace(scope="within", distance=1, near="L1", placed_by_other=True)
    assert may_stay(PACK, ali, near) and allowed_spaces(PACK, near) == ["Baghdad", "L1", "L2"]


def test_the_loader_reports_a_free_move_at_its_line(tmp_path):
    pack = copy_mini(tmp_path)
    edit(pack, "book.txt", "[D2/S1/W 1 (Max: Poor)/Storytelling/Respected]",
         "[D2/Move within 4 spaces of Atlantis]")  # fmt: skip
    _, problems = read_pack(pack)
    line = line_of(pack, "book.txt", "Atlantis")
    assert [(Path(p.file).name, p.line) for p in problems] == [("book.txt", line)]
    assert "'Atlantis' is not a space or Place of Power of world.txt" in problems[0].message


def test_the_loader_reports_a_coastal_move_on_a_map_without_a_coast(tmp_path):
    pack = copy_mini(tmp_path)
    edit(pack, "book.txt", "[D2/S1/W 1 (Max: Poor)/Storytelling/Respected]",
         "[D2/Move to any coastal space]")  # fmt: skip
    for old, new in (("| | Persian Gulf", "| |"), ("| | Serendib", "| |"),
                     ("Sea of Storms, Bantus", "Sea of Storms")):  # fmt: skip
        edit(pack, "world.txt", old, new)
    _, problems = read_pack(pack)
    assert [problem.line for problem in problems] == [line_of(pack, "book.txt", "coastal space")]
    assert problems[0].message.endswith(
        "no space of the map is a coastal space (a sea route, and a terrain other than Sea);"
        " give a land space a sea route, or write another reward"
    )


# -- Wounded: a whole turn of rest in a city -------------------------------------------


def _wounded(position: str) -> TableState:
    """Ali, Wounded on an earlier turn, starting a turn at ``position``."""
    table, _ = apply_reward(
        PACK, _table(position=position), "Ali Baba", [GainStatus(name="Wounded")],
        random.Random(1),
    )  # fmt: skip
    return end_statuses(PACK, table, "Ali Baba", "after turn")[0]


def test_wounded_heals_after_a_whole_turn_resting_in_a_city():
    table = _wounded("Baghdad")
    assert rested_in_city(PACK, table.current)
    table, ended = end_statuses(PACK, table, "Ali Baba", "after turn")
    assert ended == ["Wounded"] and table.current.statuses == []


def test_wounded_does_not_heal_the_turn_it_is_gained():
    table, _ = apply_reward(
        PACK, _table(), "Ali Baba", [GainStatus(name="Wounded")], random.Random(1)
    )
    assert end_statuses(PACK, table, "Ali Baba", "after turn")[1] == []


def test_wounded_does_not_heal_when_the_hero_travels_rests_outside_a_city_or_is_carried():
    travelled = move(PACK, _wounded("Baghdad"), "Ali Baba", "L1")
    arrived = move(PACK, _wounded("L1"), "Ali Baba", "Baghdad")
    in_desert = _wounded("L1")
    carried, _ = apply_reward(
        PACK, _wounded("Baghdad"), "Ali Baba", [MoveTo(destination="U1")], random.Random(1)
    )
    for table in (travelled, arrived, in_desert, carried):
        table, ended = end_statuses(PACK, table, "Ali Baba", "after turn")
        assert ended == [] and table.current.statuses == ["Wounded"]
        assert not table.current.carried_this_turn  # the next turn starts afresh


# -- Enslaved: the master takes the wealth ---------------------------------------------


def test_an_enslaved_hero_gains_no_wealth_but_still_loses_it():
    table = _table(statuses=["Enslaved"], wealth="Poor")
    after, changes = apply_reward(
        PACK, table, "Ali Baba", [WealthChange(amount=2)], random.Random(1)
    )
    assert after.current.wealth == "Poor"
    assert changes == [GainWithheld(kind="wealth", amount=2, status="Enslaved")]
    assert describe_changes("Ali Baba", changes) == "Ali Baba gains no wealth while Enslaved."
    after, _ = apply_reward(PACK, table, "Ali Baba", [WealthChange(amount=-1)], random.Random(1))
    assert after.current.wealth == PACK.wealth_track[0].name


def test_an_enslaved_hero_cannot_sell_a_treasure_for_the_master():
    table = _table(statuses=["Enslaved"], treasures=["Ionian Gems"])
    with pytest.raises(IllegalAction, match="Enslaved: the price of the Ionian Gems"):
        sell_treasure(PACK, table, "Ali Baba", "Ionian Gems", random.Random(1))
    free = _table(treasures=["Ionian Gems"])
    assert sell_treasure(PACK, free, "Ali Baba", "Ionian Gems", random.Random(1))[1] == 1
