"""A new table playing a typed game, and what the companion said to it, counted in words.

:class:`NewTable` answers every step as a table new to the game does: mostly one of the
answers offered (as the mode's short-game policy prefers, so the game ends), now and then
a move the rules refuse, "help", "repeat", or a mumble the companion cannot catch.
:class:`WordCount` watches the session and splits everything it says into decisions: a
decision runs from one question to the next question after the game's state changed
(its prompt, any re-prompt, help or refusal, and the reply), so its words are what the
table listened to for it.

>>> played = play_typed("tales-of-arabia", seed=2, most_answers=40)
>>> played.count.decisions > 10, played.count.longest_prompt[0] > 5
(True, True)
"""

from __future__ import annotations

import random
import statistics
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.framework.dialogue import Dialogue, GameOptions, Speech, Step
from companion.framework.phrases import PhraseSet
from companion.framework.telling_turn import TellingReport, TellingSpec, TypedTellingListener
from companion.games import game_spec
from companion.session.events import Outcome
from companion.session.loop import Session
from companion.session.ports import Heard, PrintMouth
from testkit.short_games import PLAYERS, SHORT_GAMES, ShortGame

MODES: dict[str, tuple[str, dict[str, str]]] = {
    "arabian-nights": ("arabian-nights", {}),
    "tales-of-arabia": ("tales-of-arabia", {}),
    "samarande": ("samarande", {}),
    "scheherazade": ("scheherazade", {}),
    "scheherazade-es": ("scheherazade", {"lang": "es"}),
}
"""Every mode a table plays: the game, and the settings it is played with."""

HABITS = {"help": 0.04, "repeat": 0.03, "mumble": 0.03, "refused": 0.08}
"""How often a new table says help, asks for a repeat, mumbles, or tries an answer the
game understands but does not offer (a space out of reach)."""
WORDS_OF = {"help": {"en": "help", "es": "ayuda"}, "repeat": {"en": "repeat", "es": "repite"}}
MUMBLE = "hmm well"
FREE_NAMES = ("Potter", "Weaver", "Lantern", "Falcon", "Saffron", "Cedar", "Amber", "Pearl")
"""Names a table gives where any text is taken (a card the companion does not know)."""
DONE_SHARE = 0.7
"""How often a table that may say "done" (its hand is full, its cards are named) says it."""


def words(text: str) -> int:
    """How many words ``text`` has.

    >>> words("Ali, roll the die. Say your roll, or say roll for me.")
    12
    """
    return len(text.split())


@dataclass
class WordCount:
    """A session observer counting the words spoken, per decision and per prompt."""

    opening: int = 0
    """Words said before the first question."""
    per_decision: list[int] = field(default_factory=list)
    longest_prompt: tuple[int, str] = (0, "")
    """The longest thing said in one go that is not a reading of the tale."""
    _state: Any = None
    _words: int | None = None

    def on_step(self, step: Step, dialogue: Dialogue) -> None:
        state = dialogue.to_save()
        if self._words is None:
            self._words = 0
        elif state != self._state:
            self.per_decision.append(self._words)
            self._words = 0
        self._state = state

    def on_speech(self, speech: Speech) -> None:
        if speech.private:
            return
        count = words(speech.text)
        if self._words is None:
            self.opening += count
        else:
            self._words += count
        reading = speech.reading or speech.paragraph is not None
        if not reading and count > self.longest_prompt[0]:
            self.longest_prompt = (count, speech.text)

    def on_heard(self, heard: Heard, understood: str | None) -> None:
        pass

    @property
    def decisions(self) -> int:
        return len(self.per_decision)

    def figures(self) -> dict[str, float]:
        """Mean, median and 90th percentile of the words per decision."""
        spoken = sorted(self.per_decision)
        return {
            "mean": statistics.fmean(spoken),
            "median": statistics.median(spoken),
            "p90": spoken[min(len(spoken) - 1, int(0.9 * len(spoken)))],
        }


