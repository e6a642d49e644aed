"""Named phrase sets for ``companion hear --expect`` and the benchmarks.

Each is what a game step would accept, plus the session's global commands, so that a
test of the microphone hears exactly what a game would.
"""

from __future__ import annotations

from companion.dialogue import YES_NO
from companion.hearing import global_commands
from companion.phrases import PhraseSet, with_synonyms

DICE_TEMPLATES = ("{n}", "[i] roll[ed] [a] {n}", "it is [a] {n}")

EXPECTATIONS: dict[str, PhraseSet] = {
    "dice": PhraseSet.numbers(range(1, 7), DICE_TEMPLATES),
    "digits": PhraseSet.numbers(range(10), DICE_TEMPLATES),
    "yesno": YES_NO,
    "destiny": PhraseSet.from_templates(
        {sign: with_synonyms(sign) for sign in ("plus", "minus", "blank")},
        labels={"plus": "plus", "minus": "minus", "blank": "blank"},
    ),
}
"""Answers only, without the global commands."""


def expected_phrases(name: str) -> PhraseSet:
    """The answers named ``name`` plus the global commands, as a game step hears them."""
    if name not in EXPECTATIONS:
        raise KeyError(f"no phrase set named {name!r}: choose {', '.join(EXPECTATIONS)}")
    return EXPECTATIONS[name] | global_commands(())
