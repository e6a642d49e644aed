"""Answers shared by the Reader's phases: plain intents, and the Destiny Die's faces.

No phase lives here; :data:`DESTINY_PHRASES` is also what ``companion hear --expect
destiny`` listens for.
"""

from __future__ import annotations

from companion.framework.answers import Answer
from companion.framework.kit import ROLL_FOR_ME_PHRASES
from companion.framework.phrases import PhraseSet


def intents(choices: dict[str, list[str]], labels: dict[str, str] | None = None) -> PhraseSet:
    """The phrase set of answers without slots, one per intent of ``choices``:
    ``intents({"pay": ["pay", "i pay"]})`` answers ``Answer("pay")``."""
    return PhraseSet.from_templates(
        {Answer(intent): templates for intent, templates in choices.items()},
        labels={Answer(intent): label for intent, label in (labels or {}).items()},
    )


DESTINY_PHRASES = (
    intents(
        {
            "minus": ["minus", "down", "negative", "[a] minus sign"],
            "blank": ["blank", "nothing", "empty", "[a] blank face"],
            "plus": ["plus", "up", "positive", "[a] plus sign"],
        },
        labels={"minus": "minus", "blank": "blank", "plus": "plus"},
    )
    | ROLL_FOR_ME_PHRASES
)
"""The Destiny Die's faces, or "roll for me" (also ``companion hear --expect destiny``)."""
