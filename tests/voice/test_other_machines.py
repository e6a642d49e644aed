"""A machine without the Linux programs some parts use (espeak-ng, PulseAudio, taskset):
the companion says what it does instead (issue 26), and scripts/check-wheels says which
dependency lost its wheels for which machine."""

from __future__ import annotations

import argparse
import importlib.machinery
import importlib.util
import shutil
from pathlib import Path

import pytest

from companion.cli import play
from companion.voice import speakers
from testkit.virtual_table import VirtualTable, VirtualTableUnavailable

ROOT = Path(__file__).resolve().parents[2]


def no_programs(monkeypatch) -> None:
    monkeypatch.setattr(shutil, "which", lambda _name, *args, **kwargs: None)


def test_spanish_without_espeak_keeps_the_usual_voice_and_says_so(monkeypatch, capsys):
    no_programs(monkeypatch)
    args = argparse.Namespace(speaker="auto", voice=None)
    play._in_language(args, "es")
    assert (args.speaker, args.voice) == ("auto", None)
    said = capsys.readouterr().err
    assert "espeak-ng" in said and "usual voice instead" in said and "brew install" in said


def test_spanish_with_espeak_speaks_spanish(monkeypatch):
    monkeypatch.setattr(speakers, "espeak_program", lambda: "/usr/bin/espeak-ng")
    args = argparse.Namespace(speaker="auto", voice=None)
    play._in_language(args, "es")
    assert (args.speaker, args.voice) == ("espeak", "es")


def test_espeak_missing_names_how_to_install_it_everywhere(monkeypatch):
    no_programs(monkeypatch)
    with pytest.raises(speakers.SpeakerUnavailable, match="macOS: brew install espeak-ng"):
        speakers.EspeakSpeaker()


def test_without_pulseaudio_the_virtual_table_says_what_to_use_instead(monkeypatch):
    no_programs(monkeypatch)
    with (
        pytest.raises(VirtualTableUnavailable, match="companion play --listen-files"),
        VirtualTable.open(),
    ):
        pass


def check_wheels():
    loader = importlib.machinery.SourceFileLoader(
        "check_wheels", str(ROOT / "scripts/check-wheels")
    )
    spec = importlib.util.spec_from_loader("check_wheels", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def test_check_wheels_names_the_package_and_the_machine():
    wheels = check_wheels()
    said = wheels.failure(
        "Linux aarch64",
        "Collecting x\nERROR: Could not find a version that satisfies the requirement "
        "ctranslate2>=4.0 (from versions: none)\nERROR: No matching distribution found for "
        "ctranslate2>=4.0\n",
    )
    assert said.startswith("ctranslate2 has no wheel for Linux aarch64, Python 3.11")
    assert "whisper" in wheels.EXTRAS and "piper" in wheels.EXTRAS
    assert any(r.startswith("faster-whisper") for r in wheels.requirements())


def test_check_wheels_asks_pypi_only_for_wheels_of_the_other_machine(tmp_path):
    command = check_wheels().resolve_command(["win_amd64"], tmp_path / "t", tmp_path / "r")
    for option in ("--isolated", "--dry-run", "--only-binary=:all:", "win_amd64"):
        assert option in command
    assert "--index-url" not in command and "--extra-index-url" not in command
    assert command[command.index("--python-version") + 1] == "3.11"


def test_slow_core_runs_the_command_in_a_cpu_quota_of_its_own_or_says_why_not():
    """scripts/slow-core RATIO: one core, 1/RATIO of it (a simulated Raspberry Pi core)."""
    import subprocess

    script = str(ROOT / "scripts" / "slow-core")
    ran = subprocess.run(
        [script, "4", "--", "cat", "/proc/self/cgroup"], capture_output=True, text=True
    )
    if ran.returncode == 1:
        assert "no writable cgroup" in ran.stderr
        pytest.skip(ran.stderr.strip())
    assert ran.returncode == 0, ran.stderr
    assert "quota 2500 of every 10000" in ran.stderr
    assert "tales-slow-core-" in ran.stdout  # the command ran in the quota's cgroup
    refused = subprocess.run([script, "half", "--", "true"], capture_output=True, text=True)
    assert refused.returncode == 2 and "RATIO must be a number" in refused.stderr
