"""How long the companion takes to answer, measured from outside the session (for the
benchmarks): from the moment its ears hand over what was heard to the start of its next
utterance.

>>> from companion.framework.dialogue import Speech
>>> clock = ReplyClock()
>>> class Ears:
...     def hear(self, step, phrases):
...         return "pray"
>>> clock.timed(Ears()).hear(None, None)
'pray'
>>> clock.on_speech(Speech("You pray."))
>>> clock.on_speech(Speech("What now?"))
>>> len(clock.latencies), clock.latencies[0] >= 0
(1, True)
"""

from __future__ import annotations

import time
from typing import Any

from companion.framework.dialogue import Dialogue, Speech, Step
from companion.framework.phrases import PhraseSet
from companion.session.ports import Ears, Heard


class ReplyClock:
    """A session observer timing each reply; hand the session :meth:`timed` ears."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        """Seconds from each answer heard to the start of the reply to it."""
        self._heard_at: float | None = None

    def timed(self, ears: Ears) -> _TimedEars:
        """``ears`` that start the clock each time they hand over an answer."""
        return _TimedEars(ears, self)

    def on_speech(self, speech: Speech) -> None:
        if self._heard_at is not None:
            self.latencies.append(time.perf_counter() - self._heard_at)
            self._heard_at = None

    def on_heard(self, heard: Heard, understood: str | None) -> None:
        """Nothing: the clock started when the ears returned."""

    def on_step(self, step: Step, dialogue: Dialogue) -> None:
        """Nothing: only replies are timed."""


class _TimedEars:
    def __init__(self, ears: Ears, clock: ReplyClock) -> None:
        self._ears = ears
        self._clock = clock

    def hear(self, step: Step, phrases: PhraseSet) -> Heard | None:
        heard = self._ears.hear(step, phrases)
        self._clock._heard_at = time.perf_counter()
        return heard

    def __getattr__(self, name: str) -> Any:
        return getattr(self._ears, name)  # attend, learn: the wrapped ears' own
