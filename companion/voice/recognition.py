"""What every speech engine gives back, and the protocol they share.

An engine hears one utterance (16 kHz mono float32) restricted to the phrases allowed
now and returns a :class:`Recognition`: the phrase and a confidence calibrated so that
the session's thresholds mean the same thing whatever the engine (0.80 and up is a
clear answer, 0.45 to 0.80 is worth a "did you say ...?", below is chatter).

>>> Recognition("five", 0.9).confidence
0.9
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

import numpy as np

from companion.framework.answers import Answer
from companion.framework.phrases import PhraseSet
from companion.voice.audio import AudioUnavailable


@dataclass(frozen=True)
class Recognition:
    """One utterance as an engine heard it."""

    text: str
    """The phrase decoded ("" when nothing at all was heard)."""
    confidence: float
    """0 to 1: how sure the engine is that ``text`` was said."""


@dataclass(frozen=True)
class Candidates:
    """What an engine heard, with its score of each answer and the utterance's vector."""

    text: str
    """The engine's own first choice (a phrase text)."""
    confidence: float
    """The engine's own calibrated confidence in ``text``."""
    scores: dict[Answer, float]
    """Answer value -> the engine's log probability of it (answers it dropped are missing)."""
    vector: np.ndarray
    """The utterance as one vector (see :mod:`companion.voice.adaptation`)."""
    transcript: str = ""
    """What the engine wrote on its own, free of the step's phrases ("" if it cannot)."""
    near_decoy: bool = False
    """A word that sounds like an answer but is none ("tree" for "three") scored about as
    well as the answer: more likely table talk, whatever else says the answer."""
    command: str | None = None
    """A global command's phrase worth asking back when nothing else is: heard clearly when
    the commands alone were searched again (whisper, at a step too big for its prompt; see
    :func:`companion.voice.confidence.command_alone`)."""


class Recognizer(Protocol):
    """Hears one utterance, restricted to the phrases allowed at this step."""

    name: str

    def recognize(self, samples: np.ndarray, phrases: PhraseSet) -> Recognition:
        """``samples``: 16 kHz mono float32. ``phrases``: every phrase allowed now."""


@runtime_checkable
class Dictating(Protocol):
    """A recogniser that can also write down a free answer (whisper): a player's name."""

    def dictate(self, samples: np.ndarray) -> str:
        """What was said, free text; empty when nothing was heard."""


class ModelMissingError(AudioUnavailable):
    """A speech engine's model is not installed; the message says how to get it."""


CHATTER = 0.2
"""Confidence given to what is recognisably not one answer."""
