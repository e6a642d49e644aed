"""Listening to a storytelling turn: the Sultan's timer, nudges and key-word spotting.

A telling step (:attr:`companion.dialogue.Step.telling`) carries a :class:`TellingSpec`.
The session hands it to a *telling listener*, which listens until the storyteller says
"the end" (or "and so the night passed"), time runs out, or input ends, speaking the
Sultan's cues through ``say`` on the way. It returns a :class:`TellingReport` encoded
as the answer value for the dialogue.

A :class:`TellingTracker` is told how many seconds of speech or silence went by; it
never reads a clock. The audio listener counts the samples of the frames it reads, so
a WAV file is heard exactly as fast as the computer can read it, and a microphone in
real time. The typed listener takes the seconds from the lines it reads, or from an
injected clock (keyboard play: the time between two lines).

The typed contract (one line at a time, see :func:`parse_typed_line`):

* ``silence 7`` — seven seconds of silence;
* ``speak 20`` or ``speak 20 once upon a time`` — twenty seconds of speech (with words);
* any other text — words spoken; with a clock, all the time since the previous line,
  otherwise one second per 2.5 words (at least one second);
* a line that ends with "the end" or "and so the night passed" ends the telling.

>>> spec = TellingSpec(turn=1, storyteller="Ali", element="the copper lamp",
...                    keywords=("lamp",))
>>> tracker = TellingTracker(spec)
>>> tracker.advance(5, speaking=True), tracker.advance(7, speaking=False)
([], ['The Sultan stirs…'])
>>> tracker.hear("she rubbed the lamp and the end")
>>> report = tracker.report()
>>> report.keywords_heard, report.ended_by, report.seconds
(['lamp'], 'phrase', 12.0)
"""

from __future__ import annotations

import queue
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Literal, Protocol

import numpy as np
from pydantic import BaseModel, ConfigDict

from companion.chronicle import Chronicle
from companion.phrases import normalize
from companion.session import TellingListener
from companion.voice.audio import (
    RATE,
    AudioUnavailable,
    default_device,
    import_sounddevice,
    read_wav,
    to_pcm16,
)

END_PHRASES = ("the end", "and so the night passed")
STIRS = "The Sultan stirs…"
YAWNS = "The Sultan yawns…"
SECONDS_LEFT = "{seconds} seconds before dawn."
WORDS_PER_SECOND = 2.5
"""Speaking rate assumed for typed lines without an explicit duration."""
FRAME_SECONDS = 0.03
SEGMENT_GAP_SECONDS = 0.8
"""A pause this long closes a stretch of speech, which is then handed to the recogniser."""
SEGMENT_MAX_SECONDS = 15.0

EndedBy = Literal["phrase", "timeout", "input"]


class TellingSpec(BaseModel):
    """One storytelling turn: who tells, what to weave in, and the Sultan's patience."""

    model_config = ConfigDict(frozen=True)

    turn: int
    storyteller: str
    element: str
    """How the element is announced, e.g. ``"the copper lamp, a red artifact"``."""
    keywords: tuple[str, ...] = ()
    """Words that show the element was mentioned; empty when nothing can be checked."""
    turn_seconds: float = 90.0
    silence_seconds: float = 6.0
    """A silence longer than this is a long silence: the Sultan stirs, then yawns."""
    warn_seconds: float = 15.0
    """Warn when this many seconds are left."""


class TellingReport(BaseModel):
    """What the listener noticed during one telling: the answer to a telling step."""

    seconds: float
    """Length of the telling."""
    spoken_seconds: float
    long_silences: int = 0
    nudges: list[str] = []
    """The Sultan's nudges, as spoken."""
    keywords_heard: list[str] = []
    ended_by: EndedBy
    transcript: str | None = None
    """What was said, when a free-form recogniser (or the keyboard) was listening."""

    def to_value(self) -> str:
        """The answer value handed to the dialogue."""
        return self.model_dump_json()

    @classmethod
    def from_value(cls, value: str) -> TellingReport:
        return cls.model_validate_json(value)


