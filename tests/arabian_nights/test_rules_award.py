"""Applying rewards to the table, and the one-sentence summary."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games.arabian_nights.content.loader import reward_vocabulary
from companion.games.arabian_nights.content.reward_codes import parse_reward
from companion.games.arabian_nights.rules import TableState, apply_reward, describe_changes
from tests.arabian_nights.rules_pack import mini_pack, sheet

PACK = mini_pack()
VOCABULARY = reward_vocabulary(PACK)


def _table(*players, deck=("Brass Lamp", "Ionian Gems", "Magic Carpet")):
    return TableState(
        players=list(players) or [sheet()], treasure_deck=list(deck), encounter_deck=[]
    )


def _award(table, code, player="Ali Baba", seed=0):
    effects = parse_reward(code, VOCABULARY)
    return apply_reward(PACK, table, player, effects, random.Random(seed))


def test_the_rulebook_award_for_a_beggar():
    table = _table(sheet(wealth="Beggar"))
    after, changes = _award(table, "[D2/S1/W 1 (Max: Poor)/Storytelling/Respected]")
    ali = after.player("Ali Baba")
    assert (ali.destiny, ali.story, ali.wealth) == (2, 1, "Poor")
    assert ali.skills == {"Storytelling": "Talent"}
    assert ali.statuses == ["Respected"]
    assert describe_changes("Ali Baba", changes) == (
        "Ali Baba gains 2 Destiny and 1 Story, rises to Poor, learns Storytelling"
        " and becomes Respected."
    )
    assert table.player("Ali Baba").destiny == 0, "the given table is never changed"


@pytest.mark.parametrize(
    ("wealth", "code", "after"),
    [
        ("Poor", "W 1 (Max: Poor)", "Poor"),
        ("Rich", "W 1 (Max: Poor)", "Rich"),
        ("Beggar", "W+3 (Max: Middle Class)", "Middle Class"),
        ("Princely", "W+2", "Princely"),
        ("Beggar", "W-1", "Beggar"),
        ("Rich", "W-2 (Min: Middle Class)", "Middle Class"),
        ("Rich", "W-9 (Min: Poor)", "Poor"),
        ("Beggar", "W-2 (Min: Poor)", "Beggar"),
        ("Poor", "W-3", "Beggar"),
    ],
)
def test_wealth_stays_on_the_track_and_within_the_award_bounds(wealth, code, after):
    table, _ = _award(_table(sheet(wealth=wealth)), code)
    assert table.player("Ali Baba").wealth == after


def test_a_capped_wealth_gain_says_the_player_stays():
    _, changes = _award(_table(sheet(wealth="Poor")), "W1 (Max: Poor)")
    assert describe_changes("Ali Baba", changes) == "Ali Baba stays Poor."


def test_destiny_and_story_never_go_below_zero():
    table, changes = _award(_table(sheet(destiny=1)), "D-3/S-1")
    assert (table.player("Ali Baba").destiny, table.player("Ali Baba").story) == (0, 0)
    assert describe_changes("Ali Baba", changes) == (
        "Ali Baba loses 1 Destiny and has no Story left to lose."
    )


def test_a_skill_goes_talent_then_master_then_stays_and_can_be_lost():
    table = _table()
    sentences = []
    for code in ("Storytelling", "Storytelling", "Storytelling", "Lose Storytelling"):
        table, changes = _award(table, code)
        sentences.append(describe_changes("Ali Baba", changes))
    assert sentences == [
        "Ali Baba learns Storytelling.",
        "Ali Baba masters Storytelling.",
        "Ali Baba is already a Master of Storytelling.",
        "Ali Baba loses Storytelling.",
    ]
    assert table.player("Ali Baba").skills == {}


def test_a_master_award_goes_straight_to_master():
    table, _ = _award(_table(), "Piety (Master)")
    assert table.player("Ali Baba").skills == {"Piety": "Master"}


def test_statuses_are_gained_once_and_lost():
    table, _ = _award(_table(), "Cursed/Cursed/Respected")
    assert table.player("Ali Baba").statuses == ["Cursed", "Respected"]
    table, changes = _award(table, "Lose Cursed/Lose Cursed")
    assert table.player("Ali Baba").statuses == ["Respected"]
    assert describe_changes("Ali Baba", changes) == "Ali Baba is no longer Cursed."


def test_a_named_treasure_is_taken_from_the_player_who_holds_it():
    table = _table(sheet(), sheet("Zumurrud", "f", treasures=["Ionian Gems"]), deck=["Brass Lamp"])
    after, changes = _award(table, "Ionian Gems")
    assert after.player("Zumurrud").treasures == []
    assert after.player("Ali Baba").treasures == ["Ionian Gems"]
    assert describe_changes("Ali Baba", changes) == "Ali Baba takes the Ionian Gems from Zumurrud."


def test_a_named_treasure_still_in_the_deck_comes_out_of_the_deck():
    after, changes = _award(_table(), "Magic Carpet")
    assert after.treasure_deck == ["Brass Lamp", "Ionian Gems"]
    assert describe_changes("Ali Baba", changes) == "Ali Baba gains the Magic Carpet."


def test_a_random_treasure_is_the_top_of_the_deck_until_it_is_empty():
    table, _ = _award(_table(deck=["Brass Lamp"]), "Treasure")
    assert table.player("Ali Baba").treasures == ["Brass Lamp"]
    table, changes = _award(table, "Treasure")
    assert table.player("Ali Baba").treasures == ["Brass Lamp"]
    assert describe_changes("Ali Baba", changes) == (
        "Ali Baba finds no treasure, the treasure deck is empty."
    )


def test_a_lost_treasure_goes_back_into_the_deck_at_a_seeded_place():
    table = _table(sheet(treasures=["Magic Carpet"]), deck=["Brass Lamp", "Ionian Gems"])
    places = set()
    for seed in range(20):
        after, changes = _award(table, "Lose Magic Carpet", seed=seed)
        assert after.player("Ali Baba").treasures == []
        assert sorted(after.treasure_deck) == ["Brass Lamp", "Ionian Gems", "Magic Carpet"]
        places.add(after.treasure_deck.index("Magic Carpet"))
    assert places == {0, 1, 2}
    assert describe_changes("Ali Baba", changes) == "Ali Baba gives up the Magic Carpet."


def test_a_new_opportunity_replaces_the_old_destination_marker():
    table, changes = _award(
        _table(sheet(destination="Jeweled Fortress")), "Opportunity: City of Brass"
    )
    assert table.player("Ali Baba").destination == "City of Brass"
    assert describe_changes("Ali Baba", changes) == (
        "Ali Baba may now enter City of Brass and loses the way to Jeweled Fortress."
    )


def test_move_to_and_follow_ups_are_logged_but_not_in_the_sentence():
    table, changes = _award(_table(), 'Move to S3/Go to 512/"Sing for your supper"')
    assert table.player("Ali Baba").position == "S3"
    assert [type(change).__name__ for change in changes] == ["Moved", "FollowUp", "FollowUp"]
    assert changes[2].effect.text == "Sing for your supper"
    assert describe_changes("Ali Baba", changes) == "Ali Baba is carried to S3."


def test_nothing_changes():
    _, changes = _award(_table(), "Lose Cursed")
    assert describe_changes("Ali Baba", changes) == "Nothing changes for Ali Baba."


CODE_PARTS = st.sampled_from(
    [
        "D2",
        "D-3",
        "S1",
        "S-2",
        "W+1",
        "W-2 (Min: Poor)",
        "W 2 (Max: Rich)",
        "Storytelling",
        "Piety (Master)",
        "Lose Piety",
        "Cursed",
        "Lose Cursed",
        "Treasure",
        "Ionian Gems",
        "Lose Ionian Gems",
        "Opportunity: City of Brass",
        "Go to 3",
        '"Dance"',
    ]
)


@given(st.lists(CODE_PARTS, max_size=8), st.integers(0, 100))
def test_any_award_keeps_the_table_consistent(parts, seed):
    table = _table(sheet(), sheet("Zumurrud", "f", treasures=["Ionian Gems"]), deck=["Brass Lamp"])
    after, _ = _award(table, "/".join(parts), seed=seed)
    held = [t for player in after.players for t in player.treasures]
    assert sorted(held + after.treasure_deck) == ["Brass Lamp", "Ionian Gems"]
    ali = after.player("Ali Baba")
    assert ali.destiny >= 0 and ali.story >= 0
    assert ali.wealth in [level.name for level in PACK.wealth_track]
    TableState.model_validate_json(after.model_dump_json())
