"""Human die rolls played into the virtual table's microphone one after the other: is
every roll cut into one utterance, and heard right?

The held-out half of the human die rolls of ../shared/speech (Speech Commands, Warden
2017, CC BY 4.0; Free Spoken Digit Dataset, Jakobovski et al., CC BY-SA 4.0: every
Speech Commands roll of that half and ``--fsdd`` of each FSDD speaker's) is played into
the room of a private PulseAudio server (testkit/virtual_table.py, noise at -50 dBFS),
each clip whole as recorded, ``--gap`` seconds of room noise between two clips. The
companion's microphone (``Microphone``: the same endpointing as ``companion play``)
cuts the stream into utterances while they are played; whisper as shipped hears each
at a roll step. Each clip is matched with the utterances that overlap the moment it was
played: "cut" (exactly one), "merged" (one utterance holding two clips), "split" (two or
more), "missed" (none); and the utterance's answer is right, wrong (accepted as
another number), asked back or rejected.

    scripts/bench bench/bench_stream_rolls.py [-- --gap 1.2 --fsdd 2]

``--offline HALF`` cuts, without the audio server and without hearing, a stream of every
human die roll of one half (``tuning`` or ``held-out``, testkit.corpus.halves: Speech
Commands and every FSDD speaker), each as recorded, ``--gap`` seconds of white room noise
at -50 dBFS between two, in two orders (as listed, and shuffled with a fixed seed), with
the endpointer of ``companion play`` fed frame by frame. ``--keep-memory`` keeps Silero's
memory of the stream across utterances, as before issue 26's fifth pass:

    PYTHONPATH=$PWD nice -n 10 .venv/bin/python bench/bench_stream_rolls.py --offline tuning
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench_endpointing import endpoint  # noqa: E402

from companion.cli.expectations import expected_phrases  # noqa: E402
from companion.framework.answers import Answer  # noqa: E402
from companion.voice.audio import HalfDuplex, read_wav  # noqa: E402
from companion.voice.engines.whisper_cascade import RehearingWhisper  # noqa: E402
from companion.voice.microphone import Microphone  # noqa: E402
from companion.voice.vad import RATE, Endpointer, Endpointing, SileroVad  # noqa: E402
from testkit.corpus import (  # noqa: E402
    DIE_WORDS,
    SHARED_SPEECH,
    Clip,
    halves,
    judge,
    labelled_clips,
)
from testkit.virtual_table import VirtualTable, VirtualTableUnavailable, portaudio_on  # noqa: E402

ROLL = {word: Answer.number(n) for n, word in enumerate(DIE_WORDS, start=1)}


def held_out_rolls(per_fsdd_speaker: int) -> list[Clip]:
    """Every held-out Speech Commands roll, and ``per_fsdd_speaker`` held-out FSDD rolls
    of each FSDD speaker, spread over the words."""
    chosen = halves(labelled_clips("speech_commands", DIE_WORDS))[1]
    by_speaker: dict[str, list[Clip]] = {}
    for clip in halves(labelled_clips("fsdd", DIE_WORDS))[1]:
        by_speaker.setdefault(clip.speaker, []).append(clip)
    for clips in by_speaker.values():
        step = max(len(clips) // max(per_fsdd_speaker, 1), 1)
        chosen += clips[::step][:per_fsdd_speaker]
    return chosen


def play(table: VirtualTable, clips: list[Clip], gap: float, spans: list[tuple[float, float]]):
    """Play the clips into the room, noting when each started and ended."""
    time.sleep(1.0)
    for clip in clips:
        started = time.perf_counter()
        spans.append((started, table.say(read_wav(clip.path))))  # it was played in between
        time.sleep(gap)


Span = tuple[float, float]
"""Seconds from ... to ... on one clock: when a clip was played, or an utterance held."""


def cuts(clips: list[Clip], spans: list[Span], utterances: list[Span]) -> list[tuple[str, int]]:
    """Per clip: how it was cut ("cut", "merged", "split", "missed") and the index of the
    first utterance holding it (-1 when missed)."""
    found = []
    for clip, (start, end) in zip(clips, spans, strict=True):
        overlapping = [
            i for i, u in enumerate(utterances) if u[0] < end + 0.1 and u[1] > start + 0.05
        ]
        sharing = [
            i for i in overlapping
            if sum(s < utterances[i][1] and e > utterances[i][0] for s, e in spans) > 1
        ]  # fmt: skip
        if not overlapping:
            near = [f"{u[0] - start:+.2f}..{u[1] - start:+.2f}" for u in utterances
                    if abs(u[0] - start) < 3]  # fmt: skip
            print(f"  missed: {clip.path.relative_to(SHARED_SPEECH)} (utterances near: {near})")
            found.append(("missed", -1))
            continue
        kind = "split" if len(overlapping) > 1 else "merged" if sharing else "cut"
        found.append((kind, overlapping[0]))
    return found


def offline(clips: list[Clip], gap: float, seed: int, keep_memory: bool) -> Counter[str]:
    """Cut a stream of ``clips`` (shuffled unless ``seed`` is 0) as the microphone would,
    without the audio server: how many are cut, merged, split, missed; utterances holding
    no clip are "false"."""
    order = list(clips)
    if seed:
        order = [clips[i] for i in np.random.default_rng(seed).permutation(len(clips))]
    parts, spans, position = [np.zeros(RATE, np.float32)], [], RATE
    for clip in order:
        samples = read_wav(clip.path)
        spans.append((position / RATE, (position + len(samples)) / RATE))
        parts += [samples, np.zeros(round(gap * RATE), np.float32)]
        position += len(samples) + round(gap * RATE)
    stream = np.concatenate(parts)
    noise = np.random.default_rng(seed + 1).normal(0, 10 ** (ROOM_DB / 20), len(stream))
    vad = SileroVad()
    if keep_memory:
        vad.forget_speech = lambda: None  # type: ignore[method-assign]
    cut = endpoint((stream + noise).astype(np.float32), Endpointer(Endpointing(), vad))
    utterances = [(start / RATE, done / RATE) for start, done in cut.utterances]
    found = cuts(order, spans, utterances)
    outcomes = Counter(kind for kind, _ in found)
    outcomes["false"] = len(utterances) - len({i for _, i in found if i >= 0})
    return outcomes


ROOM_DB = -50.0
"""The room's noise, dBFS (RMS), as on the virtual table."""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--gap", type=float, default=1.2, help="seconds between two clips")
    parser.add_argument("--fsdd", type=int, default=2, help="held-out rolls per FSDD speaker")
    parser.add_argument("--offline", choices=("tuning", "held-out"), help="cut a half offline")
    parser.add_argument("--keep-memory", action="store_true", help="Silero as before (offline)")
    args = parser.parse_args()
    if not SHARED_SPEECH.is_dir():
        print(f"skipped: no human speech clips in {SHARED_SPEECH}")
        return 0
    if args.offline:
        rolls = labelled_clips("speech_commands", DIE_WORDS) + labelled_clips("fsdd", DIE_WORDS)
        half = halves(rolls)[args.offline == "held-out"]
        for seed in (0, 1):
            counts = offline(half, args.gap, seed, args.keep_memory)
            print(
                f"{len(half)} {args.offline} rolls, order {seed}: cut {counts['cut']}, merged "
                f"{counts['merged']}, split {counts['split']}, missed {counts['missed']}, "
                f"false utterances {counts['false']}"
            )
        return 0
    return on_the_table(args)