def ends_with_end_phrase(text: str) -> bool:
    """True when ``text`` finishes with one of the closing phrases.

    >>> ends_with_end_phrase("and they lived happily. The end!")
    True
    >>> ends_with_end_phrase("at the end of the road")
    False
    """
    words = normalize(text)
    return any(words == phrase or words.endswith(" " + phrase) for phrase in END_PHRASES)


class TellingTracker:
    """The Sultan's timer for one telling: pure bookkeeping of seconds and words heard."""

    def __init__(self, spec: TellingSpec) -> None:
        self.spec = spec
        self.elapsed = 0.0
        self.spoken = 0.0
        self.nudges: list[str] = []
        self.ended_by: EndedBy | None = None
        self._silence = 0.0
        self._silence_counted = False
        self._warned = False
        self._heard: list[str] = []
        self._words: list[str] = []

    @property
    def done(self) -> bool:
        return self.ended_by is not None

    def advance(self, seconds: float, speaking: bool) -> list[str]:
        """Let ``seconds`` of speech (or silence) go by; return the cues to speak now."""
        seconds = min(seconds, self.spec.turn_seconds - self.elapsed)
        self.elapsed += seconds
        cues = []
        if speaking:
            self.spoken += seconds
            self._silence, self._silence_counted = 0.0, False
        else:
            self._silence += seconds
            if self._silence > self.spec.silence_seconds and not self._silence_counted:
                self._silence_counted = True
                self.nudges.append(STIRS if not self.nudges else YAWNS)
                cues.append(self.nudges[-1])
        left = self.spec.turn_seconds - self.elapsed
        if not self._warned and 0 < left <= self.spec.warn_seconds:
            self._warned = True
            cues.append(SECONDS_LEFT.format(seconds=round(left)))
        if left <= 0 and self.ended_by is None:
            self.ended_by = "timeout"
        return cues

    def hear(self, text: str) -> None:
        """Words recognised (or typed) during the telling."""
        words = normalize(text).split()
        self._words += words
        said = set(words)
        for keyword in self.spec.keywords:
            forms = {keyword, keyword + "s", keyword + "es"}
            if forms & said and keyword not in self._heard:
                self._heard.append(keyword)
        if ends_with_end_phrase(text) and self.ended_by is None:
            self.ended_by = "phrase"

    def end_of_input(self) -> None:
        """The input stopped before the telling ended."""
        if self.ended_by is None:
            self.ended_by = "input"

    def report(self, transcript: bool = True) -> TellingReport:
        """The report; ``transcript`` False when no free-form recogniser listened."""
        return TellingReport(
            seconds=round(self.elapsed, 2),
            spoken_seconds=round(self.spoken, 2),
            long_silences=len(self.nudges),
            nudges=self.nudges,
            keywords_heard=self._heard,
            ended_by=self.ended_by or "input",
            transcript=" ".join(self._words) if transcript else None,
        )


class TypedLineError(ValueError):
    """A ``silence`` or ``speak`` line without a number of seconds."""


def parse_typed_line(line: str) -> tuple[float | None, bool, str]:
    """``(seconds, speaking, words)`` for one typed line of a telling.

    ``seconds`` is None for plain words: their length is up to the listener.

    >>> parse_typed_line("silence 7")
    (7.0, False, '')
    >>> parse_typed_line("speak 20 the lamp glowed")
    (20.0, True, 'the lamp glowed')
    >>> parse_typed_line("she found a lamp")
    (None, True, 'she found a lamp')
    """
    head, _, rest = line.strip().partition(" ")
    if head.lower() in ("silence", "speak"):
        seconds_text, _, words = rest.strip().partition(" ")
        try:
            seconds = float(seconds_text)
        except ValueError:
            raise TypedLineError(f"{line!r}: say how many seconds, e.g. '{head} 7'") from None
        return seconds, head.lower() == "speak", words.strip()
    return None, True, line.strip()


