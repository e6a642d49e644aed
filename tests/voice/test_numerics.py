"""Whisper decides the same under another BLAS kernel (issue 26).

numpy's matrix products run in OpenBLAS, whose kernel depends on the CPU (or on
``OPENBLAS_CORETYPE``, which some machines set): with the mel filter bank multiplied in
float32, two die rolls flipped from rejected to wrong. The test suite's die rolls are
heard again in a process under another kernel, and every answer and confidence must be
the same. bench/bench_numerics.py measures the other settings (threads, CTranslate2's
ISA and backend, compute type).

Whisper's thread count is the machine's (one per core up to four: a Raspberry Pi 4 needs
its four), so the same rolls must be decided alike on one thread and on four.
"""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli.expectations import expected_phrases
from companion.voice.audio import read_wav
from testkit.corpus import DIE_WORDS, SHARED_SPEECH, judge, labelled_clips, spread

KERNELS = {"x86_64": ("Haswell", "Sandybridge"), "aarch64": ("ARMV8", "CORTEXA57")}
"""Two OpenBLAS kernels every CPU of that architecture the project targets can run."""


def suite_rolls() -> list[Path]:
    """The die rolls of the recognition tests (tests/voice/test_recognition.py)."""
    clips = spread(labelled_clips("speech_commands", DIE_WORDS), 3) + spread(
        labelled_clips("fsdd", DIE_WORDS), 3
    )
    return [clip.path for clip in clips]


def heard_rolls(recognizer) -> list[list]:
    """The answer and confidence of each die roll of the recognition tests."""
    dice = expected_phrases("dice")
    clips = suite_rolls()
    heard = (recognizer.recognize(read_wav(clip), dice) for clip in clips)
    return [[recognition.text, recognition.confidence] for recognition in heard]


def blas_kernel() -> str:
    """The OpenBLAS kernel numpy runs in this process."""
    threadpoolctl = pytest.importorskip("threadpoolctl")
    import numpy  # noqa: F401 - loads OpenBLAS

    kernels = [
        info.get("architecture")
        for info in threadpoolctl.threadpool_info()
        if info.get("internal_api") == "openblas"
    ]
    if not kernels:
        pytest.skip("numpy does not use OpenBLAS here")
    return kernels[0]


CHILD = """
import json
from companion.voice.engines.whisper import WhisperRecognizer
from tests.voice.test_numerics import blas_kernel, heard_rolls
print(json.dumps([blas_kernel(), heard_rolls(WhisperRecognizer())]))
"""


def test_die_rolls_are_heard_the_same_under_another_blas_kernel(whisper, shared_speech):
    kernels = KERNELS.get(platform.machine())
    if kernels is None:
        pytest.skip(f"no two OpenBLAS kernels known for {platform.machine()}")
    here = blas_kernel()
    other = kernels[1] if here.lower() == kernels[0].lower() else kernels[0]
    environment = os.environ | {"OPENBLAS_CORETYPE": other}
    done = subprocess.run(
        [sys.executable, "-c", CHILD],
        capture_output=True,
        text=True,
        env=environment,
        cwd=Path(__file__).resolve().parents[2],
        check=True,
    )
    kernel, there = json.loads(done.stdout.splitlines()[-1])
    assert kernel.lower() != here.lower(), f"OPENBLAS_CORETYPE={other} still ran {here}"
    assert there == heard_rolls(whisper), f"{here} and {kernel} hear the rolls differently"


NEAR_A_DECISION = (
    "4_nicolas_5.wav", "4_george_5.wav", "6_yweweler_8.wav", "6_nicolas_12.wav",  # base settles
    "3_nicolas_5.wav", "3_nicolas_11.wav",  # base corroborates tiny
    "6_nicolas_7.wav", "2_nicolas_8.wav", "8_yweweler_12.wav", "7_jackson_12.wav",  # asked back
)  # fmt: skip
"""FSDD clips whose decision involves whisper base, or that are asked back or rejected."""


def test_die_rolls_are_decided_the_same_on_one_thread_and_on_four(rehearing_whisper, shared_speech):
    """Tiny and base as shipped, on one thread and on four: every verdict the same (on the
    machine the thresholds were chosen on the scores are the same to the bit)."""
    from companion.voice.engines.whisper import WhisperRecognizer, multilingual_model_dir
    from companion.voice.engines.whisper_cascade import RehearingWhisper

    dice = expected_phrases("dice")
    fsdd = SHARED_SPEECH / "fsdd" / "recordings"
    clips = suite_rolls() + [fsdd / name for name in NEAR_A_DECISION]
    decided = []
    for threads in (1, 4):
        tiny = WhisperRecognizer(threads=threads)
        base = WhisperRecognizer(multilingual_model_dir(), threads=threads, language="en")
        cascade = RehearingWhisper(tiny, base)
        decided.append([judge(cascade.recognize(read_wav(clip), dice), dice) for clip in clips])
    assert cascade.reheard >= len(NEAR_A_DECISION) - 2
    moved = [clip.name for clip, one, four in zip(clips, *decided, strict=True) if one != four]
    assert not moved, f"decided otherwise on one thread and on four: {moved}"
