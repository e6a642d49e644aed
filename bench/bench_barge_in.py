"""Can a spoken "stop" be heard while the companion reads (barge-in), without echo
cancellation? The microphone would hear the companion's own voice (the echo) with the
player's word on top. Windows of 1.6 s of the companion reading (espeak-ng) are mixed
with a player's "stop" or "skip" (another espeak-ng voice and human "stop" clips when
../shared/speech/ is there) at several levels against the echo, and whisper is asked
whether the window holds a "stop reading" command, as the session would ask it. A
player across the table from a loudspeaker next to the microphone is about 10 dB below
the echo.

    scripts/bench bench/bench_barge_in.py
    scripts/bench bench/bench_barge_in.py --echo-cancel

``--echo-cancel`` measures the same on the virtual table's stream through PulseAudio's
echo canceller (``module-echo-cancel``, WebRTC): the companion reads into the
canceller's sink, a player says "stop" into the room at the given levels, and whisper
hears 1.8 s from the canceller's source (and, to compare, from the raw microphone).
The echo path there is digital (a loopback), the canceller's best case.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.session.ports import ACCEPT_CONFIDENCE, global_commands  # noqa: E402
from companion.voice.audio import RATE, read_wav, write_wav  # noqa: E402
from companion.voice.engines.whisper import WhisperRecognizer  # noqa: E402
from testkit.corpus import SHARED_SPEECH, espeak_clip, labelled_clips  # noqa: E402
from testkit.virtual_table import ROOM, SPEAKER, VirtualTable  # noqa: E402

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


def taken_for_stop(whisper: WhisperRecognizer, phrases, samples: np.ndarray) -> bool:
    """Whether the session would act on ``samples`` as "stop reading"."""
    result = whisper.recognize(samples, phrases)
    return result.confidence >= ACCEPT_CONFIDENCE and is_stop(phrases, result.text)


def halves(samples: np.ndarray) -> list[np.ndarray]:
    """Windows of ``samples``, each overlapping the next by half."""
    return [samples[at : at + WINDOW] for at in range(0, len(samples) - WINDOW, WINDOW // 2)]


def player_words() -> list[np.ndarray]:
    words = [espeak_clip(word, "en-gb+m7") for word in ("stop", "skip", "stop reading")]
    if SHARED_SPEECH.is_dir():
        words += [read_wav(clip.path) for clip in labelled_clips("speech_commands", ["stop"])[:6]]
    return words


def main() -> None:
    whisper = WhisperRecognizer()
    phrases = global_commands(())
    echo = espeak_clip(READING, "en-us", words_per_minute=175)
    windows = halves(echo)
    false = sum(taken_for_stop(whisper, phrases, window) for window in windows)
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
            tried += 1
            heard += taken_for_stop(whisper, phrases, window)
        print(f"player {ratio_db:+d} dB against the echo: stop heard in {heard} of {tried}")


def stream_windows(table: VirtualTable, echo: np.ndarray, word, ratio_db: float) -> dict:
    """The companion reads ``echo`` into the canceller while ``word`` (or nothing) is said
    into the room 2 s in; what the canceller's and the raw microphone heard from then."""
    reading = table.folder / "reading.wav"
    write_wav(str(reading), echo)
    recordings = {"cancelled": table.record("aec_mic"), "raw": table.record(f"{ROOM}.monitor")}
    time.sleep(0.3)
    started = time.perf_counter()
    companion = subprocess.Popen(["paplay", "--device=aec_out", str(reading)], env=table.env)
    if word is not None:
        time.sleep(2.0)
        table.say(word / level(word) * level(echo) * 10 ** (ratio_db / 20))
    companion.wait()
    time.sleep(0.3)
    heard = {}
    for name, recording in recordings.items():
        recording.stop()
        heard[name] = recording.since(started + (1.8 if word is not None else 0.0))
    return heard


def echo_cancelled(whisper: WhisperRecognizer, phrases) -> None:
    echo = espeak_clip(READING, "en-us", words_per_minute=175)
    with VirtualTable.open() as table:
        table._run("pactl", "load-module", "module-echo-cancel", f"source_master={ROOM}.monitor",
                   f"sink_master={SPEAKER}", "source_name=aec_mic", "sink_name=aec_out",
                   "aec_method=webrtc", "rate=16000", "channels=1")  # fmt: skip
        alone = stream_windows(table, echo, None, 0)
        for name, samples in alone.items():
            windows = halves(samples)
            taken = sum(taken_for_stop(whisper, phrases, window) for window in windows)
            loudness = 20 * np.log10(level(samples))
            print(f"echo alone, {name}: {loudness:.0f} dBFS, "
                  f"{taken} of {len(windows)} windows taken for stop")  # fmt: skip
        for ratio_db in (0, -10):
            heard = {"cancelled": 0, "raw": 0}
            words = player_words()
            for word in words:
                for name, samples in stream_windows(table, echo, word, ratio_db).items():
                    heard[name] += taken_for_stop(whisper, phrases, samples[: int(1.8 * RATE)])
            print(f"player {ratio_db:+d} dB against the echo: stop heard {heard} of {len(words)}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--echo-cancel", action="store_true", help="on the virtual table's stream")
    if parser.parse_args().echo_cancel:
        echo_cancelled(WhisperRecognizer(), global_commands(()))
    else:
        main()
