"""The rules core of Scheherazade: hands, the turn, Hope on the action cards, tales.

Pure: no I/O, no clock; randomness only through an injected :class:`random.Random`.

Two tables share the same rules (:class:`Table`):

* :class:`Night` (the companion's deck): the companion holds the deck and every hand;
  storytellers play from their hand, discard, use action cards and draw by the rulebook;
* :class:`CountedTable` (printed cards): the players hold the cards; the companion
  checks what they announce and counts the deck, the hands and the discard pile.

Hope lives on the seven action cards (:class:`Action`): Scheherazade's Hope is the sum
of their tokens. Using an action card spends one of its tokens; its strength X is the
number of tokens it held.

>>> table = CountedTable.new(players=2)
>>> table.hope, table.hand_size, table.deck_count, table.hope_to_place
(2, 5, 83, 8)
>>> table.place_hope(Action.SEARCH)
>>> table.hope, table.hope_on[Action.SEARCH]
(3, 1)
>>> table.play(Card(colour=Colour.RED, kind=Kind.PLACE))
>>> table.why_illegal(Card(colour=Colour.BLUE, kind=Kind.PLACE))
'a place cannot follow a place: the type must change from one element to the next'
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict

from companion.framework import errors
from companion.games.scheherazade.content.deck import Colour, Deck, Kind

MAX_HOPE = 20
"""The game has 20 Hope tokens."""
HOURGLASS_BASE = 18
"""The Hourglass discards (18 − Hope) cards from the top of the deck."""
OVERCOME_REVEAL = 10
"""Overcome reveals 10 × X cards from the top of the deck."""
TALES_TO_WIN = len(Colour)


class EventCard(StrEnum):
    """The obstacle, favour and ally cards shuffled into the deck."""

    SULTAN = "sultan"
    HOURGLASS = "hourglass"
    IFRIT = "ifrit"
    ROC = "roc"
    BAHAMUT = "bahamut"
    QUEEN = "queen"
    CHARACTER_ALLY = "character-ally"
    PLACE_ALLY = "place-ally"

    @property
    def is_obstacle(self) -> bool:
        return self not in (EventCard.QUEEN, *ALLY_KINDS)


ALLY_KINDS = {EventCard.CHARACTER_ALLY: Kind.CHARACTER, EventCard.PLACE_ALLY: Kind.PLACE}


class Action(StrEnum):
    """The seven action cards that hold Scheherazade's Hope."""

    DRAW = "draw"
    REVEAL = "reveal"
    SEARCH = "search"
    OVERCOME = "overcome"
    EXCHANGE = "exchange"
    RECOVER = "recover"
    SCHEHERAZADE = "scheherazade"
    """Holds Hope only: Hope gained goes here, Hope lost comes from here first."""


USABLE_ACTIONS = tuple(action for action in Action if action is not Action.SCHEHERAZADE)


class IllegalPlayError(errors.IllegalAction):
    """A move the rules do not allow now; the message says why."""


@dataclass(frozen=True)
class Setup:
    """One row of the rulebook's setup table."""

    players: int
    hope_per_player: int
    hand_size: int
    sultans: int
    hourglasses: int

    @property
    def starting_hope(self) -> int:
        """Every player's Hope tokens plus one each on the Scheherazade card."""
        return self.players * (self.hope_per_player + 1)

    def event_cards(self, allies: bool = False) -> dict[EventCard, int]:
        """How many of each obstacle, favour (and ally) card go into the deck."""
        cards = {
            EventCard.SULTAN: self.sultans,
            EventCard.HOURGLASS: self.hourglasses,
            EventCard.IFRIT: 2,
            EventCard.ROC: 1,
            EventCard.BAHAMUT: 1,
            EventCard.QUEEN: 4,
        }
        if allies:
            cards |= {EventCard.CHARACTER_ALLY: 1, EventCard.PLACE_ALLY: 1}
        return cards

    def deck_size(self, allies: bool = False) -> int:
        return 16 * len(Colour) + sum(self.event_cards(allies).values())


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
        raise errors.SetupError(f"the game is for 1 to 4 storytellers, not {players}")
    return SETUP_TABLE[players]


