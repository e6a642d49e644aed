"""Audio in and out: WAV files, resampling, the microphone with endpointing, playback.

Everything inside the voice layer is 16 kHz mono float32 in [-1, 1] (:data:`RATE`).
``sounddevice`` is imported only when a device is actually opened, so that reading
and writing WAV files works on machines without PortAudio.

>>> samples = resample(np.zeros(8000, dtype=np.float32), 8000)
>>> len(samples)
16000
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import soundfile

from companion.hearing import DeviceUnavailable

RATE = 16000
"""Sample rate of every recogniser input."""


class AudioUnavailable(DeviceUnavailable):
    """No usable audio device (or speech model); the message says what and how to fix it."""


class UnreadableAudioError(ValueError):
    """A file is not audio that soundfile can read."""


def resample(samples: np.ndarray, rate: int, to: int = RATE) -> np.ndarray:
    """Band-limited (FFT) resampling of a mono signal from ``rate`` to ``to`` Hz."""
    samples = np.asarray(samples, dtype=np.float32)
    if rate == to or len(samples) == 0:
        return samples
    length = round(len(samples) * to / rate)
    spectrum = np.fft.rfft(samples)
    target = np.zeros(length // 2 + 1, dtype=complex)
    kept = min(len(spectrum), len(target))
    target[:kept] = spectrum[:kept]
    return (np.fft.irfft(target, length) * (length / len(samples))).astype(np.float32)


def read_wav(path: str | Path) -> np.ndarray:
    """Any WAV (or FLAC/OGG) file as 16 kHz mono float32: channels averaged, resampled."""
    try:
        samples, rate = soundfile.read(str(path), dtype="float32", always_2d=True)
    except (soundfile.LibsndfileError, RuntimeError) as error:
        raise UnreadableAudioError(f"{path}: not a readable audio file ({error})") from None
    return resample(samples.mean(axis=1), rate)


def write_wav(path: str | Path, samples: np.ndarray, rate: int = RATE) -> None:
    """Write mono float samples as 16-bit PCM WAV."""
    soundfile.write(str(path), np.clip(samples, -1, 1), rate, subtype="PCM_16")


def to_pcm16(samples: np.ndarray) -> bytes:
    """Float samples as little-endian 16-bit PCM bytes (what pocketsphinx and Vosk eat)."""
    return (np.clip(samples, -1, 1) * 32767).astype("<i2").tobytes()


def import_sounddevice() -> Any:
    """The sounddevice module, or AudioUnavailable saying why PortAudio is missing."""
    try:
        import sounddevice
    except OSError as error:
        raise AudioUnavailable(
            f"No audio: the PortAudio library is missing ({error}). "
            "On Debian or Raspberry Pi OS: sudo apt install libportaudio2"
        ) from None
    return sounddevice


def default_device(kind: str) -> int:
    """Index of the default ``"input"`` or ``"output"`` device, or AudioUnavailable."""
    sounddevice = import_sounddevice()
    try:
        info = sounddevice.query_devices(kind=kind)
    except sounddevice.PortAudioError as error:
        raise AudioUnavailable(f"No audio {kind} device found ({error}).") from None
    return int(info["index"])


class HalfDuplex:
    """Keeps the microphone deaf while the companion speaks, plus a short tail.

    >>> gate = HalfDuplex(tail=0.0)
    >>> gate.speaking(True); gate.muted()
    True
    >>> gate.speaking(False); gate.muted()
    False
    """

    def __init__(self, tail: float = 0.3) -> None:
        self.tail = tail
        self._speaking = 0
        self._until = 0.0
        self._lock = threading.Lock()

    def speaking(self, on: bool) -> None:
        with self._lock:
            self._speaking += 1 if on else -1
            self._speaking = max(self._speaking, 0)
            if not on:
                self._until = time.monotonic() + self.tail

    def muted(self) -> bool:
        with self._lock:
            return self._speaking > 0 or time.monotonic() < self._until


@dataclass(frozen=True)
class Endpointing:
    """When an utterance starts and ends, in the microphone stream."""

    silence: float = 0.7
    """Seconds of silence that end an utterance."""
    longest: float = 8.0
    """An utterance is cut after this many seconds."""
    threshold: float = 2.5
    """Speech is this many times louder (RMS) than the running noise floor."""
    frame: float = 0.03
    """Seconds per analysed frame."""
    preroll: float = 0.3
    """Seconds kept from before speech started (the first consonant)."""


class Endpointer:
    """Cuts a stream of frames into utterances with an adaptive energy threshold.

    Feed frames with :meth:`push`; it returns the utterance's samples once it has ended.
    """

    def __init__(self, settings: Endpointing = Endpointing()) -> None:
        self.settings = settings
        self._noise = 1e-3
        self._pre: list[np.ndarray] = []
        self._speech: list[np.ndarray] = []
        self._quiet = 0.0
        self._length = 0.0

    def push(self, frame: np.ndarray) -> np.ndarray | None:
        level = float(np.sqrt(np.mean(frame**2))) + 1e-9
        seconds = len(frame) / RATE
        loud = level > self._noise * self.settings.threshold
        if not self._speech:
            if not loud:
                self._noise = 0.95 * self._noise + 0.05 * level
                self._pre = [*self._pre, frame][-int(self.settings.preroll / seconds) or 1 :]
                return None
            self._speech, self._pre = [*self._pre, frame], []
            self._quiet = self._length = 0.0
            return None
        self._speech.append(frame)
        self._length += seconds
        self._quiet = 0.0 if loud else self._quiet + seconds
        if self._quiet >= self.settings.silence or self._length >= self.settings.longest:
            utterance, self._speech = np.concatenate(self._speech), []
            return utterance
        return None


class Microphone:
    """Utterances from the default input device at 16 kHz mono, muted while speaking."""

    WATCHDOG = 0.5
    """Seconds without a frame after which the stream is checked for a lost device."""

    def __init__(
        self,
        gate: HalfDuplex | None = None,
        endpointing: Endpointing = Endpointing(),
        device: int | None = None,
    ) -> None:
        self._sounddevice = import_sounddevice()
        self.device = default_device("input") if device is None else device
        self.gate = gate or HalfDuplex()
        self.endpointing = endpointing

    def utterances(self, timeout: float | None = None) -> Iterator[np.ndarray]:
        """Utterances as they are spoken; stops after ``timeout`` seconds of no speech."""
        frames: queue.Queue[np.ndarray] = queue.Queue()
        blocksize = int(self.endpointing.frame * RATE)

        def collect(data: np.ndarray, _frames: int, _time: Any, _status: Any) -> None:
            if not self.gate.muted():
                frames.put(data[:, 0].copy())

        try:
            stream = self._sounddevice.InputStream(
                samplerate=RATE,
                channels=1,
                dtype="float32",
                blocksize=blocksize,
                device=self.device,
                callback=collect,
            )
        except self._sounddevice.PortAudioError as error:
            raise AudioUnavailable(f"The microphone cannot be opened ({error}).") from None
        endpointer = Endpointer(self.endpointing)
        waited = 0.0
        with stream:
            while timeout is None or waited < timeout:
                try:
                    frame = frames.get(timeout=self.WATCHDOG)
                except queue.Empty:
                    if not stream.active:
                        raise AudioUnavailable(
                            "The microphone stopped (was it unplugged?)."
                        ) from None
                    waited += self.WATCHDOG
                    continue
                utterance = endpointer.push(frame)
                if utterance is not None:
                    waited = 0.0
                    yield utterance

    def record(self, timeout: float | None = None) -> np.ndarray | None:
        """The next utterance, or None when nothing was said within ``timeout`` seconds."""
        try:
            return next(self.utterances(timeout))
        except self._sounddevice.PortAudioError as error:
            raise AudioUnavailable(f"The microphone failed ({error}).") from None
        except StopIteration:
            return None


class Player:
    """Plays float audio on the default output device; :meth:`stop` cuts it short."""

    def __init__(self, gate: HalfDuplex | None = None, device: int | None = None) -> None:
        self._sounddevice = import_sounddevice()
        self.device = default_device("output") if device is None else device
        self.gate = gate or HalfDuplex()
        self._stopped = threading.Event()

    def play(self, samples: np.ndarray, rate: int) -> None:
        """Play and block until done or stopped."""
        self._stopped.clear()
        self.gate.speaking(True)
        try:
            self._sounddevice.play(samples, rate, device=self.device)
            seconds = len(samples) / rate
            deadline = time.monotonic() + seconds + 0.2
            while time.monotonic() < deadline and not self._stopped.wait(0.05):
                pass
            self._sounddevice.stop()
        except self._sounddevice.PortAudioError as error:
            raise AudioUnavailable(f"The speaker failed ({error}).") from None
        finally:
            self.gate.speaking(False)

    def stop(self) -> None:
        self._stopped.set()
