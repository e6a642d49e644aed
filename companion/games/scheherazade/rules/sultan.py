"""The Sultan's rules for a storytelling turn: his timer, his nudges, the words he hears.

A :class:`TellingSpec` (see :mod:`companion.framework.telling_turn`) makes a
:class:`TellingTracker`, which is told how many seconds of speech or silence went by and
what words were heard; it never reads a clock, a file or a microphone. Listeners (typed
lines, WAV files, the microphone) live outside the game and drive it. A telling ends when
the storyteller says "the end" (or "and so the night passed") or time runs out.

>>> spec = TellingSpec(turn=1, storyteller="Ali", element="the copper lamp",
...                    keywords=("lamp",))
>>> tracker = spec.tracker()
>>> tracker.advance(5, speaking=True), tracker.advance(7, speaking=False)
([], ['The Sultan stirs…'])
>>> tracker.hear("she rubbed the lamp and the end")
>>> report = tracker.report()
>>> report.keywords_heard, report.ended_by, report.seconds
(['lamp'], 'phrase', 12.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from companion.framework import telling_turn
from companion.framework.phrases import normalize
from companion.framework.telling_turn import EndedBy, TellingReport
from companion.games.scheherazade.rules.keywords import KeywordMatcher

END_PHRASES = ("the end", "and so the night passed")
STIRS = "The Sultan stirs…"
YAWNS = "The Sultan yawns…"
SECONDS_LEFT = "{seconds} seconds before dawn."


class TellingSpec(telling_turn.TellingSpec):
    """A Scheherazade telling: tracked by the Sultan's rules, in the night's language."""

    turn_seconds: float | None = 90.0
    """None: no timer (the house rule is off); only the closing words end the telling."""
    silence_seconds: float | None = 6.0
    """None: no nudges (the house rule is off)."""
    language: Literal["en", "es"] = "en"
    """The language of the telling: key words are matched by its stems."""
    end_phrases: tuple[str, ...] = END_PHRASES
    stirs: str = STIRS
    yawns: str = YAWNS
    seconds_left: str = SECONDS_LEFT

    def tracker(self) -> TellingTracker:
        return TellingTracker(self)


def ends_with_end_phrase(text: str, phrases: Sequence[str] = END_PHRASES) -> bool:
    """True when ``text`` finishes with one of the closing phrases.

    >>> ends_with_end_phrase("and they lived happily. The end!")
    True
    >>> ends_with_end_phrase("at the end of the road")
    False
    >>> ends_with_end_phrase("Y colorín, colorado, este cuento se ha acabado.",
    ...                      ["fin", "colorín colorado este cuento se ha acabado"])
    True
    """
    words = normalize(text)
    return any(words == phrase or words.endswith(" " + phrase) for phrase in phrases)


class TellingTracker:
    """The Sultan's timer for one telling: pure bookkeeping of seconds and words heard."""

    def __init__(self, spec: TellingSpec) -> None:
        self.spec = spec
        self.elapsed = 0.0
        self.spoken = 0.0
        self.nudges: list[str] = []
        self.ended_by: EndedBy | None = None
        self._silence = 0.0
        self._silence_counted = False
        self._warned = False
        self._heard: list[str] = []
        self._words: list[str] = []
        self._matcher = KeywordMatcher(spec.language)

    @property
    def done(self) -> bool:
        return self.ended_by is not None

    @property
    def listen_for(self) -> tuple[str, ...]:
        """The element's key words and the closing words."""
        return tuple(dict.fromkeys([*self.spec.keywords, *self.spec.end_phrases]))

    @property
    def _limit(self) -> float:
        return self.spec.turn_seconds if self.spec.turn_seconds is not None else float("inf")

    def seconds_to_next_cue(self) -> float:
        """Seconds of talk until the next timed cue (warning or dawn); inf without one."""
        left = self._limit - self.elapsed
        if not self._warned and left > self.spec.warn_seconds:
            return left - self.spec.warn_seconds
        return left

    def advance(self, seconds: float, speaking: bool) -> list[str]:
        """Let ``seconds`` of speech (or silence) go by; return the cues to speak now."""
        seconds = min(seconds, self._limit - self.elapsed)
        self.elapsed += seconds
        cues = []
        if speaking:
            self.spoken += seconds
            self._silence, self._silence_counted = 0.0, False
        else:
            self._silence += seconds
            patience = self.spec.silence_seconds
            if patience is not None and self._silence > patience and not self._silence_counted:
                self._silence_counted = True
                self.nudges.append(self.spec.stirs if not self.nudges else self.spec.yawns)
                cues.append(self.nudges[-1])
        left = self._limit - self.elapsed
        if not self._warned and 0 < left <= self.spec.warn_seconds:
            self._warned = True
            cues.append(self.spec.seconds_left.format(seconds=round(left)))
        if left <= 0 and self.ended_by is None:
            self.ended_by = "timeout"
        return cues

    def hear(self, text: str) -> None:
        """Words recognised (or typed) during the telling."""
        self._words += normalize(text).split()
        for keyword in self._matcher.heard(self.spec.keywords, text):
            if keyword not in self._heard:
                self._heard.append(keyword)
        if ends_with_end_phrase(text, self.spec.end_phrases) and self.ended_by is None:
            self.ended_by = "phrase"

    def end_of_input(self) -> None:
        """The input stopped before the telling ended."""
        if self.ended_by is None:
            self.ended_by = "input"

    def report(self, transcript: bool = True) -> TellingReport:
        """The report; ``transcript`` False when no free-form recogniser listened."""
        return TellingReport(
            seconds=round(self.elapsed, 2),
            spoken_seconds=round(self.spoken, 2),
            long_silences=len(self.nudges),
            nudges=self.nudges,
            keywords_heard=self._heard,
            ended_by=self.ended_by or "input",
            transcript=" ".join(self._words) if transcript else None,
        )
