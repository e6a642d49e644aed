"""A section's reward, and the choices its instructions leave to the player.

Phases: ``choose_status`` (a status to lose), ``choose_skill`` (a skill to gain) and
``choose_space`` (a space of this continent, or the space a free move such as "Move to any
coastal space" asks for, see :mod:`~companion.games.arabian_nights.rules.free_moves`); then a
"go to" or a Place of Power goes on with the tale, or the encounter ends.
"""

from __future__ import annotations

from companion.framework.answers import Answer
from companion.framework.dialogue import Speech, Step
from companion.framework.errors import IllegalAction
from companion.framework.phrases import PhraseSet
from companion.framework.wording import spoken_list
from companion.games.arabian_nights import speech
from companion.games.arabian_nights.content.pack import Pack
from companion.games.arabian_nights.content.reward_codes import (
    ChooseSpace,
    GainSkill,
    GoToParagraph,
    Instruction,
    LoseStatus,
    MoveTo,
    RewardEffect,
    parse_reward,
)
from companion.games.arabian_nights.content.spaces import allowed_spaces, what_fits
from companion.games.arabian_nights.dialogue.base import ReaderBase
from companion.games.arabian_nights.dialogue.phrases import intents
from companion.games.arabian_nights.dialogue.state import Phase
from companion.games.arabian_nights.dialogue.turn import destination_phrases
from companion.games.arabian_nights.rules.award import FollowUp
from companion.games.arabian_nights.rules.card_effects import instruction_action, lose_next_turn
from companion.games.arabian_nights.rules.free_moves import checked_space, may_stay


