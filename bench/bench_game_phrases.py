"""Every game phrase, said by synthetic voices clean and with noise, heard by each engine.

Typed games of Tales of the Arabian Nights, Tales of Arabia and Les Fils de Samarande,
played with random allowed answers, collect every step's phrase set (what the recogniser
is handed: the step's answers plus the global commands). Scheherazade's turns are
tellings, not phrases: tests/scheherazade hears WAV tellings. Each answer of each
distinct step is said in its shortest wording, by the
synthetic voices in turn (espeak-ng voices, Piper), once clean and once with white noise
10 dB below it, and judged the way the session does. There are no human recordings of
the game's own words: the human measure is bench_recognition.py.

    scripts/bench bench/bench_game_phrases.py [-- --engines whisper --every-voice --sample 100]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tally import Tally, load_recognizers  # noqa: E402

from companion.games.survey import GAMES, Said, game_phrases  # noqa: E402
from companion.voice.corpus import synthetic_voices, with_noise  # noqa: E402
from companion.voice.recognition import Recognizer  # noqa: E402


def hear_all(recognizer: Recognizer, said: list[Said], every_voice: bool) -> Tally:
    """Each answer said by one voice in turn (or by every voice), clean and noisy."""
    voices = synthetic_voices()
    tally = Tally()
    for index, answer in enumerate(said):
        speakers = voices if every_voice else [voices[index % len(voices)]]
        for _, voice in speakers:
            clean = voice(answer.words)
            for samples in (clean, with_noise(clean, 10, index)):
                tally.hear(
                    recognizer, samples, answer.phrases, answer.value, answer.words, answer.answers
                )
    return tally


def spread(answers: list[Said], most: int | None) -> list[Said]:
    """At most ``most`` of the answers, taken evenly (all when ``most`` is None)."""
    if most is None or len(answers) <= most:
        return answers
    return [answers[index * len(answers) // most] for index in range(most)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--engines", default="whisper,pocketsphinx,vosk")
    parser.add_argument("--every-voice", action="store_true", help="each answer in every voice")
    parser.add_argument("--sample", type=int, help="at most this many answers per game, spread")
    args = parser.parse_args()
    said = {spec.name: spread(game_phrases(spec), args.sample) for spec in GAMES}
    for game, answers in said.items():
        print(f"{game}: {len(answers)} answers of {len({id(a.phrases) for a in answers})} steps")
    for recognizer in load_recognizers(args.engines.split(",")):
        print(f"\n{recognizer.name}")
        for game, answers in said.items():
            tally = hear_all(recognizer, answers, args.every_voice)
            print(tally.line(game))
            print(tally.misses_line(by="words"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