class Variants(BaseModel):
    """The rulebook's optional rules (each a setting)."""

    model_config = ConfigDict(frozen=True)

    allies: bool = False
    """The Allies expansion: two ally cards in the deck."""
    unfinished_tales: bool = True
    """A told tale leaves the row, so the tale before it may be finished."""
    protagonists: bool = True
    """Playing one of the four protagonists gives a free action."""
    special_places: bool = True
    """Playing one of the four special places shuffles the discarded queens back."""


DEFAULT_VARIANTS = Variants()


class Card(BaseModel):
    """A story card on the table: its colour, its kind and (when known) its name and code."""

    model_config = ConfigDict(frozen=True)

    colour: Colour
    kind: Kind
    name: str = ""
    code: str = ""
    """The companion's deck: the element's :attr:`deck.Element.code`."""

    @classmethod
    def from_code(cls, code: str, name: str = "") -> Card:
        """``"red/artifact/lamp"`` → a red artifact (see :attr:`deck.Element.code`)."""
        colour, kind, _ = code.split("/", 2)
        return cls(colour=Colour(colour), kind=Kind(kind), name=name, code=code)

    @property
    def label(self) -> str:
        return f"{self.colour} {self.kind}" + (f" {self.name}" if self.name else "")


@dataclass(frozen=True)
class EventResult:
    """What one obstacle, favour or ally card did."""

    event: EventCard
    hope_change: int = 0
    cards_discarded: int = 0
    """Hourglass: cards taken from the deck; Roc: cards carried off the discard pile;
    Bahamut: cards lost from the hands."""
    removed: Card | None = None
    """Ifrit: the story card taken off the row (None when it was protected or absent)."""
    hope: int = 0
    """Scheherazade's Hope right after this card."""


@dataclass(frozen=True)
class PlayResult:
    """What playing a story card did."""

    completed: Colour | None = None
    free_action: bool = False
    """A protagonist was played: the storyteller may take one action for free."""
    queens_returned: int = 0
    """A special place was played: discarded queens shuffled back into the deck."""


Outcome = Literal["won", "lost"]


