"""Atomic, versioned saves."""

from __future__ import annotations

import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.framework.errors import SaveError
from companion.session.saves import LARGEST_NUMBER, SaveFile, read_save, write_save

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-LARGEST_NUMBER, LARGEST_NUMBER) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=20,
)


@settings(deadline=None)  # each example fsyncs a file and its folder: slow on a busy disk
@given(state=st.dictionaries(st.text(max_size=10), json_values, max_size=6))
def test_round_trip(tmp_path_factory, state):
    path = tmp_path_factory.mktemp("save") / "game.json"
    write_save(path, SaveFile(game="toy", state=state, undo=[state]))
    loaded = read_save(path)
    assert loaded.state == state and loaded.undo == [state]


def test_interrupted_save_leaves_the_previous_one_intact(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    write_save(path, SaveFile(game="toy", state={"turn": 1}))

    def power_cut(*_args):
        raise OSError("power cut")

    monkeypatch.setattr(os, "replace", power_cut)
    with pytest.raises(SaveError, match="power cut"):
        write_save(path, SaveFile(game="toy", state={"turn": 2}))
    assert read_save(path).state == {"turn": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_missing_save_says_so(tmp_path):
    with pytest.raises(Exception, match="no saved game there"):
        read_save(tmp_path / "absent.json")


def test_wrong_shape_is_reported_with_its_place(tmp_path):
    path = tmp_path / "game.json"
    path.write_text('{"schema_version": 1, "game": 5, "state": {}}')
    with pytest.raises(Exception, match=r"corrupt \(game:"):
        read_save(path)
