"""The Reader reads like prose: places with their article, one sentence for what changed,
a refusal that says what would work, the encounter's name once and a pronoun after."""

from __future__ import annotations

from tests.arabian_nights.reader_helpers import resume
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
