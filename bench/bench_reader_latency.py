"""The Reader's reply latency: from the end of an answer to the start of the next reply.

Typed mode measures the dialogue and the session alone (match, rules, save, next step).
File-audio mode adds the recogniser: each answer is a WAV file spoken by espeak-ng.
Prints medians over every answer of several scripted games on the demo book.

    scripts/bench bench/bench_reader_latency.py
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.framework.dialogue import GameOptions, Step  # noqa: E402
from companion.framework.phrases import PhraseSet  # noqa: E402
from companion.games.arabian_nights.game import GAME  # noqa: E402
from companion.session.loop import Heard, PrintMouth, Session  # noqa: E402
from testkit.reply_clock import ReplyClock  # noqa: E402
from testkit.survey import TypistEars  # noqa: E402

GAMES = 5


def _session(ears, save: Path, seed: int, clock: ReplyClock) -> Session:
    dialogue = GAME.new(GameOptions(seed=seed, players=[("Ali", "m"), ("Zed", "f")]))
    return Session(dialogue=dialogue, spec=GAME, ears=clock.timed(ears),
                   mouth=PrintMouth(lambda _: None), save_path=save, observers=[clock])  # fmt: skip


def typed_latencies(folder: Path) -> list[float]:
    """Every reply latency of several typed games of 300 answers."""
    latencies = []
    for seed in range(GAMES):
        clock = ReplyClock()
        _session(TypistEars(seed, 300), folder / f"typed{seed}.json", seed, clock).run([])
        latencies += clock.latencies
    return latencies


class TimedEars:
    """Times each hearing: for WAV files that is the recogniser's work on the answer."""

    def __init__(self, ears) -> None:
        self.ears = ears
        self.durations: list[float] = []

    def hear(self, step: Step, phrases: PhraseSet) -> Heard | None:
        start = time.perf_counter()
        heard = self.ears.hear(step, phrases)
        self.durations.append(time.perf_counter() - start)
        return heard


SPOKEN_GAME = ["random", "ten", "ten", "roll for me", "I stay here", "wanderer", "five", "pray",
               "blank"]  # fmt: skip
"""A turn on the mini fixture pack that reads paragraph 706 when every answer is heard."""
MINI = ROOT / "tests" / "arabian_nights" / "fixtures" / "mini"
VOICES = ["en-us", "en-gb", "en-us+f3"]


def audio_latencies(folder: Path) -> list[float] | None:
    """Reply latencies when each answer is heard from a WAV file, or None without espeak-ng.

    Each answer counts from the start of its recognition (the end of the utterance) to the
    start of the reply.
    """
    if shutil.which("espeak-ng") is None:
        return None
    from companion.voice.io import FileEars
    from companion.voice.recognizers import make_recognizer

    recognizer = make_recognizer("auto")
    latencies = []
    for voice in VOICES:
        wavs = []
        for index, words in enumerate(SPOKEN_GAME):
            path = folder / f"{voice}-{index:02d}.wav"
            subprocess.run(["espeak-ng", "-v", voice, "-w", str(path), words], check=True)
            wavs.append(path)
        ears = TimedEars(FileEars(recognizer, wavs))
        dialogue = GAME.new(GameOptions(seed=1, players=[("Ali", "m"), ("Zed", "f")],
                                        pack=str(MINI)))  # fmt: skip
        clock = ReplyClock()
        Session(dialogue=dialogue, spec=GAME, ears=clock.timed(ears),
                mouth=PrintMouth(lambda _: None), save_path=folder / f"{voice}.json",
                observers=[clock]).run([])  # fmt: skip
        pairs = zip(ears.durations, clock.latencies, strict=False)
        latencies += [hearing + reply for hearing, reply in pairs]
    return latencies


def main() -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        typed = typed_latencies(folder)
        print(f"typed: median reply latency {statistics.median(typed) * 1000:.1f} ms "
              f"over {len(typed)} answers")  # fmt: skip
        audio = audio_latencies(folder)
        if audio is None:
            print("file audio: skipped (espeak-ng is not installed)")
        else:
            print(
                f"file audio: median reply latency {statistics.median(audio) * 1000:.1f} ms "
                f"over {len(audio)} answers (recognition included; time to first audio of the "
                "synthesiser is measured by bench_tts)"
            )


if __name__ == "__main__":
    main()
