"""Soak: 1,000 random encounters on a generated full-size book, with random and nonsensical
answers, through the real session. No crash, no invalid state, every save loadable."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from companion.framework.dialogue import GameOptions, Speech, Step
from companion.framework.phrases import PhraseSet
from companion.games.arabian_nights.dialogue import ReaderState
from companion.games.arabian_nights.game import GAME
from companion.session.events import Outcome
from companion.session.loop import Heard, PrintMouth, Session
from companion.session.saves import read_save

ROOT = Path(__file__).resolve().parents[2]
ENCOUNTERS = 1000
NONSENSE = ["banana", "the cat sat on the mat", "seventeen camels", "", "court", "xyzzy"]
COMMANDS = ["repeat", "status", "undo", "whose turn", "help", "slower", "faster", "stop"]


class RandomEars:
    """Answers at random: mostly the step's own phrases, sometimes chatter, a global command
    or a sheet command ("Ali gains Cursed")."""

    def __init__(self, rng: random.Random, counter: EncounterCounter) -> None:
        self.rng = rng
        self.counter = counter
        self.heard = 0

    def hear(self, step: Step, phrases: PhraseSet) -> Heard | None:
        if self.counter.encounters >= ENCOUNTERS:
            return None
        self.heard += 1
        roll = self.rng.random()
        if step.free_text or step.private:
            return Heard(self.rng.choice(["Ali", "Zed", "Nur", "7", "12", "bob"]), typed=True)
        if roll < 0.08:
            return Heard(self.rng.choice(NONSENSE), self.rng.random())
        if roll < 0.14:
            return Heard(self.rng.choice(COMMANDS), self.rng.uniform(0.5, 1.0))
        sheet = list(step.commands.phrases) if step.commands else []
        own = list(step.expects.phrases)
        choices = sheet if sheet and (roll < 0.16 or not own) else own
        phrase = self.rng.choice(choices).text if choices else "x"
        return Heard(phrase, self.rng.uniform(0.3, 1.0))


class EncounterCounter:
    """Counts paragraphs read (each encounter ends with one) and checks every state."""

    def __init__(self) -> None:
        self.encounters = 0

    def on_speech(self, speech: Speech) -> None:
        if speech.paragraph is not None:
            self.encounters += 1

    def on_heard(self, heard, understood) -> None:
        """Nothing to check."""

    def on_step(self, step: Step, dialogue) -> None:
        state = ReaderState.model_validate(dialogue.to_save())
        if state.table is not None:
            for sheet in state.table.players:
                assert sheet.destiny >= 0 and sheet.story >= 0
                assert sheet.destiny_goal + sheet.story_goal == 20
            held = [t for sheet in state.table.players for t in sheet.treasures]
            assert len(held) == len(set(held)), "a treasure is held twice"


@pytest.fixture(scope="module")
def synthetic_book(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("synthetic")
    subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "make-synthetic-book"), str(folder), "--seed", "3"],
        check=True, capture_output=True,
    )  # fmt: skip
    return folder


@pytest.mark.slow
def test_thousand_random_encounters(synthetic_book, tmp_path):
    counter = EncounterCounter()
    ears = RandomEars(random.Random(11), counter)
    games = 0
    while counter.encounters < ENCOUNTERS:
        games += 1
        dialogue = GAME.new(GameOptions(seed=games, pack=str(synthetic_book)))
        session = Session(
            dialogue=dialogue, spec=GAME, ears=ears, mouth=PrintMouth(lambda line: None),
            save_path=tmp_path / "soak.json", observers=[counter],
        )  # fmt: skip
        end = session.run(dialogue.opening())
        assert end.reason in (Outcome.FINISHED, Outcome.INPUT_ENDED)
    saved = read_save(tmp_path / "soak.json")
    restored = GAME.restore(saved.state)
    assert restored.to_save() == saved.state
    for earlier in saved.undo:
        GAME.restore(earlier)
