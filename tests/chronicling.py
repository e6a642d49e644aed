"""What the night's chronicle makes of a game's speeches (shared by the games' tests)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from companion.framework.dialogue import Speech
from companion.session.observers.chronicle import Chronicle


def chronicled(speeches: Iterable[Speech], folder: Path) -> str:
    """The Markdown a chronicle writes when the companion says ``speeches``."""
    chronicle = Chronicle(folder / "night.md")
    for speech in speeches:
        chronicle.on_speech(speech)
    return chronicle.path.read_text(encoding="utf-8")
