"""What the session and the voice layer share: answers heard, ears and mouths, commands.

The session (which decides) and the voice layer (which hears and speaks) both import
this module and never each other, so data flows one way: dialogue -> session -> voice.
It holds what was heard (:class:`Heard`), the :class:`Ears` and :class:`Mouth`
protocols with their keyboard and screen versions, the error a lost device raises, the
global commands allowed at every step, and how an answer is understood at a step.

>>> Command("undo") in global_commands(("Ali",)).values
True
>>> understand(Heard("fife", 0.9), Step("Roll.", PhraseSet.numbers(range(1, 7))),
...            PhraseSet.numbers(range(1, 7))).value
'5'
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
from companion.framework.phrases import Match, PhraseSet, Value, literal, words_to_number
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
REPEATED_CONFIRM_CONFIDENCE = 0.15
"""The same unsure answer heard twice in a row at one step is asked back from this level:
two hearings agreeing are better evidence than one, and chatter rarely repeats itself."""
REPEATED_NAME_CONFIDENCE = 0.08
"""The same, at a step whose answers are names (places, cards, deeds), not numbers: a name
whisper hears badly is heard badly again, while table talk seldom sounds like the same
name twice. Chosen on answers outside bench_game_phrases.py's reported sample (see
docs/voice.md); rolls keep REPEATED_CONFIRM_CONFIDENCE ("tree" and "three")."""
TYPED_MINIMUM_SCORE = 0.75
"""Typed text less similar than this to every phrase is not understood (no guessing)."""
SURE_CONFIDENCE = 0.5
"""A clear yes, no or "resume" at least this sure is taken (see :attr:`Understood.sure`)."""


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


@dataclass
class Understood:
    """An answer as the session understood it."""

    value: Value | None
    """The answer's value (None: nothing allowed now was recognised)."""
    confidence: float
    """0 to 1: the recogniser's certainty times the matcher's; below
    ACCEPT_CONFIDENCE the session asks before acting."""
    label: str = ""
    """The answer in the players' words: for "Did you say ...?" and the live view."""
    exact: bool = False
    """True when the words were exactly one of the answer's phrases."""
    clear: bool = False
    """True when no other answer comes close (see :attr:`Match.clear`)."""

    @property
    def is_command(self) -> bool:
        return isinstance(self.value, Command)

    @property
    def sure(self) -> bool:
        """Clear enough for a yes, a no or "resume": an unclear word is never taken for
        one of them ("help" is not "yep", "constantinople" is not "continue")."""
        return self.clear and self.confidence >= SURE_CONFIDENCE


def understand(heard: Heard, step: Step, phrases: PhraseSet) -> Understood:
    """What an answer means at ``step`` and how sure the companion is of it.

    ``phrases`` is everything allowed now: the step's answers and the global commands.
    A step's own answer wins over a global command said the same way ("help").
    """
    own = step.expects.match(heard.text)
    match = own if own is not None and own.score == 1.0 else phrases.match(heard.text)
    if step.free_text and heard.typed:
        if match is not None and match.score == 1.0:
            return Understood(match.value, 1.0, phrases.label(match.value), True, True)
        return Understood(heard.text.strip(), 1.0, heard.text.strip())
    if step.free_text and heard.dictated:
        written = written_down(heard.text)
        return Understood(written or None, heard.confidence if written else 0.0, written)
    if match is None or (heard.typed and match.score < TYPED_MINIMUM_SCORE):
        return Understood(None, 0.0)
    exact = match.score == 1.0
    return Understood(
        match.value,
        confidence_of(heard, match),
        phrases.label(match.value),
        exact=exact,
        clear=match.clear or (exact and match.runner_up < 1.0),
    )


def said_as_numbers(answers: PhraseSet) -> bool:
    """Whether some answer is said as a number (a die roll, a count)."""
    return any(words_to_number(phrase.text) is not None for phrase in answers.phrases)


def repeated_confirm_confidence(answers: PhraseSet) -> float:
    """How sure an unsure answer heard twice in a row at a step with these ``answers``
    must be to be asked back.

    >>> repeated_confirm_confidence(PhraseSet.numbers(range(1, 7)))
    0.15
    >>> repeated_confirm_confidence(PhraseSet.of("basra", "baghdad"))
    0.08
    """
    if said_as_numbers(answers):
        return REPEATED_CONFIRM_CONFIDENCE
    return REPEATED_NAME_CONFIDENCE


def written_down(text: str) -> str:
    """A free answer as the recogniser wrote it, without what frames it.

    >>> written_down(" My name is Ali Baba.")
    'Ali Baba'
    >>> written_down("I'm Zumurrud!"), written_down("Synpad Synpad Synpad"), written_down("...")
    ('Zumurrud', 'Synpad', '')
    """
    said = text.strip().strip(".,!?;: ").split()
    words = [word for index, word in enumerate(said) if index == 0 or word != said[index - 1]]
    for lead in FREE_ANSWER_LEADS:
        if [word.lower() for word in words[: len(lead)]] == list(lead) and len(words) > len(lead):
            words = words[len(lead) :]
            break
    return " ".join(words).strip(".,!?;: ")


FREE_ANSWER_LEADS = (("my", "name", "is"), ("i", "am"), ("i'm",), ("call", "me"), ("it's",))
"""Words that frame a name said aloud ("My name is Ali")."""


def confidence_of(heard: Heard | None, match: Match) -> float:
    """Combined certainty of an answer: the recogniser's times the matcher's."""
    if heard is None:
        return 0.0
    certainty = heard.confidence * match.score
    exact = match.score == 1.0 and match.runner_up < 1.0
    return certainty if match.clear or exact else min(certainty, ACCEPT_CONFIDENCE - 0.01)


def title_of(game: str) -> str:
    """The spoken title of a registered game (its name for any other).

    >>> title_of("samarande"), title_of("toy")
    ('Les Fils de Samarande', 'toy')
    """
    try:
        return game_spec(game).title
    except UnknownGameError:
        return game