class TypedTellingListener:
    """Tellings typed (or scripted) line by line, following the typed contract above.

    ``clock`` (e.g. ``time.monotonic``) makes plain lines last as long as it took to
    type them; without it, their length comes from their number of words.
    """

    def __init__(self, lines: Iterable[str], clock: Callable[[], float] | None = None) -> None:
        self._lines: Iterator[str] = iter(lines)
        self._clock = clock

    def listen(self, spec: TellingSpec, say: Callable[[str], None]) -> str | None:
        """Read lines until the telling ends; None when input runs out first."""
        tracker = TellingTracker(spec)
        last = self._clock() if self._clock else 0.0
        for line in self._lines:
            if not line.strip():
                continue
            try:
                seconds, speaking, words = parse_typed_line(line)
            except TypedLineError as error:
                say(str(error))
                continue
            now = self._clock() if self._clock else 0.0
            if seconds is None:
                seconds = now - last if self._clock else len(words.split()) / WORDS_PER_SECOND
                seconds = max(seconds, 1.0)
            last = now
            for cue in tracker.advance(seconds, speaking):
                say(cue)
            if words:
                tracker.hear(words)
            if tracker.done:
                return tracker.report().to_value()
        return None


# -- audio ------------------------------------------------------------------------------


class Spotter(Protocol):
    """A recogniser used during a telling."""

    free_form: bool
    """True when it writes down every word (a transcript), not only the key words."""

    def words(self, audio: np.ndarray, keywords: Sequence[str]) -> str:
        """The words heard in ``audio`` (16 kHz mono float32) among ``keywords`` or all."""


class WhisperSpotter:
    """Free-form recognition with faster-whisper and the bundled tiny English model."""

    free_form = True

    def __init__(self, model_dir: str | Path | None = None) -> None:
        from faster_whisper import WhisperModel

        from companion.voice.recognizers import whisper_model_dir

        model_dir = str(model_dir or whisper_model_dir())
        self._model = WhisperModel(model_dir, device="cpu", compute_type="int8")

    def words(self, audio: np.ndarray, keywords: Sequence[str]) -> str:
        segments, _ = self._model.transcribe(audio, language="en", beam_size=1)
        return " ".join(segment.text.strip() for segment in segments)


class PocketsphinxSpotter:
    """Key-word spotting with PocketSphinx (no transcript): weaker, but always installed.

    Thresholds were tuned on synthetic speech; expect some misses and false alarms.
    """

    free_form = False
    WORD_THRESHOLD = 1e-20
    PHRASE_THRESHOLD = 1e-20

    def __init__(self) -> None:
        self._decoders: dict[tuple[str, ...], object] = {}

    def _decoder(self, phrases: tuple[str, ...]):
        if phrases not in self._decoders:
            from pocketsphinx import Decoder

            with tempfile.NamedTemporaryFile("w", suffix=".kws", delete=False) as file:
                for phrase in phrases:
                    single = " " not in phrase
                    threshold = self.WORD_THRESHOLD if single else self.PHRASE_THRESHOLD
                    file.write(f"{phrase} /{threshold}/\n")
            decoder = Decoder(samprate=RATE, kws=file.name, loglevel="FATAL")
            Path(file.name).unlink()
            self._decoders[phrases] = decoder
        return self._decoders[phrases]

    def words(self, audio: np.ndarray, keywords: Sequence[str]) -> str:
        decoder = self._decoder(tuple(dict.fromkeys([*keywords, *END_PHRASES])))
        decoder.start_utt()
        decoder.process_raw(to_pcm16(audio), full_utt=True)
        decoder.end_utt()
        if decoder.hyp() is None:
            return ""
        return " ".join(segment.word.strip() for segment in decoder.seg())


