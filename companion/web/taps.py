"""Taps on the table display answer the session's questions beside voice or keyboard.

:class:`TapEars` wraps the session's ears. Every question the session asks through them
(a turn's question, "Did you say …?", the quit confirmation, the pause) opens under a
serial of its own and is published to the pages with its answers as buttons; a tap names
the serial it answers. Exactly one answer closes a question: the first tap for it, or
what the wrapped ears hear, whichever comes first. A tap for a question that is closed,
or is not the one being asked now, is refused and changes nothing, so a double tap, two
phones at once or a late tap never answer a question the page did not show.

A question is asked of a player (the step's :attr:`~companion.framework.dialogue.Step.asks`,
else whose turn it is: the session tells the ears through ``attend``), or of nobody in
particular (:data:`TABLE`). The table's page (``page`` None) answers any question but a
secret; a player's private page answers only the questions asked of that player, never
the table's. A secret answer, or options that are the asked player's secret (a hand of
cards kept off the table), are answered from that player's page only.

The session may hear through two pairs of ears (the microphone, and the keyboard it
falls back on for secrets and after two misses): :meth:`TapEars.beside` wraps the second
so that both ask through the same questions, numbered in one series.

The wrapped ears hear in a worker thread. When a tap wins, they keep listening, and what
they hear answers the next question: no spoken or typed answer is ever dropped. A
terminal's read is the exception (:class:`~companion.session.ports.TerminalLines`):
it is given up when a tap answers its question, and when a new question is asked, so
that each question is typed in its own mode (a secret without echo) and no hidden
prompt outlives its question; what was half typed is kept.

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
>>> secret = _Open(4, ("seven",), "Zed", secret=True)  # Zed's secret: Zed's page only
>>> ears.may_tap(secret, None), ears.may_tap(secret, "Zed")
(False, True)
>>> asked  # question 1 was open, then closed
[(1, True), (1, False)]
>>> never.set()
"""

from __future__ import annotations

import threading
from collections import deque
from dataclasses import dataclass
from typing import Protocol

from companion.framework.answers import Answer
from companion.framework.dialogue import Step
from companion.framework.phrases import PhraseSet
from companion.session.ports import (
    TABLE,
    CancellableEars,
    Cancelled,
    Ears,
    Heard,
    LearningEars,
)
from companion.web.view import answers_of, tappable

GIVING_UP_SECONDS = 2.0
"""How long a question waits for the keyboard to give up its read for an earlier one."""


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
    secret: bool = False
    """Its answers are the asked player's secret: tapped on that player's page only."""
    asker: object = None
    """The ears that asked it: only what they hear closes it."""


def tappable_phrases(step: Step, asked_of: str | None) -> tuple[str, ...]:
    """What each button of ``step``, asked of ``asked_of``, sends; no buttons for a free
    answer or a secret asked of nobody in particular."""
    return tuple(answer.phrase for answer in answers_of(step)) if tappable(step, asked_of) else ()


class _Desk:
    """The question being asked now, shared by every pair of :class:`TapEars` that asks
    through it, and the tap that answered it."""

    def __init__(self, board: QuestionBoard | None) -> None:
        self.board = board
        self.changed = threading.Condition()
        self.serial = 0
        self.open: _Open | None = None
        self.tapped: Heard | None = None
        self.voice: str | None = None
        """The player the next questions are asked of (None: the table)."""


