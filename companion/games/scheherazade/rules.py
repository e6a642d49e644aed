"""The rules core of Scheherazade: sequence rules, Hope, tales, obstacle and favour cards.

Pure: no I/O, no clock; randomness only through an injected :class:`random.Random`.

Two tables share the same rules (:class:`Table`):

* :class:`DealtTable` (story prompts, no cards): the companion holds the deck and, each
  turn, plays the element in view that best continues a tale;
* :class:`CountedTable` (printed cards): the players hold the cards; the companion
  checks what they announce and counts the deck, the hands and the discard pile.

>>> table = CountedTable.new(players=2)
>>> table.hope, table.hand_size, table.deck_count
(10, 5, 83)
>>> table.play(Card(colour=Colour.RED, kind=Kind.PLACE))
>>> table.why_illegal(Card(colour=Colour.BLUE, kind=Kind.PLACE))
'a place cannot follow a place: the type must change from one element to the next'
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict

from companion.games.scheherazade.deck import Colour, Deck, Kind

MAX_HOPE = 20
"""The game has 20 Hope tokens."""
HOURGLASS_BASE = 18
"""The Hourglass discards (18 − Hope) cards from the top of the deck."""
TALES_TO_WIN = len(Colour)


class EventCard(StrEnum):
    """The obstacle and favour cards shuffled into the deck."""

    SULTAN = "sultan"
    HOURGLASS = "hourglass"
    IFRIT = "ifrit"
    ROC = "roc"
    BAHAMUT = "bahamut"
    QUEEN = "queen"


class SetupError(ValueError):
    """The seed's setup table has no row for that many players."""


class IllegalPlayError(ValueError):
    """A story card that the sequence rules do not allow now; the message says why."""


@dataclass(frozen=True)
class Setup:
    """One row of the seed's setup table."""

    players: int
    hope_per_player: int
    hand_size: int
    sultans: int
    hourglasses: int

    @property
    def starting_hope(self) -> int:
        """Every player's Hope tokens plus one each on Scheherazade (see docs)."""
        return self.players * (self.hope_per_player + 1)

    def event_cards(self) -> dict[EventCard, int]:
        """How many of each obstacle and favour card go into the deck."""
        return {
            EventCard.SULTAN: self.sultans,
            EventCard.HOURGLASS: self.hourglasses,
            EventCard.IFRIT: 2,
            EventCard.ROC: 1,
            EventCard.BAHAMUT: 1,
            EventCard.QUEEN: 4,
        }

    @property
    def deck_size(self) -> int:
        return 16 * len(Colour) + sum(self.event_cards().values())


SETUP_TABLE: dict[int, Setup] = {
    row.players: row
    for row in (
        Setup(1, hope_per_player=5, hand_size=6, sultans=8, hourglasses=3),
        Setup(2, hope_per_player=4, hand_size=5, sultans=8, hourglasses=3),
        Setup(3, hope_per_player=3, hand_size=4, sultans=6, hourglasses=2),
        Setup(4, hope_per_player=2, hand_size=3, sultans=4, hourglasses=1),
    )
}


def setup_for(players: int) -> Setup:
    """The setup row for ``players`` storytellers (1 to 4)."""
    if players not in SETUP_TABLE:
        raise SetupError(f"the game is for 1 to 4 storytellers, not {players}")
    return SETUP_TABLE[players]


class Card(BaseModel):
    """A story card on the table: its colour, its kind and (when known) its name."""

    model_config = ConfigDict(frozen=True)

    colour: Colour
    kind: Kind
    name: str = ""

    @classmethod
    def from_code(cls, code: str, name: str = "") -> Card:
        """``"red/artifact/lamp"`` → a red artifact (see :attr:`deck.Element.code`)."""
        colour, kind, _ = code.split("/", 2)
        return cls(colour=Colour(colour), kind=Kind(kind), name=name)

    @property
    def label(self) -> str:
        return f"{self.colour} {self.kind}" + (f" {self.name}" if self.name else "")


@dataclass(frozen=True)
class EventResult:
    """What one obstacle or favour card did."""

    event: EventCard
    hope_change: int = 0
    cards_discarded: int = 0
    """Hourglass: cards taken from the deck; Roc: cards carried off the discard pile;
    Bahamut: cards lost from the hands."""
    removed: Card | None = None
    """Ifrit: the story card taken off the row (None when it was protected or absent)."""
    hope: int = 0
    """Scheherazade's Hope right after this card."""


Outcome = Literal["won", "lost"]


