"""What the referee tells the table without being asked: a lone target named, a turn
without action points said as such."""

from __future__ import annotations

from tests.samarande.helpers import build_city, start


def test_the_only_possible_target_of_the_assassins_is_named_aloud():
    script = start("Ali,Zoe,Sam")
    build_city(script.table, "Zoe", "Royal Guard")
    said = script("play the assassins guild")
    assert said[:2] == [
        "The Assassins' Guild goes after Zoe, the only vizier with a guard.",
        "The assassins attack Zoe's Royal Guard, the only guard they can reach.",
    ]


def test_the_only_vizier_open_sesame_can_rob_is_named_before_the_roll():
    script = start()
    script.table.player("Zoe").gold, script.table.bank = 5, 55
    said = script("play open sesame")
    assert said[0] == "The Open Sesame robs Zoe."


def test_without_action_points_the_turn_asks_to_buy_or_end_not_what_to_do():
    script = start()
    script("take card six")
    assert script.prompt == "Ali, no action points left and none to buy: end your turn."
    script.table.current.gold = 4
    assert script.prompt == "Ali, no action points left: buy one for 2 gold, or end your turn."
    script("buy a point")
    assert script.prompt == "Ali, 1 action point. What do you do?"


def test_a_place_of_the_line_is_taken_as_a_player_says_it():
    script = start()
    said = script("take the first one", "the second card", "take card number three")
    assert said[-1].startswith("Take the card in place 3.")
    assert script.table.action_points == 0
