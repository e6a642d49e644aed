"""The examples in the framework's docstrings are run, so they cannot drift from the code."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "companion.phrases",
    "companion.dialogue",
    "companion.saves",
    "companion.packs",
    "companion.voice.speakers",
    "companion.voice.model_fetch",
    "companion.wording",
    "companion.chronicle",
    "companion.games.arabian_nights.phrasing",
    "companion.games.arabian_nights.encounter",
    "companion.voice.audio",
    "companion.voice.corpus",
    "companion.voice.grammars",
    "companion.voice.recognizers",
    "companion.voice.recognition",
    "companion.voice.confidence",
    "companion.voice.vad",
    "companion.voice.engines.whisper",
    "companion.voice.engines.vosk",
    "companion.hearing",
    "companion.asking",
    "companion.voice.adaptation",
    "companion.telling",
    "companion.games.scheherazade.telling",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
