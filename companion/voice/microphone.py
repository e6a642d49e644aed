"""The microphone: a live stream of frames, and the utterances cut from it.

:class:`MicrophoneFrames` keeps one input stream open and buffers its frames, so that
slow recognition loses no audio; frames *captured* while the half-duplex gate is muted
(the companion's voice in the air) are dropped, so the companion never hears itself,
and a frame captured after its voice has left the loudspeaker is kept even when it
reaches the program before the gate has opened.
:class:`Microphone` cuts the frames into utterances with the voice-activity endpointer.
"""

from __future__ import annotations

import contextlib
import queue
import threading
import time
from collections.abc import Iterator
from typing import Any, NamedTuple

import numpy as np

from companion.voice.audio import (
    RATE,
    AudioUnavailable,
    HalfDuplex,
    StreamClock,
    default_device,
    import_sounddevice,
)
from companion.voice.vad import Endpointer, Endpointing, PauseListener

UNPLUGGED = "The microphone stopped (was it unplugged?)."
DEAD_AIR = "The microphone hears nothing at all, not even the room (is it muted?)."
CLIPPING = "The microphone is far too loud: its sound is clipped (turn its level down)."
DEAD_AIR_SECONDS = 20.0
"""This long without a single sample above -80 dBFS: no working microphone sounds so."""
CLIPPED_SECONDS = 1.0
"""This long of frames with a tenth of their samples at full scale: nothing can be heard."""
STALLED_SECONDS = 5.0
"""This long without a block from a stream that still says it is active: its device is
gone. (A killed audio server left the stream "active", its callback never called again;
blocks come every 32 ms, and a machine too loaded to call back for seconds loses the
audio anyway.)"""


class Frame(NamedTuple):
    """Samples from the microphone, and whether the gate held them back."""

    samples: np.ndarray
    held: bool = False
    """Captured while the gate was closed, in the moments just after the companion's
    voice left the loudspeaker: the start of a quick answer, or the room's echo of the
    companion. Handed on only when the gate opens, as the onset of an utterance that
    the frames after it begin, never as what begins one."""


class MicrophoneFrames:
    """Frames from an input device as they come: 16 kHz mono float32, ``frame`` s each.

    At most :attr:`BACKLOG` seconds are kept unread (the oldest are dropped), so a stream
    nobody reads for a while (answers typed instead) does not grow without end.
    """

    WATCHDOG = 0.5
    """Seconds without a frame after which the stream is checked for a lost device."""
    BACKLOG = 10.0
    _open: dict[int, MicrophoneFrames] = {}  # noqa: RUF012 - one stream per device

    @classmethod
    def shared(
        cls, device: int | None = None, gate: HalfDuplex | None = None, frame: float = 0.032
    ) -> MicrophoneFrames:
        """The open stream of ``device``, opened now if there is none: the answers and the
        storytelling turns of one game listen through one stream (a sound card's input
        may be opened only once)."""
        index = default_device("input") if device is None else device
        frames = cls._open.get(index)
        if frames is None or frames.closed or not frames.active:
            frames = cls._open[index] = cls(index, gate, frame)
        elif gate is not None:
            frames.gate = gate
        return frames

    def __init__(
        self, device: int | None = None, gate: HalfDuplex | None = None, frame: float = 0.032
    ) -> None:
        sounddevice = import_sounddevice()
        self.device = default_device("input") if device is None else device
        self.gate = gate
        self.closed = False
        self._frames: queue.Queue[Frame] = queue.Queue()
        self._held: list[np.ndarray] = []
        self._most = int(self.BACKLOG / frame)
        self._clock = StreamClock()
        self._last_block = time.monotonic()
        self._latency = 0.0
        """What the device says its input lags. A frame's capture time is known only
        within bounds: from the clock less this lag to the clock itself (never earlier
        than the truth: a block arrives after it was captured). The gate drops a frame if
        any moment within them falls while the companion speaks: the early bound keeps
        the end of its voice out, the late bound its first syllable (with the lag taken
        off, the onset of a prompt was dated before the voice began and heard: one
        prompt in three on a loaded machine, bench/bench_quick_answers.py)."""
        try:
            self._stream = sounddevice.InputStream(
                samplerate=RATE,
                channels=1,
                dtype="float32",
                blocksize=int(RATE * frame),
                device=self.device,
                callback=self._collect,
            )
            self._stream.start()
        except sounddevice.PortAudioError as error:
            raise AudioUnavailable(f"The microphone cannot be opened ({error}).") from None
        self._latency = float(getattr(self._stream, "latency", 0.0) or 0.0)

    HELD = 0.3
    """At most this many seconds are held back after the companion's voice (see Frame)."""

    def _collect(self, data: np.ndarray, frames: int, _time: Any, _status: Any) -> None:
        self._last_block = time.monotonic()
        latest = self._clock.tick(frames, self._last_block)
        last = latest - self._latency
        first = last - frames / RATE
        samples = data[:, 0].copy()
        if self.gate is None or not self.gate.muted(first, latest):
            for held in self._held:
                self._put(Frame(held, held=True))
            self._held = []
            self._put(Frame(samples))
        elif self.gate.just_after(first, doubt=self._latency):
            self._held = [*self._held, samples][-max(1, round(self.HELD * RATE / frames)) :]
        else:
            self._held = []

    def _put(self, frame: Frame) -> None:
        self._frames.put(frame)
        if self._frames.qsize() > self._most:
            self._frames.get_nowait()

    @property
    def active(self) -> bool:
        """Whether the device still delivers (False once it stopped, e.g. unplugged, or
        stalled: no block for STALLED_SECONDS)."""
        try:
            return bool(self._stream.active) and not self.stalled
        except Exception:  # PortAudio restarted under it: the stream is gone
            return False

    @property
    def stalled(self) -> bool:
        return time.monotonic() - self._last_block > STALLED_SECONDS

    def read(self) -> np.ndarray | None:
        """The next frame's samples; None after :attr:`WATCHDOG` seconds without one (the
        gate is muted); AudioUnavailable when the device has stopped delivering."""
        frame = self.read_frame()
        return None if frame is None else frame.samples

    def read_frame(self) -> Frame | None:
        """The next :class:`Frame`, as :meth:`read`."""
        try:
            return self._frames.get(timeout=self.WATCHDOG)
        except queue.Empty:
            if not self.active:
                raise AudioUnavailable(UNPLUGGED) from None
            return None

    def __iter__(self) -> MicrophoneFrames:
        return self

    def __next__(self) -> np.ndarray:
        while (frame := self.read()) is None:
            pass
        return frame

    def skip_pending(self) -> None:
        """Drop what was captured so far (e.g. while the companion spoke a cue)."""
        while not self._frames.empty():
            self._frames.get_nowait()

    def close(self) -> None:
        """Stop and close the stream; a stalled one is let go in the background (stopping
        it waits on the audio server's thread, for good when the server was killed)."""
        self.closed = True
        if self.stalled:
            threading.Thread(target=self._stop_stream, daemon=True).start()
        else:
            self._stop_stream()

    def _stop_stream(self) -> None:
        self._stream.stop()
        self._stream.close()


