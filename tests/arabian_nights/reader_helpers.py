"""Helpers for scripted Reader games on the mini fixture pack."""

from __future__ import annotations

from pathlib import Path

from companion.framework.dialogue import GameOptions
from companion.games.arabian_nights.game import GAME
from companion.session.loop import run_typed
from companion.session.saves import SaveFile, read_save, write_save

MINI = Path(__file__).parent / "fixtures" / "mini"

# Ali (m) picks Storytelling, Courtly Graces, Quick Thinking; Zed (f) Piety, Seamanship, Beauty.
SETUP = [
    "choose",
    "storytelling", "piety", "courtly graces", "seamanship", "quick thinking", "beauty",
    "10", "10",
    "Ali",
]  # fmt: skip


def play(lines: list[str], save: Path, players: str = "Ali:m,Zed:f", seed: int = 1) -> list[str]:
    """A new game on the mini pack, played from typed lines; every printed line."""
    people = [tuple(entry.split(":")) for entry in players.split(",")]
    dialogue = GAME.new(GameOptions(seed=seed, players=people, pack=str(MINI)))
    return _understood_everything(run_typed(dialogue, GAME, lines, save))


def resume(lines: list[str], save: Path) -> list[str]:
    """Continue the game saved in ``save`` with more typed lines."""
    saved = read_save(save)
    printed = run_typed(GAME.restore(saved.state), GAME, lines, save, saved.undo, opening=[])
    return _understood_everything(printed)


def _understood_everything(printed: list[str]) -> list[str]:
    """Scripts are exact: a line the Reader did not catch means the script went astray."""
    assert "Sorry, I did not catch that." not in printed, "\n".join(printed)
    return printed


def edit_save(save: Path, change) -> None:
    """Change the saved game's state as a test fixture (e.g. give a status)."""
    saved = read_save(save)
    state = dict(saved.state)
    change(state)
    write_save(save, SaveFile(game=saved.game, state=state, undo=[]))


def paragraphs_read(lines: list[str]) -> list[int]:
    """The paragraph numbers announced with ``¶ N``, in order."""
    return [int(line.removeprefix("¶ ")) for line in lines if line.startswith("¶ ")]


def sheet(save: Path, name: str) -> dict:
    """A player's sheet in the saved game."""
    table = read_save(save).state["table"]
    return next(player for player in table["players"] if player["name"] == name)
