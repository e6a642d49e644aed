"""Recognition accuracy, rejection and latency of every available engine.

Human clips from ../shared/speech (Speech Commands, Warden 2017, CC BY 4.0; Free Spoken
Digit Dataset, Jakobovski et al., CC BY-SA 4.0) and synthetic clips of game phrases
(espeak-ng voices and Piper, clean and with noise). Every answer is judged the way the
session does: accepted (sure and clear), confirmed (asked back) or rejected. The whisper
confidence was fitted on the tuning half of the clips (corpus.halves); the held-out half
is the honest figure.

    .venv/bin/python bench/bench_recognition.py [--engines whisper,pocketsphinx] [--quick] [--human]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # testkit/ lives at the top of the repository

import numpy as np  # noqa: E402
from tally import Tally, load_recognizers  # noqa: E402

from companion.cli.expectations import expected_phrases  # noqa: E402
from companion.framework.answers import NO, YES, Answer  # noqa: E402
from companion.framework.phrases import PhraseSet  # noqa: E402
from companion.voice.recognition import Recognizer  # noqa: E402
from testkit.corpus import (  # noqa: E402
    DIE_WORDS,
    DIGIT_WORDS,
    NON_COMMAND_WORDS,
    SHARED_SPEECH,
    in_tuning_half,
    labelled_clips,
    read_clips,
    spread,
    synthetic_voices,
    with_noise,
)

SYNTHETIC = {
    "dice": ["five", "i rolled a three", "it is a six", "one", "i roll four", "two"],
    "destiny": ["plus", "minus", "blank", "nothing", "up", "down"],
    "yesno": ["yes", "no", "yeah", "nope"],
    "digits": ["zero", "seven", "eight", "nine"],
}
COMMANDS = [
    "repeat that",
    "undo",
    "status",
    "help",
    "pause",
    "save and quit",
    "slower",
    "faster",
    "stop reading",
    "whose turn is it",
]


def measure(
    recognizer: Recognizer,
    clips: Iterable[tuple[np.ndarray, Answer | None, str]],
    phrases: PhraseSet,
) -> Tally:
    """``clips``: samples, the value that should be accepted (None: should be rejected)
    and the speaker."""
    tally = Tally()
    for samples, expected, speaker in clips:
        tally.hear(recognizer, samples, phrases, expected, speaker)
    return tally


def measure_parts(
    recognizer: Recognizer,
    folder_words: list[tuple[str, Iterable[str]]],
    values: dict[str, Answer | None],
    per_word: int | None,
    phrases: PhraseSet,
) -> dict[str, Tally]:
    """Each clip heard once, tallied under "all", its folder, its half ("tuning half" or
    "held-out half"), and "re-heard" when whisper base heard it again."""
    engine = getattr(recognizer, "engine", recognizer)
    parts: dict[str, Tally] = {}
    for folder, words in folder_words:
        clips = labelled_clips(folder, words)
        for clip, samples in read_clips(spread(clips, per_word) if per_word else clips):
            before = getattr(engine, "reheard", 0)
            started = time.perf_counter()
            recognition = recognizer.recognize(samples, phrases)
            seconds = time.perf_counter() - started
            half = "tuning half" if in_tuning_half(clip.path) else "held-out half"
            again = ["re-heard"] if getattr(engine, "reheard", 0) > before else []
            for name in ("all", folder, half, *again):
                parts.setdefault(name, Tally()).count(
                    recognition, seconds, phrases, values[clip.transcript], clip.speaker
                )
    return parts


def human(
    folder_words: list[tuple[str, Iterable[str]]],
    values: dict[str, Answer | None],
    per_word: int | None,
):
    """Samples, expected values and speakers."""
    for folder, words in folder_words:
        clips = labelled_clips(folder, words)
        if per_word:
            clips = spread(clips, per_word)
        for clip, samples in read_clips(clips):
            yield samples, values[clip.transcript], clip.speaker


def synthetic_clips(quick: bool) -> list[tuple[str, str, str, np.ndarray]]:
    """(set name, expected value, voice, samples) for every synthetic phrase."""
    voices = synthetic_voices()[:2] if quick else synthetic_voices()
    clips = []
    for name, texts in {**SYNTHETIC, "commands": COMMANDS}.items():
        phrases = expected_phrases("dice" if name == "commands" else name)
        for text in texts:
            value = phrases.match(text).value
            for label, voice in voices:
                samples = voice(text)
                clips.append((name, value, label, samples))
                clips.append((name, value, f"{label}+noise", with_noise(samples, 10, len(clips))))
    return clips


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--engines", default="auto,whisper,pocketsphinx,vosk")
    parser.add_argument("--quick", action="store_true", help="a few clips per word only")
    parser.add_argument("--human", action="store_true", help="human clips only, no synthetic")
    args = parser.parse_args()
    if not SHARED_SPEECH.is_dir():
        print(f"skipped: no human speech clips in {SHARED_SPEECH}")
        return 0
    per_word = 5 if args.quick else None
    dice = expected_phrases("dice")
    die_values = {word: Answer.number(n) for n, word in enumerate(DIGIT_WORDS)}
    chatter = dict.fromkeys(NON_COMMAND_WORDS)
    synthetic = [] if args.human else synthetic_clips(args.quick)
    names = args.engines.split(",")
    measured: set[str] = set()
    for recognizer in load_recognizers(names):
        if recognizer.name in measured:
            print(f"(auto is {recognizer.name}, measured above)")
            continue
        measured.add(recognizer.name)
        print(f"\n{recognizer.name}")
        both = [("speech_commands", DIE_WORDS), ("fsdd", DIE_WORDS)]
        rolls_by = measure_parts(recognizer, both, die_values, per_word, dice)
        rolls = rolls_by["all"]
        for name in ("speech_commands", "fsdd", "tuning half", "held-out half", "all"):
            print(rolls_by[name].line(f"die rolls one-six, {name}"))
        print(rolls.misses_line())
        if "re-heard" in rolls_by:
            reheard = rolls_by["re-heard"]
            print(reheard.line("die rolls re-heard by whisper base"))
        digits = measure(
            recognizer,
            human([("speech_commands", DIGIT_WORDS), ("fsdd", DIGIT_WORDS)], die_values, per_word),
            expected_phrases("digits"),
        )
        print(digits.line("digits zero-nine, all human"))
        yes_no = measure(
            recognizer,
            human([("speech_commands", ("yes", "no"))], {"yes": YES, "no": NO}, None),
            expected_phrases("yesno"),
        )
        print(yes_no.line("yes/no, speech_commands"))
        noise_by = measure_parts(
            recognizer, [("speech_commands", NON_COMMAND_WORDS)], chatter, None, dice
        )
        noise = noise_by["all"]
        for name in ("tuning half", "held-out half", "all", "re-heard"):
            if name in noise_by:
                print(noise_by[name].line(f"10 non-command words vs dice, {name}"))
        print(
            f"    -> non-command words rejected outright {noise.share('rejected'):.1%}, "
            f"asked back {noise.share('confirmed'):.1%}, accepted {noise.share('wrong'):.1%}"
        )
        by_voice: dict[str, Tally] = {}
        for name, value, voice, samples in synthetic:
            phrases = expected_phrases("dice" if name == "commands" else name)
            by_voice.setdefault(voice, Tally()).hear(recognizer, samples, phrases, value)
        for voice, tally in by_voice.items():
            print(tally.line(f"synthetic game phrases, {voice}"))
        every = [
            s for tally in (rolls, digits, yes_no, noise, *by_voice.values()) for s in tally.seconds
        ]
        print(f"  median latency per utterance, all: {statistics.median(every) * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
