"""Tales of the Arabian Nights on the session loop: ``companion play --game arabian-nights``."""

from __future__ import annotations

from typing import Any

from companion.dialogue import GameOptions, GameSpec, SeededRandom
from companion.errors import SetupError
from companion.games.arabian_nights.dialogue import (
    NewPlayer,
    ReaderDialogue,
    ReaderState,
    cached_pack,
    default_pack_path,
)
from companion.games.arabian_nights.saved_state import check_saved_table
from companion.games.arabian_nights.state import TableRules
from companion.packs import pack_reference


def new_game(options: GameOptions) -> ReaderDialogue:
    """A new game; players given on the command line skip the names and genders."""
    pack_path = pack_reference(options.pack or default_pack_path())
    cached_pack(pack_path)
    try:
        rules = TableRules.from_settings(options.settings)
    except ValueError as error:
        raise SetupError(f"--set: {error}") from None
    for name, gender in options.players:
        if gender not in ("m", "f"):
            raise SetupError(f"the Reader's Court uses gender: write {name}:m or {name}:f")
    state = ReaderState(pack_path=pack_path, dice=SeededRandom(seed=options.seed or 0), rules=rules)
    if options.players:
        state.new_players = [NewPlayer(name=name, gender=g) for name, g in options.players]
        state.expected_players = len(options.players)
        state.phase = "skills_mode"
    return ReaderDialogue(state)


def restore_game(data: dict[str, Any]) -> ReaderDialogue:
    """The game saved by :meth:`ReaderDialogue.to_save`.

    A sheet command still waiting for its confirmation (or an open sheet) is dropped, so
    that "undo" after a confirmed command goes back to before the command, not to its
    questions.
    """
    state = ReaderState.model_validate(data)
    state.pending = None
    state.sheet_open = False
    dialogue = ReaderDialogue(state)
    check_saved_table(state.table, dialogue.pack)
    return dialogue


GAME = GameSpec(
    name="arabian-nights",
    title="the Tales of the Arabian Nights",
    new=new_game,
    restore=restore_game,
)
