"""Games a few random answers in, for the save tests (same seed, same answers every run)."""

from __future__ import annotations

import json
import random

from companion.framework.answers import Answer
from companion.framework.dialogue import GameOptions
from companion.framework.errors import IllegalAction
from companion.games import game_spec


def played_state(game: str, answers: int = 25) -> dict:
    """The saved state of ``game`` after up to ``answers`` random allowed answers."""
    rng = random.Random(1)
    dialogue = game_spec(game).new(GameOptions(seed=3, players=[("Ali", "m"), ("Zoe", "f")]))
    for _ in range(answers):
        if dialogue.finished:
            break
        values = dialogue.step().expects.values
        try:
            dialogue.answer(rng.choice(values) if values else Answer.free("Ali"))
        except IllegalAction:
            continue
    return json.loads(json.dumps(dialogue.to_save()))
