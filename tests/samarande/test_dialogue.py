"""The spoken referee: phases in order, questions, refusals, action cards, scoring."""

from __future__ import annotations

import pytest

from companion.framework.answers import Answer
from companion.framework.dialogue import GameOptions
from companion.framework.errors import SetupError
from companion.games.samarande.dialogue import SamarandeDialogue
from tests.samarande.helpers import Script, build_city, start


def pass_turns(script: Script, count: int) -> list[str]:
    """End ``count`` turns in a row (nobody has artisans to test)."""
    return script(*["end turn"] * count)


def test_setup_asks_for_the_viziers_then_who_starts():
    script = Script(SamarandeDialogue.new(GameOptions(seed=5)))
    assert script.prompt == "How many players? Say a number from two to five."
    assert script.refused("six") == "Not six. This game is for two to five players."
    script("three")
    assert script.prompt == "Player one, what is your name?"
    script("Ali", "Zoe")
    assert script.refused("zoe") == "Zoe is already playing. Please choose another name."
    script("Sam")
    assert script.prompt.startswith("Deal eight cards to each vizier. Ali, keep four")
    assert script.table.deck == 110 - 24
    assert script.dialogue.whose_turn() == "We are setting up."  # nobody's turn while dealing
    script("kept", "kept")
    said = script("new cards")
    assert said == [
        "Sam gives back all eight cards. Shuffle them into the deck and deal Sam eight new ones."
    ]
    assert (
        script.prompt == "Sam, keep four of your new eight and give the other four back. Say kept."
    )
    assert script.refused(Answer("redeal")).startswith("That is not one of the choices.")
    said = script("kept")
    assert (
        "Lay six cards face up in the line. The deck holds 92 cards and the bank 60 gold."
        in said[0]
    )
    assert script.dialogue.whose_turn() == "We are setting up."
    said = script("roll for me")
    assert said[0].startswith("The die chooses ")
    assert script.prompt.endswith("6 action points. What do you do?")


def test_the_protection_test_asks_the_left_neighbour_then_the_active_player():
    script = start("Ali,Zoe,Sam")
    build_city(script.table, "Ali", "Souk", "Armourer", "Jeweller")
    pass_turns(script, 3)
    assert script.prompt == "Zoe, roll for the genies against Ali."
    assert script("4") == ["Difficulty 6: 4 plus 2 artisans."]
    assert script.prompt == "Ali, roll for your protection."
    assert script("I rolled a 6")[0] == "Protection 6 does not beat 6."
    assert script.prompt == (
        "Zoe, which artisan of Ali do the genies take? Say Armourer or Jeweller."
    )
    said = script("the jeweller")
    assert said[0] == "The Jeweller of the Souk vanishes."
    assert said[1] == "Taxes: Ali receives 1 gold and now has 1. The bank holds 59."
    assert script.prompt == "Ali, 6 action points. What do you do?"


def test_a_protection_higher_than_the_difficulty_keeps_everyone_safe():
    script = start()
    build_city(script.table, "Ali", "Fortified District", "Perfumer", "Royal Guard")
    pass_turns(script, 2)
    assert script("2") == ["Difficulty 3: 2 plus 1 artisan."]
    assert script("1") == [
        "Protection 5 beats 3. The artisans are safe.",
        "Taxes: Ali receives 3 gold and now has 3. The bank holds 57.",
    ]


def test_desert_veterans_let_the_player_have_the_difficulty_rolled_again():
    script = start()
    build_city(script.table, "Ali", "Palace", "Perfumer", "Bedouins")
    pass_turns(script, 2)
    script("6")
    assert script.prompt == "Ali, your desert guards may make Zoe roll again. Roll again?"
    script("yes")
    assert script.prompt == "Zoe, roll again for the genies against Ali."
    assert script("1") == ["Difficulty 2: 1 plus 1 artisan."]
    assert script.prompt == "Ali, roll for your protection."
    said = script("2")
    assert said[0] == "Protection 3 beats 2. The artisans are safe."


def test_mixed_guards_give_no_reroll_right():
    script = start()
    build_city(script.table, "Ali", "Palace", "Perfumer", "Bedouins", "Militia")
    pass_turns(script, 2)
    script("6")
    assert script.prompt == "Ali, roll for your protection."


def test_refusing_the_reroll_goes_straight_to_protection():
    script = start()
    build_city(script.table, "Ali", "Palace", "Perfumer", "Bedouins")
    pass_turns(script, 2)
    script("2", "no")
    assert script.prompt == "Ali, roll for your protection."


