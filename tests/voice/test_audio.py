"""WAV reading, resampling, endpointing and the microphone's failure modes (no device)."""

from __future__ import annotations

import threading

import numpy as np
import pytest
import soundfile

from companion.voice import audio
from companion.voice import microphone as microphone_module
from companion.voice.audio import (
    RATE,
    AudioUnavailable,
    HalfDuplex,
    UnreadableAudioError,
    read_wav,
    resample,
)
from companion.voice.microphone import Microphone, MicrophoneFrames
from companion.voice.vad import Endpointer, Endpointing, EnergyVad, SileroVad
from testkit.corpus import espeak_clip, labelled_clips


def tone(seconds: float, rate: int, hertz: float = 440.0, level: float = 0.3) -> np.ndarray:
    t = np.arange(int(seconds * rate)) / rate
    return (level * np.sin(2 * np.pi * hertz * t)).astype(np.float32)


def dominant_hertz(samples: np.ndarray, rate: int) -> float:
    spectrum = np.abs(np.fft.rfft(samples))
    return float(np.fft.rfftfreq(len(samples), 1 / rate)[spectrum.argmax()])


@pytest.mark.parametrize("rate", [8000, 22050, 44100, 48000])
def test_resampling_keeps_length_and_pitch(rate):
    resampled = resample(tone(1.0, rate), rate)
    assert len(resampled) == RATE
    assert dominant_hertz(resampled, RATE) == pytest.approx(440, abs=2)


def test_any_wav_becomes_16k_mono(tmp_path):
    stereo = np.stack([tone(0.5, 44100), tone(0.5, 44100)], axis=1)
    soundfile.write(tmp_path / "stereo.wav", stereo, 44100)
    samples = read_wav(tmp_path / "stereo.wav")
    assert samples.ndim == 1 and len(samples) == RATE // 2
    assert samples.dtype == np.float32


def test_a_file_that_is_not_audio_is_reported(tmp_path):
    (tmp_path / "notes.wav").write_text("not audio")
    with pytest.raises(UnreadableAudioError, match=r"notes\.wav"):
        read_wav(tmp_path / "notes.wav")


def frames(signal: np.ndarray, seconds: float = 0.03):
    size = int(seconds * RATE)
    return [signal[i : i + size] for i in range(0, len(signal) - size + 1, size)]


def test_endpointer_cuts_one_utterance_after_the_silence():
    rng = np.random.default_rng(1)
    hiss = lambda seconds: rng.normal(0, 0.002, int(seconds * RATE)).astype(np.float32)  # noqa: E731
    stream = np.concatenate([hiss(1.0), tone(0.8, RATE), hiss(1.5)])
    settings = Endpointing(silence=0.5)
    endpointer = Endpointer(settings, EnergyVad())
    utterances = [u for f in frames(stream) if (u := endpointer.push(f)) is not None]
    assert len(utterances) == 1
    # The speech, the pre-roll and the closing silence, within a window or two.
    least = 0.8 + settings.silence + settings.preroll
    assert least - 0.07 <= len(utterances[0]) / RATE <= least + 0.07


def test_held_frames_are_an_utterances_onset_but_never_begin_one():
    rng = np.random.default_rng(2)
    hiss = lambda seconds: rng.normal(0, 0.002, int(seconds * RATE)).astype(np.float32)  # noqa: E731
    endpointer = Endpointer(Endpointing(), EnergyVad())
    for frame in frames(np.concatenate([hiss(1.0), tone(0.3, RATE)])):  # echo, held back
        assert endpointer.push(frame, may_start=False) is None
    assert not endpointer.speaking
    onset = tone(0.2, RATE, level=0.2)  # a quick answer's first syllable, held back
    held = [endpointer.push(frame, may_start=False) for frame in frames(onset)]
    rest = np.concatenate([tone(0.4, RATE, level=0.2), hiss(1.0)])
    cut = [u for f in frames(rest) if (u := endpointer.push(f)) is not None]
    assert held == [None] * len(held) and len(cut) == 1
    windows = np.lib.stride_tricks.sliding_window_view(cut[0], len(onset))
    assert np.isclose(windows, onset).all(axis=1).any()  # the held syllable, whole, in it


