"""Whole seeded games on the demo book, played by a sensible scripted player."""

from __future__ import annotations

from companion.framework.dialogue import GameOptions
from companion.games.arabian_nights.game import GAME
from companion.session.loop import PrintMouth, Session
from companion.session.saves import read_save
from tests.arabian_nights.demo_player import Coverage, DemoPlayer

EVERY_KIND = {
    "drew a card", "place of power", "master shortcut", "mandatory section", "court refused",
    "undo", "victory", "kept a city card", "played a city card", "instruction",
    "destiny gains", "destiny loses", "story gains", "story loses", "wealth up", "wealth down",
    "skill", "master", "status gained", "status lost", "treasure gained", "opportunity",
    "move to", "go to or place of power follow-up", "lost turn", "status stops a move",
    "status changes a roll", "escape roll", "status of one's choice",
}  # fmt: skip


def play_demo_game(seed: int, save, coverage: Coverage, answers: int = 1500) -> list[str]:
    printed: list[str] = []
    player = DemoPlayer(seed, answers)
    dialogue = GAME.new(GameOptions(seed=seed, players=[("Ali Baba", "m"), ("Zumurrud", "f")]))
    session = Session(dialogue=dialogue, spec=GAME, ears=player, mouth=PrintMouth(printed.append),
                      save_path=save, observers=[coverage])  # fmt: skip
    player.session = session
    session.run(dialogue.opening())
    return printed


def test_whole_games_cover_every_kind_of_event(tmp_path):
    coverage = Coverage()
    finished = 0
    # The loop stops once every kind is seen; a lost status of one's choice is rare (a few
    # paragraphs' instruction, asked only of a hero holding a status), so up to 24 games.
    for seed in range(1, 25):
        printed = play_demo_game(seed, tmp_path / f"game{seed}.json", coverage)
        state = read_save(tmp_path / f"game{seed}.json").state
        if state["phase"] == "over":
            finished += 1
            table = state["table"]
            assert table["winners"] == [table["final_round"]["declared_by"]]
            assert printed[-1].endswith(("thousand nights.", "share the victory!"))
        if coverage.seen >= EVERY_KIND and finished >= 2:
            break
    assert finished >= 2
    assert EVERY_KIND - coverage.seen == set()


def test_the_same_seed_plays_the_same_game(tmp_path):
    first = play_demo_game(4, tmp_path / "a.json", Coverage(), answers=300)
    second = play_demo_game(4, tmp_path / "b.json", Coverage(), answers=300)
    assert first == second
    assert sum(line.startswith("¶ ") for line in first) >= 10
