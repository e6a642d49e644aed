"""Answers a player naturally gives in Tales of Arabia, played through the real session:
a hero already taken is refused saying whose it is and what is free."""

from __future__ import annotations

from companion.framework.dialogue import GameOptions
from companion.games.tales_of_arabia.game import GAME
from companion.session.loop import run_typed


def test_a_hero_already_taken_is_refused_saying_whose_it_is(tmp_path):
    dialogue = GAME.new(GameOptions(seed=1, players=[("Ali", "m"), ("Sara", "f")]))
    printed = run_typed(dialogue, GAME, ["Aladdin", "Aladdin", "Antar"], tmp_path / "g.json")
    assert "Sorry, I did not catch that." not in printed
    refusal = next(line for line in printed if line.startswith("Aladdin is Ali's hero"))
    assert refusal.startswith("Aladdin is Ali's hero: each hero is played once. Choose Ali Baba")
    assert "Aladdin or" not in refusal and "Sara plays Antar." in printed
