"""What every group of the Reader's phases reads: the table, the sheet whose turn it
is, the encounter under way, and how a reward is given and said. No phase lives here.
"""

from __future__ import annotations

from companion.framework.dialogue import Speech
from companion.games.arabian_nights import speech
from companion.games.arabian_nights.content.pack import Pack, Quest
from companion.games.arabian_nights.content.reward_codes import ChooseSpace, Instruction, Vocabulary
from companion.games.arabian_nights.dialogue.saved_state import ImpossibleState
from companion.games.arabian_nights.dialogue.state import Encounter, ReaderState
from companion.games.arabian_nights.rules.award import FollowUp, apply_reward, describe_changes
from companion.games.arabian_nights.rules.quests import done_now
from companion.games.arabian_nights.rules.state import PlayerSheet, TableState


class ReaderBase:
    """The state and pack that every group of phases of
    :class:`~companion.games.arabian_nights.dialogue.ReaderDialogue` works on."""

    state: ReaderState
    pack: Pack
    vocabulary: Vocabulary

    @property
    def table(self) -> TableState:
        if self.state.table is None:  # only a damaged save gets here: it is refused
            raise ImpossibleState(f"the game is at its {self.state.phase} step with no table")
        return self.state.table

    @property
    def sheet(self) -> PlayerSheet:
        return self.table.current

    @property
    def encounter(self) -> Encounter:
        if self.state.encounter is None:  # only a damaged save gets here: it is refused
            raise ImpossibleState(f"the game is at its {self.state.phase} step with no encounter")
        return self.state.encounter

    def _quest(self, sheet: PlayerSheet) -> Quest | None:
        """The quest ``sheet`` holds, or None."""
        return next((quest for quest in self.pack.quests if quest.name == sheet.quest), None)

    def _note_quest_goals(self, encountered: str | None) -> None:
        """Keep the quest goals the current hero does now: the space they stand on, and
        what they meet (``encountered``)."""
        sheet = self.sheet
        quest = self._quest(sheet)
        if quest is None:
            return
        done = self.state.quest_visits.setdefault(sheet.name, [])
        done += [key for key in done_now(quest, sheet.position, encountered) if key not in done]

    def _award(self, name: str, effects: list) -> tuple[list[Speech], list]:
        """Give ``name`` the reward ``effects``: what changed, said, and the changes."""
        self.state.table, changes = apply_reward(
            self.pack, self.table, name, effects, self.state.dice.next_rng()
        )
        said = Speech(describe_changes(name, changes, self._place), kind="reward", player=name)
        return [said, *speech.new_cards(self.pack, changes)], changes

    def _place(self, name: str) -> str:
        """A space or Place of Power as a sentence names it ("the Persian Gulf")."""
        return speech.place(self.pack, name)

    def _sheet_reward(self, name: str, effects: list) -> list[Speech]:
        speeches, changes = self._award(name, effects)
        for change in changes:
            if isinstance(change, FollowUp) and isinstance(change.effect, Instruction):
                speeches.append(Speech(speech.sentence(change.effect.text)))
            elif isinstance(change, FollowUp) and isinstance(change.effect, ChooseSpace):
                speeches.append(Speech(speech.sentence(change.effect.describe())))
        return speeches
