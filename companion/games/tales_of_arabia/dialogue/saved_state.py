"""What a saved Tales of Arabia game may hold: only cards and heroes of its pack, only
players who are at the table.

:func:`check_saved_game` runs when a game is restored, so that an edited or damaged save
is refused with a reason instead of failing when the card is drawn.
"""

from __future__ import annotations

from companion.framework.errors import PackError
from companion.games.tales_of_arabia.content.pack import Pack
from companion.games.tales_of_arabia.rules.state import GameState


def check_saved_game(game: GameState | None, pack: Pack) -> None:
    """Raise :class:`PackError` naming the first thing in ``game`` the pack cannot explain."""
    if game is None:
        return
    for player in game.players:
        pack.hero(player.hero)
    held = (name for player in game.players for name in (*player.held_names(), *player.trophies))
    for name in (*game.deck, *game.discard, *game.board.values(), *held):
        pack.card(name)
    seats = range(len(game.players))
    named = [game.current, *game.order, *(task.player for task in game.agenda)]
    if game.pending is not None:
        named.append(game.pending.player)
    outside = [seat for seat in named if seat not in seats]
    if outside:
        where = f"player {outside[0] + 1} of {len(game.players)}"
        raise PackError.at("", 0, f"{where} is named in the game")
