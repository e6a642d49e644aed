"""Voice activity: is there speech in this audio at all?

>>> has_speech(np.zeros(RATE, np.float32))
False
"""

from __future__ import annotations

import math

import numpy as np

from companion.voice.audio import RATE


def has_speech(samples: np.ndarray, frame: int = RATE // 40) -> bool:
    """Whether the level rises and falls like speech: the loudest 25 ms frame at least
    MIN_RANGE_DB above the quietest tenth. Steady hiss and silence do not (the encoder
    is fed a level-normalised clip, where hiss would look like a loud mumble).
    """
    count = len(samples) // frame
    if count < 4:
        return False
    levels = np.sqrt(np.mean(samples[: count * frame].reshape(count, frame) ** 2, axis=1))
    quiet = float(np.percentile(levels, 10)) + 1e-9
    return bool(20 * math.log10(float(levels.max()) / quiet + 1e-12) >= MIN_RANGE_DB)


MIN_RANGE_DB = 4.0
"""Every human clip here spans at least 5.7 dB between loud and quiet frames; hiss 0.9 dB."""
