"""Tales of the Arabian Nights on the session loop: ``companion play --game arabian-nights``."""

from __future__ import annotations

from companion.games.arabian_nights.dialogue import ReaderDialogue

GAME = ReaderDialogue.spec()
