"""The Tales of Arabia content pack: cards, heroes and board as pydantic models.

Every rule of a card, hero or special space is data here, in a small vocabulary of
:data:`Effect` (what happens once) and :class:`Powers` (what a hero or a held card lets
its owner do). The rules core (:mod:`.rules`) reads these and never names a card.

>>> pack = load_pack()
>>> len(pack.deck())
115
>>> pack.card("Dragon").category, pack.card("Dragon").fate_modifier
('Beast', -1)
>>> pack.hero("Aladdin").powers.fate_vs
('Magic', 'Djinn', 'Underworld')
"""

from __future__ import annotations

import re
import tomllib
from functools import cache, cached_property
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from companion.framework.errors import PackError
from companion.framework.packs import read_pack_text, shipped_pack

Token = Literal["fame", "fortune", "faith"]
Category = Literal["Men", "Women", "Animal", "Beast", "Nature", "Magic", "Djinn", "Underworld"]
CardKind = Literal["challenge", "treasure", "event", "item", "location", "aid"]

DEFAULT_PACK = shipped_pack("tales-of-arabia")


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Gain(_Frozen):
    """Take ``amount`` tokens from the supply."""

    do: Literal["gain"]
    token: Token
    amount: int = Field(1, ge=1)


class Pay(_Frozen):
    """Give back ``amount`` tokens, as far as the player has them."""

    do: Literal["pay"]
    token: Token
    amount: int = Field(1, ge=1)


class MissTurn(_Frozen):
    """The player misses their next turn (items and aid cards may avoid it)."""

    do: Literal["miss_turn"]


class ExtraTurn(_Frozen):
    """The player gains a turn, moving with ``dice`` dice during it."""

    do: Literal["extra_turn"]
    dice: int = Field(1, ge=1, le=2)


class Trade(_Frozen):
    """The player may give ``pay_amount`` of ``pay`` to gain ``get_amount`` of ``get``."""

    do: Literal["trade"] = "trade"
    pay: Token
    pay_amount: int = Field(1, ge=1)
    get: Token
    get_amount: int = Field(1, ge=1)


class OpponentMissesTurn(_Frozen):
    """An opponent chosen by the player misses their next turn."""

    do: Literal["opponent_misses_turn"]


class FateRollFor(_Frozen):
    """Make a Fate roll; on a win, gain one token of a kind the player chooses."""

    do: Literal["fate_roll"]
    reward_choice: tuple[Token, ...]


Effect = Annotated[
    Gain | Pay | MissTurn | ExtraTurn | Trade | OpponentMissesTurn | FateRollFor,
    Field(discriminator="do"),
]


class Powers(_Frozen):
    """What a hero, or a card held in front of a player, changes in the rules.

    Category lists that are empty mean "against every challenge".
    """

    fate_bonus: int = 0
    """Added to Fate rolls against ``fate_vs``."""
    fate_vs: tuple[Category, ...] = ()
    steal_bonus: int = 0
    """Added to Steal rolls."""
    move_bonus: int = 0
    """Added to movement rolls."""
    move_dice: int = Field(1, ge=1, le=2)
    """The player may roll this many dice to move."""
    rerolls_per_turn: int = Field(0, ge=0, le=1)
    """The player may roll one of their rolls again, once per turn."""
    win_reward: tuple[Effect, ...] = ()
    """Applied when the player defeats a challenge of ``win_reward_vs``."""
    win_reward_vs: tuple[Category, ...] = ()
    win: Literal["discard", "keep"] | None = None
    """Defeats a challenge of ``win_vs``: by discarding this card, or automatically."""
    win_vs: tuple[Category, ...] = ()
    saves: int = Field(0, ge=0)
    """Avoids that many lost turns, then is discarded."""
    save_roll: int = Field(0, ge=0, le=6)
    """On losing a turn, a roll of at least this keeps it."""
    peek: int = Field(0, ge=0)
    """On their turn the player may look at this many cards from the top of the deck."""
    draw_choose: int = Field(0, ge=0)
    """The player draws this many cards, keeps one and discards the rest."""
    lift_cost: int = Field(0, ge=0)
    """Faith tokens the player may pay to discard this card."""
    trade: Trade | None = None
    """A trade of tokens the player may make once on each of their turns."""


