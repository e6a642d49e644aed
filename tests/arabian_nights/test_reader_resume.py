"""A killed `companion play` resumes at the last decision, with nothing lost."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

from tests.arabian_nights.reader_helpers import MINI, SETUP, paragraphs_read, sheet

COMMAND = [sys.executable, "-m", "companion", "play", "--typed", "--pack", str(MINI),
           "--players", "Ali:m,Zed:f", "--seed", "1"]  # fmt: skip


def _read_until(process: subprocess.Popen, wanted: str) -> list[str]:
    lines = []
    while True:
        line = process.stdout.readline()
        assert line, f"the companion stopped before saying {wanted!r}: {lines}"
        lines.append(line.rstrip("\n"))
        if line.startswith(wanted):
            return lines


def test_kill_mid_encounter_then_resume(tmp_path):
    save = tmp_path / "game.json"
    process = subprocess.Popen(
        [*COMMAND, "--save", str(save)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1,
    )  # fmt: skip
    for answer in [*SETUP, "stay", "wanderer", "5"]:
        process.stdin.write(answer + "\n")
    process.stdin.write("pray\n")
    process.stdin.flush()
    _read_until(process, "Roll the Destiny Die")  # the reaction is applied and saved
    os.kill(process.pid, signal.SIGKILL)
    process.wait()

    resumed = subprocess.run(
        [sys.executable, "-m", "companion", "play", "--typed", "--resume", str(save)],
        input="blank\n", capture_output=True, text=True, check=True,
    )  # fmt: skip
    lines = resumed.stdout.splitlines()
    assert lines[0].startswith("Welcome back to Tales of the Arabian Nights. It is Ali's turn")
    assert ", where Ali met " in lines[0]  # what was met, before what is being decided
    assert lines[1].startswith("Roll the Destiny Die")
    assert paragraphs_read(lines) == [706]
    assert sheet(save, "Ali")["destiny"] == 2


def test_end_of_input_saves_and_exits_zero(tmp_path):
    save = tmp_path / "game.json"
    run = subprocess.run(
        [*COMMAND, "--save", str(save)], input="choose\n", capture_output=True, text=True
    )
    assert run.returncode == 0
    assert f"Saved to {save}" in run.stderr
    assert run.stdout.splitlines()[-1] == "Ali, choose a skill."


def test_corrupt_save_gives_a_clear_error_and_is_kept(tmp_path):
    save = tmp_path / "game.json"
    save.write_text("{ not json")
    run = subprocess.run(
        [sys.executable, "-m", "companion", "play", "--typed", "--resume", str(save)],
        input="", capture_output=True, text=True,
    )  # fmt: skip
    assert run.returncode == 2
    assert "the save file is corrupt" in run.stderr
    assert save.read_text() == "{ not json"


def test_the_chronicle_records_paragraphs_rewards_and_the_winner(tmp_path):
    save, night = tmp_path / "game.json", tmp_path / "night.md"
    script = [*SETUP, "stay", "wanderer", "5", "pray", "blank"]
    subprocess.run(
        [*COMMAND, "--save", str(save), "--chronicle", str(night)],
        input="\n".join(script) + "\n", capture_output=True, text=True, check=True,
    )  # fmt: skip
    text = night.read_text()
    assert "> *Paragraph 706.* You wait patiently, and the Mild Storm grows calm." in text
    assert "## Turn 1 — Ali" in text and "Ali gains 2 Destiny and 1 Story" in text
    shown = subprocess.run(
        [sys.executable, "-m", "companion", "chronicle", str(night), "--summary"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert shown.stdout == "1 turn, 1 paragraph read, 0 tales told.\n"
