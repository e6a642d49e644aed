"""The night's chronicle of Scheherazade: each tale told in its turn's chapter, as a
sentence, the Sultan's stirs only when he stirred, and a Spanish night all in Spanish."""

from __future__ import annotations

import subprocess
import sys

import pytest

from companion.session.observers.chronicle import read_night
from tests.chronicling import ENGLISH_HEADINGS, play_night


def companion(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "companion", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_play_typed_writes_the_chronicle_that_the_command_shows(tmp_path):
    save, night = tmp_path / "night.json", tmp_path / "night.md"
    setup = "Ali\ndone\n" + "draw\n" * 8 + "red place\n"
    script = (
        setup + "begin\nspeak 30 once upon a time\nsilence 8\nspeak 10 then\nsilence 8\nthe end\n"
    )
    played = companion(
        "play", "--game", "scheherazade", "--typed", "--seed", "0", "--players", "Ali:m,Bea:f",
        "--save", str(save), "--chronicle", str(night), stdin=script,
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    lines = played.stdout.splitlines()
    assert lines.index("The Sultan stirs…") < lines.index("The Sultan yawns…")
    shown = companion("chronicle", str(night))
    assert shown.returncode == 0
    turn = shown.stdout[shown.stdout.index("## Turn 1 — Ali\n") :]
    assert "Ali told the tale of " in turn and "ended with the closing words. The Sultan" in turn
    assert "\n> Once upon a time then the end.\n" in turn
    assert "The Sultan's patience wears thin" in turn
    assert "Your hand" not in shown.stdout and "What do you" not in shown.stdout
    counted = companion("chronicle", str(night), "--summary").stdout
    assert counted == "1 turn, 0 paragraphs read, 1 tale told.\n"
    page = tmp_path / "night.html"
    assert page.exists() and "Once upon a time then the end." in page.read_text("utf-8")


def test_a_tale_without_a_stir_says_nothing_of_the_sultan(tmp_path):
    night = play_night("scheherazade", tmp_path)
    tales = [
        line.text
        for story in read_night(night.chronicle).stories
        for line in story.lines
        if line.told == "telling"
    ]
    assert tales and not any("without a sound" in tale for tale in tales)
    assert any("Sultan" not in tale for tale in tales) and any("Sultan" in tale for tale in tales)


def test_a_spanish_night_is_chronicled_in_spanish_to_its_end(tmp_path):
    night = play_night("scheherazade-es", tmp_path)
    text = night.text
    headings = [line for line in text.splitlines() if line.startswith("#")]
    assert headings[0] == "# Schehrazada y la Lámpara Maravillosa: crónica de la noche"
    assert "Jugadores: Alí y Bea." in text and "## Turno 1: Alí" in headings
    assert not [line for line in headings if ENGLISH_HEADINGS.search(line)]
    assert headings[-1] == "## Fin"
    numbers = [int(line.split()[2].rstrip(":")) for line in headings if line.startswith("## Turno")]
    assert numbers == list(range(1, len(numbers) + 1))
    assert 'lang="es"' in night.chronicle.with_suffix(".html").read_text("utf-8")


def test_the_chronicle_command_says_when_the_file_is_missing(tmp_path):
    shown = companion("chronicle", str(tmp_path / "none.md"))
    assert shown.returncode == 2
    assert "cannot read the chronicle" in shown.stderr


@pytest.mark.slow
def test_play_hears_tellings_from_wav_files(tmp_path, speech_wav):
    wav = speech_wav("cli", ["Once upon a time.", 7.0, "A market.", 7.0, "Morning came at last."])
    night = tmp_path / "night.md"
    played = companion(
        "play", "--game", "scheherazade", "--seed", "0", "--players", "Ali:m",
        "--engine", "pocketsphinx", "--save", str(tmp_path / "night.json"),
        "--set", f"telling_wavs={wav}", "--chronicle", str(night),
        stdin="done\n" + "search\n" * 5 + "red place\n" + "begin\n",
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    lines = played.stdout.splitlines()
    assert lines.index("The Sultan stirs…") < lines.index("The Sultan yawns…")
    text = night.read_text()
    assert "ended when the words stopped" in text
    assert "\n> " not in text  # no free-form recogniser listened: no words to quote
