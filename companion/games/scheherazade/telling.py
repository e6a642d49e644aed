"""The Sultan's rules for a storytelling turn: his timer, his nudges, the words he hears.

A :class:`TellingSpec` (see :mod:`companion.telling`) makes a :class:`TellingTracker`,
which is told how many seconds of speech or silence went by and what words were heard;
it never reads a clock, a file or a microphone. Listeners (typed lines, WAV files, the
microphone) live outside the game and drive it. A telling ends when the storyteller
says "the end" (or "and so the night passed") or time runs out.

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

from companion import telling
from companion.phrases import normalize
from companion.telling import EndedBy, TellingReport

END_PHRASES = ("the end", "and so the night passed")
STIRS = "The Sultan stirs…"
YAWNS = "The Sultan yawns…"
SECONDS_LEFT = "{seconds} seconds before dawn."


class TellingSpec(telling.TellingSpec):
    """A Scheherazade telling: tracked by the Sultan's rules."""

    def tracker(self) -> TellingTracker:
        return TellingTracker(self)


def ends_with_end_phrase(text: str) -> bool:
    """True when ``text`` finishes with one of the closing phrases.

    >>> ends_with_end_phrase("and they lived happily. The end!")
    True
    >>> ends_with_end_phrase("at the end of the road")
    False
    """
    words = normalize(text)
    return any(words == phrase or words.endswith(" " + phrase) for phrase in END_PHRASES)


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

    @property
    def done(self) -> bool:
        return self.ended_by is not None

    @property
    def listen_for(self) -> tuple[str, ...]:
        """The element's key words and the closing words."""
        return tuple(dict.fromkeys([*self.spec.keywords, *END_PHRASES]))

    def advance(self, seconds: float, speaking: bool) -> list[str]:
        """Let ``seconds`` of speech (or silence) go by; return the cues to speak now."""
        seconds = min(seconds, self.spec.turn_seconds - self.elapsed)
        self.elapsed += seconds
        cues = []
        if speaking:
            self.spoken += seconds
            self._silence, self._silence_counted = 0.0, False
        else:
            self._silence += seconds
            if self._silence > self.spec.silence_seconds and not self._silence_counted:
                self._silence_counted = True
                self.nudges.append(STIRS if not self.nudges else YAWNS)
                cues.append(self.nudges[-1])
        left = self.spec.turn_seconds - self.elapsed
        if not self._warned and 0 < left <= self.spec.warn_seconds:
            self._warned = True
            cues.append(SECONDS_LEFT.format(seconds=round(left)))
        if left <= 0 and self.ended_by is None:
            self.ended_by = "timeout"
        return cues

    def hear(self, text: str) -> None:
        """Words recognised (or typed) during the telling."""
        words = normalize(text).split()
        self._words += words
        said = set(words)
        for keyword in self.spec.keywords:
            forms = {keyword, keyword + "s", keyword + "es"}
            if forms & said and keyword not in self._heard:
                self._heard.append(keyword)
        if ends_with_end_phrase(text) and self.ended_by is None:
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
