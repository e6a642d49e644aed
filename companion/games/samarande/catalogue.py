"""The editable card catalogue of Les Fils de Samarande (``content/samarande/cards.toml``).

The catalogue lists each *different* card once: its kind, cost and the numbers the rules
read (housing capacity, tax coins, guard bonus) and, for special actions, which effect the
companion resolves. Players keep their physical cards, so the companion never needs to
know how many copies of a card exist; it counts the deck from the box's total.

>>> catalogue = load_catalogue(DEFAULT_CATALOGUE)
>>> catalogue.card("militia").guard_bonus
1
>>> catalogue.card("Royal Guard").spoken_names
('royal guard', 'garde royale', 'royal guards', 'royal guardsman')
"""

from __future__ import annotations

import tomllib
import unicodedata
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from companion.packs import shipped_pack
from companion.phrases import normalize

DEFAULT_CATALOGUE = shipped_pack("samarande")
"""The folder of the catalogue shipped with the companion."""

CATALOGUE_FILE = "cards.toml"

Kind = Literal["district", "artisan", "guard", "action"]
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


def spoken_form(text: str) -> str:
    """Words as players say them: accents folded, then :func:`normalize`.

    >>> spoken_form("Cimeterre enchanté")
    'cimeterre enchante'
    """
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return normalize(folded)


class CatalogueError(ValueError):
    """The catalogue file is missing or says something impossible; the message says what."""


class UnknownCardError(KeyError):
    """No card of that name (or alias) is in the catalogue."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown card"


class Card(BaseModel):
    """One different card of the game."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(description="English name, spoken by the companion.")
    french: str = Field("", description="The name printed on the card.")
    aliases: tuple[str, ...] = Field((), description="Other ways players say it.")
    kind: Kind
    cost: int = Field(ge=0, le=9, description="Action points to play it.")
    capacity: int = Field(0, ge=0, le=3, description="Districts: artisans it houses.")
    fortified: bool = Field(False, description="Districts: +1 to protection.")
    hand_limit_bonus: int = Field(0, ge=0, description="Districts: raises the hand limit.")
    coins: int = Field(0, ge=0, le=3, description="Artisans: taxes each turn.")
    guard_bonus: int = Field(0, ge=0, le=3, description="Guards: protection and combat bonus.")
    desert_veteran: bool = Field(False, description="Guards: the desert re-roll rights.")
    effect: Effect = "none"
    end_points: int = Field(0, ge=0, description="Keepsakes: renown points at the end.")
    checked: bool = Field(False, description="An owner compared it with a real card.")
    text: str = ""

    @model_validator(mode="after")
    def _fields_fit_kind(self) -> Card:
        if self.kind == "action" and self.effect == "none":
            raise ValueError(f"{self.name}: an action card needs an effect (or 'manual')")
        if self.kind != "action" and self.effect != "none":
            raise ValueError(f"{self.name}: only action cards have an effect")
        if self.kind == "guard" and self.guard_bonus == 0:
            raise ValueError(f"{self.name}: a guard needs a guard_bonus from 1 to 3")
        if self.kind == "artisan" and self.coins == 0:
            raise ValueError(f"{self.name}: an artisan needs coins from 1 to 3")
        return self

    @property
    def is_genie(self) -> bool:
        return self.effect in GENIE_EFFECTS

    @property
    def spoken_names(self) -> tuple[str, ...]:
        """Every name a player may use for this card, normalised."""
        names = (self.name, self.french, *self.aliases)
        return tuple(dict.fromkeys(spoken_form(name) for name in names if spoken_form(name)))


class Catalogue(BaseModel):
    """Every different card, and the size of the box."""

    model_config = ConfigDict(frozen=True)

    total_cards: int = Field(110, ge=1)
    cards: tuple[Card, ...]

    def __deepcopy__(self, memo: dict[int, object]) -> Catalogue:
        """A frozen catalogue is shared, never copied (saves copying it on every answer)."""
        return self

    @model_validator(mode="after")
    def _names_are_unique(self) -> Catalogue:
        seen: dict[str, str] = {}
        for card in self.cards:
            for spoken in card.spoken_names:
                if spoken in seen and seen[spoken] != card.name:
                    raise ValueError(f"'{spoken}' names both {seen[spoken]} and {card.name}")
                seen[spoken] = card.name
        return self

    def card(self, name: str) -> Card:
        """The card with exactly this English name (any capitalisation)."""
        wanted = normalize(name)
        for card in self.cards:
            if normalize(card.name) == wanted:
                return card
        raise UnknownCardError(f"no card called {name} in the catalogue")


def load_catalogue(folder: str | Path | None = None) -> Catalogue:
    """Read ``cards.toml`` from ``folder`` (default: the shipped catalogue)."""
    path = Path(folder or DEFAULT_CATALOGUE)
    if path.is_dir():
        path = path / CATALOGUE_FILE
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CatalogueError(f"no card catalogue at {path}") from None
    except tomllib.TOMLDecodeError as error:
        raise CatalogueError(f"{path} is not valid TOML: {error}") from None
    try:
        return Catalogue(
            total_cards=data.get("deck", {}).get("total", 110), cards=data.get("card", [])
        )
    except ValidationError as error:
        raise CatalogueError(f"{path}: {error}") from None
