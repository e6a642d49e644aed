"""A long list is said capped ("and 14 more; say all to hear them"), and "all" says it whole,
in English and in Spanish; "help" says the commands of every step once, not every time."""

from __future__ import annotations

from pydantic import BaseModel

from companion.framework.answers import Answer
from companion.framework.dialogue import GameOptions, SeededRandom, Speech, Step
from companion.framework.kit import GameKit, Seating, new_dice
from companion.framework.phrases import PhraseSet
from companion.framework.wording import SPOKEN_AT_MOST, capped_list
from companion.framework.words import SAYINGS
from companion.session.loop import run_typed

CITIES = [f"City {letter}" for letter in "ABCDEFGHIJKLMNOPQRST"]


class PickState(BaseModel):
    seating: Seating = Seating()
    phase: str = "pick"
    picked: list[str] = []
    language: str = "en"
    dice: SeededRandom


class PickDialogue(GameKit):
    """Two questions with twenty answers each, and a reply that lists them all."""

    game = "pick"
    title = "the pick game"
    State = PickState
    min_players = 1

    @classmethod
    def initial_state(cls, options: GameOptions) -> PickState:
        return PickState(dice=new_dice(options), language=options.settings.get("lang", "en"))

    @property
    def language(self) -> str:
        return self.state.language

    @property
    def finished(self) -> bool:
        return len(self.state.picked) == 2

    def _ask_pick(self) -> Step:
        cities = {Answer(city): [city.lower()] for city in CITIES}
        listing = {Answer("list"): ["list them"]}
        return Step(
            "Pick another city." if self.state.picked else "Pick a city.",
            PhraseSet.from_templates(cities, labels={a: a.intent for a in cities}),
            commands=PhraseSet.from_templates(listing, labels={}),
        )

    def _on_pick(self, answer: Answer) -> list[Speech]:
        if answer.intent == "list":
            return [Speech(capped_list(CITIES), in_full=", ".join(CITIES))]
        self.state.picked.append(answer.intent)
        return [Speech(f"You picked {answer.intent}.")]

    def opening(self) -> list[Speech]:
        return []

    def status(self, player: str | None = None) -> str:
        return "Nothing yet."

    def whose_turn(self) -> str:
        return "It is your turn."


PICK = PickDialogue.spec()


def play(lines: list[str], tmp_path, language: str = "en") -> list[str]:
    options = GameOptions(seed=1, players=[("Ali", "")], settings={"lang": language})
    return run_typed(PICK.new(options), PICK, lines, tmp_path / "pick.json")


def test_help_caps_the_options_and_all_says_every_one(tmp_path):
    lines = play(["help", "all", "city q", "help", "help", "city r"], tmp_path)
    helped, whole = lines[1], lines[3]
    assert helped.startswith("You can say: City A, City B, City C, City D, City E, City F, ")
    assert "or one of 14 more; say all to hear them." in helped
    assert SAYINGS["global_hint"]["en"] in helped
    assert whole == f"You can say: {', '.join(CITIES[:-1])} or City T."
    assert lines[5:7] == ["You picked City Q.", "Pick another city."]
    assert SAYINGS["global_hint"]["en"] not in lines[7]  # help at the next question: shorter
    assert SAYINGS["global_hint"]["en"] in lines[9]  # asked again at once: the commands too
    assert lines[-1] == "You picked City R."


def test_all_after_a_capped_reply_says_that_reply_whole(tmp_path):
    lines = play(["list them", "all", "city a"], tmp_path)
    assert lines[1] == capped_list(CITIES)
    assert len(lines[1].split(", ")) == SPOKEN_AT_MOST
    assert lines[3] == ", ".join(CITIES)


def test_a_spanish_game_caps_and_says_all_in_spanish(tmp_path):
    lines = play(["ayuda", "todo", "city b", "city c"], tmp_path, "es")
    assert lines[1].startswith("Puedes decir: City A, ")
    assert "City F o 14 más; di todo para oír la lista entera." in lines[1]
    assert lines[3] == f"Puedes decir: {', '.join(CITIES[:-1])} o City T."
