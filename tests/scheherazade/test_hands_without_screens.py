"""A group playing with the companion's deck and no table display: the companion is passed
to the storyteller, who hears their hand on asking and keeps a drawn card by its place;
settings given on resume apply, and those fixed since the night began are refused."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from companion import cli
from companion.framework.dialogue import GameOptions
from companion.framework.telling_turn import TypedTellingListener
from companion.games.scheherazade.game import GAME
from companion.session.loop import run_typed
from companion.session.saves import read_save

HOPE = ["draw", "search"] * 4  # Ali and Bea place eight tokens in turn


def night(lines: list[str], tmp_path: Path) -> list[str]:
    players = [("Ali", "m"), ("Bea", "f")]
    dialogue = GAME.new(GameOptions(seed=3, players=players, settings={"cards": "companion"}))
    script = iter(lines)
    listener = TypedTellingListener(script)
    return run_typed(dialogue, GAME, script, tmp_path / "night.json", telling_listener=listener)


def test_without_a_screen_the_storyteller_asks_for_the_hand_and_keeps_by_place(tmp_path):
    printed = night(["Ali", *HOPE, "what is in my hand", "use draw", "the second one"], tmp_path)
    assert not [line for line in printed if "on your own screen" in line]
    assert (
        "Ali, take the companion, or put on its headphones, and say my hand to hear your "
        "cards alone." in printed
    )
    assert any(
        line.startswith("Your hand: the jewelled crown (yellow artifact)") for line in printed
    )
    asked = next(line for line in printed if line.startswith("Ali, you drew "))
    assert asked.endswith("Which one do you keep? Say its place, the first or the second, so "
                          "the table does not hear it.")  # fmt: skip
    assert "Ali keeps one card." in printed
    assert "Sorry, I did not catch that." not in printed


def cli_play(monkeypatch, capsys, *args: str, lines: tuple[str, ...] = ()):
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    code = cli.main(["play", "--typed", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def saved_night(monkeypatch, capsys, tmp_path) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    save = tmp_path / "night.json"
    code, _, err = cli_play(
        monkeypatch, capsys, "--game", "scheherazade", "--seed", "3", "--players", "Ali:m,Bea:f",
        "--set", "cards=companion", "--save", str(save), lines=("Ali", *HOPE),
    )  # fmt: skip
    assert code == 0, err
    return save


def test_settings_given_on_resume_apply_and_stay_after_undo(monkeypatch, capsys, saved_night):
    code, out, err = cli_play(
        monkeypatch, capsys, "--resume", str(saved_night), "--set", "hands=spoken",
        "--set", "turn_seconds=120", lines=("undo", "search"),
    )  # fmt: skip
    assert code == 0, err
    assert "From now on: hands=spoken, turn_seconds=120." in err
    assert "Your hand: the jewelled crown (yellow artifact)" in out
    settings = read_save(saved_night).state["settings"]
    assert settings["hands"] == "spoken" and settings["turn_seconds"] == 120
    assert all(state["settings"]["hands"] == "spoken" for state in read_save(saved_night).undo)


@pytest.mark.parametrize(
    ("setting", "reason"),
    [
        ("cards=printed", "cards cannot change in the middle of a game: the hands were dealt"),
        ("allies=on", "allies cannot change in the middle of a game"),
        ("hands=loud", "hands=loud: choose auto or spoken or screen or passed"),
        ("colour=blue", "unknown setting colour"),
    ],
)
def test_settings_fixed_since_the_night_began_are_refused_with_why(
    monkeypatch, capsys, saved_night, setting, reason
):
    before = read_save(saved_night).state
    code, _, err = cli_play(monkeypatch, capsys, "--resume", str(saved_night), "--set", setting)
    assert code != 0 and reason in err and "Traceback" not in err
    assert read_save(saved_night).state == before


def test_the_exchange_after_a_discard_may_give_a_story_card_to_another_storyteller(tmp_path):
    printed = night(["Ali", *HOPE, "discard the giant wave", "give the crown to Bea"], tmp_path)
    assert any(line.endswith("Or give a story card to another storyteller: give, the card, "
                             "to, the name.") for line in printed)  # fmt: skip
    assert "Ali gives a story card to Bea." in printed
    assert "Sorry, I did not catch that." not in printed
    hands = read_save(tmp_path / "night.json").state["night"]["hands"]
    assert "yellow/artifact/crown" in hands[1] and "yellow/artifact/crown" not in hands[0]


def test_with_printed_cards_a_card_given_moves_between_the_counts(tmp_path):
    dialogue = GAME.new(GameOptions(seed=3, players=[("Ali", "m"), ("Bea", "f")]))
    script = iter(["Ali", "done", *HOPE, "discard", "give a card to Bea"])
    printed = run_typed(dialogue, GAME, script, tmp_path / "night.json")
    assert "Ali gives a story card to Bea." in printed
    assert "Sorry, I did not catch that." not in printed
    assert read_save(tmp_path / "night.json").state["counted"]["hands"] == [3, 6]
