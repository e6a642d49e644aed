"""Tales of Arabia at a glance, for the table display: each hero's place on the track and
points, and the cards lying on the board."""

from __future__ import annotations

from companion.games.tales_of_arabia.rules import TOKENS, Rules
from companion.games.tales_of_arabia.rules.state import GameState
from companion.games.tales_of_arabia.speech import Narrator


def scoreboard(narrator: Narrator, state: GameState) -> list[dict[str, str]]:
    """One row per player: hero, space on the track, Fortune, Fame and Faith, cards held."""
    rules = Rules(narrator.pack, state)
    return [
        {
            "Player": player.name,
            "Hero": player.hero,
            "Space": _space(narrator, player.space),
            **{token.title(): str(rules.points(player, token)) for token in TOKENS},
            "Holds": ", ".join(player.held_names()),
        }
        for player in state.players
    ]


def board(narrator: Narrator, state: GameState) -> list[str]:
    """The track's length, the deck, and the cards lying on spaces."""
    lines = [
        f"The track has {narrator.pack.board.spaces} spaces; the deck holds {len(state.deck)} "
        "cards."
    ]
    lines += [
        f"On {narrator.space_name(space)}: {card}." for space, card in sorted(state.board.items())
    ]
    return lines


def _space(narrator: Narrator, number: int) -> str:
    """``12``, or ``19 Medina`` for a special space."""
    special = narrator.pack.board.special_at(number)
    return f"{number} {special.name}" if special else str(number)
