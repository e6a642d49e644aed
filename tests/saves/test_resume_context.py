"""A resumed game says where it stands, in its own language: whose turn, what was met, and
then the question being decided, said in full once more."""

from __future__ import annotations

from companion.cli.play import resume
from companion.framework.dialogue import GameOptions
from companion.games import game_spec
from companion.session.loop import run_typed
from tests.arabian_nights.reader_helpers import resume as resume_reader
from tests.arabian_nights.test_reader_table import change, start


def test_a_spanish_night_resumes_in_spanish(tmp_path):
    save = tmp_path / "noche.json"
    spec = game_spec("scheherazade")
    options = GameOptions(seed=4, players=[("Ali", "m"), ("Bea", "f")], settings={"lang": "es"})
    run_typed(spec.new(options), spec, ["ali", "hecho", "recupero", "busco"], save)
    game = resume(save)
    welcome = game.opening[0].text
    assert welcome.startswith("Bienvenidos de nuevo a Schehrazada y la Lámpara Maravillosa.")
    assert "Le toca a Ali ser Schehrazada." in welcome
    assert game.dialogue.step().prompt.startswith("Ali, pon una ficha de Esperanza en una carta")


def test_a_resumed_encounter_says_whose_turn_where_and_who_was_met(tmp_path):
    save = tmp_path / "game.json"
    start(save)
    change(save, 0, statuses=["Bewitched"])
    resume_reader(["stay", "Merchant of Basra", "2"], save)
    game = resume(save)
    assert game.opening[0].text == (
        "Welcome back to Tales of the Arabian Nights. It is Ali's turn, in Baghdad, "
        "where Ali met a Sly Beggar."
    )
    assert game.dialogue.step().prompt == (
        "Ali meets the Sly Beggar. As Bewitched, Ali must help: say help."
    )


def test_a_resumed_tales_of_arabia_reward_says_what_was_beaten(tmp_path):
    """The reward asked after a Fate roll won names the card it was won against, also when
    the game is resumed at that question."""
    save = tmp_path / "tales.json"
    spec = game_spec("tales-of-arabia")
    options = GameOptions(seed=2, players=[("Ali", "m"), ("Bea", "f")])
    printed = run_typed(
        spec.new(options), spec, ["Morgiana", "Aladdin", *["roll for me"] * 6], save
    )
    asked = "Ali, you won against the Valley of Serpents. Take Fame or Fortune?"
    assert printed[-1] == asked
    game = resume(save)
    assert game.opening[0].text == "Welcome back to Tales of Arabia. It is Ali's turn."
    assert game.dialogue.step().prompt == asked
