"""Can a spoken "stop" be heard while the companion reads (barge-in), without echo
cancellation? The microphone would hear the companion's own voice (the echo) with the
player's word on top. Windows of 1.6 s of the companion reading (espeak-ng) are mixed
with a player's "stop" or "skip" (another espeak-ng voice and human "stop" clips when
../shared/speech/ is there) at several levels against the echo, and whisper is asked
whether the window holds a "stop reading" command, as the session would ask it. A
player across the table from a loudspeaker next to the microphone is about 10 dB below
the echo.

    scripts/bench bench/bench_barge_in.py
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.hearing import ACCEPT_CONFIDENCE, global_commands  # noqa: E402
from companion.voice.audio import RATE, read_wav  # noqa: E402
from companion.voice.corpus import SHARED_SPEECH, espeak_clip, labelled_clips  # noqa: E402
from companion.voice.engines.whisper import WhisperRecognizer  # noqa: E402

READING = (
    "You wait patiently, and the storm grows calm. In the quiet that follows you find a "
    "purse dropped by some earlier traveller, and a tale to go with it. The road to Basra "
    "winds through the hills, where merchants rest their camels by the wells at dusk."
)
WINDOW = int(1.6 * RATE)


def level(samples: np.ndarray) -> float:
    return float(np.sqrt(np.mean(samples**2))) + 1e-9


def is_stop(phrases, text: str) -> bool:
    """Whether ``text`` is the "stop reading" command."""
    match = phrases.match(text) if text else None
    return match is not None and getattr(match.value, "intent", None) == "stop reading"


def player_words() -> list[np.ndarray]:
    words = [espeak_clip(word, "en-gb+m7") for word in ("stop", "skip", "stop reading")]
    if SHARED_SPEECH.is_dir():
        words += [read_wav(clip.path) for clip in labelled_clips("speech_commands", ["stop"])[:6]]
    return words


def main() -> None:
    whisper = WhisperRecognizer()
    phrases = global_commands(())
    echo = espeak_clip(READING, "en-us", words_per_minute=175)
    windows = [echo[start : start + WINDOW] for start in range(0, len(echo) - WINDOW, WINDOW // 2)]
    alone = [whisper.recognize(window, phrases) for window in windows]
    false = sum(r.confidence >= ACCEPT_CONFIDENCE and is_stop(phrases, r.text) for r in alone)
    print(f"echo alone: {false} of {len(windows)} windows taken for stop/skip")
    clean = sum(is_stop(phrases, whisper.recognize(word, phrases).text) for word in player_words())
    print(f"stop/skip said alone: heard {clean} of {len(player_words())}")
    words = player_words()
    for ratio_db in (0, -6, -10, -15):
        heard = tried = 0
        for index, word in enumerate(words):
            window = windows[index % len(windows)].copy()
            word = word[: WINDOW - RATE // 5]
            scale = level(window) * 10 ** (ratio_db / 20) / level(word)
            start = RATE // 5
            window[start : start + len(word)] += word * scale
            result = whisper.recognize(window, phrases)
            tried += 1
            heard += result.confidence >= ACCEPT_CONFIDENCE and is_stop(phrases, result.text)
        print(f"player {ratio_db:+d} dB against the echo: stop heard in {heard} of {tried}")


if __name__ == "__main__":
    main()
