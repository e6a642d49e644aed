"""Answers shared by the Reader's phases: plain intents, and the Destiny Die's faces.

No phase lives here; :data:`DESTINY_PHRASES` is also what ``companion hear --expect
destiny`` listens for.
"""

from __future__ import annotations

from companion.framework.answers import AMBIGUOUS, NO, YES, Answer
from companion.framework.kit import ROLL_FOR_ME_PHRASES
from companion.framework.phrases import PhraseSet
from companion.framework.words import is_command


def intents(choices: dict[str, list[str]], labels: dict[str, str] | None = None) -> PhraseSet:
    """The phrase set of answers without slots, one per intent of ``choices``:
    ``intents({"pay": ["pay", "i pay"]})`` answers ``Answer("pay")``."""
    return PhraseSet.from_templates(
        {Answer(intent): templates for intent, templates in choices.items()},
        labels={Answer(intent): label for intent, label in (labels or {}).items()},
    )


def reaction_phrases(reactions: list[str], offered: list[str]) -> PhraseSet:
    """The matrix's ``reactions`` ("Bargain" or "I bargain"), the ``offered`` ones listed. A
    reaction that is also a global command said alone ("help") is ambiguous: the player
    is asked which they meant; "I help" or "help them" is the reaction.

    >>> phrases = reaction_phrases(["Help", "Bargain"], ["Help", "Bargain"])
    >>> phrases.match("help").value.intent, phrases.match("i help").value.intent
    ('ambiguous', 'Help')
    """
    choices: dict[Answer, list[str]] = {}
    unclear: dict[Answer, list[str]] = {}
    for name in reactions:
        own = [f"i [will] {name}", f"[i choose] [the] {name} reaction", f"{name} (him|her|them)"]
        if is_command(name.lower()):
            unclear[Answer.of(AMBIGUOUS, reaction=name)] = [name]
        else:
            own.insert(0, name)
        choices[Answer(name)] = own
    labels = {Answer(name): name.lower() for name in offered}
    choices |= unclear
    return PhraseSet.from_templates(choices, labels=labels)


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


KEEP_OR_DISCARD = {
    YES: ["keep [it|the card|that card]", "i (keep|take) it", "[i will] keep it"],
    NO: ["discard [it|the card|that card]", "i discard it", "do not keep it", "throw it away"],
}
"""A kept card's question answered with its own verbs: "keep it", "discard it"."""

PLAY_OR_KEEP = {
    YES: ["play it [now]", "[i] play [it|the card] now", "i play it"],
    NO: ["not now", "later", "keep it [for later]", "i keep it"],
}
"""A kept city card offered in its city, answered with its own verbs: "play it", "later"."""