class ReaderRewards(ReaderBase):
    """Rewards given, the choices they ask, and where the tale goes after."""

    def _reward(self, code: str) -> list[Speech]:
        effects = parse_reward(code, self.vocabulary)
        name = self.sheet.name
        speeches, changes = self._award(name, effects)
        choice = None
        for change in changes:
            if isinstance(change, FollowUp) and isinstance(change.effect, ChooseSpace):
                if allowed_spaces(self.pack, change.effect):
                    choice = "choose_space"
                else:
                    speeches.append(Speech(speech.sentence(change.effect.describe())))
                continue
            if isinstance(change, FollowUp) and isinstance(change.effect, Instruction):
                self.state.instructions.append(f"{name}: {change.effect.text}")
                action = instruction_action(change.effect.text)
                if action == "lose turn":
                    self.state.table = lose_next_turn(self.table, name)
                    speeches.append(Speech(f"{name} will lose the next turn."))
                    continue
                speeches.append(Speech(speech.sentence(change.effect.text)))
                choice = self._choice_for(action) or choice
        if choice is not None:
            self.encounter.pending_code = code
            self.state.phase = choice
            return speeches
        return speeches + self._go_on(effects, carried_said=True)

    def _choice_for(self, action: str | None) -> Phase | None:
        """The question an instruction asks, when the player has something to choose."""
        if action == "choose status to lose" and self.sheet.statuses:
            return "choose_status"
        if action == "choose skill to gain":
            return "choose_skill"
        if action == "choose space on continent" and self._continent_spaces():
            return "choose_space"
        return None

    def _ask_choose_status(self) -> Step:
        statuses = self.sheet.statuses
        return Step(
            f"Which status do you lose: {spoken_list(statuses, 'or')}? Or say none.",
            _one_of(statuses, "[i] lose", {"none": ["none", "no status", "keep them [all]"]}),
        )

    def _on_choose_status(self, answer: Answer) -> list[Speech]:
        if answer.intent == "none":
            return self._after_choice(f"{self.sheet.name} keeps every status.")
        return self._after_choice(LoseStatus(name=answer.intent))

    def _ask_choose_skill(self) -> Step:
        skills = list(self.pack.skills)
        return Step(
            "Which skill do you gain?",
            _one_of(skills, "[i] (take|choose)"),
            hint=f"Say one of: {spoken_list(skills, 'or')}.",
        )

    def _on_choose_skill(self, answer: Answer) -> list[Speech]:
        return self._after_choice(GainSkill(name=answer.intent))

    def _continent_spaces(self) -> list[str]:
        """The other spaces of the continent the player stands on (none off the map)."""
        here = self.pack.spaces.get(self.sheet.position)
        if here is None:
            return []
        return [name for name, space in self.pack.spaces.items()
                if space.continent == here.continent and name != here.name]  # fmt: skip

    def _free_move(self) -> ChooseSpace | None:
        """The free move the pending reward asks for (None: the continent instruction)."""
        effects = parse_reward(self.encounter.pending_code or "", self.vocabulary)
        return next((effect for effect in effects if isinstance(effect, ChooseSpace)), None)

    def _ask_choose_space(self) -> Step:
        """Every space is heard, so that a space the move does not allow is refused with
        the reason rather than missed."""
        free = self._free_move()
        if free is None:
            question = "Where do you go? Say a space of this continent, or stay."
            spaces = [*self._continent_spaces(), "stay"]
        else:
            question = self._free_move_question(free)
            stay = ["stay"] if may_stay(self.pack, self.sheet, free) else []
            spaces = [*allowed_spaces(self.pack, free), *stay]
        return Step(
            question,
            destination_phrases(self.state.pack_path),
            hint=f"Say one of: {spoken_list(spaces, 'or')}.",
        )

    def _free_move_question(self, free: ChooseSpace) -> str:
        name, fits = self.sheet.name, what_fits(free)
        stay = ", or stay" if may_stay(self.pack, self.sheet, free) else ""
        if free.placed_by_other and len(self.table.players) > 1:
            return f"{name}, choose another player to place you on {fits}. Which space{stay}?"
        return f"{name}, you go to {fits}. Which space{stay}?"

    def _on_choose_space(self, answer: Answer) -> list[Speech]:
        sheet, free = self.sheet, self._free_move()
        if answer.intent == "stay" or answer.intent == sheet.position:
            if free is not None and not may_stay(self.pack, sheet, free):
                raise IllegalAction(f"{sheet.name} must go to {what_fits(free)}. Say which.")
            here = speech.place(self.pack, sheet.position)
            return self._after_choice(f"{sheet.name} stays in {here}.")
        if free is not None:
            space = checked_space(self.pack, sheet, free, answer.intent)
        elif answer.intent in self._continent_spaces():
            space = answer.intent
        else:
            raise IllegalAction(
                f"{answer.intent} is not on {sheet.name}'s continent. "
                f"Say {spoken_list([*self._continent_spaces(), 'stay'], 'or')}."
            )
        return self._after_choice(MoveTo(destination=space))

    def _after_choice(self, chosen: RewardEffect | str) -> list[Speech]:
        """Give what the player chose (or say what a declined choice leaves), then go on
        with the reward that asked."""
        if isinstance(chosen, str):
            said = [Speech(chosen)]
        else:
            said, _ = self._award(self.sheet.name, [chosen])
        code, self.encounter.pending_code = self.encounter.pending_code, None
        return said + self._go_on(parse_reward(code or "", self.vocabulary))

    def _go_on(self, effects: list, carried_said: bool = False) -> list[Speech]:
        """After a reward: a "go to" or a Place of Power continues the tale, else it ends.
        Being carried to the place is said unless the reward's sentence just said it."""
        follow = _follow_up(effects, self.pack)
        if isinstance(follow, GoToParagraph):
            return self._enter_paragraph(follow.paragraph)
        if isinstance(follow, MoveTo):
            place = self.pack.places[follow.destination]
            self.encounter.encountered = place.name
            self.encounter.master_skill = None
            carried = f"carried to {self._place(place.name)}."
            said = Speech(f"You are {carried}", chronicled=f"{self.sheet.name} is {carried}")
            return [
                *([] if carried_said else [said]),
                *self._enter_paragraph(place.paragraph),
            ]
        return self._finish_encounter()


def _one_of(names: list[str], verb: str, others: dict[str, list[str]] | None = None) -> PhraseSet:
    """One answer per name, said alone or after ``verb`` ("[i] lose Wounded"), and the
    ``others`` answers with their sayings; each is spoken as its own name.

    >>> choices = _one_of(["Wounded"], "[i] lose", {"none": ["none"]})
    >>> [choices.match(said).value.intent for said in ("i lose wounded", "none")]
    ['Wounded', 'none']
    """
    choices = {**{name: [name, f"{verb} {name}"] for name in names}, **(others or {})}
    return intents(choices, labels={value: value for value in choices})


def _follow_up(effects: list, pack: Pack) -> GoToParagraph | MoveTo | None:
    """The reward's "go to" or its move into a Place of Power, which continue the tale."""
    for effect in effects:
        if isinstance(effect, GoToParagraph):
            return effect
        if isinstance(effect, MoveTo) and effect.destination in pack.places:
            return effect
    return None
