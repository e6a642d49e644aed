"""The sheet in the players' hands: spoken corrections and the printed game's own actions.

"Zumurrud loses Imprisoned", "Ali gains two wealth", "sell the Pearls", "use the Lucky
Coin", "skip my turn". Each is understood at any step of a turn, confirmed, then applied
through the same rules as a reward, so it is saved (undoable) and said aloud (chronicled).

>>> command = SheetCommand(player="Ali", action="gains", what="Wealth", amount=2)
>>> command.describe()
'Ali gains 2 wealth'
>>> answer = command.answer()
>>> answer.intent, answer["player"], answer["what"], answer["amount"]
('sheet', 'Ali', 'Wealth', 2)
>>> SheetCommand.from_answer(command.answer()) == command
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel

from companion.framework.answers import AMBIGUOUS, NUMBER, OUT_OF_RANGE, Answer
from companion.framework.phrases import PhraseSet, number_to_words
from companion.games.arabian_nights.content.pack import Pack
from companion.games.arabian_nights.content.reward_codes import (
    DestinyChange,
    GainSkill,
    GainStatus,
    GainTreasure,
    LoseSkill,
    LoseStatus,
    LoseTreasure,
    RewardEffect,
    StoryChange,
    WealthChange,
)
from companion.games.arabian_nights.rules.state import PlayerSheet

SHEET = "sheet"
"""The intent of every sheet command's answer; its slots are the command's fields."""
Action = Literal["gains", "loses", "sell", "use", "skip"]
POINTS = ("Destiny", "Story", "Wealth")
MOST = 5
"""The largest amount a command can give or take at once."""
HEARD_AMOUNTS = range(1, 21)
"""The amounts heard in a command: those above :data:`MOST` are refused saying the range,
never taken for another number."""


class SheetCommand(BaseModel):
    """One command on a sheet: who, what is done, to what, how much."""

    player: str
    """The player, or "" for the player whose turn it is (sell, use, skip)."""
    action: Action
    what: str = ""
    """A skill, status or treasure; or Destiny, Story or Wealth with ``amount``."""
    amount: int = 0
    treasure: bool = False
    """True when ``what`` is a treasure (it is then said with "the")."""

    def answer(self) -> Answer:
        """The answer this command travels as: its fields are the slots."""
        return Answer.of(SHEET, **self.model_dump())

    @classmethod
    def from_answer(cls, answer: Answer) -> SheetCommand:
        return cls.model_validate(dict(answer.slots))

    def describe(self) -> str:
        """The command in words, for its confirmation."""
        if self.action == "skip":
            return f"{self.player} skips the rest of this turn"
        if self.action in ("sell", "use"):
            return f"{self.player} {self.action}s the {self.what}"
        if self.treasure:
            return f"{self.player} {self.action} the {self.what}"
        if self.what in POINTS:
            unit = "wealth" if self.what == "Wealth" else self.what
            return f"{self.player} {self.action} {self.amount} {unit}"
        return f"{self.player} {self.action} {self.what}"

    def effects(self, pack: Pack) -> list[RewardEffect]:
        """The reward effects of a gain or a loss (points, wealth, or a named card)."""
        sign = 1 if self.action == "gains" else -1
        if self.what == "Destiny":
            return [DestinyChange(amount=sign * self.amount)]
        if self.what == "Story":
            return [StoryChange(amount=sign * self.amount)]
        if self.what == "Wealth":
            return [WealthChange(amount=sign * self.amount)]
        kinds = {
            "skill": (GainSkill, LoseSkill),
            "status": (GainStatus, LoseStatus),
            "treasure": (GainTreasure, LoseTreasure),
        }
        gain, lose = kinds[pack.requirement_kind(self.what) or "status"]
        return [(gain if sign > 0 else lose)(name=self.what)]


def is_command(value: object) -> bool:
    """Whether ``value`` (an answer, or a phrase set's bare-string value) is a sheet command."""
    return isinstance(value, Answer) and value.intent == SHEET


def short_names(pack: Pack, treasure: str) -> list[str]:
    """The treasure's name, and its head ("Pearls" for "Pearls of the Deep") when no other
    treasure starts the same way."""
    head = treasure.split(" of ")[0]
    starts = [
        name for name in pack.treasures if name.split(" of ")[0].casefold() == head.casefold()
    ]
    return [treasure, head] if head != treasure and len(starts) == 1 else [treasure]


Holdings = tuple[tuple[str, tuple[str, ...]], ...]
"""Each player's name with the skills, statuses and treasures they hold, in turn order."""


def holdings(sheets: Sequence[PlayerSheet]) -> Holdings:
    """What every player holds, as the key the phrase set is built (and cached) from."""
    return tuple(
        (sheet.name, (*sheet.skills, *sheet.statuses, *sheet.treasures)) for sheet in sheets
    )


def _said(pack: Pack, name: str) -> str:
    return f"the {name}" if name in pack.treasures else name


def _card_choices(pack: Pack, player: str, held: tuple[str, ...]) -> dict[Answer, list[str]]:
    """Gaining anything the pack names; losing only what the player holds."""
    choices = {}
    for action, names in (("gains", [*pack.skills, *pack.statuses, *pack.treasures]),
                          ("loses", held)):  # fmt: skip
        for name in names:
            command = SheetCommand(
                player=player, action=action, what=name, treasure=name in pack.treasures
            )
            choices[command.answer()] = [f"{player} {action} {_said(pack, name)}"]
    return choices


def _point_choices(player: str) -> dict[Answer, list[str]]:
    choices = {}
    for what in POINTS:
        unit = what.lower()
        for amount in HEARD_AMOUNTS:
            said = number_to_words(amount)
            for action in ("gains", "loses"):
                command = SheetCommand(player=player, action=action, what=what, amount=amount)
                answer = command.answer()
                if amount > MOST:
                    answer = Answer.of(OUT_OF_RANGE, **dict(answer.slots), number=amount)
                choices[answer] = [f"{player} {action} {said} {unit}"]
    return choices


def _unclear_choices() -> dict[Answer, list[str]]:
    """Points said without whose sheet or which way ("eight destiny")."""
    return {
        Answer.of(AMBIGUOUS, what=what, number=amount): [
            f"{number_to_words(amount)} {what.lower()}"
        ]
        for what in POINTS
        for amount in HEARD_AMOUNTS
    }


def refusal(answer: Answer, current: str) -> str | None:
    """What to say to points heard out of range or without whose and which way, or None
    for another answer.

    >>> too_many = Answer.of(OUT_OF_RANGE, player="Karim", action="gains", what="Destiny",
    ...                      amount=8, number=8, treasure=False)
    >>> print(refusal(too_many, "Karim").replace(": ", ":\\n"))
    A sheet changes by one to five at a time:
    say Karim gains five destiny, then Karim gains three destiny.
    >>> refusal(Answer.of(AMBIGUOUS, what="Story", number=2), "Zed")
    'Say whose sheet and which way, for example: Zed gains two story, or Zed loses two story.'
    """
    if answer.intent not in (OUT_OF_RANGE, AMBIGUOUS) or "what" not in dict(answer.slots):
        return None
    amount, unit = int(answer[NUMBER]), str(answer["what"]).lower()
    if answer.intent == AMBIGUOUS:
        said = number_to_words(min(amount, MOST))
        return (
            f"Say whose sheet and which way, for example: {current} gains {said} {unit}, "
            f"or {current} loses {said} {unit}."
        )
    player, action = answer["player"], answer["action"]
    parts = [MOST] * (amount // MOST) + ([amount % MOST] if amount % MOST else [])
    steps = ", then ".join(f"{player} {action} {number_to_words(n)} {unit}" for n in parts)
    return f"A sheet changes by one to {number_to_words(MOST)} at a time: say {steps}."


OPEN_SHEET = Answer("change sheet")
"""The answer that opens the sheet: the next answer is one sheet command."""


def _choices(pack: Pack, held_by: Holdings, current: str) -> dict[Answer, list[str]]:
    choices: dict[Answer, list[str]] = {}
    for player, held in held_by:
        choices |= _card_choices(pack, player, held)
        choices |= _point_choices(player)
    return choices | _unclear_choices() | _turn_choices(pack, held_by, current)


def _turn_choices(pack: Pack, held_by: Holdings, current: str) -> dict[Answer, list[str]]:
    """What the current player does with their own treasures and turn."""
    choices: dict[Answer, list[str]] = {}
    treasures = [name for player, held in held_by if player == current for name in held
                 if name in pack.treasures]  # fmt: skip
    for treasure in treasures:
        for action in ("sell", "use"):
            command = SheetCommand(player="", action=action, what=treasure)
            choices[command.answer()] = [
                f"[i] {action} [the|my] {name}" for name in short_names(pack, treasure)
            ]
    skip = SheetCommand(player="", action="skip")
    choices[skip.answer()] = ["skip my turn", "[i] pass my turn"]
    return choices


def command_phrases(pack: Pack, held_by: Holdings, current: str) -> PhraseSet:
    """The sheet commands the table can say now: each player of ``held_by`` gains any card
    or 1 to 5 points, or loses what they hold; the current player sells or uses a treasure
    they hold, or skips the turn. Cache it on (pack, ``held_by``, ``current``)."""
    choices = _choices(pack, held_by, current)
    return PhraseSet.from_templates(choices, labels=_labels(choices))


def quick_phrases(pack: Pack, held_by: Holdings, current: str) -> PhraseSet:
    """The few commands heard beside a turn's first answers: open the sheet ("change my
    sheet"), sell or use a treasure held, skip the turn. Few, so that short answers such as
    "stay" stay easy to hear."""
    choices = _turn_choices(pack, held_by, current)
    labels = _labels(choices)
    opening = {OPEN_SHEET: ["change my sheet", "[correct|change] [the|a] sheet", "my sheet"]}
    return PhraseSet.from_templates(
        choices | opening, labels=labels | {OPEN_SHEET: "change my sheet"}
    )


def _labels(choices: dict[Answer, list[str]]) -> dict[Answer, str]:
    """Each command said as its confirmation says it."""
    return {
        answer: SheetCommand.from_answer(answer).describe()
        for answer in choices
        if answer.intent == SHEET
    }
