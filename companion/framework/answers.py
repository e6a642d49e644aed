"""Answers: what a player meant, as a value with named slots.

A :class:`~companion.framework.phrases.PhraseSet` maps every phrase to the answer it stands for.
An answer is never a string to be taken apart later: "take card three" is
``Answer.of("take", place=3)``, "status of Zoe" is ``Answer.of("status", player="Zoe")``.
What is spoken back to a player ("Did you say take card three?") is always one of the
player's own phrases, never the answer itself.

>>> take = Answer.of("take", place=3)
>>> take.intent, take["place"]
('take', 3)
>>> take == Answer.of("take", place=3), take == Answer.of("take", place=4)
(True, False)
>>> Answer.of("roll for me").get("number") is None
True
>>> Answer.free("Ali Baba").words
'Ali Baba'
"""

from __future__ import annotations

from dataclasses import dataclass

SlotValue = str | int
NUMBER = "number"
"""The intent of a number said as an answer; its slot ``number`` holds the value."""
OUT_OF_RANGE = "out of range"
"""The intent of a number heard that the step does not allow ("seven" for a die): it is
understood, so the game can say what is allowed, but never offered as an option."""
YES_INTENT, NO_INTENT = "yes", "no"
"""The intents of the two answers to a yes-or-no question (see :data:`YES`, :data:`NO`)."""
FREE = "free"
"""The intent of an answer in the player's own words at a free step (a name, a city
dictated): its slot ``words`` holds them as typed or written down."""
AMBIGUOUS = "ambiguous"
"""The intent of words that mean two things at a step ("help" where Help is also a
reaction): understood, so the game can ask which was meant, never offered as an option."""


@dataclass(frozen=True)
class Answer:
    """One answer: an intent ("take", "roll for me", "Aladdin") and its named slots."""

    intent: str
    slots: tuple[tuple[str, SlotValue], ...] = ()
    """The slots as sorted ``(name, value)`` pairs, so equal answers are equal values."""

    @classmethod
    def of(cls, intent: str, **slots: SlotValue) -> Answer:
        """``Answer.of("play", card="Palace")``."""
        return cls(intent, tuple(sorted(slots.items())))

    @classmethod
    def number(cls, value: int) -> Answer:
        """A number said as an answer: ``Answer.number(4)``."""
        return cls.of(NUMBER, number=value)

    @property
    def offered(self) -> bool:
        """Whether the answer is listed among a step's options (out-of-range and ambiguous
        ones are not)."""
        return self.intent not in (OUT_OF_RANGE, AMBIGUOUS)

    @classmethod
    def free(cls, words: str) -> Answer:
        """Words said or typed at a free step: ``Answer.free("Ali Baba")``."""
        return cls.of(FREE, words=words)

    @property
    def words(self) -> str:
        """The words of a free answer (:meth:`free`); KeyError for any other answer."""
        return str(self["words"])

    def __getitem__(self, name: str) -> SlotValue:
        for slot, value in self.slots:
            if slot == name:
                return value
        raise KeyError(f"answer {self.intent!r} has no slot {name!r}")

    def written(self) -> tuple[str, ...]:
        """The intent and the slot values as the game writes them (names keep capitals).

        >>> Answer.of("status", player="Zoe").written()
        ('status', 'Zoe')
        """
        return (self.intent, *(str(value) for _, value in self.slots))

    def get(self, name: str, default: SlotValue | None = None) -> SlotValue | None:
        """The slot ``name``, or ``default`` when this answer has none."""
        return dict(self.slots).get(name, default)


YES = Answer(YES_INTENT)
"""Yes, to a yes-or-no question (the session's confirmations and a game's own)."""
NO = Answer(NO_INTENT)
"""No, to a yes-or-no question."""
