"""Words typed at a step, turned into the game's answer as the session turns them: for
tests that answer a dialogue directly, without a session.

A game is answered with an :class:`~companion.framework.answers.Answer` only; a test that
would rather write what a player types ("3", "Aladdin", "take the first one") hands it
through :func:`typed`, so the words go through the step's own phrase set.

>>> from companion.framework.dialogue import Step
>>> from companion.framework.phrases import PhraseSet
>>> typed(Step("Roll.", PhraseSet.numbers(range(1, 7))), "I rolled a 5") == Answer.number(5)
True
>>> typed(Step("Your name?", PhraseSet(()), free_text=True), " Ali Baba ").words
'Ali Baba'
>>> typed(Step("Roll.", PhraseSet.numbers(range(1, 7))), "a lamp")
Traceback (most recent call last):
ValueError: 'a lamp' is not an answer the session takes at 'Roll.'
"""

from __future__ import annotations

from companion.framework.answers import Answer
from companion.framework.dialogue import Dialogue, Speech, Step
from companion.session.ports import ACCEPT_CONFIDENCE, Heard
from companion.session.understanding import understand


def typed(step: Step, words: str) -> Answer:
    """The answer the session takes without asking back for ``words`` typed at ``step``:
    the step's answer they match, or at a free step (a name) the words themselves
    (``Answer.free``). ValueError when the session would not take them as they are."""
    understood = understand(Heard(words, typed=True), step, step.expects)
    if understood.value is None or understood.confidence < ACCEPT_CONFIDENCE:
        raise ValueError(f"{words!r} is not an answer the session takes at {step.prompt!r}")
    return understood.value


def answer_typed(dialogue: Dialogue, words: str) -> list[Speech]:
    """Answer ``dialogue``'s current step with ``words`` typed (see :func:`typed`)."""
    return dialogue.answer(typed(dialogue.step(), words))
