"""The saved state of a Tales of Arabia game: players, deck, board, agenda and settings.

The rules core (:mod:`.rules`) works through an *agenda*: a stack of small tasks (move,
land, draw, face a challenge, lose a turn...). A task that needs a player's roll or choice
stays on top of the stack and the game waits with a :class:`Decision`. Everything here is
pydantic, so a game saved in the middle of a Fate roll resumes exactly there.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import BaseModel, Field, ValidationError

from companion.games.tales_of_arabia.content.pack import Effect, Token


class SettingError(ValueError):
    """A ``--set key=value`` the game does not know or cannot read."""


_TRUE = {"yes", "true", "on", "1"}
_FALSE = {"no", "false", "off", "0"}


class Settings(BaseModel):
    """Choices where players may read the seed differently (docs/rules-decisions.md)."""

    treasure_counts: bool = True
    """Treasure cards count one Fortune point each in the final count."""
    pay_with_treasure: bool = True
    """A Fortune to discard may be a Treasure card when the player has no Fortune token."""
    location_acts_on_draw: bool = True
    """A Location card acts on the player who draws it, not only on later landings."""
    unique_heroes: bool = True
    """Each hero may be chosen by one player only."""
    steal_first: bool = True
    """Landing on an opponent: the Steal roll comes before the space acts (else after)."""
    ask_every_reroll: bool = False
    """Morgiana is asked to keep or re-roll every movement roll (else only one that lands
    on a card, another hero or a special space)."""

    @classmethod
    def from_options(cls, values: Mapping[str, str]) -> Settings:
        """Read ``--set`` pairs; yes/no, true/false, on/off and 1/0 are understood.

        >>> Settings.from_options({"treasure_counts": "no"}).treasure_counts
        False
        """
        parsed: dict[str, bool] = {}
        for key, text in values.items():
            if key not in cls.model_fields:
                known = ", ".join(cls.model_fields)
                raise SettingError(f"unknown setting {key!r}; known settings: {known}")
            word = text.strip().lower()
            if word not in _TRUE | _FALSE:
                raise SettingError(f"setting {key} wants yes or no, not {text!r}")
            parsed[key] = word in _TRUE
        try:
            return cls(**parsed)
        except ValidationError as error:  # pragma: no cover - every field is a bool
            raise SettingError(str(error)) from error


class HeldItem(BaseModel):
    """An item card in front of a player, with how often it has been used."""

    name: str
    uses: int = 0


class Player(BaseModel):
    name: str
    hero: str
    space: int = 1
    fame: int = 0
    fortune: int = 0
    faith: int = 0
    items: list[HeldItem] = []
    treasures: list[str] = []
    aids: list[str] = []
    trophies: list[str] = []
    """Challenge cards won: one Fame point each."""
    missed_turns: int = 0
    extra_turns: list[int] = []
    """Turns gained and not yet played, each with the number of dice to move with."""
    reroll_turn: int = -1
    """The turn in which the player last used a re-roll."""
    used_this_turn: list[str] = []
    """Once-per-turn actions already taken this turn ("peek", "trade")."""

    def tokens(self, token: Token) -> int:
        return getattr(self, token)

    def add_tokens(self, token: Token, amount: int) -> None:
        setattr(self, token, self.tokens(token) + amount)

    def held_names(self) -> list[str]:
        """Every card name in front of the player (items, treasures, aid cards)."""
        return [item.name for item in self.items] + self.treasures + self.aids


# ----------------------------------------------------------------------------- agenda


class _Task(BaseModel):
    player: int


class _Choosing(_Task):
    """A task that waits for its player's choice."""

    choice: str | None = None
    """What the player chose (None until asked); after a roll, "no" keeps it."""


class _RollTask(_Choosing):
    value: int | None = None
    """The roll once it is made."""


class _AtCard(_Task):
    """A task about one challenge card, drawn or met on the board."""

    card: str
    on_board: bool


class OrderRoll(_RollTask):
    """Everyone rolls; the turn order follows the rolls, highest first. Players tied on a
    roll roll again among themselves for their places. ``player`` is unused."""

    kind: Literal["order_roll"] = "order_roll"
    contenders: list[int]
    """Who rolls now: everybody, then each group of tied players."""
    rolls: list[int] = []
    placed: list[int] = []
    """The turn order found so far."""
    waiting: list[list[int]] = []
    """Groups still to place, in order: each group tied on an earlier roll."""


class StartTurn(_Task):
    kind: Literal["start_turn"] = "start_turn"
    dice: int = 1
    gained: bool = False


