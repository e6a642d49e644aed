"""Statuses and treasures that act: pack data read into effects, and the rules using them."""

from __future__ import annotations

import random

import pytest

from companion.framework.errors import IllegalAction
from companion.games.arabian_nights.content.card_acts import parse_status_acts, parse_treasure_acts
from companion.games.arabian_nights.content.pack import Status, Treasure
from companion.games.arabian_nights.content.reward_codes import (
    DestinyChange,
    GainStatus,
    StoryChange,
    WealthChange,
)
from companion.games.arabian_nights.rules.award import apply_reward, describe_changes
from companion.games.arabian_nights.rules.card_effects import (
    better_face,
    can_pay_toll,
    city_toll,
    end_statuses,
    fortune_status,
    instruction_action,
    leave_city,
    lose_next_turn,
    pay_toll,
    reaction_chooser,
    refuse_encounter,
    refusing_treasure,
    roll_modifier,
    roll_to_escape,
    seeing_treasure,
    sell_treasure,
    skip_turn,
    skipped_turn_reason,
    spend_fortune,
    use_treasure,
)
from companion.games.arabian_nights.rules.encounter import (
    encounter_total,
    master_section,
    master_shortcuts,
    usable_sections,
)
from companion.games.arabian_nights.rules.movement import (
    can_reach,
    move,
    reachable_spaces,
    sheet_allowance,
)
from companion.games.arabian_nights.rules.state import TableRules, TableState
from tests.arabian_nights.rules_pack import mini_pack, sheet

STATUSES = {
    "Blessed": "roll +1; ends after roll",
    "Cursed": "roll -2",
    "Hunted": "roll -1 at night",
    "Exiled": "barred from L2",
    "Lost": "no move; ends after turn",
    "Fevered": "move -1",
    "Imprisoned": "no move; ends on roll 5-6",
    "Wounded": "blocks Weapon Use",
    "Asleep": "skip turn",
    "Bewitched": "first reaction",
    "Respected": "",
    "Grieving": "no story; ends after rest",
    "Diseased": "pay in cities",
    "Mad": "others choose reaction",
    "Fortunate": "reroll destiny",
    "Envied": "wealth loss -1",
}
TREASURES = {
    "Magic Carpet": "counts as Weapon Use (Master); sea +1",
    "Ionian Gems": "sells for 2",
    "Brass Lamp": "use [S1]; used up; not for sale",
    "Amber Compass": "prevents Lost",
    "Flying Carpet": "air 4",
    "Ebony Horse": "flies on continent",
    "Rukh Feather": "use [Move to City of Brass]; used up",
    "Golden Falcon": "refuses one encounter",
    "Crystal Ball": "foresees a reaction",
}


def acting_pack():
    pack = mini_pack()
    return pack.model_copy(
        update={
            "statuses": {
                name: Status(name=name, effect="A status.", acts=parse_status_acts(text))
                for name, text in STATUSES.items()
            },
            "treasures": {
                name: Treasure(name=name, effect="A treasure.", acts=parse_treasure_acts(text))
                for name, text in TREASURES.items()
            },
        }
    )


PACK = acting_pack()


def _table(**fields) -> TableState:
    return TableState(players=[sheet(**fields)], treasure_deck=["Ionian Gems"], encounter_deck=[])


def test_statuses_change_the_encounter_roll_within_one_and_twelve():
    cursed = sheet(statuses=["Cursed", "Blessed"])
    assert roll_modifier(PACK, cursed) == -1
    assert encounter_total(1, None, 0, PACK.destiny_bonuses, roll_modifier(PACK, cursed)) == 1
    assert encounter_total(6, 4, 0, PACK.destiny_bonuses, 3) == 12


def test_a_night_status_changes_only_night_rolls():
    hunted = sheet(statuses=["Hunted"])
    assert roll_modifier(PACK, hunted, "noon") == 0
    assert roll_modifier(PACK, hunted, "night") == -1


def test_a_status_ending_after_the_roll_goes_and_others_stay():
    table, ended = end_statuses(
        PACK, _table(statuses=["Blessed", "Cursed"]), "Ali Baba", "after roll"
    )
    assert ended == ["Blessed"] and table.current.statuses == ["Cursed"]


