"""`companion play --resume FILE --set KEY=VALUE`: every game applies the settings that may
change in the middle of a game and refuses, with the reason, those fixed since it began."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from companion import cli
from companion.session.saves import read_save


def play(monkeypatch, capsys, *args: str, lines: tuple[str, ...] = ()) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    code = cli.main(["play", "--typed", *args])
    out, err = capsys.readouterr()
    return code, out, err


def saved(monkeypatch, capsys, tmp_path: Path, game: str) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    save = tmp_path / f"{game}.json"
    code, _, err = play(
        monkeypatch, capsys, "--game", game, "--seed", "3", "--players", "Ali:m,Zoe:f",
        "--save", str(save), lines=("save and quit", "yes"),
    )  # fmt: skip
    assert code == 0, err
    return save


@pytest.mark.parametrize(
    ("game", "setting", "where", "value"),
    [
        ("arabian-nights", "winner=most_points", ("rules", "winner"), "most points"),
        ("samarande", "joker_upkeep=once", ("settings", "joker_upkeep"), "once"),
        ("tales-of-arabia", "steal_first=no", ("settings", "steal_first"), False),
    ],
)
def test_a_setting_given_on_resume_is_kept_in_the_save(
    monkeypatch, capsys, tmp_path, game, setting, where, value
):
    save = saved(monkeypatch, capsys, tmp_path, game)
    code, _, err = play(
        monkeypatch, capsys, "--resume", str(save), "--set", setting, lines=("save and quit",)
    )
    assert code == 0, err
    assert f"From now on: {setting}." in err
    state = read_save(save).state
    assert state[where[0]][where[1]] == value


@pytest.mark.parametrize(
    ("game", "setting", "reason"),
    [
        ("samarande", "mode=score", "mode cannot change in the middle of a game"),
        ("tales-of-arabia", "unique_heroes=no", "unique_heroes cannot change"),
        ("arabian-nights", "winner=last", "winner"),
    ],
)
def test_a_setting_that_cannot_change_is_refused_with_why(
    monkeypatch, capsys, tmp_path, game, setting, reason
):
    save = saved(monkeypatch, capsys, tmp_path, game)
    before = read_save(save).state
    code, _, err = play(monkeypatch, capsys, "--resume", str(save), "--set", setting)
    assert code != 0 and reason in err and "Traceback" not in err, err
    assert read_save(save).state == before
