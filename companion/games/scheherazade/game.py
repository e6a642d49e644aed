"""Registry entry of Scheherazade mode (``companion play --game scheherazade``)."""

from __future__ import annotations

from companion.dialogue import GameSpec
from companion.games.scheherazade.dialogue import TITLE, ScheherazadeDialogue
from companion.games.scheherazade.telling import telling_listener_for

GAME = GameSpec(
    name="scheherazade",
    title=TITLE,
    new=ScheherazadeDialogue.new,
    restore=ScheherazadeDialogue.restore,
    telling_listener=telling_listener_for,
)
