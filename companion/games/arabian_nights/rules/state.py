"""The table of a Tales of the Arabian Nights game: player sheets, decks, turn order.

Every model here is pydantic and JSON round-trippable, so a dialogue can embed a
`TableState` in its save. The rules functions never mutate a state they are given: they
return a new one (see `TableState.evolve`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Literal, Self

from pydantic import BaseModel, Field, model_validator

from companion.framework.errors import IllegalAction
from companion.games.arabian_nights.content.pack import Gender, Pack, TimeOfDay
from companion.games.arabian_nights.content.reward_codes import normalise_name

SkillLevel = Literal["Talent", "Master"]
VICTORY_POINTS = 20
"""Destiny goal + Story goal, chosen in secret at setup."""
MOST_POINTS = 999
"""More Destiny or Story than any game reaches (the goals add up to 20): a save holding
more is refused rather than read aloud."""
HOME = "Baghdad"
"""Where every character starts and where victory is declared."""
STARTING_WEALTH = "Poor"


def same_name(first: str, second: str) -> bool:
    """Whether two names are the same, ignoring capitalisation and repeated spaces."""
    return normalise_name(first) == normalise_name(second)


def find_name(name: str, names: Sequence[str]) -> str | None:
    """The element of ``names`` that is the same name as ``name``, or None."""
    if name in names:
        return name
    return next((known for known in names if same_name(known, name)), None)


class PlayerSheet(BaseModel):
    """Everything one character has: points, wealth, skills, statuses, treasures, markers.

    >>> PlayerSheet(name="Ali Baba", gender="m", destiny_goal=12, story_goal=8).wealth
    'Poor'
    """

    name: str
    gender: Gender
    destiny: int = Field(0, ge=0, le=MOST_POINTS)
    story: int = Field(0, ge=0, le=MOST_POINTS)
    wealth: str = Field(STARTING_WEALTH, description="A wealth level of the pack's track.")
    skills: dict[str, SkillLevel] = {}
    statuses: list[str] = []
    treasures: list[str] = []
    position: str = Field(HOME, description="A space or a Place of Power.")
    destination: str | None = Field(
        None, description="The Place of Power under the Destination marker (one at a time)."
    )
    city_cards: list[str] = Field([], description="City encounter cards kept for later.")
    quest: str | None = None
    turns_to_skip: int = Field(0, ge=0, description='Turns lost ("lose your next turn").')
    used_this_turn: list[str] = Field([], description="Treasures already used this turn.")
    gained_this_turn: list[str] = Field(
        [], description="Statuses gained since the holder's last turn ended."
    )
    moved_this_turn: bool = Field(False, description="Travelled on the move of this turn.")
    carried_this_turn: bool = Field(
        False, description="Carried or placed elsewhere by a reward during this turn."
    )
    must_leave: str | None = Field(
        None, description="A city the character may not stay in on the next move (Diseased)."
    )
    used_this_game: list[str] = Field(
        [], description="Treasures whose once-a-game power has been used."
    )
    destiny_goal: int = Field(ge=0, description="Secret: Destiny points needed to win.")
    story_goal: int = Field(ge=0, description="Secret: Story points needed to win.")

    @model_validator(mode="after")
    def _formula_adds_up(self) -> Self:
        total = self.destiny_goal + self.story_goal
        if total != VICTORY_POINTS:
            raise ValueError(
                f"the victory formula must add up to {VICTORY_POINTS}: {self.destiny_goal}"
                f" Destiny + {self.story_goal} Story is {total}"
            )
        return self

    def skill_level(self, skill: str) -> SkillLevel | None:
        """The level the skill is held at (any capitalisation), or None."""
        held = find_name(skill, list(self.skills))
        return self.skills[held] if held else None

    def holds(self, name: str) -> bool:
        """Whether the player has this skill (any level), status or treasure."""
        return any(
            find_name(name, names) for names in (list(self.skills), self.statuses, self.treasures)
        )

    @property
    def master_skills(self) -> list[str]:
        """The skills held at Master level."""
        return [skill for skill, level in self.skills.items() if level == "Master"]


class FinalRound(BaseModel):
    """After a declaration of victory: who declared, who still has their last turn."""

    declared_by: str
    waiting: list[str] = Field(description="Players still to take their one more turn.")


class TableRules(BaseModel):
    """Choices where tables read the rules differently (``--set key=value``).

    >>> TableRules.from_settings({"winner": "most points"}).winner
    'most points'
    """

    winner: Literal["first", "most points"] = Field(
        "first",
        description="first: whoever declared first wins; most points: of every player in "
        "Baghdad with their formula met at the end, the most Destiny + Story wins.",
    )
    sell_in_cities_only: bool = Field(False, description="Treasures may be sold only in a city.")

    @classmethod
    def from_settings(cls, settings: dict[str, str]) -> TableRules:
        """The rules from ``--set`` values; ValueError names an unknown key or value."""
        unknown = sorted(set(settings) - set(cls.model_fields))
        if unknown:
            known = ", ".join(cls.model_fields)
            raise ValueError(f"unknown setting {unknown[0]!r}; the Reader knows {known}")
        values = {
            key: value.replace("_", " ") if key == "winner" else value
            for key, value in settings.items()
        }
        return cls.model_validate(values)


class TableState(BaseModel):
    """The whole game on the table, as the Reader dialogue saves it."""

    players: list[PlayerSheet]
    turn: int = Field(0, ge=0, description="Index in `players` of whose turn it is.")
    turns_ended: int = Field(0, ge=0, description="Turns played so far (the chronicle's chapters).")
    treasure_deck: list[str] = Field(description="Treasure card names, top first.")
    encounter_deck: list[str] = Field(description="Encounter card names, top first.")
    encounter_discard: list[str] = []
    time_of_day: TimeOfDay = "morning"
    final_round: FinalRound | None = None
    winners: list[str] | None = Field(None, description="Set when the game is over.")
    rules: TableRules = TableRules()
    home: str = Field(HOME, description="The pack's home space: start and victory.")

    @model_validator(mode="after")
    def _names_are_unique(self) -> Self:
        names = [normalise_name(sheet.name) for sheet in self.players]
        if len(set(names)) != len(names):
            raise ValueError("two players have the same name")
        if self.players and self.turn >= len(self.players):
            raise ValueError(f"turn {self.turn} but only {len(self.players)} players")
        return self

    @property
    def current(self) -> PlayerSheet:
        """The sheet of the player whose turn it is."""
        return self.players[self.turn]

    def player(self, name: str) -> PlayerSheet:
        """The sheet of the player called ``name``; IllegalAction if nobody is."""
        for sheet in self.players:
            if same_name(sheet.name, name):
                return sheet
        known = ", ".join(sheet.name for sheet in self.players)
        raise IllegalAction(f"there is no player called {name!r}; the players are {known}")

    def evolve(self, change: Callable[[TableState], None]) -> TableState:
        """A deep copy of this state with ``change`` applied to the copy.

        >>> table = TableState(players=[], treasure_deck=["Ring"], encounter_deck=[])
        >>> later = table.evolve(lambda copy: copy.treasure_deck.clear())
        >>> table.treasure_deck, later.treasure_deck
        (['Ring'], [])
        """
        copy = self.model_copy(deep=True)
        change(copy)
        return copy


def encounter_card_names(pack: Pack) -> list[str]:
    """The names of every encounter card of the pack: character, terrain and city."""
    return [
        card.name
        for cards in (pack.character_cards, pack.terrain_cards, pack.city_cards)
        for card in cards
    ]


def new_table(
    pack: Pack,
    players: Sequence[PlayerSheet],
    rng: random.Random,
    rules: TableRules | None = None,
) -> TableState:
    """A game ready to start: decks shuffled, first player first, the morning marker out."""
    levels = [level.name for level in pack.wealth_track]
    for sheet in players:
        if find_name(sheet.wealth, levels) is None:
            raise IllegalAction(
                f"{sheet.name}'s wealth {sheet.wealth!r} is not on the track: {', '.join(levels)}"
            )
    treasures = list(pack.treasures)
    encounters = encounter_card_names(pack)
    rng.shuffle(treasures)
    rng.shuffle(encounters)
    return TableState(
        players=list(players),
        treasure_deck=treasures,
        encounter_deck=encounters,
        rules=rules or TableRules(),
        home=pack.home,
    )
