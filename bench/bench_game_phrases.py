"""Every game phrase, said by synthetic voices clean and with noise, heard by each engine.

Typed games of Tales of the Arabian Nights, Tales of Arabia and Les Fils de Samarande,
played with random allowed answers, collect every step's phrase set (what the recogniser
is handed: the step's answers plus the global commands). Scheherazade's turns are
tellings, not phrases: tests/scheherazade hears WAV tellings. Each answer of each
distinct step is said in its shortest wording, by the
synthetic voices in turn (espeak-ng voices, Piper), once clean and once with white noise
10 dB below it, and judged the way the session does. There are no human recordings of
the game's own words: the human measure is bench_recognition.py.

    scripts/bench bench/bench_game_phrases.py [-- --engines whisper --every-voice]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.games.survey import GAMES, Said, game_phrases  # noqa: E402
from companion.voice.corpus import judge, synthetic_voices, with_noise  # noqa: E402
from companion.voice.io import make_recognizer  # noqa: E402
from companion.voice.recognizers import ModelMissingError, Recognizer  # noqa: E402


@dataclass
class Outcomes:
    """How one engine heard one game's phrases."""

    counts: Counter[str]
    seconds: list[float]
    missed: Counter[str]
    """Answers (their words) not accepted correctly, and how often."""

    def line(self, name: str) -> str:
        count = sum(self.counts.values())
        shares = "  ".join(
            f"{outcome} {self.counts[outcome] / count:6.1%}"
            for outcome in ("correct", "wrong", "confirmed", "rejected")
        )
        median = statistics.median(self.seconds) * 1000
        return f"  {name:<24} n={count:<5} {shares}  median {median:4.0f} ms"


def hear_all(recognizer: Recognizer, said: list[Said], every_voice: bool) -> Outcomes:
    """Each answer said by one voice in turn (or by every voice), clean and noisy."""
    voices = synthetic_voices()
    outcomes = Outcomes(Counter(), [], Counter())
    for index, answer in enumerate(said):
        speakers = voices if every_voice else [voices[index % len(voices)]]
        for _, voice in speakers:
            clean = voice(answer.words)
            for samples in (clean, with_noise(clean, 10, index)):
                started = time.perf_counter()
                recognition = recognizer.recognize(samples, answer.phrases)
                outcomes.seconds.append(time.perf_counter() - started)
                verdict = judge(recognition, answer.phrases, answer.answers)
                outcome = verdict.outcome
                if outcome == "accepted":
                    outcome = "correct" if verdict.value == answer.value else "wrong"
                outcomes.counts[outcome] += 1
                if outcome != "correct":
                    outcomes.missed[answer.words] += 1
    return outcomes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--engines", default="whisper,pocketsphinx,vosk")
    parser.add_argument("--every-voice", action="store_true", help="each answer in every voice")
    args = parser.parse_args()
    said = {spec.name: game_phrases(spec) for spec in GAMES}
    for game, answers in said.items():
        print(f"{game}: {len(answers)} answers of {len({id(a.phrases) for a in answers})} steps")
    for name in args.engines.split(","):
        try:
            recognizer = make_recognizer(name)
        except ModelMissingError as error:
            print(f"\n{name}: not measured: {error}")
            continue
        print(f"\n{recognizer.name}")
        missed: Counter[str] = Counter()
        for game, answers in said.items():
            outcomes = hear_all(recognizer, answers, args.every_voice)
            print(outcomes.line(game))
            missed.update({f"{game}: {words}": n for words, n in outcomes.missed.items()})
        worst = ", ".join(f"{words} ({n})" for words, n in missed.most_common(12))
        print(f"  missed most: {worst}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
