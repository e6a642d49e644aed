"""What a saved Reader game may hold: only names its pack knows, each treasure once.

A save can be edited, damaged or written by an older companion. Before a resumed game is
played (or written back), :func:`check_saved_table` finds what its pack cannot explain,
so that the player hears what is wrong instead of a crash three answers later.
"""

from __future__ import annotations

from collections import Counter

from companion.games.arabian_nights.content.pack import Pack
from companion.games.arabian_nights.rules.state import PlayerSheet, TableState, encounter_card_names


class ImpossibleState(ValueError):
    """A saved game holds something its pack cannot explain; the message says what."""


def check_saved_table(table: TableState | None, pack: Pack) -> None:
    """Raise :class:`ImpossibleState` naming the first thing in ``table`` that cannot be."""
    if table is None:
        return
    if table.turn >= len(table.players):
        raise ImpossibleState(f"it is the turn of player {table.turn + 1} of {len(table.players)}")
    for sheet in table.players:
        _check_sheet(sheet, pack)
    held = Counter(
        [*table.treasure_deck, *(name for sheet in table.players for name in sheet.treasures)]
    )
    twice = [name for name, count in held.items() if count > 1]
    if twice:
        raise ImpossibleState(f"the {twice[0]} is held or dealt twice")
    cards = set(encounter_card_names(pack))
    dealt = (*table.encounter_deck, *table.encounter_discard)
    unknown = [name for name in dealt if name not in cards]
    if unknown:
        raise ImpossibleState(f"the encounter deck holds {unknown[0]!r}, a card the pack lacks")


def _check_sheet(sheet: PlayerSheet, pack: Pack) -> None:
    levels = [level.name for level in pack.wealth_track]
    where = {*pack.spaces, *pack.places}
    named = [
        ("wealth", [sheet.wealth], levels),
        ("position", [sheet.position], where),
        ("destination", [sheet.destination] if sheet.destination else [], where),
        ("skill", list(sheet.skills), pack.skills),
        ("status", sheet.statuses, pack.statuses),
        ("treasure", sheet.treasures, pack.treasures),
        ("quest", [sheet.quest] if sheet.quest else [], [quest.name for quest in pack.quests]),
    ]
    for what, names, known in named:
        for name in names:
            if name not in known:
                raise ImpossibleState(f"{sheet.name}'s {what} {name!r} is not in the pack")
