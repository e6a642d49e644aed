"""The pure rules core of Les Fils de Samarande: the table the companion keeps.

Players keep their physical cards; the companion keeps the numbers: every vizier's gold,
the royal bank, how many cards are in each hand, in the deck and in the face-up line, each
city (districts with the artisans they house, guards), the genies in play, and the action
points of the turn. Every method either applies a legal change or raises an
:class:`IllegalAction` saying why it is not allowed (the table is then unchanged).

No randomness here: dice are numbers handed in by the dialogue.

>>> from companion.games.samarande.content.loader import load_catalogue
>>> catalogue = load_catalogue().with_figures("Militia", cost=1)
>>> table = Table.deal(catalogue, ["Ali", "Zoe"])
>>> table.deck, table.players[0].hand
(94, 8)
>>> table.redeal("Ali")
>>> table.keep_four("Ali"), table.keep_four("Zoe")
(False, True)
>>> table.deck, table.line.count(True), table.bank
(96, 6, 60)
>>> table.start_turn()
6
>>> table.play_card("Militia")
>>> table.action_points
5
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, Field, field_validator

from companion.framework.errors import IllegalAction
from companion.games.samarande.content.catalogue import Card, Catalogue

DEALT = 8
STARTING_HAND = 4
LINE_SIZE = 6
BANK = 60
ACTION_POINTS = 6
DECK_COST = 3
POINT_PRICE = 2
MAX_BOUGHT = 3
HAND_LIMIT = 4
ASSASSIN_BONUS = 4
ASSASSIN_REWARD = 6


class Settings(BaseModel):
    """Readings of the rules on which tables may disagree (``--set key=value``)."""

    joker_upkeep: Literal["every_turn", "once"] = "every_turn"
    """A Joker Genie in play costs its holder one action point at the start of each turn
    (``every_turn``), or only at the start of the turn after it was played (``once``)."""
    tornado_cost: Literal["each", "printed", "plus_each"] = "each"
    """The Desert Tornado costs its printed cost for each card it destroys (``each``), its
    printed cost once (``printed``), or its printed cost and one point more per card
    destroyed (``plus_each``, the companion's reading before; saves of it say
    ``per_card``)."""

    @field_validator("tornado_cost", mode="before")
    @classmethod
    def _older_reading(cls, value: object) -> object:
        """Games saved under the old name of ``plus_each`` keep playing by it."""
        return "plus_each" if value == "per_card" else value

    libraries_stack: bool = True
    """Each Library raises the hand limit; with False only the first one counts."""
    ask_joker: bool = True
    """After each action card, ask whether another player cancels it with a Joker Genie."""


class District(BaseModel):
    """A district card in a city and the artisans it houses."""

    id: int
    card: str
    artisans: list[str] = Field(default_factory=list)


class City(BaseModel):
    districts: list[District] = Field(default_factory=list)
    guards: list[str] = Field(default_factory=list)

    def district(self, district_id: int) -> District:
        for district in self.districts:
            if district.id == district_id:
                return district
        raise IllegalAction("That district is not in this city.")


class Player(BaseModel):
    name: str
    gold: int = 0
    hand: int = STARTING_HAND
    city: City = Field(default_factory=City)
    joker_debt: int = 0
    """Action points owed for Joker Genies (setting ``joker_upkeep=once``)."""


class InPlay(BaseModel):
    """An action card that stays in play: a genie, or a keepsake that scores."""

    card: str
    owner: str
    """Who played it."""
    holder: str
    """In front of whom it lies (the victim of a Scary or Giant Genie)."""
    district_id: int | None = None
    """The district a Scary Genie sits on."""


@dataclass(frozen=True)
class CombatResult:
    """How an Assassins' Guild attack ended."""

    assassin_total: int
    guard_total: int
    winner: Literal["assassin", "guard", "tie"]
    reward: int
    """Gold actually paid by the bank to the winner."""


@dataclass(frozen=True)
class EndOfTurn:
    discarded: int
    """Cards the player must discard down to the hand limit."""
    refilled: int
    """Cards turned up from the deck to refill the line."""
    game_over: bool


