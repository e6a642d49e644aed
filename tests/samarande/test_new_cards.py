"""Cards the list lacks, as a table with a real box plays them through the session: named
once (or numbered), their figures asked in one question, each its own card, and the word
"Unlisted" never said."""

from __future__ import annotations

from companion.framework.dialogue import GameOptions
from companion.games.samarande.game import GAME
from companion.session.loop import run_typed

START = ["kept", "kept", "Ali"]


def typed(lines: list[str], tmp_path) -> tuple[list[str], object]:
    dialogue = GAME.new(GameOptions(seed=3, players=[("Ali", "m"), ("Zoe", "f")]))
    printed = run_typed(dialogue, GAME, [*START, *lines], tmp_path / "game.json")
    assert not [line for line in printed if "nlisted" in line or "did not catch" in line]
    return printed, dialogue


def test_a_new_card_is_named_once_and_its_figures_asked_in_one_question(tmp_path):
    printed, dialogue = typed(
        [
            "play a new district costing one", "call it the Souk", "houses two, not fortified",
            "play an artisan costing one", "the Potter", "one gold",
            "play a new artisan costing one", "Potter",
        ],
        tmp_path,
    )  # fmt: skip
    assert (
        "A district I do not know: what is it called? Say its name, or say no name and I will "
        "call it the New District." in printed
    )
    assert (
        "The Souk: say how many artisans it houses and whether it is fortified, for example: "
        "houses two, not fortified." in printed
    )
    assert "Noted for this game: the Souk, capacity 2, fortified no." in printed
    assert "The Potter it is." in printed and "Another Potter." in printed
    assert printed.count("The Potter: say how many gold it pays at each tax phase, for "
                         "example: one gold.") == 1  # fmt: skip
    souk = dialogue.table.current.city.districts[0]
    assert souk.card == "Souk" and souk.artisans == ["Potter", "Potter"]


def test_a_second_new_district_has_its_own_capacity(tmp_path):
    printed, dialogue = typed(
        [
            "play a new district costing one", "no name", "one not fortified",
            "play a new district costing one", "no name", "three fortified",
        ],
        tmp_path,
    )  # fmt: skip
    assert "Noted for this game: the New District, capacity 1, fortified no." in printed
    assert "Noted for this game: the Second New District, capacity 3, fortified yes." in printed
    assert [
        dialogue.table.card(d.card).capacity for d in dialogue.table.current.city.districts
    ] == [1, 3]


def test_a_name_that_belongs_to_a_listed_card_is_refused_saying_why(tmp_path):
    printed, _ = typed(["play a new district costing one", "Militia", "no name"], tmp_path)
    assert (
        "The Militia is already a guard; give this district another name, or say no name."
        in printed
    )