class Microphone:
    """Utterances from an input device, muted while the companion speaks.

    The stream is opened at the first utterance asked for and stays open, so an answer
    said quickly after a prompt is heard from its first sound.
    """

    def __init__(
        self,
        gate: HalfDuplex | None = None,
        endpointing: Endpointing | None = None,
        device: int | None = None,
    ) -> None:
        import_sounddevice()
        self.device = default_device("input") if device is None else device
        self.gate = gate or HalfDuplex()
        self.endpointing = endpointing or Endpointing()
        self._frames: MicrophoneFrames | None = None
        self._endpointer: Endpointer | None = None
        self._stopped = threading.Event()
        self._dead = self._clipped = 0.0

    def utterances(
        self, timeout: float | None = None, on_pause: PauseListener | None = None
    ) -> Iterator[np.ndarray]:
        """Utterances as they are spoken; stops after ``timeout`` seconds of no speech.
        ``on_pause`` hears of each pause that may end an utterance (see
        :class:`~companion.voice.vad.Endpointer`)."""
        if self._frames is None or self._frames.closed:
            self._frames = MicrophoneFrames.shared(self.device, self.gate, self.endpointing.frame)
            self._endpointer = Endpointer(self.endpointing)
        assert self._endpointer is not None
        self._endpointer.on_pause = on_pause
        waited = 0.0
        while (timeout is None or waited < timeout) and not self._stopped.is_set():
            try:
                frame = self._frames.read_frame()
                if frame is not None:
                    self._check(frame.samples)
            except AudioUnavailable:
                self.close()
                raise
            if frame is None:
                waited += MicrophoneFrames.WATCHDOG
                continue
            seconds = len(frame.samples) / RATE
            waited = 0.0 if self._endpointer.speaking else waited + seconds
            utterance = self._endpointer.push(frame.samples, may_start=not frame.held)
            if utterance is not None:
                waited = 0.0
                yield utterance

    def _check(self, frame: np.ndarray) -> None:
        """AudioUnavailable when the stream has been dead air or clipped for too long."""
        seconds = len(frame) / RATE
        self._dead = self._dead + seconds if float(np.abs(frame).max()) < 1e-4 else 0.0
        clipped = float(np.mean(np.abs(frame) >= 0.999)) >= 0.1
        self._clipped = self._clipped + seconds if clipped else 0.0
        if self._dead >= DEAD_AIR_SECONDS or self._clipped >= CLIPPED_SECONDS:
            self._dead = self._clipped = 0.0
            raise AudioUnavailable(CLIPPING if clipped else DEAD_AIR)

    def record(
        self, timeout: float | None = None, on_pause: PauseListener | None = None
    ) -> np.ndarray | None:
        """The next utterance, or None when nothing was said within ``timeout`` seconds."""
        return next(self.utterances(timeout, on_pause), None)

    def stop(self) -> None:
        """Stop listening: the utterance being waited for never comes (input ends)."""
        self._stopped.set()

    def close(self) -> None:
        if self._frames is not None:
            frames, self._frames = self._frames, None
            with contextlib.suppress(Exception):  # the device may already be gone
                frames.close()