class Card(_Frozen):
    """One card of the Adventure deck (``count`` copies of it)."""

    name: str
    kind: CardKind
    count: int = Field(1, ge=1)
    subtitle: str | None = None
    article: bool | None = None
    """Whether the name is spoken with "the"; by default every card but events is."""
    category: Category | None = None
    """The challenge's category, as the rules use it."""
    written: str | None = None
    """The category as the seed spells it, when that differs ("Man", "Fire Djin")."""
    inferred: bool = False
    """The seed gives no category; ``category`` is our reading of the name."""
    fate_modifier: int = 0
    on_win: tuple[Effect, ...] = ()
    on_fail: tuple[Effect, ...] = ()
    effects: tuple[Effect, ...] = ()
    """Applied when the card is drawn (events, treasures) or landed on (locations)."""
    discard_after: bool = False
    """A treasure that is discarded once its effects are applied."""
    powers: Powers = Powers()
    narration: str = Field(min_length=1)

    @property
    def spoken(self) -> str:
        """The name as it is spoken in a sentence: "the Dragon", "Gold and Silver"."""
        name = self.name.replace("&", "and")
        with_article = self.article if self.article is not None else self.kind != "event"
        starts_with_article = name.split()[0].lower() in ("a", "an", "the")
        return f"the {name}" if with_article and not starts_with_article else name

    @model_validator(mode="after")
    def _fits_kind(self) -> Card:
        challenge = self.kind == "challenge"
        if challenge != (self.category is not None):
            raise ValueError(f"{self.name}: only challenges have a category")
        if not challenge and (self.on_win or self.on_fail or self.fate_modifier):
            raise ValueError(f"{self.name}: only challenges have win and fail effects")
        if self.powers != Powers() and self.kind not in ("item", "aid"):
            raise ValueError(f"{self.name}: only items and aid cards have powers")
        return self


class Hero(_Frozen):
    name: str
    subtitle: str | None = None
    also: tuple[str, ...] = ()
    """Other ways players say the name ("Sinbad")."""
    powers: Powers
    narration: str = Field(min_length=1)


class SpecialSpace(_Frozen):
    """A named square of the track."""

    number: int = Field(ge=1)
    name: str
    spoken: str | None = None
    """The name as it is spoken in a sentence when that differs: "the Silk Road"."""
    on_land: tuple[Effect, ...] = ()
    on_pass: tuple[Effect, ...] = ()
    """Applied when a move goes past this space without stopping on it."""
    narration: str = Field(min_length=1)


class Board(_Frozen):
    spaces: int = Field(ge=2)
    start: int = Field(ge=1)
    special: tuple[SpecialSpace, ...]

    @cached_property
    def _special_by_number(self) -> dict[int, SpecialSpace]:
        return {space.number: space for space in self.special}

    def special_at(self, number: int) -> SpecialSpace | None:
        """The named space at ``number``, or None for an empty space."""
        return self._special_by_number.get(number)


class Pack(_Frozen):
    """The whole content pack."""

    cards: tuple[Card, ...]
    heroes: tuple[Hero, ...]
    board: Board

    @cached_property
    def _by_name(self) -> dict[str, Card]:
        return {card.name: card for card in self.cards}

    def card(self, name: str) -> Card:
        """The card called ``name``."""
        try:
            return self._by_name[name]
        except KeyError:
            raise PackError.at("", 0, f"no card called {name!r}") from None

    def hero(self, name: str) -> Hero:
        """The hero called ``name``."""
        for hero in self.heroes:
            if hero.name == name:
                return hero
        raise PackError.at("", 0, f"no hero called {name!r}")

    @cached_property
    def deck_counts(self) -> dict[str, int]:
        """How many copies of each card the deck holds."""
        return {card.name: card.count for card in self.cards}

    def deck(self) -> list[str]:
        """The names of the full Adventure deck, unshuffled, copies included."""
        return [card.name for card in self.cards for _ in range(card.count)]

    @model_validator(mode="after")
    def _unique_names(self) -> Pack:
        for kind, names in (
            ("card", [card.name for card in self.cards]),
            ("hero", [hero.name for hero in self.heroes]),
        ):
            if len(set(names)) != len(names):
                raise ValueError(f"a {kind} name is used twice")
        for space in self.board.special:
            if space.number > self.board.spaces:
                raise ValueError(f"{space.name} is off the {self.board.spaces}-space track")
        return self


def _read_toml(path: Path) -> dict:
    try:
        return tomllib.loads(read_pack_text(path))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise PackError.at(path, _toml_line(error), f"cannot read it: {error}") from error


def _toml_line(error: Exception) -> int:
    """The line a TOML error names ("... (at line 3, column 5)"), else 0.

    >>> _toml_line(ValueError("Expected '=' (at line 3, column 5)")), _toml_line(OSError())
    (3, 0)
    """
    found = re.search(r"at line (\d+)", str(error))
    return int(found.group(1)) if found else 0


@cache
def load_pack(folder: Path | str | None = None) -> Pack:
    """Read ``cards.toml``, ``heroes.toml`` and ``board.toml`` from ``folder``."""
    root = Path(folder) if folder else DEFAULT_PACK
    try:
        return Pack(
            cards=_read_toml(root / "cards.toml")["cards"],
            heroes=_read_toml(root / "heroes.toml")["heroes"],
            board=_read_toml(root / "board.toml"),
        )
    except (KeyError, ValidationError) as error:
        raise PackError.at(root, 0, str(error)) from error
