"""Learning the players' voices at setup: offered once everyone is seated, in a new game
played by voice, to ears that learn (companion.session.enrolment)."""

from __future__ import annotations

import pytest

from companion.framework.answers import Answer
from companion.framework.dialogue import GameOptions, Step
from companion.framework.phrases import PhraseSet
from companion.games import game_spec
from companion.session.loop import Session
from companion.session.ports import DeviceUnavailable, Heard, PrintMouth

SPEC = game_spec("tales-of-arabia")
NUMBERS = ["one", "two", "three", "four", "five", "six"]


class LearningScriptedEars:
    """Ears that hear a script and note what they are told to learn, and for whom."""

    def __init__(self, heard: list[str | Heard]) -> None:
        self._heard = iter(heard)
        self.voice = "table"
        self.learned: list[tuple[str, Answer]] = []
        self.asked: list[str] = []

    def hear(self, step: Step, phrases: PhraseSet) -> Heard | None:
        self.asked.append(step.prompt)
        said = next(self._heard, None)
        return Heard(said, 0.95) if isinstance(said, str) else said

    def attend(self, voice: str) -> None:
        self.voice = voice

    def learn(self, value) -> None:
        self.learned.append((self.voice, value))


def play(ears, players=(("Ali", ""), ("Zed", "")), offer=True, tmp_path=None, keyboard=None):
    printed: list[str] = []
    session = Session(
        dialogue=SPEC.new(GameOptions(seed=1, players=list(players))),
        spec=SPEC,
        ears=ears,
        mouth=PrintMouth(printed.append),
        save_path=tmp_path / "game.json",
        offer_enrolment=offer,
        keyboard=keyboard,
    )
    end = session.run([])
    return printed, end


def test_each_player_says_one_to_six_and_each_utterance_is_an_example_of_its_number(tmp_path):
    ears = LearningScriptedEars(["yes", *NUMBERS, "one", "too", "three", "for", "five", "sex"])
    printed, _ = play(ears, tmp_path=tmp_path)
    assert printed[0].startswith("Shall I learn your voices first?")
    assert ears.asked[1:4] == ["Ali, say one.", "Ali, say two.", "Ali, say three."]
    numbers = [Answer.number(n) for n in range(1, 7)]
    assert ears.learned == [("Ali", n) for n in numbers] + [("Zed", n) for n in numbers]
    assert "Thank you. I will go on learning your voices as we play." in printed
    assert (
        ears.asked[13]
        == SPEC.new(GameOptions(seed=1, players=[("Ali", ""), ("Zed", "")])).step().prompt
    )


def test_no_skips_the_round_and_the_game_begins(tmp_path):
    ears = LearningScriptedEars(["no"])
    play(ears, tmp_path=tmp_path)
    assert ears.learned == []
    assert (
        ears.asked[1]
        == SPEC.new(GameOptions(seed=1, players=[("Ali", ""), ("Zed", "")])).step().prompt
    )


def test_skip_ends_the_round_with_what_was_learned(tmp_path):
    ears = LearningScriptedEars(["yes", "one", "two", "skip"])
    play(ears, tmp_path=tmp_path)
    assert ears.learned == [("Ali", Answer.number(1)), ("Ali", Answer.number(2))]
    assert (
        ears.asked[4]
        == SPEC.new(GameOptions(seed=1, players=[("Ali", ""), ("Zed", "")])).step().prompt
    )


def test_nothing_heard_is_not_learned(tmp_path):
    ears = LearningScriptedEars(["yes", "one", "", *NUMBERS[2:], *NUMBERS])
    play(ears, tmp_path=tmp_path)
    assert ("Ali", Answer.number(2)) not in ears.learned
    assert len(ears.learned) == 11


def test_the_round_waits_until_everyone_is_seated(tmp_path):
    names = [
        Heard(name, 1.0, typed=True) for name in ("Ali", "Zed")
    ]  # names are typed, or given with --players
    ears = LearningScriptedEars(["2", *names, "no"])
    play(ears, players=(), tmp_path=tmp_path)
    assert ears.asked[1:3] == ["Player one, what is your name?", "Player two, what is your name?"]
    assert ears.asked[3].startswith("Shall I learn your voices first?")


def test_ears_that_do_not_learn_are_not_offered_a_round(tmp_path):
    class PlainEars(LearningScriptedEars):
        attend = learn = None  # not LearningEars

    ears = PlainEars([])
    printed, _ = play(ears, tmp_path=tmp_path)
    assert not any(line.startswith("Shall I learn") for line in printed)


def test_a_resumed_or_typed_game_is_not_offered_a_round(tmp_path):
    ears = LearningScriptedEars([])
    printed, _ = play(ears, offer=False, tmp_path=tmp_path)
    assert not any(line.startswith("Shall I learn") for line in printed)


class LostAfter(LearningScriptedEars):
    """Learning ears whose microphone stops working once their script is heard."""

    def hear(self, step: Step, phrases: PhraseSet) -> Heard | None:
        heard = super().hear(step, phrases)
        if heard is None:
            raise DeviceUnavailable("The microphone stopped working.")
        return heard


class Keyboard:
    """Typed answers (not ears that learn), noting what they were asked."""

    def __init__(self, typed: list[str]) -> None:
        self._typed = iter(typed)
        self.asked: list[str] = []

    def hear(self, step: Step, phrases: PhraseSet) -> Heard | None:
        self.asked.append(step.prompt)
        typed = next(self._typed, None)
        return None if typed is None else Heard(typed, typed=True)


@pytest.mark.parametrize("heard", [["yes", "one", "two"], []])
def test_a_microphone_lost_during_or_at_the_round_skips_it_and_goes_on_by_keyboard(heard, tmp_path):
    keyboard = Keyboard(["yes"] * (not heard))  # the offer's answer, when lost at it
    printed, _ = play(LostAfter(heard), tmp_path=tmp_path, keyboard=keyboard)
    assert "The microphone stopped working. Please type your answers from now on." in printed
    first = SPEC.new(GameOptions(seed=1, players=[("Ali", ""), ("Zed", "")])).step().prompt
    assert keyboard.asked[-1] == first
