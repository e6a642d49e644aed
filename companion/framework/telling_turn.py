"""Timed storytelling turns, shared by the games that have them and the voice layer.

A telling step (:attr:`companion.framework.dialogue.Step.telling`) carries a :class:`TellingSpec`.
The session hands it to a *telling listener*, which drives the spec's
:class:`TellingTracker` (pure bookkeeping: the game's rules of time and words) with
what it hears until the telling ends, speaking the tracker's cues through ``say`` on
the way. It returns a :class:`TellingReport`, handed to the game as an answer
(:meth:`TellingReport.answer`).

Listeners: :class:`TypedTellingListener` here (typed or scripted lines); the voice layer
hears WAV files and the microphone (:mod:`companion.voice.telling_listener`).

The typed contract (one line at a time, see :func:`parse_typed_line`):

* ``silence 7`` — seven seconds of silence;
* ``speak 20`` or ``speak 20 once upon a time`` — twenty seconds of speech (with words);
* any other text — words spoken; with a clock, all the time since the previous line,
  otherwise one second per 2.5 words (at least one second).

>>> parse_typed_line("speak 20 the lamp glowed")
(20.0, True, 'the lamp glowed')
"""

from __future__ import annotations

import math
import select
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Literal, Protocol, TextIO

from pydantic import BaseModel, ConfigDict

from companion.framework.answers import Answer
from companion.framework.script_lines import ScriptLines

WORDS_PER_SECOND = 2.5
"""Speaking rate assumed for typed lines without an explicit duration."""
ENDED_NOTICED_SECONDS = 0.2
"""How often a listener waiting for a line looks whether the telling was ended elsewhere."""

EndedBy = Literal["phrase", "timeout", "input"]
TOLD = "told"
"""The intent of the answer to a telling step (:meth:`TellingReport.answer`)."""


class TellingListener(Protocol):
    """Listens to a timed storytelling turn (see :attr:`Step.telling`)."""

    def listen(self, spec: TellingSpec, say: Callable[[str], None]) -> TellingReport | None:
        """Listen to one telling; return what was noticed, or None when input ended."""


class TellingSpec(BaseModel):
    """One storytelling turn: who tells, what to weave in, and the Sultan's patience."""

    model_config = ConfigDict(frozen=True)

    turn: int
    storyteller: str
    element: str
    """How the element is announced, e.g. ``"the copper lamp, a red artifact"``."""
    keywords: tuple[str, ...] = ()
    """Words that show the element was mentioned; empty when nothing can be checked."""
    turn_seconds: float = 90.0
    silence_seconds: float = 6.0
    """A silence longer than this is a long silence: the Sultan stirs, then yawns."""
    warn_seconds: float = 15.0
    """Warn when this many seconds are left."""
    end_phrases: tuple[str, ...] = ()
    """Words that end the telling when said last ("the end"); a page's end button says the
    first of them. Empty: only time ends it."""

    def tracker(self) -> TellingTracker:
        """A fresh tracker of this turn: each game with tellings subclasses the spec
        with its own rules of time and words."""
        raise NotImplementedError(f"{type(self).__name__} has no rules for a telling")


class TellingReport(BaseModel):
    """What the listener noticed during one telling: the answer to a telling step."""

    seconds: float
    """Length of the telling."""
    spoken_seconds: float
    long_silences: int = 0
    nudges: list[str] = []
    """The Sultan's nudges, as spoken."""
    keywords_heard: list[str] = []
    ended_by: EndedBy
    transcript: str | None = None
    """What was said, when a free-form recogniser (or the keyboard) was listening."""

    def answer(self) -> Answer:
        """The report as the answer handed to the game (the whole report in one slot).

        >>> report = TellingReport(seconds=30, spoken_seconds=28, ended_by="phrase")
        >>> TellingReport.from_answer(report.answer()) == report
        True
        """
        return Answer.of(TOLD, report=self.model_dump_json())

    @classmethod
    def from_answer(cls, answer: Answer) -> TellingReport:
        """The report an answer carries (pydantic's ValidationError when it carries none)."""
        return cls.model_validate_json(str(answer.get("report", "")))


class TellingTracker(Protocol):
    """A game's pure timer for one telling: told how many seconds of speech or silence
    went by and which words were heard; it never reads a clock."""

    @property
    def done(self) -> bool:
        """True once the telling has ended."""

    @property
    def listen_for(self) -> tuple[str, ...]:
        """The words worth spotting: the element's key words and the closing words."""

    def advance(self, seconds: float, speaking: bool) -> list[str]:
        """Let ``seconds`` of speech (or silence) go by; return the cues to speak now."""

    def seconds_to_next_cue(self) -> float:
        """Seconds until the next cue that time alone brings (inf when none will)."""

    def hear(self, text: str) -> None:
        """Words recognised (or typed) during the telling."""

    def end_of_input(self) -> None:
        """The input stopped before the telling ended."""

    def report(self, transcript: bool = True) -> TellingReport:
        """What was noticed; ``transcript`` False when no free-form recogniser listened."""


