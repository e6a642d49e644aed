"""Every answer of every step, said in its shortest wording and heard exactly, is
understood as that answer: no two answers of a step are worded alike, and no global
command takes an answer's words."""

from __future__ import annotations

import pytest

from companion.framework.dialogue import Step
from companion.session.ports import ACCEPT_CONFIDENCE, Heard
from companion.session.understanding import understand
from testkit.survey import GAMES, game_phrases

LEAST_STEPS = {"arabian-nights": 30, "tales-of-arabia": 15, "samarande": 5}
"""The survey must have met this many distinct steps (seeded games meet more)."""


@pytest.mark.parametrize("spec", GAMES, ids=lambda spec: spec.name)
def test_every_answer_heard_exactly_is_understood_as_itself(spec):
    said = game_phrases(spec)
    assert len({id(answer.answers) for answer in said}) >= LEAST_STEPS[spec.name]
    misunderstood = []
    for answer in said:
        understood = understand(Heard(answer.words), Step("", answer.answers), answer.phrases)
        if understood.value != answer.value or understood.confidence < ACCEPT_CONFIDENCE:
            misunderstood.append((answer.words, answer.value, understood))
    assert misunderstood == []
