"""The live view: drawn for a terminal, silent otherwise."""

from __future__ import annotations

import io

from rich.console import Console

from companion.framework.dialogue import GameOptions
from companion.session.loop import Heard
from companion.session.observers.display import LiveDisplay
from tests.framework.toy_game import ALI, TOY


def test_silent_when_not_a_terminal():
    stream = io.StringIO()
    display = LiveDisplay(Console(file=stream, force_terminal=False))
    dialogue = TOY.new(GameOptions(seed=1, players=ALI))
    display.on_step(dialogue.step(), dialogue)
    assert stream.getvalue() == ""


def test_shows_turn_step_and_last_answer_on_a_terminal():
    stream = io.StringIO()
    display = LiveDisplay(Console(file=stream, force_terminal=True, width=100))
    dialogue = TOY.new(GameOptions(seed=1, players=ALI))
    display.on_heard(Heard("four", 0.62), "4")
    display.on_step(dialogue.step(), dialogue)
    shown = stream.getvalue()
    assert "It is your turn." in shown and "Say your roll." in shown
    assert "confidence 0.62" in shown


def test_redrawn_only_when_something_changed():
    stream = io.StringIO()
    display = LiveDisplay(Console(file=stream, force_terminal=True, width=100))
    dialogue = TOY.new(GameOptions(seed=1, players=ALI))
    display.on_step(dialogue.step(), dialogue)
    display.on_step(dialogue.step(), dialogue)
    assert stream.getvalue().count("toy") == 1


def test_a_spanish_game_is_shown_in_spanish():
    """Scheherazade in Spanish: the panel's own words follow the game, not English."""
    from companion.games import game_spec

    stream = io.StringIO()
    display = LiveDisplay(Console(file=stream, force_terminal=True, width=120))
    dialogue = game_spec("scheherazade").new(GameOptions(seed=1, settings={"lang": "es"}))
    display.on_heard(Heard("dos", 0.71), "2")
    display.on_step(dialogue.step(), dialogue)
    shown = stream.getvalue()
    assert "Ahora: ¿Cuántos narradores" in shown
    assert "Última respuesta: 'dos' (oído, confianza 0.71) → 2" in shown
    assert "Now:" not in shown and "Last answer" not in shown
