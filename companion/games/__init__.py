"""The games the companion can run, each a sibling package on the same dialogue framework.

Each game package has a ``game`` module whose ``GAME`` is a
:class:`~companion.framework.dialogue.GameSpec`.
"""

from __future__ import annotations

import importlib

from companion.framework.dialogue import GameSpec

GAME_MODULES: dict[str, str] = {
    "arabian-nights": "companion.games.arabian_nights.game",
    "scheherazade": "companion.games.scheherazade.game",
    "tales-of-arabia": "companion.games.tales_of_arabia.game",
    "samarande": "companion.games.samarande.game",
}


class UnknownGameError(ValueError):
    """No game of that name is known."""


def game_spec(name: str) -> GameSpec:
    """The :class:`GameSpec` registered under ``name``."""
    if name not in GAME_MODULES:
        known = ", ".join(GAME_MODULES)
        raise UnknownGameError(f"unknown game {name!r}; known games: {known}")
    return importlib.import_module(GAME_MODULES[name]).GAME