class NewTable:
    """Ears that answer like a table new to the game (see the module docstring)."""

    def __init__(self, short: ShortGame, seed: int, most_answers: int, language: str) -> None:
        self.short = short
        self.rng = random.Random(seed)
        self.left = most_answers
        self.language = language
        self._asked = ""
        self._named = 0
        self._tried: set[Any] = set()
        """The answers given to the question asked again and again (refused, or not
        heard): a table tries something else."""

    def hear(self, step: Step, phrases: PhraseSet) -> Heard | None:
        self.left -= 1
        if self.left < 0:
            return None
        if step.free_text:
            return Heard(self._free_answer(step), typed=True)
        habit = self._habit(step)
        if habit == "mumble":
            return Heard(MUMBLE, typed=True)
        if habit in WORDS_OF:
            return Heard(WORDS_OF[habit].get(self.language, habit), typed=True)
        value = self._choose(step, refused=habit == "refused")
        if value is None:
            return Heard("yes" if self.language == "en" else "sí", typed=True)
        return Heard(min(step.expects.phrases_for(value), key=len), typed=True)

    def _free_answer(self, step: Step) -> str:
        """A name where any text is taken: one of the step's own answers when it has some
        ("no name"), else a name not given before."""
        offered = [value for value in step.expects.values if step.offers(value)]
        if offered:
            return min(step.expects.phrases_for(self.rng.choice(offered)), key=len)
        self._named += 1
        return FREE_NAMES[self._named % len(FREE_NAMES)]

    def _habit(self, step: Step) -> str | None:
        draw = self.rng.random()
        for habit, share in HABITS.items():
            if draw < share:
                return habit
            draw -= share
        return None

    def _choose(self, step: Step, refused: bool) -> Any:
        if step.prompt != self._asked:
            self._asked, self._tried = step.prompt, set()
        values = sorted(step.expects.values, key=str)
        if refused and (unoffered := [v for v in values if not step.offers(v)]):
            return self.rng.choice(unoffered)
        offered = [value for value in values if step.offers(value)] or values
        offered = [value for value in offered if value not in self._tried] or offered
        if not offered:
            return None
        done = [value for value in offered if getattr(value, "intent", value) == "done"]
        if done and self.rng.random() < DONE_SHARE:
            return done[0]
        liked = self.short.prefer(step, offered, self.rng)
        value = self.rng.choice(liked or offered)
        self._tried.add(value)
        return value


class TypedTeller:
    """A storyteller who types a short tale naming the card's element, then ends it with
    the closing words of the night's language."""

    def listen(self, spec: TellingSpec, say: Callable[[str], None]) -> TellingReport | None:
        word = spec.keywords[0] if spec.keywords else "lamp"
        end = getattr(spec, "end_phrases", ("the end",))[0]
        lines = [f"speak 20 once there was a {word} far away", end]
        return TypedTellingListener(lines).listen(spec, say)


@dataclass
class Played:
    """One typed game: how it ended and what was said."""

    mode: str
    ending: Outcome
    count: WordCount
    dialogue: Dialogue


def play_typed(
    mode: str,
    seed: int,
    most_answers: int = 1500,
    short: bool = False,
    folder: Path | None = None,
    settings: dict[str, str] | None = None,
    transcript: Callable[[str], None] | None = None,
) -> Played:
    """Play ``mode`` (a key of :data:`MODES`) typed with a :class:`NewTable`; ``short``
    plays the mode's short game (a small book or deck) so that it ends sooner."""
    game, mode_settings = MODES[mode]
    spec = game_spec(game)
    with tempfile.TemporaryDirectory() as scratch:
        where = folder or Path(scratch)
        shortened = SHORT_GAMES[game]
        if short:
            options = shortened.options(where, seed)
        else:
            options = GameOptions(seed=seed, players=PLAYERS, settings=dict(shortened.settings))
        options = GameOptions(
            seed=options.seed,
            players=options.players,
            pack=options.pack,
            settings={**options.settings, **mode_settings, **(settings or {})},
        )
        dialogue = spec.new(options)
        language = dialogue.language
        count = WordCount()
        session = Session(
            dialogue=dialogue,
            spec=spec,
            ears=NewTable(shortened, seed, most_answers, language),
            mouth=PrintMouth(transcript or (lambda _: None)),
            save_path=where / "game.json",
            observers=[count],
            telling_listener=TypedTeller() if spec.tellings else None,
        )
        end = session.run(dialogue.opening())
    return Played(mode, end.reason, count, session.dialogue)
