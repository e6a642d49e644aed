"""Every game phrase, said by synthetic voices clean and with noise, heard by each engine.

Typed games of Tales of the Arabian Nights, Tales of Arabia and Les Fils de Samarande,
played with random allowed answers, collect every step's phrase set (what the recogniser
is handed: the step's answers plus the global commands). Scheherazade's turns are
tellings, not phrases: tests/scheherazade hears WAV tellings. Each answer of each
distinct step is said in its shortest wording, by the
synthetic voices in turn (espeak-ng voices, Piper), once clean and once with white noise
10 dB below it, and judged the way the session does. There are no human recordings of
the game's own words: the human measure is bench_recognition.py.

With ``--two-tries``, each answer is said as at the table: by one voice, and when it is
missed or asked back wrongly, again by the next voice (another noise too), clean and
noisy counted apart (see ``tally.TwoTries``). ``--offset K`` takes the K-th answer after
each one the sample would take: a sample disjoint from the default one, to tune on.
``--games`` measures some games only (one at a time is kinder to a shared machine), and
``--misses`` prints what each take of an answer missed twice was heard as.

    scripts/bench bench/bench_game_phrases.py [-- --engines whisper --every-voice --sample 100]
    scripts/bench bench/bench_game_phrases.py -- --engines whisper --sample 100 --two-tries
    scripts/bench bench/bench_game_phrases.py -- --engines whisper --sample 100 --two-tries \
        --games samarande --misses
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tally import Tally, TwoTries, load_recognizers  # noqa: E402

from companion.voice.recognition import Recognizer  # noqa: E402
from testkit.corpus import synthetic_voices, with_noise  # noqa: E402
from testkit.survey import GAMES, Said, game_phrases  # noqa: E402


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


def hear_twice(recognizer: Recognizer, said: list[Said], noisy: bool) -> TwoTries:
    """Each answer said by one voice in turn, and if need be again by the next voice."""
    voices = synthetic_voices()
    tally = TwoTries()
    for index, answer in enumerate(said):
        takes = []
        for take in range(2):
            _, voice = voices[(index + take) % len(voices)]
            clip = voice(answer.words)
            takes.append(with_noise(clip, 10, 2 * index + take) if noisy else clip)
        tally.hear(recognizer, takes, answer)
    return tally


def spread(answers: list[Said], most: int | None, offset: int = 0) -> list[Said]:
    """At most ``most`` of the answers, taken evenly (all when ``most`` is None), each
    ``offset`` places after the even choice."""
    if most is None or len(answers) <= most:
        return answers
    return [answers[index * len(answers) // most + offset] for index in range(most)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--engines", default="whisper,pocketsphinx,vosk")
    parser.add_argument("--every-voice", action="store_true", help="each answer in every voice")
    parser.add_argument("--sample", type=int, help="at most this many answers per game, spread")
    parser.add_argument("--offset", type=int, default=0, help="shift the sample (to tune on)")
    parser.add_argument("--two-tries", action="store_true", help="a second take when missed")
    parser.add_argument(
        "--games",
        default=",".join(spec.name for spec in GAMES),
        help="the games to measure, by name, comma-separated",
    )
    parser.add_argument(
        "--misses", action="store_true", help="with --two-tries: how each miss was heard"
    )
    args = parser.parse_args()
    games = [spec for spec in GAMES if spec.name in args.games.split(",")]
    if not games:
        parser.error(
            f"--games: none of {args.games}; the games are {', '.join(s.name for s in GAMES)}"
        )
    said = {spec.name: spread(game_phrases(spec), args.sample, args.offset) for spec in games}
    for game, answers in said.items():
        print(f"{game}: {len(answers)} answers of {len({id(a.phrases) for a in answers})} steps")
    for recognizer in load_recognizers(args.engines.split(",")):
        print(f"\n{recognizer.name}")
        for game, answers in said.items():
            if args.two_tries:
                for noisy in (False, True):
                    condition = "noisy" if noisy else "clean"
                    tally = hear_twice(recognizer, answers, noisy)
                    print(tally.line(f"{game}, {condition}"))
                    if args.misses:
                        print(tally.heard_lines())
                continue
            tally = hear_all(recognizer, answers, args.every_voice)
            print(tally.line(game))
            print(tally.misses_line(by="words"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
