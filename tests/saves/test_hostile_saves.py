"""Saves and packs from the table (issue 24): what is not a regular file is refused at
once, what is read is capped, numbers out of range are refused with the reason, a
symlinked save is written through to its target, and a pack follows no link out of it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli.play import resume
from companion.framework.dialogue import GameOptions
from companion.framework.errors import SaveError
from companion.framework.packs import MAX_PACK_FILE_BYTES, shipped_pack
from companion.games import game_spec
from companion.session.loop import run_typed
from companion.session.saves import MAX_SAVE_BYTES, SaveFile, read_save, write_save
from tests.saves.played import played_state

QUICK = 30
"""Seconds a refusal may take at most: a hang (a FIFO read) or a read of /dev/zero would
run far past it, a refusal takes well under a second."""


def _play(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion", "play", "--typed", *args],
        capture_output=True, text=True, timeout=QUICK, stdin=subprocess.DEVNULL,
        env={**os.environ, "XDG_DATA_HOME": str(home)},
    )  # fmt: skip


@pytest.mark.parametrize("option", ["--save", "--resume"])
def test_a_fifo_is_refused_at_once(option: str, tmp_path: Path) -> None:
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    result = _play(option, str(fifo), home=tmp_path)
    assert result.returncode == 2
    assert "not a regular file" in result.stderr and "Traceback" not in result.stderr


def test_resume_from_dev_zero_is_refused(tmp_path: Path) -> None:
    result = _play("--resume", "/dev/zero", home=tmp_path)
    assert result.returncode == 2
    assert "/dev/zero is not a regular file (a device)" in result.stderr


def test_a_save_larger_than_any_written_is_not_read(tmp_path: Path) -> None:
    huge = tmp_path / "game.json"
    with huge.open("wb") as file:
        file.truncate(MAX_SAVE_BYTES + 1)  # sparse: costs no disk
    with pytest.raises(SaveError, match="larger than any save"):
        read_save(huge)


def _saved(tmp_path: Path, state: dict, game: str = "arabian-nights") -> Path:
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"schema_version": 2, "game": game, "state": state, "undo": []}))
    return path


def test_a_number_of_5000_digits_is_a_clean_refusal(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(
        '{"schema_version": 2, "game": "arabian-nights", "state": {"seed": ' + "9" * 5000 + "}}"
    )
    with pytest.raises(SaveError, match="thousands of digits"):
        read_save(path)


def test_destiny_of_ten_to_the_hundred_is_refused_with_where_it_is(tmp_path: Path) -> None:
    state = played_state("arabian-nights", 60)
    state["table"]["players"][0]["destiny"] = 10**100
    where = r"table\.players\.0\.destiny: the number 1000+ is out of range"
    with pytest.raises(SaveError, match=where):
        read_save(_saved(tmp_path, state))


def test_destiny_beyond_any_game_is_refused_by_the_game(tmp_path: Path) -> None:
    state = played_state("arabian-nights", 60)
    state["table"]["players"][0]["destiny"] = 5000
    with pytest.raises(SaveError, match=r"can resume.*destiny.*less than or equal to 999"):
        resume(_saved(tmp_path, state))


def test_a_save_holding_hostile_names_loads(tmp_path: Path) -> None:
    spec = game_spec("samarande")
    players = [("Ali(", ""), ("[/bold]", ""), ("\x1b]0;x\x07Zed{", "")]
    dialogue = spec.new(GameOptions(seed=1, players=players))
    path = tmp_path / "game.json"
    write_save(path, SaveFile(game=spec.name, state=dialogue.to_save()))
    assert resume(path).dialogue.player_names() == [name for name, _ in players]


def test_a_symlinked_save_is_written_through_to_its_target(tmp_path: Path) -> None:
    """The link stays a link and its target holds the game (as the chronicle, appended
    through a link, does): a save kept on a synced folder stays there."""
    target = tmp_path / "kept" / "game.json"
    target.parent.mkdir()
    link = tmp_path / "game.json"
    link.symlink_to(target)
    spec = game_spec("tales-of-arabia")
    dialogue = spec.new(GameOptions(seed=1, players=[("Ali", "m"), ("Zoe", "f")]))
    run_typed(dialogue, spec, ["save and quit", "yes"], link)
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert read_save(target).game == "tales-of-arabia"
    assert not list(tmp_path.glob(".game.json.*.tmp"))


def _demo_copy(tmp_path: Path) -> Path:
    pack = tmp_path / "pack"
    pack.mkdir()
    for file in shipped_pack("demo").iterdir():
        (pack / file.name).write_bytes(file.read_bytes())
    return pack


def _check(pack: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion", "check", str(pack)],
        capture_output=True, text=True, timeout=QUICK,
    )  # fmt: skip


def test_a_pack_file_linked_to_dev_zero_is_refused_with_how_to_fix(tmp_path: Path) -> None:
    pack = _demo_copy(tmp_path)
    (pack / "world.txt").unlink()
    (pack / "world.txt").symlink_to("/dev/zero")
    result = _check(pack)
    assert result.returncode == 1
    assert "world.txt: is a link to /dev/zero, outside the pack folder" in result.stdout
    assert "copy the file itself into the pack" in result.stdout


def test_a_link_inside_the_pack_is_followed(tmp_path: Path) -> None:
    pack = _demo_copy(tmp_path)
    (pack / "cards-original.txt").write_bytes((pack / "cards.txt").read_bytes())
    (pack / "cards.txt").unlink()
    (pack / "cards.txt").symlink_to(pack / "cards-original.txt")
    assert _check(pack).returncode == 0


def test_a_pack_file_too_large_is_refused(tmp_path: Path) -> None:
    pack = _demo_copy(tmp_path)
    with (pack / "book-2.txt").open("ab") as file:
        file.truncate(MAX_PACK_FILE_BYTES + 1)
    result = _check(pack)
    assert result.returncode == 1
    assert "book-2.txt: is larger than 16 MB" in result.stdout


def test_a_fifo_in_a_pack_is_refused_at_once(tmp_path: Path) -> None:
    pack = _demo_copy(tmp_path)
    (pack / "matrices.txt").unlink()
    os.mkfifo(pack / "matrices.txt")
    result = _check(pack)
    assert result.returncode == 1
    assert "matrices.txt: is not a regular file" in result.stdout


def test_check_prints_a_pack_name_with_escape_sequences_escaped(tmp_path: Path) -> None:
    pack = _demo_copy(tmp_path)
    world = (pack / "world.txt").read_text(encoding="utf-8")
    hostile = "The Lamp\x1b]0;owned\x07 and the \x1b[2JRoad"
    (pack / "world.txt").write_text(world.replace("The Lamp and the Road", hostile))
    result = _check(pack)
    assert result.returncode == 0, result.stdout
    assert "\x1b" not in result.stdout and "\x07" not in result.stdout
    assert "The Lamp\\x1b]0;owned\\x07 and the \\x1b[2JRoad" in result.stdout
