"""Named phrase sets for ``companion hear --expect`` and the benchmarks.

Each is what a game step would accept, plus the session's global commands, so that a
test of the microphone hears exactly what a game would: the dice are the game kit's own
(:mod:`companion.framework.kit`), the same phrases every game's roll step builds on, and the
Destiny Die's are the Reader's own.
"""

from __future__ import annotations

from companion.framework.dialogue import YES_NO
from companion.framework.kit import DICE_TEMPLATES, number_phrases
from companion.framework.phrases import PhraseSet
from companion.games.arabian_nights.dialogue.phrases import DESTINY_PHRASES
from companion.session.ports import global_commands

EXPECTATIONS: dict[str, PhraseSet] = {
    # One to six only: the benchmarks measure the roll itself, not "seven" refused.
    "dice": number_phrases(1, 6, DICE_TEMPLATES, range(1, 7)),
    "digits": number_phrases(0, 9, DICE_TEMPLATES, range(10)),
    "yesno": YES_NO,
    "destiny": DESTINY_PHRASES,
}
"""Answers only, without the global commands."""


def expected_phrases(name: str) -> PhraseSet:
    """The answers named ``name`` plus the global commands, as a game step hears them."""
    if name not in EXPECTATIONS:
        raise KeyError(f"no phrase set named {name!r}: choose {', '.join(EXPECTATIONS)}")
    return EXPECTATIONS[name] | global_commands(())
