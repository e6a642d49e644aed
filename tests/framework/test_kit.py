"""The game kit: shared setup steps, one dispatch convention, shared dice, one error family."""

from __future__ import annotations

import subprocess
import sys

import pytest
from pydantic import BaseModel

from companion.framework.answers import Answer
from companion.framework.dialogue import GameOptions
from companion.framework.errors import IllegalAction, SetupError
from companion.framework.kit import ROLL_FOR_ME, GameKit, Seating, dice_phrases, number
from companion.framework.phrases import PhraseSet
from companion.games import GAME_MODULES
from testkit.typed_answers import answer_typed
from tests.framework.toy_game import TOY, ToyDialogue


def test_setup_asks_how_many_then_each_name():
    dialogue = TOY.new(GameOptions(seed=1))
    assert dialogue.step().prompt == "How many players? Say a number from one to six."
    assert dialogue.step().expects.match("we are two").value == number(2)
    assert answer_typed(dialogue, "2")[0].text == "Two players. Welcome, all of you."
    assert dialogue.step().free_text
    answer_typed(dialogue, "Ali")
    with pytest.raises(IllegalAction, match="Ali is already playing"):
        answer_typed(dialogue, "ali")
    answer_typed(dialogue, "Zoe")
    assert dialogue.player_names() == ["Ali", "Zoe"]
    assert dialogue.step().prompt == "The total is 0. Say your roll."


class SpanishToy(ToyDialogue):
    """The toy game played in Spanish: the kit seats its players in Spanish."""

    @property
    def language(self) -> str:
        return "es"


def test_the_kit_seats_the_players_in_the_games_language():
    dialogue = SpanishToy(SpanishToy.initial_state(GameOptions(seed=1)))
    assert dialogue.step().prompt == "¿Cuántos jugadores sois? Di un número del uno al seis."
    assert dialogue.step().expects.match("somos tres").value == number(3)
    assert dialogue.step().expects.match("2").value == number(2)  # typed digits too
    with pytest.raises(IllegalAction, match="Este juego es para uno a seis jugadores"):
        dialogue.answer(number(9))
    assert answer_typed(dialogue, "2")[0].text == "Dos jugadores. Os damos la bienvenida a todos."
    assert dialogue.step().prompt == "Jugador número uno, ¿cómo te llamas?"
    assert answer_typed(dialogue, "Ana")[0].text == "Te damos la bienvenida, Ana."
    with pytest.raises(IllegalAction, match="Ana ya está jugando"):
        answer_typed(dialogue, "ana")


def test_a_game_is_answered_with_answers_only():
    """Words are an answer only once the step's phrases (or a free step) made them one."""
    dialogue = TOY.new(GameOptions(seed=1))
    with pytest.raises(TypeError, match="answered with an Answer, not '2'"):
        dialogue.answer("2")
    with pytest.raises(TypeError, match="a phrase stands for an Answer, not 'two'"):
        PhraseSet.from_templates({"two": ["two"]})
    assert dialogue.phase() == "count"
    answer_typed(dialogue, "two")
    assert dialogue.answer(Answer.free("Ali"))[0].text == "Welcome, Ali."


def test_players_from_the_command_line_skip_setup():
    dialogue = TOY.new(GameOptions(seed=1, players=[("Aladdin", ""), ("Sindbad", "")]))
    assert dialogue.player_names() == ["Aladdin", "Sindbad"]
    assert dialogue.phase() == "roll"


@pytest.mark.parametrize(
    "players", [[("Ali", ""), ("ali", "")], [(" ", "")], [(f"P{n}", "") for n in range(7)]]
)
def test_impossible_players_are_a_setup_error(players):
    with pytest.raises(SetupError):
        TOY.new(GameOptions(seed=1, players=players))


class CourtState(BaseModel):
    seating: Seating = Seating()
    phase: str = "court"


class Court(GameKit):
    """A game whose rules use gender."""

    game = "court"
    title = "The Court"
    State = CourtState
    uses_gender = True
    min_players = 1

    @classmethod
    def initial_state(cls, options):
        return CourtState()

    @property
    def finished(self):
        return False

    def _ask_court(self):
        raise AssertionError("not reached in these tests")

    def _on_court(self, answer):
        raise AssertionError("not reached in these tests")


def test_gender_is_asked_only_where_the_rules_use_it():
    court = Court.new(GameOptions(players=[("Ali", "m")]))
    assert court.state.seating.genders == ["m"]
    with pytest.raises(SetupError, match="Sara:m or Sara:f"):
        Court.new(GameOptions(players=[("Sara", "")]))
    court = Court.new(GameOptions())
    answer_typed(court, "1")
    answer_typed(court, "Sara")
    assert court.step().prompt == "Sara, is your hero a man or a woman?"
    court.answer(court.step().expects.match("a woman").value)
    assert court.state.seating.genders == ["f"] and court.phase() == "court"


def test_a_gendered_game_asks_each_gender_right_after_the_name():
    court = Court.new(GameOptions())
    answer_typed(court, "2")
    asked = []
    for said in ["ali  baba", "he", "42", "f"]:
        asked.append(court.phase())
        answer_typed(court, said)
    assert asked == ["name", "gender", "name", "gender"]
    assert court.state.seating.names == ["Ali Baba", "42"]
    assert court.state.seating.genders == ["m", "f"] and court.phase() == "court"


def test_a_phase_needs_both_its_question_and_its_answer():
    with pytest.raises(TypeError, match="lonely"):

        class Broken(ToyDialogue):
            def _ask_lonely(self): ...


def test_shared_dice_answers():
    dice = dice_phrases(1, 6)
    assert dice.match("it is a five").value == number(5)
    assert dice.match("you roll").value == ROLL_FOR_ME
    assert dice.label(ROLL_FOR_ME) == "roll for me"
    assert Answer("roll for me") not in dice_phrases(1, 6, roll_for_me=False).values


@pytest.mark.parametrize("game", ["tales-of-arabia", "samarande", "scheherazade"])
def test_games_accept_players_without_gender_and_refuse_bad_ones_with_exit_2(game, tmp_path):
    command = [sys.executable, "-m", "companion", "play", "--game", game, "--typed", "--seed", "1",
               "--save", str(tmp_path / "s.json")]  # fmt: skip
    started = subprocess.run([*command, "--players", "Aladdin,Sindbad"], input="",
                             capture_output=True, text=True, timeout=120)  # fmt: skip
    assert started.returncode == 0, started.stderr
    assert "Aladdin" in started.stdout
    refused = subprocess.run([*command, "--new", "--players", ",".join("ABCDEFGHI")], input="",
                             capture_output=True, text=True, timeout=120)  # fmt: skip
    assert refused.returncode == 2
    assert " to " in refused.stderr
    assert "Traceback" not in refused.stderr


def test_the_readers_court_needs_each_gender(tmp_path):
    command = [
        sys.executable,
        "-m",
        "companion",
        "play",
        "--game",
        "arabian-nights",
        "--typed",
        "--seed",
        "1",
        "--save",
        str(tmp_path / "s.json"),
        "--players",
        "Ali,Zed:f",
    ]
    refused = subprocess.run(command, input="", capture_output=True, text=True, timeout=120)
    assert refused.returncode == 2
    assert "Ali:m or Ali:f" in refused.stderr


def test_every_game_is_registered():
    assert set(GAME_MODULES) >= {"arabian-nights", "scheherazade", "tales-of-arabia", "samarande"}