def on_the_table(args: argparse.Namespace) -> int:
    """Play the held-out rolls into the virtual table's microphone and hear them."""
    clips = held_out_rolls(args.fsdd)
    whisper = RehearingWhisper.installed()
    dice = expected_phrases("dice")
    try:
        with VirtualTable.open() as table, portaudio_on(table):
            noise = table.noise(-50.0)
            microphone = Microphone(HalfDuplex())
            spans: list[tuple[float, float]] = []
            player = threading.Thread(target=play, args=(table, clips, args.gap, spans))
            cut: list[tuple[float, np.ndarray]] = []
            player.start()
            while player.is_alive() or not cut or time.perf_counter() - cut[-1][0] < 2.0:
                for utterance in microphone.utterances(timeout=1.0):
                    cut.append((time.perf_counter(), utterance))
                if not player.is_alive() and time.perf_counter() - spans[-1][1] > 2.0:
                    break
            player.join()
            microphone.close()
            noise.stop()
    except VirtualTableUnavailable as error:
        print(f"skipped: {error}")
        return 0
    outcomes: Counter[str] = Counter()
    # an utterance ends about 0.5 s after its speech, and holds what came before it
    utterances = [(done - len(samples) / RATE, done) for done, samples in cut]
    for clip, (kind, first) in zip(clips, cuts(clips, spans, utterances), strict=True):
        outcomes[kind] += 1
        if first < 0:
            continue
        recognition = whisper.recognize(cut[first][1], dice)
        verdict = judge(recognition, dice)
        if verdict.outcome == "accepted":
            verdict_name = "right" if verdict.value == ROLL[clip.transcript] else "wrong"
        else:
            verdict_name = verdict.outcome
        outcomes[verdict_name] += 1
        if verdict_name != "right" or kind != "cut":
            print(
                f"  {clip.path.relative_to(SHARED_SPEECH)}: {kind}, "
                f"{verdict_name} ({recognition.text!r} {recognition.confidence:.2f})"
            )
    print(
        f"{len(clips)} held-out human rolls, {args.gap} s apart: {len(cut)} utterances; "
        f"cut {outcomes['cut']}, merged {outcomes['merged']}, split {outcomes['split']}, "
        f"missed {outcomes['missed']}; right {outcomes['right']}, wrong {outcomes['wrong']}, "
        f"asked back {outcomes['confirmed']}, rejected {outcomes['rejected']}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
