"""Audio in and out: WAV files, resampling, devices, the half-duplex gate, playback.

Everything inside the voice layer is 16 kHz mono float32 in [-1, 1] (:data:`RATE`).
``sounddevice`` is imported only when a device is actually opened, so that reading
and writing WAV files works on machines without PortAudio.

>>> samples = resample(np.zeros(8000, dtype=np.float32), 8000)
>>> len(samples)
16000
"""

from __future__ import annotations

import threading
import time
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