class Table(BaseModel):
    """The shared state and rules of both ways to play."""

    players: int
    hope: int
    hand_size: int
    row: list[Card] = []
    """Every story card played, in order."""
    sealed: int = 0
    """Cards of ``row`` before this index belong to completed tales (the Ifrit spares them)."""
    tales: list[Colour] = []
    """Colours of the completed tales, in order."""
    discard_count: int = 0
    """Cards on the discard pile."""
    outcome: Outcome | None = None
    loss_reason: Literal["hope", "deck"] | None = None

    # -- sequence rules -----------------------------------------------------------------

    def why_illegal(self, card: Card) -> str | None:
        """The reason ``card`` cannot be played now, or None when it can."""
        if self.row and self.row[-1].kind is card.kind:
            return (
                f"a {card.kind} cannot follow a {card.kind}: "
                "the type must change from one element to the next"
            )
        if self.tales and len(self.row) == self.sealed and self.tales[-1] is card.colour:
            return (
                f"the {card.colour} tale has just been completed: "
                "the next element must be of another colour"
            )
        return None

    def check_play(self, card: Card) -> None:
        """Raise :class:`IllegalPlayError` when ``card`` may not be played now."""
        reason = self.why_illegal(card)
        if reason:
            raise IllegalPlayError(reason)

    def streak(self) -> list[Card]:
        """The open tale: trailing cards of one colour, all of different kinds."""
        streak: list[Card] = []
        for card in reversed(self.row[self.sealed :]):
            if streak and (card.colour is not streak[0].colour or card.kind in _kinds(streak)):
                break
            streak.insert(0, card)
        return streak

    def play(self, card: Card) -> Colour | None:
        """Play a story card; return the colour of the tale it completes, if any."""
        self.check_play(card)
        self.row.append(card)
        streak = self.streak()
        if len(streak) == len(Kind) and card.colour not in self.tales:
            self.tales.append(card.colour)
            self.sealed = len(self.row)
            return card.colour
        return None

    def progress(self, card: Card) -> int:
        """How much playing ``card`` would advance a tale still to be told (0 = none)."""
        if card.colour in self.tales or self.why_illegal(card):
            return 0
        streak = self.streak()
        if streak and streak[0].colour is card.colour and card.kind not in _kinds(streak):
            return len(streak) + 1
        return 1

    # -- Hope and the end -----------------------------------------------------------------

    def change_hope(self, amount: int) -> int:
        """Add (or remove) Hope within 0..20; return the change made. Hope 0 loses."""
        before = self.hope
        self.hope = max(0, min(MAX_HOPE, self.hope + amount))
        if self.hope == 0:
            self._lose("hope")
        return self.hope - before

    def check_victory(self) -> bool:
        """Four tales, one per colour, win (checked once a telling is over)."""
        if self.outcome is None and len(self.tales) == TALES_TO_WIN:
            self.outcome = "won"
        return self.outcome == "won"

    def _lose(self, reason: Literal["hope", "deck"]) -> None:
        if self.outcome is None:
            self.outcome = "lost"
            self.loss_reason = reason

    # -- obstacle and favour cards ----------------------------------------------------------

    def apply_event(self, event: EventCard, rng: random.Random) -> EventResult:
        """Resolve a drawn obstacle or favour card."""
        return replace(self._resolve(event, rng), hope=self.hope)

    def _resolve(self, event: EventCard, rng: random.Random) -> EventResult:
        if event is EventCard.SULTAN:
            return EventResult(event, hope_change=self.change_hope(-1))
        if event is EventCard.QUEEN:
            return EventResult(event, hope_change=self.change_hope(+1))
        if event is EventCard.HOURGLASS:
            return EventResult(event, cards_discarded=self._discard_from_deck(self._hourglass()))
        if event is EventCard.IFRIT:
            return EventResult(event, removed=self._ifrit())
        if event is EventCard.ROC:
            carried, self.discard_count = self.discard_count, 0
            return EventResult(event, cards_discarded=carried)
        return EventResult(event, cards_discarded=self._bahamut(rng))

    def _hourglass(self) -> int:
        return max(0, HOURGLASS_BASE - self.hope)

    def _ifrit(self) -> Card | None:
        if len(self.row) <= self.sealed:
            return None
        self.discard_count += 1
        return self.row.pop()

    def _discard_from_deck(self, count: int) -> int:
        raise NotImplementedError

    def _bahamut(self, rng: random.Random) -> int:
        raise NotImplementedError


def _kinds(cards: list[Card]) -> set[Kind]:
    return {card.kind for card in cards}


def _event_code(event: EventCard) -> str:
    return f"event:{event}"


def event_of(code: str) -> EventCard | None:
    """The event card a deck code stands for, or None for a story element."""
    return EventCard(code.removeprefix("event:")) if code.startswith("event:") else None


REVEAL = 12
"""Story prompts: story cards in view each turn, of which the companion plays one."""