class Table(BaseModel):
    """Everything the companion keeps about a game in progress."""

    catalogue: Catalogue = Field(exclude=True)
    """Not saved with the table: the dialogue's state saves it once."""
    settings: Settings = Field(default_factory=Settings)
    players: list[Player]
    bank: int = BANK
    deck: int
    line: list[bool] = Field(default_factory=lambda: [True] * LINE_SIZE)
    discard: int = 0
    resolving: int = 0
    """Action cards paid for and not yet discarded, put in play or taken back."""
    active: int = 0
    turns_ended: int = 0
    """Turns played so far (the chronicle's chapters)."""
    action_points: int = 0
    bought: int = 0
    took_from_line: bool = False
    in_play: list[InPlay] = Field(default_factory=list)
    next_district_id: int = 1
    over: bool = False
    choosing: list[str] = Field(default_factory=list)
    """During the deal: who has not yet chosen the four cards to keep."""
    redealt: list[str] = Field(default_factory=list)
    """During the deal: who has already been dealt a second eight."""

    @classmethod
    def new(
        cls,
        catalogue: Catalogue,
        players: list[str],
        settings: Settings | None = None,
    ) -> Table:
        """A table after the deal: four cards in each hand, six in the line."""
        table = cls.deal(catalogue, players, settings)
        for name in players:
            table.keep_four(name)
        return table

    @classmethod
    def deal(
        cls,
        catalogue: Catalogue,
        players: list[str],
        settings: Settings | None = None,
    ) -> Table:
        """A table while dealing: eight cards in each hand, the line still empty."""
        if not 2 <= len(players) <= 5:
            raise IllegalAction("Les Fils de Samarande is played by two to five viziers.")
        return cls(
            catalogue=catalogue,
            settings=settings or Settings(),
            players=[Player(name=name, hand=DEALT) for name in players],
            deck=catalogue.total_cards - DEALT * len(players),
            line=[False] * LINE_SIZE,
            choosing=list(players),
        )

    # ------------------------------------------------------------------ the deal

    def redeal(self, name: str) -> None:
        """``name`` had no district among the eight: they return them for eight more."""
        if name not in self.choosing:
            raise IllegalAction(f"{name} has already kept four cards.")
        if name in self.redealt:
            raise IllegalAction(f"{name} has already been dealt a second eight.")
        self.redealt.append(name)

    def keep_four(self, name: str) -> bool:
        """``name`` keeps four cards and returns four; True once everybody has chosen.

        Then the returned cards are shuffled into the deck and the line is dealt.
        """
        if name not in self.choosing:
            raise IllegalAction(f"{name} has already kept four cards.")
        self.choosing.remove(name)
        player = self.player(name)
        self.deck += player.hand - STARTING_HAND
        player.hand = STARTING_HAND
        if self.choosing:
            return False
        self.redealt.clear()
        self.deck -= LINE_SIZE
        self.line = [True] * LINE_SIZE
        return True

    # ------------------------------------------------------------------ looking

    @property
    def current(self) -> Player:
        return self.players[self.active]

    def player(self, name: str) -> Player:
        for player in self.players:
            if player.name == name:
                return player
        raise IllegalAction(f"Nobody called {name} plays.")

    def left_neighbour(self, player: Player) -> Player:
        """The next vizier in turn order (play goes clockwise, to the left)."""
        index = self.players.index(player)
        return self.players[(index + 1) % len(self.players)]

    def opponents(self, player: Player) -> list[Player]:
        return [other for other in self.players if other.name != player.name]

    def card(self, name: str) -> Card:
        return self.catalogue.card(name)

    def genies_on(self, player: Player, effect: str) -> list[InPlay]:
        """The cards in play in front of ``player`` with this effect."""
        return [
            item
            for item in self.in_play
            if item.holder == player.name and self.card(item.card).effect == effect
        ]

    def scared(self, district: District) -> bool:
        """True while a Scary Genie sits on the district: it counts for nothing."""
        return any(item.district_id == district.id for item in self.in_play)

    def counted_districts(self, player: Player) -> list[District]:
        return [d for d in player.city.districts if not self.scared(d)]

    def counted_artisans(self, player: Player) -> list[tuple[District, str]]:
        """(district, artisan) pairs that count: not in a district a genie scared."""
        return [(d, artisan) for d in self.counted_districts(player) for artisan in d.artisans]

    def free_districts(self, player: Player) -> list[District]:
        """Districts that can house one more artisan."""
        return [
            d
            for d in self.counted_districts(player)
            if len(d.artisans) < self.card(d.card).known("capacity")
        ]

    def hand_limit(self, player: Player) -> int:
        bonuses = [
            self.card(d.card).known("hand_limit_bonus") for d in self.counted_districts(player)
        ]
        bonuses = [bonus for bonus in bonuses if bonus]
        if not self.settings.libraries_stack:
            bonuses = bonuses[:1]
        return HAND_LIMIT + sum(bonuses)

    def card_count(self) -> int:
        """Every card on and around the table: always the box total."""
        city_cards = sum(
            len(p.city.districts)
            + len(p.city.guards)
            + sum(len(d.artisans) for d in p.city.districts)
            for p in self.players
        )
        hands = sum(p.hand for p in self.players)
        on_table = len(self.in_play) + self.discard + self.resolving
        return self.deck + sum(self.line) + hands + city_cards + on_table

    def gold_count(self) -> int:
        """The bank plus every purse: always 60."""
        return self.bank + sum(p.gold for p in self.players)

    # ------------------------------------------------------------------ money

    def pay_from_bank(self, player: Player, amount: int) -> int:
        """Pay up to ``amount`` from the bank (less when it runs dry); returns what was paid."""
        paid = min(amount, self.bank)
        self.bank -= paid
        player.gold += paid
        return paid

    # ------------------------------------------------------------------ phase 1: protection

    def needs_protection_test(self, player: Player) -> bool:
        return bool(self.counted_artisans(player))

    def may_reroll_difficulty(self, player: Player) -> bool:
        """Only desert veterans guard the city: the difficulty die may be rolled again."""
        guards = player.city.guards
        return bool(guards) and all(self.card(g).desert_veteran for g in guards)

    def difficulty(self, player: Player, roll: int) -> int:
        """The neighbour's die plus the artisans that count."""
        return _die(roll) + len(self.counted_artisans(player))

    def protection(self, player: Player, roll: int) -> int:
        """The player's die, plus guard bonuses (unless a Giant Genie looms), plus forts."""
        guards = 0
        if not self.genies_on(player, "giant_genie"):
            guards = sum(self.card(g).known("guard_bonus") for g in player.city.guards)
        forts = sum(self.card(d.card).known("fortified") for d in self.counted_districts(player))
        return _die(roll) + guards + forts

    def remove_artisan(self, player: Player, district_id: int, artisan: str) -> None:
        """The genies take this artisan: it goes to the discard pile."""
        district = player.city.district(district_id)
        if artisan not in district.artisans:
            raise IllegalAction(f"No {artisan} lives in that district.")
        district.artisans.remove(artisan)
        self.discard += 1

    # ------------------------------------------------------------------ phase 2: taxes

    def taxes_due(self, player: Player) -> int:
        return sum(
            self.card(artisan).known("coins") for _, artisan in self.counted_artisans(player)
        )

    def collect_taxes(self, player: Player) -> int:
        """Pay the artisans' coins from the bank; returns what was paid."""
        return self.pay_from_bank(player, self.taxes_due(player))

    # ------------------------------------------------------------------ phase 3: actions

    def start_turn(self) -> int:
        """Reset the action points, less what Joker Genies cost; returns the points."""
        player = self.current
        upkeep = player.joker_debt
        if self.settings.joker_upkeep == "every_turn":
            upkeep = len(self.genies_on(player, "joker_genie"))
        player.joker_debt = 0
        self.action_points = max(0, ACTION_POINTS - upkeep)
        self.bought = 0
        self.took_from_line = False
        return self.action_points

    def joker_upkeep(self, player: Player) -> int:
        """What the player's Joker Genies will cost at the start of their next turn."""
        if self.settings.joker_upkeep == "every_turn":
            return len(self.genies_on(player, "joker_genie"))
        return player.joker_debt

    @property
    def points_to_buy(self) -> int:
        """How many action points the current player may still buy this turn."""
        return max(0, min(MAX_BOUGHT - self.bought, self.current.gold // POINT_PRICE))

    def check_points(self, cost: int, what: str) -> None:
        """Refuse an action that costs more than remains, saying how to afford it."""
        if cost <= self.action_points:
            return
        can_buy = self.points_to_buy
        advice = (
            f" You can buy up to {can_buy} more, at {POINT_PRICE} gold each."
            if can_buy >= cost - self.action_points
            else ""
        )
        raise IllegalAction(
            f"{what} costs {_points(cost)} and you have {_points(self.action_points)} left."
            + advice
        )

    def _line_left(self) -> str:
        """Which places of the line still hold a card, said for a refused take."""
        held = [str(place) for place, card in enumerate(self.line, start=1) if card]
        if not held:
            return "The line is empty: draw from the deck."
        if len(held) == 1:
            return f"A card lies in place {held[0]}."
        return f"Cards lie in places {', '.join(held[:-1])} and {held[-1]}."

    def spend(self, cost: int, what: str) -> None:
        self.check_points(cost, what)
        self.action_points -= cost

    def buy_point(self) -> None:
        """Buy one extra action point for two gold (three at most a turn)."""
        player = self.current
        if self.bought >= MAX_BOUGHT:
            raise IllegalAction(f"You have already bought {MAX_BOUGHT} points this turn.")
        if player.gold < POINT_PRICE:
            raise IllegalAction(f"A point costs {POINT_PRICE} gold and you have {player.gold}.")
        player.gold -= POINT_PRICE
        self.bank += POINT_PRICE
        self.bought += 1
        self.action_points += 1

    def take_from_line(self, position: int) -> None:
        """Take the face-up card at ``position`` (1 to 6) for that many points."""
        if not 1 <= position <= LINE_SIZE:
            raise IllegalAction("The line has six places, numbered one to six.")
        if not self.line[position - 1]:
            raise IllegalAction(f"Place {position} of the line is empty. {self._line_left()}")
        self.spend(position, f"The card in place {position}")
        self.line[position - 1] = False
        self.current.hand += 1
        self.took_from_line = True

    def draw_from_deck(self) -> None:
        if self.deck == 0:
            raise IllegalAction("The deck is empty.")
        self.spend(DECK_COST, "Drawing from the deck")
        self.deck -= 1
        self.current.hand += 1

    def cost_now(self, card: Card) -> int:
        """What playing ``card`` costs this turn: a Joker Genie's point is paid later."""
        return 0 if card.effect == "joker_genie" else card.known("cost")

    def check_hand(self) -> None:
        """Refuse to play a card when the current player holds none (by our count)."""
        if self.current.hand == 0:
            raise IllegalAction(
                f"By my count {self.current.name} holds no card. Take or draw one first."
            )

    def _take_from_hand(self, card: Card) -> None:
        player = self.current
        self.check_hand()
        self.spend(self.cost_now(card), f"The {card.name}")
        player.hand -= 1

    def play_card(self, name: str, district_id: int | None = None) -> None:
        """Play a district, artisan or guard from the hand to the city.

        An artisan goes into ``district_id``, or the only district with room.
        """
        card = self.card(name)
        if card.kind == "action":
            raise IllegalAction(f"The {card.name} is an action card.")
        district = None
        if card.kind == "artisan":
            district = self.housing(self.current, district_id)
        self.check_points(card.known("cost"), f"The {card.name}")
        self.check_box(card)
        self._take_from_hand(card)
        self._place(self.current, card, district)

    def check_housing(self, player: Player) -> None:
        """Refuse a new artisan when no district of ``player`` has room."""
        if not self.free_districts(player):
            raise IllegalAction(
                "No district of your city has room for another artisan."
                if player.city.districts
                else "You have no district to house an artisan."
            )

    def housing(self, player: Player, district_id: int | None) -> District:
        """The district that will house a new artisan of ``player``."""
        self.check_housing(player)
        free = self.free_districts(player)
        if district_id is None:
            if len(free) > 1:
                raise IllegalAction("Say which district houses the artisan.")
            return free[0]
        district = player.city.district(district_id)
        if district not in free:
            raise IllegalAction(f"That {district.card} has no room for another artisan.")
        return district

    def in_cities(self, card: Card) -> tuple[int, int]:
        """How many cards of ``card``'s kind, and how many copies of it, lie on the table."""
        names: list[str] = [item.card for item in self.in_play]
        for player in self.players:
            names += player.city.guards
            for district in player.city.districts:
                names += [district.card, *district.artisans]
        kinds = [self.card(name).kind for name in names]
        return kinds.count(card.kind), names.count(card.name)

    def check_box(self, card: Card) -> None:
        """Refuse one more ``card`` on the table when the box holds no more of it."""
        of_kind, copies = self.in_cities(card)
        box = self.catalogue.box[card.kind]
        if of_kind >= box:
            raise IllegalAction(
                f"The box holds {box} {card.kind} cards and all {box} are already in play."
            )
        if card.count is not None and copies >= card.count:
            raise IllegalAction(
                f"The box holds {card.count} {card.name} cards and all are already in play."
            )

    def _place(self, player: Player, card: Card, district: District | None) -> None:
        if card.kind == "district":
            player.city.districts.append(District(id=self.next_district_id, card=card.name))
            self.next_district_id += 1
        elif card.kind == "artisan":
            assert district is not None
            district.artisans.append(card.name)
        else:
            player.city.guards.append(card.name)

    def play_action(self, name: str, extra_cost: int = 0) -> Card:
        """Pay for an action card and take it out of the hand (its effect comes next)."""
        card = self.card(name)
        if card.kind != "action":
            raise IllegalAction(f"The {card.name} is not an action card.")
        self.check_points(self.cost_now(card) + extra_cost, f"The {card.name}")
        self._take_from_hand(card)
        self.action_points -= extra_cost
        self.resolving += 1
        return card

    def discard_action(self) -> None:
        """The action card just played is spent."""
        self.resolving -= 1
        self.discard += 1

    def cancel_with_joker(self, joker_player: Player) -> None:
        """``joker_player`` plays a Joker Genie: the action card just played is cancelled."""
        if joker_player.name == self.current.name:
            raise IllegalAction("A Joker Genie cancels another player's card, not yours.")
        if joker_player.hand == 0:
            raise IllegalAction(f"{joker_player.name} holds no card.")
        joker = next(c for c in self.catalogue.cards if c.effect == "joker_genie")
        joker_player.hand -= 1
        joker_player.joker_debt += 1
        self.in_play.append(
            InPlay(card=joker.name, owner=joker_player.name, holder=joker_player.name)
        )
        self.discard_action()

    def protected(self, player: Player) -> bool:
        """A Protector Genie in front of ``player`` cancels opponents' harmful cards."""
        return player.name != self.current.name and bool(self.genies_on(player, "protector_genie"))

    def put_in_play(self, card: Card, holder: Player, district_id: int | None = None) -> None:
        """A genie or keepsake stays in front of ``holder``."""
        if card.effect == "joker_genie":
            self.current.joker_debt += 1
        self.resolving -= 1
        self.in_play.append(
            InPlay(
                card=card.name, owner=self.current.name, holder=holder.name, district_id=district_id
            )
        )

    # ------------------------------------------------------------------ the action cards

    def assassin_combat(
        self, victim: Player, guard: str, assassin_roll: int, guard_roll: int
    ) -> CombatResult:
        """Resolve the Assassins' Guild against ``guard`` of ``victim``."""
        if guard not in victim.city.guards:
            raise IllegalAction(f"{victim.name} has no {guard}.")
        assassin_total = _die(assassin_roll) + ASSASSIN_BONUS
        guard_total = _die(guard_roll) + self.card(guard).known("guard_bonus")
        attacker = self.current
        if assassin_total > guard_total:
            victim.city.guards.remove(guard)
            self.discard += 1
            self.resolving -= 1
            attacker.hand += 1
            reward = self.pay_from_bank(attacker, self.card(guard).known("guard_bonus"))
            return CombatResult(assassin_total, guard_total, "assassin", reward)
        self.discard_action()
        if assassin_total < guard_total:
            reward = self.pay_from_bank(victim, ASSASSIN_REWARD)
            return CombatResult(assassin_total, guard_total, "guard", reward)
        victim.city.guards.remove(guard)
        self.discard += 1
        return CombatResult(assassin_total, guard_total, "tie", 0)

    def steal(self, victim: Player, roll: int) -> int:
        """Open Sesame: take the die's worth of gold from ``victim``, or all they have."""
        amount = min(_die(roll), victim.gold)
        victim.gold -= amount
        self.current.gold += amount
        self.discard_action()
        return amount

    def tornado_cost(self, district: District, printed: int) -> int:
        """What the Desert Tornado, of ``printed`` cost, costs on this district in all.

        The rulebook: all the cards of the district are destroyed, and a player without the
        action points to do so must choose another district; the card's printed cost is the
        only figure it gives, so by default each card destroyed costs it.
        """
        cards = 1 + len(district.artisans)
        return {
            "each": printed * cards,
            "printed": printed,
            "plus_each": printed + cards,
        }[self.settings.tornado_cost]

    def destroy_district(self, victim: Player, district_id: int) -> int:
        """The Desert Tornado: the district, its artisans and any genie on it are discarded."""
        district = victim.city.district(district_id)
        victim.city.districts.remove(district)
        genies = [item for item in self.in_play if item.district_id == district_id]
        for item in genies:
            self.in_play.remove(item)
        destroyed = 1 + len(district.artisans) + len(genies)
        self.discard += destroyed
        self.discard_action()
        return destroyed

    def send_away(self, index: int) -> InPlay:
        """The Magic Lamp: the genie at ``index`` of ``in_play`` is discarded."""
        item = self.in_play[index]
        if not self.card(item.card).is_genie:
            raise IllegalAction(f"The {item.card} is not a genie.")
        del self.in_play[index]
        self.discard += 1
        self.discard_action()
        return item

    def kidnap(
        self, victim: Player, district_id: int, artisan: str, to_district: int | None
    ) -> bool:
        """Move an artisan to the current city (or hand when no room); True if housed."""
        source = victim.city.district(district_id)
        if self.scared(source) or artisan not in source.artisans:
            raise IllegalAction(f"No {artisan} can be taken from that district.")
        player = self.current
        home = self.housing(player, to_district) if self.free_districts(player) else None
        source.artisans.remove(artisan)
        if home is None:
            player.hand += 1
        else:
            home.artisans.append(artisan)
        self.discard_action()
        return home is not None

    def discover(self, name: str, district_id: int | None = None) -> bool:
        """The Discoverer Genie found ``name`` in the deck: into play if possible, else hand.

        Returns True when the card went into the city.
        """
        if self.deck == 0:
            raise IllegalAction("The deck is empty.")
        card = self.card(name)
        player = self.current
        playable = card.kind in ("district", "guard") or (
            card.kind == "artisan" and bool(self.free_districts(player))
        )
        district = (
            self.housing(player, district_id) if card.kind == "artisan" and playable else None
        )
        self.deck -= 1
        if playable:
            self._place(player, card, district)
        else:
            player.hand += 1
        self.discard_action()
        return playable

    def caliph(self) -> None:
        """Rearrange the line: the cards left take the cheapest places."""
        if not self.took_from_line:
            raise IllegalAction("Play the Caliph after taking a card from the line.")
        self.line = sorted(self.line, reverse=True)
        self.discard_action()

    # ------------------------------------------------------------------ phase 4: end of turn

    def end_turn(self) -> EndOfTurn:
        """Discard down to the hand limit, refill the line, check the end, pass the turn."""
        player = self.current
        excess = max(0, player.hand - self.hand_limit(player))
        player.hand -= excess
        self.discard += excess
        remaining = sum(self.line)
        refilled = min(LINE_SIZE - remaining, self.deck)
        self.deck -= refilled
        filled = remaining + refilled
        self.line = [True] * filled + [False] * (LINE_SIZE - filled)
        self.over = self.deck == 0 or self.bank == 0
        self.turns_ended += 1
        if not self.over:
            self.active = (self.active + 1) % len(self.players)
        self.action_points = 0
        return EndOfTurn(excess, refilled, self.over)


def _die(roll: int) -> int:
    if not 1 <= roll <= 6:
        raise IllegalAction(f"A die shows one to six, not {roll}.")
    return roll


def _points(count: int) -> str:
    return "1 point" if count == 1 else f"{count} points"