class Table(BaseModel):
    """The shared state and rules of both ways to play."""

    players: int
    hand_size: int
    variants: Variants = DEFAULT_VARIANTS
    hope_on: dict[Action, int] = {}
    """Hope tokens on each action card."""
    hope_to_place: int = 0
    """Tokens the storytellers still have to place at setup."""
    row: list[Card] = []
    """The story cards in the common row, in order."""
    sealed: int = 0
    """Cards of ``row`` before this index belong to completed tales (the Ifrit spares them)."""
    tale_just_told: int = -1
    """Length of the row right after the last tale was completed (the next card then
    must be of another colour)."""
    tales: list[Colour] = []
    """Colours of the completed tales, in order."""
    allies: list[Kind] = []
    """Kinds of the ally cards face up on the table."""
    outcome: Outcome | None = None
    loss_reason: Literal["hope", "deck"] | None = None

    @classmethod
    def _start(cls, players: int, variants: Variants, **fields) -> dict:
        setup = setup_for(players)
        return {
            "players": players,
            "hand_size": setup.hand_size,
            "variants": variants,
            "hope_on": {action: 0 for action in Action} | {Action.SCHEHERAZADE: players},
            "hope_to_place": players * setup.hope_per_player,
            **fields,
        }

    # -- Hope on the action cards ---------------------------------------------------------

    @property
    def hope(self) -> int:
        return sum(self.hope_on.values())

    def place_hope(self, action: Action) -> None:
        """Setup: a storyteller puts one of their Hope tokens on an action card."""
        if self.hope_to_place <= 0:
            raise IllegalPlayError("every Hope token is already placed")
        self.hope_to_place -= 1
        self.hope_on[action] += 1

    def change_hope(self, amount: int) -> int:
        """Add (or remove) Hope within 0..20; return the change made. Hope 0 loses.

        Hope gained goes on the Scheherazade card; Hope lost comes off it first, then
        off the action card holding the most tokens.
        """
        before = self.hope
        for _ in range(max(0, min(amount, MAX_HOPE - self.hope))):
            self.hope_on[Action.SCHEHERAZADE] += 1
        for _ in range(min(-amount, self.hope)):
            self.hope_on[self._card_losing_hope()] -= 1
        if self.hope == 0:
            self._lose("hope")
        return self.hope - before

    def _card_losing_hope(self) -> Action:
        if self.hope_on[Action.SCHEHERAZADE]:
            return Action.SCHEHERAZADE
        return max(USABLE_ACTIONS, key=lambda action: self.hope_on[action])

    def spend(self, action: Action, free: bool = False) -> int:
        """Use an action card: return its strength X (its tokens) and spend one token.

        A free use (a protagonist) spends nothing and has a strength of at least 1.
        """
        if action is Action.SCHEHERAZADE:
            raise IllegalPlayError("the Scheherazade card holds Hope but is not an action")
        tokens = self.hope_on[action]
        if free:
            return max(1, tokens)
        if tokens == 0:
            raise IllegalPlayError(f"the {action} card holds no Hope")
        self.change_hope_on(action, -1)
        return tokens

    def change_hope_on(self, action: Action, amount: int) -> None:
        self.hope_on[action] += amount
        if self.hope == 0:
            self._lose("hope")

    def move_hope(self, source: Action, target: Action) -> None:
        """Exchange: one Hope token moves from one action card to another."""
        if self.hope_on[source] == 0:
            raise IllegalPlayError(f"the {source} card holds no Hope")
        self.hope_on[source] -= 1
        self.hope_on[target] += 1

    # -- sequence rules -----------------------------------------------------------------

    def why_illegal(self, card: Card) -> str | None:
        """The reason ``card`` cannot be played now, or None when it can."""
        if self.row and self.row[-1].kind is card.kind:
            return (
                f"a {card.kind} cannot follow a {card.kind}: "
                "the type must change from one element to the next"
            )
        if self.tales and len(self.row) == self.tale_just_told and self.tales[-1] is card.colour:
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
            self._close_tale(card.colour)
            return card.colour
        return None

    def _close_tale(self, colour: Colour) -> None:
        """Unfinished tales: the tale and the cards of its colour just before it leave the
        row; otherwise the row is sealed up to here."""
        if self.variants.unfinished_tales:
            while self.row and self.row[-1].colour is colour:
                self._to_discard(self.row.pop())
            self.sealed = 0
        else:
            self.sealed = len(self.row)
        self.tale_just_told = len(self.row)

    def progress(self, card: Card) -> int:
        """How much playing ``card`` would advance a tale still to be told (0 = none)."""
        if card.colour in self.tales or self.why_illegal(card):
            return 0
        streak = self.streak()
        if streak and streak[0].colour is card.colour and card.kind not in _kinds(streak):
            return len(streak) + 1
        return 1

    # -- the end ---------------------------------------------------------------------------

    def check_victory(self) -> bool:
        """Four tales, one per colour, win (checked once a telling is over)."""
        if self.outcome is None and len(self.tales) == TALES_TO_WIN:
            self.outcome = "won"
        return self.outcome == "won"

    def _lose(self, reason: Literal["hope", "deck"]) -> None:
        if self.outcome is None:
            self.outcome = "lost"
            self.loss_reason = reason

    # -- obstacle, favour and ally cards ------------------------------------------------------

    def apply_event(self, event: EventCard, rng: random.Random) -> EventResult:
        """Resolve a drawn card that is not a story card."""
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
            return EventResult(event, cards_discarded=self._roc())
        if event in ALLY_KINDS:
            self.allies.append(ALLY_KINDS[event])
            return EventResult(event)
        return EventResult(event, cards_discarded=self._bahamut(rng))

    def _hourglass(self) -> int:
        return max(0, HOURGLASS_BASE - self.hope)

    def _ifrit(self) -> Card | None:
        if len(self.row) <= self.sealed:
            return None
        card = self.row.pop()
        self._to_discard(card)
        return card

    def _to_discard(self, card: Card) -> None:
        raise NotImplementedError

    def _roc(self) -> int:
        raise NotImplementedError

    def _discard_from_deck(self, count: int) -> int:
        raise NotImplementedError

    def _bahamut(self, rng: random.Random) -> int:
        raise NotImplementedError


def _kinds(cards: list[Card]) -> set[Kind]:
    return {card.kind for card in cards}


def _event_code(event: EventCard) -> str:
    return f"event:{event}"


