"""Les Fils de Samarande in the game registry: ``companion play --game samarande``."""

from __future__ import annotations

from companion.dialogue import GameSpec
from companion.games.samarande.dialogue import TITLE, new_dialogue, restore_dialogue

GAME = GameSpec(name="samarande", title=TITLE, new=new_dialogue, restore=restore_dialogue)
