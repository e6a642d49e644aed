"""A Reader game on the mini pack, played in a thread, with the table display serving it."""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.framework.dialogue import GameOptions, GameSpec, Step
from companion.framework.phrases import PhraseSet
from companion.framework.telling_turn import TellingListener
from companion.games import game_spec
from companion.games.arabian_nights.game import GAME
from companion.session.loop import Session
from companion.session.ports import Heard, Mouth, PrintMouth
from companion.web.server import TableServer
from tests.web.browser import chromium_paths, open_chromium

MINI = Path(__file__).parents[1] / "arabian_nights" / "fixtures" / "mini"
MINI_GAME = GameOptions(seed=1, players=[("Ali", "m"), ("Zed", "f")], pack=str(MINI))


class ScriptedEars:
    """Answers the test hands over one at a time; None ends the game's input."""

    def __init__(self) -> None:
        self.lines: queue.Queue[str | tuple[str, float] | None] = queue.Queue()

    def hear(self, step: Step, phrases: PhraseSet) -> Heard | None:
        line = self.lines.get(timeout=30)
        if isinstance(line, tuple):  # (words, confidence): heard, not typed
            return Heard(line[0], line[1])
        return None if line is None else Heard(line, 1.0, typed=True)


class TableGame:
    """A running session, its display and what it printed."""

    def __init__(
        self,
        save: Path,
        spec: GameSpec = GAME,
        options: GameOptions = MINI_GAME,
        mouth: Mouth | None = None,
        telling_listener: TellingListener | None = None,
        keyboard: bool = False,
    ) -> None:
        self.script = ScriptedEars()
        self.typed = ScriptedEars()
        """The keyboard, when the game has one beside its ears (as by voice): secrets and
        answers after two misses are asked there."""
        self.printed: list[str] = []
        self.server = TableServer(port=0)
        ears = self.server.tap_ears(self.script)
        dialogue = spec.new(options)
        if hasattr(dialogue, "use_screens"):  # as `companion play --display` tells it
            dialogue.use_screens(True)
        self.session = Session(
            dialogue=dialogue,
            spec=spec,
            ears=ears,
            mouth=mouth or PrintMouth(self.printed.append),
            save_path=save,
            observers=[self.server.view],
            keyboard=self.server.tap_ears(self.typed) if keyboard else None,
            telling_listener=telling_listener and self.server.tappable_tellings(telling_listener),
        )
        self.address = self.server.start()
        self._thread = threading.Thread(target=self.session.run, daemon=True)
        self._thread.start()

    def say(self, *lines: str | tuple[str, float]) -> None:
        for line in lines:
            self.script.lines.put(line)

    def stop(self) -> None:
        self.script.lines.put(None)
        self.typed.lines.put(None)
        self._thread.join(timeout=10)
        self.server.stop()


@pytest.fixture
def table_game(tmp_path: Path) -> Iterator[TableGame]:
    game = TableGame(tmp_path / "game.json")
    yield game
    game.stop()


@pytest.fixture
def scheherazade_night(tmp_path: Path) -> Iterator[TableGame]:
    """Two storytellers with the companion's own deck: their hands are on their screens."""
    options = GameOptions(
        seed=4, players=[("Ali", "m"), ("Zed", "f")], settings={"cards": "companion"}
    )
    game = TableGame(tmp_path / "night.json", game_spec("scheherazade"), options)
    yield game
    game.stop()


@pytest.fixture
def browser(tmp_path: Path):
    """Headless Chromium driven by Selenium (skipped where Debian's Chromium is absent)."""
    if chromium_paths() is None:
        pytest.skip("needs Debian's chromium and chromium-driver")
    pytest.importorskip("selenium")
    driver = open_chromium(tmp_path / "chromium")
    yield driver
    driver.quit()
