"""Vosk (Kaldi) with a per-step phrase grammar, ``[unk]`` and word confidences."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

from companion.framework.phrases import PhraseSet
from companion.voice.audio import RATE, to_pcm16
from companion.voice.grammars import UNKNOWN, EmptyGrammarError, vosk_grammar
from companion.voice.recognition import CHATTER, ModelMissingError, Recognition

VOSK_MODEL_HINT = (
    "Get the English model with scripts/fetch-model (on a connected machine) or pass --model DIR."
)


def find_vosk_model(model: str | Path | None = None) -> Path:
    """The Vosk model directory: ``model`` if given, else the first one in ``models/``."""
    if model is not None:
        path = Path(model)
        if not (path / "am").is_dir() and not (path / "final.mdl").exists():
            raise ModelMissingError(f"{path} is not a Vosk model directory. {VOSK_MODEL_HINT}")
        return path
    models = Path(__file__).resolve().parents[3] / "models"
    for candidate in sorted(models.glob("vosk-model*")):
        if (candidate / "am").is_dir():
            return candidate
    raise ModelMissingError(f"No Vosk model in {models}. {VOSK_MODEL_HINT}")


class VoskRecognizer:
    """Vosk (Kaldi) with a per-step phrase grammar, ``[unk]`` and word confidences."""

    name = "vosk"

    def __init__(self, model: str | Path | None = None) -> None:
        try:
            import vosk
        except ImportError:
            raise ModelMissingError(
                "Vosk is not installed: pip install 'tales-companion[vosk]'."
            ) from None
        vosk.SetLogLevel(-1)
        path = find_vosk_model(model)
        try:
            self._model = vosk.Model(str(path))
        except Exception as error:  # vosk raises a bare Exception for a bad model
            raise ModelMissingError(f"Vosk cannot load {path} ({error}).") from None
        self._vosk = vosk
        self.has_unknown = self.knows(UNKNOWN)

    def knows(self, word: str) -> bool:
        return self._model.vosk_model_find_word(word) != -1

    def recognize(self, samples: np.ndarray, phrases: PhraseSet) -> Recognition:
        try:
            grammar = vosk_grammar(phrases, self.knows, unknown=self.has_unknown)
        except EmptyGrammarError:
            return Recognition("", 0.0)
        recognizer = self._vosk.KaldiRecognizer(self._model, RATE, grammar)
        recognizer.SetWords(True)
        recognizer.AcceptWaveform(to_pcm16(samples))
        recognition = vosk_recognition(json.loads(recognizer.FinalResult()).get("result", []))
        if recognition.text and recognition.text not in {p.text for p in phrases.phrases}:
            # Vosk's grammar lets phrases follow each other: a string of them is chatter.
            return Recognition(recognition.text, min(recognition.confidence, CHATTER))
        return recognition


def vosk_recognition(words: list[dict[str, Any]]) -> Recognition:
    """A phrase and confidence from Vosk's word list; ``[unk]`` anywhere means chatter.

    >>> vosk_recognition([{"word": "five", "conf": 0.9}])
    Recognition(text='five', confidence=0.9)
    >>> vosk_recognition([{"word": "[unk]", "conf": 1.0}, {"word": "five", "conf": 1.0}])
    Recognition(text='five', confidence=0.2)
    """
    heard = [word for word in words if word["word"] != UNKNOWN]
    if not heard:
        return Recognition("", 0.0)
    confidence = min(float(word["conf"]) for word in heard)
    if len(heard) < len(words):
        confidence = min(confidence, CHATTER)
    return Recognition(" ".join(word["word"] for word in heard), round(confidence, 4))
