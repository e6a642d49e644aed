"""What the recognition benchmarks share: loading engines, hearing one clip the way a game
would, and tallying the outcomes."""

from __future__ import annotations

import statistics
import time
from collections import Counter

import numpy as np

from companion.framework.answers import Answer
from companion.framework.phrases import PhraseSet
from companion.voice.recognition import ModelMissingError, Recognition, Recognizer
from companion.voice.recognizers import make_recognizer
from testkit.corpus import judge
from testkit.survey import Said

OUTCOMES = ("correct", "wrong", "confirmed", "rejected")
TRIES = ("first try", "second try", "wrong", "missed twice")


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
        expected: Answer | None,
        label: str = "",
        answers: PhraseSet | None = None,
    ) -> None:
        """Hear one clip and judge it as a game would (``answers``: the step's own, see
        :func:`~testkit.corpus.judge`): an accepted answer is "correct" when it
        is ``expected`` (None: nothing should be accepted), else "wrong"."""
        started = time.perf_counter()
        recognition = recognizer.recognize(samples, phrases)
        self.count(recognition, time.perf_counter() - started, phrases, expected, label, answers)

    def count(
        self,
        recognition: Recognition,
        seconds: float,
        phrases: PhraseSet,
        expected: Answer | None,
        label: str = "",
        answers: PhraseSet | None = None,
    ) -> None:
        """Judge one recognition that took ``seconds`` (see :meth:`hear`)."""
        self.seconds.append(seconds)
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


class TwoTries:
    """Each answer as a player at the table gives it: said once; if it is missed, or asked
    back wrongly (the player says "no"), said again by another take (voice). An answer
    asked back rightly is taken after the player's "yes" (one word more), as the session
    does (including its rule that the same unsure answer heard twice is asked back)."""

    def __init__(self) -> None:
        self.outcomes: Counter[str] = Counter()
        self.words = 0
        """Words said in all, the yeses and noes to "Did you say …?" included."""
        self.misses: Counter[str] = Counter()
        """Answers not right within two tries, by what was said."""
        self.heard: list[tuple[str, str, list[str]]] = []
        """Each answer not right within two tries: what was said, the outcome, and each
        take as heard ("'palace costs nine' 0.50 confirmed")."""

    def hear(
        self,
        recognizer: Recognizer,
        takes: list[np.ndarray],
        said: Said,
    ) -> None:
        """``takes``: two recordings of ``said`` (the second is used only if needed)."""
        unsure = None
        heard = []
        for tries, samples in zip(TRIES[:2], takes, strict=True):
            self.words += len(said.words.split())
            recognition = recognizer.recognize(samples, said.phrases)
            verdict = judge(recognition, said.phrases, said.answers, unsure)
            heard.append(f"{recognition.text!r} {recognition.confidence:.2f} {verdict.outcome}")
            right = verdict.value == said.value
            self.words += verdict.outcome == "confirmed"
            if verdict.outcome == "accepted" and not right:
                self._count("wrong", said, heard)
                return
            if right and verdict.outcome != "rejected":
                self.outcomes[tries] += 1
                return
            unsure = verdict.value if verdict.outcome == "rejected" else None
        self._count("missed twice", said, heard)

    def _count(self, outcome: str, said: Said, heard: list[str]) -> None:
        self.outcomes[outcome] += 1
        self.misses[said.words] += 1
        self.heard.append((said.words, outcome, heard))

    def heard_lines(self) -> str:
        """Each answer not right within two tries, and how its takes were heard."""
        return "\n".join(
            f"      {words!r} {outcome}: " + " / ".join(takes)
            for words, outcome, takes in self.heard
        )

    def line(self, name: str) -> str:
        count = max(self.outcomes.total(), 1)
        right = (self.outcomes["first try"] + self.outcomes["second try"]) / count
        shares = "  ".join(f"{outcome} {self.outcomes[outcome] / count:6.1%}" for outcome in TRIES)
        worst = ", ".join(f"{words} {n}" for words, n in self.misses.most_common(6))
        return (
            f"  {name:<34} n={count:<4} right within two tries {right:6.1%}  {shares}  "
            f"words per answer {self.words / count:.2f}\n    -> missed most: {worst}"
        )
