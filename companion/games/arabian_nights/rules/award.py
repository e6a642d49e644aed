"""Applying reward effects to the table, and saying in one sentence what changed.

>>> describe_changes("Ali Baba", [PointsChanged(kind="Destiny", before=0, after=2),
...                               PointsChanged(kind="Story", before=0, after=1)])
'Ali Baba gains 2 Destiny and 1 Story.'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Literal

from pydantic import BaseModel

from companion.framework.wording import spoken_list
from companion.games.arabian_nights.content.pack import Pack
from companion.games.arabian_nights.content.reward_codes import (
    ChooseSpace,
    DestinyChange,
    GainSkill,
    GainStatus,
    GainTreasure,
    GoToParagraph,
    Instruction,
    LoseSkill,
    LoseStatus,
    LoseTreasure,
    MoveTo,
    Opportunity,
    RandomTreasure,
    RewardEffect,
    StoryChange,
    WealthChange,
)
from companion.games.arabian_nights.rules.card_effects import (
    protected_from,
    story_blocked_by,
    wealth_blocked_by,
    worse_losses,
)
from companion.games.arabian_nights.rules.state import PlayerSheet, TableState, find_name, same_name


class PointsChanged(BaseModel):
    """Destiny or Story points went from ``before`` to ``after`` (never below zero)."""

    kind: Literal["Destiny", "Story"]
    before: int
    after: int

    def phrase(self) -> str:
        if self.after == self.before:
            return f"has no {self.kind} left to lose"
        verb = "gains" if self.after > self.before else "loses"
        return f"{verb} {abs(self.after - self.before)} {self.kind}"


class WealthMoved(BaseModel):
    """The wealth marker moved (or, when ``before == after``, could not move)."""

    before: str
    after: str
    rising: bool
    worse_as: str | None = None

    def phrase(self) -> str:
        if self.before == self.after:
            return f"stays {self.after}"
        worse = f" (one level worse as {self.worse_as})" if self.worse_as else ""
        return f"{'rises' if self.rising else 'falls'} to {self.after}{worse}"


class SkillChanged(BaseModel):
    """A skill was learnt (Talent), mastered, or lost (``after`` None)."""

    skill: str
    before: Literal["Talent", "Master"] | None
    after: Literal["Talent", "Master"] | None

    def phrase(self) -> str:
        if self.after is None:
            return f"loses {self.skill}"
        if self.before == "Master":
            return f"is already a Master of {self.skill}"
        return f"learns {self.skill}" if self.after == "Talent" else f"masters {self.skill}"


class StatusChanged(BaseModel):
    """A status was gained or lost."""

    status: str
    gained: bool

    def phrase(self) -> str:
        return f"becomes {self.status}" if self.gained else f"is no longer {self.status}"


class StatusPrevented(BaseModel):
    """A status was not gained because a treasure the player holds keeps it away."""

    status: str
    treasure: str

    def phrase(self) -> str:
        return f"is kept from becoming {self.status} by the {self.treasure}"


class GainWithheld(BaseModel):
    """Story points or wealth were not gained because a status the player holds forbids it
    (Grieving's grief, Enslaved's master)."""

    kind: Literal["Story", "wealth"]
    amount: int
    status: str

    def phrase(self) -> str:
        return f"gains no {self.kind} while {self.status}"


class TreasureChanged(BaseModel):
    """A treasure was gained (from the deck or from ``taken_from``) or lost to the deck."""

    treasure: str | None = None
    gained: bool = True
    taken_from: str | None = None

    def phrase(self) -> str:
        if self.treasure is None:
            return "finds no treasure, the treasure deck is empty"
        if not self.gained:
            return f"gives up the {self.treasure}"
        source = f" from {self.taken_from}" if self.taken_from else ""
        return f"{'takes' if self.taken_from else 'gains'} the {self.treasure}{source}"


class DestinationChanged(BaseModel):
    """The Destination marker went onto a Place of Power, maybe replacing an older one."""

    place: str
    replaced: str | None

    def phrase(self, place: Callable[[str], str] = str) -> str:
        lost = f" and loses the way to {place(self.replaced)}" if self.replaced else ""
        return f"may now enter {place(self.place)}{lost}"


class Moved(BaseModel):
    """The character was carried to a space or Place of Power."""

    destination: str

    def phrase(self, place: Callable[[str], str] = str) -> str:
        return f"is carried to {place(self.destination)}"


class FollowUp(BaseModel):
    """Something for the dialogue to carry out: read an instruction, go to a paragraph, ask
    where a free move goes.

    Kept in the change log; not part of `describe_changes`.
    """

    effect: GoToParagraph | Instruction | ChooseSpace


Change = (
    PointsChanged
    | WealthMoved
    | SkillChanged
    | StatusChanged
    | StatusPrevented
    | GainWithheld
    | TreasureChanged
    | DestinationChanged
    | Moved
    | FollowUp
)


def _points(pack: Pack, sheet: PlayerSheet, effect: DestinyChange | StoryChange) -> Change | None:
    kind = "Destiny" if isinstance(effect, DestinyChange) else "Story"
    blocker = story_blocked_by(pack, sheet) if kind == "Story" and effect.amount > 0 else None
    if blocker is not None:
        return GainWithheld(kind="Story", amount=effect.amount, status=blocker)
    attribute = kind.lower()
    before = getattr(sheet, attribute)
    after = max(0, before + effect.amount)
    setattr(sheet, attribute, after)
    return PointsChanged(kind=kind, before=before, after=after) if effect.amount else None


def _wealth(pack: Pack, sheet: PlayerSheet, effect: WealthChange) -> Change | None:
    """Move along the track; the award's Max (Min) never pushes past where the player is.
    A status such as Enslaved withholds every gain."""
    master = wealth_blocked_by(pack, sheet) if effect.amount > 0 else None
    if master is not None:
        return GainWithheld(kind="wealth", amount=effect.amount, status=master)
    before = pack.wealth_index(sheet.wealth)
    envied, extra = worse_losses(pack, sheet) if effect.amount < 0 else (None, 0)
    after = min(max(before + effect.amount - extra, 0), len(pack.wealth_track) - 1)
    if effect.maximum is not None:
        after = min(after, max(before, pack.wealth_index(effect.maximum)))
    if effect.minimum is not None:
        after = max(after, min(before, pack.wealth_index(effect.minimum)))
    old_name = sheet.wealth
    sheet.wealth = pack.wealth_track[after].name
    if not effect.amount:
        return None
    return WealthMoved(
        before=old_name, after=sheet.wealth, rising=effect.amount > 0, worse_as=envied
    )


def _gain_skill(sheet: PlayerSheet, effect: GainSkill) -> Change:
    held = find_name(effect.name, list(sheet.skills)) or effect.name
    before = sheet.skills.get(held)
    after = "Master" if effect.master or before else "Talent"
    sheet.skills[held] = after
    return SkillChanged(skill=held, before=before, after=after)


def _lose_skill(sheet: PlayerSheet, effect: LoseSkill) -> Change | None:
    held = find_name(effect.name, list(sheet.skills))
    if held is None:
        return None
    before = sheet.skills.pop(held)
    return SkillChanged(skill=held, before=before, after=None)


def _status(pack: Pack, sheet: PlayerSheet, effect: GainStatus | LoseStatus) -> Change | None:
    held = find_name(effect.name, sheet.statuses)
    gained = isinstance(effect, GainStatus)
    if gained == (held is not None):
        return None
    protector = protected_from(pack, sheet, effect.name) if gained else None
    if protector is not None:
        return StatusPrevented(status=effect.name, treasure=protector)
    if gained:
        sheet.statuses.append(effect.name)
        sheet.gained_this_turn.append(effect.name)
    else:
        sheet.statuses.remove(held)
    return StatusChanged(status=effect.name, gained=gained)


def _gain_treasure(table: TableState, sheet: PlayerSheet, name: str) -> Change | None:
    """Take the named treasure from the deck, or from whoever holds it."""
    if find_name(name, sheet.treasures):
        return None
    giver = next((p for p in table.players if find_name(name, p.treasures)), None)
    if giver is not None:
        giver.treasures.remove(find_name(name, giver.treasures))
    in_deck = find_name(name, table.treasure_deck)
    if in_deck is not None:
        table.treasure_deck.remove(in_deck)
    sheet.treasures.append(name)
    return TreasureChanged(treasure=name, taken_from=giver.name if giver else None)


def _random_treasure(table: TableState, sheet: PlayerSheet) -> Change:
    if not table.treasure_deck:
        return TreasureChanged(treasure=None)
    return _gain_treasure(table, sheet, table.treasure_deck[0])


def _lose_treasure(
    table: TableState, sheet: PlayerSheet, effect: LoseTreasure, rng: random.Random
) -> Change | None:
    """A lost treasure is shuffled back into the treasure deck."""
    held = find_name(effect.name, sheet.treasures)
    if held is None:
        return None
    sheet.treasures.remove(held)
    table.treasure_deck.insert(rng.randint(0, len(table.treasure_deck)), held)
    return TreasureChanged(treasure=held, gained=False)


def _destination(sheet: PlayerSheet, effect: Opportunity) -> Change:
    replaced = sheet.destination
    sheet.destination = effect.place
    same = replaced is not None and same_name(replaced, effect.place)
    return DestinationChanged(place=effect.place, replaced=None if same else replaced)


def _move(sheet: PlayerSheet, effect: MoveTo) -> Change:
    sheet.position = effect.destination
    sheet.carried_this_turn = True
    return Moved(destination=effect.destination)


def _apply_one(
    pack: Pack, table: TableState, sheet: PlayerSheet, effect: RewardEffect, rng: random.Random
) -> Change | None:
    match effect:
        case DestinyChange() | StoryChange():
            return _points(pack, sheet, effect)
        case WealthChange():
            return _wealth(pack, sheet, effect)
        case GainSkill():
            return _gain_skill(sheet, effect)
        case LoseSkill():
            return _lose_skill(sheet, effect)
        case GainStatus() | LoseStatus():
            return _status(pack, sheet, effect)
        case GainTreasure():
            return _gain_treasure(table, sheet, effect.name)
        case RandomTreasure():
            return _random_treasure(table, sheet)
        case LoseTreasure():
            return _lose_treasure(table, sheet, effect, rng)
        case Opportunity():
            return _destination(sheet, effect)
        case MoveTo():
            return _move(sheet, effect)
        case GoToParagraph() | Instruction() | ChooseSpace():
            return FollowUp(effect=effect)
    raise TypeError(f"not a reward effect: {effect!r}")


def apply_reward(
    pack: Pack,
    table: TableState,
    player: str,
    effects: Sequence[RewardEffect],
    rng: random.Random,
) -> tuple[TableState, list[Change]]:
    """The table after ``player`` receives ``effects``, and what actually changed.

    Effects that change nothing (losing a status one does not have) leave no change.
    ``rng`` places lost treasures back into the treasure deck.
    """
    changes: list[Change] = []

    def receive(copy: TableState) -> None:
        sheet = copy.player(player)
        for effect in effects:
            change = _apply_one(pack, copy, sheet, effect, rng)
            if change is not None:
                changes.append(change)

    return table.evolve(receive), changes


def _points_phrases(points: Sequence[PointsChanged]) -> list[str]:
    """Gains together and losses together: 'gains 2 Destiny and 1 Story'."""
    phrases = []
    for verb, keep in (
        ("gains", lambda c: c.after > c.before),
        ("loses", lambda c: c.after < c.before),
    ):
        amounts = [f"{abs(c.after - c.before)} {c.kind}" for c in points if keep(c)]
        if amounts:
            phrases.append(f"{verb} {spoken_list(amounts)}")
    phrases += [change.phrase() for change in points if change.after == change.before]
    return phrases


def describe_changes(
    player: str, changes: Sequence[Change], place: Callable[[str], str] = str
) -> str:
    """One short sentence saying what ``changes`` did to ``player``; ``place`` names a
    space or Place of Power as a sentence says it ("the Garden of Irem").

    Follow-ups (instructions, "go to") are not part of it: the dialogue reads them.

    >>> describe_changes("Ali", [StatusChanged(status="Imprisoned", gained=True),
    ...                          StatusChanged(status="Shamed", gained=True)])
    'Ali becomes Imprisoned and Shamed.'
    """
    points = [change for change in changes if isinstance(change, PointsChanged)]
    others = [
        change.phrase(place) if isinstance(change, Moved | DestinationChanged) else change.phrase()
        for change in changes
        if not isinstance(change, PointsChanged | FollowUp)
    ]
    phrases = _points_phrases(points) + _joined(others)
    if not phrases:
        return f"Nothing changes for {player}."
    return f"{player} {spoken_list(phrases)}."


_JOINED = {"becomes": "and", "is no longer": "or", "learns": "and", "masters": "and",
           "gives up": "and", "gains": "and"}  # fmt: skip
"""Phrases said once for several things ("becomes Imprisoned and Shamed"), with the word
that joins them."""


def _joined(phrases: Sequence[str]) -> list[str]:
    """``phrases`` with those of one verb said together, where the first of them stood
    (not "gains 2 Destiny" nor "takes the Pearls from Zed": their own words matter).

    >>> _joined(["is no longer Cursed", "learns Magic", "is no longer Lost"])
    ['is no longer Cursed or Lost', 'learns Magic']
    >>> _joined(["gains the Lamp", "gains the Ring", "gains no Story while Enslaved"])
    ['gains the Lamp and the Ring', 'gains no Story while Enslaved']
    """
    said: list[str] = []
    things: dict[str, list[str]] = {}
    for phrase in phrases:
        verb = next((verb for verb in _JOINED if phrase.startswith(f"{verb} ")), None)
        thing = phrase.removeprefix(f"{verb} ")
        if verb is None or (verb == "gains" and not thing.startswith("the ")):
            said.append(phrase)
            continue
        if verb not in things:
            things[verb] = []
            said.append(verb)
        things[verb].append(thing)
    return [
        f"{phrase} {spoken_list(things[phrase], _JOINED[phrase])}" if phrase in things else phrase
        for phrase in said
    ]