def event_of(code: str) -> EventCard | None:
    """The event card a deck code stands for, or None for a story element.

    >>> event_of("event:queen"), event_of("red/artifact/lamp")
    (<EventCard.QUEEN: 'queen'>, None)
    """
    return EventCard(code.removeprefix("event:")) if code.startswith("event:") else None


Wanted = tuple[Colour | None, Kind | None]
"""A card asked for by Search or Recover: its colour and kind (None: any)."""


@dataclass
class DrawOffer:
    """Story cards drawn for the storyteller to keep one of, and what happened on the way."""

    offered: list[str] = field(default_factory=list)
    events: list[EventResult] = field(default_factory=list)


class Night(Table):
    """The companion's deck: the whole game by the rulebook, hands included.

    Cards are codes: :attr:`deck.Element.code` for story cards, ``"event:NAME"`` for the
    others.
    """

    deck: list[str]
    hands: list[list[str]]
    discard: list[str] = []
    """The discard pile, newest last."""
    out_of_game: int = 0
    """Cards the Roc carried off."""
    set_aside_at_deal: list[str] = []
    protagonists: list[str] = []
    special_places: list[str] = []
    offer: list[str] = []
    """Story cards drawn and waiting for the storyteller to keep one."""

    @classmethod
    def new(
        cls, players: int, deck: Deck, rng: random.Random, variants: Variants = DEFAULT_VARIANTS
    ) -> Night:
        """Shuffle and deal: each hand gets its story cards, the other cards dealt are
        discarded without effect."""
        setup = setup_for(players)
        cards = [element.code for element in deck.elements]
        for event, count in setup.event_cards(variants.allies).items():
            cards += [_event_code(event)] * count
        rng.shuffle(cards)
        specials = [element for element in deck.elements if element.special]
        night = cls(
            **cls._start(
                players,
                variants,
                deck=cards,
                hands=[[] for _ in range(players)],
                protagonists=[e.code for e in specials if e.kind is Kind.CHARACTER],
                special_places=[e.code for e in specials if e.kind is Kind.PLACE],
            )
        )
        night._deal()
        return night

    def _deal(self) -> None:
        for hand in self.hands:
            while len(hand) < self.hand_size:
                code = self.deck.pop(0)
                if event_of(code):
                    self.set_aside_at_deal.append(code)
                    self.discard.append(code)
                else:
                    hand.append(code)

    @property
    def deck_count(self) -> int:
        return len(self.deck)

    @property
    def discard_count(self) -> int:
        return len(self.discard)

    # -- narrate or discard -----------------------------------------------------------

    def play_card(self, player: int, code: str) -> PlayResult:
        """The storyteller plays ``code`` from the hand onto the row."""
        self._check_holds(player, code)
        completed = self.play(Card.from_code(code))
        self.hands[player].remove(code)
        queens = self._queens_back() if code in self.special_places else 0
        protagonist = self.variants.protagonists and code in self.protagonists
        return PlayResult(completed=completed, free_action=protagonist, queens_returned=queens)

    def _queens_back(self) -> int:
        """Special places: the queens on the discard pile go back into the deck (the
        dialogue shuffles it)."""
        if not self.variants.special_places:
            return 0
        queens = [code for code in self.discard if event_of(code) is EventCard.QUEEN]
        for code in queens:
            self.discard.remove(code)
            self.deck.append(code)
        return len(queens)

    def shuffle_deck(self, rng: random.Random) -> None:
        rng.shuffle(self.deck)

    def may_discard_more(self, code: str) -> bool:
        """An ally of the discarded card's kind lets the storyteller discard more."""
        return Card.from_code(code).kind in self.allies

    def discard_card(self, player: int, code: str, more: tuple[str, ...] = ()) -> None:
        """Discard instead of telling: the card (and, with an ally of its kind, ``more``)
        to the pile; Scheherazade loses 1 Hope."""
        if more and not self.may_discard_more(code):
            raise IllegalPlayError("only an ally of that type lets you discard more cards")
        for card in (code, *more):
            self._check_holds(player, card)
        for card in (code, *more):
            self.hands[player].remove(card)
            self.discard.append(card)
        self.change_hope(-1)

    def discard_extra(self, player: int, code: str, first: str) -> None:
        """With an ally of the kind of ``first`` (the card just discarded), another card
        of the hand is discarded, without losing Hope; the draw refills the hand."""
        if not self.may_discard_more(first):
            raise IllegalPlayError("only an ally of that type lets you discard more cards")
        self._check_holds(player, code)
        self.hands[player].remove(code)
        self.discard.append(code)

    def discard_excess(self, player: int, code: str) -> None:
        """End of turn: a card over the hand limit is discarded, without losing Hope."""
        if not self.excess(player):
            raise IllegalPlayError("your hand is not over its limit")
        self._check_holds(player, code)
        self.hands[player].remove(code)
        self.discard.append(code)

    def excess(self, player: int) -> int:
        return max(0, len(self.hands[player]) - self.hand_size)

    def _check_holds(self, player: int, code: str) -> None:
        if code not in self.hands[player]:
            raise IllegalPlayError("that card is not in your hand")

    # -- drawing ------------------------------------------------------------------------------

    def missing(self, player: int) -> int:
        return max(0, self.hand_size - len(self.hands[player]))

    def draw(self, rng: random.Random, strength: int | None = None) -> DrawOffer:
        """Draw one card at a time until X story cards are offered (X: ``strength``, by
        default the Hope on the Draw card, at least 1); other cards take effect as they
        come and go to the discard pile (allies stay face up).

        Having to draw with no story card left in the deck loses the night.
        """
        wanted = strength or max(1, self.hope_on[Action.DRAW])
        result = DrawOffer()
        while len(result.offered) < wanted and self.outcome is None:
            if not self.deck:
                if not result.offered:
                    self._lose("deck")
                break
            code = self.deck.pop(0)
            event = event_of(code)
            if event is None:
                result.offered.append(code)
                continue
            if event not in ALLY_KINDS:
                self.discard.append(code)
            result.events.append(self.apply_event(event, rng))
        self.offer = result.offered
        return result

    def keep(self, player: int, code: str) -> None:
        """The storyteller keeps one card offered; the others go to the bottom of the deck."""
        if code not in self.offer:
            raise IllegalPlayError("that card was not drawn")
        self.hands[player].append(code)
        self.deck += [other for other in self.offer if other != code]
        self.offer = []

    # -- action cards -------------------------------------------------------------------------

    def reveal(self, strength: int) -> list[str]:
        """Reveal: the top X cards are shown; story cards stay on top (in order), the
        others go to the bottom."""
        shown = self.deck[:strength]
        stories = [code for code in shown if not event_of(code)]
        others = [code for code in shown if event_of(code)]
        self.deck = stories + self.deck[strength:] + others
        return shown

    def search(self, player: int, wanted: list[Wanted], rng: random.Random) -> list[str]:
        """Search: story cards matching ``wanted`` go from the deck to the hand; the deck
        is shuffled."""
        found = _take(self.deck, wanted)
        self.hands[player] += found
        rng.shuffle(self.deck)
        return found

    def recover(self, player: int, wanted: list[Wanted]) -> list[str]:
        """Recover: story cards matching ``wanted`` go from the discard pile to the hand
        (the newest matching card first)."""
        newest_first = self.discard[::-1]
        found = _take(newest_first, wanted)
        self.discard = newest_first[::-1]
        self.hands[player] += found
        return found

    def overcome(self, strength: int) -> tuple[EventCard | None, int]:
        """Overcome: reveal 10 × X cards, discard the first obstacle among them, put the
        others at the bottom. Returns the obstacle (or None) and how many were revealed."""
        count = OVERCOME_REVEAL * strength
        shown, self.deck = self.deck[:count], self.deck[count:]
        obstacles = [code for code in shown if (event := event_of(code)) and event.is_obstacle]
        if obstacles:
            shown.remove(obstacles[0])
            self.discard.append(obstacles[0])
        self.deck += shown
        return (event_of(obstacles[0]) if obstacles else None), len(shown) + len(obstacles[:1])

    def give(self, source: int, target: int, code: str) -> None:
        """Exchange: a story card passes from one hand to another."""
        self._check_holds(source, code)
        self.hands[source].remove(code)
        self.hands[target].append(code)

    # -- what the events touch -----------------------------------------------------------

    def _to_discard(self, card: Card) -> None:
        self.discard.append(card.code)

    def _roc(self) -> int:
        carried = len(self.discard)
        self.out_of_game += carried
        self.discard = []
        return carried

    def _discard_from_deck(self, count: int) -> int:
        taken, self.deck = self.deck[:count], self.deck[count:]
        self.discard += taken
        return len(taken)

    def _bahamut(self, rng: random.Random) -> int:
        lost = 0
        for hand in self.hands:
            if hand:
                self.discard.append(hand.pop(rng.randrange(len(hand))))
                lost += 1
        return lost


