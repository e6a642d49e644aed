"""What the night's chronicle makes of a game's speeches (shared by the games' tests)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from companion.chronicle import Chronicle
from companion.dialogue import Speech


def chronicled(speeches: Iterable[Speech], folder: Path) -> str:
    """The Markdown a chronicle writes when the companion says ``speeches``."""
    chronicle = Chronicle(folder / "night.md")
    for speech in speeches:
        chronicle.on_speech(speech)
    return chronicle.path.read_text(encoding="utf-8")
