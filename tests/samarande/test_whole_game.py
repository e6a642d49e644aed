"""Whole games: a seeded game typed through the session, and a soak of random answers."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.framework.answers import NO, YES, Answer
from companion.framework.dialogue import GameOptions, Step
from companion.framework.errors import IllegalAction
from companion.games.samarande.dialogue import SamarandeDialogue
from companion.games.samarande.game import GAME
from companion.session.loop import global_commands, run_typed

PLAYERS = [("Ali", "m"), ("Zoe", "f"), ("Sam", "m")]


def choose(step: Step, dialogue: SamarandeDialogue, rng: random.Random) -> Answer:
    """What a seeded, reasonable player says at ``step``: a value of the step's phrases."""
    values = [v for v in step.expects.values if v.offered]
    if dialogue.phase() == "actions":
        points = dialogue.table.action_points
        if points == 0 or rng.random() < 0.1:
            return Answer("end")
        line = dialogue.table.line
        takes = [
            v
            for v in values
            if v.intent == "take" and v["place"] <= points and line[int(v["place"]) - 1]
        ]
        # Jokers kept in play cost a point every turn: a table of them can stall forever.
        plays = [v for v in values if v.intent == "play" and v["card"] != "Joker Genie"]
        weighted = [Answer("draw")] * 4 * (points >= 3) + takes + plays * 3 + [Answer("buy")]
        return rng.choice(weighted)
    if Answer("cancel") in values and rng.random() < 0.9:
        values.remove(Answer("cancel"))
    if NO in values and YES not in values and rng.random() < 0.8:
        return NO  # a Joker Genie is rare
    return rng.choice(values)


def spoken(step: Step, value: Answer) -> str:
    """The shortest way of saying ``value`` at ``step``."""
    return min(step.expects.phrases_for(value), key=len)


def typed_player(dialogue: SamarandeDialogue, seed: int, most: int) -> Iterator[str]:
    """Lines typed by a seeded player who looks at the dialogue's current question (a
    refusal leaves the game unchanged, so the session keeps this very dialogue)."""
    rng = random.Random(seed)
    for _ in range(most):
        step = dialogue.step()
        yield spoken(step, choose(step, dialogue, rng))


def play_typed_game(seed: int, save: Path, most: int = 3000) -> tuple[SamarandeDialogue, list[str]]:
    """Type at most ``most`` answers of a seeded player through the session."""
    dialogue = GAME.new(GameOptions(seed=seed, players=PLAYERS))
    printed = run_typed(dialogue, GAME, typed_player(dialogue, seed, most), save)
    return dialogue, printed


def test_a_seeded_game_typed_through_the_session_plays_to_the_final_scores(tmp_path):
    dialogue, printed = play_typed_game(11, tmp_path / "game.json")
    assert dialogue.finished
    assert (
        printed[0] == "Welcome to Les Fils de Samarande. I keep the bank, the gold and the cities."
    )
    ending = next(i for i, line in enumerate(printed) if "The game ends:" in line)
    scores = printed[ending + 1 : ending + 4]
    assert sorted(line.split(":")[0] for line in scores) == ["Ali", "Sam", "Zoe"]
    totals = [int(line.rsplit("Total ", 1)[1].rstrip(".")) for line in scores]
    assert totals == sorted(totals, reverse=True)
    assert "wins with" in printed[ending + 4] or "share the win" in printed[ending + 4]
    assert any(line.startswith("Noted for this game:") for line in printed)
    table = dialogue.table
    assert table.deck == 0 or table.bank == 0
    assert table.card_count() == 110 and table.gold_count() == 60
    assert any(line.startswith("Taxes:") for line in printed)
    assert any("roll for your protection" in line for line in printed)
    saved = SamarandeDialogue.restore(GAME.restore(dialogue.to_save()).to_save())
    assert saved.finished


def test_the_same_seed_replays_the_same_game(tmp_path):
    first_game, first = play_typed_game(5, tmp_path / "a.json", most=300)
    second_game, second = play_typed_game(5, tmp_path / "b.json", most=300)
    assert first == second and len(first) > 300
    assert first_game.to_save() == second_game.to_save()


def check_invariants(dialogue: SamarandeDialogue) -> None:
    table = dialogue.state.table
    if table is None:
        return
    assert table.card_count() == 110
    assert table.gold_count() == 60
    assert table.bank >= 0 and all(p.gold >= 0 for p in table.players)
    assert table.action_points >= 0 and 0 <= table.bought <= 3
    assert all(p.hand >= 0 for p in table.players)
    for player in table.players:
        for district in player.city.districts:
            assert len(district.artisans) <= table.card(district.card).known("capacity")


def check_phrases(step: Step, dialogue: SamarandeDialogue) -> None:
    """Every phrase of a step stands for one answer and is no global command."""
    meaning: dict[str, str] = {}
    for phrase in step.expects.phrases:
        assert meaning.setdefault(phrase.text, phrase.value) == phrase.value, phrase.text
    commands = {p.text for p in global_commands(tuple(dialogue.player_names())).phrases}
    assert not commands & meaning.keys()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), steps=st.integers(50, 400))
def test_random_answers_keep_the_books_balanced(seed, steps):
    """Any answer of any step, legal or not: cards, gold and points always add up, a
    refusal gives a reason and changes nothing, every state survives a save, every phrase
    means one thing."""
    dialogue = SamarandeDialogue.new(GameOptions(seed=seed, players=PLAYERS[: 2 + seed % 2]))
    rng = random.Random(seed)
    for _ in range(steps):
        if dialogue.finished:
            break
        step = dialogue.step()
        check_phrases(step, dialogue)
        nonsense = Answer.free("nonsense") if step.free_text else Answer("nonsense")
        values = list(step.expects.values) or [nonsense]
        value = rng.choice(values) if rng.random() < 0.95 else nonsense
        before = dialogue.to_save()
        try:
            dialogue.answer(value)
        except IllegalAction as refusal:
            assert str(refusal)
            assert dialogue.to_save() == before, "a refusal leaves the game as it was"
        check_invariants(dialogue)
        assert SamarandeDialogue.restore(dialogue.to_save()).to_save() == dialogue.to_save()