def test_movement_limits_and_treasure_moves():
    assert sheet_allowance(PACK, sheet(statuses=["Lost"])).total == 0
    assert can_reach(PACK, "Baghdad", "L1", sheet(statuses=["Lost"])) is False
    fevered = sheet_allowance(PACK, sheet(statuses=["Fevered"]))
    assert (fevered.total, fevered.land, fevered.sea) == (2, 2, 2)
    carpet = sheet_allowance(PACK, sheet(treasures=["Magic Carpet"]))
    assert (carpet.total, carpet.land, carpet.sea) == (4, 3, 4)
    assert can_reach(PACK, "Baghdad", "S4", sheet(treasures=["Magic Carpet"]))
    assert not can_reach(PACK, "Baghdad", "S4", sheet())


def test_a_barred_space_can_be_neither_entered_nor_crossed():
    exiled = sheet(statuses=["Exiled"])
    assert can_reach(PACK, "Baghdad", "L1", exiled)
    assert not can_reach(PACK, "Baghdad", "L2", exiled)
    assert not can_reach(PACK, "Baghdad", "L3", exiled)
    assert "L3" in reachable_spaces(PACK, sheet()) and "L3" not in reachable_spaces(PACK, exiled)


def test_where_one_can_go_by_land_and_by_sea():
    routes = reachable_spaces(PACK, sheet(wealth="Beggar"))
    assert routes["L3"] == "land" and routes["S2"] == "sea" and routes["T1"] == "land and sea"
    assert "Baghdad" not in routes and "S3" not in routes
    assert reachable_spaces(PACK, sheet(statuses=["Lost"])) == {}


def test_prison_ends_on_a_five_or_six_only():
    table = _table(statuses=["Imprisoned"])
    assert roll_to_escape(PACK, table, "Ali Baba", 4)[1] == []
    freed, ended = roll_to_escape(PACK, table, "Ali Baba", 5)
    assert ended == ["Imprisoned"] and freed.current.statuses == []
    with pytest.raises(IllegalAction, match="1 to 6, not 7"):
        roll_to_escape(PACK, table, "Ali Baba", 7)


def test_lost_turns_add_up_and_a_skipping_status_is_spent_first():
    table = lose_next_turn(lose_next_turn(_table(), "Ali Baba"), "Ali Baba")
    assert skipped_turn_reason(PACK, table.current) == "a lost turn"
    table = skip_turn(PACK, table, "Ali Baba")
    assert table.current.turns_to_skip == 1
    asleep = _table(statuses=["Asleep"])
    assert skipped_turn_reason(PACK, asleep.current) == "Asleep"
    assert skip_turn(PACK, asleep, "Ali Baba").current.statuses == []


def test_a_treasure_counts_as_a_master_skill_and_a_status_blocks_one():
    paragraph = PACK.paragraph(410)
    carpet = sheet(treasures=["Magic Carpet"])
    headings = [section.heading for section in usable_sections(PACK, paragraph, carpet)]
    assert headings == ["NO SKILL", "WEAPON USE", "MAGIC CARPET"]
    assert master_shortcuts(PACK, (409, 410, 411), carpet)[0].skills == ["Weapon Use"]
    blocked = sheet(skills={"Weapon Use": "Master"}, statuses=["Wounded"])
    assert [s.heading for s in usable_sections(PACK, paragraph, blocked)] == ["NO SKILL"]
    assert master_shortcuts(PACK, (409, 410, 411), blocked) == []


def test_the_master_shortcut_reads_the_master_section_not_the_plain_one():
    paragraph = PACK.paragraph(410).model_copy(
        update={
            "sections": [
                *PACK.paragraph(410).sections,
                PACK.paragraph(410)
                .sections[2]
                .model_copy(update={"heading": "MASTER STORYTELLING", "master": True}),
            ]
        }
    )
    assert master_section(paragraph, "Storytelling").heading == "MASTER STORYTELLING"
    assert master_section(paragraph, "Weapon Use").heading == "WEAPON USE"
    assert master_section(paragraph, "Piety") is None


def test_a_treasure_keeps_a_status_away():
    table = _table(treasures=["Amber Compass"])
    after, changes = apply_reward(
        PACK, table, "Ali Baba", [GainStatus(name="Lost")], random.Random(1)
    )
    assert after.current.statuses == []
    assert describe_changes("Ali Baba", changes) == (
        "Ali Baba is kept from becoming Lost by the Amber Compass."
    )


def test_using_a_treasure_gives_its_reward_once_and_a_used_up_one_is_gone():
    table, code = use_treasure(PACK, _table(treasures=["Brass Lamp"]), "Ali Baba", "brass lamp")
    assert code == "S1" and table.current.treasures == []
    assert "Brass Lamp" not in table.treasure_deck
    with pytest.raises(IllegalAction, match="works by itself"):
        use_treasure(PACK, _table(treasures=["Ionian Gems"]), "Ali Baba", "Ionian Gems")


