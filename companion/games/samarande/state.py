"""The saved state of the Samarande dialogue."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, model_validator

from companion.dialogue import DialogueState, SeededRandom
from companion.games.samarande.catalogue import Catalogue
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


class SamarandeState(DialogueState):
    """Everything the dialogue saves."""

    mode: Mode = "play"
    catalogue: Catalogue
    settings: Settings = Field(default_factory=Settings)
    dice: SeededRandom
    names: list[tuple[str, str]] = Field(default_factory=list)
    expected_players: int | None = None
    table: Table | None = None
    stage: str = "count"
    """The question open now: a key of the dialogue's steps."""
    difficulty: int | None = None
    """This turn's protection difficulty, once the neighbour has rolled."""
    difficulty_rerolled: bool = False
    pending: Pending | None = None
    dictating: int = 0
    """Score mode: whose city is being dictated (an index of ``names``)."""
    dictated: list[dict[str, int]] = Field(default_factory=list)
    gold: list[int] = Field(default_factory=list)

    @model_validator(mode="before")
    @classmethod
    def _table_shares_the_catalogue(cls, data: Any) -> Any:
        """The saved table leaves out the catalogue; give it the state's one back."""
        if isinstance(data, dict) and isinstance(data.get("table"), dict):
            data = {**data, "table": {**data["table"], "catalogue": data.get("catalogue")}}
        return data