def spotter_for(engine: str = "auto") -> Spotter:
    """PocketSphinx when asked for; otherwise Whisper (with a transcript) when installed.

    ``engine`` is ``companion play --engine``; Vosk has no English model here, so it gets
    the default too.
    """
    if engine != "pocketsphinx":
        try:
            return WhisperSpotter()
        except (ImportError, AudioUnavailable):
            pass
    return PocketsphinxSpotter()


class EnergyVad:
    """Speech or silence per frame from its loudness, against the room's own noise.

    A frame is speech when its RMS level (dBFS) is ``margin_db`` above the noise floor
    and above ``floor_db``. The noise floor drops at once with quieter frames, follows
    quiet ones and rises only slowly under loud ones, so a steady hum becomes silence
    within seconds while words stay speech. A
    pause shorter than ``hangover_seconds`` inside speech still counts as speech.

    >>> vad = EnergyVad()
    >>> hum = np.full(480, 0.02, dtype=np.float32)         # -34 dBFS, steady
    >>> [vad.is_speech(hum) for _ in range(300)][-1]        # after 9 s: background
    False
    >>> vad.is_speech(np.full(480, 0.3, dtype=np.float32))  # -10 dBFS: a voice
    True
    """

    def __init__(
        self, floor_db: float = -55.0, margin_db: float = 12.0, hangover_seconds: float = 0.3
    ) -> None:
        self.floor_db = floor_db
        self.margin_db = margin_db
        self.hangover_seconds = hangover_seconds
        self._noise_db = floor_db
        self._quiet = hangover_seconds

    def is_speech(self, frame: np.ndarray) -> bool:
        level = 20 * np.log10(np.sqrt(np.mean(frame.astype(np.float64) ** 2)) + 1e-10)
        loud = level > max(self.floor_db, self._noise_db + self.margin_db)
        if level < self._noise_db:
            self._noise_db = level
        else:
            self._noise_db += (0.002 if loud else 0.05) * (level - self._noise_db)
        if loud:
            self._quiet = 0.0
            return True
        self._quiet += len(frame) / RATE
        return self._quiet < self.hangover_seconds


def wav_frames(path: Path | str) -> Iterator[np.ndarray]:
    """The frames of a WAV file, ``FRAME_SECONDS`` each."""
    samples = read_wav(path)
    size = int(RATE * FRAME_SECONDS)
    for start in range(0, len(samples), size):
        yield samples[start : start + size]


class MicrophoneFrames:
    """Frames from the microphone, buffered so that slow recognition loses no audio.

    :meth:`skip_pending` drops what was heard while the companion spoke a cue, so the
    Sultan's own voice is neither speech nor silence.
    """

    def __init__(self, device: int | None = None) -> None:
        sounddevice = import_sounddevice()
        self._frames: queue.Queue[np.ndarray] = queue.Queue()
        try:
            self._stream = sounddevice.InputStream(
                samplerate=RATE,
                channels=1,
                dtype="float32",
                blocksize=int(RATE * FRAME_SECONDS),
                device=device,
                callback=lambda data, *_: self._frames.put(data[:, 0].copy()),
            )
        except sounddevice.PortAudioError as error:
            raise AudioUnavailable(f"The microphone cannot be opened ({error}).") from None
        self._stream.start()

    def __iter__(self) -> MicrophoneFrames:
        return self

    def __next__(self) -> np.ndarray:
        return self._frames.get()

    def skip_pending(self) -> None:
        while not self._frames.empty():
            self._frames.get_nowait()

    def close(self) -> None:
        self._stream.stop()
        self._stream.close()