class TapEars:
    """Ears that also take taps from the table display, one answer per question."""

    def __init__(self, inner: Ears, board: QuestionBoard | None = None) -> None:
        self.inner = inner
        self._desk = _Desk(board)
        self._heard: deque[tuple[Heard | None, BaseException | None]] = deque()
        self._listening = False
        self._last_was_tap = False

    def beside(self, inner: Ears) -> TapEars:
        """``inner`` (the keyboard beside the microphone) wrapped to ask through the same
        questions as these ears: one series of serials, one question open at a time."""
        ears = TapEars(inner)
        ears._desk = self._desk
        return ears

    def tap(self, serial: int, index: int, page: str | None = None) -> bool:
        """Answer question ``serial`` with its ``index``-th button, tapped on ``page`` (a
        player's private page, None: the table's; called from the server's thread); False,
        changing nothing, unless that question is open now and that page may answer it."""
        desk = self._desk
        with desk.changed:
            asked = desk.open
            if asked is None or asked.serial != serial or not 0 <= index < len(asked.phrases):
                return False
            if not self.may_tap(asked, page):
                return False
            desk.open = None
            desk.tapped = Heard(asked.phrases[index], 1.0, typed=True, tapped_on=page or TABLE)
            desk.changed.notify_all()
        if isinstance(asked.asker, TapEars):
            asked.asker.give_up()  # the keyboard's prompt for it ends: its echo comes back
        return True

    def give_up(self) -> bool:
        """Give up what the wrapped ears are hearing, where they can (a terminal's line);
        True when they did."""
        return isinstance(self.inner, CancellableEars) and self.inner.cancel()

    @staticmethod
    def may_tap(asked: _Open, page: str | None) -> bool:
        """Whether ``page`` (a player's, None: the table's) may answer ``asked``."""
        if asked.secret:
            return page is not None and asked.asked_of == page
        return page is None or asked.asked_of == page

    def hear(self, step: Step, phrases: PhraseSet) -> Heard | None:
        desk = self._desk
        with desk.changed:
            if self._listening and not self._heard and self.give_up():
                # still reading for an earlier question: this one gets a read of its own
                # (a secret without echo, a plain answer with it)
                desk.changed.wait_for(lambda: not self._listening, timeout=GIVING_UP_SECONDS)
            desk.serial += 1
            serial, asked_of = desk.serial, desk.voice
            buttons = tappable_phrases(step, asked_of)
            asked = _Open(serial, buttons, asked_of, step.kept_from_table, self)
            desk.open = None if self._heard else asked
            if not self._listening:
                self._listening = True
                threading.Thread(target=self._listen, args=(step, phrases), daemon=True).start()
        self._show(serial, step, asked_of)
        try:
            return self._answer()
        finally:
            self._show(serial, None)

    def _answer(self) -> Heard | None:
        desk = self._desk
        with desk.changed:
            while desk.tapped is None and not self._heard:
                desk.changed.wait()
            desk.open = None
            self._last_was_tap = desk.tapped is not None
            if desk.tapped is not None:
                tapped, desk.tapped = desk.tapped, None
                return tapped
            heard, error = self._heard.popleft()
        if error is not None:
            raise error
        return heard

    def _show(self, serial: int, step: Step | None, asked_of: str | None = None) -> None:
        if self._desk.board is not None:
            self._desk.board.on_question(serial, step, asked_of)

    def attend(self, voice: str) -> None:
        """Whose voice comes next (:data:`TABLE`: nobody in particular): the player the
        next questions are asked of, and a lesson for wrapped ears that learn each voice."""
        with self._desk.changed:
            self._desk.voice = None if voice == TABLE else voice
        if isinstance(self.inner, LearningEars):
            self.inner.attend(voice)

    def learn(self, value: Answer) -> None:
        """The last answer meant ``value``: a lesson for learning ears, unless it was tapped."""
        if isinstance(self.inner, LearningEars) and not self._last_was_tap:
            self.inner.learn(value)

    def _listen(self, step: Step, phrases: PhraseSet) -> None:
        heard: Heard | None = None
        error: BaseException | None = None
        desk = self._desk
        try:
            heard = self.inner.hear(step, phrases)
        except Cancelled:  # its question was answered by a tap: nothing was heard
            with desk.changed:
                self._listening = False
                desk.changed.notify_all()
            return
        except Exception as failure:  # handed to the session's thread, which handles it
            error = failure
        with desk.changed:
            if desk.open is not None and desk.open.asker is self:
                desk.open = None  # what was heard answers the question these ears ask now
            self._heard.append((heard, error))
            self._listening = False
            desk.changed.notify_all()
