"""Every hero's bonus."""

from __future__ import annotations

import pytest

from tests.tales_of_arabia.toa_table import Table

ALI, SARA = 0, 1


def face(hero: str, challenge: str, roll: str) -> Table:
    """A player of ``hero`` draws ``challenge`` and rolls ``roll`` for fate."""
    return Table(heroes=(hero, "Thief of Baghdad"), top=[challenge]).say("1", roll)


@pytest.mark.parametrize(
    ("hero", "helped", "not_helped"),
    [
        ("Aladdin", ["Magician", "Wind Djinn", "Efreeti", "Demon"], ["Nomads", "Cobra"]),
        ("Sindbad the Sailor", ["Scorpion", "Sphinx", "Quicksand"], ["Golem", "Pirates"]),
        ("Antar", ["Nomads", "Evil Vizier", "Corsairs"], ["Harem", "Dragon"]),
    ],
)
def test_fate_bonus_heroes_add_one_against_their_categories(
    hero: str, helped: list[str], not_helped: list[str]
) -> None:
    for challenge in helped:
        modifier = Table().pack.card(challenge).fate_modifier
        roll = str(3 - modifier)  # fails without the bonus, wins with it
        assert face(hero, challenge, roll).player(ALI).trophies == [challenge], challenge
    for challenge in not_helped:
        assert face(hero, challenge, "3").player(ALI).trophies == [], challenge


def test_ali_baba_gains_a_fortune_for_defeating_men() -> None:
    assert face("Ali Baba", "Nomads", "4").player(ALI).fortune == 1
    assert face("Ali Baba", "Dragon", "6").player(ALI).fortune == 0
    assert face("Ali Baba", "Harem", "6").player(ALI).fortune == 0
    # A won "Men" challenge with its own Fortune reward pays both.
    assert face("Ali Baba", "Evil Vizier", "6").player(ALI).fortune == 1


def test_ali_baba_gains_the_fortune_also_when_a_card_wins_for_him() -> None:
    table = Table(heroes=("Ali Baba", "Antar"), top=["Pirates"]).give(ALI, "Scalding Oil")
    table.say("1", "1", "Scalding Oil")
    assert table.player(ALI).trophies == ["Pirates"]
    assert table.player(ALI).fortune == 1


def test_thief_of_baghdad_adds_one_to_steal_rolls() -> None:
    for hero, stolen in (("Thief of Baghdad", ["Gold & Silver"]), ("Antar", [])):
        table = Table(heroes=(hero, "Aladdin")).give(SARA, "Gold & Silver").set(SARA, space=3)
        table.say("2", "yes", "3")
        assert table.player(ALI).treasures == stolen, hero


def test_morgiana_may_roll_a_movement_again() -> None:
    table = Table(heroes=("Morgiana", "Antar"), ask_every_reroll=True)
    table.say("5")
    assert (table.pending.purpose, table.pending.options) == ("reroll", ["reroll", "no"])
    table.say("reroll")
    assert table.pending.purpose == "move"
    table.say("4")
    assert table.player(ALI).space == 5  # the re-roll counts, and no second offer


def test_morgiana_keeps_a_movement_roll_when_she_says_no() -> None:
    table = Table(heroes=("Morgiana", "Antar"), ask_every_reroll=True).say("5", "no")
    assert table.player(ALI).space == 6


def test_morgiana_may_roll_a_failed_fate_again_if_the_turn_s_reroll_is_unused() -> None:
    table = Table(heroes=("Morgiana", "Antar"), ask_every_reroll=True, top=["Nomads"]).say(
        "1", "no", "2"
    )
    assert (table.pending.purpose, table.pending.options) == ("rescue", ["reroll", "no"])
    table.say("reroll", "5")
    assert table.player(ALI).trophies == ["Nomads"]


def test_morgiana_rerolls_only_once_per_turn() -> None:
    table = Table(heroes=("Morgiana", "Antar"), ask_every_reroll=True, top=["Nomads"]).say(
        "1", "reroll", "1", "2"
    )
    # The movement re-roll used up the turn's re-roll: the failed Fate roll stands.
    assert table.state.board[2] == "Nomads"
    assert table.player(ALI).missed_turns == 1


def test_morgiana_gets_a_new_reroll_on_her_next_turn() -> None:
    table = Table(heroes=("Morgiana", "Antar"), ask_every_reroll=True).say("1", "reroll", "1")
    table.say("2")  # Antar's turn
    table.say("3")
    assert table.pending.purpose == "reroll"


def test_morgiana_may_reroll_a_failed_magic_ring_roll() -> None:
    table = Table(heroes=("Morgiana", "Antar"), ask_every_reroll=True, top=["Enslaved"]).give(
        ALI, "Magic Ring"
    )
    table.say("1", "no", "2")
    assert table.pending.purpose == "rescue"
    table.say("reroll", "6")
    assert table.player(ALI).missed_turns == 0


def test_morgiana_is_not_asked_to_reroll_a_move_to_a_bare_space() -> None:
    table = Table(heroes=("Morgiana", "Antar"), top=["Nomads"]).say("2")
    assert table.player(ALI).space == 3 and table.pending.purpose == "fate"
    table.say("1")  # the re-roll was kept for the failed fate roll
    assert (table.pending.purpose, table.pending.options) == ("rescue", ["reroll", "no"])


@pytest.mark.parametrize(
    ("scene", "roll"),
    [
        ("card", "2"),  # a challenge card lies on space three
        ("hero", "2"),  # Antar stands on space three
        ("special", "6"),  # from space four, space ten is Mecca
    ],
)
def test_morgiana_is_asked_when_the_move_lands_on_something_she_can_see(scene, roll) -> None:
    table = Table(heroes=("Morgiana", "Antar"))
    if scene == "card":
        table.state.deck.remove("Nomads")
        table.state.board[3] = "Nomads"
    if scene == "special":
        table.set(ALI, space=4)
    if scene == "hero":
        table.set(SARA, space=3)
    table.say(roll)
    assert (table.pending.purpose, table.pending.options) == ("reroll", ["reroll", "no"])


def test_morgiana_may_reroll_a_failed_steal() -> None:
    table = Table(heroes=("Morgiana", "Antar")).give(SARA, "Gold & Silver").set(SARA, space=3)
    table.say("2", "no", "yes", "1")
    assert table.pending.purpose == "rescue"
    table.say("reroll", "4")
    assert table.player(ALI).treasures == ["Gold & Silver"]
