"""Whole games of every mode, played to their end through the virtual table's audio stream.

For each mode a private PulseAudio server is the room (testkit/virtual_table.py).
Players who play to finish (testkit/short_games.py: a small deck or book, the same
rules and dialogue) say every answer into the room over room noise: espeak-ng voices,
Piper when installed, and human recordings of die rolls and yes/no from
``../shared/speech/speech_commands`` when that folder is there. The companion hears them
as ``companion play`` does (endpointing, whisper, "Did you say …?" by voice) and answers
on its loudspeaker, which is recorded; its reply is timed from the end of each answer.

Per mode: completed or not, answers said, heard right first time, confirmed by voice,
said again (not caught), wrong (taken without asking, not what was meant: must be 0),
unprompted (the microphone caught the companion itself: must be 0), reply latency
median and 90th percentile, wall time.

    scripts/bench bench/bench_whole_games.py [-- --modes samarande --seed 1 --rate 2]
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.games import game_spec  # noqa: E402
from companion.session.events import Outcome  # noqa: E402
from companion.voice.engines.whisper import WhisperRecognizer  # noqa: E402
from companion.voice.speakers import EspeakSpeaker, VoiceSettings  # noqa: E402
from testkit.corpus import (  # noqa: E402
    DIE_WORDS,
    SHARED_SPEECH,
    labelled_clips,
    read_clips,
    synthetic_voices,
)
from testkit.short_games import SHORT_GAMES  # noqa: E402
from testkit.table_game import RandomPlayer, TableGame, TableLog, outcomes, tally  # noqa: E402
from testkit.virtual_table import VirtualTable, portaudio_on  # noqa: E402

HUMAN_WORDS = (*DIE_WORDS, "yes", "no")
DIGITS = {str(number): word for number, word in enumerate(DIE_WORDS, start=1)}


def story(telling) -> str:
    """A short tale that never names its card's element: the Sultan does not hear of it
    and Scheherazade loses Hope, so the night ends in minutes (a tale that names it is
    checked in tests/voice/test_virtual_table.py)."""
    return ("Long ago a poor weaver went to a far city. There she found a lamp that sang, "
            "and she lived there ever after. The end.")  # fmt: skip


@dataclass
class TableVoices:
    """The players' voices in turn; a die roll or a yes/no is, every other time it is
    said, a human recording of that word (when ../shared/speech is there)."""

    synthetic: list[tuple[str, Callable[[str], np.ndarray]]]
    human: dict[str, itertools.cycle]

    @classmethod
    def found(cls) -> TableVoices:
        human: dict[str, list[tuple[str, np.ndarray]]] = {}
        if (SHARED_SPEECH / "speech_commands").is_dir():
            for clip, samples in read_clips(labelled_clips("speech_commands", HUMAN_WORDS)):
                human.setdefault(clip.transcript, []).append((f"human:{clip.path.stem}", samples))
        return cls(synthetic_voices(), {word: itertools.cycle(c) for word, c in human.items()})

    def __post_init__(self) -> None:
        self._cache: dict[tuple[str, str], np.ndarray] = {}

    def __call__(self, words: str, turn: int) -> tuple[str, np.ndarray]:
        word = DIGITS.get(words.strip().lower(), words.strip().lower())
        if word in self.human and turn % 2 == 0:
            return next(self.human[word])
        name, make = self.synthetic[turn % len(self.synthetic)]
        if (name, words) not in self._cache:
            self._cache[name, words] = make(words)
        return name, self._cache[name, words]


def play(mode: str, recognizer, voices: TableVoices, args) -> tuple[TableLog, float]:
    short, spec = SHORT_GAMES[mode], game_spec(mode)
    spotter = None
    if spec.tellings:
        from companion.voice.telling_listener import WhisperSpotter

        spotter = WhisperSpotter()
    started = time.perf_counter()
    with (
        tempfile.TemporaryDirectory() as folder,
        VirtualTable.open() as table,
        portaudio_on(table),
    ):
        dialogue = spec.new(short.options(Path(folder), args.seed))
        player = RandomPlayer(args.seed, story, attempts=8, prefer=short.prefer, wordings=3)
        game = TableGame(
            table, spec, dialogue, recognizer, EspeakSpeaker(VoiceSettings(rate=args.rate)),
            player, voices, Path(folder) / "game.json", spotter=spotter,
            noise_db=args.noise_db, answer_timeout=90.0,
        )  # fmt: skip
        log, loudspeaker = game.play(most_answers=args.most_answers)
        loudspeaker.stop()
    return log, time.perf_counter() - started


def row(mode: str, log: TableLog, wall: float) -> str:
    counts = tally(log)
    latencies = [1000 * value for value in log.latencies()]
    median = statistics.median(latencies) if latencies else float("nan")
    p90 = float(np.percentile(latencies, 90)) if latencies else float("nan")
    done = "yes" if log.ending is Outcome.FINISHED else f"no ({log.ending})"
    return (f"| {mode} | {done} | {counts.answers} | {counts.right_first_time} | "
        f"{counts.confirmed} | {counts.said_again} | {counts.wrong} | {log.unprompted} | "
        f"{counts.unheard} | "
        f"{median:.0f} / {p90:.0f} | {wall / 60:.1f} min |")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--modes", nargs="*", default=list(SHORT_GAMES))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rate", type=float, default=2.0, help="the companion's speed")
    parser.add_argument("--noise-db", type=float, default=-50.0, help="room noise, dBFS")
    parser.add_argument("--most-answers", type=int, default=200)
    parser.add_argument("--verbose", action="store_true", help="print every answer")
    args = parser.parse_args()
    recognizer, voices = WhisperRecognizer(), TableVoices.found()
    print(f"voices: {', '.join(name for name, _ in voices.synthetic)}"
          f"{', human die rolls and yes/no' if voices.human else ''}")  # fmt: skip
    print("| mode | completed | answers | right first time | confirmed | said again | wrong "
          "| unprompted | unheard | reply ms median / p90 | wall |")  # fmt: skip
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for mode in args.modes:
        log, wall = play(mode, recognizer, voices, args)
        if args.verbose:
            for said, outcome in outcomes(log):
                print(f"#  {outcome:9} {said.voice:24} {said.prompt[:40]!r} {said.meant!r}: "
                      f"{said.words!r} -> {said.understood!r} {said.confidence:.2f}",
                      file=sys.stderr)  # fmt: skip
        print(row(mode, log, wall), flush=True)


if __name__ == "__main__":
    main()
