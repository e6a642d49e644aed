"""Every card's effect, played through the rules core from a stacked deck.

Ali (player 0) moves first from Baghdad; saying "1" moves him to space 2, an empty
space, where he draws the top card.
"""

from __future__ import annotations

import pytest

from companion.framework.errors import IllegalAction
from tests.tales_of_arabia.seed_tables import CHALLENGES, EVENTS, ITEMS, LOCATIONS
from tests.tales_of_arabia.toa_table import Table

ALI, SARA = 0, 1


def draw(card: str, *held: str, heroes=("Thief of Baghdad", "Antar")) -> Table:
    """Ali, holding ``held``, moves to space 2 and draws ``card``."""
    table = Table(heroes=heroes, top=[card]).give(ALI, *held)
    return table.say("1")


# --------------------------------------------------------------------------- challenges


@pytest.mark.parametrize("name", sorted(CHALLENGES))
def test_winning_a_challenge_keeps_the_card_for_fame_and_its_reward(name: str) -> None:
    _, _, win_token, _ = CHALLENGES[name]
    table = draw(name)
    assert (table.pending.purpose, table.pending.card) == ("fate", name)
    table.say("6")
    ali = table.player(ALI)
    assert ali.trophies == [name]
    assert table.points(ALI, "fame") == 1
    assert (ali.fortune, ali.faith) == (
        int(win_token == "fortune"),
        int(win_token == "faith"),
    )
    assert 2 not in table.state.board
    assert ali.missed_turns == 0
    assert (table.pending.purpose, table.pending.player) == ("move", SARA)


@pytest.mark.parametrize("name", sorted(CHALLENGES))
def test_failing_a_challenge_leaves_it_on_the_space_and_costs_a_turn(name: str) -> None:
    _, _, _, fail_fortune = CHALLENGES[name]
    table = draw(name).set(ALI, fortune=2).say("1")
    ali = table.player(ALI)
    assert table.state.board[2] == name
    assert ali.trophies == []
    assert ali.fortune == 2 - fail_fortune
    assert ali.missed_turns == 1


@pytest.mark.parametrize("name", sorted(CHALLENGES))
def test_the_fate_modifier_moves_the_winning_roll(name: str) -> None:
    modifier = CHALLENGES[name][1]
    assert draw(name).say(str(4 - modifier)).player(ALI).trophies == [name]
    assert draw(name).say(str(3 - modifier)).player(ALI).trophies == []


# --------------------------------------------------------------------------- items


@pytest.mark.parametrize("name", sorted(ITEMS))
def test_a_drawn_item_is_kept_face_up(name: str) -> None:
    table = draw(name)
    assert [item.name for item in table.player(ALI).items] == [name]
    assert "kept" in table.kinds()


@pytest.mark.parametrize(("roll", "missed"), [("3", 1), ("4", 0), ("6", 0)])
def test_magic_ring_keeps_a_lost_turn_on_four_to_six(roll: str, missed: int) -> None:
    table = draw("Enslaved", "Magic Ring")
    assert (table.pending.purpose, table.pending.card) == ("ring", "Magic Ring")
    table.say(roll)
    assert table.player(ALI).missed_turns == missed


@pytest.mark.parametrize("challenge", ["Dragon", "Nomads", "Harem", "Wind Djinn"])
def test_magic_potion_is_discarded_to_win_any_challenge(challenge: str) -> None:
    table = draw(challenge, "Magic Potion").say("1")
    assert table.pending.purpose == "rescue"
    assert table.pending.options == ["Magic Potion", "no"] or challenge == "Wind Djinn"
    table.say("Magic Potion")
    ali = table.player(ALI)
    assert ali.trophies == [challenge]
    assert ali.items == []
    assert "Magic Potion" in table.state.discard


def test_magic_potion_may_be_kept_and_the_challenge_lost() -> None:
    table = draw("Dragon", "Magic Potion").say("1", "no")
    assert [item.name for item in table.player(ALI).items] == ["Magic Potion"]
    assert table.state.board[2] == "Dragon"


def test_magic_spy_glass_shows_the_next_four_cards_once_per_turn() -> None:
    table = Table(top=["Caravan", "Dragon", "Oasis", "Alms", "Bazaar"]).give(ALI, "Magic Spy Glass")
    assert "peek" in table.pending.actions
    table.say("peek")
    peek = [e for e in table.events if e.kind == "peek"]
    assert peek[0].cards == ("Caravan", "Dragon", "Oasis", "Alms")
    assert table.state.deck[0] == "Caravan"
    assert "peek" not in table.pending.actions
    assert table.pending.purpose == "move"