class DealtTable(Table):
    """Story prompts: the companion holds the deck (codes of cards) and no one holds a hand.

    Element cards are :attr:`deck.Element.code` strings, events ``"event:NAME"``. Each turn
    the companion uses the seed's Draw action: it reveals story cards until ``reveal`` are
    in view, plays the one that best continues a tale and puts the others at the bottom.
    """

    deck: list[str]
    reveal: int = REVEAL

    @classmethod
    def new(cls, players: int, deck: Deck, rng: random.Random, reveal: int = REVEAL) -> DealtTable:
        """Shuffle the elements with the obstacle and favour cards for ``players``."""
        setup = setup_for(players)
        cards = [element.code for element in deck.elements]
        for event, count in setup.event_cards().items():
            cards += [_event_code(event)] * count
        rng.shuffle(cards)
        return cls(
            players=players,
            hope=setup.starting_hope,
            hand_size=setup.hand_size,
            deck=cards,
            reveal=reveal,
        )

    def draw_element(self, rng: random.Random) -> tuple[str | None, list[EventResult]]:
        """The element for the next telling, and what the events met on the way did.

        The element is None when the game ended while drawing (no story card left loses),
        or when no card in view may be played: then the first one is discarded and
        Scheherazade loses 1 Hope, as when a storyteller discards.
        """
        results: list[EventResult] = []
        view: list[str] = []
        while len(view) < self.reveal and self.deck and self.outcome is None:
            code = self.deck.pop(0)
            event = event_of(code)
            if event is None:
                view.append(code)
            else:
                results.append(self.apply_event(event, rng))
                self.discard_count += 1
        if not view and self.outcome is None:
            self._lose("deck")
        if self.outcome is not None:
            self.deck += view
            return None, results
        legal = [code for code in view if not self.why_illegal(Card.from_code(code))]
        chosen = max(legal, key=lambda code: self.progress(Card.from_code(code)), default=None)
        view.remove(chosen or view[0])
        if chosen is None:
            self.discard_count += 1
            self.change_hope(-1)
        self.deck += view
        return chosen, results

    @property
    def deck_count(self) -> int:
        return len(self.deck)

    def _discard_from_deck(self, count: int) -> int:
        taken, self.deck = self.deck[:count], self.deck[count:]
        self.discard_count += len(taken)
        return len(taken)

    def _bahamut(self, rng: random.Random) -> int:
        """No hands: each storyteller loses the story card they would have held."""
        lost = 0
        for _ in range(self.players):
            stories = [index for index, code in enumerate(self.deck) if not event_of(code)]
            if stories:
                self.deck.pop(rng.choice(stories))
                lost += 1
        self.discard_count += lost
        return lost


class CountedTable(Table):
    """Printed cards: the players hold the cards, the companion counts them."""

    deck_count: int
    hands: list[int]
    """Story cards in each player's hand."""

    @classmethod
    def new(cls, players: int) -> CountedTable:
        """A table before the deal: the whole deck, empty hands."""
        setup = setup_for(players)
        return cls(
            players=players,
            hope=setup.starting_hope,
            hand_size=setup.hand_size,
            deck_count=setup.deck_size,
            hands=[0] * players,
        )

    def set_aside_during_deal(self) -> None:
        """An obstacle or favour dealt at setup: discarded without effect."""
        self.deck_count -= 1
        self.discard_count += 1

    def finish_deal(self) -> None:
        """Every player has drawn a full hand of story cards."""
        self.deck_count -= self.players * self.hand_size
        self.hands = [self.hand_size] * self.players

    def play_from_hand(self, player: int, card: Card) -> Colour | None:
        """The player plays ``card``; return the tale it completes, if any."""
        completed = self.play(card)
        self.hands[player] -= 1
        return completed

    def discard_from_hand(self, player: int) -> None:
        """The player discards instead of telling: one card to the pile, 1 Hope lost."""
        self.hands[player] -= 1
        self.discard_count += 1
        self.change_hope(-1)

    def draw_event(self, event: EventCard, rng: random.Random) -> EventResult:
        """The player drew an obstacle or favour card: it takes effect, then is discarded."""
        self.deck_count -= 1
        result = self.apply_event(event, rng)
        self.discard_count += 1
        return result

    def missing(self, player: int) -> int:
        """Story cards the player must draw to fill the hand."""
        return self.hand_size - self.hands[player]

    def finish_draw(self, player: int) -> None:
        """The player filled the hand with story cards; too few in the deck loses."""
        needed = self.missing(player)
        if needed > self.deck_count:
            self.deck_count = 0
            self._lose("deck")
            return
        self.deck_count -= needed
        self.hands[player] = self.hand_size

    def _discard_from_deck(self, count: int) -> int:
        taken = min(count, self.deck_count)
        self.deck_count -= taken
        self.discard_count += taken
        return taken

    def _bahamut(self, rng: random.Random) -> int:
        lost = sum(1 for count in self.hands if count > 0)
        self.hands = [max(0, count - 1) for count in self.hands]
        self.discard_count += lost
        return lost