def test_a_lone_artisan_vanishes_without_a_question():
    script = start()
    build_city(script.table, "Ali", "Palace", "Armourer")
    pass_turns(script, 2)
    said = script("6", "1")
    assert said[2:4] == [
        "The Armourer of the Palace vanishes.",
        "No taxes: Ali has no artisan at work.",
    ]
    assert script.prompt == "Ali, 6 action points. What do you do?"


def test_action_points_with_bought_points():
    script = start()
    script.table.current.gold, script.table.bank = 10, 50
    assert script("take card 6") == ["Take the card in place 6. 0 action points left."]
    assert script.refused("draw from the deck") == (
        "Drawing from the deck costs 3 points and you have 0 points left. "
        "You can buy up to 3 more, at 2 gold each."
    )
    assert script("buy a point") == ["Bought a point for 2 gold. Ali has 8 gold."]
    script("buy a point", "buy a point")
    assert script.refused("buy a point") == "You have already bought 3 points this turn."
    assert script("draw") == ["Draw the top card. 0 action points left."]
    assert (script.table.current.gold, script.table.bank, script.table.current.hand) == (4, 56, 6)
    said = script("end turn")
    assert said[0].startswith("Ali, discard 2 cards, keeping 4.")


def test_an_artisan_without_housing_is_refused_and_nothing_changes():
    script = start()
    assert script.refused("play armourer") == "You have no district to house an artisan."
    script("play palace", "play armourer")
    assert script.refused("play jeweller") == (
        "No district of your city has room for another artisan."
    )


def test_an_artisan_asks_which_district_when_several_have_room():
    script = start()
    script("play palace", "play souk")
    script("play perfumer")
    assert script.prompt == "Which of your districts houses the artisan? Say Palace or Souk."
    assert script("the souk") == ["Perfumer housed. 0 action points left."]
    souk = script.table.current.city.districts[1]
    assert souk.artisans == ["Perfumer"]


def test_the_assassin_against_desert_horsemen_with_the_reroll_and_a_tie():
    script = start()
    build_city(script.table, "Zoe", "Desert Horsemen")
    script("play the assassins guild")
    assert (
        script.prompt
        == "Does anyone cancel the Assassins' Guild with a Joker Genie? Say no, or a name."
    )
    script("no")
    assert script.prompt == "Ali, roll for the assassins."
    script("6")
    assert (
        script.prompt == "Zoe, your Desert Horsemen may make the assassins roll again. Roll again?"
    )
    script("yes")
    assert script.prompt == "Ali, roll for the assassins."
    script("1")
    assert script.prompt == "Zoe, roll for the Desert Horsemen."
    said = script("3")
    assert said == [
        "Assassins 5 against 5. A tie: the Desert Horsemen and the Guild are both discarded. "
        "4 action points left."
    ]
    assert script.table.player("Zoe").city.guards == [] and script.table.gold_count() == 60


def test_the_assassin_kills_a_guard_and_is_paid_its_bonus():
    script = start("Ali,Zoe,Sam")
    build_city(script.table, "Zoe", "Royal Guard")
    build_city(script.table, "Sam", "Militia", "Bedouins")
    script("play assassins guild")
    assert script.prompt == "Whom does the Assassins' Guild target? Say Zoe or Sam."
    script("Sam")
    assert script.prompt == "Which guard of Sam do the assassins attack? Say Militia or Bedouins."
    script("militia", "no", "5", "2")
    assert script.said[-1].startswith(
        "Assassins 9 against 3. The Militia of Sam falls. Ali takes the Guild back into hand "
        "and 1 gold."
    )
    assert script.table.current.hand == 4 and script.table.current.gold == 1


def test_a_joker_genie_cancels_the_card_and_costs_its_holder_a_point_next_turn():
    script = start()
    script.table.player("Zoe").gold, script.table.bank = 5, 55
    script("play open sesame")
    said = script("Zoe")
    assert said == [
        "Zoe's Joker Genie cancels the Open Sesame. The genie stays in front of Zoe, who pays "
        "its point next turn. 4 action points left."
    ]
    assert script.table.player("Zoe").gold == 5
    said = script("end turn")
    assert (
        said[-1] == "Zoe's turn. The Joker Genie costs 1 action point of this turn. "
        "No artisan at work, so no protection test and no taxes."
    )
    assert script.prompt == "Zoe, 5 action points. What do you do?"


def test_a_protector_genie_cancels_harm_from_other_players():
    script = start()
    script.table.player("Zoe").gold, script.table.bank = 5, 55
    script("end turn", "play protector genie", "no")
    assert "The Protector Genie stays in front of Zoe." in script.said[-1]
    script("end turn", "play open sesame")
    assert script.said[-1] == "Zoe's Protector Genie cancels the Open Sesame. 4 action points left."
    assert script.table.player("Zoe").gold == 5