def test_magic_carpet_allows_two_dice_to_move() -> None:
    table = Table().give(ALI, "Magic Carpet")
    assert table.pending.two_dice and table.pending.high == 12
    table.say("9")
    assert table.player(ALI).space == 10


def test_roll_two_dice_for_me_needs_the_magic_carpet() -> None:
    with pytest.raises(IllegalAction):
        Table().say("roll two")
    table = Table().give(ALI, "Magic Carpet").say("roll two")
    rolled = [e.amount for e in table.events if e.kind == "rolled"]
    assert 2 <= rolled[0] <= 12


def test_healing_elixir_avoids_three_lost_turns_then_is_discarded() -> None:
    lost_turns = ["Enslaved", "Listen to Scheherazade", "Hajj Pilgrimage"]
    table = Table(top=[lost_turns[0], "Caravan", lost_turns[1], "Merchant Vessel", lost_turns[2]])
    table.give(ALI, "Healing Elixir")
    for uses, (ali_roll, sara_roll) in enumerate([("1", "2"), ("2", "2"), ("2", "2")], start=1):
        table.say(ali_roll)
        assert table.pending.options == ["Healing Elixir", "no"]
        table.say("Healing Elixir")
        assert table.player(ALI).missed_turns == 0
        if uses < 3:
            assert table.player(ALI).items[0].uses == uses
            table.say(sara_roll)
    assert table.player(ALI).items == []
    assert "Healing Elixir" in table.state.discard


def test_magic_slippers_add_one_to_movement() -> None:
    table = Table().give(ALI, "Magic Slippers").say("1")
    assert table.player(ALI).space == 3


@pytest.mark.parametrize("djinn", ["Efreeti", "Shapeshifting Djinn", "Wind Djinn", "Marid"])
def test_seal_of_solomon_defeats_every_djinn_without_a_roll(djinn: str) -> None:
    table = draw(djinn, "Seal of Solomon")
    assert table.player(ALI).trophies == [djinn]
    assert "protected" in table.kinds()
    assert [item.name for item in table.player(ALI).items] == ["Seal of Solomon"]


def test_seal_of_solomon_does_not_help_against_others() -> None:
    assert draw("Sorcerer", "Seal of Solomon").pending.purpose == "fate"


@pytest.mark.parametrize(
    ("item", "helped", "not_helped"),
    [
        ("Flaming Sword", ["Nomads", "Evil Vizier"], ["Dragon", "Sorcerer"]),
        ("Green Turban", ["Magician", "Incubus"], ["Nomads", "Marid"]),
        ("Magic Astrolabe", ["Quicksand", "Sand Storm"], ["Scorpion", "Golem"]),
    ],
)
def test_fate_bonus_items_add_one_against_their_categories(
    item: str, helped: list[str], not_helped: list[str]
) -> None:
    for challenge in helped:
        assert draw(challenge, item).say("3").player(ALI).trophies == [challenge]
    for challenge in not_helped:
        assert draw(challenge, item).say("3").player(ALI).trophies == []


def test_ancient_curse_takes_one_from_every_fate_roll() -> None:
    assert draw("Scorpion", "Ancient Curse").say("4").player(ALI).trophies == []
    assert draw("Scorpion", "Ancient Curse").say("5").player(ALI).trophies == ["Scorpion"]


def test_ancient_curse_is_lifted_for_two_faith() -> None:
    table = Table().give(ALI, "Ancient Curse")
    assert "lift" not in table.pending.actions
    table = Table().give(ALI, "Ancient Curse").set(ALI, faith=3)
    table.say("lift")
    ali = table.player(ALI)
    assert (ali.items, ali.faith) == ([], 1)
    assert "Ancient Curse" in table.state.discard


def test_celestial_orb_draws_two_and_keeps_one() -> None:
    table = Table(top=["Caravan", "Dragon"]).give(ALI, "Celestial Orb").say("1")
    assert (table.pending.purpose, table.pending.options) == ("keep_card", ["Caravan", "Dragon"])
    table.say("Caravan")
    assert table.player(ALI).fortune == 1
    assert "Dragon" in table.state.discard


def test_celestial_orb_with_two_identical_cards_asks_nothing() -> None:
    table = Table(top=["Gold & Silver", "Gold & Silver"]).give(ALI, "Celestial Orb").say("1")
    assert table.player(ALI).treasures == ["Gold & Silver"]
    assert table.pending.player == SARA


def test_philosophers_stone_turns_one_faith_into_one_fortune_once_a_turn() -> None:
    table = Table().give(ALI, "Philosophers Stone")
    assert "trade" not in table.pending.actions
    table.set(ALI, faith=2).say("trade")
    ali = table.player(ALI)
    assert (ali.faith, ali.fortune) == (1, 1)
    assert "trade" not in table.pending.actions


