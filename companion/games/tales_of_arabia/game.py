"""Registry entry of Tales of Arabia: ``companion play --game tales-of-arabia``."""

from __future__ import annotations

from companion.games.tales_of_arabia.dialogue import TalesOfArabiaDialogue

GAME = TalesOfArabiaDialogue.spec()
