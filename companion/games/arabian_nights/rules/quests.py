"""Quests: which goals a hero has done, and which are still to do.

A quest's goals are met in any order. Visiting a space and meeting someone are events: they
are kept (by their key) once done. Holding a skill, status or treasure and reaching a wealth
level are states, checked when the quest is: they must hold at that moment.

>>> from companion.games.arabian_nights.content.pack import Quest, QuestGoal
>>> whale = Quest(name="Whale Road", reward_code="S1", goals=[
...     QuestGoal(name="Basra"), QuestGoal(kind="meet", name="Whale")])
>>> done_now(whale, "Basra", "Giant Whale")
['Basra', 'meet Whale']
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.arabian_nights.content.pack import Pack, Quest, QuestGoal
from companion.games.arabian_nights.rules.state import PlayerSheet, same_name


def done_now(quest: Quest, position: str, encountered: str | None) -> list[str]:
    """The keys of the event goals done by standing on ``position`` after an encounter
    with ``encountered`` (None when nothing was met)."""
    return [goal.key for goal in quest.goals if _done_by(goal, position, encountered)]


def _done_by(goal: QuestGoal, position: str, encountered: str | None) -> bool:
    if goal.kind == "visit":
        return same_name(goal.name, position)
    return encountered is not None and goal.met_by(encountered)


def goals_left(
    pack: Pack, quest: Quest, sheet: PlayerSheet, done: Sequence[str]
) -> list[QuestGoal]:
    """The goals still to do: events not yet done, states that do not hold now."""
    return [goal for goal in quest.goals if not _achieved(pack, goal, sheet, done)]


def _achieved(pack: Pack, goal: QuestGoal, sheet: PlayerSheet, done: Sequence[str]) -> bool:
    if goal.kind == "hold":
        return sheet.holds(goal.name)
    if goal.kind == "reach":
        return pack.wealth_index(sheet.wealth) >= pack.wealth_index(goal.name)
    return goal.key in done
