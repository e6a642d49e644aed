"""`companion hear`, `say` and `devices`, run in-process without any audio device."""

from __future__ import annotations

import numpy as np
import pytest

from companion.cli import main
from companion.framework.dialogue import Step
from companion.framework.phrases import PhraseSet
from companion.voice import audio, io, recognizers
from companion.voice.audio import AudioUnavailable, read_wav
from companion.voice.recognition import Recognition
from testkit.corpus import labelled_clips


def test_hear_prints_one_tsv_line_per_file(whisper, shared_speech, capsys, monkeypatch):
    monkeypatch.setattr(recognizers, "_whisper", lambda: whisper)
    five = labelled_clips("fsdd", ["five"])[0].path
    bed = labelled_clips("speech_commands", ["bed"])[0].path
    assert main(["hear", "--engine", "whisper", "--expect", "dice", str(five), str(bed)]) == 0
    lines = [line.split("\t") for line in capsys.readouterr().out.splitlines()]
    assert [line[0] for line in lines] == [str(five), str(bed)]
    assert lines[0][1] == "five" and float(lines[0][2]) >= 0.8
    assert lines[1][1] == "" and float(lines[1][2]) < 0.8


def test_hear_takes_a_list_of_phrases(whisper, shared_speech, capsys, monkeypatch):
    monkeypatch.setattr(recognizers, "_whisper", lambda: whisper)
    yes = labelled_clips("speech_commands", ["yes"])[0].path
    assert main(["hear", "--engine", "whisper", "--phrases", "yes, no,maybe", str(yes)]) == 0
    assert capsys.readouterr().out.split("\t")[1] == "yes"


def test_hear_refuses_a_file_that_is_not_audio(tmp_path, capsys, monkeypatch):
    (tmp_path / "x.wav").write_text("no")
    assert (
        main(["hear", "--engine", "pocketsphinx", "--expect", "yesno", str(tmp_path / "x.wav")])
        == 2
    )
    assert "x.wav" in capsys.readouterr().err


def test_hear_wants_files_or_the_microphone(capsys):
    with pytest.raises(SystemExit):
        main(["hear", "--expect", "dice"])


def test_say_writes_a_wav_file(tmp_path):
    out = tmp_path / "said.wav"
    assert (
        main(["say", "You rolled a five. Well done!", "--engine", "espeak", "--out", str(out)]) == 0
    )
    assert len(read_wav(out)) > 16000


def test_say_rejects_a_silly_rate(tmp_path):
    assert main(["say", "Hello", "--rate", "9", "--out", str(tmp_path / "x.wav")]) == 2


def test_say_without_a_speaker_says_so(monkeypatch, capsys):
    def no_speaker(*_args, **_kwargs):
        raise AudioUnavailable("No audio output device found.")

    monkeypatch.setattr(audio.Player, "__init__", no_speaker)
    assert main(["say", "Hello", "--engine", "espeak"]) == 1
    assert "No audio output device" in capsys.readouterr().err


class NoDevices:
    class PortAudioError(Exception):
        pass

    def query_devices(self, kind=None):
        if kind:
            raise self.PortAudioError("Error querying device -1")
        return []


def test_devices_explains_an_empty_machine(monkeypatch, capsys):
    monkeypatch.setattr(audio, "import_sounddevice", NoDevices)
    assert main(["devices"]) == 1
    assert "typed" in capsys.readouterr().err


def test_devices_lists_inputs_and_outputs(monkeypatch, capsys):
    class TwoDevices(NoDevices):
        def query_devices(self, kind=None):
            return [
                {"index": 0, "name": "USB mic", "max_input_channels": 1, "max_output_channels": 0},
                {"index": 1, "name": "Speaker", "max_input_channels": 0, "max_output_channels": 2},
            ]

    monkeypatch.setattr(audio, "import_sounddevice", TwoDevices)
    assert main(["devices"]) == 0
    assert capsys.readouterr().out.splitlines() == ["0\tinput\tUSB mic", "1\toutput\tSpeaker"]


def test_voice_io_without_a_microphone_is_audio_unavailable(monkeypatch):
    monkeypatch.setattr(audio, "import_sounddevice", NoDevices)
    with pytest.raises(AudioUnavailable, match="input device"):
        io.open_voice_io(engine="pocketsphinx")


def test_an_unknown_engine_is_named():
    with pytest.raises(recognizers.UnknownEngineError, match="julius"):
        recognizers.make_recognizer("julius")


def test_a_failing_microphone_reaches_the_session(pocketsphinx):
    class UnpluggedMicrophone:
        def record(self, on_pause=None):
            raise AudioUnavailable("The microphone stopped (was it unplugged?).")

    ears = io.MicrophoneEars(pocketsphinx, UnpluggedMicrophone())
    with pytest.raises(AudioUnavailable, match="unplugged"):
        ears.hear(Step("", PhraseSet(())), PhraseSet.of("yes"))


class LengthRecognizer:
    """Hears every utterance as its length in samples, and keeps what it was given."""

    name = "length"

    def __init__(self) -> None:
        self.given: list[int] = []

    def recognize(self, samples, phrases):
        self.given.append(len(samples))
        return Recognition(str(len(samples)), 0.9)


class ScriptedMicrophone:
    """Tells the pause listener what it is given, then hands on the utterance."""

    def __init__(self, told: list, utterance: np.ndarray) -> None:
        self.told, self.utterance = told, utterance

    def record(self, on_pause=None):
        for samples in self.told:
            on_pause(samples)
        return self.utterance


def test_the_ears_answer_with_what_they_heard_at_the_pause_that_ended_the_answer():
    recognizer = LengthRecognizer()
    told, utterance = np.zeros(800, np.float32), np.zeros(1600, np.float32)
    ears = io.MicrophoneEars(recognizer, ScriptedMicrophone([told], utterance))
    assert ears.hear(Step("Ready?", PhraseSet.of("yes")), PhraseSet.of("yes")).text == "800"
    assert recognizer.given == [800]


def test_the_ears_hear_the_whole_answer_when_speech_came_back_after_a_pause():
    recognizer = LengthRecognizer()
    pause, utterance = np.zeros(800, np.float32), np.zeros(3200, np.float32)
    ears = io.MicrophoneEars(recognizer, ScriptedMicrophone([pause, None], utterance))
    assert ears.hear(Step("Ready?", PhraseSet.of("yes")), PhraseSet.of("yes")).text == "3200"
    assert recognizer.given == [800, 3200]
