"""Winning: the secret formula, the declaration in Baghdad, the last round, the winners.

A player who is in Baghdad with both goals of their formula met declares; every other
player then has one more turn, and the declarer, who was first, wins. Tables that prefer
it may set ``winner=most points``: then among the players who meet their formula in
Baghdad at the end, the most Destiny + Story wins, a tie going to the declarer (see
docs/rules-decisions.md).
"""

from __future__ import annotations

from companion.framework.errors import IllegalAction
from companion.games.arabian_nights.rules.state import (
    HOME,
    FinalRound,
    PlayerSheet,
    TableState,
    same_name,
)


def meets_formula(sheet: PlayerSheet) -> bool:
    """Whether the player has at least the Destiny and Story their secret formula asks."""
    return sheet.destiny >= sheet.destiny_goal and sheet.story >= sheet.story_goal


def can_declare(sheet: PlayerSheet, home: str = HOME) -> bool:
    """Whether the player may declare victory: formula met, standing in the pack's home
    space (Baghdad unless the pack names another)."""
    return meets_formula(sheet) and same_name(sheet.position, home)


def declare_victory(table: TableState) -> TableState:
    """The current player declares: every other player gets one more turn."""
    sheet = table.current
    if table.final_round is not None:
        raise IllegalAction(f"{table.final_round.declared_by} has already declared")
    if not can_declare(sheet, table.home):
        raise IllegalAction(
            f"{sheet.name} can only declare in {table.home}, with the secret formula met"
        )
    count = len(table.players)
    others = [table.players[(table.turn + step) % count].name for step in range(1, count)]
    return table.evolve(
        lambda copy: setattr(
            copy, "final_round", FinalRound(declared_by=sheet.name, waiting=others)
        )
    )


def _winners(table: TableState) -> list[str]:
    """The declarer, who was first (setting ``winner=first``); otherwise, or if a correction
    left the declarer short of their formula, the contenders with the most points."""
    declarer = table.final_round.declared_by if table.final_round else None
    contenders = [sheet for sheet in table.players if can_declare(sheet, table.home)]
    names = [sheet.name for sheet in contenders]
    if declarer in names and table.rules.winner == "first":
        return [declarer]
    best = max((sheet.destiny + sheet.story for sheet in contenders), default=0)
    top = [sheet.name for sheet in contenders if sheet.destiny + sheet.story == best]
    return [declarer] if declarer in top else top


def why_they_won(table: TableState) -> str:
    """One sentence on why the winners won (for the end of the night)."""
    winners = table.winners or []
    declarer = table.final_round.declared_by if table.final_round else None
    if not winners:
        return f"Nobody stood in {table.home} with their secret goal met when the tale ended."
    if winners == [declarer] and table.rules.winner == "first":
        return f"{declarer} was the first to meet their secret goal and come home to {table.home}."
    said = " and ".join(winners)
    return (
        f"{said} stood in {table.home} with their secret goal met and the most Destiny and Story "
        "together."
    )


def end_turn(table: TableState, story_losses: dict[str, int] | None = None) -> TableState:
    """The table after the current player's turn: the next player's turn, or the game's end.

    During the last round the declarer is skipped; when everybody has had their one more
    turn, the players in ``story_losses`` lose those Story points (an Oath Bound left
    unfulfilled) and then `TableState.winners` is set.
    """
    if table.winners is not None:
        raise IllegalAction("the game is over")

    def advance(copy: TableState) -> None:
        copy.turns_ended += 1
        final = copy.final_round
        if final is not None and copy.current.name in final.waiting:
            final.waiting.remove(copy.current.name)
        if final is not None and not final.waiting:
            for name, points in (story_losses or {}).items():
                copy.player(name).story = max(0, copy.player(name).story - points)
            copy.winners = _winners(copy)
            return
        copy.turn = (copy.turn + 1) % len(copy.players)
        if final is not None and copy.current.name == final.declared_by:
            copy.turn = (copy.turn + 1) % len(copy.players)

    return table.evolve(advance)
