"""A tiny game for testing the session: players roll dice towards a target sum."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from companion.dialogue import GameOptions, GameSpec, InvalidAnswer, SeededRandom, Speech, Step
from companion.phrases import PhraseSet

DICE = PhraseSet.numbers(range(1, 7), ["{n}", "[i] rolled [a] {n}"]) | PhraseSet.from_templates(
    {"roll for me": ["roll for me", "you roll"]}
)


class ToyState(BaseModel):
    total: int = 0
    target: int = 10
    rolls: list[int] = []
    dice: SeededRandom


class ToyDialogue:
    game = "toy"

    def __init__(self, state: ToyState) -> None:
        self.state = state

    @property
    def finished(self) -> bool:
        return self.state.total >= self.state.target

    def step(self) -> Step:
        return Step(f"The total is {self.state.total}. Say your roll.", DICE)

    def answer(self, value: str) -> list[Speech]:
        roll = self.state.dice.next_rng().randint(1, 6) if value == "roll for me" else int(value)
        if roll == 6 and self.state.total == 0:
            raise InvalidAnswer("A six cannot open the game.")
        self.state.total += roll
        self.state.rolls.append(roll)
        return [Speech(f"You add {roll}.")]

    def opening(self) -> list[Speech]:
        return [Speech("Welcome to the toy game.")]

    def status(self, player: str | None = None) -> str:
        return f"{player or 'You'} have {self.state.total}."

    def whose_turn(self) -> str:
        return "It is your turn."

    def player_names(self) -> list[str]:
        return ["Ali"]

    def to_save(self) -> dict[str, Any]:
        return self.state.model_dump()


def new(options: GameOptions) -> ToyDialogue:
    return ToyDialogue(ToyState(dice=SeededRandom(seed=options.seed or 0)))


def restore(data: dict[str, Any]) -> ToyDialogue:
    return ToyDialogue(ToyState.model_validate(data))


TOY = GameSpec(name="toy", title="the toy game", new=new, restore=restore)
