"""What the Reader saves: :class:`ReaderState` and the models in it. No phase lives here.

``Phase`` names every question the Reader can be at (the kit adds its own seating
phases); the pack a state names is loaded once per process by :func:`cached_pack`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel, Field, model_validator

from companion.framework.dialogue import SeededRandom
from companion.framework.kit import Seating
from companion.framework.packs import pack_location
from companion.games.arabian_nights.content.loader import load_pack
from companion.games.arabian_nights.content.pack import Gender, Pack
from companion.games.arabian_nights.dialogue.sheet_commands import SheetCommand
from companion.games.arabian_nights.rules.encounter import DestinyFace
from companion.games.arabian_nights.rules.state import TableRules, TableState

Phase = Literal[
    "skills_mode", "skill", "confirm_skills", "formula",
    "first_player", "escape", "move", "card", "chart_roll", "reaction", "destiny",
    "master_choice", "fortunate", "lucky", "diseased", "section", "choose_status", "choose_skill",
    "choose_space", "keep_city", "play_city", "city_roll", "over",
]  # fmt: skip

SETUP_PHASES = ("count", "name", "gender")
"""Phases of saves made before the game kit: the kit asks these now."""


@lru_cache(maxsize=8)
def cached_pack(reference: str) -> Pack:
    """A pack is data: load it once per process and share it between states.

    ``reference`` is how a save names the pack (see
    :func:`companion.framework.packs.pack_reference`).
    """
    return load_pack(pack_location(reference))


class NewPlayer(BaseModel):
    """A player being set up."""

    name: str
    gender: Gender | None = None
    skills: list[str] = []
    destiny_goal: int | None = None


class Encounter(BaseModel):
    """The encounter under way."""

    card: str | None = None
    """The encounter card that started it (None for a Place of Power)."""
    card_in_play: bool = False
    """True when the companion drew the card from its own deck (to discard or keep)."""
    chart: int | None = None
    matrix: str | None = None
    row: str | None = None
    encountered: str = ""
    """What was met: replaces "the other" when reading."""
    gender: Gender | None = None
    reaction: str | None = None
    paragraph: int | None = None
    telling: int = 0
    """Which telling of ``paragraph`` is read (0: the book's own words)."""
    master_skill: str | None = None
    """Set when the player took a Master skill's shortcut to ``paragraph``."""
    face: DestinyFace | None = None
    """The Destiny Die's face, while a treasure could still change it."""
    pending_code: str | None = None
    """The reward code whose choice is being asked; the tale goes on from it after."""
    after_city_card: bool = False
    """True for a special encounter named by a played city card."""
    foreseen: bool = False
    """True once a treasure has shown what a reaction would bring in this encounter."""


class ReaderState(BaseModel):
    """Everything the Reader needs to resume a game exactly where it was."""

    pack_path: str
    dice: SeededRandom
    seating: Seating = Seating()
    phase: Phase = "skills_mode"
    """The game's own phase once the kit has seated everyone."""
    new_players: list[NewPlayer] = []
    """The players while they choose skills and formulas, before the table is laid."""
    setup_index: int = 0
    """Which new player (or, while choosing skills, which pick) is being asked."""
    table: TableState | None = None
    encounter: Encounter | None = None
    city_card: str | None = None
    """The kept city card being played."""
    tellings_heard: dict[int, list[int]] = {}
    """For each paragraph told in more than one way, the tellings this game has read
    since it last read them all: the next reading picks one not among them."""
    quest_deck: list[str] = []
    quest_visits: dict[str, list[str]] = {}
    instructions: list[str] = Field(default_factory=list, description="Free-text log.")
    rules: TableRules = TableRules()
    pending: SheetCommand | None = None
    """A sheet command said by the table, waiting for its confirmation."""
    sheet_open: bool = False
    """True after "change my sheet": the next answer is one sheet command."""

    @model_validator(mode="before")
    @classmethod
    def _seating_of_older_saves(cls, data: Any) -> Any:
        """Saves made before the game kit asked the players in phases count, name and
        gender, into ``expected_players`` and ``new_players``; they are read into
        ``seating``, and the kit asks what was still missing.

        >>> old = {"pack_path": "demo", "dice": {"seed": 1}, "phase": "gender",
        ...        "expected_players": 2, "new_players": [{"name": "Ali"}]}
        >>> ReaderState.model_validate(old).seating
        Seating(count=2, names=['Ali'], genders=[], told=[])
        """
        if not isinstance(data, dict) or "seating" in data:
            return data
        data = dict(data)
        expected = data.pop("expected_players", 0)
        table = data.get("table")
        players = table["players"] if isinstance(table, dict) else data.get("new_players", [])
        names = [player["name"] for player in players]
        genders = [player["gender"] for player in players if player.get("gender")]
        data["seating"] = {"count": expected or len(names) or None, "names": names,
                           "genders": genders}  # fmt: skip
        if data.get("phase", SETUP_PHASES[0]) in SETUP_PHASES:
            data["phase"], data["new_players"] = "skills_mode", []
        return data