def test_the_desert_tornado_only_offers_districts_it_can_afford():
    script = start()
    build_city(script.table, "Zoe", "Souk", "Armourer", "Jeweller", "Perfumer")
    build_city(script.table, "Zoe", "Palace", "Armourer", "Library")
    script("take card 4", "play desert tornado")
    assert script.prompt == "Which district of Zoe? Say Palace or Library."
    assert script.refused(Answer("Souk")) == (
        "That is not one of the choices. You can say: Palace, Library or cancel."
    )
    script("palace", "no")
    assert script.said[-1] == (
        "The tornado sweeps away the Palace of Zoe: 2 cards to the discard pile. "
        "0 action points left."
    )
    assert [d.card for d in script.table.player("Zoe").city.districts] == ["Souk", "Library"]


def test_the_desert_tornado_is_refused_when_no_district_is_affordable():
    script = start()
    build_city(script.table, "Zoe", "Souk", "Armourer", "Jeweller", "Perfumer")
    script("take card 3")
    assert script.refused("play tornado") == "Nobody can be targeted by the Desert Tornado now."


def test_the_scary_genie_makes_a_district_count_for_nothing_until_the_lamp():
    script = start()
    build_city(script.table, "Zoe", "Souk", "Perfumer", "Palace")
    script("play scary genie", "souk", "no")
    assert script.said[-1].startswith("The Scary Genie stays on the Souk of Zoe.")
    assert script.table.taxes_due(script.table.player("Zoe")) == 0
    script("play magic lamp", "no")
    assert script.said[-1].startswith("The Scary Genie in front of Zoe is sent away.")
    assert script.table.taxes_due(script.table.player("Zoe")) == 3


def test_cancel_takes_back_a_card_before_it_is_paid():
    script = start("Ali,Zoe,Sam")
    build_city(script.table, "Zoe", "Militia")
    build_city(script.table, "Sam", "Militia")
    script("play assassins guild")
    assert script("cancel") == ["The Assassins' Guild goes back to your hand."]
    assert script.table.action_points == 6


def test_an_action_card_without_target_is_refused():
    script = start()
    assert script.refused("play assassins guild") == (
        "Nobody can be targeted by the Assassins' Guild now."
    )
    assert script.refused("play magic lamp") == "There is no genie in play to send away."


def test_the_bank_running_dry_ends_the_game_with_the_scores():
    script = start()
    build_city(script.table, "Ali", "Souk", "Perfumer", "Jeweller")
    build_city(script.table, "Zoe", "Palace")
    script.table.player("Zoe").gold, script.table.bank = 56, 4
    pass_turns(script, 2)
    said = script("1", "6")
    assert (
        said[-1] == "Taxes: Ali receives 4 gold of the 5 due, all the bank had, and now has 4. "
        "The bank holds 0."
    )
    said = script("end turn")
    assert said[0].endswith("The game ends: the bank is empty. Discard your hands.")
    assert said[1:] == [
        "Ali: 3 for cards, 7 for variety. Total 10.",
        "Zoe: 1 for cards, 1 for variety, 5 for wealth. Total 7.",
        "Ali wins with 10 renown points, 3 ahead of Zoe: 3 for cards, 7 for variety.",
    ]
    assert script.dialogue.finished


def test_score_mode_asks_the_figures_scoring_needs_and_gives_the_standings():
    dialogue = SamarandeDialogue.new(
        GameOptions(seed=1, players=[("Ali", "m"), ("Zoe", "f")], settings={"mode": "score"})
    )
    script = Script(dialogue)
    assert script.prompt.startswith("Ali, tell me your city")
    assert script("two palaces, one armourer") == ["So far: 2 Palaces, 1 Armourer."]
    assert script("three militia") == ["So far: 2 Palaces, 1 Armourer, 3 Militias."]
    assert dialogue.status() == "Ali's city: 2 Palaces, 1 Armourer, 3 Militias."
    assert dialogue.status("Zoe") == "Zoe's city: nothing."
    script("done")
    assert script.prompt == "How much gold does Ali have?"
    script("12", "one bibliotheque and a magic carpet", "done", "12")
    assert script.prompt == "The Palace: say what it costs, for example: costs two."
    assert script.refused("twelve") == "Not twelve. Say a number from zero to nine."
    assert script("one") == ["Noted for this game: the Palace, cost 1."]
    script("1", "1", "3")
    assert script.prompt == (
        "The Magic Carpet: say what it costs and how many renown points it is worth at the "
        "end, for example: costs two, two."
    )
    said = script("costs two three points")
    assert said[1:] == [
        "Ali: 6 for cards, 3 for variety, 3 for wealth. Total 12.",
        "Zoe: 1 for cards, 3 for variety, 3 for keepsakes, 3 for wealth. Total 10.",
        "Ali wins with 12 renown points, 2 ahead of Zoe: 6 for cards, 3 for variety, 3 for wealth.",
    ]
    assert dialogue.finished
    assert dialogue.to_save()["catalogue"]["cards"][0]["cost"] == 1


