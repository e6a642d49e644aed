"""A timed telling (Scheherazade) ended from the page: "The tale is told".

:class:`TappableTellings` wraps the session's telling listener. While a telling is under
way, a page's tap for that telling's turn tells its tracker the closing words, as if the
storyteller had said them ("the end"): the listener ends the telling at its next frame
and the game goes on with ``ended_by`` "phrase". A tap for another turn, or when no
telling is under way, changes nothing. ``shown`` is told when a telling begins (its
tracker made, its clock running) and when it is over, so the pages offer the button (and
count the turn down) only while a tap can end it.

>>> from companion.games.scheherazade.rules.sultan import TellingSpec
>>> class Storyteller:
...     def listen(self, spec, say):
...         tracker = spec.tracker()
...         tellings.end(spec.turn)  # the page's tap, while the tale is told
...         return tracker.report().ended_by
>>> tellings = TappableTellings(Storyteller(), lambda spec: print("shown:", spec and spec.turn))
>>> tellings.listen(TellingSpec(turn=3, storyteller="Ali", element="a lamp"), print)
shown: 3
shown: None
'phrase'
>>> tellings.end(3)  # the telling is over: nothing to end
False
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from companion.framework.telling_turn import TellingListener, TellingReport


class _Watched:
    """A telling's spec that tells :class:`TappableTellings` of the tracker it makes."""

    def __init__(self, spec: Any, started: Callable[[Any, Any], None]) -> None:
        self._spec = spec
        self._started = started

    def tracker(self) -> Any:
        tracker = self._spec.tracker()
        self._started(self._spec, tracker)
        return tracker

    def __getattr__(self, name: str) -> Any:
        return getattr(self._spec, name)


class TappableTellings:
    """A telling listener whose telling under way a page can end."""

    def __init__(self, inner: TellingListener, shown: Callable[[Any], None]) -> None:
        self.inner = inner
        self._shown = shown
        self._lock = threading.Lock()
        self._under_way: tuple[Any, Any] | None = None

    def listen(self, spec: Any, say: Callable[[str], None]) -> TellingReport | None:
        try:
            return self.inner.listen(_Watched(spec, self._started), say)
        finally:
            with self._lock:
                self._under_way = None
            self._shown(None)

    def end(self, turn: int) -> bool:
        """End telling ``turn`` if it is under way (called from the server's thread)."""
        with self._lock:
            if self._under_way is None:
                return False
            spec, tracker = self._under_way
            closing = spec.end_phrases
            if spec.turn != turn or not closing or tracker.done:
                return False
            tracker.hear(closing[0])
            self._under_way = None
        return True

    def _started(self, spec: Any, tracker: Any) -> None:
        with self._lock:
            self._under_way = (spec, tracker)
        self._shown(spec)
