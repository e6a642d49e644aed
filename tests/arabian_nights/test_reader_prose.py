"""The Reader reads like prose: places with their article, one sentence for what changed,
a refusal that says what would work, the encounter's name once and a pronoun after."""

from __future__ import annotations

from companion.framework.dialogue import GameOptions
from companion.games.arabian_nights.game import GAME
from companion.session.loop import run_typed
from tests.arabian_nights.pack_edits import copy_mini, edit
from tests.arabian_nights.reader_helpers import SETUP, resume
from tests.arabian_nights.test_reader_book_rules import TO_THE_REWARD, free_move
from tests.arabian_nights.test_reader_table import change, start

TOMB = "Tomb of the Sleeping Sage"


def test_a_place_of_power_out_of_reach_names_its_exit_and_how_far_it_is(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    change(save, 0, destination=TOMB)
    lines = resume([TOMB], save)
    refusal = next(line for line in lines if line.startswith(f"The {TOMB} is entered from"))
    assert refusal.startswith(f"The {TOMB} is entered from the Thar Desert, ")
    assert "3 moves from here: 4 in all, and as Poor, Ali moves at most 3." in refusal
    assert "Go towards the Thar Desert first." in refusal


def test_spaces_that_take_the_are_said_with_it(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    change(save, 0, position="Persian Gulf")
    lines = resume(["status", "Khanbaliq"], save)
    assert "Ali, you are in the Persian Gulf. Where do you end your move?" in " ".join(lines)
    assert any(" and is in the Persian Gulf." in line for line in lines)
    assert any(line.startswith("Khanbaliq is too far.") for line in lines)
    assert any("From the Persian Gulf you can reach " in line for line in lines)


def test_being_carried_to_a_place_of_power_is_said_once(tmp_path):
    lines = free_move(tmp_path, "[S1/Move to City of Brass]")
    carried = [line for line in lines if "carried to" in line]
    assert carried == ["Ali gains 1 Story and is carried to the City of Brass."]


def test_two_statuses_gained_are_said_in_one_phrase(tmp_path):
    lines = free_move(tmp_path, "[Wounded/Cursed]")
    assert "Ali becomes Wounded and Cursed." in lines


def _met(tmp_path, met: str, intro: str) -> list[str]:
    """Ali's first encounter of the small book with ``met`` on the chart and ``intro`` as the
    paragraph's opening."""
    pack = copy_mini(tmp_path)
    edit(pack, "book.txt", "5 Mild Storm (F)", f"5 {met}")
    edit(pack, "book.txt", "You wait patiently, and the other grows calm.", intro)
    dialogue = GAME.new(GameOptions(seed=1, players=[("Ali", "m"), ("Zed", "f")], pack=str(pack)))
    return run_typed(dialogue, GAME, [*SETUP, *TO_THE_REWARD], tmp_path / "g.json")


def test_the_one_met_is_named_once_a_sentence_then_by_a_pronoun(tmp_path):
    lines = _met(
        tmp_path, "Mild Shipowner (F, male)", "You win the other's trust and the other's heart."
    )
    assert "You win the Mild Shipowner's trust and his heart." in lines


def test_many_met_take_a_plural_verb(tmp_path):
    lines = _met(tmp_path, "Mild Lights (F)", "The other carries you ashore, and the other sings.")
    assert "The Mild Lights carry you ashore, and the Mild Lights sing." in lines
