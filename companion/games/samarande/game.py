"""Les Fils de Samarande in the game registry: ``companion play --game samarande``."""

from __future__ import annotations

from companion.games.samarande.dialogue import SamarandeDialogue

GAME = SamarandeDialogue.spec()
