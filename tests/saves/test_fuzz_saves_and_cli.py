"""Fuzz: whatever bytes a save file holds and whatever a command line says, the companion
answers with its own errors (SaveError, a message and exit status 2), never a traceback.

Bounded: each test has max_examples and a deadline; the counts are in the saves note.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from companion import cli
from companion.cli.play import resume
from companion.framework.errors import SaveError
from companion.session.saves import SaveFile, write_save
from tests.saves.played import played_state

GAMES = ["arabian-nights", "samarande", "scheherazade", "tales-of-arabia"]
FUZZ = settings(
    max_examples=150,
    deadline=2000,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)


STATES = {game: played_state(game, answers=30) for game in GAMES}


def places(data, at=()):
    """Every path to a value inside ``data`` (not the root)."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield (*at, key)
            yield from places(value, (*at, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield (*at, index)
            yield from places(value, (*at, index))


PLACES = {
    game: [path for path in places(state) if path[0] != "catalogue"]
    for game, state in STATES.items()
}


def loads_or_refuses(path: Path) -> None:
    """The contract: a game ready to play, or a SaveError that names the file."""
    try:
        game = resume(path)
    except SaveError as error:
        assert str(path) in str(error)
        event("refused")
        return
    game.dialogue.to_save()
    event("loaded")


@FUZZ
@given(content=st.binary(max_size=3000))
def test_any_bytes_load_or_are_refused(tmp_path_factory, content):
    path = tmp_path_factory.mktemp("bytes") / "game.json"
    path.write_bytes(content)
    loads_or_refuses(path)


@FUZZ
@given(
    data=st.fixed_dictionaries(
        {},
        optional={
            "schema_version": st.sampled_from([1, 2, 3, 0, -1, "2", None, True]),
            "game": st.sampled_from([*GAMES, "chess", 5]),
            "state": json_values,
            "undo": json_values,
        },
    )
)
def test_any_json_loads_or_is_refused(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("json") / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    loads_or_refuses(path)


def words_in(data) -> list[str]:
    if isinstance(data, dict):
        return [word for value in data.values() for word in words_in(value)]
    if isinstance(data, list):
        return [word for value in data for word in words_in(value)]
    return [data] if isinstance(data, str) else []


WORDS = sorted({word for state in STATES.values() for word in words_in(state)})
plausible_values = st.integers(-2, 30) | st.sampled_from(WORDS) | json_values


@FUZZ
@given(game=st.sampled_from(GAMES), where=st.integers(min_value=0), value=plausible_values)
def test_a_real_save_with_any_value_changed_loads_or_is_refused(
    tmp_path_factory, game, where, value
):
    state = json.loads(json.dumps(STATES[game]))
    *parents, last = PLACES[game][where % len(PLACES[game])]
    holder = state
    for key in parents:
        holder = holder[key]
    holder[last] = value
    path = tmp_path_factory.mktemp("edited") / "game.json"
    write_save(path, SaveFile(game=game, state=state))
    loads_or_refuses(path)


@pytest.mark.parametrize("lost", ["table", "encounter"])
def test_a_reader_save_that_lost_its_table_or_encounter_mid_turn_is_refused(tmp_path, lost):
    """Found by the fuzz above: a save at the reaction step whose table was null crashed
    on an assertion when resumed, a traceback for the player."""
    state = json.loads(json.dumps(STATES["arabian-nights"]))
    assert state["phase"] == "reaction"
    state[lost] = None
    path = tmp_path / "game.json"
    write_save(path, SaveFile(game="arabian-nights", state=state))
    with pytest.raises(SaveError, match=f"at its reaction step with no {lost}"):
        resume(path)


@FUZZ
@given(game=st.sampled_from(GAMES), undo=st.lists(json_values, max_size=3))
def test_a_damaged_undo_history_loads_or_is_refused(tmp_path_factory, game, undo):
    path = tmp_path_factory.mktemp("undo") / "game.json"
    data = {"schema_version": 2, "game": game, "state": STATES[game], "undo": undo}
    path.write_text(json.dumps(data), encoding="utf-8")
    loads_or_refuses(path)


@pytest.fixture(scope="module")
def places_to_save(tmp_path_factory) -> dict[str, str]:
    """Paths a command line may name: missing, a folder, garbage, a real save, a new file."""
    root = tmp_path_factory.mktemp("cli")
    (root / "garbage.json").write_bytes(b"\xff{not json")
    for game in GAMES:
        write_save(root / f"{game}.json", SaveFile(game=game, state=STATES[game]))
    (root / "chronicle.md").write_bytes(b"\xfe\xff damaged")
    return {
        "missing": str(root / "missing" / "x.json"),
        "folder": str(root),
        "garbage": str(root / "garbage.json"),
        **{game: str(root / f"{game}.json") for game in GAMES},
        "new": str(root / "new.json"),
        "chronicle": str(root / "chronicle.md"),
        "under a file": str(root / "garbage.json" / "x"),
        "empty": "",
        "dash": "-",
    }


def option(name: str, values: st.SearchStrategy[str]) -> st.SearchStrategy[list[str]]:
    return values.map(lambda value: [name, value])


@FUZZ
@given(data=st.data())
def test_any_play_command_line_ends_with_a_status_not_a_traceback(
    data, places_to_save, monkeypatch, tmp_path_factory, capsys
):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("home")))
    monkeypatch.chdir(tmp_path_factory.mktemp("cwd"))
    place = st.sampled_from(sorted(places_to_save.values()))
    words = st.text(max_size=15) | st.sampled_from(["Ali:m,Zoe:f", "A:m,a:f", "A", ":m", ","])
    numbers = st.sampled_from(["3", "-1", "0", "nan", "inf", "1e9", "x", "99999999999999999999"])
    options = st.lists(
        st.sampled_from(["--typed", "--new", "--resume"]).map(lambda flag: [flag])
        | option("--game", st.sampled_from([*GAMES, "chess"]))
        | option("--players", words)
        | option("--seed", numbers)
        | option("--rate", numbers)
        | option("--volume", numbers)
        | option("--set", words | st.sampled_from(["mode=score", "turn_seconds=-5", "k=v"]))
        | option("--save", place)
        | option("--resume", place)
        | option("--pack", place)
        | option("--chronicle", place),
        max_size=6,
    )
    argv = ["play", "--typed", *(word for chosen in data.draw(options) for word in chosen)]
    lines = data.draw(st.lists(st.sampled_from(["2", "Ali", "m", "status", "undo", "quit"])))
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    try:
        code = cli.main(argv)
    except SystemExit as exit_:
        code = exit_.code
    err = capsys.readouterr().err
    event(f"exit status {code}")
    assert code in (0, 2), err
    assert "Traceback" not in err


def test_a_samarande_save_that_lost_its_table_mid_game_is_refused(tmp_path):
    """Found by the fuzz above (stop 44's fresh clone): a Samarande save at its actions
    step whose table was null crashed on an assertion when resumed."""
    state = json.loads(json.dumps(STATES["samarande"]))
    state["table"] = None
    path = tmp_path / "game.json"
    write_save(path, SaveFile(game="samarande", state=state))
    with pytest.raises(SaveError, match=f"at its {state['phase']} step with no table"):
        resume(path)
