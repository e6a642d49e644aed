"""Speakers and the sentence-streaming mouth, into WAV sinks (no audio device)."""

from __future__ import annotations

import importlib.util
import shutil
import threading

import numpy as np
import pytest

from companion.framework.dialogue import Speech
from companion.voice.io import SpeakingMouth, WavSink
from companion.voice.speakers import (
    EspeakSpeaker,
    Pyttsx3Speaker,
    VoiceSettings,
    make_speaker,
    speech_chunks,
)

PARAGRAPH = (
    "The caravan leaves at dawn, and the camels grumble. By noon the sand shines. "
    "A stranger rides beside you! He asks where you go? You tell him of the well."
)


class CountingSpeaker:
    """A synthesiser that makes one second of tone per chunk and records the chunks."""

    name = "counting"
    sample_rate = 8000

    def __init__(self, block: threading.Event | None = None) -> None:
        self.settings = VoiceSettings()
        self.texts: list[str] = []
        self.block = block

    def synthesize(self, text: str) -> np.ndarray:
        if self.block is not None and self.texts:
            self.block.wait(5)
        self.texts.append(text)
        return np.full(self.sample_rate, 0.1, np.float32)


def test_chunks_keep_every_word_in_order():
    assert " ".join(speech_chunks(PARAGRAPH)).split() == PARAGRAPH.split()
    assert speech_chunks("") == []


def test_the_mouth_speaks_sentence_by_sentence():
    speaker, sink = CountingSpeaker(), WavSink()
    SpeakingMouth(speaker, sink).say(Speech(PARAGRAPH, reading=True))
    assert speaker.texts == speech_chunks(PARAGRAPH)
    assert len(sink.chunks) == len(speaker.texts)


def test_private_speech_is_shown_and_never_spoken():
    shown: list[str] = []
    speaker, sink = CountingSpeaker(), WavSink()
    SpeakingMouth(speaker, sink, show=shown.append).say(Speech("Your secret card.", private=True))
    assert shown == ["Your secret card."]
    assert speaker.texts == [] and sink.chunks == []


def test_stop_cuts_a_reading_short():
    gate = threading.Event()
    speaker = CountingSpeaker(block=gate)

    class StoppingSink(WavSink):
        def play(self, samples, rate):
            super().play(samples, rate)
            mouth.stop()  # the player says "stop" while the first sentence plays
            gate.set()

    sink = StoppingSink()
    mouth = SpeakingMouth(speaker, sink)
    mouth.say(Speech(PARAGRAPH, reading=True))
    assert len(sink.chunks) == 1
    assert len(speaker.texts) < len(speech_chunks(PARAGRAPH))


def test_rate_is_relative_to_the_setting():
    speaker = CountingSpeaker()
    speaker.settings.rate = 0.9
    mouth = SpeakingMouth(speaker, WavSink())
    mouth.set_rate(1.15)
    assert speaker.settings.rate == pytest.approx(0.9 * 1.15)
    mouth.set_rate(1.0)
    assert speaker.settings.rate == pytest.approx(0.9)


def test_the_sink_writes_what_was_said(tmp_path):
    speaker, sink = CountingSpeaker(), WavSink(tmp_path / "said")
    SpeakingMouth(speaker, sink).say(Speech("One. Two."))
    assert sorted(p.name for p in (tmp_path / "said").iterdir()) == ["0001.wav", "0002.wav"]
    sink.save(tmp_path / "all.wav")
    assert (tmp_path / "all.wav").stat().st_size > 2 * 8000 * 2


def test_pyttsx3_waits_for_the_whole_file():
    speaker = Pyttsx3Speaker()
    short = speaker.synthesize("Five.")
    longer = speaker.synthesize("Five. Six. Seven. Eight. Nine. Ten.")
    assert len(short) > 0.2 * speaker.sample_rate
    assert len(longer) > 2 * len(short)
    assert np.abs(longer).max() > 0.05


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
def test_rate_voice_and_volume_are_applied():
    speaker = EspeakSpeaker(VoiceSettings(rate=0.6))
    slow = speaker.synthesize("The caravan leaves at dawn.")
    speaker.settings.rate = 1.5
    fast = speaker.synthesize("The caravan leaves at dawn.")
    assert len(fast) < 0.6 * len(slow)
    speaker.settings.volume = 0.2
    quiet = speaker.synthesize("The caravan leaves at dawn.")
    assert np.abs(quiet).max() < 0.5 * np.abs(fast).max()
    speaker.settings.voice = "en-us+f3"
    assert not np.array_equal(speaker.synthesize("The caravan leaves at dawn."), quiet)


@pytest.mark.skipif(
    importlib.util.find_spec("piper") is None, reason="piper-tts is not installed (extra 'piper')"
)
def test_piper_is_preferred_and_speaks():
    speaker = make_speaker("auto")
    assert speaker.name == "piper"
    samples = speaker.synthesize("I rolled a five.")
    assert 0.5 < len(samples) / speaker.sample_rate < 3


def test_an_unknown_voice_engine_is_named():
    with pytest.raises(ValueError, match="festival"):
        make_speaker("festival")
