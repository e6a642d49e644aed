"""A small table for rules tests: chosen heroes, a stacked deck, answers said one by one."""

from __future__ import annotations

import random
from collections.abc import Iterable

from companion.games.tales_of_arabia.content.pack import Pack, load_pack
from companion.games.tales_of_arabia.rules import Rules, check_invariants
from companion.games.tales_of_arabia.rules.state import (
    Event,
    GameState,
    HeldItem,
    Player,
    Settings,
    StartTurn,
)

QUIET = {
    "Read Book of Kings", "Sufi Mystic", "Shahada", "Daily Prayers", "Sheikh Teacher",
    "Ulama Scholar",
}  # fmt: skip
NAMES = ("Ali", "Sara", "Omar", "Layla", "Zayd", "Nur")


class Table:
    """A game in progress whose deck starts with ``top`` and where player 0 moves first.

    The other cards follow, quiet ones first (Faith events that ask nothing), so card
    counts stay exact and :func:`check_invariants` holds after every answer.
    """

    def __init__(
        self,
        heroes: Iterable[str] = ("Thief of Baghdad", "Antar"),
        top: Iterable[str] = (),
        settings: Settings | None = None,
        **setting_values: bool,
    ) -> None:
        self.pack: Pack = load_pack()
        deck = self.pack.deck()
        top = list(top)
        for name in top:
            deck.remove(name)
        deck.sort(key=lambda name: name not in QUIET)
        self.state = GameState(
            players=[Player(name=NAMES[i], hero=hero) for i, hero in enumerate(heroes)],
            deck=top + deck,
            settings=settings or Settings(**setting_values),
        )
        self.state.agenda.append(StartTurn(player=0))
        Rules(self.pack, self.state).run()
        self.events: list[Event] = []
        self.rng = random.Random(0)

    # --------------------------------------------------------------- setting the scene

    def player(self, index: int) -> Player:
        return self.state.players[index]

    def set(self, index: int, **values: int) -> Table:
        """Set tokens (or any field) of player ``index``: ``table.set(0, faith=2)``."""
        for key, value in values.items():
            setattr(self.player(index), key, value)
        return self.refresh()

    def refresh(self) -> Table:
        """Ask the pending question again after the scene was changed by hand."""
        Rules(self.pack, self.state).run()
        return self

    def give(self, index: int, *cards: str) -> Table:
        """Move ``cards`` from the deck to the hand of player ``index``."""
        player = self.player(index)
        for name in cards:
            self.state.deck.remove(name)
            kind = self.pack.card(name).kind
            if kind == "item":
                player.items.append(HeldItem(name=name))
            elif kind == "treasure":
                player.treasures.append(name)
            elif kind == "aid":
                player.aids.append(name)
            else:
                player.trophies.append(name)
        return self.refresh()

    def place(self, space: int, card: str) -> Table:
        """Lay ``card`` from the deck on ``space``."""
        self.state.deck.remove(card)
        self.state.board[space] = card
        return self.refresh()

    def empty_deck(self) -> Table:
        self.state.discard += self.state.deck
        self.state.deck = []
        return self.refresh()

    # --------------------------------------------------------------- playing

    def say(self, *answers: str) -> Table:
        for answer in answers:
            self.events += Rules(self.pack, self.state).answer(answer, self.rng)
            check_invariants(self.pack, self.state)
        return self

    @property
    def pending(self):
        return self.state.pending

    def kinds(self) -> list[str]:
        return [event.kind for event in self.events]

    def points(self, index: int, token: str) -> int:
        return Rules(self.pack, self.state).points(self.player(index), token)
