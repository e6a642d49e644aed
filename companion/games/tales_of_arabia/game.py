"""Registry entry of Tales of Arabia: ``companion play --game tales-of-arabia``."""

from __future__ import annotations

from companion.dialogue import GameSpec
from companion.games.tales_of_arabia.dialogue import GAME_NAME, TITLE, TalesOfArabiaDialogue

GAME = GameSpec(
    name=GAME_NAME,
    title=TITLE,
    new=TalesOfArabiaDialogue.new,
    restore=TalesOfArabiaDialogue.restore,
)
