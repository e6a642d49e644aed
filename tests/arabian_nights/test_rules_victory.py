"""Victory: the secret formula, the declaration in Baghdad, one more turn for the others."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from companion.framework.errors import IllegalAction
from companion.games.arabian_nights.rules import TableState, can_declare, declare_victory, end_turn
from companion.games.arabian_nights.rules.state import TableRules
from companion.games.arabian_nights.rules.victory import why_they_won
from tests.arabian_nights.rules_pack import sheet


def test_the_formula_must_add_up_to_20():
    assert sheet(destiny_goal=12, story_goal=8).destiny_goal == 12
    with pytest.raises(ValidationError, match="must add up to 20: 7 Destiny \\+ 12 Story is 19"):
        sheet(destiny_goal=7, story_goal=12)


def test_one_may_declare_only_in_baghdad_with_both_goals_met():
    done = sheet(destiny=12, story=9, destiny_goal=12, story_goal=8)
    assert can_declare(done)
    assert not can_declare(done.model_copy(update={"position": "Cairo"}))
    assert not can_declare(done.model_copy(update={"story": 7}))


def _table(turn=0, **points):
    players = [
        sheet("Ali Baba", **points.get("Ali Baba", {})),
        sheet("Zumurrud", "f", **points.get("Zumurrud", {})),
        sheet("Sindbad", **points.get("Sindbad", {})),
    ]
    return TableState(players=players, turn=turn, treasure_deck=[], encounter_deck=[])


def _play_to_the_end(table):
    turns = []
    while table.winners is None:
        turns.append(table.current.name)
        table = end_turn(table)
    return turns, table


def test_every_other_player_has_one_more_turn_then_the_declarer_wins():
    table = declare_victory(_table(turn=1, Zumurrud={"destiny": 10, "story": 10}))
    assert table.final_round.waiting == ["Sindbad", "Ali Baba"]
    turns, over = _play_to_the_end(table)
    assert turns == ["Zumurrud", "Sindbad", "Ali Baba"]
    assert over.winners == ["Zumurrud"]
    with pytest.raises(IllegalAction, match="the game is over"):
        end_turn(over)


def test_the_first_to_declare_wins_even_against_a_later_higher_total():
    table = declare_victory(
        _table(
            **{"Ali Baba": {"destiny": 10, "story": 10}, "Sindbad": {"destiny": 15, "story": 10}}
        )
    )
    over = _play_to_the_end(table)[1]
    assert over.winners == ["Ali Baba"]
    assert why_they_won(over) == (
        "Ali Baba was the first to meet their secret goal and come home to Baghdad."
    )


def test_with_most_points_a_player_catching_up_wins_and_ties_go_to_the_declarer():
    most = TableRules.from_settings({"winner": "most_points"})

    def declared(**points):
        return declare_victory(_table(**points).model_copy(update={"rules": most}))

    table = declared(
        **{"Ali Baba": {"destiny": 10, "story": 10}, "Sindbad": {"destiny": 11, "story": 10}}
    )
    assert _play_to_the_end(table)[1].winners == ["Sindbad"]
    tied = declared(
        **{"Ali Baba": {"destiny": 10, "story": 11}, "Sindbad": {"destiny": 11, "story": 10}}
    )
    assert _play_to_the_end(tied)[1].winners == ["Ali Baba"]


def test_an_unknown_setting_is_refused_with_the_known_ones():
    with pytest.raises(ValueError, match="unknown setting 'winer'; the Reader knows winner"):
        TableRules.from_settings({"winer": "first"})


def test_declaring_needs_the_formula_and_happens_once():
    with pytest.raises(IllegalAction, match="Ali Baba can only declare in Baghdad"):
        declare_victory(_table())
    table = declare_victory(_table(**{"Ali Baba": {"destiny": 10, "story": 10}}))
    with pytest.raises(IllegalAction, match="Ali Baba has already declared"):
        declare_victory(table)


def test_turns_go_round_without_a_declaration():
    table = _table()
    names = []
    for _ in range(4):
        names.append(table.current.name)
        table = end_turn(table)
    assert names == ["Ali Baba", "Zumurrud", "Sindbad", "Ali Baba"]
    assert table.winners is None
