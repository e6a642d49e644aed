"""Taps on the table display answer the session's questions beside voice or keyboard.

:class:`TapEars` wraps the session's ears. Every question the session asks through them
(a turn's question, "Did you say …?", the quit confirmation, the pause) opens under a
serial of its own and is published to the pages with its answers as buttons; a tap names
the serial it answers. Exactly one answer closes a question: the first tap for it, or
what the wrapped ears hear, whichever comes first. A tap for a question that is closed,
or is not the one being asked now, is refused and changes nothing, so a double tap, two
phones at once or a late tap never answer a question the page did not show.

A question is asked of the player the session attends to (its ``attend``: whose turn it
is), or of nobody in particular (:data:`TABLE`). The table's page (``page`` None) answers
any question; a player's private page answers only the questions asked of that player,
never the table's (the session calls the setup's "Ali, choose a skill" the table's: were
the table's questions tappable there, Zed's page could answer for Ali).

The wrapped ears hear in a worker thread. When a tap wins, they keep listening, and what
they hear answers the next question: no spoken or typed answer is ever dropped.

>>> from companion.framework.dialogue import Step, YES_NO
>>> import threading
>>> never = threading.Event()
>>> class Silent:
...     def hear(self, step, phrases):
...         never.wait(5)
>>> asked = []
>>> class Board:
...     def on_question(self, serial, step, asked_of=None):
...         asked.append((serial, step is not None))
...         if step is not None:
...             threading.Thread(target=ears.tap, args=(serial, 0)).start()
>>> ears = TapEars(Silent(), Board())
>>> ears.hear(Step("Ready?", YES_NO), YES_NO).text
'yes'
>>> ears.tap(1, 0)  # the question is answered: a second tap is refused
False
>>> ears.attend("Zed")
>>> ears.may_tap(_Open(2, ("yes",), "Zed"), "Ali"), ears.may_tap(_Open(2, ("yes",), "Zed"), None)
(False, True)
>>> ears.may_tap(_Open(3, ("yes",), None), "Ali")  # the table's question
False
>>> asked  # question 1 was open, then closed
[(1, True), (1, False)]
>>> never.set()
"""

from __future__ import annotations

import threading
from collections import deque
from dataclasses import dataclass
from typing import Protocol

from companion.framework.dialogue import Step
from companion.framework.phrases import PhraseSet
from companion.session.ports import TABLE, Ears, Heard, LearningEars
from companion.web.view import answers_of, tappable


class QuestionBoard(Protocol):
    """Where the questions asked are shown (the display's :class:`TableView`)."""

    def on_question(self, serial: int, step: Step | None, asked_of: str | None = None) -> None:
        """Question ``serial`` is being asked (``step``) of player ``asked_of`` (None: of
        nobody in particular), or is closed (``step`` None)."""


@dataclass(frozen=True)
class _Open:
    """The question being asked now, and the phrase each of its buttons sends."""

    serial: int
    phrases: tuple[str, ...]
    asked_of: str | None = None
    """The player it is asked of; None: the table's question (the shared page's)."""


def tappable_phrases(step: Step) -> tuple[str, ...]:
    """What each button of ``step`` sends; no buttons for a secret or a free answer."""
    return tuple(answer.phrase for answer in answers_of(step)) if tappable(step) else ()


class TapEars:
    """Ears that also take taps from the table display, one answer per question."""

    def __init__(self, inner: Ears, board: QuestionBoard | None = None) -> None:
        self.inner = inner
        self.board = board
        self._changed = threading.Condition()
        self._serial = 0
        self._open: _Open | None = None
        self._tapped: Heard | None = None
        self._voice: str | None = None
        self._heard: deque[tuple[Heard | None, BaseException | None]] = deque()
        self._listening = False
        self._last_was_tap = False

    def tap(self, serial: int, index: int, page: str | None = None) -> bool:
        """Answer question ``serial`` with its ``index``-th button, tapped on ``page`` (a
        player's private page, None: the table's; called from the server's thread); False,
        changing nothing, unless that question is open now and that page may answer it."""
        with self._changed:
            asked = self._open
            if asked is None or asked.serial != serial or not 0 <= index < len(asked.phrases):
                return False
            if not self.may_tap(asked, page):
                return False
            self._open = None
            self._tapped = Heard(asked.phrases[index], 1.0, typed=True, tapped_on=page or TABLE)
            self._changed.notify_all()
        return True

    @staticmethod
    def may_tap(asked: _Open, page: str | None) -> bool:
        """Whether ``page`` (a player's, None: the table's) may answer ``asked``."""
        return page is None or asked.asked_of == page

    def hear(self, step: Step, phrases: PhraseSet) -> Heard | None:
        with self._changed:
            self._serial += 1
            serial = self._serial
            asked_of = self._voice
            self._open = None if self._heard else _Open(serial, tappable_phrases(step), asked_of)
            if not self._listening:
                self._listening = True
                threading.Thread(target=self._listen, args=(step, phrases), daemon=True).start()
        self._show(serial, step, asked_of)
        try:
            return self._answer()
        finally:
            self._show(serial, None)

    def _answer(self) -> Heard | None:
        with self._changed:
            while self._tapped is None and not self._heard:
                self._changed.wait()
            self._open = None
            self._last_was_tap = self._tapped is not None
            if self._tapped is not None:
                tapped, self._tapped = self._tapped, None
                return tapped
            heard, error = self._heard.popleft()
        if error is not None:
            raise error
        return heard

    def _show(self, serial: int, step: Step | None, asked_of: str | None = None) -> None:
        if self.board is not None:
            self.board.on_question(serial, step, asked_of)

    def attend(self, voice: str) -> None:
        """Whose voice comes next (:data:`TABLE`: nobody in particular): the player the
        next questions are asked of, and a lesson for wrapped ears that learn each voice."""
        with self._changed:
            self._voice = None if voice == TABLE else voice
        if isinstance(self.inner, LearningEars):
            self.inner.attend(voice)

    def learn(self, value: str) -> None:
        """The last answer meant ``value``: a lesson for learning ears, unless it was tapped."""
        if isinstance(self.inner, LearningEars) and not self._last_was_tap:
            self.inner.learn(value)

    def _listen(self, step: Step, phrases: PhraseSet) -> None:
        heard: Heard | None = None
        error: BaseException | None = None
        try:
            heard = self.inner.hear(step, phrases)
        except Exception as failure:  # handed to the session's thread, which handles it
            error = failure
        with self._changed:
            self._open = None  # what was heard answers the question asked now
            self._heard.append((heard, error))
            self._listening = False
            self._changed.notify_all()