def pauses_and_utterances(stream: np.ndarray, settings: Endpointing) -> list:
    """What the pause listener was told and the utterances handed on, in order."""
    events: list = []
    endpointer = Endpointer(settings, EnergyVad(), on_pause=events.append)
    for frame in frames(stream):
        if (utterance := endpointer.push(frame)) is not None:
            events.append(("utterance", utterance))
    return events


def test_a_pause_that_ends_the_utterance_is_told_early_with_the_utterance_so_far():
    rng = np.random.default_rng(1)
    hiss = lambda seconds: rng.normal(0, 0.002, int(seconds * RATE)).astype(np.float32)  # noqa: E731
    stream = np.concatenate([hiss(1.0), tone(0.8, RATE), hiss(1.5)])
    told, (kind, utterance) = pauses_and_utterances(stream, Endpointing(silence=0.5, early=0.2))
    assert kind == "utterance"
    np.testing.assert_array_equal(utterance[: len(told)], told)
    # Told after 0.2 s of silence, handed on after 0.5 s: 0.3 s sooner, within a window.
    assert abs((len(utterance) - len(told)) / RATE - 0.3) <= 0.04


def test_speech_coming_back_after_a_pause_withdraws_what_was_told():
    rng = np.random.default_rng(2)
    hiss = lambda seconds: rng.normal(0, 0.002, int(seconds * RATE)).astype(np.float32)  # noqa: E731
    stream = np.concatenate([hiss(1.0), tone(0.5, RATE), hiss(0.35), tone(0.5, RATE), hiss(1.5)])
    first, withdrawn, second, (kind, utterance) = pauses_and_utterances(
        stream, Endpointing(silence=0.5, early=0.2)
    )
    assert withdrawn is None and kind == "utterance"
    assert len(first) < len(second)
    np.testing.assert_array_equal(utterance[: len(second)], second)


def test_no_early_setting_tells_nothing():
    silence = np.zeros(RATE, np.float32)
    stream = np.concatenate([silence, tone(0.8, RATE), silence])
    [(kind, _)] = pauses_and_utterances(stream, Endpointing(early=None))
    assert kind == "utterance"


class ScriptedVad:
    """Says for each window the next of ``probabilities`` (then 0): what Silero said of a
    loud human "four" cut off at its end, on the virtual table's stream."""

    def __init__(self, probabilities: list[float]) -> None:
        self.left = list(probabilities)

    def probability(self, window: np.ndarray) -> float:
        return self.left.pop(0) if self.left else 0.0

    def forget_speech(self) -> None:
        pass


def cut(endpointer: Endpointer, stream: np.ndarray) -> list[np.ndarray]:
    """The utterances ``endpointer`` cuts from ``stream``, fed window by window."""
    pushed = (endpointer.push(stream[i : i + 512]) for i in range(0, len(stream), 512))
    return [utterance for utterance in pushed if utterance is not None]


def test_a_short_loud_word_the_network_is_sure_of_once_is_an_utterance():
    rng = np.random.default_rng(3)
    noise = lambda count: rng.normal(0, 0.003, 512 * count).astype(np.float32)  # noqa: E731
    word = tone(4 * 512 / RATE, RATE, level=0.2)  # 128 ms, 37 dB above the noise
    stream = np.concatenate([noise(60), word, noise(30)])
    said = [0.1] * 60 + [0.09, 0.52, 0.16, 0.1]
    assert len(cut(Endpointer(Endpointing(), ScriptedVad(said)), stream)) == 1
    soft = np.concatenate([noise(60), word * 0.02, noise(30)])  # 3 dB above the noise
    assert cut(Endpointer(Endpointing(), ScriptedVad(said)), soft) == []


def test_loud_sounds_the_network_does_not_call_speech_begin_no_utterance():
    rng = np.random.default_rng(4)
    stream = rng.normal(0, 0.003, 512 * 120).astype(np.float32)
    for start in range(512 * 30, 512 * 110, 512 * 16):  # a clatter of dice every half second
        stream[start : start + 800] += rng.normal(0, 0.2, 800).astype(np.float32)
    assert cut(Endpointer(Endpointing(), ScriptedVad([0.05] * 120)), stream) == []


