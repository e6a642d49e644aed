"""What the session and the voice layer share: answers heard, ears and mouths, commands.

The session (which decides) and the voice layer (which hears and speaks) both import
this module and never each other, so data flows one way: dialogue -> session -> voice.
It holds what was heard (:class:`Heard`), the :class:`Ears` and :class:`Mouth`
protocols with their keyboard and screen versions, the error a lost device raises, the
global commands allowed at every step, and the confidence levels both sides act on. What
an answer means at a step is decided in :mod:`companion.session.understanding`.

>>> Command("undo") in global_commands(("Ali",)).values
True
"""

from __future__ import annotations

import getpass
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import IO, Protocol, runtime_checkable

from companion.framework.answers import Answer
from companion.framework.dialogue import Speech, Step
from companion.framework.phrases import PhraseSet, literal, words_to_number
from companion.framework.shown import shown
from companion.framework.words import GLOBAL_TEMPLATES as SESSION_COMMANDS
from companion.framework.words import STATUS_OF, known
from companion.games import UnknownGameError, game_spec

ACCEPT_CONFIDENCE = 0.80
"""Heard answers at least this sure (recogniser confidence × match score) are applied."""
CONFIRM_CONFIDENCE = 0.45
"""Between this and ACCEPT_CONFIDENCE the companion asks "Did you say …?"."""
DICTATED_CONFIDENCE = 0.6
"""A free answer written down from speech is always asked back ("Did you say Ali?")."""
TABLE = "table"
"""Whose voice it is when the dialogue does not say whose turn it is."""


@runtime_checkable
class LearningEars(Protocol):
    """Ears that learn each player's voice from the answers they gave."""

    def attend(self, voice: str) -> None:
        """The next answers are ``voice``'s (a player's name, or TABLE)."""

    def learn(self, value: str) -> None:
        """The latest utterance that could mean ``value`` did mean it."""


class DeviceUnavailable(Exception):
    """A microphone or speaker is missing or stopped working; the message says which.

    The session answers it by going on with the keyboard and the screen.
    """


@dataclass(frozen=True)
class Heard:
    """What the ears caught."""

    text: str
    """Words heard (for grammar engines: the decoded phrase), or the line typed."""
    confidence: float = 1.0
    """0 to 1: how sure the recogniser is that these words were said (1 when typed)."""
    typed: bool = False
    """True when the answer came from the keyboard."""
    dictated: bool = False
    """True when a free answer (a name) was written down from speech: always asked back."""
    tapped_on: str | None = None
    """Where a tap on the table display came from: :data:`TABLE` (the shared page) or the
    player whose private page it was; None when it was not tapped."""


class Ears(Protocol):
    """Where answers come from: a keyboard, a microphone or WAV files."""

    def hear(self, step: Step, phrases: PhraseSet) -> Heard | None:
        """The next answer to ``step``; ``phrases`` is every phrase allowed now.

        Returns None when input has ended.
        """


class Mouth(Protocol):
    """Where the companion's words go: a speaker, a WAV file or the screen."""

    def say(self, speech: Speech) -> None:
        """Speak (or print) one utterance; returns when done or stopped."""

    def stop(self) -> None:
        """Cut the current reading short."""

    def set_rate(self, factor: float) -> None:
        """Speak at ``factor`` times the normal rate."""


class TypedEars:
    """Answers typed on a keyboard or read line by line from a script."""

    def __init__(self, lines: Iterable[str] | IO[str] | None = None, prompt: str = "") -> None:
        self._lines: Iterator[str] = iter(lines if lines is not None else sys.stdin)
        self._prompt = prompt

    def hear(self, step: Step, phrases: PhraseSet) -> Heard | None:
        if step.private and self._prompt:
            return self._hear_secret()
        if self._prompt:
            print(self._prompt, end="", flush=True)
        for line in self._lines:
            text = line.strip()
            if text:
                return Heard(text, 1.0, typed=True)
            if self._prompt:  # an empty line at the keyboard: ask again
                print(f"{step.prompt}\n{self._prompt}", end="", flush=True)
        return None

    def _hear_secret(self) -> Heard | None:
        """A secret typed at a terminal without showing it on the screen."""
        try:
            text = getpass.getpass("(hidden) > ")
        except EOFError:
            return None
        return Heard(text.strip(), 1.0, typed=True)


class PrintMouth:
    """Prints every utterance on its own line; ``¶ N`` precedes a paragraph read."""

    def __init__(self, write: Callable[[str], None] | None = None) -> None:
        self._write = write or (lambda line: print(line, flush=True))

    def say(self, speech: Speech) -> None:
        if speech.paragraph is not None:
            self._write(f"¶ {speech.paragraph}")
        self._write(shown(" ".join(speech.text.split())))

    def stop(self) -> None:
        """Printing is instant: there is nothing to cut short."""

    def set_rate(self, factor: float) -> None:
        """Printed text has no speed."""


class Command(Answer):
    """A global command ("undo", "status" of a player): an answer the session itself
    carries out. Never equal to a game's answer of the same intent."""


SAVE_AND_QUIT = Command("save and quit")
"""Said plainly (an exact phrase), then confirmed with yes."""


@lru_cache(maxsize=32)
def global_commands(players: tuple[str, ...], language: str = "en") -> PhraseSet:
    """The commands allowed at every step, with ``status of NAME`` for each player, in
    ``language`` (English by default).

    >>> global_commands(("Zoe",)).match("status of Zoe").value
    Command(intent='status', slots=(('player', 'Zoe'),))
    >>> global_commands(("Zoe",), "es").match("deshacer").value
    Command(intent='undo', slots=())
    """
    language = known(language)
    templates = SESSION_COMMANDS[language]
    commands = PhraseSet.from_templates(
        {Command(name): wordings for name, wordings in templates.items()}, labels={}
    )
    if not players:
        return commands
    per_player = {
        Command.of("status", player=name): [
            wording.replace("{name}", literal(name)) for wording in STATUS_OF[language]
        ]
        for name in players
    }
    return commands | PhraseSet.from_templates(per_player)


def said_as_numbers(answers: PhraseSet) -> bool:
    """Whether some answer is said as a number (a die roll, a count)."""
    return any(words_to_number(phrase.text) is not None for phrase in answers.phrases)


def title_of(game: str) -> str:
    """The spoken title of a registered game (its name for any other).

    >>> title_of("samarande"), title_of("toy")
    ('Les Fils de Samarande', 'toy')
    """
    try:
        return game_spec(game).title
    except UnknownGameError:
        return game
