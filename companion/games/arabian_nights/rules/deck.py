"""The encounter deck: drawing, the morning/noon/night marker, and kept City cards.

The deck holds card names, top first. When it runs out the discards are shuffled into a
new deck and the marker moves on: morning, noon, then night, where it stays.
"""

from __future__ import annotations

import random

from companion.framework.errors import IllegalAction
from companion.games.arabian_nights.content.chart_terrain import resolve_target
from companion.games.arabian_nights.content.pack import (
    CharacterCard,
    CityCard,
    CityResult,
    Pack,
    ParagraphTarget,
    Target,
    TerrainCard,
    TimeOfDay,
)
from companion.games.arabian_nights.rules.state import TableState, find_name, same_name

NEXT_TIME: dict[TimeOfDay, TimeOfDay] = {"morning": "noon", "noon": "night", "night": "night"}

EncounterCard = CharacterCard | TerrainCard | CityCard


def card_named(pack: Pack, name: str) -> EncounterCard:
    """The encounter card called ``name``; IllegalAction when the pack has none."""
    for card in (*pack.character_cards, *pack.terrain_cards, *pack.city_cards):
        if same_name(card.name, name):
            return card
    raise IllegalAction(f"the pack has no encounter card called {name!r}")


def draw_encounter(table: TableState, rng: random.Random) -> tuple[TableState, str]:
    """The table after drawing the top encounter card, and that card's name.

    The drawn card is in play: finish with `discard_encounter` or `keep_city_card`.
    """
    if not table.encounter_deck and not table.encounter_discard:
        raise IllegalAction("no encounter cards left to draw or reshuffle")

    drawn: list[str] = []

    def draw(copy: TableState) -> None:
        if not copy.encounter_deck:
            copy.encounter_deck = copy.encounter_discard
            copy.encounter_discard = []
            rng.shuffle(copy.encounter_deck)
            copy.time_of_day = NEXT_TIME[copy.time_of_day]
        drawn.append(copy.encounter_deck.pop(0))

    after = table.evolve(draw)
    return after, drawn[0]


def take_named_card(table: TableState, card: str) -> tuple[TableState, bool]:
    """The table after a card the players drew from their printed deck is taken out of the
    companion's deck too (it goes to the discard pile later), and whether it was there."""
    held = find_name(card, table.encounter_deck)
    if held is None:
        return table, False
    return table.evolve(lambda copy: copy.encounter_deck.remove(held)), True


def discard_encounter(table: TableState, card: str) -> TableState:
    """The table with a card in play put on the discard pile."""
    return table.evolve(lambda copy: copy.encounter_discard.append(card))


def encounter_target(pack: Pack, card: str, time_of_day: TimeOfDay, terrain: str) -> Target:
    """Where a drawn card sends the Reader, for the marker's time and the space's terrain
    (a chart not rolled in that terrain gives way to its OTHERWISE chart)."""
    return resolve_target(pack, _card_target(pack, card, time_of_day, terrain), terrain)


def _card_target(pack: Pack, card: str, time_of_day: TimeOfDay, terrain: str) -> Target:
    drawn = card_named(pack, card)
    if isinstance(drawn, CharacterCard):
        return ParagraphTarget(paragraph=drawn.paragraph_at(time_of_day))
    if isinstance(drawn, CityCard):
        return ParagraphTarget(paragraph=drawn.paragraph)
    known = find_name(terrain, list(drawn.targets)) or find_name("Otherwise", list(drawn.targets))
    if known is None:
        raise IllegalAction(f"{drawn.name} has nothing for terrain {terrain!r}")
    return drawn.targets[known]


def _city_card(pack: Pack, name: str) -> CityCard:
    card = card_named(pack, name)
    if not isinstance(card, CityCard):
        raise IllegalAction(f"{card.name} is not a City card")
    return card


def keep_city_card(pack: Pack, table: TableState, player: str, card: str) -> TableState:
    """The table with a City card in play kept by ``player`` for a later turn."""
    _city_card(pack, card)
    return table.evolve(lambda copy: copy.player(player).city_cards.append(card))


def playable_city_cards(pack: Pack, table: TableState, player: str) -> list[str]:
    """The kept City cards whose city is where ``player`` stands."""
    sheet = table.player(player)
    return [
        card for card in sheet.city_cards if same_name(_city_card(pack, card).city, sheet.position)
    ]


def play_city_card(
    pack: Pack, table: TableState, player: str, card: str, die: int
) -> tuple[TableState, CityResult]:
    """Play a kept City card in its city: the result for the die (1-6); the card is discarded."""
    if not 1 <= die <= 6:
        raise IllegalAction(f"a die shows 1 to 6, not {die}")
    kept = find_name(card, table.player(player).city_cards)
    if kept is None:
        raise IllegalAction(f"{player} has not kept the {card} card")
    city_card = _city_card(pack, kept)
    if not same_name(city_card.city, table.player(player).position):
        raise IllegalAction(f"the {kept} card can only be played in {city_card.city}")

    def play(copy: TableState) -> None:
        copy.player(player).city_cards.remove(kept)
        copy.encounter_discard.append(kept)

    return table.evolve(play), city_card.results[die]
