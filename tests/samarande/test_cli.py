"""`companion play --game samarande --typed`: a real process, saved and resumed."""

from __future__ import annotations

import subprocess
import sys


def play(*args: str, lines: list[str]) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "companion", "play", "--game", "samarande", "--typed", *args]
    return subprocess.run(
        command, input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=120
    )


def test_a_typed_game_is_saved_at_the_end_of_input_and_resumed(tmp_path):
    save = tmp_path / "samarande.json"
    first = play(
        "--seed", "4", "--players", "Ali:m,Zoe:f", "--save", str(save),
        lines=["kept", "kept", "Ali", "play palace", "one one not fortified", "play armourer",
               "costs one one gold", "end turn"],
    )  # fmt: skip
    assert first.returncode == 0, first.stderr
    printed = first.stdout.splitlines()
    assert (
        printed[0] == "Welcome to Les Fils de Samarande. I keep the bank, the gold and the cities."
    )
    assert "Armourer housed. 4 action points left." in printed
    assert printed[-1] == "Zoe, 6 action points. What do you do?"
    second = play("--resume", str(save), lines=["end turn", "6", "1"])
    assert second.returncode == 0, second.stderr
    assert second.stdout.splitlines()[:2] == [
        "Welcome back to Les Fils de Samarande. It is Zoe's turn.",
        "Zoe, 6 action points. What do you do?",
    ]
    assert "Zoe, roll for the genies against Ali." in second.stdout
    assert "The Armourer of the Palace vanishes." in second.stdout


def test_a_bad_setting_is_a_command_line_error(tmp_path):
    result = play(
        "--players", "Ali:m,Zoe:f", "--set", "tornado_cost=free",
        "--save", str(tmp_path / "g.json"), lines=[],
    )  # fmt: skip
    assert result.returncode == 2
    assert "bad setting" in result.stderr


def test_help_at_a_turn_is_short_and_all_says_the_rest_once(tmp_path):
    """At "What do you do?" help says the few things a turn holds in about twenty words,
    and "all" the rest (how to name a card the list lacks), each option said once."""
    result = play(
        "--seed", "3", "--players", "Ali:m,Bea:f", "--save", str(tmp_path / "g.json"),
        lines=["kept", "kept", "Ali", "help", "all"],
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    printed = result.stdout.splitlines()
    asked = printed.index("Ali, 6 action points. What do you do?")
    game_help = printed[asked + 1].split(" At any time you can say:")[0]
    assert game_help.startswith("Say take card one to six") and len(game_help.split()) <= 25
    in_full = printed[asked + 3]
    assert "play a new artisan costing two" in in_full and len(in_full.split()) <= 60
