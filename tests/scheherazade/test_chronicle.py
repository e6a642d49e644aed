"""The night's chronicle: its Markdown, its observer side and `companion chronicle`."""

from __future__ import annotations

import subprocess
import sys

import pytest

from companion.framework.dialogue import Speech, Step
from companion.framework.phrases import PhraseSet
from companion.framework.telling_turn import TellingSpec
from companion.session.observers.chronicle import NO_TRANSCRIPT, Chronicle, summary
from companion.session.ports import Heard


def test_a_turn_is_written_with_its_element_length_and_transcript(tmp_path):
    path = tmp_path / "night.md"
    chronicle = Chronicle(path)
    chronicle.add_turn(
        1,
        "Ali",
        "the copper lamp, a red artifact",
        47.4,
        40.2,
        "phrase",
        ["lamp"],
        ["The Sultan stirs…"],
        "a boy found a lamp the end",
    )
    chronicle.add_turn(2, "Bea", "a flood, a green event", 90, 80, "timeout")
    text = path.read_text()
    assert text.startswith("# Chronicle of the night\n")
    assert "## Turn 1 — Ali\n\n- **Element:** the copper lamp, a red artifact\n" in text
    assert "- **Telling:** 47 s (40 s of speech), ended with the closing words\n" in text
    assert "- **Key words heard:** lamp\n- **The Sultan:** The Sultan stirs…\n" in text
    assert "\n> a boy found a lamp the end\n" in text
    assert "ended at dawn (time ran out)" in text
    assert text.rstrip().endswith(NO_TRANSCRIPT)


def test_the_reader_sections_share_the_format(tmp_path):
    chronicle = Chronicle(tmp_path / "night.md")
    chronicle.add_reading(123, "You meet a  merchant.")
    chronicle.add_reward("Ali", "gains Wealth.")
    chronicle.add_winner("Ali wins with 20 Destiny.")
    text = (tmp_path / "night.md").read_text()
    assert "## Paragraph 123\n\n> You meet a merchant.\n" in text
    assert "## Reward — Ali\n\ngains Wealth.\n" in text
    assert summary(text) == "0 turns told, 1 paragraph read, and a winner."


def test_as_an_observer_it_notes_speech_but_not_prompts_or_live_cues(tmp_path):
    path = tmp_path / "night.md"
    chronicle = Chronicle(path)
    spec = TellingSpec(turn=1, storyteller="Ali", element="a lamp")
    telling = Step("Ali, tell the tale.", PhraseSet(()), telling=spec)
    chronicle.on_step(telling, None)
    chronicle.on_speech(Speech("Ali, tell the tale."))
    chronicle.on_speech(Speech("The Sultan stirs…"))
    chronicle.add_turn(1, "Ali", "a lamp", 10, 8, "phrase")
    chronicle.on_speech(Speech("Scheherazade loses 1 Hope."))
    chronicle.on_speech(Speech("Hope is 9."))
    chronicle.on_speech(Speech("It was a dark night.", paragraph=7))
    chronicle.on_heard(Heard("anything"), None)  # a missed answer: what follows is an aside
    text = path.read_text()
    assert "Ali, tell the tale" not in text and "stirs" not in text
    assert "\n- Scheherazade loses 1 Hope.\n- Hope is 9.\n" in text
    assert "## Paragraph 7\n\n> It was a dark night.\n" in text


def test_a_resumed_night_appends_to_its_chronicle(tmp_path):
    path = tmp_path / "night.md"
    Chronicle(path).add_event("First evening.")
    Chronicle(path).add_event("Second evening.")
    text = path.read_text()
    assert text.count("# Chronicle of the night") == 1
    assert text.index("First evening.") < text.index("Second evening.")


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
        "play",
        "--game",
        "scheherazade",
        "--typed",
        "--seed",
        "0",
        "--players",
        "Ali:m,Bea:f",
        "--save",
        str(save),
        "--chronicle",
        str(night),
        stdin=script,
    )
    assert played.returncode == 0, played.stderr
    lines = played.stdout.splitlines()
    assert lines.index("The Sultan stirs…") < lines.index("The Sultan yawns…")
    assert any(line.startswith("The Sultan's patience wears thin") for line in lines)
    assert save.exists()
    shown = companion("chronicle", str(night))
    assert shown.returncode == 0
    assert "## Turn 1 — Ali" in shown.stdout
    assert "> once upon a time then the end" in shown.stdout
    assert "- The Sultan's patience wears thin" in shown.stdout
    counted = companion("chronicle", str(night), "--summary").stdout
    assert counted == "1 turn told, 0 paragraphs read.\n"


def test_the_chronicle_command_says_when_the_file_is_missing(tmp_path):
    shown = companion("chronicle", str(tmp_path / "none.md"))
    assert shown.returncode == 2
    assert "cannot read the chronicle" in shown.stderr


@pytest.mark.slow
def test_play_hears_tellings_from_wav_files(tmp_path, speech_wav):
    wav = speech_wav("cli", ["Once upon a time.", 7.0, "A market.", 7.0, "Morning came at last."])
    night = tmp_path / "night.md"
    played = companion(
        "play",
        "--game",
        "scheherazade",
        "--seed",
        "0",
        "--players",
        "Ali:m",
        "--engine",
        "pocketsphinx",
        "--save",
        str(tmp_path / "night.json"),
        "--set",
        f"telling_wavs={wav}",
        "--chronicle",
        str(night),
        stdin="done\n" + "search\n" * 5 + "red place\n" + "begin\n",
    )
    assert played.returncode == 0, played.stderr
    lines = played.stdout.splitlines()
    assert lines.index("The Sultan stirs…") < lines.index("The Sultan yawns…")
    assert any(line.startswith("The Sultan's patience wears thin") for line in lines)
    text = night.read_text()
    assert "ended when the input stopped" in text
    assert NO_TRANSCRIPT in text
