"""Steal rolls when a pawn lands on an opponent."""

from __future__ import annotations

from companion.framework.answers import Answer
from companion.games.tales_of_arabia.dialogue.steps import StepBuilder
from companion.games.tales_of_arabia.speech import Narrator
from tests.tales_of_arabia.toa_table import Table

ALI, SARA, OMAR = 0, 1, 2


def beside_sara(*held: str, hero: str = "Antar", fortune: int = 0, **settings: bool) -> Table:
    """Sara holds ``held`` on space 3; Ali (``hero``) is about to roll a two."""
    table = Table(heroes=(hero, "Aladdin"), top=["Caravan"], **settings).give(SARA, *held)
    return table.set(SARA, space=3, fortune=fortune)


def test_landing_on_an_opponent_offers_a_steal_roll() -> None:
    table = beside_sara("Gold & Silver").say("2")
    assert (table.pending.purpose, table.pending.other) == ("steal_try", SARA)
    table.say("yes")
    assert (table.pending.purpose, table.pending.other) == ("steal", SARA)


def test_a_steal_roll_of_four_to_six_takes_the_only_thing_there_is() -> None:
    table = beside_sara("Gold & Silver").say("2", "yes", "4")
    assert table.player(ALI).treasures == ["Gold & Silver"]
    assert table.player(SARA).treasures == []


def test_a_steal_roll_of_one_to_three_takes_nothing() -> None:
    table = beside_sara("Gold & Silver").say("2", "yes", "3")
    assert table.player(ALI).treasures == []
    assert table.player(SARA).treasures == ["Gold & Silver"]


def test_the_thief_chooses_a_treasure_an_item_or_a_fortune_token() -> None:
    table = beside_sara("Gold & Silver", "Magic Ring", fortune=2).say("2", "yes", "5")
    assert (table.pending.purpose, table.pending.options) == (
        "steal_what",
        ["Gold & Silver", "Magic Ring", "fortune token"],
    )
    table.say("fortune token")
    # One token stolen, one more from the Caravan then drawn on the space.
    assert (table.player(ALI).fortune, table.player(SARA).fortune) == (2, 1)


def test_a_stolen_item_keeps_its_uses() -> None:
    table = beside_sara("Healing Elixir")
    table.player(SARA).items[0].uses = 2
    table.say("2", "yes", "6")
    assert [(i.name, i.uses) for i in table.player(ALI).items] == [("Healing Elixir", 2)]


def test_the_steal_happens_before_the_space_acts() -> None:
    table = beside_sara("Gold & Silver").say("2", "yes", "6")
    kinds = table.kinds()
    assert kinds.index("stole") < kinds.index("card")
    assert table.player(ALI).fortune == 1  # then the Caravan is drawn


def test_the_space_may_act_before_the_steal_when_set_so() -> None:
    table = beside_sara("Gold & Silver", steal_first=False).say("2")
    assert table.player(ALI).fortune == 1
    assert table.pending.purpose == "steal_try"


def test_declining_to_steal() -> None:
    table = beside_sara("Gold & Silver").say("2", "no")
    assert table.player(SARA).treasures == ["Gold & Silver"]
    assert table.pending.player == SARA


def test_aid_cards_and_won_challenges_cannot_be_stolen() -> None:
    table = beside_sara("Hospitality", "Dragon").say("2")
    assert table.pending.purpose != "steal_try"
    assert table.player(ALI).fortune == 1


def test_the_thief_of_baghdad_and_the_magic_slippers_add_to_the_steal_roll() -> None:
    table = beside_sara("Gold & Silver", hero="Thief of Baghdad").give(ALI, "Magic Slippers")
    table.say("1", "yes")  # the slippers make the one a two
    assert (table.player(ALI).space, table.pending.purpose) == (3, "steal")
    table.say("2")  # 2 + 1 + 1 = 4
    assert table.player(ALI).treasures == ["Gold & Silver"]


def test_two_opponents_on_the_space_ask_whom_to_rob() -> None:
    table = Table(heroes=("Antar", "Aladdin", "Sindbad the Sailor"), top=["Caravan"])
    table.give(SARA, "Gold & Silver").give(OMAR, "Rubies & Sapphires")
    table.set(SARA, space=3).set(OMAR, space=3).say("2")
    assert (table.pending.purpose, table.pending.options) == ("steal_from", ["Sara", "Omar", "no"])
    table.say("Omar", "4")
    assert table.player(ALI).treasures == ["Rubies & Sapphires"]


def test_the_loot_may_be_named_by_a_word_the_prompt_gives() -> None:
    table = beside_sara("Gold & Silver", "Ancient Curse", fortune=1).say("2", "yes", "5")
    step = StepBuilder(table.pack, Narrator(table.pack)).step(table.state)
    assert "Ancient Curse" in step.prompt
    assert step.expects.match("Ancient").value == Answer("Ancient Curse")
    assert step.expects.match("silver").value == Answer("Gold & Silver")
