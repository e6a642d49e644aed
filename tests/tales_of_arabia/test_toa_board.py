"""The track: Baghdad, Mecca, Medina, the Silk Road, cards left on spaces, and turn order."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.tales_of_arabia.content.pack import load_pack
from companion.games.tales_of_arabia.rules import Rules, new_game
from companion.games.tales_of_arabia.speech import Narrator
from tests.tales_of_arabia.toa_table import Table

ALI, SARA, OMAR = 0, 1, 2


def test_passing_baghdad_gains_one_fame_and_the_move_goes_on() -> None:
    table = Table(top=["Caravan"]).set(ALI, space=34).say("4")
    ali = table.player(ALI)
    assert (ali.space, ali.fame, ali.fortune) == (2, 1, 1)
    assert "passed" in table.kinds()


def test_landing_on_baghdad_gains_one_fame_and_draws_nothing() -> None:
    table = Table().set(ALI, space=33)
    deck = list(table.state.deck)
    table.say("4")
    assert (table.player(ALI).space, table.player(ALI).fame) == (1, 1)
    assert table.state.deck == deck
    assert "passed" not in table.kinds()


def test_leaving_baghdad_at_the_start_gains_nothing() -> None:
    assert Table().say("3").player(ALI).fame == 0


@pytest.mark.parametrize(("start", "roll", "space"), [(5, "5", 10), (16, "3", 19)])
def test_mecca_and_medina_cost_a_turn_and_gain_faith(start: int, roll: str, space: int) -> None:
    table = Table().set(ALI, space=start)
    deck = list(table.state.deck)
    table.say(roll)
    ali = table.player(ALI)
    assert (ali.space, ali.faith, ali.missed_turns) == (space, 1, 1)
    assert table.state.deck == deck


def test_passing_mecca_costs_nothing() -> None:
    table = Table(top=["Caravan"]).set(ALI, space=8).say("4")
    ali = table.player(ALI)
    assert (ali.space, ali.faith, ali.fortune, ali.missed_turns) == (12, 0, 1, 0)


def test_the_silk_road_gains_fortune() -> None:
    table = Table().set(ALI, space=24).say("4")
    ali = table.player(ALI)
    assert (ali.space, ali.fortune, ali.missed_turns) == (28, 1, 0)


def test_a_failed_challenge_waits_for_whoever_lands_there_next() -> None:
    table = Table(top=["Dragon"]).say("1", "1")  # Ali fails; the Dragon stays on space 2
    deck = list(table.state.deck)
    table.say("1")  # Sara lands on the Dragon (Ali has nothing to steal)
    assert (table.pending.purpose, table.pending.player, table.pending.card) == (
        "fate",
        SARA,
        "Dragon",
    )
    assert table.state.deck == deck  # no card is drawn on an occupied space
    table.say("6")
    assert table.player(SARA).trophies == ["Dragon"]
    assert 2 not in table.state.board


def test_a_challenge_failed_again_stays_and_costs_again() -> None:
    table = Table(top=["Pirates"]).say("1", "1")
    table.set(SARA, fortune=1).say("1", "1")
    assert table.state.board[2] == "Pirates"
    assert table.player(SARA).fortune == 0
    assert [e.player for e in table.events if e.kind == "loses_turn"] == ["Ali", "Sara"]


def test_missed_turns_are_skipped_in_order() -> None:
    table = Table(heroes=("Antar", "Aladdin", "Ali Baba"), top=["Enslaved"]).say("1")
    assert table.pending.player == SARA
    table.say("2")
    assert table.pending.player == OMAR
    table.say("3")
    assert table.pending.player == SARA  # Ali's turn is skipped
    assert ("skipped", "Ali") in [(e.kind, e.player) for e in table.events]
    assert table.player(ALI).missed_turns == 0


def test_a_gained_turn_is_played_right_after_the_current_one() -> None:
    table = Table(top=["Camels"]).say("1")
    assert (table.pending.player, table.pending.purpose) == (ALI, "move")
    table.say("2")
    assert table.pending.player == SARA


def test_two_dice_for_a_turn_gained_with_arabian_horses() -> None:
    table = Table(top=["Arabian Horses"]).say("1")
    assert (table.pending.dice, table.pending.low, table.pending.high) == (2, 2, 12)
    table.say("roll")
    rolled = [e.amount for e in table.events if e.kind == "rolled"][-1]
    assert 2 <= rolled <= 12


def test_the_highest_roll_starts_and_ties_roll_again() -> None:
    pack = load_pack()
    state, _ = new_game(
        pack, [("Ali", "Antar"), ("Sara", "Aladdin"), ("Omar", "Morgiana")], random.Random(1)
    )
    rng = random.Random(2)
    for roll in ("5", "5", "2"):
        Rules(pack, state).answer(roll, rng)
    assert (state.pending.purpose, state.pending.player) == ("order", ALI)  # tie: roll again
    Rules(pack, state).answer("3", rng)
    events = Rules(pack, state).answer("6", rng)
    assert (state.pending.purpose, state.pending.player) == ("move", SARA)
    assert state.order == [SARA, ALI, 2]
    assert Narrator(pack).speeches(events, state)[0].text == (
        "The turn order is Sara, Ali then Omar. Sara goes first."
    )


def test_every_player_takes_the_place_of_their_roll_and_turns_follow_it() -> None:
    pack = load_pack()
    players = [
        ("Ali", "Antar"),
        ("Sara", "Aladdin"),
        ("Omar", "Morgiana"),
        ("Nur", "Sindbad the Sailor"),
    ]
    state, _ = new_game(pack, players, random.Random(1))
    rng = random.Random(2)
    for roll in ("2", "6", "4", "2", "1", "5"):  # Ali and Nur tie on 2, then Nur wins
        Rules(pack, state).answer(roll, rng)
    assert state.order == [SARA, OMAR, 3, ALI]


def test_turns_follow_the_rolled_order() -> None:
    table = Table(heroes=("Antar", "Aladdin", "Ali Baba", "Sindbad the Sailor"))
    table.state.order = [SARA, OMAR, 3, ALI]
    movers = []
    for _ in range(5):
        movers.append(table.state.pending.player)
        table.say("2")
    assert movers == [ALI, SARA, OMAR, 3, ALI]


@settings(max_examples=150, deadline=None)
@given(start=st.integers(1, 36), roll=st.integers(1, 12))
def test_every_move_lands_clockwise_and_pays_baghdad_once(start: int, roll: int) -> None:
    table = Table(top=["Sufi Mystic"]).give(ALI, "Magic Carpet").set(ALI, space=start)
    table.say(str(roll))
    landing = (start - 1 + roll) % 36 + 1
    assert table.player(ALI).space == landing
    assert table.player(ALI).fame == (1 if start + roll > 36 else 0)
