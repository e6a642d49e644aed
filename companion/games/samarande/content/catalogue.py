"""The card list of Les Fils de Samarande (``content/samarande/cards.toml``).

The list holds each *different* card once, with the names printed on it (French) and
the English names players may use. The box's composition (how many districts, artisans,
guards and special actions) is in ``[box]``; the companion refuses a table that would
need more cards of a kind than the box holds. A card's copies (``count``) are given
when known.

A figure the rulebook does not print (a cost, a capacity, a bonus) is simply left out:
it is *unknown*, and the players state it the first time the card is played
(:meth:`Catalogue.with_figures`); the game's save keeps the stated figures.

>>> from companion.games.samarande.content.loader import load_catalogue
>>> catalogue = load_catalogue(DEFAULT_CATALOGUE)
>>> catalogue.card("milice").guard_bonus
1
>>> catalogue.card("Militia").missing
('cost',)
>>> catalogue.with_figures("Militia", cost=1).card("Militia").missing
()
>>> catalogue.box["district"]
23
"""

from __future__ import annotations

import unicodedata
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from companion.framework.errors import IllegalAction
from companion.framework.packs import shipped_pack
from companion.framework.phrases import normalize

DEFAULT_CATALOGUE = shipped_pack("samarande")
"""The folder of the card list shipped with the companion."""

CATALOGUE_FILE = "cards.toml"

Kind = Literal["district", "artisan", "guard", "action"]
KINDS: tuple[Kind, ...] = ("district", "artisan", "guard", "action")
Effect = Literal[
    "none",
    "assassin",
    "theft",
    "tornado",
    "scary_genie",
    "protector_genie",
    "joker_genie",
    "giant_genie",
    "kidnapper_genie",
    "magic_lamp",
    "discoverer_genie",
    "caliph",
    "keepsake",
    "manual",
]

#: Effects that are genies (the Magic Lamp sends these away).
GENIE_EFFECTS = frozenset({"scary_genie", "protector_genie", "joker_genie", "giant_genie"})

#: The box of the rulebook: 110 cards.
BOX: dict[str, int] = {"district": 23, "artisan": 26, "guard": 19, "action": 42}

Figure = Literal[
    "cost", "capacity", "fortified", "hand_limit_bonus", "coins", "guard_bonus", "end_points"
]
#: The figures every card of a kind needs before it can be played or scored.
FIGURES_OF_KIND: dict[str, tuple[Figure, ...]] = {
    "district": ("cost", "capacity", "fortified", "hand_limit_bonus"),
    "artisan": ("cost", "coins"),
    "guard": ("cost", "guard_bonus"),
    "action": ("cost",),
}
#: The range of each numeric figure (``fortified`` is yes or no).
FIGURE_RANGES: dict[str, range] = {
    "cost": range(0, 10),
    "capacity": range(0, 4),
    "hand_limit_bonus": range(0, 5),
    "coins": range(1, 4),
    "guard_bonus": range(1, 4),
    "end_points": range(0, 11),
}


def spoken_form(text: str) -> str:
    """Words as players say them: accents folded, then :func:`normalize`.

    >>> spoken_form("Cimeterre enchanté")
    'cimeterre enchante'
    """
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return normalize(folded)


class UnknownFigureError(IllegalAction):
    """A figure of the card is not known yet: the players must state it first."""


class UnknownCardError(KeyError):
    """No card of that name (or alias) is in the list."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown card"


class Card(BaseModel):
    """One different card of the game; a figure left as None is not known yet."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, description="English name, spoken by the companion.")
    french: str = Field("", description="The name printed on the card, when known.")
    aliases: tuple[str, ...] = Field((), description="Other ways players say it.")
    kind: Kind
    count: int | None = Field(None, ge=1, description="Copies in the box, when known.")
    plural: bool = Field(False, description="The name is plural: 'the Bedouins fall'.")
    cost: int | None = Field(None, ge=0, le=9, description="Action points to play it.")
    capacity: int | None = Field(None, ge=0, le=3, description="Districts: artisans housed.")
    fortified: bool | None = Field(None, description="Districts: +1 to protection.")
    hand_limit_bonus: int | None = Field(None, ge=0, le=4, description="Raises the hand limit.")
    coins: int | None = Field(None, ge=1, le=3, description="Artisans: taxes each turn.")
    guard_bonus: int | None = Field(None, ge=1, le=3, description="Guards: protection bonus.")
    desert_veteran: bool = Field(False, description="Guards: the desert re-roll rights.")
    effect: Effect = "none"
    end_points: int | None = Field(None, ge=0, le=10, description="Keepsakes: renown at the end.")
    unlisted: bool = Field(False, description="Stands for cards the list does not name.")
    text: str = ""

    @model_validator(mode="before")
    @classmethod
    def _older_saves(cls, data: Any) -> Any:
        """Saves made before the card list knew unknown figures marked each card checked."""
        return _without(data, "checked")

    @model_validator(mode="after")
    def _fields_fit_kind(self) -> Card:
        if self.kind == "action" and self.effect == "none":
            raise ValueError("an action card needs an effect (or 'manual'); add effect = ...")
        if self.kind != "action" and self.effect != "none":
            raise ValueError("only action cards have an effect; remove effect")
        allowed = set(self.needed()) | {"cost"}
        for figure in FIGURE_RANGES.keys() | {"fortified"}:
            if figure not in allowed and getattr(self, figure) is not None:
                raise ValueError(f"a {self.kind} has no {figure}; remove it")
        if self.desert_veteran and self.kind != "guard":
            raise ValueError("only guards are desert veterans; remove desert_veteran")
        return self

    def needed(self) -> tuple[Figure, ...]:
        """The figures this card needs (a keepsake also needs its end points)."""
        extra: tuple[Figure, ...] = ("end_points",) if self.effect == "keepsake" else ()
        return FIGURES_OF_KIND[self.kind] + extra

    def known(self, figure: Figure) -> int:
        """The value of a figure (``fortified`` as 0 or 1); raises when it is unknown.

        >>> Card(name="Hut", kind="district", capacity=2).known("capacity")
        2
        """
        value = getattr(self, figure)
        if value is None:
            raise UnknownFigureError(f"The {self.name}'s {figure.replace('_', ' ')} is not known.")
        return int(value)

    @property
    def missing(self) -> tuple[Figure, ...]:
        """The figures still unknown, in the order the players are asked for them."""
        return tuple(figure for figure in self.needed() if getattr(self, figure) is None)

    @property
    def is_genie(self) -> bool:
        return self.effect in GENIE_EFFECTS

    @property
    def spoken_names(self) -> tuple[str, ...]:
        """Every name a player may use for this card, normalised."""
        names = (self.name, self.french, *self.aliases)
        return tuple(dict.fromkeys(spoken_form(name) for name in names if spoken_form(name)))


