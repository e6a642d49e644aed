"""A game typed with the shipped card list: the deal, figures stated at the table, the end."""

from __future__ import annotations

import pytest

from companion.framework.answers import Answer
from companion.framework.dialogue import GameOptions
from companion.framework.errors import SaveError
from companion.games.samarande.dialogue import SamarandeDialogue
from companion.games.samarande.game import GAME
from companion.session.loop import run_typed
from tests.chronicling import chronicled
from tests.samarande.helpers import Script


def test_a_game_with_the_rulebook_cards_a_redeal_stated_figures_and_the_standings(tmp_path):
    script = Script(
        SamarandeDialogue.new(GameOptions(seed=3, players=[("Ali", "m"), ("Zoe", "f")]))
    )
    assert script("new cards") == [
        "Ali gives back all eight cards. Shuffle them into the deck and deal Ali eight new ones."
    ]
    assert script.table.deck == 110 - 16
    script("kept")
    assert script("kept")[0].endswith("The deck holds 96 cards and the bank 60 gold.")
    script("Ali")

    script("play palace")
    assert script.prompt == (
        "The Palace: say what it costs, how many artisans it houses and whether it is "
        "fortified, for example: costs two, houses two, not fortified."
    )
    assert script("two one not fortified") == [
        "Noted for this game: the Palace, cost 2, capacity 1, fortified no.",
        "Palace added to the city. 4 action points left.",
    ]
    assert script("the armourer costs one") == ["Noted for this game: the Armourer, cost 1."]
    script("play armurier")
    assert script.prompt == (
        "The Armourer: say how many gold it pays at each tax phase, for example: one gold."
    )
    assert script.refused("five") == "Not five. Say a number from one to three."
    assert script("two")[-1] == "Armourer housed. 3 action points left."
    script("play a new guard costing two", "no name")
    assert script.prompt == (
        "The New Guard: say what bonus it adds to the protection, for example: plus one."
    )
    script("two", "end turn")

    script("play hommes du desert")
    assert script.prompt == (
        "The Bedouins: say what they cost and what bonus they add to the protection, for "
        "example: costs two, plus one."
    )
    assert script("1 1")[-1] == "Bedouins added to the city. 5 action points left."
    script("play sesame ouvre toi", "2", "no")
    assert script.prompt == "Zoe, roll to see how much gold you steal."
    assert script.refused("seven") == (
        "Not seven. A die shows one to six. Say the number you rolled, or say roll for me."
    )
    script("4")

    saved = SamarandeDialogue.restore(script.dialogue.to_save())
    assert saved.state.catalogue.card("Palace").missing == ()
    assert saved.table.card("Bedouins").known("guard_bonus") == 1

    table = script.table
    table.discard += table.deck - 1
    table.deck = 1  # the deck runs out at the end of this turn
    script("take card one")
    ending = script.dialogue.answer(Answer("end"))
    assert [speech.text for speech in ending[1:]] == [
        "Ali: 3 for cards, 5 for variety, 3 for wealth. Total 11.",
        "Zoe: 1 for cards, 1 for variety, 3 for wealth. Total 5.",
        "Ali wins with 11 renown points, 6 ahead of Zoe: 3 for cards, 5 for variety, 3 for wealth.",
    ]
    assert ending[-1].kind == "ending"
    written = chronicled(ending, tmp_path)
    end = written[written.index("## The end\n") :]
    assert "Zoe: 1 for cards, 1 for variety, 3 for wealth. Total 5." in end
    assert end.rstrip().endswith("3 for wealth.") and "Ali wins with 11 renown points" in end


def whole_game_lines() -> list[str]:
    """A game of Ali and Zoe typed to its end: a redeal, figures stated on first plays,
    then each vizier takes the line's first three cards every turn until the deck is out.
    Ali's city is tested by the genies each turn (difficulty 3 + 1, protection 6 + 2)."""
    lines = ["new cards", "kept", "kept", "Ali"]
    lines += ["play palace", "two one not fortified", "play armourer", "costs one two gold"]
    lines += ["play an unlisted guard costing two", "no name", "two", "end turn"]
    lines += ["play the bedouins", "costs one plus one", "end turn"]
    take_three = ["take card one", "take card two", "take card three", "end turn"]
    for _ in range(40):
        lines += ["3", "6", *take_three, *take_three]
    return lines


def test_the_whole_game_typed_through_the_session_ends_with_the_standings(tmp_path):
    dialogue = GAME.new(GameOptions(seed=3, players=[("Ali", "m"), ("Zoe", "f")]))
    printed = run_typed(dialogue, GAME, whole_game_lines(), tmp_path / "game.json")
    assert dialogue.finished
    assert "Noted for this game: the New Guard, guard bonus 2." in printed
    assert not any("nlisted" in line for line in printed)
    end = next(i for i, line in enumerate(printed) if "The game ends: the deck is empty." in line)
    assert printed[end + 1 : end + 4] == [
        "Ali: 3 for cards, 5 for variety, 5 for wealth. Total 13.",
        "Zoe: 1 for cards, 1 for variety. Total 2.",
        "Ali wins with 13 renown points, 11 ahead of Zoe: 3 for cards, 5 for variety, "
        "5 for wealth.",
    ]
    assert "Protection 8 beats 4. The artisans are safe." in printed
    assert not any("did not catch" in line for line in printed)
    table = dialogue.table
    assert table.card_count() == 110 and table.gold_count() == 60


def test_a_game_saved_before_the_full_list_resumes_with_its_own_catalogue():
    script = Script(
        SamarandeDialogue.new(GameOptions(seed=3, players=[("Ali", "m"), ("Zoe", "f")]))
    )
    script("kept", "kept", "Ali", "play palace", "one one not fortified")
    data = script.dialogue.to_save()
    catalogue = data["catalogue"]
    del catalogue["box"]
    catalogue["total_cards"] = 110
    for card in catalogue["cards"]:
        card["checked"] = False
    resumed = SamarandeDialogue.restore(data)
    assert resumed.table.card("Palace").known("cost") == 1
    assert resumed.state.catalogue.total_cards == 110


def test_a_save_that_is_no_samarande_game_is_refused_plainly():
    with pytest.raises(SaveError, match="not a Les Fils de Samarande game"):
        SamarandeDialogue.restore({"catalogue": {"cards": [{"name": "Palace"}]}})
