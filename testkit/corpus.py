"""Labelled speech for measuring recognisers: the shared human clips and synthetic ones.

The human recordings live outside the repository in ``../shared/speech/`` (each folder
has ``transcripts.tsv``: relative path, TAB, transcript). The benchmarks and the tests
read them through :func:`labelled_clips` and judge each answer the way the session does
with :func:`judge`.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import numpy as np

from companion.framework.answers import Answer
from companion.framework.dialogue import Step
from companion.framework.phrases import PhraseSet
from companion.session.ports import ACCEPT_CONFIDENCE, CONFIRM_CONFIDENCE, Heard
from companion.session.understanding import repeated_confirm_confidence, understand
from companion.voice.audio import RATE, read_wav, resample
from companion.voice.recognition import Recognition
from companion.voice.speakers import PiperSpeaker, SpeakerUnavailable

SHARED_SPEECH = Path(__file__).resolve().parents[1] / ".." / "shared" / "speech"
"""The shared human recordings, next to the repository folder."""

DIE_WORDS = ("one", "two", "three", "four", "five", "six")
DIGIT_WORDS = ("zero", *DIE_WORDS, "seven", "eight", "nine")
NON_COMMAND_WORDS = (
    "bed",
    "bird",
    "cat",
    "dog",
    "happy",
    "house",
    "marvin",
    "sheila",
    "tree",
    "wow",
)


@dataclass(frozen=True)
class Clip:
    """One recording and the words said in it."""

    path: Path
    transcript: str

    @property
    def speaker(self) -> str:
        """Who spoke it, from the file name: FSDD's ``5_nicolas_3.wav`` names the speaker,
        Speech Commands' ``1eddce1d_nohash_3.wav`` an anonymous speaker id.

        >>> Clip(Path("fsdd/recordings/5_nicolas_3.wav"), "five").speaker
        'nicolas'
        >>> Clip(Path("speech_commands/five/1eddce1d_nohash_3.wav"), "five").speaker
        '1eddce1d'
        """
        parts = self.path.stem.split("_")
        return parts[0] if parts[1:2] == ["nohash"] else parts[1]


def labelled_clips(folder: str, words: Iterable[str] | None = None) -> list[Clip]:
    """Clips of ``SHARED_SPEECH/folder`` whose transcript is one of ``words`` (all if None)."""
    root = SHARED_SPEECH / folder
    wanted = set(words) if words is not None else None
    clips = []
    for line in (root / "transcripts.tsv").read_text(encoding="utf-8").splitlines():
        relative, transcript = line.split("\t")
        if wanted is None or transcript in wanted:
            clips.append(Clip(root / relative, transcript))
    return clips


def spread(clips: list[Clip], per_word: int) -> list[Clip]:
    """At most ``per_word`` clips of each transcript, taken evenly across the list."""
    by_word: dict[str, list[Clip]] = {}
    for clip in clips:
        by_word.setdefault(clip.transcript, []).append(clip)
    chosen = []
    for group in by_word.values():
        step = max(len(group) // per_word, 1)
        chosen.extend(group[::step][:per_word])
    return chosen


def halves(clips: list[Clip]) -> tuple[list[Clip], list[Clip]]:
    """The tuning half (the whisper confidence was fitted on it) and the held-out half.

    A clip's half depends only on its file name (CRC-32 parity), whatever list it is in.

    >>> tuning, held_out = halves([Clip(Path(f"{n}.wav"), "one") for n in range(10)])
    >>> len(tuning) + len(held_out), set(tuning) & set(held_out)
    (10, set())
    """
    tuning = [clip for clip in clips if in_tuning_half(clip.path)]
    return tuning, [clip for clip in clips if not in_tuning_half(clip.path)]


def in_tuning_half(path: Path) -> bool:
    """Whether the clip at ``path`` belongs to the tuning half."""
    return zlib.crc32(f"{path.parent.name}/{path.name}".encode()) % 2 == 0


@dataclass(frozen=True)
class Verdict:
    """What the session would do with one recognition."""

    outcome: str
    """"accepted", "confirmed" (asked back) or "rejected"."""
    value: Answer | None
    """The answer understood (None when nothing matched)."""


def judge(
    recognition: Recognition,
    phrases: PhraseSet,
    answers: PhraseSet | None = None,
    unsure: Answer | None = None,
) -> Verdict:
    """What the session would do: accept a clear sure answer, confirm an unsure one.

    ``phrases``: everything the recogniser was given; ``answers``: the step's own answers
    among them (all of ``phrases`` when not given), which win over a global command
    worded the same way, as in a game. ``unsure``: the answer the previous try at this
    step understood but was too unsure of to ask; heard again, it is asked back from
    :func:`~companion.session.understanding.repeated_confirm_confidence`.

    >>> from companion.framework.phrases import PhraseSet
    >>> dice, five = PhraseSet.numbers(range(1, 7)), Answer.number(5)
    >>> judge(Recognition("five", 0.95), dice) == Verdict("accepted", five)
    True
    >>> judge(Recognition("five", 0.5), dice).outcome
    'confirmed'
    >>> judge(Recognition("five", 0.2), dice, unsure=five).outcome
    'confirmed'
    """
    step = Step("", answers if answers is not None else phrases)
    understood = understand(Heard(recognition.text, recognition.confidence), step, phrases)
    if understood.value is None:
        return Verdict("rejected", None)
    if understood.confidence >= ACCEPT_CONFIDENCE:
        return Verdict("accepted", understood.value)
    least = CONFIRM_CONFIDENCE
    if unsure is not None and understood.value == unsure:
        least = repeated_confirm_confidence(step.expects)
    if understood.confidence >= least:
        return Verdict("confirmed", understood.value)
    return Verdict("rejected", understood.value)


def espeak_voices() -> list[str]:
    """espeak-ng English voices with different speakers, for synthetic clips."""
    return ["en-us", "en-us+m3", "en-us+f3", "en-gb+m7"]


def espeak_clip(text: str, voice: str, words_per_minute: int = 160) -> np.ndarray:
    """``text`` spoken by espeak-ng (the command-line tool), as 16 kHz mono."""
    if shutil.which("espeak-ng") is None:
        raise FileNotFoundError("espeak-ng is not installed (apt install espeak-ng)")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "clip.wav"
        subprocess.run(
            ["espeak-ng", "-v", voice, "-s", str(words_per_minute), "-w", str(path), "--stdin"],
            input=text.encode("utf-8"),
            check=True,
            capture_output=True,
        )
        return read_wav(path)


def synthetic_voices() -> list[tuple[str, Callable[[str], np.ndarray]]]:
    """Every synthetic voice installed, by name: the espeak-ng voices, then Piper when it
    is there. Each turns a text into 16 kHz mono samples."""
    voices = [(voice, partial(espeak_clip, voice=voice)) for voice in espeak_voices()]
    try:
        piper = PiperSpeaker()
    except SpeakerUnavailable:
        return voices
    return [*voices, ("piper", lambda text: resample(piper.synthesize(text), piper.sample_rate))]


def with_noise(samples: np.ndarray, snr_db: float, seed: int) -> np.ndarray:
    """The clip with white noise at ``snr_db`` below its speech level, plus 0.3 s lead-in."""
    rng = np.random.default_rng(seed)
    padded = np.concatenate([np.zeros(int(0.3 * RATE), np.float32), samples])
    level = float(np.sqrt(np.mean(samples**2))) + 1e-9
    noise = rng.normal(0, level / 10 ** (snr_db / 20), len(padded)).astype(np.float32)
    return padded + noise


def read_clips(clips: Iterable[Clip]) -> Iterator[tuple[Clip, np.ndarray]]:
    """Each clip with its samples (16 kHz mono)."""
    for clip in clips:
        yield clip, read_wav(clip.path)
