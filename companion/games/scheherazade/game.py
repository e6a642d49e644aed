"""Registry entry of Scheherazade mode (``companion play --game scheherazade``)."""

from __future__ import annotations

from companion.games.scheherazade.dialogue import ScheherazadeDialogue

GAME = ScheherazadeDialogue.spec(tellings=True)