class MoveRoll(_RollTask):
    kind: Literal["move_roll"] = "move_roll"
    dice: int = 1


class Move(_Task):
    kind: Literal["move"] = "move"
    steps: int


class Land(_Task):
    kind: Literal["land"] = "land"


class Draw(_Task):
    kind: Literal["draw"] = "draw"


class KeepOne(_Choosing):
    """Celestial Orb: keep one of the cards drawn."""

    kind: Literal["keep_one"] = "keep_one"
    cards: list[str]


class Resolve(_Task):
    kind: Literal["resolve"] = "resolve"
    card: str


class Face(_AtCard):
    kind: Literal["face"] = "face"


class FateRoll(_RollTask):
    kind: Literal["fate_roll"] = "fate_roll"
    card: str
    on_board: bool = False


class Won(_AtCard):
    kind: Literal["won"] = "won"
    by: str | None = None
    """The card that won the challenge instead of a roll."""


class Failed(_AtCard):
    kind: Literal["failed"] = "failed"


class Reward(_Choosing):
    """Choose which token a won Fate roll brings (Valley of Serpents)."""

    kind: Literal["reward"] = "reward"
    options: list[Token]
    card: str | None = None
    """The card the Fate roll was won against (said with the question)."""


class ApplyEffect(_Choosing):
    kind: Literal["effect"] = "effect"
    effect: Effect
    source: str


class LoseTurn(_Task):
    kind: Literal["lose_turn"] = "lose_turn"


class RingRoll(_RollTask):
    kind: Literal["ring_roll"] = "ring_roll"
    ring: str


class SaveOffer(_Choosing):
    kind: Literal["save_offer"] = "save_offer"


class StealOffer(_Choosing):
    kind: Literal["steal_offer"] = "steal_offer"
    victims: list[int]


class StealRoll(_RollTask):
    kind: Literal["steal_roll"] = "steal_roll"
    victim: int


class StealPick(_Choosing):
    kind: Literal["steal_pick"] = "steal_pick"
    victim: int


class EndTurn(_Task):
    kind: Literal["end_turn"] = "end_turn"


Task = Annotated[
    OrderRoll
    | StartTurn
    | MoveRoll
    | Move
    | Land
    | Draw
    | KeepOne
    | Resolve
    | Face
    | FateRoll
    | Won
    | Failed
    | Reward
    | ApplyEffect
    | LoseTurn
    | RingRoll
    | SaveOffer
    | StealOffer
    | StealRoll
    | StealPick
    | EndTurn,
    Field(discriminator="kind"),
]

RollPurpose = Literal["order", "move", "fate", "steal", "ring"]
ChoicePurpose = Literal[
    "reroll", "rescue", "save", "steal_try", "steal_from", "steal_what", "keep_card",
    "trade", "target", "reward",
]  # fmt: skip


class Decision(BaseModel):
    """What the game waits for: one player's roll or one player's choice."""

    kind: Literal["roll", "choose"]
    purpose: RollPurpose | ChoicePurpose
    player: int
    options: list[str] = []
    """For a choice: the values allowed (card names, player names, tokens, yes, no...)."""
    low: int = 1
    high: int = 6
    """For a roll: the totals a player may say."""
    dice: int = 1
    """For a roll: how many dice "roll for me" rolls."""
    two_dice: bool = False
    """For a movement roll: the player may ask for two dice (Magic Carpet)."""
    actions: list[str] = []
    """Before a movement roll: item actions available ("peek", "trade", "lift")."""
    card: str | None = None
    """The card at stake (the challenge faced, the card offered)."""
    other: int | None = None
    """The other player concerned (the victim of a steal)."""
    value: int | None = None
    """For a choice after a roll: the roll made."""


class GameState(BaseModel):
    players: list[Player]
    deck: list[str]
    """Top card first."""
    discard: list[str] = []
    board: dict[int, str] = {}
    """Cards lying on spaces: Location cards and failed Challenge cards."""
    current: int = 0
    order: list[int] = []
    """The turn order (player indexes) from the first rolls; empty: as seated."""
    turn_number: int = 0
    agenda: list[Task] = []
    pending: Decision | None = None
    finished: bool = False
    settings: Settings = Settings()


@dataclass(frozen=True)
class Event:
    """Something that happened, for the dialogue to narrate.

    ``kind`` names what happened; the other fields are filled as that kind needs.
    """

    kind: str
    player: str = ""
    other: str = ""
    card: str = ""
    token: str = ""
    amount: int = 0
    total: int = 0
    cards: tuple[str, ...] = ()
