"""Samarande at a glance, for the table display: each vizier's city and purse, the bank,
the deck and this turn's protection test."""

from __future__ import annotations

from companion.games.samarande.rules import Player, Table
from companion.games.samarande.speech import counted


def scoreboard(table: Table) -> list[dict[str, str]]:
    """One row per vizier: gold, cards in hand, districts with their artisans, guards."""
    return [_row(table, player) for player in table.players]


def board(table: Table, difficulty: int | None) -> list[str]:
    """The bank, the deck and the line, and this turn's protection difficulty once rolled."""
    face_up = sum(table.line)
    lines = [
        f"Bank: {counted(table.bank, 'gold')}.",
        f"Deck: {counted(table.deck, 'card')}; line: {face_up} of {len(table.line)} face up.",
        f"{table.current.name} has {counted(table.action_points, 'action point')} left.",
    ]
    if difficulty is not None:
        lines.append(f"Protection to beat this turn: {difficulty}.")
    return lines


def _row(table: Table, player: Player) -> dict[str, str]:
    districts = [
        f"{district.card} ({len(district.artisans)})" if district.artisans else district.card
        for district in player.city.districts
    ]
    in_front = [item.card for item in table.in_play if item.holder == player.name]
    return {
        "Vizier": player.name,
        "Gold": str(player.gold),
        "Hand": str(player.hand),
        "Districts (artisans)": ", ".join(districts),
        "Guards": ", ".join(player.city.guards),
        "In front": ", ".join(in_front),
    }
