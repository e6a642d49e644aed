"""Answers a player naturally gives to the Reader, played through the real session: each is
taken, or refused saying what would work, never only "Sorry, I did not catch that", and a
number is never asked back as another number."""

from __future__ import annotations

from companion.framework.dialogue import GameOptions
from companion.games.arabian_nights.game import GAME
from companion.session.loop import run_typed
from tests.arabian_nights.reader_helpers import resume, sheet
from tests.arabian_nights.test_reader_table import start

NOT_CAUGHT = "Sorry, I did not catch that."


def test_a_sheet_number_above_five_is_refused_with_the_range_never_another_number(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    before = sheet(save, "Ali")["destiny"]
    wrong = ["Ali gains eight destiny", "Ali gains 8 destiny", "8 destiny"]
    lines = resume(["change my sheet", *wrong, "Ali gains five destiny", "yes"], save)
    said = " ".join(lines)
    assert (
        "A sheet changes by one to five at a time: say Ali gains five destiny, then Ali gains "
        "three destiny." in lines
    )
    assert "Say whose sheet and which way, for example: Ali gains five destiny" in said
    assert "Did you say" not in said and "1 Destiny" not in said
    assert sheet(save, "Ali")["destiny"] == before + 5


def test_a_skill_already_held_is_refused_saying_why(tmp_path):
    dialogue = GAME.new(GameOptions(seed=3, players=[("Ali", "m"), ("Zed", "f")]))
    lines = run_typed(
        dialogue,
        GAME,
        ["choose", "storytelling", "seamanship", "storytelling"],
        tmp_path / "g.json",
    )
    assert NOT_CAUGHT not in lines
    assert "Ali already has Storytelling: a skill is chosen once. Choose another skill." in lines


def test_help_where_help_is_a_reaction_asks_which_was_meant(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    lines = resume(["stay", "Merchant of Basra", "2", "help"], save)
    assert NOT_CAUGHT not in lines
    assert any(
        line.startswith(
            "Help is a reaction and also a call for help. To choose the reaction, "
            "say I help. You may "
        )
        for line in lines
    ), "\n".join(lines)
    lines = resume(["I help", "blank", "no skill"], save)
    assert NOT_CAUGHT not in lines


def test_a_city_card_is_kept_or_discarded_in_its_own_words(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    met = ["stay", "Caliph's Palace", "1", "bow", "blank", "no skill"]
    lines = resume([*met, "keep it"], save)
    assert "Do you keep the Caliph's Palace card, to play later in Baghdad?" in lines
    assert "Ali keeps the Caliph's Palace card." in lines
    lines = resume(["undo", "discard it"], save)
    assert "The Caliph's Palace card is discarded." in lines
