"""A tiny game on the game kit, for testing the session: players roll towards a target sum."""

from __future__ import annotations

from pydantic import BaseModel

from companion.framework.answers import Answer
from companion.framework.dialogue import GameOptions, SeededRandom, Speech, Step
from companion.framework.errors import IllegalAction
from companion.framework.kit import GameKit, Seating, dice_phrases, new_dice, rolled


class ToyState(BaseModel):
    seating: Seating = Seating()
    phase: str = "roll"
    total: int = 0
    target: int = 10
    rolls: list[int] = []
    dice: SeededRandom


class ToyDialogue(GameKit):
    game = "toy"
    title = "the toy game"
    State = ToyState
    min_players = 1

    @classmethod
    def initial_state(cls, options: GameOptions) -> ToyState:
        return ToyState(dice=new_dice(options))

    @property
    def finished(self) -> bool:
        return self.state.total >= self.state.target

    def _ask_roll(self) -> Step:
        return Step(f"The total is {self.state.total}. Say your roll.", dice_phrases(1, 6))

    def _on_roll(self, answer: Answer) -> list[Speech]:
        roll = rolled(answer, self.state.dice)
        self.state.total += roll
        self.state.rolls.append(roll)
        if roll == 6 and self.state.total == 6:
            raise IllegalAction("A six cannot open the game.")  # the session rolls back
        return [Speech(f"You add {roll}.")]

    def opening(self) -> list[Speech]:
        return [Speech("Welcome to the toy game.")]

    def status(self, player: str | None = None) -> str:
        return f"{player or 'You'} have {self.state.total}."

    def whose_turn(self) -> str:
        return "It is your turn."


TOY = ToyDialogue.spec()
ALI = (("Ali", ""),)
