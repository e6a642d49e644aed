"""Taps on the table display answer the session's questions beside voice or keyboard.

:class:`TapEars` wraps the session's ears. Each question is heard by the wrapped ears in
a worker thread while taps may arrive from the page; whichever comes first is the answer.
A tap is exact (the page sends a phrase of the step's own), so it arrives as typed text.
When a tap wins, the wrapped ears keep listening, and what they hear answers the next
question: no spoken or typed answer is ever dropped.

>>> from companion.framework.dialogue import Step, YES_NO
>>> import threading
>>> never = threading.Event()
>>> class Silent:
...     def hear(self, step, phrases):
...         never.wait(5)
>>> ears = TapEars(Silent())
>>> ears.tap("yes")
>>> ears.hear(Step("Ready?", YES_NO), YES_NO).text
'yes'
>>> never.set()
"""

from __future__ import annotations

import queue
import threading
from typing import Any

from companion.framework.dialogue import Step
from companion.framework.phrases import PhraseSet
from companion.session.ports import Ears, Heard, LearningEars


class TapEars:
    """Ears that also take taps from the table display."""

    def __init__(self, inner: Ears) -> None:
        self.inner = inner
        self._arrivals: queue.Queue[tuple[str, Any]] = queue.Queue()
        self._listening = False
        self._tapped = False

    def tap(self, text: str) -> None:
        """An answer tapped on a page (called from the server's thread)."""
        self._arrivals.put(("tap", text))

    def hear(self, step: Step, phrases: PhraseSet) -> Heard | None:
        if not self._listening:
            self._listening = True
            threading.Thread(target=self._listen, args=(step, phrases), daemon=True).start()
        kind, item = self._arrivals.get()
        self._tapped = kind == "tap"
        if self._tapped:
            return Heard(item, 1.0, typed=True)
        self._listening = False
        if kind == "error":
            raise item
        return item

    def attend(self, voice: str) -> None:
        """Whose voice comes next, for wrapped ears that learn each voice."""
        if isinstance(self.inner, LearningEars):
            self.inner.attend(voice)

    def learn(self, value: str) -> None:
        """The last answer meant ``value``: a lesson for learning ears, unless it was tapped."""
        if isinstance(self.inner, LearningEars) and not self._tapped:
            self.inner.learn(value)

    def _listen(self, step: Step, phrases: PhraseSet) -> None:
        try:
            self._arrivals.put(("ears", self.inner.hear(step, phrases)))
        except Exception as error:  # handed to the session's thread, which handles it
            self._arrivals.put(("error", error))
