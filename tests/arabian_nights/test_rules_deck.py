"""The encounter deck, its time-of-day marker, and City cards kept for later."""

from __future__ import annotations

import random

import pytest

from companion.framework.errors import IllegalAction
from companion.games.arabian_nights.content.pack import MatrixTarget, ParagraphTarget, RewardResult
from companion.games.arabian_nights.rules import (
    TableState,
    discard_encounter,
    draw_encounter,
    encounter_target,
    keep_city_card,
    new_table,
    play_city_card,
    playable_city_cards,
)
from tests.arabian_nights.rules_pack import mini_pack, sheet

PACK = mini_pack()
CARDS = ["Bantus Trader", "Magnetic Mountain", "Bantus"]


def _table(deck=CARDS, **fields):
    return TableState(
        players=[sheet(), sheet("Zumurrud", "f")],
        treasure_deck=[],
        encounter_deck=list(deck),
        **fields,
    )


def test_a_new_table_shuffles_both_decks_with_the_given_generator():
    players = [sheet()]
    first = new_table(PACK, players, random.Random(1))
    assert sorted(first.encounter_deck) == sorted(CARDS)
    assert sorted(first.treasure_deck) == ["Brass Lamp", "Ionian Gems", "Magic Carpet"]
    assert first.time_of_day == "morning"
    assert new_table(PACK, players, random.Random(1)) == first
    orders = {
        tuple(new_table(PACK, players, random.Random(seed)).encounter_deck) for seed in range(100)
    }
    assert len(orders) == 6


def test_the_marker_goes_morning_noon_night_and_stays_at_night():
    table, rng, times = _table(), random.Random(5), []
    for _ in range(4 * len(CARDS)):
        table, card = draw_encounter(table, rng)
        times.append(table.time_of_day)
        table = discard_encounter(table, card)
    assert times == ["morning"] * 3 + ["noon"] * 3 + ["night"] * 6


def test_each_pass_through_the_deck_draws_every_card_once():
    table, rng = _table(), random.Random(2)
    for _ in range(3):
        drawn = []
        for _ in CARDS:
            table, card = draw_encounter(table, rng)
            drawn.append(card)
            table = discard_encounter(table, card)
        assert sorted(drawn) == sorted(CARDS)


def test_drawing_does_not_change_the_given_table():
    table = _table()
    after, card = draw_encounter(table, random.Random(0))
    assert card == "Bantus Trader"
    assert table.encounter_deck == CARDS
    assert after.encounter_deck == CARDS[1:]


def test_an_exhausted_deck_is_an_error():
    with pytest.raises(IllegalAction, match="no encounter cards left"):
        draw_encounter(_table(deck=[]), random.Random(0))


def test_where_each_kind_of_card_sends_the_reader():
    assert encounter_target(PACK, "Bantus Trader", "noon", "Sea") == ParagraphTarget(paragraph=9)
    assert encounter_target(PACK, "bantus", "night", "Sea") == ParagraphTarget(paragraph=8)
    assert encounter_target(PACK, "Magnetic Mountain", "morning", "Sea") == (
        ParagraphTarget(paragraph=2)
    )
    mountain = encounter_target(PACK, "Magnetic Mountain", "morning", "mountain")
    assert isinstance(mountain, MatrixTarget) and mountain.matrix == "N"
    with pytest.raises(IllegalAction, match="nothing for terrain 'Desert'"):
        encounter_target(PACK, "Magnetic Mountain", "morning", "Desert")


def test_a_city_card_is_kept_and_played_in_its_city_with_a_die():
    table = keep_city_card(PACK, _table(), "Ali Baba", "Bantus")
    assert table.player("Ali Baba").city_cards == ["Bantus"]
    assert playable_city_cards(PACK, table, "Ali Baba") == []
    with pytest.raises(IllegalAction, match="can only be played in U1"):
        play_city_card(PACK, table, "Ali Baba", "Bantus", 2)
    table = table.evolve(lambda copy: setattr(copy.player("Ali Baba"), "position", "U1"))
    assert playable_city_cards(PACK, table, "Ali Baba") == ["Bantus"]
    after, result = play_city_card(PACK, table, "Ali Baba", "Bantus", 2)
    assert result == RewardResult(reward_code="W+2")
    assert after.player("Ali Baba").city_cards == []
    assert after.encounter_discard == ["Bantus"]
    _, special = play_city_card(PACK, table, "Ali Baba", "Bantus", 4)
    assert isinstance(special, MatrixTarget) and special.row == "Terrible"


def test_only_city_cards_can_be_kept_and_only_kept_cards_played():
    with pytest.raises(IllegalAction, match="Bantus Trader is not a City card"):
        keep_city_card(PACK, _table(), "Ali Baba", "Bantus Trader")
    with pytest.raises(IllegalAction, match="Zumurrud has not kept the Bantus card"):
        play_city_card(PACK, _table(), "Zumurrud", "Bantus", 3)
    with pytest.raises(IllegalAction, match="1 to 6, not 0"):
        play_city_card(PACK, _table(), "Zumurrud", "Bantus", 0)


def test_a_new_table_refuses_a_wealth_level_the_track_lacks():
    with pytest.raises(IllegalAction, match="Ali Baba's wealth 'Sultan' is not on the track"):
        new_table(PACK, [sheet(wealth="Sultan")], random.Random(0))
