"""The one family of errors a game raises, importable by pure rules modules.

* :class:`IllegalAction`: the answer is understood but the rules do not allow it now.
  The session puts the game back as it was before the answer, speaks the message as the
  reason, and asks the step again. A game never rolls back its own state.
* :class:`SetupError`: the options of a new game (players, settings, content pack)
  cannot start one. ``companion play`` prints it and exits with status 2.

Every message is meant for the players: plain words, no internals.
"""

from __future__ import annotations


class GameError(Exception):
    """Base of the errors a game raises; the message is meant for the players."""


class IllegalAction(GameError):
    """The answer is not allowed now; the message says why, in words fit to speak."""


class SetupError(GameError):
    """The options of a new game cannot start one; the message says which and why."""


class SaveError(Exception):
    """A save file cannot be used; the message names the file and the reason."""
