"""A game played in Spanish hears and says the session's own words in Spanish too."""

from __future__ import annotations

from companion.framework.dialogue import GameOptions
from companion.framework.words import GLOBAL_TEMPLATES, SAYINGS, YES_NO_TEMPLATES
from companion.games import game_spec
from companion.session.loop import run_typed


def spanish_night(lines: list[str], tmp_path) -> list[str]:
    spec = game_spec("scheherazade")
    options = GameOptions(seed=4, players=[("Ali", "m")], settings={"lang": "es"})
    return run_typed(spec.new(options), spec, lines, tmp_path / "noche.json")


def test_every_saying_and_command_has_both_languages():
    assert all(set(wordings) == {"en", "es"} for wordings in SAYINGS.values())
    assert set(GLOBAL_TEMPLATES["es"]) == set(GLOBAL_TEMPLATES["en"])
    assert set(YES_NO_TEMPLATES["es"]) == set(YES_NO_TEMPLATES["en"])


def test_a_spanish_night_takes_spanish_commands_and_answers_in_spanish(tmp_path):
    lines = spanish_night(["ayuda", "pausa", "a quién le toca", "seguir", "xyzzy qwerty",
                           "guardar y salir", "sí"], tmp_path)  # fmt: skip
    said = "\n".join(lines)
    assert SAYINGS["global_hint"]["es"] in said
    assert SAYINGS["paused"]["es"] in said and SAYINGS["resuming"]["es"] in said
    assert SAYINGS["missed"]["es"] in said
    assert SAYINGS["quit_question"]["es"] in said and SAYINGS["goodbye"]["es"] in said
    english = [wordings["en"] for wordings in SAYINGS.values()]
    assert not any(sentence in said for sentence in english)
