"""The draw that ends a turn, by the rulebook ("una única"): story cards are drawn until the
hand would be full and a single one is kept; ``draw=fill`` keeps drawing until it is."""

from __future__ import annotations

import pytest

from companion.framework.dialogue import GameOptions
from companion.framework.telling_turn import TypedTellingListener
from companion.games.scheherazade.game import GAME
from companion.session.loop import run_typed
from companion.session.saves import read_save


def short_hand_night(tmp_path, draw: str, keeps: list[str]) -> list[str]:
    """Solo, our deck, five Hope on search: the hand loses two cards (as to a Bahamut and an
    ally), then the mermaid is discarded and the turn's draw comes."""
    options = GameOptions(
        seed=4, players=[("Ali", "m")], settings={"cards": "companion", "draw": draw}
    )
    save = tmp_path / "night.json"
    run_typed(GAME.new(options), GAME, ["search"] * 5, save)
    saved = read_save(save)
    state = saved.state
    state["night"]["discard"] += state["night"]["hands"][0][:2]
    state["night"]["hands"][0] = state["night"]["hands"][0][2:]
    dialogue = GAME.restore(state)
    script = iter(["discard the mermaid", "stop", *keeps])
    return run_typed(
        dialogue, GAME, script, save, telling_listener=TypedTellingListener(script), opening=[]
    )


@pytest.mark.parametrize(
    ("draw", "keeps", "hand"), [("single", ["the second one"], 4), ("fill", [], 6)]
)
def test_the_turn_draw_keeps_one_card_or_fills_the_hand(tmp_path, draw, keeps, hand):
    printed = short_hand_night(tmp_path, draw, keeps)
    assert "Sorry, I did not catch that." not in printed
    state = read_save(tmp_path / "night.json").state
    assert len(state["night"]["hands"][0]) == hand, "\n".join(printed)
    if draw == "single":
        assert any(line.startswith("Ali, you drew ") and line.count(" (") == 3 for line in printed)