def test_selling_raises_wealth_and_returns_the_card_to_the_deck():
    table = _table(treasures=["Ionian Gems"]).evolve(lambda copy: copy.treasure_deck.clear())
    sold, levels = sell_treasure(PACK, table, "Ali Baba", "Ionian Gems", random.Random(1))
    assert levels == 2 and sold.current.wealth == "Wealthy"
    assert sold.treasure_deck == ["Ionian Gems"] and sold.current.treasures == []
    with pytest.raises(IllegalAction, match="nobody will buy the Brass Lamp"):
        sell_treasure(
            PACK, _table(treasures=["Brass Lamp"]), "Ali Baba", "Brass Lamp", random.Random(1)
        )
    city_only = _table(treasures=["Ionian Gems"], position="L1").model_copy(
        update={"rules": TableRules(sell_in_cities_only=True)}
    )
    with pytest.raises(IllegalAction, match="sold in a city"):
        sell_treasure(PACK, city_only, "Ali Baba", "Ionian Gems", random.Random(1))


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("roll +x", r"unknown status effect .roll \+x."),
        ("ends on roll 7", "die faces go from 1 to 6"),
        ("ends on roll 6-5", "die faces go from 1 to 6"),
    ],
)
def test_unreadable_status_effects_say_what_to_write(text, problem):
    with pytest.raises(ValueError, match=problem):
        parse_status_acts(text)


def test_instructions_the_companion_carries_out():
    assert instruction_action("You may lose one status of your choice") == "choose status to lose"
    assert instruction_action("Lose your next turn.") == "lose turn"
    assert instruction_action("Lose your next turn and your hat") is None


def test_a_grieving_player_gains_no_story_but_still_loses_it_and_gains_destiny():
    table = _table(statuses=["Grieving"], story=2)
    gains = [StoryChange(amount=3), DestinyChange(amount=1)]
    after, changes = apply_reward(PACK, table, "Ali Baba", gains, random.Random(1))
    assert (after.current.story, after.current.destiny) == (2, 1)
    assert describe_changes("Ali Baba", changes) == (
        "Ali Baba gains 1 Destiny and gains no Story while Grieving."
    )
    after, _ = apply_reward(PACK, table, "Ali Baba", [StoryChange(amount=-1)], random.Random(1))
    assert after.current.story == 1


def test_grief_ends_after_a_turn_of_rest_begun_with_it():
    rng = random.Random(1)
    table, _ = apply_reward(PACK, _table(), "Ali Baba", [GainStatus(name="Grieving")], rng)
    table, ended = end_statuses(PACK, table, "Ali Baba", "after turn")
    assert ended == [] and table.current.statuses == ["Grieving"]
    travelled = move(PACK, table, "Ali Baba", "L1")
    travelled, ended = end_statuses(PACK, travelled, "Ali Baba", "after turn")
    assert ended == [] and not travelled.current.moved_this_turn
    rested, ended = end_statuses(PACK, travelled, "Ali Baba", "after turn")
    assert ended == ["Grieving"] and rested.current.statuses == []


def test_a_status_gained_during_a_turn_outlasts_that_turn():
    rng = random.Random(1)
    table, _ = apply_reward(PACK, _table(), "Ali Baba", [GainStatus(name="Lost")], rng)
    table, ended = end_statuses(PACK, table, "Ali Baba", "after turn")
    assert ended == [] and sheet_allowance(PACK, table.current).total == 0
    assert end_statuses(PACK, table, "Ali Baba", "after turn")[1] == ["Lost"]


def test_a_flying_carpet_raises_every_rate_to_four():
    carpet = sheet(wealth="Beggar", treasures=["Flying Carpet"])
    allowance = sheet_allowance(PACK, carpet)
    assert (allowance.total, allowance.land, allowance.sea) == (4, 4, 4)
    assert can_reach(PACK, "Baghdad", "S4", carpet)
    assert not can_reach(PACK, "Baghdad", "S5", carpet)
    fevered = sheet_allowance(PACK, sheet(treasures=["Flying Carpet"], statuses=["Fevered"]))
    assert fevered.total == 3


def _two_continents():
    far = {"S4", "S5", "S6"}
    spaces = {
        name: space.model_copy(update={"continent": "India"}) if name in far else space
        for name, space in PACK.spaces.items()
    }
    return PACK.model_copy(update={"spaces": spaces})


