"""The spoken dialogue: setup, prompts, status, and whole seeded games in typed mode."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from companion.framework.answers import Answer
from companion.framework.dialogue import GameOptions
from companion.framework.errors import IllegalAction, SaveError, SetupError
from companion.framework.kit import ROLL_FOR_ME, number
from companion.games import game_spec
from companion.games.tales_of_arabia.content.pack import load_pack
from companion.games.tales_of_arabia.dialogue import TalesOfArabiaDialogue
from companion.games.tales_of_arabia.dialogue.steps import StepBuilder
from companion.games.tales_of_arabia.game import GAME
from companion.games.tales_of_arabia.rules.state import HeldItem
from companion.games.tales_of_arabia.speech import Narrator
from companion.session.loop import run_typed
from companion.session.saves import read_save
from testkit.typed_answers import answer_typed
from tests.tales_of_arabia.toa_table import Table

TWO = (("Ali", "m"), ("Sara", "f"))


def new(players=TWO, **settings: str) -> TalesOfArabiaDialogue:
    return GAME.new(GameOptions(seed=11, players=players, settings=settings))


def record_game(seed: int, players=TWO) -> tuple[list[str], dict]:
    """Play a whole game with seeded answers; return the typed lines and the final save."""
    rng = random.Random(seed)
    dialogue = GAME.new(GameOptions(seed=seed, players=players))
    lines: list[str] = []
    while not dialogue.finished:
        step = dialogue.step()
        if step.free_text:
            text = rng.choice(["Omar", "Layla", "Nur"]) + str(len(lines))
            value = Answer.free(text)
        else:
            value = rng.choice([v for v in step.expects.values if step.offers(v)])
            text = rng.choice(step.expects.phrases_for(value))
        dialogue.answer(value)
        lines.append(text)
    return lines, dialogue.to_save()


# --------------------------------------------------------------------------- setup


def test_the_registry_knows_the_game() -> None:
    assert game_spec("tales-of-arabia") is GAME
    assert GAME.title == "Tales of Arabia"


def test_setup_asks_the_number_of_players_their_names_and_heroes() -> None:
    dialogue = GAME.new(GameOptions(seed=1))
    assert dialogue.step().prompt.startswith("How many players?")
    assert dialogue.step().expects.values[:5] == tuple(map(number, range(2, 7)))
    with pytest.raises(IllegalAction, match="This game is for two to six players"):
        dialogue.answer(dialogue.step().expects.match("seven").value)
    answer_typed(dialogue, "3")
    for name in ("Ali", "Sara", "Omar"):
        step = dialogue.step()
        assert step.free_text and "name" in step.prompt
        answer_typed(dialogue, name)
    assert dialogue.step().prompt.startswith("Ali, which hero")
    answer_typed(dialogue, "Antar")
    assert not dialogue.step().offers(Answer("Antar"))
    answer_typed(dialogue, "Morgiana")
    speech = answer_typed(dialogue, "Aladdin")
    assert any("shuffled" in s.text for s in speech)
    assert dialogue.step().prompt.startswith("Ali, roll one die for the turn order")
    assert dialogue.player_names() == ["Ali", "Sara", "Omar"]


@pytest.mark.parametrize("name", ["", "  ", "?!", "ali"])
def test_names_must_be_speakable_and_distinct(name: str) -> None:
    dialogue = GAME.new(GameOptions(seed=1))
    answer_typed(dialogue, "2")
    answer_typed(dialogue, "Ali")
    with pytest.raises(IllegalAction):
        answer_typed(dialogue, name)
    assert dialogue.player_names() == ["Ali"]


def test_players_given_on_the_command_line_skip_to_the_heroes() -> None:
    assert new().step().prompt.startswith("Ali, which hero will you play? Say Ali Baba")


@pytest.mark.parametrize(
    ("players", "settings"),
    [
        ((("Ali", "m"),), {}),
        (tuple((f"P{i}", "m") for i in range(7)), {}),
        ((("Ali", "m"), ("ali", "f")), {}),
        (TWO, {"colour": "blue"}),
    ],
)
def test_impossible_options_are_refused_with_a_reason(players, settings) -> None:
    with pytest.raises(SetupError):
        GAME.new(GameOptions(seed=1, players=players, settings=settings))


def test_shared_heroes_allow_more_players() -> None:
    players = tuple((f"P{chr(65 + i)}", "m") for i in range(8))
    dialogue = new(players, unique_heroes="no")
    for _ in players:
        answer_typed(dialogue, "Antar")
    assert dialogue.step().prompt.startswith("PA, roll one die")


def test_a_bad_pack_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SetupError):
        GAME.new(GameOptions(seed=1, pack=str(tmp_path)))


# --------------------------------------------------------------------------- speaking


def started() -> TalesOfArabiaDialogue:
    dialogue = new()
    for words in ("Aladdin", "Morgiana", "6", "2"):
        answer_typed(dialogue, words)
    return dialogue


def test_status_and_whose_turn_are_short_sentences() -> None:
    dialogue = new()
    assert dialogue.status() == "We are still setting up the game."
    dialogue = started()
    assert dialogue.whose_turn() == "It is Ali's turn."
    assert dialogue.status("sara") == (
        "Sara, playing Morgiana, is at Baghdad. Fortune zero, Fame zero, Faith zero."
    )
    answer_typed(dialogue, "1")  # Ali draws the top card
    assert dialogue.status().startswith("Ali, playing Aladdin, is at space two.")


def test_the_move_prompt_offers_dice_and_roll_for_me() -> None:
    step = started().step()
    assert step.prompt == "Ali, roll the die to move. Say your roll, or say roll for me."
    assert step.expects.match("I rolled a 3").value == number(3)
    assert step.expects.match("roll for me").value == ROLL_FOR_ME
    assert step.options_hint().startswith("A die shows one to six.")


def test_a_number_no_die_shows_is_refused_with_what_is_allowed() -> None:
    dialogue = started()
    step = dialogue.step()
    value = step.expects.match("I rolled a 7").value
    with pytest.raises(IllegalAction) as refusal:
        dialogue.answer(value)
    assert str(refusal.value) == (
        "Not seven. A die shows one to six. Say the number you rolled, or say roll for me."
    )


def test_roll_for_me_is_said_and_seeded() -> None:
    first = started().answer(ROLL_FOR_ME)
    assert first[0].text.startswith("I rolled ")
    assert [s.text for s in started().answer(ROLL_FOR_ME)] == [s.text for s in first]


def test_a_drawn_card_is_named_then_narrated() -> None:
    speech = answer_typed(started(), "1")
    drawn = next(i for i, s in enumerate(speech) if " draws " in s.text)
    assert speech[drawn + 1].reading


def test_an_unusable_save_is_refused_with_a_reason() -> None:
    data = started().to_save()
    data["game"]["players"] = "nobody"
    with pytest.raises(SaveError, match="Tales of Arabia"):
        GAME.restore(data)


def test_save_and_restore_in_the_middle_of_a_game() -> None:
    dialogue = started()
    answer_typed(dialogue, "1")
    restored = GAME.restore(dialogue.to_save())
    assert restored.step().prompt == dialogue.step().prompt
    assert restored.to_save() == dialogue.to_save()


# --------------------------------------------------------------------------- typed games


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_seeded_whole_game_plays_in_typed_mode(seed: int, tmp_path: Path) -> None:
    lines, final = record_game(seed)
    path = tmp_path / "game.json"
    printed = run_typed(GAME.new(GameOptions(seed=seed, players=TWO)), GAME, lines, path)
    assert read_save(path).state == final
    assert "The deck is empty, and the game is over." in printed
    ending = printed.index("The deck is empty, and the game is over.")
    assert [line.split(":")[0] for line in printed[ending + 1 : ending + 3]] == ["Ali", "Sara"]
    verdict = printed[ending + 3]
    assert (
        sum(verdict.count(f"{token} win") for token in ("Fortune", "Fame", "Faith"))
        + (verdict.count("Nobody earned"))
        == 3
    )
    assert not any("did not catch" in line for line in printed)


def test_a_game_stopped_halfway_resumes_to_the_same_end(tmp_path: Path) -> None:
    lines, final = record_game(4)
    path = tmp_path / "game.json"
    half = len(lines) // 2
    run_typed(GAME.new(GameOptions(seed=4, players=TWO)), GAME, lines[:half], path)
    saved = read_save(path)
    assert not GAME.restore(saved.state).finished
    run_typed(GAME.restore(saved.state), GAME, lines[half:], path, saved.undo, opening=[])
    assert read_save(path).state == final


def test_companion_play_runs_a_whole_game_from_typed_input(tmp_path: Path) -> None:
    lines, final = record_game(5)
    save = tmp_path / "cli.json"
    command = [
        sys.executable, "-m", "companion", "play", "--game", "tales-of-arabia", "--typed",
        "--seed", "5", "--players", "Ali:m,Sara:f", "--save", str(save),
    ]  # fmt: skip
    done = subprocess.run(
        command, input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "The deck is empty, and the game is over." in done.stdout
    assert read_save(save).state == final


def test_heroes_may_be_called_by_their_short_names() -> None:
    expects = new().step().expects
    assert expects.match("Sinbad").value == Answer("Sindbad the Sailor")
    assert expects.match("the thief").value == Answer("Thief of Baghdad")


def builder() -> StepBuilder:
    pack = load_pack()
    return StepBuilder(pack, Narrator(pack))


def test_a_failed_fate_roll_names_what_may_still_win_it() -> None:
    table = Table(top=["Dragon"]).give(0, "Magic Potion").say("1", "1")
    step = builder().step(table.state)
    assert step.prompt == "Ali, that roll is not enough against the Dragon. Say Magic Potion or no."
    assert step.expects.match("use the magic potion").value == Answer("Magic Potion")
    assert step.expects.match("no thanks").value == Answer("no")


def test_fate_prompts_say_the_modifier_in_words() -> None:
    table = Table(heroes=("Aladdin", "Antar"), top=["Sorcerer"]).give(0, "Ancient Curse")
    prompt = builder().step(table.say("1").state).prompt
    assert prompt == (
        "Ali, roll for fate against the Sorcerer. A four or better wins, and your roll gets "
        "minus one. Say your roll, or say roll for me."
    )


def test_steal_choices_are_said_by_name() -> None:
    table = Table(heroes=("Antar", "Aladdin", "Sindbad the Sailor"), top=["Caravan"])
    table.give(1, "Gold & Silver").give(2, "Magic Ring").set(1, space=3).set(2, space=3, fortune=1)
    step = builder().step(table.say("2").state)
    assert step.prompt == "Ali, steal from whom? Say Sara, Omar or no."
    assert step.expects.match("Omar").value == Answer("Omar")
    step = builder().step(table.say("Omar", "5").state)
    assert step.prompt == "Ali, what do you take from Omar? Say Magic Ring or a Fortune token."
    assert step.expects.match("a fortune token").value == Answer("fortune token")


def test_an_answer_the_rules_refuse_is_explained_in_words() -> None:
    with pytest.raises(IllegalAction, match=r"That does not fit now\..*A die shows one to six"):
        started().answer(Answer("roll two"))


def said(table: Table) -> list[str]:
    return [s.text for s in Narrator(table.pack).speeches(table.events, table.state)]


def test_a_failed_challenge_is_told_in_short_sentences() -> None:
    table = Table(top=["Dragon"]).set(0, fortune=1).say("1", "1")
    assert said(table) == [
        "Ali moves to space two.",
        "Ali draws the Dragon, a Beast challenge.",
        table.pack.card("Dragon").narration,
        "Ali scores zero: not enough.",
        "Ali fails against the Dragon.",
        "Ali leaves the Dragon on space two for the next traveller.",
        "Ali will miss a turn.",
    ]


def test_a_location_landed_on_later_says_why_its_gift_is_given() -> None:
    table = Table()
    table.state.deck.remove("Elephant Graveyard")
    table.state.board[3] = "Elephant Graveyard"
    table.say("2")
    assert "Ali gains one Fortune from the Elephant Graveyard." in said(table)


def test_a_saved_turn_and_a_passed_baghdad_are_told() -> None:
    table = Table(top=["Enslaved"]).give(0, "Hospitality").set(0, space=35).say("3")
    table.say("Hospitality")
    lines = said(table)
    assert lines[:3] == ["Ali moves to space two.", "Ali passes Baghdad.", "Ali gains one Fame."]
    assert lines[-2:] == [
        "Ali uses Hospitality, and discards it.",
        "Ali keeps the turn, thanks to Hospitality.",
    ]


def test_whose_turn_names_who_must_answer() -> None:
    dialogue = started()
    game = dialogue.state.game
    game.deck.remove("Magic Ring")
    game.players[1].items.append(HeldItem(name="Magic Ring"))
    game.deck.remove("An Eye for an Eye")
    game.deck.insert(0, "An Eye for an Eye")
    answer_typed(dialogue, "1")
    assert dialogue.step().prompt.startswith("Sara, roll for the Magic Ring.")
    assert dialogue.whose_turn() == "It is Ali's turn, and Sara must answer now."
