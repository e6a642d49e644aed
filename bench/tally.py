"""What the recognition benchmarks share: loading engines, hearing one clip the way a game
would, and tallying the outcomes."""

from __future__ import annotations

import statistics
import time
from collections import Counter

import numpy as np

from companion.phrases import PhraseSet
from companion.voice.corpus import judge
from companion.voice.recognition import ModelMissingError, Recognizer
from companion.voice.recognizers import make_recognizer

OUTCOMES = ("correct", "wrong", "confirmed", "rejected")


def load_recognizers(names: list[str]) -> list[Recognizer]:
    """The named engines that are installed with their model; says why the others are not."""
    found = []
    for name in names:
        try:
            started = time.perf_counter()
            recognizer = make_recognizer(name)
            print(f"{name}: loaded {recognizer.name} in {time.perf_counter() - started:.1f} s")
            found.append(recognizer)
        except ModelMissingError as error:
            print(f"{name}: not measured: {error}")
    return found


class Tally:
    """Outcomes of one engine on one set of clips, and its latencies."""

    def __init__(self) -> None:
        self.outcomes: Counter[str] = Counter()
        self.seconds: list[float] = []
        self.misses: Counter[str] = Counter()
        """Clips not accepted correctly, by a label: who spoke them, or what was said."""
        self.first_choices_right = 0
        """Clips whose best phrase was the right answer, however unsure the engine was."""
        self.asked_right = 0
        """Clips asked back ("Did you say ...?") with the right answer: a "yes" away."""

    def hear(
        self,
        recognizer: Recognizer,
        samples: np.ndarray,
        phrases: PhraseSet,
        expected: str | None,
        label: str = "",
        answers: PhraseSet | None = None,
    ) -> None:
        """Hear one clip and judge it as a game would (``answers``: the step's own, see
        :func:`~companion.voice.corpus.judge`): an accepted answer is "correct" when it
        is ``expected`` (None: nothing should be accepted), else "wrong"."""
        started = time.perf_counter()
        recognition = recognizer.recognize(samples, phrases)
        self.seconds.append(time.perf_counter() - started)
        verdict = judge(recognition, phrases, answers)
        outcome = verdict.outcome
        if outcome == "accepted":
            outcome = "correct" if verdict.value == expected else "wrong"
        self.outcomes[outcome] += 1
        self.first_choices_right += verdict.value == expected
        self.asked_right += outcome == "confirmed" and verdict.value == expected
        if outcome != "correct":
            self.misses[label] += 1

    def share(self, outcome: str) -> float:
        return self.outcomes[outcome] / max(sum(self.outcomes.values()), 1)

    def line(self, name: str) -> str:
        shares = "  ".join(f"{outcome} {self.share(outcome):6.1%}" for outcome in OUTCOMES)
        count = sum(self.outcomes.values())
        milliseconds = statistics.median(self.seconds) * 1000
        return f"  {name:<34} n={count:<4} {shares}  median {milliseconds:5.0f} ms"

    def misses_line(self, by: str = "speaker") -> str:
        """Where the misses come from: how often the engine's first choice was right at
        all (the ceiling for any confidence rule), and the labels missed most."""
        count = sum(self.outcomes.values())
        worst = ", ".join(f"{label} {n}" for label, n in self.misses.most_common(6))
        right = (self.outcomes["correct"] + self.asked_right) / max(count, 1)
        return (
            f"    -> right at once or after a yes {right:.1%}; "
            f"first choice right {self.first_choices_right / max(count, 1):.1%}; "
            f"{self.misses.total()} misses, most by {by}: {worst}"
        )