class TypedLineError(ValueError):
    """A ``silence`` or ``speak`` line without a number of seconds."""


def parse_typed_line(line: str) -> tuple[float | None, bool, str]:
    """``(seconds, speaking, words)`` for one typed line of a telling.

    ``seconds`` is None for plain words: their length is up to the listener.

    >>> parse_typed_line("silence 7")
    (7.0, False, '')
    >>> parse_typed_line("speak 20 the lamp glowed")
    (20.0, True, 'the lamp glowed')
    >>> parse_typed_line("she found a lamp")
    (None, True, 'she found a lamp')
    """
    head, _, rest = line.strip().partition(" ")
    if head.lower() in ("silence", "speak"):
        seconds_text, _, words = rest.strip().partition(" ")
        try:
            seconds = float(seconds_text)
        except ValueError:
            raise TypedLineError(f"{line!r}: say how many seconds, e.g. '{head} 7'") from None
        return seconds, head.lower() == "speak", words.strip()
    return None, True, line.strip()


class TypedTellingListener:
    """Tellings typed (or scripted) line by line, following the typed contract above.

    ``clock`` (e.g. ``time.monotonic``) makes plain lines last as long as it took to
    type them; without it, their length comes from their number of words. ``ready``
    waits up to the given seconds for a line and says whether one came: with a clock,
    the tracker's timed cues (a warning, dawn) are then spoken on time while the
    storyteller is still typing, not when the next line arrives; with or without, a
    telling ended from elsewhere (a page's "The tale is told") ends within
    :data:`ENDED_NOTICED_SECONDS`, not at the next line.
    """

    def __init__(
        self,
        lines: Iterable[str],
        clock: Callable[[], float] | None = None,
        ready: Callable[[float], bool] | None = None,
    ) -> None:
        self._lines: Iterator[str] = iter(lines)
        self._clock = clock
        self._ready = ready
        self._last = 0.0

    def listen(self, spec: TellingSpec, say: Callable[[str], None]) -> TellingReport | None:
        """Read lines until the telling ends; None when input runs out first."""
        tracker = spec.tracker()
        self._last = self._clock() if self._clock else 0.0
        while not tracker.done:
            if self._ready and not self._wait_for_line(tracker, say):
                break
            line = next(self._lines, None)
            if line is None:
                return None
            if line.strip():
                self._take_line(line, tracker, say)
        return tracker.report()

    def _wait_for_line(self, tracker: TellingTracker, say: Callable[[str], None]) -> bool:
        """Speak the timed cues that fall due before the next line (with a clock); False
        once the telling is over, by time or ended from elsewhere (a page)."""
        assert self._ready is not None
        while True:
            due = self._due(tracker)
            if self._ready(min(ENDED_NOTICED_SECONDS, max(0.0, due))):
                return True
            if tracker.done:
                return False
            if self._clock is not None and self._due(tracker) <= 0:
                now = self._clock()
                for cue in tracker.advance(now - self._last, speaking=True):
                    say(cue)
                self._last = now
                if tracker.done:
                    return False

    def _due(self, tracker: TellingTracker) -> float:
        """Seconds until the tracker's next timed cue (inf without a clock)."""
        if self._clock is None:
            return math.inf
        return tracker.seconds_to_next_cue() - (self._clock() - self._last)

    def _take_line(self, line: str, tracker: TellingTracker, say: Callable[[str], None]) -> None:
        try:
            seconds, speaking, words = parse_typed_line(line)
        except TypedLineError as error:
            say(str(error))
            return
        now = self._clock() if self._clock else 0.0
        if seconds is None:
            seconds = now - self._last if self._clock else len(words.split()) / WORDS_PER_SECOND
            seconds = max(seconds, 1.0)
        self._last = now
        for cue in tracker.advance(seconds, speaking):
            say(cue)
        if words:
            tracker.hear(words)


def keyboard_listener(stream: TextIO) -> TypedTellingListener:
    """Tellings typed on ``stream``; at a terminal, timed by the clock and cued on time;
    from a script, read through the one reader of the stream (:class:`ScriptLines`)."""
    if not stream.isatty():
        script = ScriptLines.of(stream)
        return TypedTellingListener(script, ready=script.ready)
    lines = iter(stream.readline, "")

    def ready(seconds: float) -> bool:
        timeout = None if seconds == float("inf") else seconds
        return bool(select.select([stream], [], [], timeout)[0])

    return TypedTellingListener(lines, time.monotonic, ready)