def test_dictated_cities_cannot_hold_more_than_the_box():
    dialogue = SamarandeDialogue.new(
        GameOptions(seed=1, players=[("Ali", "m"), ("Zoe", "f")], settings={"mode": "score"})
    )
    script = Script(dialogue)
    script("twenty palaces", "done", "3")
    assert script.refused("four libraries") == (
        "The box holds 23 districts, and these cities have 24."
    )
    assert script("three libraries") == ["So far: 3 Libraries."]


def test_a_misheard_dictation_is_refused_with_the_words():
    dialogue = SamarandeDialogue.new(
        GameOptions(seed=1, players=[("Ali", "m"), ("Zoe", "f")], settings={"mode": "score"})
    )
    assert Script(dialogue).refused("two dragons") == "I do not know the card dragons."


def test_a_save_in_the_middle_of_a_card_resumes_at_the_same_question():
    script = start("Ali,Zoe,Sam")
    build_city(script.table, "Zoe", "Militia")
    build_city(script.table, "Sam", "Royal Guard")
    script("play assassins guild", "Sam")
    data = script.dialogue.to_save()
    resumed = Script(SamarandeDialogue.restore(data))
    assert resumed.dialogue.to_save() == data
    assert (
        resumed.prompt
        == "Does anyone cancel the Assassins' Guild with a Joker Genie? Say no, or a name."
    )
    resumed("no", "roll for me", "roll for me")
    script("no", "roll for me", "roll for me")
    assert resumed.said == script.said[-3:]


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"mode": "fast"}, "mode=fast: use mode=play or mode=score"),
        ({"colour": "red"}, "unknown setting colour"),
        ({"joker_upkeep": "never"}, "bad setting"),
    ],
)
def test_unknown_settings_are_refused_with_the_reason(settings, message):
    with pytest.raises(SetupError, match=message):
        SamarandeDialogue.new(
            GameOptions(seed=1, players=[("A", "m"), ("B", "f")], settings=settings)
        )


def test_status_and_whose_turn_are_short_sentences():
    script = start()
    script("play palace")
    assert script.dialogue.whose_turn() == "It is Ali's turn, with 5 action points left."
    assert script.dialogue.status() == (
        "Ali has 0 gold, 3 cards in hand, 1 district, 0 artisans and 0 guards. "
        "The bank holds 60 gold, the deck 96 cards and the line 6."
    )
    assert script.dialogue.status("Nobody") == "Nobody called Nobody plays."


def test_two_artisans_of_the_same_name_are_told_apart_by_their_district():
    script = start()
    build_city(script.table, "Ali", "Souk", "Jeweller", "Armourer", "Palace", "Jeweller")
    pass_turns(script, 2)
    script("6", "1")
    assert script.dialogue.step().options_hint() == (
        "You can say: Jeweller in the Souk, Armourer or Jeweller in the Palace."
    )
    assert script("the jeweller from the palace")[0] == "The Jeweller of the Palace vanishes."
    souk, palace = script.table.current.city.districts
    assert (souk.artisans, palace.artisans) == (["Jeweller", "Armourer"], [])


def test_nothing_is_played_from_an_empty_hand():
    script = start()
    script("play palace", "play souk", "play militia", "play militia")
    assert script.refused("play militia") == (
        "By my count Ali holds no card. Take or draw one first."
    )


def test_districts_alike_are_told_apart_by_what_they_house_never_by_a_number():
    script = start()
    build_city(script.table, "Zoe", "Palace", "Armourer", "Palace")
    script("play scary genie")
    assert script.prompt == ("Which district of Zoe? Say Palace with the Armourer or empty Palace.")
    assert script("the empty palace", "no")[0].startswith(
        "The Scary Genie stays on the empty Palace of Zoe."
    )


def test_two_districts_alike_in_everything_are_one_answer():
    script = start()
    build_city(script.table, "Zoe", "Palace", "Palace")
    said = script("play scary genie", "no")
    assert said[-1].startswith("The Scary Genie stays on the empty Palace of Zoe.")


def test_plural_guards_fall_together():
    script = start()
    build_city(script.table, "Zoe", "Bedouins")
    said = script("play assassins guild", "no", "6", "no", "1")
    assert "The Bedouins of Zoe fall." in said[-1]


def test_taking_from_an_empty_place_of_the_line_says_which_places_hold_cards():
    script = start()
    script("take card two")
    assert script.refused("take card two") == (
        "Place 2 of the line is empty. Cards lie in places 1, 3, 4, 5 and 6."
    )
