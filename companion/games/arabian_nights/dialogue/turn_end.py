"""The end of a turn: a city's toll, quests, statuses that end, victory.

Phase: ``diseased`` (pay the city's toll or leave); then the quest's progress, the
statuses ending after the turn, a declared victory, and the next turn or the end.
"""

from __future__ import annotations

from companion.framework.answers import Answer
from companion.framework.dialogue import Speech, Step
from companion.framework.wording import spoken_list
from companion.games.arabian_nights import speech
from companion.games.arabian_nights.content.reward_codes import parse_reward
from companion.games.arabian_nights.dialogue.base import ReaderBase
from companion.games.arabian_nights.dialogue.phrases import intents
from companion.games.arabian_nights.rules.card_effects import (
    can_pay_toll,
    city_toll,
    end_of_game_losses,
    end_statuses,
    leave_city,
    pay_toll,
)
from companion.games.arabian_nights.rules.quests import goals_left
from companion.games.arabian_nights.rules.victory import can_declare, declare_victory, end_turn


class ReaderTurnEnd(ReaderBase):
    """The city toll, quest progress and victory that close every turn."""

    def _end_of_turn(self) -> list[Speech]:
        sheet = self.sheet
        status = city_toll(self.pack, sheet)
        if status is None:
            return self._close_turn()
        if can_pay_toll(self.pack, sheet):
            self.state.phase = "diseased"
            return []
        self.state.table = leave_city(self.table, sheet.name)
        here = speech.place(self.pack, sheet.position)
        said = f"{sheet.name} is {status} and cannot pay, so must leave {here} next move."
        return [Speech(said, kind="reward", player=sheet.name), *self._close_turn()]

    def _ask_diseased(self) -> Step:
        sheet = self.sheet
        return Step(
            f"{sheet.name} is {city_toll(self.pack, sheet)} in "
            f"{speech.place(self.pack, sheet.position)}. Pay one wealth "
            "level to stay, or leave the city on the next move? Say pay or leave.",
            intents(
                {"pay": ["pay", "i [will] pay"], "leave": ["leave", "i [will] leave"]},
                labels={"pay": "pay", "leave": "leave"},
            ),
        )

    def _on_diseased(self, answer: Answer) -> list[Speech]:
        name = self.sheet.name
        if answer.intent == "pay":
            self.state.table = pay_toll(self.pack, self.table, name)
            said = f"{name} pays a wealth level and is now {self.sheet.wealth}."
        else:
            self.state.table = leave_city(self.table, name)
            here = speech.place(self.pack, self.sheet.position)
            said = f"{name} must leave {here} on the next move."
        return [Speech(said, kind="reward", player=name), *self._close_turn()]

    def _close_turn(self) -> list[Speech]:
        speeches = self._quest_progress()
        self.state.table, ended = end_statuses(self.pack, self.table, self.sheet.name, "after turn")
        if ended:
            speeches.append(Speech(f"{self.sheet.name} is no longer {spoken_list(ended)}."))
        sheet = self.sheet
        oath = end_of_game_losses(self.pack, self.table).get(sheet.name, ("", 0))[1]
        after_oath = sheet.model_copy(update={"story": max(0, sheet.story - oath)})
        if self.table.final_round is None and can_declare(after_oath, self.table.home):
            self.state.table = declare_victory(self.table)
            speeches.append(
                Speech(
                    f"{sheet.name} has fulfilled the secret formula in {self.table.home} and "
                    "declares victory! "
                    "Every other player has one more turn."
                )
            )
        losses = end_of_game_losses(self.pack, self.table)
        self.state.table = end_turn(
            self.table, {name: points for name, (_, points) in losses.items()}
        )
        if self.table.winners is not None:
            self.state.phase = "over"
            oaths = [
                Speech(f"{name} is still {status} and loses {points} Story.", player=name)
                for name, (status, points) in losses.items()
            ]
            return [*speeches, *oaths, *speech.ending(self.pack, self.table)]
        return speeches + self._begin_turn()

    def _quest_progress(self) -> list[Speech]:
        sheet = self.sheet
        quest = self._quest(sheet)
        if quest is None:
            return []
        self._note_quest_goals(None)
        done = self.state.quest_visits[sheet.name]
        if goals_left(self.pack, quest, sheet, done):
            return []
        self.state.quest_visits[sheet.name] = []
        next_quest = self.state.quest_deck.pop(0) if self.state.quest_deck else None
        self.state.table = self.table.evolve(
            lambda copy: setattr(copy.player(sheet.name), "quest", next_quest)
        )
        speeches = [Speech(f"{sheet.name} completes the quest {quest.name}.")]
        effects = parse_reward(quest.reward_code, self.vocabulary)
        speeches += self._sheet_reward(sheet.name, effects)  # a treasure won is read aloud
        if next_quest:
            speeches.append(self._quest_dealt(sheet.name, next_quest))
        return speeches
