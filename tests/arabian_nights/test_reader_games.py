"""Scripted, seeded Reader games on the mini fixture pack (typed mode, in process)."""

from __future__ import annotations

from tests.arabian_nights.reader_helpers import (
    SETUP,
    edit_save,
    paragraphs_read,
    play,
    read_save,
    resume,
    sheet,
)

# Ali at Baghdad meets the Mild Storm (chart 4, roll 5), prays, blank: paragraph 706, which
# carries the rulebook's award [D2/S1/W 1 (Max: Poor)/Storytelling/Respected].
MILD_STORM_PRAYER = ["stay", "wanderer", "5", "pray", "blank"]
# Zed meets the Lost Merchant and helps: 712, where she has no usable skill.
ZED_QUIET_TURN = ["stay", "wanderer", "1", "I help", "blank"]


def test_setup_then_the_rulebook_award(tmp_path):
    save = tmp_path / "game.json"
    lines = play([*SETUP, *MILD_STORM_PRAYER], save)
    assert "You rolled 5. You meet a Mild Storm." in lines
    assert paragraphs_read(lines) == [706]
    assert (
        "Ali gains 2 Destiny and 1 Story, becomes a Master of Storytelling and becomes Respected."
        in lines
        or any(line.startswith("Ali gains 2 Destiny and 1 Story") for line in lines)
    )
    ali = sheet(save, "Ali")
    assert (ali["destiny"], ali["story"], ali["wealth"]) == (2, 1, "Poor")
    assert ali["skills"]["Storytelling"] == "Master" and ali["statuses"] == ["Respected"]
    assert lines[-1] == "Zed, you are in Baghdad. Where do you end your move? Say a place, or stay."


def test_worked_roll_with_space_number_and_destiny(tmp_path):
    save = tmp_path / "game.json"
    play(SETUP, save)
    edit_save(save, lambda state: state["table"]["players"][0].update(destiny=9))
    # Sea of Storms is printed 4 but three sea moves away: put Ali there for the roll.
    edit_save(save, lambda state: state["table"]["players"][0].update(position="Sea of Storms"))
    lines = resume(["stay", "wanderer", "6"], save)
    assert "6, plus 4 for the space, plus 2 for your Destiny, makes 12." in " ".join(lines)
    assert any("You meet a Terrible Storm." in line for line in lines)


def test_court_is_refused_toward_the_same_gender_then_allowed(tmp_path):
    save = tmp_path / "game.json"
    # Roll 4: the Friendly Merman (male). Ali is a man: Court is refused.
    lines = play([*SETUP, "stay", "wanderer", "4", "court", "greet", "blank", "no skill"], save)
    assert any(line.startswith("Court is only possible toward") for line in lines)
    assert paragraphs_read(lines) == [712]
    # Zed is a woman: Court toward the Friendly Merman is allowed (cell 715, plus: 716).
    lines = resume(["stay", "wanderer", "4", "court", "plus"], save)
    assert paragraphs_read(lines) == [716]


def test_master_shortcut_goes_straight_to_the_master_section(tmp_path):
    save = tmp_path / "game.json"
    play([*SETUP, *MILD_STORM_PRAYER, *ZED_QUIET_TURN], save)
    # Ali (Storytelling at Master) sails to the Arabian Sea (printed 3), rolls 6: 9, the
    # Beautiful Shoals; Wait is cell 703, and 704 lists MASTER STORYTELLING.
    lines = resume(["arabian sea", "wanderer", "6", "wait", "use my master skill"], save)
    assert any("Your Master skill in Storytelling" in line for line in lines)
    assert paragraphs_read(lines) == [704]
    assert any("sailors repeat it in every port" in line for line in lines)
    assert sheet(save, "Ali")["story"] == 1 + 3


def test_mandatory_section_is_forced(tmp_path):
    save = tmp_path / "game.json"
    play(SETUP, save)
    edit_save(save, lambda state: state["table"]["players"][0].update(statuses=["Cursed"]))
    # Malicious Merman (roll 6) with Greet: cell 715, blank. Cursed is mandatory there.
    lines = resume(["stay", "wanderer", "6", "greet", "blank"], save)
    assert paragraphs_read(lines) == [715]
    assert any("must be read" in line for line in lines)
    assert any("Your curse spoils the meeting" in line for line in lines)
    assert sheet(save, "Ali")["story"] == 0


def test_skill_choice_and_random_treasure(tmp_path):
    save = tmp_path / "game.json"
    lines = play([*SETUP, "stay", "wanderer", "4", "greet", "blank", "courtly graces"], save)
    assert "You may use Courtly Graces, Quick Thinking or no skill. Which do you choose?" in lines
    ali = sheet(save, "Ali")
    assert (ali["destiny"], ali["story"], len(ali["treasures"])) == (1, 1, 1)
    assert len(read_save(save).state["table"]["treasure_deck"]) == 1


def test_free_text_instruction_is_read_and_logged(tmp_path):
    save = tmp_path / "game.json"
    lines = play([*SETUP, "stay", "wanderer", "4", "greet", "blank", "quick thinking"], save)
    assert "You may lose one status of your choice." in lines
    assert read_save(save).state["instructions"] == ["Ali: You may lose one status of your choice"]


