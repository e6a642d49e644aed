"""End-of-speech detection on a long stream of answers, as the microphone endpointer cuts it.

A stream is built from answers (human clips from ../shared/speech/ and synthetic
phrases, some said in two parts with a short pause inside, like "courtly … graces")
separated by 1 to 2 s of silence, in a quiet room and over steady room noise (also
noise that is already there when listening starts). It is fed to the endpointer in
30 ms frames, as the microphone delivers it, and every utterance it cuts is matched
with the answers it overlaps:

* cut: an answer split over two utterances, or more than 100 ms of its speech left out;
* merged: two answers in one utterance;
* false: an utterance with no answer in it; missed: an answer with no utterance;
* delay: from the end of an answer's speech to the moment its utterance is handed on;
* early: the same to the moment the microphone ears start hearing it (the pause listener
  was told the utterance and it stood); "early withdrawn" counts hearings started at a
  pause inside speech and dropped because speech came back.

    scripts/bench bench/bench_endpointing.py
"""

from __future__ import annotations

import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.voice.audio import RATE  # noqa: E402
from companion.voice.vad import Endpointer, Endpointing, EnergyVad, SileroVad  # noqa: E402
from testkit.corpus import DIE_WORDS, espeak_clip, labelled_clips, read_clips  # noqa: E402

FRAME = int(0.03 * RATE)
PHRASES = ["roll for me", "courtly graces", "go to Baghdad", "status", "undo", "yes", "no"]
TWO_PART = [("courtly", "graces"), ("roll", "for me"), ("the merchant", "of Basra")]


@dataclass
class Answer:
    start: int
    end: int
    """Sample range of the answer's speech in the stream (from its first to last loud frame)."""


def loud_span(samples: np.ndarray) -> tuple[int, int]:
    """First and last sample of the 10 ms frames within 35 dB of the loudest."""
    size = RATE // 100
    count = len(samples) // size
    levels = np.sqrt(np.mean(samples[: count * size].reshape(count, size) ** 2, axis=1)) + 1e-9
    loud = np.nonzero(20 * np.log10(levels / levels.max()) > -35)[0]
    return int(loud[0] * size), int((loud[-1] + 1) * size)


def trimmed(samples: np.ndarray) -> np.ndarray:
    start, end = loud_span(samples)
    return samples[start:end]


def answer_clips() -> list[np.ndarray]:
    clips = [samples for _, samples in read_clips(labelled_clips("fsdd", DIE_WORDS)[::13])]
    clips += [samples for _, samples in read_clips(labelled_clips("speech_commands")[::25])]
    clips += [espeak_clip(text, "en-us") for text in PHRASES]
    pause = np.zeros(int(0.35 * RATE), np.float32)
    for first, second in TWO_PART:
        clips.append(
            np.concatenate([espeak_clip(first, "en-gb"), pause, espeak_clip(second, "en-gb")])
        )
    return clips