def test_the_ebony_horse_flies_anywhere_on_the_continent_and_no_further():
    pack = _two_continents()
    rider = sheet(wealth="Beggar", treasures=["Ebony Horse"])
    assert can_reach(pack, "Baghdad", "M2", rider) and not can_reach(pack, "Baghdad", "M2", sheet())
    assert not can_reach(pack, "Baghdad", "S5", rider)
    routes = reachable_spaces(pack, rider)
    assert routes["M2"] == "flight" and routes["L1"] == "land" and "S6" not in routes
    exiled = rider.model_copy(update={"statuses": ["Exiled"]})
    assert not can_reach(pack, "Baghdad", "L2", exiled) and can_reach(pack, "Baghdad", "L4", exiled)
    assert reachable_spaces(pack, rider.model_copy(update={"statuses": ["Lost"]})) == {}


def test_the_rukh_feather_carries_its_owner_once():
    table = _table(treasures=["Rukh Feather"])
    table, code = use_treasure(PACK, table, "Ali Baba", "Rukh Feather")
    assert code == "Move to City of Brass" and table.current.treasures == []
    assert parse_treasure_acts("air 4; flies on continent").continent_flight
    with pytest.raises(ValueError, match="air N, flies on continent"):
        parse_treasure_acts("flies everywhere")
    with pytest.raises(ValueError, match="no story"):
        parse_status_acts("no destiny")


def test_diseased_pays_in_cities_only_while_there_is_wealth_to_pay():
    table = _table(statuses=["Diseased"], position="Baghdad", wealth="Poor")
    assert city_toll(PACK, table.current) == "Diseased"
    assert city_toll(PACK, table.current.model_copy(update={"position": "L1"})) is None
    paid = pay_toll(PACK, table, "Ali Baba")
    assert paid.current.wealth == "Beggar"
    assert not can_pay_toll(PACK, paid.current)
    with pytest.raises(IllegalAction):
        pay_toll(PACK, paid, "Ali Baba")
    assert leave_city(paid, "Ali Baba").current.must_leave == "Baghdad"


def test_fortune_mad_falcon_and_ball_are_read_from_their_clauses():
    assert better_face("minus", "plus") == "plus" and better_face("blank", "minus") == "blank"
    fortunate = _table(statuses=["Fortunate"])
    assert fortune_status(PACK, fortunate.current) == "Fortunate"
    assert spend_fortune(fortunate, "Ali Baba", "Fortunate").current.statuses == []
    mad = TableState(
        players=[sheet(statuses=["Mad"]), sheet(name="Zed", gender="f")],
        treasure_deck=[],
        encounter_deck=[],
    )
    assert reaction_chooser(PACK, mad) == ("Mad", "Zed")
    assert reaction_chooser(PACK, _table(statuses=["Mad"])) is None
    falcon = _table(treasures=["Golden Falcon", "Crystal Ball"])
    assert refusing_treasure(PACK, falcon.current) == "Golden Falcon"
    assert seeing_treasure(PACK, falcon.current) == "Crystal Ball"
    spent = refuse_encounter(falcon, "Ali Baba", "Golden Falcon")
    assert refusing_treasure(PACK, spent.current) is None


def test_an_envied_players_wealth_losses_are_one_level_worse_and_gains_unchanged():
    table = _table(statuses=["Envied"], wealth="Rich")
    after, changes = apply_reward(
        PACK, table, "Ali Baba", [WealthChange(amount=-1)], random.Random(1)
    )
    assert after.current.wealth == "Middle Class"
    assert describe_changes("Ali Baba", changes) == (
        "Ali Baba falls to Middle Class (one level worse as Envied)."
    )
    after, _ = apply_reward(PACK, table, "Ali Baba", [WealthChange(amount=1)], random.Random(1))
    assert after.current.wealth == "Princely"
    poor = _table(statuses=["Envied"], wealth="Poor")
    after, _ = apply_reward(PACK, poor, "Ali Baba", [WealthChange(amount=-1)], random.Random(1))
    assert after.current.wealth == "Beggar"
    plain = _table(wealth="Rich")
    after, changes = apply_reward(
        PACK, plain, "Ali Baba", [WealthChange(amount=-1)], random.Random(1)
    )
    assert after.current.wealth == "Wealthy"
    assert describe_changes("Ali Baba", changes) == "Ali Baba falls to Wealthy."
