"""The engine dispatcher: an :class:`Engine` (the command line's ``--engine``) in, a
:class:`Recognizer` out.

Each engine lives in its own module under :mod:`companion.voice.engines` and is imported
only when chosen; ``auto`` prefers Vosk (with whisper re-hearing its unsure answers
when whisper is installed), then whisper, then pocketsphinx, which is always there.

>>> try:
...     make_recognizer("wav2vec")
... except UnknownEngineError as error:
...     print(error)
unknown speech engine 'wav2vec': choose auto, vosk, whisper, pocketsphinx
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np

from companion.framework.answers import Answer
from companion.framework.phrases import PhraseSet
from companion.voice.engines import Engine
from companion.voice.recognition import ModelMissingError, Recognition, Recognizer


class UnknownEngineError(ValueError):
    """The named speech engine does not exist."""


def engine_named(name: str) -> Engine:
    """The :class:`Engine` called ``name`` (:class:`UnknownEngineError` when none is)."""
    try:
        return Engine(name)
    except ValueError:
        choices = ", ".join(Engine)
        raise UnknownEngineError(f"unknown speech engine {name!r}: choose {choices}") from None


def make_recognizer(
    engine: Engine | str = Engine.AUTO, model: str | Path | None = None, language: str = "en"
) -> Recognizer:
    """The chosen recogniser, or for AUTO the best one installed with its model.

    Another ``language`` than English is heard by multilingual whisper base, whatever
    the engine asked for: the other engines' models here are English.
    """
    chosen = engine_named(engine)
    if language != "en":
        return _multilingual_whisper(language)
    return RECOGNIZERS[chosen](model)


def _vosk(model: str | Path | None) -> Recognizer:
    from companion.voice.engines.vosk import VoskRecognizer

    return VoskRecognizer(model)


def _whisper() -> Recognizer:
    """Whisper that learns each player's voice from their confirmed answers, with whisper
    base re-hearing the rolls it is unsure of when base is installed."""
    from companion.voice.adaptation import LearningRecognizer
    from companion.voice.engines.whisper_cascade import RehearingWhisper

    return LearningRecognizer(RehearingWhisper.installed())


def _multilingual_whisper(language: str) -> Recognizer:
    from companion.voice.adaptation import LearningRecognizer
    from companion.voice.engines.whisper import WhisperRecognizer, multilingual_model_dir

    return LearningRecognizer(WhisperRecognizer(multilingual_model_dir(), language=language))


def _pocketsphinx() -> Recognizer:
    from companion.voice.engines.pocketsphinx import PocketSphinxRecognizer

    return PocketSphinxRecognizer()


def _auto(model: str | Path | None) -> Recognizer:
    from companion.voice.engines.vosk import VoskRecognizer

    try:
        whisper: Recognizer | None = _whisper()
    except ModelMissingError:
        whisper = None
    try:
        vosk = VoskRecognizer(model)
    except ModelMissingError:
        return whisper or _pocketsphinx()
    return CheckedRecognizer(vosk, whisper) if whisper else vosk


RECOGNIZERS: dict[Engine, Callable[[str | Path | None], Recognizer]] = {
    Engine.AUTO: _auto,
    Engine.VOSK: _vosk,
    Engine.WHISPER: lambda _model: _whisper(),
    Engine.POCKETSPHINX: lambda _model: _pocketsphinx(),
}
"""Each engine's maker, given the ``--model`` folder (only Vosk reads it)."""


class CheckedRecognizer:
    """A fast engine whose answers below ``trust`` are re-heard by a second engine.

    When both agree the answer is clear; when they disagree the second opinion is
    kept, capped below the accept threshold, so the session asks before acting.
    """

    def __init__(self, fast: Recognizer, second: Recognizer, trust: float = 0.9) -> None:
        self.fast, self.second, self.trust = fast, second, trust
        self.name = f"{fast.name}+{second.name}"

    def recognize(self, samples: np.ndarray, phrases: PhraseSet) -> Recognition:
        first = self.fast.recognize(samples, phrases)
        if first.confidence >= self.trust:
            return first
        other = self.second.recognize(samples, phrases)
        if not other.text:
            return Recognition(first.text, min(first.confidence, 0.3))
        if _value(phrases, other.text) == _value(phrases, first.text):
            return Recognition(other.text, max(first.confidence, other.confidence))
        return Recognition(other.text, min(other.confidence, 0.7))


def _value(phrases: PhraseSet, text: str) -> Answer | None:
    match = phrases.match(text)
    return match.value if match else None