def clatter(length: int, rng: np.random.Generator) -> np.ndarray:
    """Dice and cups on a table: short decaying bursts at -20 dBFS, about one a second."""
    sound = np.zeros(length, np.float32)
    for start in rng.integers(0, length - RATE // 10, length // RATE):
        burst = int(rng.uniform(0.02, 0.08) * RATE)
        decay = np.exp(-np.arange(burst) / (burst / 4))
        sound[start : start + burst] += (rng.normal(0, 0.1, burst) * decay).astype(np.float32)
    return sound


def build_stream(
    clips: list[np.ndarray], noise_db: float | None, seed: int, clattering: bool = False
):
    rng = np.random.default_rng(seed)
    parts, answers, position = [np.zeros(RATE, np.float32)], [], RATE
    for index in rng.permutation(len(clips)):
        clip = clips[index] * (0.3 / (np.abs(clips[index]).max() + 1e-9))
        start, end = loud_span(clip)
        answers.append(Answer(position + start, position + end))
        gap = np.zeros(int(rng.uniform(1.0, 2.0) * RATE), np.float32)
        parts += [clip, gap]
        position += len(clip) + len(gap)
    stream = np.concatenate(parts)
    if noise_db is not None:
        white = rng.normal(0, 1, len(stream))
        pinkish = np.convolve(white, np.ones(8) / 8, mode="same")
        stream = stream + (pinkish * 10 ** (noise_db / 20) / np.std(pinkish)).astype(np.float32)
    if clattering:
        stream = stream + clatter(len(stream), rng)
    return stream.astype(np.float32), answers


@dataclass
class Cut:
    """What the endpointer did with one stream."""

    utterances: list[tuple[int, int]]
    """(start, handed-on) sample positions."""
    early: list[int]
    """For each utterance, where the pause listener was told it (its hand-on if never)."""
    withdrawn: int
    cpu: float


def endpoint(stream: np.ndarray, endpointer: Endpointer) -> Cut:
    """Cut the stream as the microphone does, noting the early hand-ons."""
    cut, told = Cut([], [], 0, 0.0), [None]
    position = 0

    def paused(samples: np.ndarray | None) -> None:
        told[0] = None if samples is None else position + FRAME
        cut.withdrawn += samples is None

    endpointer.on_pause = paused
    started = time.process_time()
    for position in range(0, len(stream) - FRAME + 1, FRAME):
        utterance = endpointer.push(stream[position : position + FRAME])
        if utterance is not None:
            done = position + FRAME
            cut.utterances.append((done - len(utterance), done))
            cut.early.append(told[0] or done)
            told[0] = None
    cut.cpu = time.process_time() - started
    return cut


def score(answers: list[Answer], cut: Cut) -> dict[str, float]:
    utterances = cut.utterances

    def overlaps(answer: Answer, utterance: tuple[int, int]) -> int:
        return max(0, min(answer.end, utterance[1]) - max(answer.start, utterance[0]))

    counts = {"answers": len(answers), "cut": 0, "merged": 0, "false": 0, "missed": 0}
    delays, early = [], []
    for answer in answers:
        covering = [u for u in utterances if overlaps(answer, u) > 0]
        if not covering:
            counts["missed"] += 1
            continue
        heard = sum(overlaps(answer, u) for u in covering)
        if len(covering) > 1 or answer.end - answer.start - heard > 0.1 * RATE:
            counts["cut"] += 1
        delays.append((covering[-1][1] - answer.end) / RATE)
        early.append((cut.early[utterances.index(covering[-1])] - answer.end) / RATE)
    for utterance in utterances:
        inside = sum(overlaps(answer, utterance) > 0 for answer in answers)
        counts["merged"] += inside > 1
        counts["false"] += inside == 0
    counts["delay median ms"] = round(1000 * statistics.median(delays)) if delays else 0
    counts["delay p90 ms"] = round(1000 * np.percentile(delays, 90)) if delays else 0
    counts["early median ms"] = round(1000 * statistics.median(early)) if early else 0
    counts["early withdrawn"] = cut.withdrawn
    return counts


def main() -> None:
    clips = answer_clips()
    print(f"{len(clips)} answers per stream; default {Endpointing()}")
    rooms = [
        ("quiet", None, False),
        ("room noise -45 dBFS", -45.0, False),
        ("room noise -35 dBFS", -35.0, False),
        ("dice clatter, noise -45 dBFS", -45.0, True),
    ]
    for label, noise_db, clattering in rooms:  # fmt: skip
        stream, answers = build_stream(clips, noise_db, 1, clattering)
        for vad in (EnergyVad, SileroVad):
            for silence in (0.7, 0.5, 0.3):
                endpointer = Endpointer(Endpointing(silence=silence), vad())
                cut = endpoint(stream, endpointer)
                result = score(answers, cut)
                cost = 1000 * cut.cpu / (len(stream) / RATE)
                print(f"{label}, {vad.__name__}, silence {silence} s: {result}, "
                      f"CPU {cost:.1f} ms per second of audio")  # fmt: skip


if __name__ == "__main__":
    main()
