"""Hearing a timed storytelling turn: WAV files or the microphone, cut into stretches of
speech for a spotter, driving the telling's tracker (see :mod:`companion.framework.telling_turn`).

The audio listener counts the samples of the frames it reads, so a WAV file is heard
exactly as fast as the computer can read it, and a microphone in real time.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Protocol

import numpy as np

from companion.framework.telling_turn import TellingListener, TellingReport, TellingSpec
from companion.voice.audio import (
    RATE,
    AudioUnavailable,
    read_wav,
    to_pcm16,
)
from companion.voice.engines import Engine
from companion.voice.recognizers import engine_named
from companion.voice.vad import Endpointer, Endpointing, VoiceActivity, voice_activity

FRAME_SECONDS = 0.03
SEGMENTS = Endpointing(silence=0.8, longest=15.0, hangover=0.3)
"""A pause of 0.8 s closes a stretch of speech, which is then handed to the spotter."""


class Spotter(Protocol):
    """A recogniser used during a telling."""

    free_form: bool
    """True when it writes down every word (a transcript), not only the key words."""

    def words(self, audio: np.ndarray, keywords: Sequence[str]) -> str:
        """The words heard in ``audio`` (16 kHz mono float32): all of them, or (not
        ``free_form``) only those among ``keywords``."""


class WhisperSpotter:
    """Free-form recognition with faster-whisper: the bundled tiny English model, or for
    Spanish (``language="es"``) multilingual whisper base; ``model_dir`` names other
    weights (the tests write English down with base)."""

    free_form = True

    def __init__(self, model_dir: str | Path | None = None, language: str = "en") -> None:
        from faster_whisper import WhisperModel

        from companion.voice.engines.whisper import multilingual_model_dir, whisper_model_dir

        if model_dir is None:
            model_dir = whisper_model_dir() if language == "en" else multilingual_model_dir()
        self._model = WhisperModel(str(model_dir), device="cpu", compute_type="int8")
        self.language = language

    def words(self, audio: np.ndarray, keywords: Sequence[str]) -> str:
        """Every word heard; the element's key words are offered to the decoder as a
        prompt, so that it spells them as the game does."""
        words = [word for word in keywords if " " not in word]
        segments, _ = self._model.transcribe(
            audio,
            language=self.language,
            beam_size=1,
            initial_prompt=", ".join(words) + "." if words else None,
        )
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
        decoder = self._decoder(tuple(keywords))
        decoder.start_utt()
        decoder.process_raw(to_pcm16(audio), full_utt=True)
        decoder.end_utt()
        if decoder.hyp() is None:
            return ""
        return " ".join(segment.word.strip() for segment in decoder.seg())


def spotter_for(engine: Engine | str = Engine.AUTO, language: str = "en") -> Spotter:
    """PocketSphinx when asked for; otherwise Whisper (with a transcript) when installed.

    ``engine`` is ``companion play --engine``; Vosk has no English model here, so it gets
    the default too. PocketSphinx knows English only: Spanish tellings need whisper.
    """
    if engine_named(engine) is not Engine.POCKETSPHINX or language != "en":
        try:
            return WhisperSpotter(language=language)
        except (ImportError, AudioUnavailable):
            if language != "en":
                raise
    return PocketsphinxSpotter()


def wav_frames(path: Path | str) -> Iterator[np.ndarray]:
    """The frames of a WAV file, ``FRAME_SECONDS`` each."""
    samples = read_wav(path)
    size = int(RATE * FRAME_SECONDS)
    for start in range(0, len(samples), size):
        yield samples[start : start + size]


class AudioTellingListener:
    """Tellings heard from WAV files or the microphone.

    ``open_frames`` gives the frames of the next telling (None when there are no more,
    e.g. when every WAV file has been heard). Stretches of speech are cut with the
    voice-activity endpointer (a pause of ``SEGMENT_GAP_SECONDS`` closes one) and handed
    to the spotter; the tracker is told, frame by frame, whether someone is speaking.
    """

    def __init__(
        self,
        open_frames: Callable[[], Iterator[np.ndarray] | None],
        spotter: Spotter,
        make_vad: Callable[[], VoiceActivity] = voice_activity,
    ) -> None:
        self._open_frames = open_frames
        self._spotter = spotter
        self._make_vad = make_vad

    def listen(self, spec: TellingSpec, say: Callable[[str], None]) -> TellingReport | None:
        frames = self._open_frames()
        if frames is None:
            return None
        tracker = spec.tracker()
        endpointer = Endpointer(SEGMENTS, self._make_vad())
        if hasattr(frames, "skip_pending"):
            frames.skip_pending()  # what the microphone heard before the telling began
        for frame in frames:
            segment = endpointer.push(frame)
            cues = tracker.advance(len(frame) / RATE, endpointer.speaking)
            for cue in cues:
                say(cue)
            if cues and hasattr(frames, "skip_pending"):
                frames.skip_pending()
            if segment is not None:
                tracker.hear(self._spotter.words(segment, tracker.listen_for))
            if tracker.done:
                break
        segment = endpointer.flush()
        if segment is not None and not tracker.done:
            tracker.hear(self._spotter.words(segment, tracker.listen_for))
        tracker.end_of_input()
        return tracker.report(transcript=self._spotter.free_form)


class KeyboardFallback:
    """A telling listener that goes on with ``keyboard`` once its audio is lost (the
    telling under way starts again, typed; the game keeps everything else)."""

    def __init__(self, listener: TellingListener, keyboard: TellingListener) -> None:
        self.listener = listener
        self.keyboard = keyboard
        self.lost = False

    def listen(self, spec: TellingSpec, say: Callable[[str], None]) -> TellingReport | None:
        if not self.lost:
            try:
                return self.listener.listen(spec, say)
            except AudioUnavailable as error:
                self.lost = True
                say(f"{error} Please type the telling from now on.")
        return self.keyboard.listen(spec, say)


def wav_file_opener(paths: Sequence[Path | str]) -> Callable[[], Iterator[np.ndarray] | None]:
    """Frames of one file per telling, in order; None once all have been heard."""
    remaining = list(paths)

    def open_next() -> Iterator[np.ndarray] | None:
        return wav_frames(remaining.pop(0)) if remaining else None

    return open_next
