"""The session's ears and mouth made of recognisers, speakers, files and devices.

* :func:`open_voice_io` gives the microphone ears and the loudspeaker mouth, or raises
  :class:`AudioUnavailable` with a precise reason so ``companion play`` falls back to
  typed answers.
* :class:`FileEars` hears successive WAV files as successive utterances (tests and
  ``companion play --listen-files``).
* :class:`SpeakingMouth` speaks sentence by sentence: the first sentence plays while
  the rest is synthesised, and :meth:`SpeakingMouth.stop` cuts the reading short.
  With a :class:`WavSink` instead of a loudspeaker it writes what it would say.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Protocol

import numpy as np

from companion.framework.answers import Answer
from companion.framework.dialogue import Speech, Step
from companion.framework.phrases import PhraseSet
from companion.session.ports import (
    ACCEPT_CONFIDENCE,
    DICTATED_CONFIDENCE,
    Ears,
    Heard,
    LearningEars,
    Mouth,
    PrintMouth,
)
from companion.voice.audio import AudioUnavailable, HalfDuplex, Player, read_wav, write_wav
from companion.voice.microphone import Microphone
from companion.voice.recognition import Dictating, Recognizer
from companion.voice.recognizers import make_recognizer
from companion.voice.speakers import Speaker, VoiceSettings, make_speaker, speech_chunks
from companion.voice.vad import Endpointing


def heard(
    recognizer: Recognizer, samples: np.ndarray, phrases: PhraseSet, free: bool = False
) -> Heard:
    """What the recogniser heard in ``samples``, as the session's :class:`Heard`.

    ``free``: the step takes any answer (a name); unless one of ``phrases`` was heard
    clearly, a recogniser that can write freely writes the answer down.
    """
    recognition = recognizer.recognize(samples, phrases)
    if not free or recognition.confidence >= ACCEPT_CONFIDENCE:
        return Heard(recognition.text, recognition.confidence)
    if isinstance(recognizer, Dictating) and (text := recognizer.dictate(samples)):
        return Heard(text, DICTATED_CONFIDENCE, dictated=True)
    return Heard(recognition.text, recognition.confidence)


class RecognizerEars:
    """Ears built on a recogniser; they pass on whose voice comes next and which answer
    an utterance turned out to be, for recognisers that learn each voice
    (:class:`~companion.session.ports.LearningEars`)."""

    recognizer: Recognizer

    def attend(self, voice: str) -> None:
        if isinstance(self.recognizer, LearningEars):
            self.recognizer.attend(voice)

    def learn(self, value: Answer) -> None:
        if isinstance(self.recognizer, LearningEars):
            self.recognizer.learn(value)

    def keep_voices(self, path: Path) -> str | None:
        """Learn on from the voices of this game kept in ``path``, and keep new examples
        there (whisper's learning only: a recogniser with ``keep_in``, such as
        :class:`~companion.voice.adaptation.LearningRecognizer` or one wrapping it); what to
        tell the players when they are unreadable."""
        keep_in = getattr(self.recognizer, "keep_in", None)
        return keep_in(path) if keep_in is not None else None


class FileEars(RecognizerEars):
    """Hears each WAV file (any rate, any channels) as the next utterance."""

    def __init__(self, recognizer: Recognizer, wav_paths: Iterable[str | Path]) -> None:
        self.recognizer = recognizer
        self._paths = iter(list(wav_paths))

    def hear(self, step: Step, phrases: PhraseSet) -> Heard | None:
        path = next(self._paths, None)
        if path is None:
            return None
        return heard(self.recognizer, read_wav(path), phrases, step.free_text)


class MicrophoneEars(RecognizerEars):
    """Hears the players through the microphone; raises AudioUnavailable if it fails.

    Recognition starts early: at a pause that may end the answer (0.2 s of silence), the
    answer so far is heard in the background while the endpointer waits for the rest of
    the silence that ends it (0.5 s). If the player goes on speaking, that hearing is
    dropped and the whole utterance is heard once it ends; if not, its result is the
    answer, ready up to 0.3 s sooner.
    """

    def __init__(self, recognizer: Recognizer, microphone: Microphone) -> None:
        self.recognizer = recognizer
        self.microphone = microphone
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hearing")
        """One recognition at a time, in the order asked: a dropped early hearing still
        running finishes before the next one starts."""

    def hear(self, step: Step, phrases: PhraseSet) -> Heard | None:
        early: list[Future[Heard] | None] = [None]

        def paused(samples: np.ndarray | None) -> None:
            early[0] = None if samples is None else self._hearing(samples, phrases, step)

        samples = self.microphone.record(on_pause=paused)
        if samples is None:
            return None
        return (early[0] or self._hearing(samples, phrases, step)).result()

    def _hearing(self, samples: np.ndarray, phrases: PhraseSet, step: Step) -> Future[Heard]:
        return self._worker.submit(heard, self.recognizer, samples, phrases, step.free_text)


class AudioOutput(Protocol):
    """Where synthesised audio goes: a loudspeaker or a WAV sink."""

    def play(self, samples: np.ndarray, rate: int) -> None: ...

    def stop(self) -> None: ...


class WavSink:
    """An :class:`AudioOutput` that keeps every chunk, and writes it when given a folder."""

    def __init__(self, folder: str | Path | None = None) -> None:
        self.folder = Path(folder) if folder else None
        self.chunks: list[tuple[np.ndarray, int]] = []
        self.first_audio_at: float | None = None
        """perf_counter() when the first chunk arrived (time to first audio)."""

    def play(self, samples: np.ndarray, rate: int) -> None:
        if self.first_audio_at is None:
            self.first_audio_at = time.perf_counter()
        self.chunks.append((samples, rate))
        if self.folder is not None:
            self.folder.mkdir(parents=True, exist_ok=True)
            write_wav(self.folder / f"{len(self.chunks):04d}.wav", samples, rate)

    def stop(self) -> None:
        """A sink plays instantly: nothing to cut short."""

    def save(self, path: str | Path) -> None:
        """Everything received so far as one WAV file."""
        if not self.chunks:
            raise ValueError("nothing was spoken into this sink")
        rate = self.chunks[0][1]
        write_wav(path, np.concatenate([samples for samples, _ in self.chunks]), rate)


class SpeakingMouth:
    """Speaks with a synthesiser through an output, one sentence at a time.

    A background thread synthesises the next sentences while the current one plays.
    Private speech is shown with ``show`` and never spoken.
    """

    def __init__(
        self,
        speaker: Speaker,
        output: AudioOutput,
        show: Callable[[str], None] | None = None,
    ) -> None:
        self.speaker = speaker
        self.output = output
        self._show = show
        self._stopped = threading.Event()
        self._base_rate = speaker.settings.rate

    def say(self, speech: Speech) -> None:
        if self._show is not None:
            self._show(speech.text)
        if speech.private:
            return
        self._stopped.clear()
        ready: queue.Queue[np.ndarray | None] = queue.Queue(maxsize=2)
        worker = threading.Thread(
            target=self._synthesize, args=(speech_chunks(speech.text), ready), daemon=True
        )
        worker.start()
        while (samples := ready.get()) is not None:
            if not self._stopped.is_set():
                self.output.play(samples, self.speaker.sample_rate)
        worker.join()

    def _synthesize(self, chunks: list[str], ready: queue.Queue[np.ndarray | None]) -> None:
        try:
            for chunk in chunks:
                if self._stopped.is_set():
                    break
                ready.put(self.speaker.synthesize(chunk))
        finally:
            ready.put(None)

    def stop(self) -> None:
        self._stopped.set()
        self.output.stop()

    def set_rate(self, factor: float) -> None:
        self.speaker.settings.rate = self._base_rate * factor


def open_voice_io(
    engine: str = "auto",
    model: str | Path | None = None,
    speaker: str = "auto",
    settings: VoiceSettings | None = None,
    endpointing: Endpointing | None = None,
    language: str = "en",
) -> tuple[Ears, Mouth]:
    """Microphone ears and loudspeaker mouth sharing a half-duplex gate (``language``:
    what the players speak, see :func:`make_recognizer`).

    Raises AudioUnavailable (no PortAudio, no input or output device, a missing model
    or synthesiser) with a message saying what to do.
    """
    gate = HalfDuplex()
    microphone = Microphone(gate, endpointing or Endpointing())
    ears = MicrophoneEars(make_recognizer(engine, model, language), microphone)
    if speaker == "print":
        return ears, PrintMouth()
    try:
        voice = make_speaker(speaker, settings or VoiceSettings())
    except ValueError as error:
        raise AudioUnavailable(str(error)) from None
    mouth = SpeakingMouth(voice, Player(gate), show=lambda text: print(text, flush=True))
    return ears, mouth
