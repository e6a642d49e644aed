"""The confidence model of the whisper phrase search: how sure it is of its winner.

The search (:mod:`companion.voice.engines.whisper`) leaves one :class:`Hypothesis` per
allowed phrase it kept; :func:`confidence_from_search` turns them and the decoder's
own free transcript into a :class:`~companion.voice.recognition.Recognition` whose
confidence is a logistic model fitted on real human clips.

>>> squash(0.0, centre=0.0, width=1.0)
0.5
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from companion.framework.answers import Answer
from companion.framework.phrases import PhraseSet, normalize
from companion.session.ports import said_as_numbers
from companion.voice.recognition import CHATTER, Recognition


@dataclass(frozen=True)
class Hypothesis:
    """A partly or wholly written phrase in the whisper search."""

    tokens: tuple[int, ...]
    logp: float
    """Log probability of the tokens so far."""
    shortfall: float
    """Sum over tokens of (decoder's favourite token log p - this token's log p)."""


def squash(value: float, centre: float, width: float) -> float:
    """A logistic curve from 0 to 1, 0.5 at ``centre``."""
    return 1 / (1 + math.exp(-(value - centre) / width))


def confidence_from_search(
    finished: dict[str, Hypothesis],
    phrases: PhraseSet,
    free: str,
    accept_margin: float | None = None,
) -> Recognition:
    """Best phrase, and the probability that it is what was said.

    ``finished`` may also hold decoys: texts that are not allowed phrases but sound like
    one (see :func:`decoys_for`). A decoy scored close to the best phrase, or above it,
    means the utterance was more likely the decoy ("tree" for "three"): the confidence
    is then at most CHATTER, rejected.

    Three measures, combined by a logistic model fitted on a tuning half of the human
    clips (bench/bench_recognition.py reports the other half): how far the winning
    answer beats the best other answer (nats), how far its tokens fell short of the
    decoder's own favourites, and whether the decoder's free transcript is clearly
    this answer too. Chatter fails the last two: whisper writes "tree", not "three".
    """
    value_of = {phrase.text: phrase.value for phrase in phrases.phrases}
    decoys = [hypothesis.logp for text, hypothesis in finished.items() if text not in value_of]
    finished = {text: hypothesis for text, hypothesis in finished.items() if text in value_of}
    per_value = scores_per_answer(finished, value_of)
    best_value = value_of[max(finished, key=lambda text: finished[text].logp)]
    free_match = phrases.match(normalize(free))
    least = ACCEPT_MARGIN if accept_margin is None else accept_margin
    undecided = said_as_numbers(phrases) and _margin(per_value, best_value) < least
    if (
        undecided
        and free_match is not None
        and free_match.clear
        and per_value.get(free_match.value, -math.inf) > per_value[best_value] - least
    ):
        best_value = free_match.value  # too close to call: what the decoder wrote itself
    best_text = best_phrase(finished, value_of, best_value)
    margin = _margin(per_value, best_value)
    best = finished[best_text]
    shortfall = best.shortfall - TOKEN_ALLOWANCE * (len(best.tokens) - 1)
    agrees = free_match is not None and free_match.value == best_value and free_match.clear
    evidence = (
        WEIGHTS["bias"]
        + WEIGHTS["margin"] * margin
        + WEIGHTS["shortfall"] * shortfall
        + WEIGHTS["agrees"] * agrees
    )
    confidence = round(squash(evidence, centre=0.0, width=1.0), 4)
    if undecided:
        confidence = min(confidence, UNDECIDED)
    if best.logp - max(decoys, default=-math.inf) < DECOY_MARGIN:
        confidence = min(confidence, CHATTER)
    return Recognition(best_text, confidence)


def command_alone(commanded: dict[str, Hypothesis], phrases: PhraseSet) -> str | None:
    """The global command worth asking back, from a search of the commands alone after a
    prompt of the commands alone (``commanded``: phrase text -> hypothesis), or None.

    At a step too big for whisper's prompt (Samarande's actions, card after card) the
    decoder expects a card, and a command said there is bent into one ("help" into
    "fifth") or pruned from the search ("undo" said "and you"). Heard after the commands
    alone, a command that whisper scores at :data:`ALONE_SCORE` or better and that beats
    every other command by :data:`ALONE_MARGIN` is worth asking back when nothing else is
    (:func:`companion.voice.adaptation.asked_when_clear`), never accepted: table talk
    bent into a command there scores lower (see docs/voice.md).

    >>> from companion.session.ports import global_commands
    >>> commands = global_commands(())
    >>> def heard(**logps):
    ...     return {text: Hypothesis((1,), logp, 0.0) for text, logp in logps.items()}
    >>> command_alone(heard(help=-3.8, pause=-8.9), commands)
    'help'
    >>> command_alone(heard(help=-3.8, pause=-4.9), commands) is None  # not clearly help
    True
    >>> command_alone(heard(stop=-7.0, pause=-12.0), commands) is None  # too unlikely
    True
    """
    value_of = {phrase.text: phrase.value for phrase in phrases.phrases}
    per_value = scores_per_answer(commanded, value_of)
    if not per_value:
        return None
    best = max(per_value, key=per_value.__getitem__)
    if per_value[best] < ALONE_SCORE or _margin(per_value, best) < ALONE_MARGIN:
        return None
    return best_phrase(commanded, value_of, best)


def scores_per_answer(
    heard: dict[str, Hypothesis], value_of: dict[str, Answer]
) -> dict[Answer, float]:
    """Each answer's score: the log of its phrases' summed probabilities (``heard``:
    phrase text -> hypothesis; a text that is no phrase of ``value_of``, a decoy, counts
    for no answer).

    >>> heard = {"four": Hypothesis((1,), -1.0, 0.0), "for": Hypothesis((2,), -1.0, 0.0)}
    >>> four = Answer.of("4")
    >>> scores_per_answer(heard, {"four": four}) == {four: -1.0}
    True
    """
    per_value: dict[Answer, float] = {}
    for text, hypothesis in heard.items():
        if (value := value_of.get(text)) is not None:
            per_value[value] = float(np.logaddexp(per_value.get(value, -math.inf), hypothesis.logp))
    return per_value


def best_phrase(heard: dict[str, Hypothesis], value_of: dict[str, Answer], value: Answer) -> str:
    """The phrase of ``value`` heard best."""
    return max((text for text in heard if value_of.get(text) == value),
               key=lambda text: heard[text].logp)  # fmt: skip


ALONE_SCORE = -5.5
"""Nats: the lowest score of a command asked back by :func:`command_alone`."""
ALONE_MARGIN = 2.0
"""Nats by which that command must beat every other command."""


def _margin(per_value: dict[Answer, float], value: Answer) -> float:
    """Nats by which ``value`` beats every other answer (negative when it trails)."""
    others = [logp for other, logp in per_value.items() if other != value]
    return min(per_value[value] - max(others, default=-math.inf), MAX_MARGIN)


ACCEPT_MARGIN = 2.8
"""Nats by which the best answer must beat every other, at a step whose answers are numbers
(a die roll), for whisper tiny to be sure of it. Closer than that, which of two answers wins
is decided by the machine's rounding (CTranslate2's kernels move a roll's scores by up to
0.4 nats, bench/bench_numerics.py), so the answer is asked back at most (UNDECIDED),
whatever the other measures say; and when the decoder's own free transcript clearly names
one of the close answers ("undo" a hair behind "two"), that one is asked back. Chosen on
the tuning half of the human rolls in the widest gap of tiny's margins below 4 nats (2.36
to 3.41), at least 0.44 nats from every clip there; 2.0 had four clips within 0.2."""
UNDECIDED = 0.6
"""The confidence of an answer closer than ACCEPT_MARGIN to another: asked back, never
accepted, and for a roll heard again by whisper base."""

NEAR_HOMOPHONES = {"three": ("tree",)}
"""Words that table talk says in place of an answer's word, and whisper tiny hears as the
answer: three of the five human "tree" clips were accepted as a roll of three."""
DECOY_MARGIN = 3.0
"""Nats by which the best phrase must beat every decoy (human "three" clips: 5.3 and
more when the decoy is scored at all; "tree" clips: -2.3 to 1.9, or the decoy pruned)."""


def decoys_for(phrases: PhraseSet) -> frozenset[str]:
    """The near-homophones of the phrases' words that are not words of the phrases.

    >>> sorted(decoys_for(PhraseSet.of("two", "three")))
    ['tree']
    >>> decoys_for(PhraseSet.of("three", "tree"))
    frozenset()
    """
    words = phrases.words()
    return frozenset(
        decoy
        for word in words & NEAR_HOMOPHONES.keys()
        for decoy in NEAR_HOMOPHONES[word]
        if decoy not in words
    )


MAX_MARGIN = 12.0
"""Nats: beyond this the winning answer cannot be any clearer."""
TOKEN_ALLOWANCE = 0.6
"""Nats allowed per token after the first: longer phrases have more to trail by."""
WEIGHTS = {"bias": -1.34, "margin": 0.105, "shortfall": -0.377, "agrees": 2.93}
"""Logistic weights, fitted on the tuning half of the human clips (a wrong answer counted
three times a right one, so that the session's 0.80 means rarely wrong). The phrase's
length is deliberately not a measure: the human clips are all one word long."""