def test_rukh_egg_wins_against_beasts_only() -> None:
    table = draw("Dragon", "Rukh Egg").say("1")
    assert table.pending.options == ["Rukh Egg", "no"]
    table.say("Rukh Egg")
    assert table.player(ALI).trophies == ["Dragon"]
    table = draw("Nomads", "Rukh Egg").say("1")
    assert table.player(ALI).missed_turns == 1
    assert table.pending.player == SARA


# --------------------------------------------------------------------------- treasures


@pytest.mark.parametrize(
    "name", ["Gold & Silver", "Rubies & Sapphires", "South Sea Pearls", "Flawless Gemstones"]
)
def test_a_treasure_is_kept_and_worth_one_fortune(name: str) -> None:
    table = draw(name)
    assert table.player(ALI).treasures == [name]
    assert table.points(ALI, "fortune") == 1


def test_ivory_ship_gains_a_turn_then_becomes_a_fortune_token() -> None:
    table = draw("Ivory Ship")
    ali = table.player(ALI)
    assert (ali.treasures, ali.fortune) == ([], 1)
    assert "Ivory Ship" in table.state.discard
    assert (table.pending.purpose, table.pending.player) == ("move", ALI)


# --------------------------------------------------------------------------- events

EVENT_RESULTS = {
    # name: (fortune, faith, missed turns, dice of the gained turn or None)
    "Enslaved": (0, 0, 1, None),
    "Camels": (0, 0, 0, 1),
    "Arabian Horses": (0, 0, 0, 2),
    "Caravan": (1, 0, 0, None),
    "Merchant Vessel": (1, 0, 0, None),
    "Open Sesame": (0, 0, 0, 1),
    "Listen to Scheherazade": (0, 0, 1, None),
    "Read Book of Kings": (0, 1, 0, None),
    "Sufi Mystic": (0, 1, 0, None),
    "Shahada": (0, 1, 0, None),
    "Daily Prayers": (0, 1, 0, None),
    "Ramadan": (0, 1, 1, None),
    "Hajj Pilgrimage": (0, 2, 1, None),
    "Sheikh Teacher": (0, 1, 0, None),
    "Ulama Scholar": (0, 1, 0, None),
    "Berber Traders": (1, 0, 0, None),
}


def test_every_event_is_covered() -> None:
    assert set(EVENT_RESULTS) | {"Alms", "An Eye for an Eye"} == EVENTS


@pytest.mark.parametrize("name", sorted(EVENT_RESULTS))
def test_event_cards_apply_and_are_discarded(name: str) -> None:
    fortune, faith, missed, gained_dice = EVENT_RESULTS[name]
    table = draw(name)
    ali = table.player(ALI)
    assert (ali.fortune, ali.faith, ali.missed_turns) == (fortune, faith, missed)
    assert table.state.discard == [name]
    if gained_dice:
        assert (table.pending.player, table.pending.dice) == (ALI, gained_dice)
        assert table.pending.low == gained_dice
    else:
        assert table.pending.player == SARA


def test_alms_asks_before_giving_one_fortune_for_two_faith() -> None:
    table = draw("Alms")
    assert table.pending.player == SARA  # nothing to give: nothing asked
    table = Table(top=["Alms"]).set(ALI, fortune=1).say("1")
    assert table.pending.purpose == "trade"
    table.say("yes")
    assert (table.player(ALI).fortune, table.player(ALI).faith) == (0, 2)
    table = Table(top=["Alms"]).set(ALI, fortune=1).say("1", "no")
    assert (table.player(ALI).fortune, table.player(ALI).faith) == (1, 0)


def test_an_eye_for_an_eye_makes_the_only_opponent_miss_a_turn() -> None:
    table = draw("An Eye for an Eye")
    said = [(e.kind, e.player) for e in table.events]
    assert ("loses_turn", "Sara") in said
    assert ("skipped", "Sara") in said
    assert table.pending.player == ALI


def test_an_eye_for_an_eye_asks_which_opponent() -> None:
    table = Table(heroes=("Antar", "Aladdin", "Sindbad the Sailor"), top=["An Eye for an Eye"])
    table.say("1")
    assert (table.pending.purpose, table.pending.options) == ("target", ["Sara", "Omar"])
    table.say("Omar")
    assert [p.missed_turns for p in table.state.players] == [0, 0, 1]


# --------------------------------------------------------------------------- aid cards