def test_place_of_power_opportunity_then_entry(tmp_path):
    save = tmp_path / "game.json"
    # Ali: a quiet turn. Zed: Mild Storm, Wait (709), Piety: the City of Brass opportunity.
    play([*SETUP, "stay", "wanderer", "1", "I help", "blank", "no skill",
          "stay", "wanderer", "5", "wait", "blank", "piety"], save)  # fmt: skip
    assert sheet(save, "Zed")["destination"] == "City of Brass"
    lines = resume(["stay", "wanderer", "1", "I help", "blank", "no skill", "city of brass"], save)
    assert paragraphs_read(lines)[-2:] == [800, 801]
    zed = sheet(save, "Zed")
    assert zed["treasures"] == ["Ionian Gems"] and zed["destination"] is None
    assert zed["position"] == "Desert of Nafud"


def test_move_beyond_the_allowance_is_refused(tmp_path):
    save = tmp_path / "game.json"
    lines = play([*SETUP, "bantus"], save)
    assert any(line.startswith("Bantus is too far. As Poor, Ali moves at most 3") for line in lines)
    assert sheet(save, "Ali")["position"] == "Baghdad"


def test_terrain_card_by_terrain_and_matrix_n(tmp_path):
    save = tmp_path / "game.json"
    # Magnetic Mountain at sea (Persian Gulf): paragraph 2 straight away, no chart roll.
    lines = play([*SETUP, "persian gulf", "magnetic mountain"], save)
    assert paragraphs_read(lines) == [2]
    assert not any(line.startswith("Roll one die") for line in lines)
    # In the mountains it goes to matrix N, row Magnetic Mountain.
    edit_save(save, lambda s: s["table"]["players"][1].update(position="Serendib Peaks"))
    lines = resume(["stay", "magnetic mountain", "climb", "blank"], save)
    assert "You meet a Magnetic Mountain." in lines
    assert paragraphs_read(lines) == [720]


def test_city_card_kept_then_played_in_its_city(tmp_path):
    save = tmp_path / "game.json"
    lines = play([*SETUP, "stay", "rhinoceros", "yes"], save)
    assert paragraphs_read(lines) == [8]
    assert sheet(save, "Ali")["city_cards"] == ["Rhinoceros"]
    edit_save(save, lambda s: s["table"]["players"][0].update(position="Arabian Sea"))
    lines = resume([*ZED_QUIET_TURN, "bantus", "wanderer", "1", "greet", "blank", "no skill",
                    "play it", "2"], save)  # fmt: skip
    assert "You rolled 2 for the Rhinoceros card." in lines
    ali = sheet(save, "Ali")
    assert ali["wealth"] == "Wealthy" and ali["city_cards"] == []


def test_undo_steps_back_one_decision(tmp_path):
    save = tmp_path / "game.json"
    lines = play([*SETUP, "stay", "wanderer", "5", "pray", "undo", "flee", "plus"], save)
    assert "Undone: pray. Back one step." in lines
    # Mild Flee is cell 703: plus reads 704, not the prayer's 706 or 707.
    assert paragraphs_read(lines) == [704]


def test_status_of_a_named_player_never_reveals_the_formula(tmp_path):
    save = tmp_path / "game.json"
    lines = play([*SETUP, "status of zed", "whose turn"], save)
    summary = next(line for line in lines if line.startswith("Zed has 0 Destiny"))
    assert "Piety, Seamanship and Beauty" in summary and "goal" not in summary.lower()
    assert "It is Ali's turn." in lines


def test_victory_declared_in_baghdad_then_one_more_turn(tmp_path):
    save = tmp_path / "game.json"
    play(SETUP, save)
    edit_save(save, lambda s: s["table"]["players"][0].update(destiny=10, story=10))
    # Destiny 10 adds 2: roll 1 makes 3, the Mad Slave; Help is 715, with no usable skill.
    lines = resume(["stay", "wanderer", "1", "I help", "blank", *ZED_QUIET_TURN], save)
    assert any("declares victory" in line for line in lines)
    assert lines[-1] == "Ali wins the game! Their tale will be told for a thousand nights."
    assert read_save(save).state["phase"] == "over"


def test_roll_for_me_is_reproducible(tmp_path):
    script = [*SETUP, "stay", "draw for me", "roll for me"]
    first = play(script, tmp_path / "a.json", seed=5)
    second = play(script, tmp_path / "b.json", seed=5)
    assert first == second
    assert any(line.startswith("You draw the") for line in first)
    assert any("You meet" in line for line in first)


def test_players_with_their_own_deck_say_when_they_reshuffle(tmp_path):
    save = tmp_path / "game.json"
    lines = play([*SETUP, "stay", "we reshuffled the deck", "wanderer"], save)
    assert "The deck is reshuffled: it is now noon." in lines
    # The Wanderer at noon is chart 5 (matrix C); in the morning it was chart 4.
    assert read_save(save).state["encounter"]["chart"] == 5


def test_a_city_card_is_not_played_on_the_turn_it_is_kept(tmp_path):
    save = tmp_path / "game.json"
    play(SETUP, save)
    edit_save(save, lambda s: s["table"]["players"][0].update(position="Bantus"))
    lines = resume(["stay", "rhinoceros", "yes"], save)
    assert not any("Play it now?" in line for line in lines)
    assert sheet(save, "Ali")["city_cards"] == ["Rhinoceros"]


def test_help_at_a_roll_says_what_a_die_shows_not_every_number_heard(tmp_path):
    lines = play([*SETUP, "stay", "wanderer", "help"], tmp_path / "game.json")
    assert any(line.startswith("A die shows one to six.") for line in lines)
    assert not any("0, 1, 2" in line for line in lines)
