"""Learning the players' voices before the game: each says the numbers one to six.

The same few people play all evening. Ears that learn each voice
(:class:`~companion.session.ports.LearningEars`) take every answer accepted or confirmed as an
example of its speaker; a short round at setup gives them six examples of each player
before the first roll, when a misheard roll costs most. The round is offered once, when
every player is seated in a new game played by voice; "no" skips it, "skip" ends it.

>>> steps = enrolment_steps("Ali")
>>> [step.prompt for step in steps][:2]
['Ali, say one.', 'Ali, say two.']
>>> steps[2].expects.match("three").value == Answer.number(3)
True
>>> steps[0].expects.match("skip").value == SKIP
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.framework.answers import Answer
from companion.framework.dialogue import Step
from companion.framework.kit import number_phrases
from companion.framework.phrases import PhraseSet, number_to_words
from companion.session.ports import Ears, LearningEars

ENROLMENT_NUMBERS = range(1, 7)
"""What each player says: the faces of a die, the answers misheard most costly."""
SKIP = Answer("skip enrolment")
"""Said during the round to end it (the voices are then learned in play)."""
SKIP_PHRASES = PhraseSet.from_templates(
    {SKIP: ["skip", "stop", "enough", "no more", "let us play"]}, labels={SKIP: "skip"}
)


def enrolment_steps(name: str) -> list[Step]:
    """One step per number ``name`` is asked to say, each expecting every number."""
    numbers = number_phrases(ENROLMENT_NUMBERS.start, ENROLMENT_NUMBERS.stop - 1) | SKIP_PHRASES
    return [Step(f"{name}, say {number_to_words(n)}.", numbers) for n in ENROLMENT_NUMBERS]


def can_enrol(ears: Ears, names: Sequence[str]) -> bool:
    """Whether a round is worth offering: ears that learn, and players with names."""
    return isinstance(ears, LearningEars) and bool(names)


def enrol(ears: Ears, names: Sequence[str], say: Callable[[str], None]) -> bool:
    """Ask each player for the numbers one to six, each utterance an example of the
    number asked for (what the engine made of it does not matter: that is what it must
    learn). Returns False when the input ended."""
    for name in names:
        ears.attend(name)  # type: ignore[attr-defined]  # LearningEars, see can_enrol
        for number, step in zip(ENROLMENT_NUMBERS, enrolment_steps(name), strict=True):
            say(step.prompt)
            heard = ears.hear(step, step.expects)
            if heard is None:
                return False
            match = step.expects.match(heard.text) if heard.text else None
            if match is not None and match.value == SKIP and match.clear:
                return True
            if heard.text:
                ears.learn(Answer.number(number))  # type: ignore[attr-defined]
    return True
