"""What the session tells its observers happened to an answer: applied, refused or undone.

An observer (the chronicle, the live views) learns from these typed events what the game
did, never by reading the words spoken. Each event is a method an observer may have:
``on_applied(Applied)``, ``on_refused(Refused)``, ``on_undone(Undone)``, and at the end
``on_ended(Ended)``; the session calls those it finds (see :func:`notify`).

An answer applied is marked with the state it was given in (:func:`state_mark`); undo
returns to that state and names the same mark, so an observer can take back exactly what
that answer did, even across a resumed session.

>>> state_mark({"b": 1, "a": [2]}) == state_mark({"a": [2], "b": 1})
True
>>> class Watcher:
...     def on_refused(self, event: Refused) -> None:
...         print(event.reason)
>>> notify([Watcher(), object()], Refused("nine", "A die shows one to six."))
A die shows one to six.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from companion.framework.dialogue import Speech
from companion.framework.story import Chapter, StoryLine


class Outcome(StrEnum):
    """How one turn of the loop (or the whole session) ended."""

    APPLIED = "applied"
    """The answer was carried out."""
    MISSED = "missed"
    """Nothing was taken: not caught, not confirmed, or refused by the rules."""
    COMMAND = "command"
    """A global command was carried out (repeat, status, help …)."""
    QUIT = "quit"
    """The players said save and quit, and yes."""
    INPUT_ENDED = "input-ended"
    """The ears heard nothing more (end of typed input, the microphone lost with no
    keyboard)."""
    FINISHED = "finished"
    """The game is over."""
    SKIPPED = "skipped"
    """The offer to learn the voices was not made."""
    ENROLLED = "enrolled"
    """The voices were learnt."""


@dataclass(frozen=True)
class Applied:
    """An answer the game took."""

    said: str
    """The answer in the players' words ("" for a private answer)."""
    speeches: tuple[Speech, ...]
    """What the game said about it."""
    story: tuple[StoryLine, ...]
    """What of it the game says is worth telling (its ``story`` hook)."""
    chapter: Chapter | None
    """The chapter the answer was given in (None before the game's turns)."""
    mark: str
    """The state the answer was given in (:func:`state_mark`): undo returns to it."""


@dataclass(frozen=True)
class Refused:
    """An answer the game refused: nothing changed."""

    said: str
    reason: str


@dataclass(frozen=True)
class Undone:
    """The last answer applied was taken back."""

    mark: str
    """The state the game is back in: the :attr:`Applied.mark` of the answer undone."""


@dataclass(frozen=True)
class Ended:
    """The session is over: the game finished, the players quit, or input ran out."""

    reason: Outcome
    """FINISHED, QUIT or INPUT_ENDED."""


Event = Applied | Refused | Undone | Ended

HANDLERS = {Applied: "on_applied", Refused: "on_refused", Undone: "on_undone", Ended: "on_ended"}


def notify(observers: Iterable[Any], event: Event) -> None:
    """Give ``event`` to each observer that has a method for it."""
    name = HANDLERS[type(event)]
    for observer in observers:
        handler = getattr(observer, name, None)
        if handler is not None:
            handler(event)


def state_mark(state: dict[str, Any]) -> str:
    """A short fingerprint of a saved state (the same for equal states)."""
    text = json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]
