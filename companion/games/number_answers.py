"""Numbers said out of range: heard as such, so the step can say what is allowed.

A step that accepts "one" to "six" also hears "seven", as the answer ``out of range:7``;
the dialogue then refuses it with what is allowed ("a die shows one to six") instead of
not catching it at all.

>>> dice = numbers_said(range(1, 7), ["{n}", "i rolled a {n}"])
>>> dice.match("I rolled a 5").value, dice.match("seven").value
('5', 'out of range:7')
>>> out_of_range("out of range:7"), out_of_range("5")
(7, None)
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.phrases import Phrase, PhraseSet

OUT_OF_RANGE = "out of range:"
HEARD = range(0, 21)
"""The numbers a step hears, allowed or not."""


def numbers_said(
    allowed: Iterable[int], templates: Iterable[str] = ("{n}",), heard: Iterable[int] = HEARD
) -> PhraseSet:
    """The ``allowed`` numbers as answers, and the other ``heard`` ones as out of range."""
    allowed = list(allowed)
    templates = list(templates)
    outside = PhraseSet.numbers([n for n in heard if n not in allowed], templates)
    refused = tuple(Phrase(p.text, OUT_OF_RANGE + p.value) for p in outside.phrases)
    return PhraseSet.numbers(allowed, templates) | PhraseSet(refused)


def out_of_range(value: str) -> int | None:
    """The number of an out-of-range answer, or None for any other answer."""
    if value.startswith(OUT_OF_RANGE):
        return int(value.removeprefix(OUT_OF_RANGE))
    return None
