"""`companion play` never replaces an unfinished game, resumes whatever game a file holds,
and answers a bad command line or an unwritable place with a message, not a traceback."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion import cli
from companion.session.saves import SaveFile, read_save, write_save


@pytest.fixture(autouse=True)
def data_home(tmp_path, monkeypatch) -> Path:
    home = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home


def play(monkeypatch, capsys, *args: str, lines: tuple[str, ...] = ()) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    code = cli.main(["play", "--typed", *args])
    out, err = capsys.readouterr()
    return code, out, err


def started(monkeypatch, capsys, save: Path, game: str = "arabian-nights") -> None:
    code, _, err = play(
        monkeypatch, capsys, "--game", game, "--seed", "3", "--players", "Ali:m,Zoe:f",
        "--save", str(save), lines=("save and quit",),
    )  # fmt: skip
    assert code == 0, err


def test_resume_plays_the_game_in_the_file_whatever_game_is_asked(monkeypatch, capsys, tmp_path):
    save = tmp_path / "arabia.json"
    started(monkeypatch, capsys, save, "tales-of-arabia")
    code, out, err = play(monkeypatch, capsys, "--resume", str(save), lines=("save and quit",))
    assert code == 0, err
    assert out.splitlines()[0].startswith("Welcome back to Tales of Arabia.")


def test_save_naming_an_unfinished_game_resumes_it_instead_of_replacing_it(
    monkeypatch, capsys, tmp_path
):
    save = tmp_path / "g.json"
    started(monkeypatch, capsys, save)
    before = read_save(save).state
    code, out, _ = play(
        monkeypatch, capsys, "--seed", "9", "--players", "Nur:f,Ali:m", "--save", str(save),
        lines=("save and quit",),
    )  # fmt: skip
    assert code == 0
    assert out.startswith("Welcome back")
    assert read_save(save).state == before


def test_new_replaces_the_saved_game(monkeypatch, capsys, tmp_path):
    save = tmp_path / "g.json"
    started(monkeypatch, capsys, save)
    code, out, _ = play(
        monkeypatch, capsys, "--new", "--seed", "9", "--players", "Nur:f,Ali:m",
        "--save", str(save), lines=("save and quit",),
    )  # fmt: skip
    assert code == 0 and out.startswith("Welcome to")
    assert "Nur" in json.dumps(read_save(save).state)


def test_save_holding_another_game_is_refused_naming_new(monkeypatch, capsys, tmp_path):
    save = tmp_path / "g.json"
    started(monkeypatch, capsys, save, "samarande")
    kept = save.read_bytes()
    code, _, err = play(monkeypatch, capsys, "--save", str(save), lines=("status",))
    assert code == 2
    assert "unfinished game of samarande" in err and "--new" in err and "--resume" in err
    assert save.read_bytes() == kept


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["--players", "Ali:m,ali:f"], "ali is named twice"),
        (["--players", "A:m,A:f"], "A is named twice"),
        (["--pack", "/nonexistent/pack"], "--pack /nonexistent/pack: there is no such file"),
        (["--players", "Ali"], "Court uses gender: write Ali:m or Ali:f"),
        (["--players", "Ali:x"], "should be Name, Name:m or Name:f"),
    ],
)
def test_a_bad_command_line_is_explained(monkeypatch, capsys, args, reason):
    code, _, err = play(monkeypatch, capsys, *args)
    assert code == 2
    assert reason in err and "Traceback" not in err


@pytest.mark.parametrize("game", ["arabian-nights", "samarande", "scheherazade", "tales-of-arabia"])
def test_a_pack_folder_without_the_games_files_is_explained(monkeypatch, capsys, tmp_path, game):
    code, _, err = play(
        monkeypatch, capsys, "--game", game, "--pack", str(tmp_path), "--players", "Ali:m,Zoe:f"
    )
    assert code == 2
    assert str(tmp_path) in err


def test_save_naming_a_folder_is_explained(monkeypatch, capsys, tmp_path):
    code, _, err = play(monkeypatch, capsys, "--save", str(tmp_path))
    assert code == 2
    assert "is a folder" in err


def test_a_home_where_nothing_can_be_created_is_explained(monkeypatch, capsys, tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocked))
    code, _, err = play(monkeypatch, capsys, "--players", "Ali:m,Zoe:f")
    assert code == 2
    assert "cannot create the save folder" in err and "--save" in err


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write into a read-only folder")
def test_a_read_only_save_folder_is_explained(monkeypatch, capsys, tmp_path):
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o555)
    code, _, err = play(monkeypatch, capsys, "--save", str(folder / "g.json"))
    assert code == 2
    assert "not writable" in err


def test_a_save_that_fails_mid_game_keeps_the_last_good_one(monkeypatch, capsys, tmp_path):
    save = tmp_path / "g.json"
    started(monkeypatch, capsys, save)
    kept = save.read_bytes()

    def disk_refuses(*_args, **_kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("companion.session.saves.tempfile.mkstemp", disk_refuses)
    code, _, err = play(monkeypatch, capsys, "--resume", str(save), lines=("status",))
    assert code == 2
    assert "cannot be written (Permission denied); the last good save is kept" in err
    assert save.read_bytes() == kept


def test_a_damaged_chronicle_does_not_stop_a_resume(monkeypatch, capsys, tmp_path):
    save = tmp_path / "g.json"
    started(monkeypatch, capsys, save)
    save.with_suffix(".chronicle.md").write_bytes(b"\xff\xfe\x00 not text")
    code, out, err = play(monkeypatch, capsys, "--resume", str(save), lines=("save and quit",))
    assert code == 0, err
    assert out.startswith("Welcome back")


def test_ctrl_c_while_starting_ends_quietly(monkeypatch, capsys):
    def interrupted(*_args):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli.importlib, "import_module", interrupted)
    assert cli.main(["play", "--typed"]) == 130
    assert capsys.readouterr().err == "companion: interrupted\n"


def test_a_pack_given_by_a_relative_path_resumes_from_another_folder(monkeypatch, capsys, tmp_path):
    pack = tmp_path / "mine"
    pack.mkdir()
    source = Path(__file__).resolve().parents[2] / "content" / "tales-of-arabia"
    for file in source.iterdir():
        (pack / file.name).write_bytes(file.read_bytes())
    monkeypatch.chdir(tmp_path)
    save = tmp_path / "g.json"
    code, _, err = play(
        monkeypatch, capsys, "--game", "tales-of-arabia", "--pack", "mine",
        "--players", "Ali:m,Zoe:f", "--save", str(save), lines=("save and quit",),
    )  # fmt: skip
    assert code == 0, err
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    resumed = subprocess.run(
        [sys.executable, "-m", "companion", "play", "--typed", "--resume", str(save)],
        input="save and quit\n", cwd=elsewhere, capture_output=True, text=True, timeout=120,
        env={**os.environ, "PYTHONPATH": str(Path(cli.__file__).resolve().parents[1])},
    )  # fmt: skip
    assert resumed.returncode == 0, resumed.stderr
    assert resumed.stdout.startswith("Welcome back")


def test_a_finished_game_of_another_kind_is_replaced(monkeypatch, capsys, tmp_path):
    save = tmp_path / "g.json"
    started(monkeypatch, capsys, save)
    over = read_save(save)
    write_save(save, SaveFile(game=over.game, state={**over.state, "phase": "over"}))
    code, out, err = play(
        monkeypatch, capsys, "--game", "samarande", "--players", "Ali:m,Zoe:f",
        "--save", str(save), lines=("save and quit",),
    )  # fmt: skip
    assert code == 0, err
    assert out.startswith("Welcome to Les Fils de Samarande")
    assert read_save(save).game == "samarande"


def test_a_pack_with_many_problems_shows_ten_and_where_to_see_them_all(
    monkeypatch, capsys, tmp_path
):
    """A book imported from the first pages only, before it is checked: thousands of
    problems, of which play now says ten (it printed them all)."""
    demo = Path(__file__).resolve().parents[2] / "content" / "demo"
    for name in ("world.txt", "matrices.txt", "cards.txt"):
        (tmp_path / name).write_bytes((demo / name).read_bytes())
    book = (demo / "book.txt").read_text(encoding="utf-8")
    (tmp_path / "book.txt").write_text(book[: book.index("\n7\n")], encoding="utf-8")
    code, _, err = play(monkeypatch, capsys, "--pack", str(tmp_path), "--players", "Ali:m")
    assert code == 2
    lines = err.splitlines()
    assert len(lines) == 12 and lines[0].startswith(f"companion play: error: {tmp_path}")
    assert lines[-2].startswith("... and ") and lines[-2].endswith(" more")
    assert lines[-1] == f"`companion check {tmp_path}` lists them all, each with its file and line"
