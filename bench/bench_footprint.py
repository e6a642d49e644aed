"""What each recogniser costs on one core: start-up, CPU time per utterance, memory.

For a small machine (a Raspberry Pi) the figures that matter are per core, not per
machine, so each engine runs in its own process pinned to one core (``taskset -c 0``)
with one thread, and the CPU time of the process (not the wall clock, which the other
users of a shared machine stretch) is measured:

* start-up: importing the engine and loading its model (CPU seconds, and wall seconds);
* per utterance: the human die rolls of ../shared/speech against a roll step, and
  espeak-ng saying answers of the largest step of each game (the Reader's move step,
  Samarande's action step);
* resident memory: the process's peak after all of it.

    scripts/bench bench/bench_footprint.py [-- --engines whisper,pocketsphinx]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

ROLLS = 30
"""Human die-roll clips heard per engine."""
NAMES = 10
"""Answers of each large step heard per engine."""


def load(engine: str):
    if engine == "whisper":
        from companion.voice.engines.whisper import WhisperRecognizer

        return WhisperRecognizer(threads=1)
    if engine == "pocketsphinx":
        from companion.voice.engines.pocketsphinx import PocketSphinxRecognizer

        return PocketSphinxRecognizer()
    from companion.voice.engines.vosk import VoskRecognizer

    return VoskRecognizer()


def utterances():
    """(label, samples, phrases): human die rolls, then the largest step of two games."""
    from companion.cli.expectations import expected_phrases
    from companion.games.arabian_nights.game import GAME as READER
    from companion.games.samarande.game import GAME as SAMARANDE
    from testkit.corpus import DIE_WORDS, espeak_clip, labelled_clips, read_clips, spread
    from testkit.survey import game_phrases

    dice = expected_phrases("dice")
    clips = spread(labelled_clips("fsdd", DIE_WORDS), ROLLS // len(DIE_WORDS))
    for _, samples in read_clips(clips):
        yield "die roll (human)", samples, dice
    for spec in (READER, SAMARANDE):
        said = game_phrases(spec)
        largest = max(said, key=lambda answer: len(answer.phrases.phrases))
        step = [answer for answer in said if answer.phrases is largest.phrases][:NAMES]
        label = f"{spec.name} step of {len(largest.phrases.phrases)} phrases"
        for answer in step:
            yield label, espeak_clip(answer.words, "en-us"), answer.phrases


def child(engine: str) -> dict:
    wall, cpu = time.perf_counter(), time.process_time()
    recognizer = load(engine)
    startup = {"cpu": time.process_time() - cpu, "wall": time.perf_counter() - wall}
    per_step: dict[str, list[float]] = {}
    for label, samples, phrases in utterances():
        cpu = time.process_time()
        recognizer.recognize(samples, phrases)
        per_step.setdefault(label, []).append(time.process_time() - cpu)
    return {
        "startup": startup,
        "cpu_ms": {
            label: {
                "first": times[0] * 1000,
                "median": statistics.median(times[1:] or times) * 1000,
                "n": len(times),
            }
            for label, times in per_step.items()
        },
        "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--engines", default="whisper,pocketsphinx,vosk")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.child)))
        return 0
    pin = ["taskset", "-c", "0"] if shutil.which("taskset") else []
    print("one core" if pin else "taskset missing: not pinned", "- one thread per engine")
    for engine in args.engines.split(","):
        run = subprocess.run(
            [*pin, sys.executable, __file__, "--child", engine],
            capture_output=True,
            text=True,
            env={**os.environ, "OMP_NUM_THREADS": "1"},
        )
        if run.returncode != 0:
            reason = (run.stderr.strip().splitlines() or ["failed"])[-1]
            print(f"{engine}: not measured: {reason}")
            continue
        result = json.loads(run.stdout.strip().splitlines()[-1])
        startup = result["startup"]
        print(
            f"{engine}: start-up {startup['cpu']:.1f} s CPU ({startup['wall']:.1f} s wall), "
            f"peak resident memory {result['rss_mb']:.0f} MB"
        )
        for label, cpu in result["cpu_ms"].items():
            print(
                f"  {label:<40} n={cpu['n']:<3} CPU per utterance median {cpu['median']:6.0f} ms "
                f"(first, grammar built: {cpu['first']:.0f} ms)"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
