"""Speech text is data: it reaches espeak-ng on its standard input, never as an option."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from companion import cli
from companion.voice import speakers
from testkit import corpus

needs_espeak = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="no espeak-ng")


def hostile_sentences(folder) -> list[str]:
    return [
        "- Who goes there?",
        f"-w{folder}/written.wav",
        "-f/etc/passwd",
        f"The gate is shut. -w{folder}/also.wav",
        "--help",
        "--version",
    ]


class RecordedRun:
    """Stands in for subprocess.run: keeps the arguments and the standard input."""

    def __init__(self) -> None:
        self.calls: list[tuple[list[str], bytes | None]] = []

    def __call__(self, command, input=None, check=False, **_kwargs):
        self.calls.append((list(command), input))
        if check:
            raise subprocess.CalledProcessError(1, command)
        return subprocess.CompletedProcess(command, 1, b"", b"recorded, not run")


@pytest.mark.parametrize("index", range(6))
def test_the_text_is_never_among_espeaks_arguments(monkeypatch, tmp_path, index):
    text = hostile_sentences(tmp_path)[index]
    recorded = RecordedRun()
    monkeypatch.setattr(speakers.shutil, "which", lambda _name: "/usr/bin/espeak-ng")
    monkeypatch.setattr(speakers.subprocess, "run", recorded)
    with pytest.raises(speakers.SpeakerUnavailable):
        speakers.EspeakSpeaker().synthesize(text)
    monkeypatch.setattr(corpus.subprocess, "run", recorded)
    with pytest.raises(subprocess.CalledProcessError):
        corpus.espeak_clip(text, "en-us")
    assert len(recorded.calls) == 2
    for command, given in recorded.calls:
        assert text not in command and command[-1] == "--stdin"
        assert given == text.encode("utf-8")


@needs_espeak
@pytest.mark.parametrize("index", range(6))
def test_hostile_sentences_are_spoken_and_obey_nothing(tmp_path, index):
    text = hostile_sentences(tmp_path)[index]
    samples = speakers.EspeakSpeaker().synthesize(text)
    most = 22050 * (2 + 0.25 * len(text))  # a path is spelt out; /etc/passwd would take minutes
    assert 0 < len(samples) < most, "the sentence itself, not a file read aloud"
    assert list(tmp_path.iterdir()) == []


@needs_espeak
def test_say_speaks_a_sentence_that_starts_with_a_dash(tmp_path, capsys):
    out = tmp_path / "speech.wav"
    code = cli.main(["say", "--engine", "espeak", "--out", str(out), f"Halt. -w{tmp_path}/x.wav"])
    assert code == 0 and out.stat().st_size > 1000
    assert sorted(path.name for path in tmp_path.iterdir()) == ["speech.wav"]


def test_a_voice_name_that_looks_like_an_option_is_refused():
    with pytest.raises(speakers.SpeakerUnavailable, match="not an espeak-ng voice name"):
        speakers.espeak_voice_name("-f/etc/passwd")


@pytest.mark.parametrize(
    ("out", "reason"),
    [("missing/x.wav", "does not exist"), (".", "is a folder")],
)
def test_say_out_where_it_cannot_be_written_is_explained(tmp_path, capsys, out, reason):
    code = cli.main(["say", "--engine", "espeak", "--out", str(tmp_path / out), "Hello."])
    assert code == 2
    assert reason in capsys.readouterr().err