class AudioTellingListener:
    """Tellings heard from WAV files or the microphone.

    ``open_frames`` gives the frames of the next telling (None when there are no more,
    e.g. when every WAV file has been heard).
    """

    def __init__(
        self,
        open_frames: Callable[[], Iterator[np.ndarray] | None],
        spotter: Spotter,
        make_vad: Callable[[], EnergyVad] = EnergyVad,
    ) -> None:
        self._open_frames = open_frames
        self._spotter = spotter
        self._make_vad = make_vad

    def listen(self, spec: TellingSpec, say: Callable[[str], None]) -> str | None:
        frames = self._open_frames()
        if frames is None:
            return None
        tracker, vad = TellingTracker(spec), self._make_vad()
        segment: list[np.ndarray] = []
        quiet = 0.0
        try:
            for frame in frames:
                speaking = vad.is_speech(frame)
                cues = tracker.advance(len(frame) / RATE, speaking)
                for cue in cues:
                    say(cue)
                if cues and hasattr(frames, "skip_pending"):
                    frames.skip_pending()
                if speaking or segment:
                    segment.append(frame)
                quiet = 0.0 if speaking else quiet + len(frame) / RATE
                long_enough = len(segment) * FRAME_SECONDS >= SEGMENT_MAX_SECONDS
                if segment and (quiet >= SEGMENT_GAP_SECONDS or long_enough):
                    tracker.hear(self._spotter.words(np.concatenate(segment), spec.keywords))
                    segment = []
                if tracker.done:
                    break
        finally:
            if hasattr(frames, "close"):
                frames.close()
        if segment and not tracker.done:
            tracker.hear(self._spotter.words(np.concatenate(segment), spec.keywords))
        tracker.end_of_input()
        return tracker.report(transcript=self._spotter.free_form).to_value()


def wav_file_opener(paths: Sequence[Path | str]) -> Callable[[], Iterator[np.ndarray] | None]:
    """Frames of one file per telling, in order; None once all have been heard."""
    remaining = list(paths)

    def open_next() -> Iterator[np.ndarray] | None:
        return wav_frames(remaining.pop(0)) if remaining else None

    return open_next


class ChronicledListener:
    """Another listener's tellings, each also written to the night's chronicle."""

    def __init__(self, listener: TellingListener, chronicle: Chronicle) -> None:
        self.listener = listener
        self.chronicle = chronicle

    def listen(self, spec: TellingSpec, say: Callable[[str], None]) -> str | None:
        value = self.listener.listen(spec, say)
        if value is not None:
            report = TellingReport.from_value(value)
            self.chronicle.add_turn(
                number=spec.turn,
                storyteller=spec.storyteller,
                element=spec.element,
                seconds=report.seconds,
                spoken_seconds=report.spoken_seconds,
                ended_by=report.ended_by,
                keywords_heard=report.keywords_heard,
                nudges=report.nudges,
                transcript=report.transcript,
            )
        return value


def telling_listener_for(args, chronicle: Chronicle) -> ChronicledListener:
    """The listener ``companion play --game scheherazade`` uses, writing ``chronicle``.

    ``--set telling_wavs=a.wav,b.wav`` hears one WAV file per telling; ``--typed`` and
    ``--listen-files`` read tellings typed on standard input; otherwise the microphone.
    """
    settings = dict(pair.partition("=")[::2] for pair in getattr(args, "set", []) or [])
    return ChronicledListener(_listener(args, settings), chronicle)


def _listener(args, settings: dict[str, str]) -> TellingListener:
    wavs = [name for name in settings.get("telling_wavs", "").split(",") if name]
    engine = getattr(args, "engine", "auto")
    if wavs:
        return AudioTellingListener(wav_file_opener(wavs), spotter_for(engine))
    keyboard = time.monotonic if sys.stdin.isatty() else None
    if getattr(args, "typed", False) or getattr(args, "listen_files", None):
        return TypedTellingListener(sys.stdin, keyboard)
    try:
        default_device("input")
    except AudioUnavailable as error:
        print(f"{error} Type the tellings instead.", file=sys.stderr)
        return TypedTellingListener(sys.stdin, keyboard)
    return AudioTellingListener(MicrophoneFrames, spotter_for(engine))