def _without(data: Any, field: str) -> Any:
    """Saved ``data`` without a ``field`` that older saves have and the model no longer
    does (the models forbid unknown fields).

    >>> _without({"name": "Hut", "checked": True}, "checked")
    {'name': 'Hut'}
    """
    if isinstance(data, dict) and field in data:
        return {key: value for key, value in data.items() if key != field}
    return data


class Box(BaseModel):
    """How many cards of each kind the box holds."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    district: int = Field(BOX["district"], ge=0)
    artisan: int = Field(BOX["artisan"], ge=0)
    guard: int = Field(BOX["guard"], ge=0)
    action: int = Field(BOX["action"], ge=0)

    def __getitem__(self, kind: str) -> int:
        return int(getattr(self, kind))


class Catalogue(BaseModel):
    """Every different card, and the box's composition."""

    model_config = ConfigDict(frozen=True)

    box: Box = Field(default_factory=Box)
    cards: tuple[Card, ...]

    def __deepcopy__(self, memo: dict[int, object]) -> Catalogue:
        """A frozen catalogue is shared, never copied (saves copying it on every answer)."""
        return self

    @model_validator(mode="before")
    @classmethod
    def _older_saves(cls, data: Any) -> Any:
        """Saves made before the box was counted by kind held only its total (110)."""
        return _without(data, "total_cards")

    @property
    def total_cards(self) -> int:
        return sum(self.box[kind] for kind in KINDS)

    @model_validator(mode="after")
    def _names_are_unique_and_counts_fit(self) -> Catalogue:
        for problem in name_clashes(self.cards):
            raise ValueError(problem)
        for kind, counted in counts_by_kind(self.cards).items():
            if counted > self.box[kind]:
                raise ValueError(_too_many(kind, counted, self.box[kind]))
        return self

    def card(self, name: str) -> Card:
        """The card with this English name, French name or alias (any capitalisation)."""
        wanted = spoken_form(name)
        for card in self.cards:
            if wanted in card.spoken_names:
                return card
        raise UnknownCardError(f"no card called {name} in the list")

    def with_figures(self, name: str, **figures: int | bool) -> Catalogue:
        """This list with figures of ``name`` stated (a new, equally frozen list)."""
        card = self.card(name)
        changed = Card.model_validate({**card.model_dump(exclude_unset=True), **figures})
        cards = tuple(changed if other is card else other for other in self.cards)
        return Catalogue(box=self.box, cards=cards)

    def renamed(self, name: str, new_name: str) -> Catalogue:
        """This list with the card ``name`` called ``new_name`` (a new card the table named)."""
        card = self.card(name)
        changed = card.model_copy(update={"name": new_name, "aliases": ()})
        return Catalogue(box=self.box, cards=tuple(changed if c is card else c for c in self.cards))

    def without(self, name: str) -> Catalogue:
        """This list without the card ``name``."""
        card = self.card(name)
        return Catalogue(box=self.box, cards=tuple(c for c in self.cards if c is not card))

    def with_card(self, card: Card) -> Catalogue:
        """This list with one more card (an unlisted card the players play)."""
        return Catalogue(box=self.box, cards=(*self.cards, card))

    def limit(self, card: Card) -> int:
        """How many copies of ``card`` the box can hold at most."""
        if card.count is not None:
            return card.count
        return self.box[card.kind]


def counts_by_kind(cards: tuple[Card, ...] | list[Card]) -> dict[str, int]:
    """The known copies of each kind: ``{"district": 7, ...}``."""
    totals = dict.fromkeys(KINDS, 0)
    for card in cards:
        totals[card.kind] += card.count or 0
    return totals


def name_clashes(cards: tuple[Card, ...] | list[Card]) -> list[str]:
    """Every spoken name that stands for two cards."""
    seen: dict[str, str] = {}
    problems = []
    for card in cards:
        for spoken in card.spoken_names:
            if spoken in seen and seen[spoken] != card.name:
                problems.append(f"'{spoken}' names both {seen[spoken]} and {card.name}")
            seen.setdefault(spoken, card.name)
    return problems


def _too_many(kind: str, counted: int, box: int) -> str:
    return f"the cards' counts add up to {counted} {kind}s but the box holds {box}"
