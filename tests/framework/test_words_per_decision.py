"""Whole typed games of every mode, played by a table new to the game (help, repeat, a
mumble or a refused move now and then): how much the table listens to.

Each mode ends, no single prompt is a speech (a list is said six at a time), the opening
is short, and a question asked again and again is said in full once per player, then
briefly; the full words come back once after a resume.
"""

from __future__ import annotations

import re

import pytest

from companion.framework.answers import NO, Answer
from companion.framework.dialogue import GameOptions, Step
from companion.framework.kit import ROLL_FOR_ME
from companion.games import game_spec
from companion.session.events import Outcome
from testkit.typed_answers import answer_typed
from testkit.typed_table import MODES, play_typed

LONGEST_PROMPT = {
    "arabian-nights": 60,
    "tales-of-arabia": 45,
    "samarande": 65,
    "scheherazade": 75,
    "scheherazade-es": 75,
}
"""The most words said in one go (not a reading of the tale), per mode: a list of thirty
places or sixteen skills described was 94 and 148 words."""
OPENING = 80
"""The most words said before the first question (Scheherazade's was 180)."""
MEDIAN = {
    "arabian-nights": 25,
    "tales-of-arabia": 38,
    "samarande": 30,
    "scheherazade": 25,
    "scheherazade-es": 25,
}
"""The most words per decision, as a median over the game (Tales of Arabia's were 41, its
move question said in full every turn)."""


@pytest.mark.parametrize("mode", list(MODES))
def test_a_whole_game_is_told_in_short_prompts(mode):
    played = play_typed(mode, seed=1, short=True)
    count = played.count
    assert played.ending is Outcome.FINISHED
    words, text = count.longest_prompt
    assert words <= LONGEST_PROMPT[mode], text
    assert count.opening <= OPENING
    assert count.figures()["median"] <= MEDIAN[mode]


def prompts(mode: str, seed: int = 1, **settings: str) -> list[str]:
    """Every line said in a whole short game of ``mode``."""
    said: list[str] = []
    play_typed(mode, seed=seed, short=True, settings=settings, transcript=said.append)
    return said


def test_the_move_roll_is_said_in_full_once_per_player_then_briefly():
    said = prompts("tales-of-arabia")
    for name in ("Ali", "Sara"):
        full = [line for line in said if line.startswith(f"{name}, roll the die to move. Say")]
        brief = [line for line in said if line.startswith(f"{name}, roll the die to move.")]
        assert len(full) <= 3, full  # once, and again when a new item is offered beside it
        assert len(brief) > 3 * len(full)


def test_each_storyteller_hears_the_hope_question_in_full_once():
    for mode, full, brief in (
        ("scheherazade", "place a Hope token on an action card", "your next Hope token?"),
        ("scheherazade-es", "pon una ficha de Esperanza", "tu siguiente ficha de Esperanza?"),
    ):
        said = prompts(mode)
        for name in ("Ali", "Sara"):
            assert len([line for line in said if line.startswith(f"{name}, {full}")]) == 1
            assert [line for line in said if line.startswith(f"{name}, ¿{brief}")] or [
                line for line in said if line.startswith(f"{name}, {brief}")
            ]
        assert not [line for line in said if re.search(r"Quedan 1\b", line)]


def test_a_question_said_briefly_is_said_in_full_again_after_a_resume():
    spec = game_spec("tales-of-arabia")
    game = spec.new(GameOptions(seed=2, players=[("Ali", ""), ("Sara", "")]))
    for words in ("Aladdin", "Antar"):
        answer_typed(game, words)
    for _ in range(40):
        if re.fullmatch(r"\w+, roll the die to move\.", game.step().prompt):
            break
        game.answer(_first(game.step()))
    brief = game.step().prompt
    mover = brief.split(",")[0]
    assert brief == f"{mover}, roll the die to move."
    saved = spec.restore(game.to_save())
    assert saved.step().prompt == brief  # the save keeps what was said in full
    welcome = saved.resumed()
    assert welcome[0].text.startswith("Welcome back to Tales of Arabia. It is ")
    assert saved.step().prompt.startswith(f"{mover}, roll the die to move. Say your roll")


def test_morgiana_is_asked_to_roll_again_only_when_the_roll_lands_on_something():
    spec = game_spec("tales-of-arabia")
    game = spec.new(GameOptions(seed=5, players=[("Bea", ""), ("Ali", "")]))
    moves = asked = 0
    for words in ("Morgiana", "Aladdin", "5", "2"):
        answer_typed(game, words)
    while not game.finished and moves < 60:
        prompt = game.step().prompt
        moves += bool(re.match(r"Bea, roll (the die|two dice) to move", prompt))
        asked += "Keep it, or roll again?" in prompt
        game.answer(NO if "Keep it" in prompt else _first(game.step()))
    assert moves >= 20 and asked < moves / 2


def _first(step: Step) -> Answer:
    """ "Roll for me" at a roll, else the first answer offered."""
    if ROLL_FOR_ME in step.expects.values:
        return ROLL_FOR_ME
    return next(value for value in step.expects.values if step.offers(value))
