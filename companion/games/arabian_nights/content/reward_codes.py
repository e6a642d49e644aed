"""Reward codes: the bracketed award at the end of a Book of Tales section, as typed effects.

A code is a list of parts separated by "/", with or without the surrounding brackets::

    >>> vocabulary = Vocabulary(skills={"Storytelling"}, statuses={"Respected"},
    ...                         wealth_levels=["Beggar", "Poor", "Middle Class"])
    >>> [effect.describe() for effect in parse_reward("[D2/S1/W 1 (Max: Poor)/Storytelling]",
    ...                                                vocabulary)]
    ['D2', 'S1', 'W1 (Max: Poor)', 'Storytelling']

Recognised parts (names are matched without regard to case or repeated spaces):

- ``D2``, ``D-1``, ``D+1``: Destiny points; ``S1``, ``S-2``: Story points (the rulebook's
  ``Sl`` spelling of ``S1`` is accepted);
- ``W+1``, ``W-1``, ``W 1 (Max: Poor)``, ``W-2 (Min: Beggar)``: wealth levels, with the
  highest (lowest) level this award can bring you to;
- a skill name: gain a level in it; ``Storytelling (Master)``: straight to Master;
- a status name: gain it; ``Treasure``: a random treasure; a treasure name: that treasure;
- ``Lose X`` for a skill, status or treasure X;
- ``Go to 512``; ``Opportunity: <Place of Power>``; ``Move to <space or Place of Power>``;
- ``Move to any coastal space``, ``Move within 4 spaces of Damascus``, ``Another player
  places you within 4 spaces of Damascus``: a space the player is asked for (`ChooseSpace`);
- ``"Lose your next turn"``: free text in quotes, an `Instruction` read aloud and logged.

Any other part raises `RewardCodeError`, naming the closest known word when there is one,
so a typo never silently becomes an instruction::

    >>> parse_reward("[Storytellin]", vocabulary)
    Traceback (most recent call last):
    ...
    companion.games.arabian_nights.content.reward_codes.RewardCodeError: 'Storytellin' is not \
a reward word; did you mean Storytelling? (Free text to read aloud goes in quotes: "...")

Every parser here is linear in its input: no pattern can backtrack over a repeated group.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field
from rapidfuzz import fuzz, process


class RewardCodeError(ValueError):
    """A reward code uses a known form wrongly; the message names the part and the problem."""


def normalise_name(name: str) -> str:
    """The form names are compared in: lower case, single spaces.

    >>> normalise_name("  Ionian   GEMS ")
    'ionian gems'
    """
    return " ".join(name.split()).casefold()


def _index(names: Iterable[str]) -> dict[str, str]:
    return {normalise_name(name): name for name in names}


@dataclass(frozen=True)
class Vocabulary:
    """The names a reward code may use, taken from a content pack
    (`loader.reward_vocabulary` builds it from a loaded pack).

    ``wealth_levels`` is the wealth track in order, poorest first.
    """

    skills: Iterable[str] = ()
    statuses: Iterable[str] = ()
    treasures: Iterable[str] = ()
    places: Iterable[str] = ()
    spaces: Iterable[str] = ()
    wealth_levels: Iterable[str] = ()
    _skills: dict[str, str] = field(init=False, repr=False, compare=False)
    _statuses: dict[str, str] = field(init=False, repr=False, compare=False)
    _treasures: dict[str, str] = field(init=False, repr=False, compare=False)
    _places: dict[str, str] = field(init=False, repr=False, compare=False)
    _destinations: dict[str, str] = field(init=False, repr=False, compare=False)
    _wealth: dict[str, str] = field(init=False, repr=False, compare=False)
    _words: list[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        indexes = {
            "_skills": _index(self.skills),
            "_statuses": _index(self.statuses),
            "_treasures": _index(self.treasures),
            "_places": _index(self.places),
            "_destinations": _index([*self.spaces, *self.places]),
            "_wealth": _index(self.wealth_levels),
        }
        for name, index in indexes.items():
            object.__setattr__(self, name, index)
        object.__setattr__(self, "_words", self._known_words())

    @property
    def named_parts(self) -> list[str]:
        """Every reward part naming something: ``Treasure``, each name, ``Lose`` each,
        ``Opportunity:`` each Place of Power, ``Move to`` each space."""
        return self._words

    def _known_words(self) -> list[str]:
        """Every reward part naming something, for suggesting the right spelling of a typo."""
        names = [*self._skills.values(), *self._statuses.values(), *self._treasures.values()]
        return [
            *names,
            "Treasure",
            *(f"Lose {name}" for name in names),
            *(f"Opportunity: {place}" for place in self._places.values()),
            *(f"Move to {destination}" for destination in self._destinations.values()),
        ]


class RewardEffect(BaseModel):
    """Base of every effect: frozen, and written back as a code part by `describe`."""

    model_config = ConfigDict(frozen=True)
    written: ClassVar[str]
    """How the effect is written as a code part, its fields named: ``"Go to {paragraph}"``."""

    def describe(self) -> str:
        """This effect as a reward-code part.

        >>> GoToParagraph(paragraph=12).describe(), Instruction(text="Pray").describe()
        ('Go to 12', '"Pray"')
        """
        return self.written.format_map(dict(self))


class DestinyChange(RewardEffect):
    """Gain (or, when negative, lose) Destiny points."""

    kind: Literal["destiny"] = "destiny"
    amount: int
    written = "D{amount}"


class StoryChange(RewardEffect):
    """Gain (or, when negative, lose) Story points."""

    kind: Literal["story"] = "story"
    amount: int
    written = "S{amount}"


class WealthChange(RewardEffect):
    """Move up (or down) the wealth track, no higher than ``maximum``, no lower than ``minimum``.

    The bounds limit what this award can do: a player already above ``maximum`` is not
    pulled down by a gain, nor is a player already below ``minimum`` pushed up by a loss.
    """

    kind: Literal["wealth"] = "wealth"
    amount: int
    maximum: str | None = None
    minimum: str | None = None

    def describe(self) -> str:
        bounds = [f"(Max: {self.maximum})"] if self.maximum else []
        bounds += [f"(Min: {self.minimum})"] if self.minimum else []
        return " ".join([f"W{self.amount}", *bounds])


class GainSkill(RewardEffect):
    """Gain a level in a skill (Talent, or Master if already held); ``master`` goes straight
    to Master."""

    kind: Literal["gain_skill"] = "gain_skill"
    name: str
    master: bool = False

    def describe(self) -> str:
        return f"{self.name} (Master)" if self.master else self.name


class _NamedGain(RewardEffect):
    name: str
    written = "{name}"


class _NamedLoss(RewardEffect):
    name: str
    written = "Lose {name}"


class LoseSkill(_NamedLoss):
    """Lose a skill entirely, whatever its level."""

    kind: Literal["lose_skill"] = "lose_skill"


class GainStatus(_NamedGain):
    """Gain a status."""

    kind: Literal["gain_status"] = "gain_status"


class LoseStatus(_NamedLoss):
    """Lose a status."""

    kind: Literal["lose_status"] = "lose_status"


class RandomTreasure(RewardEffect):
    """Draw the top card of the treasure deck."""

    kind: Literal["random_treasure"] = "random_treasure"
    written = "Treasure"


class GainTreasure(_NamedGain):
    """Take a named treasure, from the deck or from whoever holds it."""

    kind: Literal["gain_treasure"] = "gain_treasure"


class LoseTreasure(_NamedLoss):
    """Give a named treasure back to the treasure deck."""

    kind: Literal["lose_treasure"] = "lose_treasure"


class GoToParagraph(RewardEffect):
    """Continue at another paragraph of the Book of Tales."""

    kind: Literal["go_to"] = "go_to"
    paragraph: int
    written = "Go to {paragraph}"


class Opportunity(RewardEffect):
    """An opportunity to enter a Place of Power: the Destination marker goes there."""

    kind: Literal["opportunity"] = "opportunity"
    place: str
    written = "Opportunity: {place}"


class MoveTo(RewardEffect):
    """Move the character straight to a space or Place of Power."""

    kind: Literal["move_to"] = "move_to"
    destination: str
    written = "Move to {destination}"


class SpaceScope(StrEnum):
    """Which spaces a `ChooseSpace` allows."""

    COASTAL = "coastal"
    """A space with a sea route that is not itself at sea."""
    WITHIN = "within"
    """A space at most ``distance`` steps (land or sea) from ``near``."""


class ChooseSpace(RewardEffect):
    """A free move: the player (or, ``placed_by_other``, another player) chooses the space
    the hero goes to, among those the scope allows; no second encounter follows.

    >>> ChooseSpace(scope=SpaceScope.WITHIN, distance=4, near="Damascus",
    ...             placed_by_other=True).describe()
    'Another player places you within 4 spaces of Damascus'
    """

    kind: Literal["choose_space"] = "choose_space"
    scope: SpaceScope
    distance: int | None = Field(None, ge=1, le=12)
    near: str | None = None
    placed_by_other: bool = False

    def describe(self) -> str:
        if self.scope is SpaceScope.COASTAL:
            return "Move to any coastal space"
        who = "Another player places you" if self.placed_by_other else "Move"
        return f"{who} within {self.distance} spaces of {self.near}"


class Instruction(RewardEffect):
    """Free text, written in quotes: read aloud and logged for the players to carry out."""

    kind: Literal["instruction"] = "instruction"
    text: str
    written = '"{text}"'


Effect = Annotated[
    DestinyChange
    | StoryChange
    | WealthChange
    | GainSkill
    | LoseSkill
    | GainStatus
    | LoseStatus
    | RandomTreasure
    | GainTreasure
    | LoseTreasure
    | GoToParagraph
    | Opportunity
    | MoveTo
    | ChooseSpace
    | Instruction,
    Field(discriminator="kind"),
]

# The rulebook prints "S1" as "Sl" once; a lone "l" is read as 1.
_NUMBER = r"([+-]?)\s*([0-9]{1,3}|l)"
_POINTS = re.compile(rf"([DS])\s*{_NUMBER}", re.IGNORECASE)
_WEALTH = re.compile(rf"W\s*{_NUMBER}", re.IGNORECASE)
# One bound at a time (a repeated group would backtrack exponentially on a bad code).
_WEALTH_BOUND = re.compile(r"\s*\(\s*(max|min)(?:imum)?\s*(?::\s*)?([^():]*)\)", re.IGNORECASE)
_QUOTED = re.compile(r"[\"“”](.*)[\"“”]")
_MASTER_SKILL = re.compile(r"(.+?)\s*\(\s*master\s*\)", re.IGNORECASE)
_LOSE = re.compile(r"lose\s+(.+)", re.IGNORECASE)
_GO_TO = re.compile(r"go\s+to\s+(?:paragraph\s+)?([0-9]{1,5})", re.IGNORECASE)
_OPPORTUNITY = re.compile(r"opportunity\s*:\s*(.+)", re.IGNORECASE)
_MOVE_TO = re.compile(r"move\s+to\s+(.+)", re.IGNORECASE)
_COASTAL = re.compile(r"(?:you may )?move to any coastal space\.?", re.IGNORECASE)
_COUNTS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
           "eleven", "twelve")  # fmt: skip
_WITHIN = re.compile(
    r"(another player places you|(?:have )?another player place you|move)"
    rf" within ([0-9]{{1,2}}|{'|'.join(_COUNTS)}) spaces? of (.+?)\.?",
    re.IGNORECASE,
)


def _signed(sign: str, digits: str) -> int:
    value = 1 if digits in ("l", "L") else int(digits)
    return -value if sign == "-" else value


def _points(part: str) -> RewardEffect | None:
    match = _POINTS.fullmatch(part)
    if match is None:
        return None
    amount = _signed(match[2], match[3])
    return DestinyChange(amount=amount) if match[1].upper() == "D" else StoryChange(amount=amount)


def _wealth(part: str, vocabulary: Vocabulary) -> WealthChange | None:
    match = _WEALTH.match(part)
    if match is None:
        return None
    found = _bounds(part, match.end())
    if found is None:
        return None
    bounds: dict[str, str] = {}
    for bound in found:
        which, level = bound[1].title(), bound[2]
        key = "maximum" if which == "Max" else "minimum"
        if key in bounds:
            raise RewardCodeError(f"{part!r}: the wealth award has two ({which}: ...)")
        known = vocabulary._wealth.get(normalise_name(level))
        if known is None:
            levels = ", ".join(vocabulary._wealth.values()) or "none in the pack"
            raise RewardCodeError(
                f"{part!r}: unknown wealth level {level.strip()!r} in ({which}: ...);"
                f" the levels are: {levels}"
            )
        bounds[key] = known
    return WealthChange(amount=_signed(match[1], match[2]), **bounds)


def _bounds(part: str, start: int) -> list[re.Match[str]] | None:
    """Each "(Max: X)" or "(Min: X)" from ``start`` to the end of ``part``; None if anything
    else follows."""
    bounds = []
    while start < len(part):
        bound = _WEALTH_BOUND.match(part, start)
        if bound is None:
            return None
        bounds.append(bound)
        start = bound.end()
    return bounds


def _gain(part: str, vocabulary: Vocabulary) -> RewardEffect | None:
    name = normalise_name(part)
    if name in vocabulary._skills:
        return GainSkill(name=vocabulary._skills[name])
    if name in vocabulary._statuses:
        return GainStatus(name=vocabulary._statuses[name])
    if name == "treasure":
        return RandomTreasure()
    if name in vocabulary._treasures:
        return GainTreasure(name=vocabulary._treasures[name])
    master = _MASTER_SKILL.fullmatch(part)
    if master and normalise_name(master[1]) in vocabulary._skills:
        return GainSkill(name=vocabulary._skills[normalise_name(master[1])], master=True)
    return None


def _loss(part: str, vocabulary: Vocabulary) -> RewardEffect | None:
    match = _LOSE.fullmatch(part)
    if match is None:
        return None
    name = normalise_name(match[1])
    if name in vocabulary._skills:
        return LoseSkill(name=vocabulary._skills[name])
    if name in vocabulary._statuses:
        return LoseStatus(name=vocabulary._statuses[name])
    if name in vocabulary._treasures:
        return LoseTreasure(name=vocabulary._treasures[name])
    return None


def _travel(part: str, vocabulary: Vocabulary) -> RewardEffect | None:
    if match := _GO_TO.fullmatch(part):
        return GoToParagraph(paragraph=int(match[1]))
    if match := _OPPORTUNITY.fullmatch(part):
        place = vocabulary._places.get(normalise_name(match[1]))
        if place is None:
            places = ", ".join(vocabulary._places.values()) or "none in the pack"
            raise RewardCodeError(
                f"{part!r}: unknown Place of Power {match[1].strip()!r}; the places are: {places}"
            )
        return Opportunity(place=place)
    if match := _MOVE_TO.fullmatch(part):
        destination = vocabulary._destinations.get(normalise_name(match[1]))
        return MoveTo(destination=destination) if destination else None
    return None


def _free_move(part: str, vocabulary: Vocabulary) -> ChooseSpace | None:
    """``Move to any coastal space`` or ``[Another player places you|Move] within N spaces
    of X`` (N from 1 to 12, in digits or words; X a space or Place of Power)."""
    if _COASTAL.fullmatch(part):
        return ChooseSpace(scope=SpaceScope.COASTAL)
    match = _WITHIN.fullmatch(part)
    if match is None:
        return None
    count = match[2].casefold()
    distance = _COUNTS.index(count) + 1 if count in _COUNTS else int(count)
    if not 1 <= distance <= len(_COUNTS):
        raise RewardCodeError(f"{part!r}: write a distance from 1 to 12 spaces")
    name = normalise_name(match[3])
    near = vocabulary._destinations.get(name) or vocabulary._destinations.get(
        name.removeprefix("the ")
    )
    if near is None:
        raise RewardCodeError(
            f"{part!r}: {match[3].strip()!r} is not a space or Place of Power of world.txt"
        )
    placed = not match[1].casefold().startswith("move")
    return ChooseSpace(
        scope=SpaceScope.WITHIN, distance=distance, near=near, placed_by_other=placed
    )


def parse_part(part: str, vocabulary: Vocabulary) -> RewardEffect:
    """One "/"-separated part of a code as an effect; `RewardCodeError` if it is none.

    >>> parse_part("W-2 (Min: Beggar)", Vocabulary(wealth_levels=["Beggar", "Poor"]))
    WealthChange(kind='wealth', amount=-2, maximum=None, minimum='Beggar')
    """
    part = " ".join(part.split())
    return (
        _points(part)
        or _wealth(part, vocabulary)
        or _gain(part, vocabulary)
        or _loss(part, vocabulary)
        or _free_move(part, vocabulary)
        or _travel(part, vocabulary)
        or _instruction(part, vocabulary)
        or _unknown(part, vocabulary)
    )


def _instruction(part: str, vocabulary: Vocabulary) -> RewardEffect | None:
    """Free text in quotes; a free move written in quotes is carried out all the same."""
    quoted = _QUOTED.fullmatch(part)
    if not (quoted and quoted[1].strip()):
        return None
    text = quoted[1].strip()
    return _free_move(text, vocabulary) or Instruction(text=text)


def _unknown(part: str, vocabulary: Vocabulary) -> RewardEffect:
    """Raise for a part that is no known form, naming the closest known one."""
    guess = suggestion(part, vocabulary)
    if guess is not None:
        raise RewardCodeError(
            f"{part!r} is not a reward word; did you mean {guess}? "
            '(Free text to read aloud goes in quotes: "...")'
        )
    shown = part if len(part) <= _LONGEST_GUESSED else part[:_LONGEST_GUESSED] + "..."
    raise RewardCodeError(
        f"{shown!r} is not a reward word: write a skill, status or treasure of world.txt, "
        "D1, S1, W+1, Treasure, Go to N, Lose X, Move to X, Move to any coastal space, "
        "Move within N spaces of X, Opportunity: X, or put free text "
        'to read aloud in quotes: "..."'
    )


_LONGEST_GUESSED = 120  # longer parts are sentences, not misspelt names


def suggestion(part: str, vocabulary: Vocabulary) -> str | None:
    """The known reward word closest to a misspelt ``part``, if one is close enough.

    >>> suggestion("Lose Respectd", Vocabulary(statuses=["Respected"]))
    'Lose Respected'
    >>> suggestion("Goto 9", Vocabulary())
    'Go to 9'
    """
    if len(part) > _LONGEST_GUESSED:
        return None
    number = re.search(r"[0-9]+$", part)
    words = [*vocabulary._words, *([f"Go to {number[0]}"] if number else [])]
    found = process.extractOne(
        part, words, scorer=fuzz.ratio, processor=normalise_name, score_cutoff=80
    )
    return found[0] if found else None


def parse_reward(code: str, vocabulary: Vocabulary) -> list[Effect]:
    """The effects of a reward code, in order; empty parts are ignored.

    >>> parse_reward("[S1 ]", Vocabulary())
    [StoryChange(kind='story', amount=1)]
    """
    code = code.strip()
    if len(code) >= 2 and code.startswith("[") and code.endswith("]"):
        code = code[1:-1]
    parts = (part for part in code.split("/") if part.strip())
    return [parse_part(part, vocabulary) for part in parts]


def format_reward(effects: Iterable[RewardEffect]) -> str:
    """The bracketed code for ``effects``; `parse_reward` reads it back to the same effects.

    >>> format_reward([DestinyChange(amount=2), Instruction(text="Sing a song")])
    '[D2/"Sing a song"]'
    """
    return "[" + "/".join(effect.describe() for effect in effects) + "]"
