"""Audio in and out: WAV files, resampling, devices, the half-duplex gate, playback.

Everything inside the voice layer is 16 kHz mono float32 in [-1, 1] (:data:`RATE`).
``sounddevice`` is imported only when a device is actually opened, so that reading
and writing WAV files works on machines without PortAudio.

>>> samples = resample(np.zeros(8000, dtype=np.float32), 8000)
>>> len(samples)
16000
"""

from __future__ import annotations

import collections
import threading
import time
from pathlib import Path
from typing import Any

import numpy as np
import soundfile

from companion.session.ports import DeviceUnavailable

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


class StreamClock:
    """When the samples of a live stream were captured, from how many have come so far.

    A block arrives some time after its last sample was captured, and sometimes much
    later (a loaded machine runs the callback late), never earlier: the earliest
    ``arrival - samples so far / rate`` seen lately is the truest start of the stream
    (only lately: samples lost in an overrun would make every later time too early).

    >>> clock = StreamClock(rate=100)
    >>> clock.tick(10, arrived=5.2)   # ten samples, the last captured at about 5.2
    5.2
    >>> round(clock.tick(10, arrived=5.9), 3)   # arrived late: its last sample was at 5.3
    5.3
    """

    LATELY = 2.0
    """Seconds of arrivals the start is judged from."""

    def __init__(self, rate: int = RATE) -> None:
        self.rate = rate
        self.count = 0
        self.start = float("inf")
        self._starts: collections.deque[tuple[float, float]] = collections.deque()
        """(arrival, start it implies), the smallest start first (a monotonic queue)."""

    def tick(self, samples: int, arrived: float) -> float:
        """``samples`` more arrived at ``arrived``; when the last of them was captured."""
        self.count += samples
        start = arrived - self.count / self.rate
        while self._starts and self._starts[-1][1] >= start:
            self._starts.pop()
        self._starts.append((arrived, start))
        while self._starts[0][0] < arrived - self.LATELY:
            self._starts.popleft()
        self.start = self._starts[0][1]
        return self.time_of(self.count)

    def time_of(self, index: int) -> float:
        return self.start + index / self.rate


class HalfDuplex:
    """Keeps the microphone deaf to what was captured while the companion's voice was
    in the air: from the moment it starts speaking until its sound has left the
    loudspeaker (the player waits for that), plus a short tail for the room's echo
    (50 ms: the virtual table's loopback takes 20 ms; bench/bench_quick_answers.py).

    Sound is judged by when it was *captured* (``time.monotonic``), not when it reached
    the program, so a player who answers as soon as the companion's voice has stopped is
    heard from the first syllable, and the companion's last words, captured before the
    gate opened but read after, are still dropped.

    >>> gate = HalfDuplex(tail=0.0)
    >>> gate.speaking(True); gate.muted()
    True
    >>> gate.speaking(False); gate.muted()
    False
    """

    def __init__(self, tail: float = 0.05) -> None:
        self.tail = tail
        self._speaking = 0
        self._since = float("inf")
        self._spoken: list[tuple[float, float, float]] = []
        """The recent times the companion's voice was in the air: (it began, its sound
        left the loudspeaker, the tail ends); its sound can be read after the next
        sentence has begun."""
        self._lock = threading.Lock()

    def speaking(self, on: bool, at: float | None = None) -> None:
        """The companion's voice starts (``True``), or its sound has left the loudspeaker,
        now or ``at`` (``time.monotonic``)."""
        with self._lock:
            now = time.monotonic() if at is None else at
            if on and self._speaking == 0:
                self._since = now
            self._speaking = max(self._speaking + (1 if on else -1), 0)
            if not on and self._speaking == 0:
                recent = [spoken for spoken in self._spoken if spoken[2] > now - self.KEPT]
                self._spoken = [*recent, (self._since, now, now + self.tail)]
                self._since = float("inf")

    KEPT = 5.0
    """Seconds a past sentence is remembered: no sound is read later than that."""

    def muted(self, captured: float | None = None, latest: float | None = None) -> bool:
        """Whether sound captured at ``captured`` (default: now) is to be dropped; with
        ``latest``, sound captured at some moment from ``captured`` to ``latest`` (a
        capture time known only within bounds): dropped if any of it may have been.

        >>> gate = HalfDuplex(tail=0.0)
        >>> gate.speaking(True, at=10.0); gate.speaking(False, at=11.0)
        >>> gate.muted(9.95), gate.muted(9.95, latest=10.01), gate.muted(11.0, latest=11.1)
        (False, True, False)
        """
        earliest = time.monotonic() if captured is None else captured
        latest = earliest if latest is None else latest
        with self._lock:
            return latest >= self._since or any(
                start <= latest and earliest < end for start, _, end in self._spoken
            )

    def just_after(self, captured: float, doubt: float) -> bool:
        """Whether sound captured at ``captured`` may be from just after the companion's
        voice left the loudspeaker (within the tail, or ``doubt`` seconds before it left,
        for a capture time that may be early): muted, yet it may hold the first syllable
        of a quick answer."""
        with self._lock:
            return any(left - doubt <= captured < end for _, left, end in self._spoken)


class Player:
    """Plays float audio on the default output device; :meth:`stop` cuts it short."""

    LONGEST_DRAIN = 2.0
    """Seconds the output may take beyond the sound's length before it is given up."""

    def __init__(self, gate: HalfDuplex | None = None, device: int | None = None) -> None:
        self._sounddevice = import_sounddevice()
        self.device = default_device("output") if device is None else device
        self.gate = gate or HalfDuplex()
        self._stopped = threading.Event()

    def play(self, samples: np.ndarray, rate: int) -> None:
        """Play and block until the sound has left the loudspeaker, or was stopped.

        The output stream stays active until its last buffer has been played, however
        late it started: the gate opens then, not after a guessed delay."""
        self._stopped.clear()
        self.gate.speaking(True)
        ended = None
        try:
            self._sounddevice.play(samples, rate, device=self.device)
            stream = self._sounddevice.get_stream()
            deadline = time.monotonic() + len(samples) / rate + self.LONGEST_DRAIN
            while stream.active and time.monotonic() < deadline:
                if self._stopped.wait(0.01):
                    break
            ended = time.monotonic()
            self._sounddevice.stop()
        except self._sounddevice.PortAudioError as error:
            raise AudioUnavailable(f"The speaker failed ({error}).") from None
        finally:
            self.gate.speaking(False, at=ended)

    def stop(self) -> None:
        self._stopped.set()
