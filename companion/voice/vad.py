"""Voice activity: one detector for the microphone's endpointing, the tellings and the
recognisers' speech gate.

:class:`SileroVad` is the Silero VAD network that faster-whisper ships
(``faster_whisper/assets/silero_vad_v6.onnx``), run with onnxruntime one 32 ms window at a
time with its recurrent state kept, so it follows a live stream (about 0.3 ms a window
here). Where faster-whisper is not installed (a Vosk-only Raspberry Pi),
:class:`EnergyVad` stands in: an adaptive loudness threshold, weaker in noise.

:class:`Endpointer` cuts a stream of frames of any size into utterances with either.

>>> has_speech(np.zeros(RATE, np.float32))
False
>>> endpointer = Endpointer(Endpointing(), EnergyVad())
>>> [endpointer.push(np.zeros(480, np.float32)) for _ in range(3)]
[None, None, None]
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from companion.voice.audio import RATE

WINDOW = 512
"""Samples per decision (32 ms at 16 kHz): what the Silero network takes."""


class VoiceActivity(Protocol):
    """Speech probability of successive :data:`WINDOW`-sample windows of one stream."""

    def probability(self, window: np.ndarray) -> float: ...

    def forget_speech(self) -> None:
        """An utterance has ended: judge what follows as if after the room's silence."""


class VadUnavailable(RuntimeError):
    """The Silero network cannot be loaded (faster-whisper or onnxruntime missing)."""


@functools.cache
def _silero_session() -> Any:
    try:
        import onnxruntime
        from faster_whisper.vad import get_assets_path
    except ImportError as error:
        raise VadUnavailable(f"Silero VAD needs faster-whisper ({error})") from None
    options = onnxruntime.SessionOptions()
    options.inter_op_num_threads = options.intra_op_num_threads = 1
    options.log_severity_level = 4
    path = Path(get_assets_path()) / "silero_vad_v6.onnx"
    return onnxruntime.InferenceSession(
        str(path), providers=["CPUExecutionProvider"], sess_options=options
    )


class SileroVad:
    """Silero VAD over a live stream: each window is judged with the 64 samples before
    it and the network's memory of the stream so far."""

    CONTEXT = 64

    def __init__(self) -> None:
        self._session = _silero_session()
        self.forget_speech()

    def probability(self, window: np.ndarray) -> float:
        batch = np.concatenate([self._context, window.astype(np.float32)])[None]
        output, *self._state = self._session.run(
            None, {"input": batch, "h": self._state[0], "c": self._state[1]}
        )
        self._context = window[-self.CONTEXT :].astype(np.float32)
        return float(np.asarray(output).reshape(-1)[0])

    def forget_speech(self) -> None:
        """Start the network's memory afresh. Carried over from one utterance into the
        next, it judged a quiet short roll said 1.2 s after another roll speech at 0.4 at
        most, where after silence alone it is sure (0.8 and more): seven of 384 human rolls
        of the tuning half were never cut on a stream (docs/voice.md)."""
        self._state = [np.zeros((1, 1, 128), np.float32) for _ in range(2)]
        self._context = np.zeros(self.CONTEXT, np.float32)


class EnergyVad:
    """Speech (1.0) or not (0.0) from a window's loudness against the room's own noise.

    A window is speech when its RMS level (dBFS) is ``margin_db`` above the noise floor
    and above ``floor_db``. The floor drops at once with quieter windows, follows quiet
    ones and rises only slowly under loud ones, so a steady hum becomes silence within
    seconds while words stay speech.

    >>> vad = EnergyVad()
    >>> hum = np.full(WINDOW, 0.02, dtype=np.float32)          # -34 dBFS, steady
    >>> [vad.probability(hum) for _ in range(300)][-1]          # after 10 s: background
    0.0
    >>> vad.probability(np.full(WINDOW, 0.3, dtype=np.float32))  # -10 dBFS: a voice
    1.0
    """

    def __init__(self, floor_db: float = -55.0, margin_db: float = 12.0) -> None:
        self.floor_db = floor_db
        self.margin_db = margin_db
        self._noise_db = floor_db

    def probability(self, window: np.ndarray) -> float:
        level = 20 * np.log10(np.sqrt(np.mean(window.astype(np.float64) ** 2)) + 1e-10)
        loud = level > max(self.floor_db, self._noise_db + self.margin_db)
        if level < self._noise_db:
            self._noise_db = level
        else:
            self._noise_db += (0.002 if loud else 0.05) * (level - self._noise_db)
        return 1.0 if loud else 0.0

    def forget_speech(self) -> None:
        """Nothing to forget: the noise floor is the room's, not the utterance's."""


def voice_activity() -> VoiceActivity:
    """A fresh detector for one stream: Silero when faster-whisper is installed."""
    try:
        return SileroVad()
    except VadUnavailable:
        return EnergyVad()


@dataclass(frozen=True)
class Endpointing:
    """When an utterance starts and ends, in the microphone stream."""

    silence: float = 0.5
    """Seconds without speech that end an utterance: a longer pause inside an answer
    cuts it in two, and every answer waits this long before it is heard
    (bench/bench_endpointing.py measures both)."""
    longest: float = 8.0
    """An utterance is cut after this many seconds."""
    threshold: float = 0.4
    """Speech probability from which a window is speech."""
    release: float = 0.3
    """Speech probability under which a window counts towards the ending silence."""
    frame: float = 0.032
    """Seconds per block the microphone delivers."""
    preroll: float = 0.4
    """Seconds kept from before speech started (the first consonant)."""
    shortest: float = 0.064
    """Less speech than this (a click, a cough's edge) is not an utterance."""
    hangover: float = 0.25
    """A pause shorter than this inside speech still counts as speaking."""
    loud: float = 20.0
    """dB above the room's noise from which a window is loud: a loud window counts as voiced
    once an utterance has begun, whatever the network says (a short word cut off at its
    end, a 0.2 s "four", is mostly windows the network is not yet sure of, and was dropped
    as too short), and begins one from ``loud_threshold``."""
    loud_threshold: float = 0.25
    """Speech probability from which a loud window begins an utterance (a short "six" 21 dB
    above the room's noise reached 0.34 at most). Dice clatter, loud but never speech to
    the network (0.01 at most), still begins none."""
    early: float | None = 0.2
    """Seconds of silence after which the utterance so far is handed to the pause
    listener, so that it can be heard while the end is still being waited for (None:
    never). It is withdrawn if speech comes back before the end."""