def test_endpointer_cuts_a_never_ending_utterance():
    endpointer = Endpointer(Endpointing(longest=1.0), EnergyVad())
    stream = np.concatenate([np.zeros(RATE // 2, np.float32), tone(3.0, RATE)])
    utterances = [u for f in frames(stream) if (u := endpointer.push(f)) is not None]
    assert len(utterances) >= 2
    assert all(len(u) / RATE <= 1.0 + 0.4 for u in utterances)


def test_half_duplex_mutes_while_speaking_and_for_the_tail(monkeypatch):
    clock = [100.0]
    monkeypatch.setattr(audio.time, "monotonic", lambda: clock[0])
    gate = HalfDuplex(tail=0.3)
    assert not gate.muted()
    gate.speaking(True)
    assert gate.muted()
    gate.speaking(False)
    assert gate.muted()
    clock[0] += 0.31
    assert not gate.muted()


def test_the_gate_judges_sound_by_when_it_was_captured(monkeypatch):
    clock = [100.0]
    monkeypatch.setattr(audio.time, "monotonic", lambda: clock[0])
    gate = HalfDuplex(tail=0.05)
    gate.speaking(True)
    clock[0] = 101.5  # the player learns late that the sound left the loudspeaker
    gate.speaking(False, at=101.0)
    assert gate.muted(100.5)  # the companion's voice, read late
    assert gate.muted(101.04)  # its echo in the room
    assert not gate.muted(101.06)  # an answer begun right after, read before this moment
    assert not gate.muted(99.9)  # said before the companion began
    assert gate.just_after(101.04, doubt=0.1) and gate.just_after(100.95, doubt=0.1)
    assert not gate.just_after(100.5, doubt=0.1) and not gate.just_after(101.06, doubt=0.1)
    gate.speaking(True)  # the next sentence begins before the last one's sound is read
    assert gate.muted(100.5) and gate.muted(101.6) and not gate.muted(101.2)


class SilentDevice:
    """An input stream that delivers nothing by itself (the test calls its callback), and
    says its input lags 64 ms, as the virtual table's does."""

    PortAudioError = OSError

    def query_devices(self, kind=None):
        return {"index": 3, "name": "fake"}

    def InputStream(self, callback, **_):
        class Stream:
            active, latency = True, 0.064

            def start(self):
                pass

        return Stream()


def test_the_first_syllable_of_the_companions_voice_is_never_heard(monkeypatch):
    """A block's capture time is known only within the input's lag: a block that may have
    been captured after the companion began to speak is dropped. (Dated by the early
    bound alone, the onset of a prompt looked older than the voice and was heard.)"""
    clock = [100.0]
    monkeypatch.setattr(audio.time, "monotonic", lambda: clock[0])
    device = SilentDevice()
    monkeypatch.setattr(microphone_module, "import_sounddevice", lambda: device)
    monkeypatch.setattr(audio, "import_sounddevice", lambda: device)
    monkeypatch.setattr(MicrophoneFrames, "WATCHDOG", 0.01)
    gate = HalfDuplex(tail=0.05)
    frames = MicrophoneFrames(gate=gate)
    gate.speaking(True, at=100.5)
    voice_reaches_the_microphone = 100.52  # 20 ms after the companion began
    for index in range(40):  # 32 ms blocks, each read 10 ms after its last sample
        captured = 100.0 + 0.032 * (index + 1)
        clock[0] = captured + 0.010
        voiced = captured > voice_reaches_the_microphone
        block = np.full(512, 0.3 if voiced else 0.001, np.float32)
        frames._collect(block[:, None], 512, None, None)
    kept = []
    while (frame := frames.read_frame()) is not None:
        kept.append(frame.samples)
    assert len(kept) >= 14  # the quiet room before the voice is heard
    assert max(float(np.abs(samples).max()) for samples in kept) < 0.01


class FakeSoundDevice:
    """Just enough of sounddevice to drive Microphone without hardware."""

    class PortAudioError(Exception):
        pass

    def __init__(self, blocks: list[np.ndarray], devices_ok: bool = True) -> None:
        self.blocks = blocks
        self.devices_ok = devices_ok

    def query_devices(self, kind=None):
        if not self.devices_ok:
            raise self.PortAudioError("Error querying device -1")
        return {"index": 3, "name": "fake"}

    def InputStream(self, callback, **_):
        fake = self

        class Stream:
            active = True

            def start(self):
                for block in fake.blocks:
                    callback(block[:, None], len(block), None, None)
                self.active = False  # the device is gone after its last block

            def stop(self):
                pass

            def close(self):
                pass

        return Stream()


def test_no_input_device_is_audio_unavailable(monkeypatch):
    monkeypatch.setattr(microphone_module, "import_sounddevice", lambda: FakeSoundDevice([], False))
    monkeypatch.setattr(audio, "import_sounddevice", lambda: FakeSoundDevice([], False))
    with pytest.raises(AudioUnavailable, match="No audio input device"):
        Microphone()


def test_a_microphone_that_disappears_mid_game_is_audio_unavailable(monkeypatch):
    speech = np.concatenate([np.zeros(RATE // 2, np.float32), tone(0.5, RATE)])
    device = FakeSoundDevice(frames(speech))  # speech starts, then the device vanishes
    monkeypatch.setattr(microphone_module, "import_sounddevice", lambda: device)
    monkeypatch.setattr(audio, "import_sounddevice", lambda: device)
    monkeypatch.setattr(MicrophoneFrames, "WATCHDOG", 0.01)
    microphone = Microphone(HalfDuplex(tail=0.0))
    with pytest.raises(AudioUnavailable, match="unplugged"):
        microphone.record()


class StalledDevice(SilentDevice):
    """An input stream left "active" by an audio server that was killed: its callback is
    never called again, and stopping or closing it waits for good (PortAudio waits on the
    server plugin's thread: the virtual table's hang, seen with gdb)."""

    def __init__(self) -> None:
        self.stopping = threading.Event()

    def InputStream(self, callback, **_):
        stopping = self.stopping

        class Stream:
            active, latency = True, 0.0

            def start(self):
                pass

            def stop(self):
                stopping.set()
                threading.Event().wait()

            close = stop

        return Stream()


def test_a_stream_that_stops_calling_back_is_a_lost_microphone_let_go(monkeypatch):
    """Before, the microphone waited for frames for ever, and closing it hung: the game
    stopped with nothing said. A stream with no block for STALLED_SECONDS is a lost
    microphone (the game goes on by keyboard), and it is stopped in the background."""
    device = StalledDevice()
    monkeypatch.setattr(microphone_module, "import_sounddevice", lambda: device)
    monkeypatch.setattr(audio, "import_sounddevice", lambda: device)
    monkeypatch.setattr(MicrophoneFrames, "WATCHDOG", 0.01)
    monkeypatch.setattr(microphone_module, "STALLED_SECONDS", 0.2)
    microphone = Microphone(HalfDuplex(tail=0.0))
    raised: list[Exception] = []

    def listen() -> None:
        try:
            microphone.record()
        except AudioUnavailable as error:
            raised.append(error)

    listening = threading.Thread(target=listen, daemon=True)
    listening.start()
    listening.join(timeout=10)
    assert not listening.is_alive()
    assert [str(error) for error in raised] == [microphone_module.UNPLUGGED]
    assert device.stopping.wait(timeout=10)  # stopped, in the background


def test_missing_portaudio_says_how_to_install_it(monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_portaudio(name, *args, **kwargs):
        if name == "sounddevice":
            raise OSError("PortAudio library not found")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_portaudio)
    with pytest.raises(AudioUnavailable, match="libportaudio2"):
        audio.import_sounddevice()


@pytest.fixture(scope="module")
def spoken():
    pytest.importorskip("faster_whisper")
    try:
        return espeak_clip("courtly graces", "en-us")
    except FileNotFoundError as error:
        pytest.skip(str(error))


@pytest.mark.parametrize("noise_db", [-70.0, -40.0])
def test_speech_is_cut_out_of_steady_noise_that_was_there_from_the_start(spoken, noise_db):
    """Noise present when listening starts fools a loudness threshold; not Silero."""
    rng = np.random.default_rng(3)
    silence = np.zeros(RATE, np.float32)
    stream = np.concatenate([silence, spoken, silence, spoken, silence])
    stream += rng.normal(0, 10 ** (noise_db / 20), len(stream)).astype(np.float32)
    endpointer = Endpointer(Endpointing(), SileroVad())
    utterances = [u for f in frames(stream) if (u := endpointer.push(f)) is not None]
    assert len(utterances) == 2
    speech = len(spoken) / RATE
    assert all(speech - 0.3 < len(u) / RATE < speech + 0.5 + 0.4 + 0.1 for u in utterances)


def test_noise_alone_is_never_an_utterance(spoken):
    rng = np.random.default_rng(4)
    hum = 0.05 * np.sin(2 * np.pi * 50 * np.arange(3 * RATE) / RATE)
    stream = (rng.normal(0, 0.05, 3 * RATE) + hum).astype(np.float32)
    endpointer = Endpointer(Endpointing(), SileroVad())
    assert [u for f in frames(stream) if (u := endpointer.push(f)) is not None] == []
    assert endpointer.flush() is None


@pytest.mark.parametrize(
    ("signal", "message"),
    [
        (np.zeros(22 * RATE, np.float32), "hears nothing at all"),
        (np.sign(tone(1.5, RATE)).astype(np.float32), "clipped"),
    ],
)
def test_dead_air_or_a_clipped_stream_is_audio_unavailable(monkeypatch, signal, message):
    device = FakeSoundDevice(frames(signal, 0.032) + [np.full(512, 0.01, np.float32)] * 4)
    monkeypatch.setattr(microphone_module, "import_sounddevice", lambda: device)
    monkeypatch.setattr(audio, "import_sounddevice", lambda: device)
    monkeypatch.setattr(MicrophoneFrames, "BACKLOG", 60.0)  # the fake delivers all at once
    with pytest.raises(AudioUnavailable, match=message):
        Microphone(HalfDuplex(tail=0.0)).record()


def test_a_quiet_room_is_not_dead_air(monkeypatch):
    room = np.random.default_rng(2).normal(0, 10 ** (-70 / 20), 22 * RATE).astype(np.float32)
    device = FakeSoundDevice(frames(room, 0.032))
    monkeypatch.setattr(microphone_module, "import_sounddevice", lambda: device)
    monkeypatch.setattr(audio, "import_sounddevice", lambda: device)
    monkeypatch.setattr(MicrophoneFrames, "WATCHDOG", 0.01)
    monkeypatch.setattr(MicrophoneFrames, "BACKLOG", 60.0)
    with pytest.raises(AudioUnavailable, match="unplugged"):  # only once the blocks run out
        Microphone(HalfDuplex(tail=0.0)).record()


def test_a_quiet_short_roll_said_after_another_is_cut_on_its_own(shared_speech):
    """Silero's memory of the roll before made it doubt a quiet short "five" said 1.2 s
    later: the roll was never cut. Each utterance's end now starts the network afresh
    (two human rolls of the tuning half, room noise at -50 dBFS)."""
    six = next(
        (c.path for c in labelled_clips("speech_commands", ["six"]) if "8d4cdc60" in str(c.path)),
        None,
    )
    five = next(
        (c.path for c in labelled_clips("fsdd", ["five"]) if c.path.name == "5_theo_5.wav"), None
    )
    if six is None or five is None:
        pytest.skip("the two rolls are not in this copy of the shared speech")
    gap = np.zeros(int(1.2 * RATE), np.float32)
    stream = np.concatenate([np.zeros(RATE, np.float32), read_wav(six), gap, read_wav(five), gap])
    stream += np.random.default_rng(1).normal(0, 10 ** (-50 / 20), len(stream)).astype(np.float32)
    assert len(cut(Endpointer(Endpointing(), SileroVad()), stream)) == 2
