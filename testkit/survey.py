"""Every answer of every step a game asks, found by playing typed games of it.

The benchmarks speak these answers with synthetic voices, and the tests check that each
one, heard exactly, is understood as itself: no answer is worded like another one of
the same step.

Scheherazade is not surveyed: its turns are tellings, not phrases.
"""

from __future__ import annotations

import random
import tempfile
from dataclasses import dataclass
from pathlib import Path

from companion.framework.dialogue import GameOptions, GameSpec, Step
from companion.framework.phrases import PhraseSet
from companion.games.arabian_nights.game import GAME as ARABIAN_NIGHTS
from companion.games.samarande.game import GAME as SAMARANDE
from companion.games.tales_of_arabia.game import GAME as TALES_OF_ARABIA
from companion.session.loop import Heard, PrintMouth, Session

GAMES = (ARABIAN_NIGHTS, TALES_OF_ARABIA, SAMARANDE)
ANSWERS_PER_GAME = 400
"""Typed answers given in each game while collecting its steps."""


@dataclass(frozen=True)
class Said:
    """One answer of one step, to be spoken."""

    game: str
    phrases: PhraseSet
    """Everything the recogniser may hear at this step."""
    answers: PhraseSet
    """The step's own answers (``phrases`` less the global commands)."""
    value: str
    """The answer the step should understand."""
    words: str
    """What is said: the answer's shortest wording."""


class TypistEars:
    """Ears that type a random allowed answer at every step, like a player who knows the
    game, and note every distinct step they were asked."""

    def __init__(self, seed: int, answers: int = ANSWERS_PER_GAME) -> None:
        self.rng = random.Random(seed)
        self.left = answers
        self.steps: dict[tuple[str, ...], tuple[Step, PhraseSet]] = {}
        """Each distinct step once, by the phrases the recogniser is handed."""

    def hear(self, step: Step, phrases: PhraseSet) -> Heard | None:
        self.left -= 1
        if self.left < 0:
            return None
        if step.free_text or not step.expects.phrases:
            return Heard("Ali", typed=True)
        self.steps.setdefault(tuple(sorted(p.text for p in phrases.phrases)), (step, phrases))
        allowed = [phrase for phrase in step.expects.phrases if step.offers(phrase.value)]
        return Heard(self.rng.choice(allowed or step.expects.phrases).text, typed=True)


def game_phrases(spec: GameSpec, seed: int = 1) -> list[Said]:
    """Every answer of every distinct step met in a typed game of ``spec``."""
    ears = TypistEars(seed)
    dialogue = spec.new(GameOptions(seed=seed, players=[("Ali", "m"), ("Zed", "f")]))
    with tempfile.TemporaryDirectory() as folder:
        session = Session(
            dialogue=dialogue,
            spec=spec,
            ears=ears,
            mouth=PrintMouth(lambda _: None),
            save_path=Path(folder) / "game.json",
        )
        session.run([])
    return [
        Said(spec.name, phrases, step.expects, value, min(step.expects.phrases_for(value), key=len))
        for step, phrases in ears.steps.values()
        for value in step.expects.values
    ]
