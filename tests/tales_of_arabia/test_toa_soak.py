"""Soak: 200 seeded random games through the dialogue, answers drawn from each step's phrases.

After every answer the state must satisfy the rules' invariants and survive a round trip
through ``to_save`` / ``restore`` unchanged.
"""

from __future__ import annotations

import random
import re

import pytest

from companion.framework.answers import Answer
from companion.framework.dialogue import GameOptions
from companion.framework.errors import IllegalAction
from companion.games.tales_of_arabia.game import GAME
from companion.games.tales_of_arabia.rules import check_invariants
from companion.games.tales_of_arabia.rules.state import Settings

GAMES = 200
MAX_ANSWERS = 3000
MAX_CHOICES = 20
"""The most answers any one step may expect: every step stays small and speakable."""
SPEAKABLE = re.compile(r"^[A-Za-z ,.?']+$")


def _random_answer(step, rng: random.Random) -> Answer:
    if step.free_text:
        names = ["Ali", "Sara", "Omar", "Layla", "Zayd", "Nur", "Hana", "Karim"]
        return Answer.free(rng.choice(names))
    return rng.choice(step.expects.values)


def play_random_game(seed: int) -> tuple[object, int]:
    """One whole game with random answers; returns the dialogue and how many answers."""
    rng = random.Random(seed)
    settings = {key: rng.choice(["yes", "no"]) for key in Settings.model_fields}
    dialogue = GAME.new(GameOptions(seed=seed, settings=settings))
    answers = 0
    while not dialogue.finished:
        step = dialogue.step()
        assert SPEAKABLE.match(step.prompt), step.prompt
        assert len(step.expects.values) <= MAX_CHOICES, step.prompt
        before = dialogue.to_save()
        try:
            for speech in dialogue.answer(_random_answer(step, rng)):
                assert speech.text
        except IllegalAction as refusal:
            assert str(refusal)
            dialogue = GAME.restore(before)  # as the session does
        answers += 1
        assert answers < MAX_ANSWERS, "the game does not end"
        if dialogue.state.game is not None:
            check_invariants(dialogue.pack, dialogue.state.game)
        saved = dialogue.to_save()
        dialogue = GAME.restore(saved)
        assert dialogue.to_save() == saved
    return dialogue, answers


@pytest.mark.slow
def test_two_hundred_random_games_end_cleanly() -> None:
    lengths = []
    for seed in range(GAMES):
        dialogue, answers = play_random_game(seed)
        assert dialogue.state.game.deck == []
        assert dialogue.state.game.pending is None
        lengths.append(answers)
    assert min(lengths) > 100
