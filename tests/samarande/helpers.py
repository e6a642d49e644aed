"""Helpers of the Samarande tests: tables with ready-made cities and a scripted dialogue."""

from __future__ import annotations

from pathlib import Path

from companion.framework.answers import Answer
from companion.framework.dialogue import GameOptions, Step
from companion.framework.errors import IllegalAction
from companion.games.samarande.content.catalogue import Catalogue
from companion.games.samarande.dialogue import SamarandeDialogue
from companion.games.samarande.rules import District, Settings, Table
from testkit.typed_answers import typed

TEST_PACK = Path(__file__).parent / "pack"
"""A card list with every figure filled in, as an owner completes it from a deck."""


def make_table(catalogue: Catalogue, players: int = 2, **settings: object) -> Table:
    """A table of ``players`` viziers (Ali, Zoe, Sam, ...), Ali to play, turn started."""
    names = ["Ali", "Zoe", "Sam", "Lia", "Omar"]
    table = Table.new(catalogue, names[:players], Settings(**settings))
    table.start_turn()
    return table


def build_city(table: Table, name: str, *cards: str) -> None:
    """Put cards straight into a city (no cost): artisans go into the last district."""
    city = table.player(name).city
    for card_name in cards:
        kind = table.card(card_name).kind
        if kind == "district":
            city.districts.append(District(id=table.next_district_id, card=card_name))
            table.next_district_id += 1
        elif kind == "artisan":
            city.districts[-1].artisans.append(card_name)
        else:
            city.guards.append(card_name)
        table.deck -= 1


class Script:
    """Drives a dialogue by its own phrases, as a player at the table would speak."""

    def __init__(self, dialogue: SamarandeDialogue) -> None:
        self.dialogue = dialogue
        self.said: list[str] = []

    def __call__(self, *answers: str) -> list[str]:
        """Say each answer; return everything the companion said back."""
        spoken: list[str] = []
        for text in answers:
            spoken += [speech.text for speech in self.dialogue.answer(typed(self.step, text))]
        self.said += spoken
        return spoken

    def refused(self, said: str | Answer) -> str:
        """Say ``said``, expecting a refusal; return its reason. As the session does, the
        game is put back as it was before the answer. An Answer is given as it is: one the
        step does not offer, which the game must refuse by itself."""
        step = self.dialogue.step()
        before = self.dialogue.to_save()
        try:
            self.dialogue.answer(said if isinstance(said, Answer) else typed(step, said))
        except IllegalAction as refusal:
            self.dialogue.state = SamarandeDialogue.restore(before).state
            return str(refusal)
        raise AssertionError(f"{said!r} was accepted at {step.prompt!r}")

    @property
    def step(self) -> Step:
        return self.dialogue.step()

    @property
    def prompt(self) -> str:
        return self.dialogue.step().prompt

    @property
    def table(self) -> Table:
        """The dialogue's table now (a refusal restores a copy, so never keep it)."""
        return self.dialogue.table


def start(players: str = "Ali,Zoe", first: str = "Ali", seed: int = 7, **settings: str) -> Script:
    """A new dialogue with these players, ``first`` to play."""
    names = [(name, "") for name in players.split(",")]
    options = GameOptions(seed=seed, players=names, pack=str(TEST_PACK), settings=dict(settings))
    dialogue = SamarandeDialogue.new(options)
    script = Script(dialogue)
    script(*["kept"] * len(names), first)
    return script
