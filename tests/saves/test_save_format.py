"""Saves are compact (undo as differences), atomic, durable, and refuse what they cannot use."""

from __future__ import annotations

import json
import os
import stat

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.framework.errors import SaveError
from companion.session.saves import (
    LARGEST_NUMBER,
    UNDO_DEPTH,
    SaveFile,
    UndoHistory,
    apply_changes,
    read_save,
    state_changes,
    write_save,
)

json_values = st.recursive(
    st.none() | st.integers(-LARGEST_NUMBER, LARGEST_NUMBER) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=25,
)
states = st.dictionaries(st.text(max_size=6), json_values, max_size=6)
CATALOGUE = {"cards": [{"name": f"card {n}", "cost": n % 5, "text": "x" * 80} for n in range(100)]}


@settings(max_examples=300, deadline=None)
@given(new=json_values, old=json_values)
def test_changes_turn_a_state_back_into_the_earlier_one(new, old):
    assert apply_changes(new, state_changes(new, old)) == old


@settings(max_examples=60, deadline=None)
@given(history=st.lists(states, max_size=8), current=states)
def test_every_earlier_state_survives_a_save(tmp_path_factory, history, current):
    path = tmp_path_factory.mktemp("save") / "game.json"
    write_save(path, SaveFile(game="toy", state=current, undo=history))
    loaded = read_save(path)
    assert loaded.state == current and list(loaded.undo) == history


def test_undo_keeps_the_last_forty_states_and_pops_the_newest():
    history = UndoHistory({"turn": turn} for turn in range(50))
    assert len(history) == UNDO_DEPTH
    assert history.pop() == {"turn": 49}
    assert next(iter(history)) == {"turn": 10}


def test_a_long_history_costs_little_more_than_one_state(tmp_path):
    path = tmp_path / "game.json"
    history = UndoHistory()
    for turn in range(UNDO_DEPTH):
        history.push({"turn": turn, "catalogue": CATALOGUE})
    current = {"turn": UNDO_DEPTH, "catalogue": CATALOGUE}
    write_save(path, SaveFile(game="toy", state=current, undo=history))
    one_state = len(json.dumps(current))
    assert path.stat().st_size < 1.2 * one_state
    assert next(iter(read_save(path).undo)) == {"turn": 0, "catalogue": CATALOGUE}


def test_a_save_of_format_1_with_whole_states_still_loads(tmp_path):
    path = tmp_path / "old.json"
    old = {"schema_version": 1, "game": "toy", "state": {"turn": 2}, "undo": [{"turn": 1}]}
    path.write_text(json.dumps(old, indent=1), encoding="utf-8")
    loaded = read_save(path)
    assert loaded.state == {"turn": 2} and list(loaded.undo) == [{"turn": 1}]


@pytest.mark.parametrize("version", [0, -1, None, "1", True, 1.0])
def test_a_save_without_a_real_format_version_is_refused(tmp_path, version):
    path = tmp_path / "game.json"
    data = {"game": "toy", "state": {}} | ({} if version is None else {"schema_version": version})
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError, match=r"corrupt.*schema_version"):
        read_save(path)


def test_a_newer_format_is_refused_with_what_to_do(tmp_path):
    path = tmp_path / "game.json"
    path.write_text('{"schema_version": 99, "game": "toy", "state": {}}', encoding="utf-8")
    with pytest.raises(SaveError, match=r"newer companion.*update"):
        read_save(path)


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b'{"schema_version": 2, "game": "\xff\xfe", "state": {}}', "not UTF-8"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (b'{"schema_version": 2, "game": "toy", "state": {}, "undo": [[[["x", 3], 1]]]}', "undo"),
        (b'{"schema_version": 2, "game": "toy"', "corrupt"),
    ],
)
def test_a_damaged_save_is_refused_with_a_reason(tmp_path, content, reason):
    path = tmp_path / "game.json"
    path.write_bytes(content)
    with pytest.raises(SaveError, match=reason):
        read_save(path)
    assert path.read_bytes() == content


def test_a_save_written_with_a_byte_order_mark_is_read(tmp_path):
    path = tmp_path / "game.json"
    path.write_text('\ufeff{"schema_version": 2, "game": "toy", "state": {"a": 1}}', "utf-8")
    assert read_save(path).state == {"a": 1}


def test_a_folder_is_not_a_save(tmp_path):
    with pytest.raises(SaveError, match="is a folder"):
        read_save(tmp_path)


def test_temporary_files_left_by_a_kill_are_removed_by_the_next_save(tmp_path):
    path = tmp_path / "game.json"
    stale = tmp_path / ".game.json.k1ll3d.tmp"
    stale.write_text("half a save")
    other = tmp_path / ".other.json.abc.tmp"
    other.write_text("another game's")
    write_save(path, SaveFile(game="toy", state={}))
    assert not stale.exists() and other.exists()


def test_the_folder_is_flushed_after_the_rename(tmp_path, monkeypatch):
    flushed = []
    real_fsync = os.fsync

    def recording_fsync(descriptor):
        flushed.append(stat.S_ISDIR(os.fstat(descriptor).st_mode))
        real_fsync(descriptor)

    monkeypatch.setattr(os, "fsync", recording_fsync)
    write_save(tmp_path / "game.json", SaveFile(game="toy", state={}))
    assert flushed == [False, True]


@settings(max_examples=60, deadline=None)
@given(moves=st.lists(st.tuples(st.sampled_from(["answer", "undo", "save"]), states), max_size=12))
def test_answers_undos_and_saves_in_any_order_keep_every_state(tmp_path_factory, moves):
    """The session's pattern: save, answer (push the state before), undo (pop), save."""
    path = tmp_path_factory.mktemp("moves") / "game.json"
    history, plain, current = UndoHistory(), [], {"start": 0}
    for move, state in moves:
        if move == "answer":
            history.push(current)
            plain = [*plain, current][-UNDO_DEPTH:]
            current = state
        elif move == "undo" and plain:
            current, plain = history.pop(), plain[:-1]
        write_save(path, SaveFile(game="toy", state=current, undo=history))
        loaded = read_save(path)
        assert loaded.state == current and list(loaded.undo) == plain
