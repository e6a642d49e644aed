"""Saves written before the Reader became a game kit still load and play on exactly as
they did: the players being set up are read into the kit's seating. The fixtures were
written by the companion of that time (a format 1 save in setup, a format 2 save in a
turn); the expected lines are what it says when it resumes them (the encounters met are
those of the demo book as it is now: issue 27 tied its charts to their terrains, and the
Shadow of the Pyramids drawn in Baghdad leads on to the city chart met least, 20)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from companion.cli.play import resume
from companion.games.arabian_nights.dialogue import ReaderState
from companion.session.saves import read_save
from tests.arabian_nights.reader_helpers import resume as play_on

BEFORE_KIT = Path(__file__).parent / "fixtures" / "before_kit"


def copy(tmp_path: Path, name: str) -> Path:
    save = tmp_path / "game.json"
    shutil.copy(BEFORE_KIT / name, save)
    return save


def test_a_save_made_while_naming_the_players_asks_what_is_missing(tmp_path):
    save = copy(tmp_path, "setup-format-1.json")
    state = ReaderState.model_validate(read_save(save).state)
    assert (state.seating.count, state.seating.names, state.seating.genders) == (
        2, ["Ali", "Zed"], ["m"]
    )  # fmt: skip
    lines = play_on(["f", "random", "4", "6", "roll for me", "stay", "draw for me",
                     "roll for me", "undo", "3"], save)  # fmt: skip
    assert lines[:4] == [
        "Zed, is your hero a man or a woman?",
        "Shall I deal three random skills to each player, or will you choose them?",
        "Ali has Courtly Graces, Seamanship and Riding.",
        "Zed has Storytelling, Piety and Riding.",
    ]
    assert lines[-5:] == [
        "How do you react to the Rich Merchant? You may trade, haggle, rob or befriend.",
        "Undone: roll for me. Back one step.",
        "Roll one die for the encounter and say the number, or say roll for me.",
        "You rolled 3. You meet a Hungry Beggar.",
        "How do you react to the Hungry Beggar? You may help, rob, question or ignore.",
    ]


def test_a_save_made_in_a_turn_plays_on_and_undoes_into_its_older_states(tmp_path):
    save = copy(tmp_path, "turn-format-2.json")
    lines = play_on(["2", "undo", "undo", "undo"], save)
    assert lines == [
        "Roll one die for the encounter and say the number, or say roll for me.",
        "You rolled 2. You meet a Sly Beggar.",
        "How do you react to the Sly Beggar? You may help, rob, question or ignore.",
        "Undone: 2. Back one step.",
        "Roll one die for the encounter and say the number, or say roll for me.",
        "Undone: the last answer. Back one step.",
        "Draw an encounter card and say its name, or say draw for me.",
        "Undone: the last answer. Back one step.",
        "Ali, you are in Baghdad. Where do you end your move? Say a place, or stay.",
    ]
    assert read_save(save).state["seating"]["names"] == ["Ali", "Zed"]


@pytest.mark.parametrize("name", ["setup-format-1.json", "turn-format-2.json"])
def test_companion_play_resumes_an_old_save(tmp_path, name):
    game = resume(copy(tmp_path, name))
    assert game.spec.name == "arabian-nights" and not game.dialogue.finished