def _take(cards: list[str], wanted: list[Wanted]) -> list[str]:
    """Remove from ``cards`` the first story card matching each wish; return them."""
    found = []
    for colour, kind in wanted:
        for code in cards:
            card = None if event_of(code) else Card.from_code(code)
            if card and colour in (None, card.colour) and kind in (None, card.kind):
                cards.remove(code)
                found.append(code)
                break
    return found


class CountedTable(Table):
    """Printed cards: the players hold the cards, the companion counts them."""

    deck_count: int
    hands: list[int]
    """Story cards in each player's hand."""
    discard_count: int = 0
    """Cards on the discard pile."""

    @classmethod
    def new(cls, players: int, variants: Variants = DEFAULT_VARIANTS) -> CountedTable:
        """A table before the deal: the whole deck, empty hands."""
        setup = setup_for(players)
        return cls(
            **cls._start(
                players,
                variants,
                deck_count=setup.deck_size(variants.allies),
                hands=[0] * players,
            )
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

    def discard_from_hand(self, player: int, cards: int = 1) -> None:
        """The player discards instead of telling: cards to the pile, 1 Hope lost."""
        self.hands[player] -= cards
        self.discard_count += cards
        self.change_hope(-1)

    def discard_extra(self, player: int, cards: int) -> None:
        """An ally let the player discard ``cards`` more, without losing Hope."""
        cards = min(cards, self.hands[player])
        self.hands[player] -= cards
        self.discard_count += cards

    def queens_back(self, queens: int) -> None:
        """A special place: ``queens`` went from the discard pile back into the deck."""
        queens = min(queens, self.discard_count)
        self.discard_count -= queens
        self.deck_count += queens

    def overcome_discard(self) -> None:
        """Overcome found an obstacle in the deck and discarded it."""
        self.deck_count -= 1
        self.discard_count += 1

    def draw_event(self, event: EventCard, rng: random.Random) -> EventResult:
        """The player drew an obstacle or favour card: it takes effect, then is discarded."""
        self.deck_count -= 1
        result = self.apply_event(event, rng)
        if event not in ALLY_KINDS:
            self.discard_count += 1
        return result

    def missing(self, player: int) -> int:
        """Story cards the player must draw to fill the hand."""
        return max(0, self.hand_size - self.hands[player])

    def take_cards(self, player: int, count: int, from_pile: bool = False) -> None:
        """Draw, Search or Recover put ``count`` story cards in the player's hand."""
        if from_pile:
            self.discard_count -= min(count, self.discard_count)
        else:
            self.deck_count -= min(count, self.deck_count)
        self.hands[player] += count

    def give(self, source: int, target: int) -> None:
        """Exchange: a story card passes from one hand to another (which, the players know)."""
        if self.hands[source] < 1:
            raise IllegalPlayError("there is no card in that hand to give")
        self.hands[source] -= 1
        self.hands[target] += 1

    def finish_draw(self, player: int, single: bool = False) -> None:
        """The player drew the story cards the hand lacks; too few in the deck loses. The
        hand is filled, or (``single``, the rulebook's "una única") grows by the one card
        kept, the others going back under the deck."""
        needed = self.missing(player)
        if needed > self.deck_count:
            self.deck_count = 0
            self._lose("deck")
            return
        if single:
            self.hands[player] += min(1, needed)
            self.deck_count -= min(1, needed)
            return
        self.deck_count -= needed
        self.hands[player] = max(self.hands[player], self.hand_size)

    def _to_discard(self, card: Card) -> None:
        self.discard_count += 1

    def _roc(self) -> int:
        carried, self.discard_count = self.discard_count, 0
        return carried

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
