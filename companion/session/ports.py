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

import contextlib
import getpass
import os
import select
import sys
import termios
import threading
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

    def learn(self, value: Answer) -> None:
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


POLL_SECONDS = 0.2
"""How often a read looks whether it was given up."""


class Cancelled(Exception):
    """The read was given up: its question was answered another way (a tap)."""


class TerminalLines:
    """Lines typed at a terminal (``stream`` must be one), each read cancellable.

    With the table display, a question asked at the keyboard can be answered by a tap on
    a phone while the keyboard still waits for its line. A blocking ``readline`` (or
    ``getpass``) would stay behind: the next line typed would answer the next question in
    the old one's mode (a secret typed visibly, a plain answer without echo), and a hidden
    read left at exit would leave the terminal without echo. These reads watch the
    terminal with ``select``, a fifth of a second at a time, so :meth:`cancel` ends one
    under way: its prompt ends, the echo comes back, and what was half typed is kept for
    the next read.
    """

    def __init__(self, stream: IO[str] | None = None, out: IO[str] | None = None) -> None:
        self._fd = (stream or sys.stdin).fileno()
        self._out = out or sys.stdout
        self._cancelled = threading.Event()
        self._under_way = False
        self._lock = threading.Lock()
        self._typed = b""

    @staticmethod
    def usable(stream: IO[str]) -> bool:
        """Whether ``stream`` is a terminal these reads can use."""
        try:
            return stream.isatty() and termios.tcgetattr(stream.fileno()) is not None
        except (OSError, ValueError, termios.error):
            return False

    def cancel(self) -> bool:
        """Give up the read under way; False when none is."""
        with self._lock:
            if self._under_way:
                self._cancelled.set()
            return self._under_way

    def line(self, prompt: str, hidden: bool = False) -> str | None:
        """The next line typed after ``prompt`` (without echo when ``hidden``); None at the
        end of input; :class:`Cancelled` when given up."""
        with self._lock:
            self._cancelled.clear()
            self._under_way = True
        try:
            with self._without_echo() if hidden else contextlib.nullcontext():
                self._out.write(prompt)  # after the echo is off: nothing typed shows
                self._out.flush()
                try:
                    return self._read_line()
                finally:
                    if hidden:  # the Enter typed was not echoed
                        self._out.write("\n")
                        self._out.flush()
        finally:
            with self._lock:
                self._under_way = False
                self._cancelled.clear()

    def _read_line(self) -> str | None:
        while b"\n" not in self._typed:
            if self._cancelled.is_set():
                raise Cancelled
            ready, _, _ = select.select([self._fd], [], [], POLL_SECONDS)
            if not ready:
                continue
            chunk = os.read(self._fd, 4096)
            if not chunk:
                return None
            self._typed += chunk
        line, _, self._typed = self._typed.partition(b"\n")
        return line.decode("utf-8", "replace")

    @contextlib.contextmanager
    def _without_echo(self) -> Iterator[None]:
        before = termios.tcgetattr(self._fd)
        quiet = list(before)
        quiet[3] &= ~termios.ECHO
        termios.tcsetattr(self._fd, termios.TCSADRAIN, quiet)
        try:
            yield
        finally:
            termios.tcsetattr(self._fd, termios.TCSADRAIN, before)


@runtime_checkable
class CancellableEars(Protocol):
    """Ears whose listening can be given up (the question was answered by a tap)."""

    def cancel(self) -> bool:
        """Give up the listening under way (``hear`` raises
        :class:`Cancelled`); False when none is, or when these
        ears cannot give it up (what they hear then answers the next question)."""


class TypedEars:
    """Answers typed on a keyboard or read line by line from a script. At a terminal
    (``prompt`` given), each read can be given up (:meth:`cancel`) and a secret is typed
    without echo."""

    def __init__(self, lines: Iterable[str] | IO[str] | None = None, prompt: str = "") -> None:
        source = lines if lines is not None else sys.stdin
        self._lines: Iterator[str] = iter(source)
        self._prompt = prompt
        usable = prompt and hasattr(source, "fileno") and TerminalLines.usable(source)
        self._terminal = TerminalLines(source) if usable else None

    def cancel(self) -> bool:
        return self._terminal is not None and self._terminal.cancel()

    def hear(self, step: Step, phrases: PhraseSet) -> Heard | None:
        if self._terminal is not None:
            return self._hear_at_terminal(step)
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

    def _hear_at_terminal(self, step: Step) -> Heard | None:
        assert self._terminal is not None
        prompt = "(hidden) > " if step.private else self._prompt
        while (text := self._terminal.line(prompt, hidden=step.private)) is not None:
            if text.strip():
                return Heard(text.strip(), 1.0, typed=True)
            if not step.private:  # an empty line at the keyboard: ask again
                prompt = f"{step.prompt}\n{self._prompt}"
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
