"""The saved state of the Samarande dialogue."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, model_validator

from companion.framework.dialogue import DialogueState, SeededRandom
from companion.framework.kit import Seating
from companion.games.samarande.content.catalogue import Catalogue
from companion.games.samarande.rules import Settings, Table

Mode = Literal["play", "score"]


class Pending(BaseModel):
    """The card being played and what is known of it so far."""

    card: str
    victim: str | None = None
    district: int | None = None
    guard: str | None = None
    artisan: str | None = None
    """``"ID:Name"``: the district the artisan lives in and its name."""
    genie: int | None = None
    home: int | None = None
    found: str | None = None
    paid: bool = False
    joker_asked: bool = False
    assassin_roll: int | None = None
    reroll_asked: bool = False
    guard_roll: int | None = None
    theft_roll: int | None = None
    told: list[str] = []
    """Targets that were the only ones possible, to be named aloud."""


class SamarandeState(DialogueState):
    """Everything the dialogue saves."""

    mode: Mode = "play"
    catalogue: Catalogue
    settings: Settings = Field(default_factory=Settings)
    dice: SeededRandom
    seating: Seating = Field(default_factory=Seating)
    table: Table | None = None
    phase: str = "deal"
    """The game's question open now, once everyone is seated (the kit dispatches on it)."""
    difficulty: int | None = None
    """This turn's protection difficulty, once the neighbour has rolled."""
    difficulty_rerolled: bool = False
    pending: Pending | None = None
    naming: str | None = None
    """A card the list lacked, just played: the name it has until the table names it."""
    dictating: int = 0
    """Score mode: whose city is being dictated (an index of ``names``)."""
    dictated: list[dict[str, int]] = Field(default_factory=list)
    gold: list[int] = Field(default_factory=list)

    @model_validator(mode="before")
    @classmethod
    def _table_shares_the_catalogue(cls, data: Any) -> Any:
        """The saved table leaves out the catalogue; give it the state's one back.

        Saves made before the game kit named the players in ``names`` and the open
        question ``stage``; they are read into ``seating`` and ``phase``.
        """
        if not isinstance(data, dict):
            return data
        if "names" in data:
            names = [name for name, *_ in data["names"]]
            stage = data.get("stage")
            count = data.get("expected_players") or len(names) or None
            data = {key: value for key, value in data.items() if key not in _BEFORE_KIT}
            data["seating"] = {"count": count, "names": names}
            if stage not in (None, "count", "name"):
                data["phase"] = stage
        if isinstance(data.get("table"), dict):
            data = {**data, "table": {**data["table"], "catalogue": data.get("catalogue")}}
        return data


_BEFORE_KIT = ("names", "expected_players", "stage")
