"""Names are data (issue 24): brackets, braces, rich markup, percent signs and terminal
escape sequences in a player's name never crash a template, the live view or the
terminal, in every game, typed to its end, saved and resumed."""

from __future__ import annotations

import io
import itertools
import os
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest
from rich.console import Console

from companion.framework.dialogue import GameOptions
from companion.framework.phrases import expand_template, literal
from companion.framework.shown import shown
from companion.framework.telling_turn import TypedTellingListener
from companion.games import game_spec
from companion.session.loop import PrintMouth, Session
from companion.session.observers.chronicle import Chronicle
from companion.session.observers.display import LiveDisplay
from testkit.survey import TypistEars
from tests.arabian_nights.pack_edits import copy_mini, edit
from tests.pty_game import ended, saved_and_quit, spawn_companion

MINI = Path(__file__).parents[1] / "arabian_nights" / "fixtures" / "mini"
"""The Reader's small test pack: a whole game in seconds."""
HOSTILE = ["Ali(", "Zed{", "[/bold]", "{name} 100%", "\x1b]0;owned\x07Bo", "\x1b[2JCy"]
RAW = ("\x1b]0;", "\x07", "\x1b[2J")
"""What must never reach a terminal raw."""

BUDGETS = {"arabian-nights": 20000, "tales-of-arabia": 20000, "scheherazade": 20000}
"""Typed answers: enough to finish each game (Samarande's random typist rarely does, so it
plays its 1,500 answers and stops)."""


def _players(names: list[str]) -> list[tuple[str, str]]:
    return [(name, "mf"[index % 2]) for index, name in enumerate(names)]


def _play(game: str, names: list[str], folder: Path) -> tuple[Session, str, str]:
    """A typed game of ``game`` with the live view on a (forced) terminal and the chronicle."""
    spec = game_spec(game)
    pack = str(MINI) if game == "arabian-nights" else None
    dialogue = spec.new(GameOptions(seed=2, players=_players(names), pack=pack))
    screen = io.StringIO()
    printed: list[str] = []
    session = Session(
        dialogue=dialogue,
        spec=spec,
        ears=TypistEars(2, answers=BUDGETS.get(game, 1500)),
        mouth=PrintMouth(printed.append),
        save_path=folder / "game.json",
        observers=[
            LiveDisplay(Console(file=screen, force_terminal=True, width=100)),
            Chronicle(folder / "game.chronicle.md"),
        ],
        telling_listener=TypedTellingListener(itertools.repeat("speak 300 the lamp shone")),
    )
    session.run(dialogue.opening())
    return session, screen.getvalue(), "\n".join(printed)


@pytest.mark.parametrize("game", ["arabian-nights", "tales-of-arabia", "scheherazade", "samarande"])
def test_hostile_names_play_a_game_through(game: str, tmp_path: Path) -> None:
    names = HOSTILE[:4] if game != "tales-of-arabia" else HOSTILE[:3]
    names = [*names[:-1], names[-1] + HOSTILE[4]]  # a title escape in one name
    session, screen, printed = _play(game, names, tmp_path)
    if game in BUDGETS:
        assert session.dialogue.finished
    for raw in RAW:
        assert raw not in printed
        assert raw not in screen
    assert "[/bold]" in screen  # shown as the name it is, not taken for markup
    resumed = game_spec(game).restore(session.dialogue.to_save())
    assert resumed.player_names() == session.dialogue.player_names()


def test_a_name_is_a_literal_in_a_template() -> None:
    for name in HOSTILE:
        assert expand_template(f"status of {literal(name)}")


def test_shown_escapes_every_control_but_newline_and_tab() -> None:
    text = "".join(map(chr, range(0x20))) + "\x7f\x9b"
    escaped = shown(text)
    assert escaped.count("\\x") == 0x20 - 2 + 2
    assert "\n" in escaped and "\t" in escaped


def test_play_in_a_pty_shows_escaped_names_and_resumes(tmp_path: Path) -> None:
    """Through a real terminal: the live view and the replies show the names escaped, the
    game saves, and a rerun resumes it."""
    save = tmp_path / "game.json"
    players = "Ali(,Zed{,[/bold],\x1b]0;owned\x07Bo,\x1b[2JCy"
    command = [
        "play",
        "--typed",
        "--game",
        "samarande",
        "--players",
        players,
        "--save",
        str(save),
        "--seed",
        "4",
    ]
    env = {**os.environ, "COLUMNS": "120"}
    for attempt in range(2):
        seen = saved_and_quit(spawn_companion(*command, env=env), "help", "status")
        for raw in RAW:
            assert raw not in seen
        assert save.is_file()
        if attempt == 1:
            assert "Welcome back" in seen


def test_chronicle_command_shows_escaped_names_in_a_pty(tmp_path: Path) -> None:
    """``companion chronicle`` of a night with a hostile name: neither its rich view on a
    terminal nor its plain copy to a pipe lets the terminal obey an escape sequence."""
    chronicle = tmp_path / "night.chronicle.md"
    chronicle.write_text("# Chronicle\n\n- Welcome, \x1b]0;owned\x07Bo and \x1b[2JCy.\n")
    command = ["-m", "companion", "chronicle", str(chronicle)]
    child = pexpect.spawn(sys.executable, command, encoding="utf-8", timeout=60)
    child.logfile_read = terminal = io.StringIO()
    child.expect(pexpect.EOF)
    child.close()
    piped = subprocess.run(
        [sys.executable, *command], capture_output=True, text=True, check=True
    ).stdout
    for seen in (terminal.getvalue(), piped):
        assert "Welcome" in seen
        for raw in RAW:
            assert raw not in seen


def test_a_pack_named_with_escape_sequences_reaches_no_terminal_raw(tmp_path: Path) -> None:
    """Through a real terminal: `check` and a game of the Reader on a pack whose name holds
    a title escape and a clear-screen print the name escaped (issue 24)."""
    pack = copy_mini(tmp_path)
    edit(pack, "world.txt", "name | Mini Fixture", "name | Mini\x1b]0;owned\x07 Fix\x1b[2Jture")
    save = tmp_path / "game.json"
    play = ["play", "--typed", "--pack", str(pack), "--players", "Ali:m,Zed:f",
            "--save", str(save), "--seed", "1"]  # fmt: skip
    for seen in (ended(spawn_companion("check", str(pack))),
                 saved_and_quit(spawn_companion(*play), "status")):  # fmt: skip
        assert "Mini\\x1b]0;owned\\x07 Fix\\x1b[2Jture" in seen
        for raw in RAW:
            assert raw not in seen
