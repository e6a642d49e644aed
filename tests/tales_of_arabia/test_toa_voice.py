"""Real human voices against the Tales of Arabia dice and yes/no steps (the shipped recogniser).

The clips (Speech Commands, Warden 2017, CC BY 4.0) live in ``../shared/speech``; the
test skips when they are absent. Each clip is judged the way the session judges an
answer: accepted, asked back, or rejected.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

from companion.framework.answers import Answer
from companion.framework.phrases import PhraseSet
from companion.games.tales_of_arabia.dialogue.steps import choice_phrases, roll_phrases
from testkit.corpus import DIE_WORDS, SHARED_SPEECH, judge, labelled_clips, read_clips

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not (SHARED_SPEECH / "speech_commands").exists(),
        reason=f"the shared human speech clips are not in {SHARED_SPEECH}",
    ),
]


def _verdicts(
    words: tuple[str, ...], phrases: PhraseSet, value: Callable[[str], Answer]
) -> Counter:
    from companion.voice.recognizers import make_recognizer

    recognizer = make_recognizer("auto")
    tally: Counter = Counter()
    for clip, samples in read_clips(labelled_clips("speech_commands", words)):
        verdict = judge(recognizer.recognize(samples, phrases), phrases)
        right = verdict.value == value(clip.transcript)
        tally[verdict.outcome if right or verdict.outcome == "rejected" else "wrong"] += 1
    return tally


def test_spoken_die_rolls_are_understood() -> None:
    roll = roll_phrases(1, 6, (), False)
    tally = _verdicts(DIE_WORDS, roll, lambda word: Answer.number(DIE_WORDS.index(word) + 1))
    # 30 clips of "one" to "six" by many speakers: most accepted, few taken wrongly.
    assert tally["accepted"] >= 20, tally
    assert tally["wrong"] <= 3, tally


def test_spoken_yes_and_no_are_understood() -> None:
    phrases = choice_phrases((("yes", ()), ("no", ())))
    tally = _verdicts(("yes", "no"), phrases, Answer)
    assert tally["accepted"] + tally["confirmed"] >= 8, tally
    assert tally["wrong"] == 0, tally
