"""Registry entry of Scheherazade mode (``companion play --game scheherazade``)."""

from __future__ import annotations

from companion.cli import ArgumentError
from companion.dialogue import GameOptions, GameSpec
from companion.games.scheherazade.dialogue import TITLE, ScheherazadeDialogue, SettingsError
from companion.games.scheherazade.rules import SetupError


def new_night(options: GameOptions) -> ScheherazadeDialogue:
    """A new night; wrong ``--set`` values or player counts are command-line errors."""
    try:
        return ScheherazadeDialogue.new(options)
    except (SettingsError, SetupError) as error:
        raise ArgumentError(str(error)) from None


GAME = GameSpec(
    name="scheherazade",
    title=TITLE,
    new=new_night,
    restore=ScheherazadeDialogue.restore,
    tellings=True,
)
