"""Global commands said at each game's largest step: are they heard among its answers?

A player may say "undo" or "repeat" at any step. At a step with thousands of phrases
(Samarande's actions: every way of playing, placing or taking every card) a short command
competes with them all. Each command's shortest wording (repeat, slower, faster, stop,
undo, status, whose turn, help, pause: the nine that change nothing in the game; resume
and quit are asked only in a pause or confirmed) is said by every synthetic voice
(espeak-ng voices, Piper), once clean and once with white noise 10 dB below it, at the
largest step of each game (typed games, testkit.survey), and judged the way the session
does: accepted, asked back ("Did you say undo?"), rejected, or taken for something else.

    scripts/bench bench/bench_commands.py [-- --games samarande --misses]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tally import load_recognizers  # noqa: E402

from companion.framework.dialogue import Step  # noqa: E402
from companion.session.ports import Command, Heard  # noqa: E402
from companion.session.understanding import understand  # noqa: E402
from companion.voice.recognition import Recognizer  # noqa: E402
from testkit.corpus import judge, synthetic_voices, with_noise  # noqa: E402
from testkit.survey import GAMES, Said, game_phrases  # noqa: E402

COMMANDS = ("repeat", "slower", "faster", "stop", "undo", "status", "whose turn", "help", "pause")
"""The shortest wording of each command a player says mid-game."""


def largest_step(game: str) -> Said:
    """One answer of the game's step with the most phrases (its phrases and answers)."""
    spec = next(spec for spec in GAMES if spec.name == game)
    return max(game_phrases(spec), key=lambda said: len(said.phrases.phrases))


def hear_commands(recognizer: Recognizer, step: Said, show: bool) -> Counter[str]:
    """Outcomes of every command, voice and condition at ``step``."""
    counts: Counter[str] = Counter()
    for index, words in enumerate(COMMANDS):
        expected = understand(Heard(words, typed=True), Step("", step.answers), step.phrases)
        assert isinstance(expected.value, Command), words
        for voice_name, voice in synthetic_voices():
            clean = voice(words)
            for condition, samples in (("clean", clean), ("noisy", with_noise(clean, 10, index))):
                recognition = recognizer.recognize(samples, step.phrases)
                verdict = judge(recognition, step.phrases, step.answers)
                right = verdict.value == expected.value
                if verdict.outcome == "accepted":
                    outcome = "accepted" if right else "wrong"
                elif verdict.outcome == "confirmed":
                    outcome = "asked back" if right else "asked back wrongly"
                else:
                    outcome = "rejected"
                counts[outcome] += 1
                counts[f"{condition} {outcome}"] += 1
                if show and outcome not in ("accepted", "asked back"):
                    print(
                        f"    {words!r} {voice_name} {condition}: {outcome}, heard "
                        f"{recognition.text!r} {recognition.confidence:.2f}"
                    )
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--engines", default="whisper")
    parser.add_argument("--games", default=",".join(spec.name for spec in GAMES))
    parser.add_argument("--misses", action="store_true", help="print every take not heard")
    args = parser.parse_args()
    for recognizer in load_recognizers(args.engines.split(",")):
        print(f"\n{recognizer.name}")
        for game in args.games.split(","):
            step = largest_step(game)
            print(f"  {game}, its largest step ({len(step.phrases.phrases)} phrases):")
            counts = hear_commands(recognizer, step, args.misses)
            total = sum(counts[o] for o in ("accepted", "asked back", "asked back wrongly",
                                             "wrong", "rejected"))  # fmt: skip
            heard = counts["accepted"] + counts["asked back"]
            print(
                f"    accepted or asked back {heard} of {total} (accepted {counts['accepted']}, "
                f"asked back {counts['asked back']}); taken wrongly {counts['wrong']}, asked "
                f"back wrongly {counts['asked back wrongly']}, rejected {counts['rejected']}; "
                f"clean {counts['clean accepted'] + counts['clean asked back']}, noisy "
                f"{counts['noisy accepted'] + counts['noisy asked back']}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