PauseListener = Callable[[np.ndarray | None], None]
"""Told the utterance so far when a pause may be its end, and None when speech came back:
what it was told no longer stands. The utterance handed on next, if none came back, is
the one it was told and the silence after it."""


class Endpointer:
    """Cuts a stream of frames (any size) into utterances.

    Feed frames with :meth:`push`; it returns the utterance's samples once it has ended.
    :attr:`speaking` tells whether the stream is speech right now. :attr:`on_pause`, when
    set, hears of each pause that may end the utterance (see :attr:`Endpointing.early`):
    the utterance then handed on is those samples and the silence after them.
    """

    def __init__(
        self,
        settings: Endpointing = Endpointing(),
        vad: VoiceActivity | None = None,
        on_pause: PauseListener | None = None,
    ) -> None:
        self.settings = settings
        self.vad = vad or voice_activity()
        self._loudness = EnergyVad(margin_db=settings.loud)
        self.on_pause = on_pause
        self._pending = np.zeros(0, np.float32)
        self._pre: list[np.ndarray] = []
        self._speech: list[np.ndarray] = []
        self._voiced = 0.0
        self._quiet = settings.hangover
        self._still = 0.0
        """Seconds since the last window that was not clearly silence."""
        self._told = False
        """Whether the pause listener holds the utterance so far."""

    @property
    def speaking(self) -> bool:
        return bool(self._speech) and self._quiet < self.settings.hangover

    def push(self, frame: np.ndarray, may_start: bool = True) -> np.ndarray | None:
        """Take one frame; the whole utterance when this frame ended one. A frame that
        ``may_start`` no utterance is kept as the onset of one the next frames begin (the
        microphone's frames held back just after the companion spoke)."""
        self._pending = np.concatenate([self._pending, frame.astype(np.float32)])
        ended = None
        while len(self._pending) >= WINDOW:
            window, self._pending = self._pending[:WINDOW], self._pending[WINDOW:]
            ended = self._window(window, may_start) if ended is None else ended
        return ended

    def _window(self, window: np.ndarray, may_start: bool = True) -> np.ndarray | None:
        seconds = WINDOW / RATE
        probability = self.vad.probability(window)
        loud = self._loudness.probability(window) > 0
        if not self._speech:
            least = self.settings.loud_threshold if loud else self.settings.threshold
            if probability < least or not may_start:
                keep = max(1, round(self.settings.preroll / seconds))
                self._pre = [*self._pre, window][-keep:]
                return None
            self._speech, self._pre = [*self._pre, window], []
            self._voiced, self._quiet, self._still = seconds, 0.0, 0.0
            return None
        self._speech.append(window)
        self._follow_pause(probability)
        if probability >= self.settings.threshold:
            self._voiced += seconds
            self._quiet = 0.0
        else:
            self._voiced += seconds if loud else 0.0
            self._quiet += seconds if probability < self.settings.release else 0.0
        length = len(self._speech) * seconds
        if self._quiet >= self.settings.silence or length >= self.settings.longest:
            return self._finish()
        return None

    def _follow_pause(self, probability: float) -> None:
        """Tell the pause listener of a pause of :attr:`Endpointing.early` seconds, and
        withdraw it at the first window that is not clearly silence."""
        if probability >= self.settings.release:
            self._still = 0.0
            self._withdraw()
            return
        self._still += WINDOW / RATE
        early = self.settings.early
        if (
            self.on_pause is not None
            and early is not None
            and not self._told
            and self._still >= early
            and self._voiced >= self.settings.shortest
        ):
            self._told = True
            self.on_pause(np.concatenate(self._speech))

    def _withdraw(self) -> None:
        if self._told and self.on_pause is not None:
            self._told = False
            self.on_pause(None)

    def _finish(self) -> np.ndarray | None:
        utterance, voiced = np.concatenate(self._speech), self._voiced
        self._speech, self._quiet, self._told = [], self.settings.hangover, False
        self.vad.forget_speech()
        return utterance if voiced >= self.settings.shortest else None

    def flush(self) -> np.ndarray | None:
        """The utterance still open when the stream ends, if any."""
        return self._finish() if self._speech else None


def has_speech(samples: np.ndarray, make_vad: Callable[[], VoiceActivity] = voice_activity) -> bool:
    """Whether a clip holds speech at all: one window judged speech is enough (every
    human clip in ../shared/speech/ has one at 0.53 or more; hiss and hum stay under
    0.15). Steady hiss and silence do not pass: the recogniser is fed a level-normalised
    clip, where hiss would look like a loud mumble."""
    vad = make_vad()
    margin = np.zeros(4 * WINDOW, np.float32)
    padded = np.concatenate([margin, samples, margin, np.zeros(-len(samples) % WINDOW, np.float32)])
    return any(
        vad.probability(padded[start : start + WINDOW]) >= Endpointing.threshold
        for start in range(0, len(padded) - WINDOW + 1, WINDOW)
    )
