"""The page's "Stop reading" and "Skip" buttons: they cut the companion's reading short at
once, from the server's thread, while the session's thread is still speaking.

:class:`ReadingControl` wraps the session's mouth. "Skip" cuts the utterance being read
(the next one is read); "Stop reading" cuts it and stays silent for the rest of that
reading, until the next question is asked. A press while nothing is being read changes
nothing, so it never silences a reading still to come.

>>> from companion.framework.dialogue import Speech
>>> from companion.session.ports import PrintMouth
>>> lines = []
>>> mouth = ReadingControl(PrintMouth(lines.append))
>>> mouth.control(ReadingAction.STOP)  # nothing is being read: nothing changes
False
>>> mouth.say(Speech("Once upon a time."))
>>> lines
['Once upon a time.']
"""

from __future__ import annotations

import threading
from enum import StrEnum

from companion.framework.dialogue import Dialogue, Speech, Step
from companion.session.ports import Heard, Mouth


class ReadingAction(StrEnum):
    """What a page's reading button asks for."""

    STOP = "stop"
    """Cut the reading short: nothing more is read until the next question."""
    SKIP = "skip"
    """Cut the utterance being read; the next one is read."""


class ReadingControl:
    """A mouth that the page can silence, and a session observer (to speak again at the
    next question)."""

    def __init__(self, inner: Mouth) -> None:
        self.inner = inner
        self._speaking = threading.Event()
        self._silent = threading.Event()

    def say(self, speech: Speech) -> None:
        if self._silent.is_set():
            return
        self._speaking.set()
        try:
            self.inner.say(speech)
        finally:
            self._speaking.clear()

    def stop(self) -> None:
        self.inner.stop()

    def set_rate(self, factor: float) -> None:
        self.inner.set_rate(factor)

    def control(self, action: ReadingAction) -> bool:
        """A page's button (called from the server's thread); False when nothing was
        being read."""
        if not self._speaking.is_set():
            return False
        if action is ReadingAction.STOP:
            self._silent.set()
        self.inner.stop()
        return True

    # -- session observer: the next question is spoken again --------------------------

    def on_step(self, step: Step, dialogue: Dialogue) -> None:
        self._silent.clear()

    def on_speech(self, speech: Speech) -> None:
        """The page shows what is read; nothing to do here."""

    def on_heard(self, heard: Heard, understood: str | None) -> None:
        """Nothing to do."""