@pytest.mark.parametrize(
    ("aid", "beaten", "other"),
    [
        ("Snake Charmer", "Cobra", "Giant Snake"),
        ("Scalding Oil", "Pirates", "Dragon"),
        ("Alchemist", "Golem", "Demon"),
        ("Disguise", "Evil Vizier", "Harem"),
    ],
)
def test_aid_cards_defeat_their_category(aid: str, beaten: str, other: str) -> None:
    table = draw(beaten, aid).say("1")
    assert table.pending.options == [aid, "no"]
    table.say(aid)
    assert table.player(ALI).trophies == [beaten]
    assert table.player(ALI).aids == []
    table = draw(other, aid).say("1")
    assert table.player(ALI).missed_turns == 1


@pytest.mark.parametrize("aid", ["Hospitality", "Led by Wild Beast"])
def test_aid_cards_avoid_losing_a_turn(aid: str) -> None:
    table = draw("Enslaved", aid)
    assert table.pending.options == [aid, "no"]
    table.say(aid)
    assert table.player(ALI).missed_turns == 0
    assert table.player(ALI).aids == []


@pytest.mark.parametrize(
    "aid", ["Snake Charmer", "Scalding Oil", "Hospitality", "Led by Wild Beast", "Alchemist"]
)
def test_a_drawn_aid_card_is_kept(aid: str) -> None:
    assert draw(aid).player(ALI).aids == [aid]


# --------------------------------------------------------------------------- locations

LOCATION_RESULTS = {
    # name: (fame, fortune, faith, missed, gained turn)
    "Elephant Graveyard": (0, 1, 0, 1, False),
    "Mosque": (0, 0, 1, 1, False),
    "City of Brass": (1, 0, 0, 0, False),
    "Bazaar": (0, 1, 0, 0, False),
    "Oasis": (0, 0, 0, 0, True),
}


def _tokens(table: Table, index: int) -> tuple[int, int, int, int]:
    """Fame, Fortune and Faith of a player, and how many turns they have been made to lose."""
    player = table.player(index)
    lost = sum(1 for e in table.events if e.kind == "loses_turn" and e.player == player.name)
    return player.fame, player.fortune, player.faith, lost


def test_every_location_is_covered() -> None:
    assert set(LOCATION_RESULTS) | {"Valley of Serpents"} == LOCATIONS


@pytest.mark.parametrize("name", sorted(LOCATION_RESULTS))
def test_a_location_stays_on_its_space_and_acts_on_every_landing(name: str) -> None:
    *tokens, gained = LOCATION_RESULTS[name]
    table = draw(name)
    assert table.state.board[2] == name
    assert _tokens(table, ALI) == tuple(tokens)
    assert (table.pending.player == ALI) == gained
    if gained:
        table.say("2")  # Ali plays his gained turn and moves on
    table.say("1")  # Sara lands on the location too
    if table.pending.purpose == "steal_try":
        table.say("no")
    assert _tokens(table, SARA) == tuple(tokens)
    assert table.state.board[2] == name


def test_location_acts_only_on_later_landings_when_set_so() -> None:
    table = Table(top=["Bazaar"], location_acts_on_draw=False).say("1")
    assert table.player(ALI).fortune == 0
    table.say("1")
    assert table.player(SARA).fortune == 1


@pytest.mark.parametrize("reward", ["fame", "fortune"])
def test_valley_of_serpents_rewards_a_won_fate_roll(reward: str) -> None:
    table = draw("Valley of Serpents")
    assert (table.pending.purpose, table.pending.card) == ("fate", "Valley of Serpents")
    table.say("4")
    assert table.pending.options == ["fame", "fortune"]
    table.say(reward)
    assert table.player(ALI).tokens(reward) == 1
    assert table.player(ALI).missed_turns == 0


def test_valley_of_serpents_lost_fate_roll_brings_nothing() -> None:
    table = draw("Valley of Serpents").say("3")
    assert _tokens(table, ALI) == (0, 0, 0, 0)
    assert table.pending.player == SARA


def test_a_failed_magic_ring_roll_still_leaves_the_aid_cards() -> None:
    table = draw("Enslaved", "Magic Ring", "Hospitality").say("2")
    assert table.pending.options == ["Hospitality", "no"]
    table.say("Hospitality")
    assert table.player(ALI).missed_turns == 0
    assert [item.name for item in table.player(ALI).items] == ["Magic Ring"]


def test_the_turn_lost_praying_in_mecca_may_be_saved_and_the_faith_is_kept() -> None:
    table = Table().give(ALI, "Magic Ring").set(ALI, space=5).say("5")
    assert table.pending.purpose == "ring"
    table.say("5")
    assert (table.player(ALI).faith, table.player(ALI).missed_turns) == (1, 0)
